import VitrinaKit

/// Where the diary lives in each language.
/// Dónde vive el diario en cada idioma.
public struct DiaryRoutes: Sendable {
    /// Where pages go in each language.
    let site: SiteRoutes

    private func root(_ language: String) -> String { site.segment("route_diary", language) }
    public func list(_ language: String) -> Route { site.route(language, root(language)) }
    public func album(_ language: String) -> Route { site.route(language, root(language), site.segment("route_album", language)) }
    public func map(_ language: String) -> Route { site.route(language, root(language), site.segment("route_map", language)) }
    public func entry(_ entry: DiaryEntry, _ language: String) -> Route { site.route(language, root(language), entry.slug) }
}

/// Builds the diary list (newest first, drafts badged) and one page per entry.
/// Construye la lista del diario (lo más reciente primero, borradores marcados) y una página por entrada.
public struct DiaryPages: Sendable {
    let entries: [DiaryEntry]
    let pageContext: PageContext
    let routes: DiaryRoutes

    public init(entries: [DiaryEntry], pageContext: PageContext) {
        self.entries = entries
        self.pageContext = pageContext
        self.routes = DiaryRoutes(site: pageContext.routes)
    }

    public func pages() -> [Page] {
        pageContext.routes.languages.flatMap { language -> [Page] in
            [listPage(language), albumPage(language), mapPage(language)] + entries.indices.map { entryPage(at: $0, language) }
        }
    }

