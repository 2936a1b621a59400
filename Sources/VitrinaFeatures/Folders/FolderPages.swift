import VitrinaKit

/// Where folders of Markdown live, whatever their layout: `linux/`, `linux/page/2/`, `linux/tar/`, `docs/setup/`; the
/// root section's pages sit at the site root.
/// Dónde viven las carpetas de Markdown, sea cual sea su diseño; las páginas de la raíz cuelgan de la raíz.
public struct FolderRoutes: Sendable {
    /// Where pages go in each language.
    let site: SiteRoutes

    public func index(_ section: MarkdownFolder, page: Int = 1, _ language: String) -> Route {
        site.route(language, section.slugs + (page > 1 ? ["page", "\(page)"] : []))
    }

    public func page(_ page: FolderPage, in section: MarkdownFolder, _ language: String) -> Route {
        site.route(language, section.slugs, then: page.slug)
    }
}

/// Builds every folder's pages in its layout: a section's paginated index and one page per Markdown file with
/// breadcrumbs, or a guide's index and one page per file with a sidebar; the root section's index is the home page
/// when the site has no app screens.
/// Construye las páginas de cada carpeta según su diseño; el índice raíz es la portada si no hay pantallas de app.
public struct FolderPages: Sendable {
    let root: MarkdownFolder
    let pageContext: PageContext
    let routes: FolderRoutes
    /// Whether the root section's index is the home page (else the home is the app's, and only root pages are built).
    let rootIsHome: Bool
    let pageSize: Int

    /// Each page file's last change from git, by its path below the site folder.
    let changes: [String: SimpleDate]

    public init(root: MarkdownFolder, pageContext: PageContext, changes: [String: SimpleDate] = [:]) {
        self.root = root
        self.pageContext = pageContext
        self.routes = FolderRoutes(site: pageContext.routes)
        self.rootIsHome = !pageContext.config.appScreens
        self.pageSize = max(1, pageContext.config.pageSize)
        self.changes = changes
    }

    /// The folders drawn as books (`BookPages`): the whole site when it is a docs folder (MkDocs, mdBook, or a folder
    /// with no site.yml) or its root says `layout: docs`; else each folder whose `layout: docs` its parent does not share.
    /// Las carpetas que se dibujan como libros: todo el sitio si es una carpeta de documentación; si no, cada carpeta `docs`.
    func books() -> [MarkdownFolder] {
        let config = pageContext.config
        if config.docs != nil || !config.siteFile || root.layout == .docs { return rootIsHome ? [root] : [] }
        var found: [MarkdownFolder] = []
        func walk(_ section: MarkdownFolder) {
            for child in section.subsections { if child.layout == .docs { found.append(child) } else { walk(child) } }
        }
        walk(root)
        return found
    }

    /// The book drawn from `book`: its order from the docs folder's nav when it is the whole site.
    func bookPages(_ book: MarkdownFolder) -> BookPages {
        let outline = book.folders.isEmpty ? pageContext.config.docs?.outline : nil
        return BookPages(order: ReadingOrder(root: book, outline: outline), folders: self, project: pageContext.config.docs, changes: changes)
    }

    /// Each section's index pages in each language are one job and its content pages jobs of a few hundred; the jobs
    /// run on every core and their pages keep this order.
    /// `books`: the books' pages already read in their order (the feature's contribution made them for the nav scripts).
    public func pages() -> [Page] { pages(books: books().map(bookPages)) }

    func pages(books: [BookPages]) -> [Page] {
        var jobs: [@Sendable () -> [Page]] = []
        let inBooks = Set(books.flatMap { $0.order.sections.map(\.folders) })
        for book in books { jobs += book.jobs() }
        for section in root.all where !inBooks.contains(section.folders) {
            // A folder's listing is fingerprinted by its index pages' job, unless its content pages show it too.
            // La lista de una carpeta se calcula en el trabajo de su índice, salvo si sus páginas también la muestran.
            let sidebar = sidebarListing(section, listing(section))
            for language in pageContext.routes.languages {
                let trail = breadcrumbs(of: section, language)
                if !(section.folders.isEmpty && !rootIsHome) {
                    jobs.append { indexPages(section, trail: trail, listing: sidebar ?? listing(section), language) }
                }
                let inputs = contentInputs(section, trail: trail, sidebar: sidebar, language)
                for start in stride(from: 0, to: section.pages.count, by: 256) {
                    let chunk = start..<min(start + 256, section.pages.count)
                    jobs.append { chunk.map { contentPage(at: $0, in: section, trail: trail, inputs: inputs, language) } }
                }
            }
        }
        return SitePlanner.run(jobs)
    }

