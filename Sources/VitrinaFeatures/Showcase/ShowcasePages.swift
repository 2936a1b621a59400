import VitrinaKit

/// Builds the app's own screens: search, favourites, settings, components, profile, album and map indexes,
/// and the coordinates tool. Their behaviour is client-side; each reads well without JavaScript.
/// Construye las pantallas propias de la app; su comportamiento vive en el navegador y se leen sin JavaScript.
public struct ShowcasePages: Sendable {
    /// The UI strings its scripts read from the page.
    static let scriptStrings = [
        "favourites_empty", "favourites_count", "favourites_count_one", "restore_done", "profile_saved",
        "profile_reset_done", "component_name", "component_age", "coords_invalid_number", "coords_lat_range", "coords_lon_range", "coords_result",
    ]

    let pageContext: PageContext
    let routes: ShowcaseRoutes
    let profile: Profile?
    /// Other sections' maps, by title key, for the maps index.
    let maps: [MapLink]
    /// Where the components page's "Click aquí" link goes (the docs, when the site has them).
    let linkTarget: @Sendable (String) -> Route

    public init(pageContext: PageContext, profile: Profile?, maps: [MapLink],
                linkTarget: @escaping @Sendable (String) -> Route) {
        self.pageContext = pageContext
        self.routes = ShowcaseRoutes(site: pageContext.routes)
        self.profile = profile
        self.maps = maps
        self.linkTarget = linkTarget
    }

    /// Every screen in every language; the album index lists the album pages it is given.
    public func pages(albums: [Page]) -> [Page] {
        pageContext.routes.languages.flatMap { language -> [Page] in
            var pages = [searchPage(language), favouritesPage(language), settingsPage(language), componentsPage(language),
                         albumsPage(language, albums: albums.filter { $0.language == language }), mapsPage(language), coordinatesPage(language)]
            if let profile { pages.append(profilePage(profile, language)) }
            return pages
        }
    }

    private func t(_ key: String, _ language: String) -> String { pageContext.strings.text(key, language) }

    /// Search, the components page and the profile, with the feature's templates (`Templates/showcase/showcase.js`).
    static let script = "assets/showcase/showcase.js"
    /// The coordinates tool (`Templates/showcase/coordinates.js`), loaded before map.js.
    static let coordinatesScript = "assets/showcase/coordinates.js"

    /// A screen made from the site, its template, its strings and `inputs` (nothing of the data when none are given).
    private func page(_ route: Route, _ language: String, template: String, titleKey: String, introKey: String, kind: String,
                      alternates: @escaping (String) -> Route, content: any Sendable, inputs: [BuildInput] = [.noData]) -> Page {
        Page(route: route, language: language, template: template, title: t(titleKey, language), description: t(introKey, language),
             navigationKey: kind, alternates: pageContext.routes.alternates(alternates), content: content).with(kind: kind).with(inputs: inputs)
    }

    func searchPage(_ language: String) -> Page {
        let view = IntroView(heading: t("search_title", language), intro: t("search_intro", language))
        return page(routes.search(language), language, template: "showcase/search", titleKey: "search_title", introKey: "search_intro",
                    kind: "search", alternates: routes.search, content: view)
            .with(scripts: [Self.script])
    }

    func favouritesPage(_ language: String) -> Page {
        page(routes.favourites(language), language, template: "showcase/favourites", titleKey: "favourites_title", introKey: "favourites_intro",
             kind: "favourites", alternates: routes.favourites,
             content: IntroView(heading: t("favourites_title", language), intro: t("favourites_intro", language)))
            .with(scripts: [Self.script])
    }

    func settingsPage(_ language: String) -> Page {
        let route = routes.settings(language)
        let view = SettingsView(
            heading: t("settings_title", language), intro: t("settings_intro", language),
            languages: pageContext.routes.languages.map { other in
                LinkView(href: route.link(to: routes.settings(other)), label: t("language_\(other)", language), current: other == language)
            })
        return page(route, language, template: "showcase/settings", titleKey: "settings_title", introKey: "settings_intro",
                    kind: "settings", alternates: routes.settings, content: view)
            .with(scripts: [Self.script])
    }

