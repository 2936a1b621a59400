import Foundation
import Synchronization

/// The site graph: every page of every feature, the navigation, and the 404 page.
/// El grafo del sitio: todas las páginas de cada función, la navegación y la página 404.
public struct SitePlanner: Sendable {
    let pageContext: PageContext

    public init(pageContext: PageContext) { self.pageContext = pageContext }

    public struct Plan: Sendable {
        public let pages: [Page]
        public let navigation: [PageRenderer.NavigationEntry]
        public let tools: [PageRenderer.NavigationEntry]
        public let searchRoute: (@Sendable (String) -> Route)?
        /// Data scripts for the client side (search index, characters).
        public let files: [DataFile]
        /// What the page builders used, with where Markdown links lead.
        public var pageContext: PageContext
        /// Files beside the Markdown and where they are published.
        public var published: [ContentLinks.Published] = []
        /// Notes about files left out (one would land on a page).
        public var notes: [String] = []
        /// The feeds of the diary and of the folders whose pages have dates, per language (none under `outputs: {feeds: false}`).
        public var feeds: [Feed] = []
        /// The UI strings the layout's and the features' scripts read from each page.
        public var scriptStrings: [String] = PageRenderer.layoutScriptStrings
    }

    /// Every page once; two pages that would land on the same file are an error naming both.
    public func plan(_ data: SiteData) throws -> Plan {
        var linked = self.pageContext
        var notes: [String] = []
        (linked.links, notes) = Self.links(data, pageContext: linked)
        let pageContext = linked

        var navigation = [PageRenderer.NavigationEntry(key: "home", labelKey: "nav_home", route: { pageContext.routes.route($0) })]
        var cards: [FeatureCard] = []
        var pages: [Page] = []
        var files: [DataFile] = []
        // Each feature's pages are built by its own job; the jobs run in parallel, their pages join in order.
        var jobs: [@Sendable () -> [Page]] = []
        var maps: [MapLink] = []
        var guide: (@Sendable (String) -> Route)?
        var scriptStrings = PageRenderer.layoutScriptStrings
        let inputs = FeatureInputs(media: data.mediaInput)
        for content in data.features {
            let part = content.contribution(pageContext: pageContext, inputs: inputs)
            navigation += part.navigation
            cards += part.cards
            if let job = part.pages { jobs.append(job) }
            files += part.dataFiles
            maps += part.maps
            guide = guide ?? part.guide
            scriptStrings += part.scriptStrings.filter { !scriptStrings.contains($0) }
        }
        pages += Self.run(jobs)
        // Taxonomies: their pages, and each tagged page's links to its terms and related pages.
        let taxonomies = try TaxonomyPlanner(pageContext: pageContext).plan(&pages)
        pages += taxonomies.pages
        navigation += taxonomies.navigation
        // Content that draws from the whole site (the app's screens) comes last, from what the others contributed.
        // El contenido que se dibuja a partir de todo el sitio (las pantallas de la app) va al final.
        var tools: [PageRenderer.NavigationEntry] = []
        var searchRoute: (@Sendable (String) -> Route)?
        let wholeSite = WholeSite(pages: pages, cards: cards, maps: maps, guide: guide)
        for content in data.features.compactMap({ $0 as? any WholeSiteContent }) {
            let part = content.contribution(drawnFrom: wholeSite, pageContext: pageContext)
            pages += part.pages
            tools += part.tools
            searchRoute = searchRoute ?? part.searchRoute
            scriptStrings += part.scriptStrings.filter { !scriptStrings.contains($0) }
        }
        pages.append(notFoundPage())
        // A site whose features bring no search page gets the core's, unless a page of its own is there.
        // Un sitio cuyas funciones no traen página de búsqueda recibe la del núcleo, salvo que una suya ocupe su sitio.
        if searchRoute == nil, pageContext.config.search {
            let routes = pageContext.routes
            let route: @Sendable (String) -> Route = { routes.route($0, "search") }
            let taken = Set(pages.map(\.route))
            if !routes.languages.contains(where: { taken.contains(route($0)) }) {
                pages += routes.languages.map { searchPage($0, route: route) }
                searchRoute = route
            }
        }
        if !pageContext.config.search { searchRoute = nil }
        pages.sort { $0.route < $1.route }
        for (a, b) in zip(pages, pages.dropFirst()) where a.route == b.route {
            throw VitrinaError(.content, "two pages would both be written to \(a.route.file) (\(a.title) and \(b.title)); give one a different slug")
        }
        // The scripts' strings, one file per language, beside the features' data scripts.
        // Los textos de los scripts, un fichero por idioma, junto a los scripts de datos de las funciones.
        files += pageContext.routes.languages.map { language in
            ScriptStrings.file(language: language, table: pageContext.strings.table(language), keys: scriptStrings)
        }
        // A file beside the Markdown never replaces a page or a data script.
        let taken = Set(pages.map(\.route.file) + files.map(\.path))
        var published: [ContentLinks.Published] = []
        for file in pageContext.links.files.values.sorted(by: { $0.output < $1.output }) where file.copied {
            if taken.contains(file.output) {
                notes.append("\(pageContext.config.contentFolder)/\(file.file.path) would be published as \(file.output), which a page already is; rename it")
            } else {
                published.append(file)
            }
        }
        // A feed never replaces a page, a data script or a file of Content/ (a folder's own atom.xml).
        // Un canal nunca sustituye una página, un script de datos ni un fichero de Content/.
        let occupied = taken.union(published.map(\.output))
        var feeds: [Feed] = []
        for feed in pageContext.config.outputs.feeds ? Feed.collect(pages, config: pageContext.config) : [] {
            if let path = [feed.atomPath, feed.jsonPath].first(where: occupied.contains) {
                notes.append("the feed \(path) is not written: a page or a file of \(pageContext.config.contentFolder)/ is published there")
            } else {
                feeds.append(feed)
            }
        }
        return Plan(pages: pages.shrunkToFit(), navigation: navigation, tools: tools, searchRoute: searchRoute, files: files,
                    pageContext: pageContext, published: published, notes: notes, feeds: feeds, scriptStrings: scriptStrings)
    }