    /// One page's pages in every language, as `pages()` makes them: what a quick edit of its file draws again.
    public func contentPages(of page: FolderPage, in section: MarkdownFolder) -> [Page] {
        guard let index = section.pages.firstIndex(where: { $0.name == page.name }) else { return [] }
        if let book = books().first(where: { section.folders.starts(with: $0.folders) }) {
            let drawn = bookPages(book)
            guard let place = drawn.order.sections.firstIndex(where: { $0.folders == section.folders }) else { return [] }
            return pageContext.routes.languages.flatMap { language in
                // The book's first page is also its home when the book has no index page.
                let isHome = drawn.order.sections[0].index == nil && drawn.order.reading.first.map { drawn.order.nodes[$0].target } == .page(section: place, page: index)
                return [drawn.page(.page(section: place, page: index), language)] + (isHome ? drawn.indexPages(0, language) : [])
            }
        }
        let sidebar = sidebarListing(section, listing(section))
        return pageContext.routes.languages.map { language in
            let trail = breadcrumbs(of: section, language)
            return contentPage(at: index, in: section, trail: trail, inputs: contentInputs(section, trail: trail, sidebar: sidebar, language), language)
        }
    }

    /// The folder's listing where its content pages show it (a guide's sidebar), else nil; fingerprinted only then, as a
    /// folder of thousands of pages costs milliseconds.
    func sidebarListing(_ section: MarkdownFolder, _ listing: @autoclosure () -> BuildInput) -> BuildInput? {
        section.layout == .docs ? listing() : nil
    }

    /// What every content page of a folder shows of the others: its folder's list (`sidebar`), or else the titles above it
    /// (breadcrumbs).
    func contentInputs(_ section: MarkdownFolder, trail: [(label: String, route: Route)], sidebar: BuildInput?, _ language: String) -> [BuildInput] {
        [sidebar ?? trailInput(section, trail: trail, language)]
    }

    func indexPages(_ section: MarkdownFolder, trail: [(label: String, route: Route)], listing: BuildInput, _ language: String) -> [Page] {
        section.layout == .docs && !section.folders.isEmpty
            ? [guideIndex(section, listing: listing, language)] : sectionIndex(section, trail: trail, listing: listing, language)
    }

    func contentPage(at index: Int, in section: MarkdownFolder, trail: [(label: String, route: Route)], inputs: [BuildInput], _ language: String) -> Page {
        section.layout == .docs
            ? guidePage(at: index, in: section, inputs: inputs, language) : sectionPage(section.pages[index], in: section, trail: trail, inputs: inputs, language)
    }

    /// The page's text in `language`, with its links resolved for `route`.
    func text(of page: FolderPage, at route: Route, _ language: String) -> (version: FolderPage.Version, resolved: LinkedHTML) {
        let version = page.version(language, defaultLanguage: pageContext.routes.defaultLanguage)!
        return (version, pageContext.links.rewrite(version.body, source: version.file, route: route, language: language))
    }

    /// A link to each page of `section`, as its index lists them.
    func links(to pages: some Sequence<FolderPage>, in section: MarkdownFolder, from route: Route, _ language: String) -> [DocLinkView] {
        pages.map { page in
            let version = page.version(language, defaultLanguage: pageContext.routes.defaultLanguage)!
            return DocLinkView(title: version.title, description: version.description,
                               href: route.link(to: routes.page(page, in: section, language)), draft: page.draft)
        }
    }

    /// A link to each folder below `section`, with how many pages it holds.
    func links(toFoldersOf section: MarkdownFolder, from route: Route, _ language: String) -> [SectionLinkView] {
        section.subsections.map { child in
            SectionLinkView(title: child.title(language, defaultLanguage: pageContext.routes.defaultLanguage),
                            href: route.link(to: routes.index(child, language)), count: child.totalPages)
        }
    }

