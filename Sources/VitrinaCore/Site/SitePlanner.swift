import Foundation
import Synchronization

/// The site graph: every page of every feature, the navigation, and the 404 page.
/// El grafo del sitio: todas las páginas de cada función, la navegación y la página 404.
public struct SitePlanner: Sendable {
    let factory: PageFactory

    public init(factory: PageFactory) { self.factory = factory }

    public struct Plan: Sendable {
        public let pages: [Page]
        public let navigation: [PageRenderer.NavigationEntry]
        public let tools: [PageRenderer.NavigationEntry]
        public let searchRoute: (@Sendable (String) -> Route)?
        /// Data scripts for the client side (search index, characters).
        public let files: [DataFile]
        /// The page builders' factory, with where Markdown links lead.
        public var factory: PageFactory? = nil
        /// Files beside the Markdown and where they are published.
        public var published: [ContentLinks.Published] = []
        /// Notes about files left out (one would land on a page).
        public var notes: [String] = []
    }

    /// Every page once; two pages that would land on the same file are an error naming both.
    public func plan(_ data: SiteData) throws -> Plan {
        let pokemon = PokemonRoutes(factory: factory)
        let characters = CharacterRoutes(factory: factory)
        let store = StoreRoutes(factory: factory)
        let diary = DiaryRoutes(factory: factory)
        let docs = DocsRoutes(factory: factory)
        let showcase = ShowcaseRoutes(factory: factory)
        let sections = SectionRoutes(factory: factory)
        let hasDiary = !data.diary.isEmpty, hasDocs = !data.docs.isEmpty
        let root = data.sections ?? Section(folders: [], slugs: [], index: nil, pages: [], subsections: [], titles: [:])
        var linked = self.factory
        var notes: [String] = []
        (linked.links, notes) = Self.links(data, root: root, docs: docs, diary: diary, sections: sections, factory: linked)
        let factory = linked

        var navigation = [PageRenderer.NavigationEntry(key: "home", labelKey: "nav_home", route: { factory.route($0) })]
        var cards: [FeatureCard] = []
        var pages: [Page] = []
        var files: [DataFile] = []
        // Each feature's pages are built by its own job; the jobs run in parallel, their pages join in order.
        var jobs: [@Sendable () -> [Page]] = []
        var maps: [(titleKey: String, route: @Sendable (String) -> Route)] = []
        let media = data.inputs["media"].map { [$0] } ?? []
        let from = { (source: String) -> [BuildInput] in (data.inputs["source:\(source)"].map { [$0] } ?? []) + media }
        if let pokedex = data.pokedex {
            navigation.append(.init(key: "pokemon", labelKey: "nav_pokemon", route: pokemon.list))
            cards.append(FeatureCard(key: "pokemon", icon: "◓", route: pokemon.list))
            let inputs = from("pokeapi")
            jobs.append { PokemonPages(pokedex: pokedex, factory: factory).pages().map { $0.with(inputs: inputs) } }
        }
        if let multiverse = data.multiverse {
            navigation.append(.init(key: "characters", labelKey: "nav_characters", route: { characters.grid(page: 1, $0) }))
            cards.append(FeatureCard(key: "characters", icon: "◎", route: { characters.grid(page: 1, $0) }))
            let pageSize = factory.config.source("rickandmorty")?.pageSize ?? 20
            let builder = CharacterPages(multiverse: multiverse, factory: factory, pageSize: pageSize)
            let inputs = from("rickandmorty")
            jobs.append { builder.pages().map { $0.with(inputs: inputs) } }
            files += builder.dataFiles()
            maps.append(("map_characters_title", characters.map))
        }
        if let shop = data.store {
            navigation.append(.init(key: "store", labelKey: "nav_store", route: store.categories))
            cards.append(FeatureCard(key: "store", icon: "◈", route: store.categories))
            let inputs = from("fakestore")
            jobs.append { StorePages(store: shop, factory: factory).pages().map { $0.with(inputs: inputs) } }
        }
        if hasDiary {
            navigation.append(.init(key: "diary", labelKey: "nav_diary", route: diary.list))
            cards.append(FeatureCard(key: "diary", icon: "✎", route: diary.list))
            let entries = data.diary
            let inputs = media + entries.flatMap(\.inputs)
            jobs.append { DiaryPages(entries: entries, factory: factory).pages().map { $0.with(inputs: inputs) } }
            maps.append(("map_diary_title", diary.map))
        }
        if hasDocs {
            navigation.append(.init(key: "docs", labelKey: "nav_docs", route: docs.index))
            cards.append(FeatureCard(key: "docs", icon: "❑", route: docs.index))
            let documents = data.docs
            jobs.append { DocsPages(docs: documents, factory: factory).pages() }
        }
        let appScreens = factory.config.appScreens
        let menu = try Self.menu(root.subsections, names: factory.config.menu)
        for section in menu.shown {
            navigation.append(.init(key: section.slugs.first ?? "", labelKey: "", route: { sections.index(section, $0) },
                                    label: { section.title($0, defaultLanguage: factory.defaultLanguage) }))
        }
        if menu.more { navigation.append(.init(key: "more", labelKey: "nav_more", route: { factory.route($0) })) }
        jobs.append { SectionPages(root: root, factory: factory, rootIsHome: !appScreens).pages() }
        pages += Self.run(jobs)
        if appScreens {
            let albums = pages.filter { $0.kind == "album" }
            let home: @Sendable (String) -> Route = { factory.route($0) }
            let linkTarget: @Sendable (String) -> Route = hasDocs ? docs.index : home
            pages += ShowcasePages(factory: factory, profile: data.profile, maps: maps, linkTarget: linkTarget).pages(albums: albums)
            cards += [FeatureCard(key: "album", icon: "▦", route: showcase.albums), FeatureCard(key: "map", icon: "◉", route: showcase.maps),
                      FeatureCard(key: "favourites", icon: "♥", route: showcase.favourites), FeatureCard(key: "settings", icon: "⚙", route: showcase.settings),
                      FeatureCard(key: "components", icon: "◧", route: showcase.components)]
            if data.profile != nil { cards.append(FeatureCard(key: "profile", icon: "☺", route: showcase.profile)) }
            pages += HomePages(cards: cards, factory: factory).pages()
        }
        pages.append(notFoundPage())
        pages.sort { $0.route < $1.route }
        for (a, b) in zip(pages, pages.dropFirst()) where a.route == b.route {
            throw VitrinaError(.content, "two pages would both be written to \(a.route.file) (\(a.title) and \(b.title)); give one a different slug")
        }
        if appScreens { files += SearchIndex.files(for: pages, factory: factory) }
        let tools: [PageRenderer.NavigationEntry] = appScreens ? [
            .init(key: "favourites", labelKey: "nav_favourites", route: showcase.favourites),
            .init(key: "settings", labelKey: "nav_settings", route: showcase.settings),
        ] : []
        // A file beside the Markdown never replaces a page or a data script.
        let taken = Set(pages.map(\.route.file) + files.map(\.path))
        var published: [ContentLinks.Published] = []
        for file in factory.links.files.values.sorted(by: { $0.output < $1.output }) where file.copied {
            if taken.contains(file.output) {
                notes.append("Content/\(file.file.path) would be published as \(file.output), which a page already is; rename it")
            } else {
                published.append(file)
            }
        }
        return Plan(pages: pages, navigation: navigation, tools: tools, searchRoute: appScreens ? showcase.search : nil, files: files,
                    factory: factory, published: published, notes: notes)
    }