    func componentsPage(_ language: String) -> Page {
        let route = routes.components(language)
        let view = ComponentsView(
            heading: t("components_title", language), intro: t("components_intro", language),
            docs: route.link(to: linkTarget(language)),
            image: ImageView(src: route.link(toFile: "assets/sample.svg"), width: 320, height: 200, alt: t("component_image_alt", language), placeholder: false))
        return page(route, language, template: "showcase/components", titleKey: "components_title", introKey: "components_intro",
                    kind: "components", alternates: routes.components, content: view, inputs: [.of("components:link", view.docs)])
            .with(scripts: [Self.script])
    }

    func profilePage(_ profile: Profile, _ language: String) -> Page {
        let route = routes.profile(language)
        let view = ProfileView(
            heading: t("profile_title", language), name: profile.name,
            photo: pageContext.pictures.image(profile.photoKey, alt: profile.name, from: route, expected: (160, 160)),
            details: profile.details.map { ProfileDetailView(key: $0.key, label: $0.labels[language] ?? $0.labels["en"] ?? $0.key, value: $0.value) })
        return page(route, language, template: "showcase/profile", titleKey: "profile_title", introKey: "profile_intro",
                    kind: "profile", alternates: routes.profile, content: view, inputs: [.of("profile", profile, pageContext.pictures.media[profile.photoKey])])
            .with(scripts: [Self.script])
    }

    func albumsPage(_ language: String, albums: [Page]) -> Page {
        let route = routes.albums(language)
        // One group per feature with albums, in the features' order (the order their pages come).
        // Un grupo por función con álbumes, en el orden de las funciones.
        var sections: [String] = []
        for album in albums where !sections.contains(album.navigationKey) { sections.append(album.navigationKey) }
        let groups = sections.map { section in
            AlbumGroupView(heading: t("nav_\(section)", language),
                           albums: albums.filter { $0.navigationKey == section }.map { LinkView(href: route.link(to: $0.route), label: $0.title) })
        }
        let listed = groups.flatMap { group in [group.heading] + group.albums.flatMap { [$0.href, $0.label] } }
        return page(route, language, template: "showcase/albums", titleKey: "album_title", introKey: "album_intro", kind: "albums",
                    alternates: routes.albums,
                    content: AlbumIndexView(heading: t("album_title", language), intro: t("album_intro", language), groups: groups),
                    inputs: [.of("albums", listed)])
    }

    func mapsPage(_ language: String) -> Page {
        let route = routes.maps(language)
        let links = maps.map { LinkView(href: route.link(to: $0.route(language)), label: t($0.titleKey, language)) }
            + [LinkView(href: route.link(to: routes.coordinates(language)), label: t("coords_title", language))]
        return page(route, language, template: "showcase/maps", titleKey: "maps_title", introKey: "maps_intro", kind: "maps",
                    alternates: routes.maps, content: MapsIndexView(heading: t("maps_title", language), intro: t("maps_intro", language), maps: links),
                    inputs: [.of("maps", links.flatMap { [$0.href, $0.label] })])
    }

    func coordinatesPage(_ language: String) -> Page {
        let route = routes.coordinates(language)
        let view = CoordinatesView(
            heading: t("coords_title", language), intro: t("coords_intro", language),
            map: pageContext.pictures.map([], label: t("coords_title", language), fit: "all", from: route),
            back: LinkView(href: route.link(to: routes.maps(language)), label: t("maps_title", language)))
        return page(route, language, template: "showcase/coordinates", titleKey: "coords_title", introKey: "coords_intro",
                    kind: "coordinates", alternates: routes.coordinates, content: view)
            .with(scripts: [Self.coordinatesScript, "assets/js/map.js"], styles: ["assets/map.css"])
    }
}

struct IntroView: Sendable { let heading: String; let intro: String }
struct SettingsView: Sendable { let heading: String; let intro: String; let languages: [LinkView] }
struct ComponentsView: Sendable { let heading: String; let intro: String; let docs: String; let image: ImageView }
struct ProfileDetailView: Sendable { let key: String; let label: String; let value: String }
struct ProfileView: Sendable { let heading: String; let name: String; let photo: ImageView; let details: [ProfileDetailView] }
struct AlbumGroupView: Sendable { let heading: String; let albums: [LinkView] }
struct AlbumIndexView: Sendable { let heading: String; let intro: String; let groups: [AlbumGroupView] }
struct MapsIndexView: Sendable { let heading: String; let intro: String; let maps: [LinkView] }
struct CoordinatesView: Sendable { let heading: String; let intro: String; let map: MapView; let back: LinkView }
