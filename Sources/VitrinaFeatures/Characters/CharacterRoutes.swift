import VitrinaKit

/// Where the Rick and Morty pages live in each language.
/// Dónde viven las páginas de Rick y Morty en cada idioma.
public struct CharacterRoutes: Sendable {
    /// Where pages go in each language.
    let site: SiteRoutes

    private func section(_ key: String, _ language: String) -> String { site.segment(key, language) }

    /// Page 1 of the grid is the section's index; page N lives under `page/N`.
    public func grid(page: Int, _ language: String) -> Route {
        let root = section("route_characters", language)
        return page <= 1 ? site.route(language, root) : site.route(language, root, section("route_page", language), String(page))
    }

    public func character(_ character: RickAndMortyCharacter, _ language: String) -> Route {
        site.route(language, section("route_characters", language), Slug.make(id: character.id, name: character.name))
    }

    public func map(_ language: String) -> Route {
        site.route(language, section("route_characters", language), section("route_map", language))
    }

    public func episodes(_ language: String) -> Route { site.route(language, section("route_episodes", language)) }

    public func episode(_ episode: Episode, _ language: String) -> Route {
        site.route(language, section("route_episodes", language), Slug.make(id: episode.id, name: episode.name))
    }

    public func locations(_ language: String) -> Route { site.route(language, section("route_locations", language)) }

    public func location(_ location: Location, _ language: String) -> Route {
        site.route(language, section("route_locations", language), Slug.make(id: location.id, name: location.name))
    }
}
