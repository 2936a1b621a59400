import VitrinaKit

/// Every folder of Markdown under `Content/` that no other feature owns, each drawn in its layout (`docs` or
/// `section`), with one loader, one page builder and one route scheme.
/// Cada carpeta de Markdown de `Content/` que no es de otra función, dibujada según su diseño (`docs` o `section`).
public struct FoldersFeature: Feature {
    public init() {}
    public var key: String { "folders" }

    public func load(_ context: FeatureContext) async throws -> (any LoadedFeature)? {
        var loader = FolderLoader(loader: context.documents, reserved: context.reserved, drafts: context.drafts)
        if context.config.docs != nil || !context.config.siteFile { loader.rootLayout = .docs }
        if context.config.docs?.generator == .mdbook { loader.skippedFiles = ["SUMMARY.md"] }
        let root = try await loader.load() ?? .empty
        let menu = try Self.menu(root.subsections, names: context.config.menu)
        var folders = MarkdownFolders(root: root, menu: menu.shown, more: menu.more)
        if let project = context.config.docs { folders.oldAddresses = OldAddresses(root: root, project: project) }
        // The pages' last changes, from git, when some folder is drawn as a book (its pages show them).
        if root.all.contains(where: { $0.layout == .docs }) || context.config.docs != nil || !context.config.siteFile {
            let read = GitChanges.read(siteDirectory: context.documents.siteDirectory, folder: context.documents.contentFolder)
            folders.changes = read.changes
            folders.shallowClone = read.shallow
        }
        return folders
    }

    /// The folders the header lists: those `menu:` names, or the first few; `more` when some are left out, for a
    /// link to the home page, which lists them all. A header of dozens of links helps no one, and would make every
    /// page grow with the number of folders.
    static func menu(_ sections: [MarkdownFolder], names: [String]?) throws -> (shown: [MarkdownFolder], more: Bool) {
        guard let names else { return (Array(sections.prefix(SiteConfig.menuLimit)), sections.count > SiteConfig.menuLimit) }
        let shown = try names.map { name in
            guard let section = sections.first(where: { $0.folders.last == name }) else {
                throw VitrinaError(.config, "Content/site.yml: menu names \(name), which is no folder of Content/; use some of: \(sections.compactMap(\.folders.last).joined(separator: ", "))")
            }
            return section
        }
        return (shown, shown.count < sections.count)
    }
}

/// The folders of Markdown as one tree, and the ones the header lists.
/// Las carpetas de Markdown como un árbol, y las que lista la cabecera.
public struct MarkdownFolders: LoadedFeature {
    /// `Content/` itself, whose pages sit at the site root.
    public let root: MarkdownFolder
    let menu: [MarkdownFolder]
    /// Some top-level folders are not in the header.
    let more: Bool
    /// Where each file's page lives, once a quick edit needed it.
    var fileIndex: FolderFileIndex?
    /// Each page file's last change from git (`GitChanges`).
    var changes: [String: SimpleDate] = [:]
    /// A docs folder's old addresses and redirects.
    var oldAddresses: OldAddresses?
    /// The site's repository is a shallow clone: its pages show no last change, and the report says why once.
    var shallowClone = false

    public var notes: [String] { shallowClone ? [GitChanges.shallowNote] : [] }

    init(root: MarkdownFolder, menu: [MarkdownFolder], more: Bool) {
        self.root = root
        self.menu = menu
        self.more = more
    }

    /// The UI strings the docs layout's script reads (`docs/nav.js`).
    static let scriptStrings = ["docs_nav_more", "docs_nav_earlier", "docs_nav_failed", "docs_nav_external", "draft_badge"]

    /// Every folder's index page and every page, in each language.
    public func register(_ links: inout ContentLinks, pageContext: PageContext) {
        let routes = FolderRoutes(site: pageContext.routes)
        let sections = root.all
        links.reserve(files: sections.reduce(0) { $0 + ($1.index?.versions.count ?? 0) + $1.pages.reduce(0) { $0 + $1.versions.count } })
        // Each section's index (place -1) and pages, made ready on every core, then registered in this order.
        // El índice y las páginas de cada sección, preparados en todos los núcleos y registrados después en este orden.
        let places = sections.indices.flatMap { section in (-1..<sections[section].pages.count).map { (section: section, page: $0) } }
        let prepared = Parallel.map(places, slices: Parallel.slicesPerCore) { part in
            part.map { Self.prepared(sections[$0.section], page: $0.page, routes: routes, pageContext: pageContext) }
        }
        for part in prepared { for page in part { if let page { links.add(page) } } }
        // Links written to a redirect's old address lead where it sends the reader.
        for alias in oldAddresses?.aliases ?? [] { links.addAlias(alias.address, to: alias.path) }
    }

