import VitrinaKit

/// The app's own screens as a feature: the home page's cards, the album and map indexes, favourites, settings, the
/// components page, the profile (from `Content/profile.yml`), search and the coordinates tool, when site.yml says
/// `app_screens: true`. It draws last, from what the other features contributed.
/// Las pantallas propias de la app como función: portada, álbumes, mapas, favoritos, ajustes, componentes, perfil y búsqueda.
public struct ShowcaseFeature: Feature {
    public init() {}
    public var key: String { "showcase" }
    public var routeKeys: [String] { ShowcaseRoutes.keys }

    public func load(_ context: FeatureContext) async throws -> (any LoadedFeature)? {
        guard context.config.appScreens else { return nil }
        let profile = try Profile.load(path: Files.join(context.contentDirectory, "profile.yml"), display: "Content/profile.yml")
        return AppScreens(profile: profile)
    }
}

/// What the app's screens are made from besides the rest of the site: the profile.
/// Con qué se hacen las pantallas de la app además del resto del sitio: el perfil.
public struct AppScreens: LoadedFeature, WholeSiteContent {
    public let profile: Profile?

    public var localImages: [LocalImage] {
        guard let profile, let photo = profile.photo, let key = profile.photoKey else { return [] }
        return [LocalImage(path: photo, folder: "", key: key, owner: "Content/profile.yml")]
    }

    /// The templates the screens are drawn with: the home page's and one per screen (the profile's with a profile).
    var templates: [String] {
        ["home/index"] + ["search", "favourites", "settings", "components", "albums", "maps", "coordinates"].map { "showcase/\($0)" }
            + (profile == nil ? [] : ["showcase/profile"])
    }

    /// A theme made for the screens has their templates; any other (a new site's) is told at once all it lacks and where
    /// to find it, rather than one template at a time.
    /// Un tema hecho para las pantallas tiene sus plantillas; a cualquier otro se le dice de una vez todo lo que le falta.
    public func check(_ theme: Theme, strings: Strings) throws -> [String] {
        let missing = templates.filter { theme.files["\($0).mustache"] == nil }
        guard !missing.isEmpty else { return [] }
        throw VitrinaError(.render, "\(theme.origin) has no \(missing.map { "\($0).mustache" }.joined(separator: ", ")), which app_screens: true "
            + "draws the app's screens with; copy them, and the strings they read, from Templates/ in Vitrina's repository, "
            + "or remove app_screens from Content/site.yml")
    }

    /// Drawn from the rest of the site: nothing of its own before it.
    public func contribution(pageContext: PageContext, inputs: FeatureInputs) -> FeatureContribution { FeatureContribution() }

    public func contribution(drawnFrom site: WholeSite, pageContext: PageContext) -> WholeSiteContribution {
        let routes = ShowcaseRoutes(site: pageContext.routes)
        let home: @Sendable (String) -> Route = { pageContext.routes.route($0) }
        let screens = ShowcasePages(pageContext: pageContext, profile: profile, maps: site.maps, linkTarget: site.guide ?? home)
            .pages(albums: site.pages.filter { $0.kind == "album" })
        var cards = site.cards + [
            FeatureCard(key: "album", icon: "▦", route: routes.albums), FeatureCard(key: "map", icon: "◉", route: routes.maps),
            FeatureCard(key: "favourites", icon: "♥", route: routes.favourites), FeatureCard(key: "settings", icon: "⚙", route: routes.settings),
            FeatureCard(key: "components", icon: "◧", route: routes.components),
        ]
        if profile != nil { cards.append(FeatureCard(key: "profile", icon: "☺", route: routes.profile)) }
        return WholeSiteContribution(
            pages: screens + HomePages(cards: cards, pageContext: pageContext).pages(),
            tools: [.init(key: "favourites", labelKey: "nav_favourites", route: routes.favourites),
                    .init(key: "settings", labelKey: "nav_settings", route: routes.settings)],
            searchRoute: routes.search,
            scriptStrings: ShowcasePages.scriptStrings)
    }
}
