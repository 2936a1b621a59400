import VitrinaKit

extension APIFeature {
    /// Rick and Morty as a feature of the site: characters on a grid and a map, episodes and locations.
    /// Rick y Morty como función del sitio: personajes en rejilla y mapa, episodios y lugares.
    public static let characters = APIFeature(
        key: "characters", source: "rickandmorty", sources: ["rickandmorty": RickAndMortyAPI.resources],
        routeKeys: ["route_characters", "route_page", "route_map", "route_episodes", "route_locations"],
        client: { try await RickAndMortyAPI(fetcher: $0, source: $1).multiverse() })
}

extension Multiverse: LoadedFeature {
    public func contribution(pageContext: PageContext, inputs: FeatureInputs) -> FeatureContribution {
        let routes = CharacterRoutes(site: pageContext.routes)
        let builder = CharacterPages(multiverse: self, pageContext: pageContext, pageSize: pageContext.config.source("rickandmorty")?.pageSize ?? 20)
        var part = FeatureContribution.section("characters", icon: "◎", route: { routes.grid(page: 1, $0) }) { builder.pages() }
        part.dataFiles = builder.dataFiles()
        part.maps = [MapLink(titleKey: "map_characters_title", route: routes.map)]
        part.scriptStrings = CharacterPages.scriptStrings
        return part
    }
}
