import VitrinaKit

/// Where the app's own screens live in each language.
/// Dónde viven las pantallas propias de la app en cada idioma.
public struct ShowcaseRoutes: Sendable {
    /// Where pages go in each language.
    let site: SiteRoutes

    /// The strings naming these routes' segments.
    static let keys = ["route_search", "route_favourites", "route_settings", "route_components", "route_profile", "route_album",
                       "route_map", "route_coordinates"]

    private func named(_ language: String, _ keys: String...) -> Route {
        site.route(language, keys.map { site.segment($0, language) })
    }

    public func search(_ language: String) -> Route { named(language, "route_search") }
    public func favourites(_ language: String) -> Route { named(language, "route_favourites") }
    public func settings(_ language: String) -> Route { named(language, "route_settings") }
    public func components(_ language: String) -> Route { named(language, "route_components") }
    public func profile(_ language: String) -> Route { named(language, "route_profile") }
    public func albums(_ language: String) -> Route { named(language, "route_album") }
    public func maps(_ language: String) -> Route { named(language, "route_map") }
    public func coordinates(_ language: String) -> Route { named(language, "route_map", "route_coordinates") }
}
