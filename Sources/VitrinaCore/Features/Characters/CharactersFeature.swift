/// Rick and Morty as a feature of the site: characters on a grid and a map, episodes and locations.
/// Rick y Morty como función del sitio: personajes en rejilla y mapa, episodios y lugares.
public struct CharactersFeature: Feature {
    public init() {}
    public var key: String { "characters" }
    public var sources: [String: [String]] { ["rickandmorty": RickAndMortyAPI.resources] }
    public var routeKeys: [String] { ["route_characters", "route_page", "route_map", "route_episodes", "route_locations"] }

    public func load(_ context: FeatureContext) async throws -> (any FeatureContent)? {
        guard let source = context.config.source("rickandmorty") else { return nil }
        return try await RickAndMortyAPI(fetcher: context.fetcher, source: source).multiverse()
    }
}

extension Multiverse: FeatureContent {
    public func contribution(factory: PageFactory, inputs: FeatureInputs) -> FeatureContribution {
        let routes = CharacterRoutes(factory: factory), made = inputs.source("rickandmorty")
        let builder = CharacterPages(multiverse: self, factory: factory, pageSize: factory.config.source("rickandmorty")?.pageSize ?? 20)
        var part = FeatureContribution.section("characters", icon: "◎", route: { routes.grid(page: 1, $0) }) {
            builder.pages().map { $0.with(inputs: made) }
        }
        part.dataFiles = builder.dataFiles()
        part.maps = [MapLink(titleKey: "map_characters_title", route: routes.map)]
        return part
    }
}