    func date(_ entry: DiaryEntry, _ language: String) -> String {
        Formatting.date(entry.date, language: language, months: pageContext.strings.text("months", language).split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        })
    }

    func listPage(_ language: String) -> Page {
        let route = routes.list(language)
        let view = DiaryListView(
            heading: pageContext.strings.text("diary_title", language), intro: pageContext.strings.text("diary_intro", language),
            entries: entries.map { entry in
                let version = entry.version(language, defaultLanguage: pageContext.routes.defaultLanguage)
                return DiaryRowView(
                    title: version.title, message: version.message, date: date(entry, language), isoDate: entry.date.description,
                    href: route.link(to: routes.entry(entry, language)), draft: entry.draft, place: entry.place?.name,
                    photo: entry.photo.map { _ in pageContext.pictures.image(entry.photoKey, alt: version.title, from: route, expected: (640, 427)) })
            },
            album: LinkView(href: route.link(to: routes.album(language)), label: pageContext.strings.text("album_open", language)),
            map: LinkView(href: route.link(to: routes.map(language)), label: pageContext.strings.text("map_diary_title", language)))
        return Page(route: route, language: language, template: "diary/list", title: view.heading, description: view.intro,
                    navigationKey: "diary", alternates: pageContext.routes.alternates(routes.list), content: view)
            .with { $0.feed = .channel(key: Self.feedKey) }
    }

    func entryPage(at index: Int, _ language: String) -> Page {
        let entry = entries[index]
        let route = routes.entry(entry, language)
        let version = entry.version(language, defaultLanguage: pageContext.routes.defaultLanguage)
        let neighbour = { (i: Int) -> LinkView? in
            entries.indices.contains(i)
                ? LinkView(href: route.link(to: routes.entry(entries[i], language)), label: entries[i].version(language, defaultLanguage: pageContext.routes.defaultLanguage).title)
                : nil
        }
        let text = pageContext.links.rewrite(version.body, source: version.file, route: route, language: language)
        let view = DiaryEntryView(
            title: version.title, message: version.message, date: date(entry, language), isoDate: entry.date.description,
            draft: entry.draft, html: text.html, contentLanguage: version.language == language ? nil : version.language,
            place: entry.place.map { place in
                PlaceView(name: place.name, latitude: Formatting.decimal(place.latitude, digits: 4, language: language),
                          longitude: Formatting.decimal(place.longitude, digits: 4, language: language),
                          links: PlaceLinks(latitude: place.latitude, longitude: place.longitude))
            },
            photo: entry.photo.map { _ in pageContext.pictures.image(entry.photoKey, alt: version.title, from: route, expected: (640, 427)) },
            newer: neighbour(index - 1), older: neighbour(index + 1),
            back: LinkView(href: route.link(to: routes.list(language)), label: pageContext.strings.text("diary_title", language)),
            miniMap: entry.place.map { pageContext.pictures.map([pin(entry, language, from: route)], label: $0.name, fit: "pin", from: route) })
        return Page(route: route, language: language, template: "diary/entry", title: version.title, description: version.message,
                    navigationKey: "diary", alternates: pageContext.routes.alternates { routes.entry(entry, $0) }, content: view)
            .with(kind: "diary-entry", scripts: ["assets/js/map.js"], styles: ["assets/map.css"])
            .searching("diary", SearchSource(html: version.body.html, headings: version.body.headings, fields: [version.message]))
            .with(terms: entry.terms)
            .showing(text)
            .with { facts in
                facts.image = pageContext.pictures.path(entry.photoKey)
                facts.published = entry.date
                facts.schema = .blogPosting
                if !entry.draft { facts.feed = .entry(key: Self.feedKey, html: text.html) }
            }
    }

    /// The key of the diary's feed.
    static let feedKey = "diary"

    func pin(_ entry: DiaryEntry, _ language: String, from route: Route) -> PinView {
        let place = entry.place!
        let point = MapPoint(longitude: place.longitude, latitude: place.latitude)
        return PinView(id: entry.slug, x: point.x, y: point.y, href: route.link(to: routes.entry(entry, language)),
                       label: "\(entry.version(language, defaultLanguage: pageContext.routes.defaultLanguage).title) — \(place.name)", status: "place")
    }

    func albumPage(_ language: String) -> Page {
        let route = routes.album(language)
        let photos = entries.compactMap { entry in
            entry.photoKey.map { AlbumPhoto(key: $0, caption: entry.version(language, defaultLanguage: pageContext.routes.defaultLanguage).title, expected: (640, 427)) }
        }
        return pageContext.pictures.albumPage(
            photos: photos, title: "\(pageContext.strings.text("album_title", language)): \(pageContext.strings.text("diary_title", language))",
            back: LinkView(href: route.link(to: routes.list(language)), label: pageContext.strings.text("diary_title", language)),
            route: route, language: language, navigationKey: "diary", alternates: pageContext.routes.alternates(routes.album))
    }

    func mapPage(_ language: String) -> Page {
        let route = routes.map(language)
        let title = pageContext.strings.text("map_diary_title", language)
        let view = DiaryMapView(
            heading: title, intro: pageContext.strings.text("map_diary_intro", language),
            map: pageContext.pictures.map(entries.filter { $0.place != nil }.map { pin($0, language, from: route) }, label: title, fit: "all", from: route),
            entries: entries.compactMap { entry in
                entry.place.map { place in
                    DiaryRowView(title: entry.version(language, defaultLanguage: pageContext.routes.defaultLanguage).title, message: "",
                                 date: date(entry, language), isoDate: entry.date.description, href: route.link(to: routes.entry(entry, language)),
                                 draft: entry.draft, place: place.name, photo: nil)
                }
            },
            back: LinkView(href: route.link(to: routes.list(language)), label: pageContext.strings.text("diary_title", language)))
        return Page(route: route, language: language, template: "diary/map", title: title, description: view.intro, navigationKey: "diary",
                    alternates: pageContext.routes.alternates(routes.map), content: view)
            .with(kind: "diary-map", scripts: ["assets/js/map.js"], styles: ["assets/map.css"])
    }
}

struct DiaryRowView: Sendable {
    let title: String
    let message: String
    let date: String
    let isoDate: String
    let href: String
    let draft: Bool
    let place: String?
    let photo: ImageView?
}
struct DiaryListView: Sendable { let heading: String; let intro: String; let entries: [DiaryRowView]; let album: LinkView; let map: LinkView }
struct DiaryMapView: Sendable { let heading: String; let intro: String; let map: MapView; let entries: [DiaryRowView]; let back: LinkView }
/// A place as an entry shows it: its name, its coordinates in the page's language, and where to go from it.
struct PlaceView: Sendable { let name: String; let latitude: String; let longitude: String; let links: PlaceLinks }
struct DiaryEntryView: Sendable {
    let title: String
    let message: String
    let date: String
    let isoDate: String
    let draft: Bool
    let html: String
    let contentLanguage: String?
    let place: PlaceView?
    let photo: ImageView?
    let newer: LinkView?
    let older: LinkView?
    let back: LinkView
    let miniMap: MapView?
}
