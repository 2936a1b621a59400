/// The Pokédex as a feature of the site: PokéAPI's first generation, its types and its sprites.
/// La Pokédex como función del sitio: la primera generación de PokéAPI, sus tipos y sus sprites.
public struct PokemonFeature: Feature {
    public init() {}
    public var key: String { "pokemon" }
    public var sources: [String: [String]] { ["pokeapi": PokeAPI.resources, "sprites": []] }
    public var routeKeys: [String] { ["route_pokemon", "route_types", "route_album"] }

    public func load(_ context: FeatureContext) async throws -> (any FeatureContent)? {
        guard let source = context.config.source("pokeapi") else { return nil }
        return try await PokeAPI(fetcher: context.fetcher, source: source).pokedex()
    }
}

extension Pokedex: FeatureContent {
    public func contribution(factory: PageFactory, inputs: FeatureInputs) -> FeatureContribution {
        let routes = PokemonRoutes(factory: factory), made = inputs.source("pokeapi")
        return .section("pokemon", icon: "◓", route: routes.list) {
            PokemonPages(pokedex: self, factory: factory).pages().map { $0.with(inputs: made) }
        }
    }
}