    /// Every Markdown page, folder index and file beside them, registered with the link resolver in each language.
    static func links(_ data: SiteData, root: Section, docs: DocsRoutes, diary: DiaryRoutes, sections: SectionRoutes,
                      factory: PageFactory) -> (ContentLinks, [String]) {
        var links = ContentLinks(defaultLanguage: factory.defaultLanguage)
        let languages = factory.languages
        func add(_ page: DocPage, route: (String) -> Route, folder: String? = nil) {
            links.addPage(page, routes: factory.alternates(route), defaultLanguage: factory.defaultLanguage, languages: languages, folder: folder)
        }
        links.addFolder("", files: [], routes: factory.alternates { factory.route($0) }, bodies: [:], sources: [])
        for section in root.all {
            let folder = section.folders.joined(separator: "/")
            if let index = section.index { add(index, route: { sections.index(section, $0) }, folder: folder) } else if !folder.isEmpty {
                links.addFolder(folder, files: [], routes: factory.alternates { sections.index(section, $0) }, bodies: [:], sources: [])
            }
            for page in section.pages { add(page, route: { sections.page(page, in: section, $0) }) }
        }
        if !data.docs.isEmpty { links.addFolder("docs", files: [], routes: factory.alternates(docs.index), bodies: [:], sources: []) }
        for page in data.docs { add(page, route: { docs.page(page, $0) }) }
        if !data.diary.isEmpty { links.addFolder("diary", files: [], routes: factory.alternates(diary.list), bodies: [:], sources: []) }
        for entry in data.diary {
            let versions = entry.versions.values.sorted { $0.language < $1.language }
            links.addPage(files: versions.map(\.file), routes: factory.alternates { diary.entry(entry, $0) },
                          bodies: Dictionary(uniqueKeysWithValues: languages.map { ($0, entry.version($0, defaultLanguage: factory.defaultLanguage).body) }),
                          sources: versions.map { ContentLinks.Source(display: $0.file, language: $0.language, body: $0.body) })
        }
        let folders = links.folderOutputs(factory.defaultLanguage)
        let notes = links.addFiles(data.files, outputFolder: { folders[$0] }, taken: links.pageFiles, media: data.mediaSources)
        return (links, notes)
    }

    /// The sections the header lists: those `menu:` names, or the first few; `more` when some are left out, for a
    /// link to the home page, which lists them all. A header of dozens of links helps no one, and would make every
    /// page grow with the number of sections.
    static func menu(_ sections: [Section], names: [String]?) throws -> (shown: [Section], more: Bool) {
        guard let names else { return (Array(sections.prefix(SiteConfig.menuLimit)), sections.count > SiteConfig.menuLimit) }
        let shown = try names.map { name in
            guard let section = sections.first(where: { $0.folders.last == name }) else {
                throw VitrinaError(.config, "Content/site.yml: menu names \(name), which is no folder of Content/; use some of: \(sections.compactMap(\.folders.last).joined(separator: ", "))")
            }
            return section
        }
        return (shown, shown.count < sections.count)
    }

    static func run(_ jobs: [@Sendable () -> [Page]]) -> [Page] {
        let results = Mutex<[Int: [Page]]>([:])
        DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
            let built = jobs[index]()
            results.withLock { $0[index] = built }
        }
        return results.withLock { all in jobs.indices.flatMap { all[$0] ?? [] } }
    }

    func notFoundPage() -> Page {
        let language = factory.defaultLanguage
        let view = NotFoundView(heading: factory.text("not_found_title", language), text: factory.text("not_found_text", language),
                                home: LinkView(href: "index.html", label: factory.text("nav_home", language)))
        return Page(route: Route(file: "404.html"), language: language, template: "404", title: view.heading, section: "",
                    alternates: [:], content: view, inSitemap: false)
            .with(inputs: [BuildInput(key: "not-found", fingerprint: "")])
    }
}

struct NotFoundView: Sendable { let heading: String; let text: String; let home: LinkView }
