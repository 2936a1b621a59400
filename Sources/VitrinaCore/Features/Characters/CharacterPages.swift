/// Builds the character grid, character, episode and location pages, in every language.
/// Construye la cuadrícula de personajes y las páginas de personaje, episodio y lugar, en cada idioma.
public struct CharacterPages: Sendable {
    let multiverse: Multiverse
    let factory: PageFactory
    let pageSize: Int
    let routes: CharacterRoutes
    private let characters: [Int: RickAndMortyCharacter]
    private let episodes: [Int: Episode]
    private let locations: [Int: Location]

    public init(multiverse: Multiverse, factory: PageFactory, pageSize: Int) {
        self.multiverse = multiverse
        self.factory = factory
        self.pageSize = max(pageSize, 1)
        self.routes = CharacterRoutes(factory: factory)
        characters = Dictionary(uniqueKeysWithValues: multiverse.characters.map { ($0.id, $0) })
        episodes = Dictionary(uniqueKeysWithValues: multiverse.episodes.map { ($0.id, $0) })
        locations = Dictionary(uniqueKeysWithValues: multiverse.locations.map { ($0.id, $0) })
    }

    var pageCount: Int { max(1, (multiverse.characters.count + pageSize - 1) / pageSize) }

    public func pages() -> [Page] {
        factory.languages.flatMap { language -> [Page] in
            var pages: [Page] = (1...pageCount).map { gridPage($0, language) }
            pages += multiverse.characters.map { characterPage($0, language) }
            pages.append(episodeListPage(language))
            pages += multiverse.episodes.map { episodePage($0, language) }
            pages.append(locationListPage(language))
            pages += multiverse.locations.map { locationPage($0, language) }
            return pages
        }
    }

    // MARK: Grid / cuadrícula

    func gridPage(_ number: Int, _ language: String) -> Page {
        let route = routes.grid(page: number, language)
        let slice = multiverse.characters.dropFirst((number - 1) * pageSize).prefix(pageSize)
        let title = factory.text("characters_title", language)
        let view = CharacterGridView(
            heading: title, intro: factory.text("characters_intro", language),
            pageLabel: number > 1 ? "\(factory.text("page_label", language)) \(number) / \(pageCount)" : nil,
            cards: slice.map { card($0, language, from: route) },
            pagination: PaginationView(count: pageCount, current: number, route: route, link: { routes.grid(page: $0, language) },
                                       previousLabel: factory.text("previous", language), nextLabel: factory.text("next", language)),
            episodes: LinkView(href: route.link(to: routes.episodes(language)), label: factory.text("episodes_title", language)),
            locations: LinkView(href: route.link(to: routes.locations(language)), label: factory.text("locations_title", language)))
        return Page(route: route, language: language, template: "characters/grid",
                    title: number > 1 ? "\(title) (\(number))" : title, description: view.intro,
                    section: "characters", alternates: factory.alternates { routes.grid(page: number, $0) }, content: view)
    }

    func card(_ character: RickAndMortyCharacter, _ language: String, from route: Route) -> CharacterCardView {
        CharacterCardView(
            name: character.name, href: route.link(to: routes.character(character, language)),
            image: factory.image(character.image, alt: character.name, from: route, expected: (300, 300)),
            status: status(character.status, language), species: character.species)
    }

    func status(_ status: RickAndMortyCharacter.Status, _ language: String) -> StatusView {
        let key = status == .unknown ? "unknown" : status.rawValue.lowercased()
        return StatusView(label: factory.text("status_\(key)", language), key: key)
    }

    // MARK: Character / personaje

    func characterPage(_ character: RickAndMortyCharacter, _ language: String) -> Page {
        let route = routes.character(character, language)
        let t = { factory.text($0, language) }
        let gender = t("gender_\(character.gender.lowercased())")
        let view = CharacterDetailView(
            name: character.name,
            image: factory.image(character.image, alt: character.name, from: route, expected: (300, 300)),
            status: status(character.status, language),
            gender: gender,
            facts: [
                FactView(label: t("gender_label"), value: gender, href: nil),
                FactView(label: t("species_label"), value: character.type.isEmpty ? character.species : "\(character.species) (\(character.type))", href: nil),
                place(character.origin, label: t("origin_label"), language, from: route),
                place(character.location, label: t("location_label"), language, from: route),
            ],
            episodes: character.episodeIDs.compactMap { episodes[$0] }.map { episodeLink($0, language, from: route) },
            back: LinkView(href: route.link(to: routes.grid(page: gridPageNumber(of: character), language)), label: t("characters_title")))
        return Page(route: route, language: language, template: "characters/character", title: character.name,
                    description: "\(character.name): \(view.status.label), \(character.species), \(gender).",
                    section: "characters", alternates: factory.alternates { routes.character(character, $0) }, content: view)
    }