    /// What the link resolver registers of a section's page at `page`, or of its index page (-1): a folder without
    /// one still leads to its list, `Content/` itself excepted.
    private static func prepared(_ section: MarkdownFolder, page: Int, routes: FolderRoutes, pageContext: PageContext) -> ContentLinks.Prepared? {
        let (defaultLanguage, languages) = (pageContext.routes.defaultLanguage, pageContext.routes.languages)
        guard page < 0 else {
            let page = section.pages[page]
            return ContentLinks.prepare(page, routes: pageContext.routes.alternates { routes.page(page, in: section, $0) },
                                        defaultLanguage: defaultLanguage, languages: languages)
        }
        let folder = section.folders.joined(separator: "/")
        let indexRoutes = pageContext.routes.alternates { routes.index(section, $0) }
        if let index = section.index {
            return ContentLinks.prepare(index, routes: indexRoutes, defaultLanguage: defaultLanguage, languages: languages, folder: folder)
        }
        return folder.isEmpty ? nil : ContentLinks.prepareFolder(folder, files: [], routes: indexRoutes, bodies: [:], sources: [])
    }

    /// A header link per listed folder (then "more"), a home card per top-level guide (the first is the site's guide),
    /// and every folder's pages.
    public func contribution(pageContext: PageContext, inputs: FeatureInputs) -> FeatureContribution {
        let routes = FolderRoutes(site: pageContext.routes)
        let defaultLanguage = pageContext.routes.defaultLanguage
        // Each book read in its order once: for its shared nav scripts (and the index naming them) and for its pages.
        // Cada libro se ordena una vez: para sus scripts de navegación compartidos y para sus páginas.
        let folderPages = FolderPages(root: root, pageContext: pageContext, changes: changes)
        let books = folderPages.books().map(folderPages.bookPages)
        var part = FeatureContribution(pages: { folderPages.pages(books: books) })
        var navIndex: [String: [String]] = [:]
        for book in books {
            let made = book.navScripts()
            navIndex.merge(made.index) { first, _ in first }
            part.dataFiles += made.files
        }
        if !navIndex.isEmpty {
            part.dataFiles.append(DocsNav.indexScript(navIndex))
            part.scriptStrings += Self.scriptStrings
        }
        if let oldAddresses {
            let taken = Set(root.all.flatMap { section in
                [routes.index(section, defaultLanguage).file] + section.pages.map { routes.page($0, in: section, defaultLanguage).file }
            })
            part.dataFiles += oldAddresses.files(links: pageContext.links, language: defaultLanguage, taken: taken)
        }
        for section in menu {
            part.navigation.append(.init(key: section.slugs.first ?? "", labelKey: "", route: { routes.index(section, $0) },
                                         label: { section.title($0, defaultLanguage: defaultLanguage) }))
        }
        if more { part.navigation.append(.init(key: "more", labelKey: "nav_more", route: { pageContext.routes.route($0) })) }
        for section in root.subsections where section.layout == .docs {
            let key = section.slugs.first ?? ""
            let route: @Sendable (String) -> Route = { routes.index(section, $0) }
            part.cards.append(FeatureCard(
                key: key, icon: "❑", route: route,
                title: { pageContext.strings.optionalText("card_\(key)_title", $0) ?? section.title($0, defaultLanguage: defaultLanguage) },
                text: { pageContext.strings.optionalText("card_\(key)_text", $0) ?? section.index?.version($0, defaultLanguage: defaultLanguage)?.description ?? "" }))
            part.guide = part.guide ?? route
        }
        return part
    }
}

extension ContentLinks {
    /// A page made from Markdown files in every language, with the text each language shows (a quick edit's).
    mutating func addPage(_ page: FolderPage, routes: [String: Route], defaultLanguage: String, languages: [String]) {
        if let prepared = Self.prepare(page, routes: routes, defaultLanguage: defaultLanguage, languages: languages) { add(prepared) }
    }

    /// The same, made ready on any thread; with `folder`, as that folder's index page.
    /// Lo mismo, preparado en cualquier hilo; con `folder`, como página índice de esa carpeta.
    static func prepare(_ page: FolderPage, routes: [String: Route], defaultLanguage: String, languages: [String], folder: String? = nil) -> Prepared? {
        let files = page.versions.values.map(\.file)
        let bodies = Dictionary(uniqueKeysWithValues: languages.compactMap { language in
            page.version(language, defaultLanguage: defaultLanguage).map { (language, $0.body) }
        })
        let sources = page.versions.values.map { Source(display: $0.file, language: $0.language, body: $0.body) }
        guard let folder else { return preparePage(files: files, routes: routes, bodies: bodies, sources: sources) }
        return prepareFolder(folder, files: files, routes: routes, bodies: bodies, sources: sources)
    }
}
