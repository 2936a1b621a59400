/// Where the app's own screens live in each language.
/// Dónde viven las pantallas propias de la app en cada idioma.
public struct ShowcaseRoutes: Sendable {
    let factory: PageFactory

    private func named(_ es: String, _ en: String, _ language: String, _ more: String...) -> Route {
        factory.route(language, [language == "es" ? es : en] + more)
    }

    public func search(_ language: String) -> Route { named("buscar", "search", language) }
    public func favourites(_ language: String) -> Route { named("favoritos", "favourites", language) }
    public func settings(_ language: String) -> Route { named("ajustes", "settings", language) }
    public func components(_ language: String) -> Route { named("componentes", "components", language) }
    public func profile(_ language: String) -> Route { named("perfil", "profile", language) }
    public func albums(_ language: String) -> Route { named("album", "album", language) }
    public func maps(_ language: String) -> Route { named("mapa", "map", language) }
    public func coordinates(_ language: String) -> Route { named("mapa", "map", language, language == "es" ? "coordenadas" : "coordinates") }
}