    /// A known place links to its page; an unknown one is shown as unknown, without a link.
    func place(_ place: RickAndMortyCharacter.Place, label: String, _ language: String, from route: Route) -> FactView {
        guard let id = place.locationID, let location = locations[id] else {
            return FactView(label: label, value: place.name == "unknown" || place.name.isEmpty ? factory.text("unknown", language) : place.name, href: nil)
        }
        return FactView(label: label, value: location.name, href: route.link(to: routes.location(location, language)))
    }

    func gridPageNumber(of character: RickAndMortyCharacter) -> Int {
        (multiverse.characters.firstIndex { $0.id == character.id } ?? 0) / pageSize + 1
    }

    func episodeLink(_ episode: Episode, _ language: String, from route: Route) -> EpisodeLinkView {
        EpisodeLinkView(code: episode.code, name: episode.name, airDate: episode.airDate, href: route.link(to: routes.episode(episode, language)))
    }

    func characterLinks(_ ids: [Int], _ language: String, from route: Route) -> [CharacterCardView] {
        ids.compactMap { characters[$0] }.map { card($0, language, from: route) }
    }

    // MARK: Episodes and locations / episodios y lugares

    func episodeListPage(_ language: String) -> Page {
        let route = routes.episodes(language)
        let view = EpisodeListView(heading: factory.text("episodes_title", language),
                                   episodes: multiverse.episodes.map { episodeLink($0, language, from: route) })
        return Page(route: route, language: language, template: "characters/episodes", title: view.heading, section: "characters",
                    alternates: factory.alternates(routes.episodes), content: view)
    }

    func episodePage(_ episode: Episode, _ language: String) -> Page {
        let route = routes.episode(episode, language)
        let view = EpisodeDetailView(
            code: episode.code, name: episode.name, airDate: episode.airDate,
            characters: characterLinks(episode.characterIDs, language, from: route),
            back: LinkView(href: route.link(to: routes.episodes(language)), label: factory.text("episodes_title", language)))
        return Page(route: route, language: language, template: "characters/episode", title: "\(episode.code) · \(episode.name)",
                    description: "\(episode.name) (\(episode.code)), \(episode.airDate).", section: "characters",
                    alternates: factory.alternates { routes.episode(episode, $0) }, content: view)
    }

    func locationListPage(_ language: String) -> Page {
        let route = routes.locations(language)
        let view = LocationListView(heading: factory.text("locations_title", language), locations: multiverse.locations.map { location in
            LocationRowView(name: location.name, type: orUnknown(location.type, language), dimension: orUnknown(location.dimension, language),
                            residents: location.residentIDs.count, href: route.link(to: routes.location(location, language)))
        })
        return Page(route: route, language: language, template: "characters/locations", title: view.heading, section: "characters",
                    alternates: factory.alternates(routes.locations), content: view)
    }

    func locationPage(_ location: Location, _ language: String) -> Page {
        let route = routes.location(location, language)
        let view = LocationDetailView(
            name: location.name, type: orUnknown(location.type, language), dimension: orUnknown(location.dimension, language),
            residents: characterLinks(location.residentIDs, language, from: route),
            back: LinkView(href: route.link(to: routes.locations(language)), label: factory.text("locations_title", language)))
        return Page(route: route, language: language, template: "characters/location", title: location.name,
                    description: "\(location.name): \(view.type), \(view.dimension).", section: "characters",
                    alternates: factory.alternates { routes.location(location, $0) }, content: view)
    }

    func orUnknown(_ text: String, _ language: String) -> String {
        text.isEmpty || text == "unknown" ? factory.text("unknown", language) : text
    }
}

// MARK: - View models / modelos de vista

struct StatusView: Sendable { let label: String; let key: String }
struct FactView: Sendable { let label: String; let value: String; let href: String? }
struct CharacterCardView: Sendable { let name: String; let href: String; let image: ImageView; let status: StatusView; let species: String }
struct EpisodeLinkView: Sendable { let code: String; let name: String; let airDate: String; let href: String }
struct CharacterGridView: Sendable {
    let heading: String
    let intro: String
    let pageLabel: String?
    let cards: [CharacterCardView]
    let pagination: PaginationView
    let episodes: LinkView
    let locations: LinkView
}
struct CharacterDetailView: Sendable {
    let name: String
    let image: ImageView
    let status: StatusView
    let gender: String
    let facts: [FactView]
    let episodes: [EpisodeLinkView]
    let back: LinkView
}
struct EpisodeListView: Sendable { let heading: String; let episodes: [EpisodeLinkView] }
struct EpisodeDetailView: Sendable { let code: String; let name: String; let airDate: String; let characters: [CharacterCardView]; let back: LinkView }
struct LocationRowView: Sendable { let name: String; let type: String; let dimension: String; let residents: Int; let href: String }
struct LocationListView: Sendable { let heading: String; let locations: [LocationRowView] }
struct LocationDetailView: Sendable { let name: String; let type: String; let dimension: String; let residents: [CharacterCardView]; let back: LinkView }
