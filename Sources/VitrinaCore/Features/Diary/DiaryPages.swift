/// Where the diary lives in each language.
/// Dónde vive el diario en cada idioma.
public struct DiaryRoutes: Sendable {
    let factory: PageFactory

    private func root(_ language: String) -> String { language == "es" ? "diario" : "diary" }
    public func list(_ language: String) -> Route { factory.route(language, root(language)) }
    public func entry(_ entry: DiaryEntry, _ language: String) -> Route { factory.route(language, root(language), entry.slug) }
}

/// Builds the diary list (newest first, drafts badged) and one page per entry.
/// Construye la lista del diario (lo más reciente primero, borradores marcados) y una página por entrada.
public struct DiaryPages: Sendable {
    let entries: [DiaryEntry]
    let factory: PageFactory
    let routes: DiaryRoutes

    public init(entries: [DiaryEntry], factory: PageFactory) {
        self.entries = entries
        self.factory = factory
        self.routes = DiaryRoutes(factory: factory)
    }

    public func pages() -> [Page] {
        factory.languages.flatMap { language -> [Page] in
            [listPage(language)] + entries.indices.map { entryPage(at: $0, language) }
        }
    }

    func date(_ entry: DiaryEntry, _ language: String) -> String {
        Formatting.date(entry.date, language: language, months: factory.text("months", language).split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        })
    }

    func listPage(_ language: String) -> Page {
        let route = routes.list(language)
        let view = DiaryListView(
            heading: factory.text("diary_title", language), intro: factory.text("diary_intro", language),
            entries: entries.map { entry in
                let version = entry.version(language, defaultLanguage: factory.defaultLanguage)
                return DiaryRowView(
                    title: version.title, message: version.message, date: date(entry, language), isoDate: entry.date.description,
                    href: route.link(to: routes.entry(entry, language)), draft: entry.draft, place: entry.place?.name,
                    photo: entry.photo.map { _ in factory.image(entry.photoKey, alt: version.title, from: route, expected: (640, 427)) })
            })
        return Page(route: route, language: language, template: "diary/list", title: view.heading, description: view.intro,
                    section: "diary", alternates: factory.alternates(routes.list), content: view)
    }

    func entryPage(at index: Int, _ language: String) -> Page {
        let entry = entries[index]
        let route = routes.entry(entry, language)
        let version = entry.version(language, defaultLanguage: factory.defaultLanguage)
        let neighbour = { (i: Int) -> LinkView? in
            entries.indices.contains(i)
                ? LinkView(href: route.link(to: routes.entry(entries[i], language)), label: entries[i].version(language, defaultLanguage: factory.defaultLanguage).title)
                : nil
        }
        let view = DiaryEntryView(
            title: version.title, message: version.message, date: date(entry, language), isoDate: entry.date.description,
            draft: entry.draft, html: version.html, contentLanguage: version.language == language ? nil : version.language,
            place: entry.place.map { place in
                PlaceView(name: place.name, latitude: Formatting.decimal(place.latitude, digits: 4, language: language),
                          longitude: Formatting.decimal(place.longitude, digits: 4, language: language))
            },
            photo: entry.photo.map { _ in factory.image(entry.photoKey, alt: version.title, from: route, expected: (640, 427)) },
            newer: neighbour(index - 1), older: neighbour(index + 1),
            back: LinkView(href: route.link(to: routes.list(language)), label: factory.text("diary_title", language)))
        return Page(route: route, language: language, template: "diary/entry", title: version.title, description: version.message,
                    section: "diary", alternates: factory.alternates { routes.entry(entry, $0) }, content: view)
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
struct DiaryListView: Sendable { let heading: String; let intro: String; let entries: [DiaryRowView] }
struct PlaceView: Sendable { let name: String; let latitude: String; let longitude: String }
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
}
