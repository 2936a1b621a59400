/// Where the Pokémon pages live in each language.
/// Dónde viven las páginas de Pokémon en cada idioma.
public struct PokemonRoutes: Sendable {
    let factory: PageContext

    private func root(_ language: String) -> String { factory.segment("route_pokemon", language) }

    public func list(_ language: String) -> Route { factory.route(language, root(language)) }

    public func detail(_ pokemon: Pokemon, _ language: String) -> Route {
        factory.route(language, root(language), Slug.make(id: pokemon.id, name: pokemon.name))
    }

    public func album(_ pokemon: Pokemon, _ language: String) -> Route {
        factory.route(language, root(language), Slug.make(id: pokemon.id, name: pokemon.name), factory.segment("route_album", language))
    }

    public func type(_ name: String, _ language: String) -> Route {
        factory.route(language, root(language), factory.segment("route_types", language), Slug.make(name))
    }
}
