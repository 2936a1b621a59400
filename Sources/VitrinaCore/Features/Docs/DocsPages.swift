import Foundation

/// Where the docs live: `docs/` and `docs/<slug>/` in each language.
/// Dónde vive la documentación: `docs/` y `docs/<slug>/` en cada idioma.
public struct DocsRoutes: Sendable {
    let factory: PageFactory

    public func index(_ language: String) -> Route { factory.route(language, factory.segment("route_docs", language)) }
    public func page(_ page: DocPage, _ language: String) -> Route { factory.route(language, factory.segment("route_docs", language), page.slug) }
}

/// Builds the docs index (by weight) and one page per document, its links resolved by the site's one resolver.
/// Construye el índice de documentación (por peso) y una página por documento, con sus enlaces resueltos.
public struct DocsPages: Sendable {
    let docs: [DocPage]
    let factory: PageFactory
    let routes: DocsRoutes
    let listing: BuildInput

    public init(docs: [DocPage], factory: PageFactory) {
        self.docs = docs
        self.factory = factory
        self.routes = DocsRoutes(factory: factory)
        self.listing = DocPageMapper.listing(docs, folder: "Content/docs")
    }

    public func pages() -> [Page] {
        factory.languages.flatMap { language -> [Page] in
            [indexPage(language)] + docs.indices.map { docPage(at: $0, language) }
        }
    }

    func version(_ page: DocPage, _ language: String) -> DocPage.Version {
        page.version(language, defaultLanguage: factory.defaultLanguage)!
    }

    func indexPage(_ language: String) -> Page {
        let route = routes.index(language)
        let view = DocsIndexView(heading: factory.text("docs_title", language), intro: factory.text("docs_intro", language), pages: docs.map { page in
            let text = version(page, language)
            return DocLinkView(title: text.title, description: text.description, href: route.link(to: routes.page(page, language)), draft: page.draft)
        })
        return Page(route: route, language: language, template: "docs/index", title: view.heading, description: view.intro,
                    section: "docs", alternates: factory.alternates(routes.index), content: view)
            .with(inputs: [listing])
    }

    func docPage(at index: Int, _ language: String) -> Page {
        let page = docs[index]
        let route = routes.page(page, language)
        let text = version(page, language)
        let neighbour = { (i: Int) -> LinkView? in
            docs.indices.contains(i) ? LinkView(href: route.link(to: routes.page(docs[i], language)), label: version(docs[i], language).title) : nil
        }
        let resolved = factory.links.rewrite(text.body, source: text.file, route: route, language: language)
        let view = DocPageView(
            title: text.title, description: text.description, html: resolved.html,
            contentLanguage: text.language == language ? nil : text.language, draft: page.draft,
            toc: text.headings.filter { $0.level == 2 }.map { LinkView(href: "#" + $0.id, label: $0.text) },
            previous: neighbour(index - 1), next: neighbour(index + 1),
            sidebar: docs.map { other in
                LinkView(href: route.link(to: routes.page(other, language)), label: version(other, language).title, current: other.name == page.name)
            })
        return Page(route: route, language: language, template: "docs/page", title: text.title, description: text.description,
                    section: "docs", alternates: factory.alternates { routes.page(page, $0) }, content: view)
            .with(searchKind: "doc")
            .with(inputs: [listing] + page.inputs + (resolved.input.map { [$0] } ?? []))
    }
}

struct DocLinkView: Sendable { let title: String; let description: String; let href: String; let draft: Bool }
struct DocsIndexView: Sendable { let heading: String; let intro: String; let pages: [DocLinkView] }
struct DocPageView: Sendable {
    let title: String
    let description: String
    let html: String
    let contentLanguage: String?
    let draft: Bool
    let toc: [LinkView]
    let previous: LinkView?
    let next: LinkView?
    let sidebar: [LinkView]
}

extension DocLinkView: TemplateConvertible {
    var templateValue: TemplateValue {
        .object(["title": .string(title), "description": .string(description), "hasDescription": .bool(!description.isEmpty),
                 "href": .string(href), "draft": .bool(draft)])
    }
}