    /// The titles of the folders above a content page, as one input.
    func trailInput(_ section: MarkdownFolder, trail: [(label: String, route: Route)], _ language: String) -> BuildInput {
        BuildInput(key: "trail:\(section.folder):\(language)", fingerprint: Fingerprint.hex(trail.map(\.label).joined(separator: "\n")))
    }

    /// Home, then each folder above `section` and `section` itself, as titled links.
    func breadcrumbs(of section: MarkdownFolder, _ language: String) -> [(label: String, route: Route)] {
        guard !section.folders.isEmpty else { return [] }
        var trail = [(label: pageContext.strings.text("nav_home", language), route: pageContext.routes.route(language))]
        var current = root
        for folder in section.folders {
            guard let next = current.subsections.first(where: { $0.folders.last == folder }) else { break }
            trail.append((next.title(language, defaultLanguage: pageContext.routes.defaultLanguage), routes.index(next, language)))
            current = next
        }
        return trail
    }

    /// A section's index, one page per `pageSize` pages: its text, subsections and list.
    func sectionIndex(_ section: MarkdownFolder, trail: [(label: String, route: Route)], listing: BuildInput, _ language: String) -> [Page] {
        let count = max(1, (section.pages.count + pageSize - 1) / pageSize)
        let isHome = section.folders.isEmpty
        let title = isHome && section.titles.isEmpty ? pageContext.config.title : section.title(language, defaultLanguage: pageContext.routes.defaultLanguage)
        let inputs = [listing] + (section.index?.inputs ?? [])
        let version = section.index?.version(language, defaultLanguage: pageContext.routes.defaultLanguage)
        return (1...count).map { number in
            let route = routes.index(section, page: number, language)
            let links = Array(trail.dropLast()).map { LinkView(href: route.link(to: $0.route), label: $0.label) }
            let shown = section.pages[min((number - 1) * pageSize, section.pages.count)..<min(number * pageSize, section.pages.count)]
            let resolved = number == 1 ? version.map { pageContext.links.rewrite($0.body, source: $0.file, route: route, language: language) } : nil
            let view = SectionView(
                title: title, description: version?.description ?? "", html: resolved?.html ?? "",
                breadcrumbs: links, hasBreadcrumbs: !links.isEmpty,
                subsections: number == 1 ? self.links(toFoldersOf: section, from: route, language) : [],
                hasSubsections: number == 1 && !section.subsections.isEmpty,
                pages: self.links(to: shown, in: section, from: route, language),
                hasPages: !shown.isEmpty,
                pagination: PaginationView(count: count, current: number, route: route, link: { routes.index(section, page: $0, language) },
                                           previousLabel: pageContext.strings.text("previous", language), nextLabel: pageContext.strings.text("next", language)))
            return Page(route: route, language: language, template: isHome ? "index" : "section",
                        title: number == 1 ? title : "\(title) (\(number))", description: view.description,
                        navigationKey: isHome ? "home" : section.slugs.first ?? "", alternates: pageContext.routes.alternates { routes.index(section, page: number, $0) },
                        content: view)
                .with(inputs: inputs)
                .showing(resolved)
                .with { facts in
                    facts.breadcrumbs = trail.dropLast().map { Crumb(label: $0.label, route: $0.route) }
                    if number == 1, Self.hasFeed(section) { facts.feed = .channel(key: Self.feedKey(section)) }
                }
        }
    }

