import VitrinaKit

extension APIFeature {
    /// The Pokédex as a feature of the site: PokéAPI's first generation, its types and its sprites.
    /// La Pokédex como función del sitio: la primera generación de PokéAPI, sus tipos y sus sprites.
    public static let pokemon = APIFeature(
        key: "pokemon", source: "pokeapi", sources: ["pokeapi": PokeAPI.resources, "sprites": []],
        routeKeys: ["route_pokemon", "route_types", "route_album"],
        remembered: { try await PokeAPI(fetcher: $0, source: $1).pokedex() })
}

extension Pokedex: LoadedFeature {
    public func contribution(pageContext: PageContext, inputs: FeatureInputs) -> FeatureContribution {
        let routes = PokemonRoutes(site: pageContext.routes)
        var part = FeatureContribution.section("pokemon", icon: "◓", route: routes.list) { PokemonPages(pokedex: self, pageContext: pageContext).pages() }
        part.scriptStrings = PokemonPages.scriptStrings
        return part
    }
}
