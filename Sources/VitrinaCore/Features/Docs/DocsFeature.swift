/// The site's own guide as a feature: `Content/docs/`, one page per document and an index by weight.
/// La guía del propio sitio como función: `Content/docs/`, una página por documento y un índice por peso.
public struct DocsFeature: Feature {
    public init() {}
    public var key: String { "docs" }
    public var folders: [String] { ["docs"] }
    public var routeKeys: [String] { ["route_docs"] }

    public func load(_ context: FeatureContext) async throws -> (any FeatureContent)? {
        let pages = try DocPageMapper.map(try await context.documents.load(folder: "docs"), defaultLanguage: context.config.defaultLanguage)
            .filter { context.drafts || !$0.draft }
        return pages.isEmpty ? nil : Guide(pages: pages)
    }
}

/// The guide's documents.
/// Los documentos de la guía.
public struct Guide: FeatureContent {
    public let pages: [DocPage]

    public func register(_ links: inout ContentLinks, factory: PageFactory) {
        let routes = DocsRoutes(factory: factory)
        links.addFolder("docs", files: [], routes: factory.alternates(routes.index), bodies: [:], sources: [])
        for page in pages {
            links.addPage(page, routes: factory.alternates { routes.page(page, $0) }, defaultLanguage: factory.defaultLanguage,
                          languages: factory.languages, folder: nil)
        }
    }

    public func contribution(factory: PageFactory, inputs: FeatureInputs) -> FeatureContribution {
        let routes = DocsRoutes(factory: factory)
        var part = FeatureContribution.section("docs", icon: "❑", route: routes.index) { DocsPages(docs: pages, factory: factory).pages() }
        part.guide = routes.index
        return part
    }
}
