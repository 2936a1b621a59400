import VitrinaKit

/// Where the Pokémon pages live in each language.
/// Dónde viven las páginas de Pokémon en cada idioma.
public struct PokemonRoutes: Sendable {
    let pageContext: PageContext

    private func root(_ language: String) -> String { pageContext.segment("route_pokemon", language) }

    public func list(_ language: String) -> Route { pageContext.route(language, root(language)) }

    public func detail(_ pokemon: Pokemon, _ language: String) -> Route {
        pageContext.route(language, root(language), Slug.make(id: pokemon.id, name: pokemon.name))
    }

    public func album(_ pokemon: Pokemon, _ language: String) -> Route {
        pageContext.route(language, root(language), Slug.make(id: pokemon.id, name: pokemon.name), pageContext.segment("route_album", language))
    }

    public func type(_ name: String, _ language: String) -> Route {
        pageContext.route(language, root(language), pageContext.segment("route_types", language), Slug.make(name))
    }
}
