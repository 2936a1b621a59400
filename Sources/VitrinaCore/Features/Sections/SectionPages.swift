/// Where sections live: `linux/`, `linux/page/2/`, `linux/tar/`; the root section's pages sit at the site root.
/// Dónde viven las secciones: `linux/`, `linux/page/2/`, `linux/tar/`; las páginas de la raíz cuelgan de la raíz.
public struct SectionRoutes: Sendable {
    let factory: PageFactory

    public func index(_ section: Section, page: Int = 1, _ language: String) -> Route {
        factory.route(language, section.slugs + (page > 1 ? ["page", "\(page)"] : []))
    }

    public func page(_ page: DocPage, in section: Section, _ language: String) -> Route {
        factory.route(language, section.slugs + [page.slug])
    }
}

/// Builds each section's paginated index and one page per Markdown file; the root section's index is the home
/// page when the site has no app screens.
/// Construye el índice paginado de cada sección y una página por fichero; el índice raíz es la portada si no hay pantallas de app.
public struct SectionPages: Sendable {
    let root: Section
    let factory: PageFactory
    let routes: SectionRoutes
    /// Whether the root section's index is the home page (else the home is the app's, and only root pages are built).
    let rootIsHome: Bool
    let pageSize: Int

    public init(root: Section, factory: PageFactory, rootIsHome: Bool) {
        self.root = root
        self.factory = factory
        self.routes = SectionRoutes(factory: factory)
        self.rootIsHome = rootIsHome
        self.pageSize = max(1, factory.config.pageSize)
    }

    /// Each section's index pages in each language are one job and its content pages jobs of a few hundred; the jobs
    /// run on every core and their pages keep this order.
    public func pages() -> [Page] {
        var jobs: [@Sendable () -> [Page]] = []
        for section in root.all {
            for language in factory.languages {
                let trail = breadcrumbs(of: section, language)
                if !(section.folders.isEmpty && !rootIsHome) { jobs.append { indexPages(section, trail: trail, language) } }
                let inputs = [trailInput(section, trail: trail, language)]
                for start in stride(from: 0, to: section.pages.count, by: 256) {
                    let chunk = section.pages[start..<min(start + 256, section.pages.count)]
                    jobs.append { chunk.map { contentPage($0, in: section, trail: trail, inputs: inputs, language) } }
                }
            }
        }
        return SitePlanner.run(jobs)
    }

    /// One page's pages in every language, as `pages()` makes them: what a quick edit of its file draws again.
    public func contentPages(of page: DocPage, in section: Section) -> [Page] {
        factory.languages.map { language in
            let trail = breadcrumbs(of: section, language)
            return contentPage(page, in: section, trail: trail, inputs: [trailInput(section, trail: trail, language)], language)
        }
    }

    /// The titles of the folders above a content page, as one input.
    func trailInput(_ section: Section, trail: [(label: String, route: Route)], _ language: String) -> BuildInput {
        BuildInput(key: "trail:\(section.folder):\(language)", fingerprint: Fingerprint.hex(trail.map(\.label).joined(separator: "\n")))
    }

    /// Home, then each folder above `section` and `section` itself, as titled links.
    func breadcrumbs(of section: Section, _ language: String) -> [(label: String, route: Route)] {
        guard !section.folders.isEmpty else { return [] }
        var trail = [(label: factory.text("nav_home", language), route: factory.route(language))]
        var current = root
        for folder in section.folders {
            guard let next = current.subsections.first(where: { $0.folders.last == folder }) else { break }
            trail.append((next.title(language, defaultLanguage: factory.defaultLanguage), routes.index(next, language)))
            current = next
        }
        return trail
    }