    /// A section's page: breadcrumbs and the text.
    func sectionPage(_ page: FolderPage, in section: MarkdownFolder, trail: [(label: String, route: Route)], inputs: [BuildInput], _ language: String) -> Page {
        let route = routes.page(page, in: section, language)
        let (version, resolved) = text(of: page, at: route, language)
        let links = trail.map { LinkView(href: route.link(to: $0.route), label: $0.label) }
        let view = ContentPageView(
            title: version.title, showTitle: version.headings.first?.level != 1, html: resolved.html,
            contentLanguage: version.language == language ? nil : version.language, draft: page.draft,
            breadcrumbs: links, hasBreadcrumbs: !links.isEmpty)
        return Page(route: route, language: language, template: "page", title: version.title, description: version.description,
                    navigationKey: section.slugs.first ?? "", alternates: pageContext.routes.alternates { $0 == language ? route : routes.page(page, in: section, $0) }, content: view)
            .searching("page", SearchSource(html: version.html, headings: version.headings))
            .with(inputs: inputs + page.inputs)
            .showing(resolved)
            .with(terms: page.terms)
            .with { facts in
                facts.breadcrumbs = trail.map { Crumb(label: $0.label, route: $0.route) }
                Self.date(page, version, html: resolved.html, in: section, into: &facts)
            }
    }

    /// A folder has a feed when one of its own pages has a date.
    static func hasFeed(_ section: MarkdownFolder) -> Bool {
        section.pages.contains { page in page.versions.values.contains { $0.date != nil } }
    }

    /// The key of a folder's feed.
    static func feedKey(_ section: MarkdownFolder) -> String { "folder:" + section.folder }

    /// A dated page's date, and its place in its folder's feed unless it is a draft.
    static func date(_ page: FolderPage, _ version: FolderPage.Version, html: String, in section: MarkdownFolder, into facts: inout PageFacts) {
        guard let date = version.date else { return }
        facts.published = date
        if !page.draft { facts.feed = .entry(key: feedKey(section), html: html) }
    }

    /// What a section's index shows of its pages and subsections, as one input.
    func listing(_ section: MarkdownFolder) -> BuildInput {
        FolderPageMapper.listing(section.pages, folder: section.folder, extra: section.subsections.map { child in
            "\(child.slugs.last ?? "")|\(child.totalPages)|" + pageContext.routes.languages.map { child.title($0, defaultLanguage: pageContext.routes.defaultLanguage) }.joined(separator: "|")
        })
    }
}

struct DocLinkView: Sendable { let title: String; let description: String; let href: String; let draft: Bool }
struct SectionLinkView: Sendable { let title: String; let href: String; let count: Int }
struct SectionView: Sendable {
    let title: String
    let description: String
    let html: String
    let breadcrumbs: [LinkView]
    let hasBreadcrumbs: Bool
    let subsections: [SectionLinkView]
    let hasSubsections: Bool
    let pages: [DocLinkView]
    let hasPages: Bool
    let pagination: PaginationView
}
struct ContentPageView: Sendable {
    let title: String
    let showTitle: Bool
    let html: String
    let contentLanguage: String?
    let draft: Bool
    let breadcrumbs: [LinkView]
    let hasBreadcrumbs: Bool
}

extension SectionLinkView: TemplateConvertible {
    var templateValue: TemplateValue { .object(["title": .string(title), "href": .string(href), "count": .int(count)]) }
}

extension SectionView: TemplateConvertible {
    var templateValue: TemplateValue {
        .object(["title": .string(title), "description": .string(description), "hasDescription": .bool(!description.isEmpty),
                 "html": .string(html), "breadcrumbs": breadcrumbs.templateValue, "hasBreadcrumbs": .bool(hasBreadcrumbs),
                 "subsections": subsections.templateValue, "hasSubsections": .bool(hasSubsections), "pages": pages.templateValue,
                 "hasPages": .bool(hasPages), "pagination": pagination.templateValue])
    }
}

extension ContentPageView: TemplateConvertible {
    var templateValue: TemplateValue {
        var fields: TemplateObject = ["title": .string(title), "showTitle": .bool(showTitle), "html": .string(html), "draft": .bool(draft),
                                               "breadcrumbs": breadcrumbs.templateValue, "hasBreadcrumbs": .bool(hasBreadcrumbs)]
        if let contentLanguage { fields["contentLanguage"] = .string(contentLanguage) }
        return .object(fields)
    }
}

extension DocLinkView: TemplateConvertible {
    var templateValue: TemplateValue {
        .object(["title": .string(title), "description": .string(description), "hasDescription": .bool(!description.isEmpty),
                 "href": .string(href), "draft": .bool(draft)])
    }
}
