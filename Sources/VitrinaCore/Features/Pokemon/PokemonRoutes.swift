/// Where the Pokémon pages live in each language.
/// Dónde viven las páginas de Pokémon en cada idioma.
public struct PokemonRoutes: Sendable {
    let factory: PageFactory

    public func list(_ language: String) -> Route { factory.route(language, "pokemon") }

    public func detail(_ pokemon: Pokemon, _ language: String) -> Route {
        factory.route(language, "pokemon", Slug.make(id: pokemon.id, name: pokemon.name))
    }

    public func album(_ pokemon: Pokemon, _ language: String) -> Route {
        factory.route(language, "pokemon", Slug.make(id: pokemon.id, name: pokemon.name), "album")
    }

    public func type(_ name: String, _ language: String) -> Route {
        factory.route(language, "pokemon", language == "es" ? "tipos" : "types", Slug.make(name))
    }
}
