/// The Fake Store as a feature of the site: categories, products and one album per category.
/// La Fake Store como función del sitio: categorías, productos y un álbum por categoría.
public struct StoreFeature: Feature {
    public init() {}
    public var key: String { "store" }
    public var sources: [String: [String]] { ["fakestore": FakeStoreAPI.resources] }
    public var routeKeys: [String] { ["route_store", "route_album"] }

    public func load(_ context: FeatureContext) async throws -> (any FeatureContent)? {
        guard let source = context.config.source("fakestore") else { return nil }
        return try await FakeStoreAPI(fetcher: context.fetcher, source: source).store()
    }
}

extension Store: FeatureContent {
    public func contribution(factory: PageFactory, inputs: FeatureInputs) -> FeatureContribution {
        let routes = StoreRoutes(factory: factory), made = inputs.source("fakestore")
        return .section("store", icon: "◈", route: routes.categories) {
            StorePages(store: self, factory: factory).pages().map { $0.with(inputs: made) }
        }
    }
}
