extension APIFeature {
    /// The Fake Store as a feature of the site: categories, products and one album per category.
    /// La Fake Store como función del sitio: categorías, productos y un álbum por categoría.
    public static let store = APIFeature(
        key: "store", source: "fakestore", sources: ["fakestore": FakeStoreAPI.resources], routeKeys: ["route_store", "route_album"],
        client: { try await FakeStoreAPI(fetcher: $0, source: $1).store() })
}

extension Store: FeatureContent {
    public func contribution(factory: PageFactory, inputs: FeatureInputs) -> FeatureContribution {
        let routes = StoreRoutes(factory: factory), made = inputs.source("fakestore")
        return .section("store", icon: "◈", route: routes.categories) {
            StorePages(store: self, factory: factory).pages().map { $0.with(inputs: made) }
        }
    }
}