    func indexPages(_ section: Section, trail: [(label: String, route: Route)], _ language: String) -> [Page] {
        let count = max(1, (section.pages.count + pageSize - 1) / pageSize)
        let isHome = section.folders.isEmpty
        let text = section.index?.version(language, defaultLanguage: factory.defaultLanguage)
        let title = isHome && section.titles.isEmpty ? factory.config.title : section.title(language, defaultLanguage: factory.defaultLanguage)
        let inputs = [listing(section)] + (section.index?.inputs ?? [])
        return (1...count).map { number in
            let route = routes.index(section, page: number, language)
            let links = Array(trail.dropLast()).map { LinkView(href: route.link(to: $0.route), label: $0.label) }
            let shown = section.pages[min((number - 1) * pageSize, section.pages.count)..<min(number * pageSize, section.pages.count)]
            let resolved = number == 1 ? text.map { factory.links.rewrite($0.body, source: $0.file, route: route, language: language) } : nil
            let view = SectionView(
                title: title, description: text?.description ?? "", html: resolved?.html ?? "",
                breadcrumbs: links, hasBreadcrumbs: !links.isEmpty,
                subsections: number == 1 ? section.subsections.map { child in
                    SectionLinkView(title: child.title(language, defaultLanguage: factory.defaultLanguage),
                                    href: route.link(to: routes.index(child, language)), count: child.totalPages)
                } : [],
                hasSubsections: number == 1 && !section.subsections.isEmpty,
                pages: shown.map { page in
                    let version = page.version(language, defaultLanguage: factory.defaultLanguage)!
                    return DocLinkView(title: version.title, description: version.description,
                                       href: route.link(to: routes.page(page, in: section, language)), draft: page.draft)
                },
                hasPages: !shown.isEmpty,
                pagination: PaginationView(count: count, current: number, route: route, link: { routes.index(section, page: $0, language) },
                                           previousLabel: factory.text("previous", language), nextLabel: factory.text("next", language)))
            return Page(route: route, language: language, template: isHome ? "index" : "section",
                        title: number == 1 ? title : "\(title) (\(number))", description: view.description,
                        section: isHome ? "home" : section.slugs.first ?? "", alternates: factory.alternates { routes.index(section, page: number, $0) },
                        content: view)
                .with(inputs: inputs + (resolved?.input.map { [$0] } ?? []))
        }
    }

    func contentPage(_ page: DocPage, in section: Section, trail: [(label: String, route: Route)], inputs: [BuildInput], _ language: String) -> Page {
        let route = routes.page(page, in: section, language)
        let text = page.version(language, defaultLanguage: factory.defaultLanguage)!
        let links = trail.map { LinkView(href: route.link(to: $0.route), label: $0.label) }
        let resolved = factory.links.rewrite(text.body, source: text.file, route: route, language: language)
        let view = ContentPageView(
            title: text.title, showTitle: text.headings.first?.level != 1, html: resolved.html,
            contentLanguage: text.language == language ? nil : text.language, draft: page.draft,
            breadcrumbs: links, hasBreadcrumbs: !links.isEmpty)
        return Page(route: route, language: language, template: "page", title: text.title, description: text.description,
                    section: section.slugs.first ?? "", alternates: factory.alternates { routes.page(page, in: section, $0) }, content: view)
            .with(inputs: inputs + page.inputs + (resolved.input.map { [$0] } ?? []))
    }

    /// What a section's index shows of its pages and subsections, as one input.
    func listing(_ section: Section) -> BuildInput {
        DocPageMapper.listing(section.pages, folder: section.folder, extra: section.subsections.map { child in
            "\(child.slugs.last ?? "")|\(child.totalPages)|" + factory.languages.map { child.title($0, defaultLanguage: factory.defaultLanguage) }.joined(separator: "|")
        })
    }
}

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
        var fields: [String: TemplateValue] = ["title": .string(title), "showTitle": .bool(showTitle), "html": .string(html), "draft": .bool(draft),
                                               "breadcrumbs": breadcrumbs.templateValue, "hasBreadcrumbs": .bool(hasBreadcrumbs)]
        if let contentLanguage { fields["contentLanguage"] = .string(contentLanguage) }
        return .object(fields)
    }
}
