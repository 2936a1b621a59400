import VitrinaKit

/// Where the Pokémon pages live in each language.
/// Dónde viven las páginas de Pokémon en cada idioma.
public struct PokemonRoutes: Sendable {
    /// Where pages go in each language.
    let site: SiteRoutes

    private func root(_ language: String) -> String { site.segment("route_pokemon", language) }

    public func list(_ language: String) -> Route { site.route(language, root(language)) }

    public func detail(_ pokemon: Pokemon, _ language: String) -> Route {
        site.route(language, root(language), Slug.make(id: pokemon.id, name: pokemon.name))
    }

    public func album(_ pokemon: Pokemon, _ language: String) -> Route {
        site.route(language, root(language), Slug.make(id: pokemon.id, name: pokemon.name), site.segment("route_album", language))
    }

    public func type(_ name: String, _ language: String) -> Route {
        site.route(language, root(language), site.segment("route_types", language), Slug.make(name))
    }
}