    /// Every Markdown page, folder index and file beside them, registered with the link resolver in each language.
    static func links(_ data: SiteData, pageContext: PageContext) -> (ContentLinks, [String]) {
        var links = ContentLinks(defaultLanguage: pageContext.routes.defaultLanguage, contentFolder: pageContext.config.contentFolder)
        links.addFolder("", files: [], routes: pageContext.routes.alternates { pageContext.routes.route($0) }, bodies: [:], sources: [])
        for content in data.features { content.register(&links, pageContext: pageContext) }
        let folders = links.folderOutputs(pageContext.routes.defaultLanguage)
        // The pages' files are gathered only when there are files to keep off them (100,000 of them cost 0.1 s).
        let notes = links.addFiles(data.files, outputFolders: folders, taken: data.files.isEmpty ? [] : links.pageFiles, media: data.mediaSources,
                                   pictures: data.picturesBeside)
        return (links, notes)
    }

    package static func run(_ jobs: [@Sendable () -> [Page]]) -> [Page] {
        Parallel.map(jobs, slices: jobs.count) { $0.flatMap { $0() } }.flatMap { $0 }
    }

    /// The search page in `language`, for a site whose features bring none (`SearchIndex`).
    func searchPage(_ language: String, route: @escaping @Sendable (String) -> Route) -> Page {
        let text = { (key: String) in pageContext.strings.text(key, language) }
        let view = SearchPageView(heading: text("search_title"), intro: text("search_intro"))
        return Page(route: route(language), language: language, template: "search", title: view.heading, description: view.intro,
                    navigationKey: "search", alternates: pageContext.routes.alternates(route), content: view, inSitemap: false)
            .with(kind: "search")
            .with(inputs: [BuildInput(key: "search-page", fingerprint: "")])
    }

    func notFoundPage() -> Page {
        let language = pageContext.routes.defaultLanguage
        let view = NotFoundView(heading: pageContext.strings.text("not_found_title", language), text: pageContext.strings.text("not_found_text", language),
                                home: LinkView(href: "index.html", label: pageContext.strings.text("nav_home", language)))
        return Page(route: Route(file: "404.html"), language: language, template: "404", title: view.heading, navigationKey: "",
                    alternates: [:], content: view, inSitemap: false)
            .with(inputs: [BuildInput(key: "not-found", fingerprint: "")])
    }
}

struct NotFoundView: Sendable { let heading: String; let text: String; let home: LinkView }

/// The core's search page: its heading and intro; the search box's script fills it from `?q=`.
struct SearchPageView: Sendable { let heading: String; let intro: String }

extension SearchPageView: TemplateConvertible {
    var templateValue: TemplateValue { .object(["heading": .string(heading), "intro": .string(intro)]) }
}
