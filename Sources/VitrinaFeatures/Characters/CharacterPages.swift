import Foundation
import VitrinaKit

/// Builds the character grid, character, episode and location pages, in every language.
/// Construye la cuadrícula de personajes y las páginas de personaje, episodio y lugar, en cada idioma.
public struct CharacterPages: Sendable {
    /// The UI strings its scripts read from the page.
    static let scriptStrings = ["watched", "not_watched", "watched_progress", "episodes_count", "map_view_profile", "status_alive", "status_dead", "status_unknown"]

    let multiverse: Multiverse
    let pageContext: PageContext
    let pageSize: Int
    let routes: CharacterRoutes
    private let characters: [Int: RickAndMortyCharacter]
    private let episodes: [Int: Episode]
    private let locations: [Int: Location]
    private let positions: [Int: MapPoint]
    /// What each page shows of the data, as its inputs.
    let inputs: MultiverseInputs

    public init(multiverse: Multiverse, pageContext: PageContext, pageSize: Int) {
        self.multiverse = multiverse
        self.pageContext = pageContext
        self.pageSize = max(pageSize, 1)
        self.routes = CharacterRoutes(site: pageContext.routes)
        characters = Dictionary(uniqueKeysWithValues: multiverse.characters.map { ($0.id, $0) })
        episodes = Dictionary(uniqueKeysWithValues: multiverse.episodes.map { ($0.id, $0) })
        locations = Dictionary(uniqueKeysWithValues: multiverse.locations.map { ($0.id, $0) })
        let known = Set(multiverse.locations.map(\.id))
        positions = MapPositions.place(multiverse.characters.map { ($0.id, $0.location.locationID.flatMap { known.contains($0) ? $0 : nil }) })
        inputs = MultiverseInputs(multiverse, media: pageContext.pictures.media)
    }

    var pageCount: Int { max(1, (multiverse.characters.count + pageSize - 1) / pageSize) }

    public func pages() -> [Page] {
        pageContext.routes.languages.flatMap { language -> [Page] in
            var pages: [Page] = (1...pageCount).map { gridPage($0, language) }
            pages.append(mapPage(language))
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
        let title = pageContext.strings.text("characters_title", language)
        let view = CharacterGridView(
            heading: title, intro: pageContext.strings.text("characters_intro", language),
            pageLabel: number > 1 ? "\(pageContext.strings.text("page_label", language)) \(number) / \(pageCount)" : nil,
            cards: slice.map { card($0, language, from: route) },
            statuses: ["alive", "dead", "unknown"].map { OptionView(value: $0, label: pageContext.strings.text("status_\($0)", language)) },
            species: Set(multiverse.characters.map(\.species)).sorted().map { OptionView(value: $0, label: $0) },
            map: LinkView(href: route.link(to: routes.map(language)), label: pageContext.strings.text("map_characters_title", language)),
            pagination: PaginationView(count: pageCount, current: number, route: route, link: { routes.grid(page: $0, language) },
                                       previousLabel: pageContext.strings.text("previous", language), nextLabel: pageContext.strings.text("next", language)),
            episodes: LinkView(href: route.link(to: routes.episodes(language)), label: pageContext.strings.text("episodes_title", language)),
            locations: LinkView(href: route.link(to: routes.locations(language)), label: pageContext.strings.text("locations_title", language)))
        return Page(route: route, language: language, template: "characters/grid",
                    title: number > 1 ? "\(title) (\(number))" : title, description: view.intro,
                    navigationKey: "characters", alternates: pageContext.routes.alternates { routes.grid(page: number, $0) }, content: view)
            .with(kind: "characters", scripts: [dataPath(language), Self.script])
            .with(inputs: slice.map { inputs.card($0.id) } + [inputs.characterOrder, inputs.species])
    }

    func card(_ character: RickAndMortyCharacter, _ language: String, from route: Route) -> CharacterCardView {
        CharacterCardView(
            name: character.name, href: route.link(to: routes.character(character, language)),
            image: pageContext.pictures.image(character.image, alt: character.name, from: route, expected: (300, 300)),
            status: status(character.status, language), species: character.species)
    }

    func status(_ status: RickAndMortyCharacter.Status, _ language: String) -> StatusView {
        let key = status == .unknown ? "unknown" : status.rawValue.lowercased()
        return StatusView(label: pageContext.strings.text("status_\(key)", language), key: key)
    }

    // MARK: Character / personaje

    func characterPage(_ character: RickAndMortyCharacter, _ language: String) -> Page {
        let route = routes.character(character, language)
        let gender = pageContext.strings.text("gender_\(character.gender.lowercased())", language)
        let description = "\(character.name): \(status(character.status, language).label), \(character.species), \(gender)."
        return Page(route: route, language: language, template: "characters/character", title: character.name,
                    description: description,
                    navigationKey: "characters", alternates: pageContext.routes.alternates { routes.character(character, $0) },
                    makeContent: { [self] in characterView(character, language, route) })
            .with(kind: "character", scripts: ["assets/js/map.js", Self.script], styles: ["assets/map.css"])
            // Found by its species, type, origin and last place beside its name.
            // Se encuentra por especie, tipo, origen y último lugar además de por su nombre.
            .searching("character", SearchSource(fields: [description, character.type, character.origin.name, character.location.name]))
            .with(inputs: madeFrom(character))
            .with { $0.image = pageContext.pictures.path(character.image) }
    }

    func characterView(_ character: RickAndMortyCharacter, _ language: String, _ route: Route) -> CharacterDetailView {
        let t = { pageContext.strings.text($0, language) }
        let gender = t("gender_\(character.gender.lowercased())")
        return CharacterDetailView(
            name: character.name,
            image: pageContext.pictures.image(character.image, alt: character.name, from: route, expected: (300, 300)),
            status: status(character.status, language),
            gender: gender,
            facts: [
                FactView(label: t("gender_label"), value: gender, href: nil),
                FactView(label: t("species_label"), value: character.type.isEmpty ? character.species : "\(character.species) (\(character.type))", href: nil),
                place(character.origin, label: t("origin_label"), language, from: route),
                place(character.location, label: t("location_label"), language, from: route),
            ],
            episodes: character.episodeIDs.compactMap { episodes[$0] }.map { episodeLink($0, language, from: route) },
            back: LinkView(href: route.link(to: routes.grid(page: gridPageNumber(of: character), language)), label: t("characters_title")),
            favourite: pageContext.favourite(id: "character:\(character.id)", title: character.name, route: route, imageKey: character.image,
                                         kindKey: "kind_character", language: language),
            episodeCount: character.episodeIDs.compactMap { episodes[$0] }.count,
            miniMap: pageContext.pictures.map([pin(character, language, from: route)], label: "\(t("map_position_of")) \(character.name)", fit: "pin", from: route),
            mapLink: LinkView(href: route.link(to: routes.map(language)), label: t("map_characters_title")))
    }

    /// Everything a character's page shows: the character, the episodes and places it links to, its grid page and its pin.
    func madeFrom(_ character: RickAndMortyCharacter) -> [BuildInput] {
        let point = positions[character.id] ?? MapPoint(longitude: 0, latitude: 0)
        var made = [inputs.character(character.id), MultiverseInputs.layout(of: character.id, gridPage: gridPageNumber(of: character), point: point)]
        made += character.episodeIDs.map(inputs.episodeLink)
        return made + inputs.locationLink(character.origin.locationID) + inputs.locationLink(character.location.locationID)
    }

    func pin(_ character: RickAndMortyCharacter, _ language: String, from route: Route) -> PinView {
        let point = positions[character.id] ?? MapPoint(longitude: 0, latitude: 0)
        let status = status(character.status, language)
        return PinView(id: "\(character.id)", x: point.x, y: point.y, href: route.link(to: routes.character(character, language)),
                       label: "\(character.name) (\(status.label))", status: status.key)
    }

    // MARK: Map and data / mapa y datos

    func dataPath(_ language: String) -> String { "assets/data/characters.\(language).js" }

    func mapPage(_ language: String) -> Page {
        let route = routes.map(language)
        let t = { pageContext.strings.text($0, language) }
        let view = CharacterMapView(
            heading: t("map_characters_title"), intro: t("map_characters_intro"),
            map: pageContext.pictures.map([], label: t("map_characters_title"), fit: "all", from: route),
            statuses: ["alive", "dead", "unknown"].map { OptionView(value: $0, label: t("status_\($0)")) },
            characters: multiverse.characters.map { card($0, language, from: route) },
            back: LinkView(href: route.link(to: routes.grid(page: 1, language)), label: t("characters_title")))
        return Page(route: route, language: language, template: "characters/map", title: view.heading, description: view.intro,
                    navigationKey: "characters", alternates: pageContext.routes.alternates(routes.map), content: view)
            .with(kind: "map", scripts: [dataPath(language), Self.mapScript, "assets/js/map.js"], styles: ["assets/map.css"])
            .with(inputs: multiverse.characters.map { inputs.card($0.id) } + [inputs.characterOrder])
    }

    /// `assets/data/characters.<lang>.js`: what the filters and the map need of every character.
    public func dataFiles() -> [DataFile] {
        pageContext.routes.languages.map { language in
            let records: [[String: Any]] = multiverse.characters.map { character in
                let point = positions[character.id] ?? MapPoint(longitude: 0, latitude: 0)
                let image = pageContext.pictures.media[character.image]
                let status = status(character.status, language)
                return ["id": character.id, "n": character.name, "s": status.key, "sl": status.label, "sp": character.species,
                        "h": routes.character(character, language).file, "i": image?.path ?? "assets/placeholder.svg",
                        "w": image?.width ?? 300, "ht": image?.height ?? 300,
                        "loc": character.location.locationID.flatMap { locations[$0]?.name } ?? NSNull(),
                        "e": character.episodeIDs.count, "x": point.x, "y": point.y]
            }
            return DataFile(path: dataPath(language), bytes: ScriptJSON.dataScript(name: "characters", value: records))
        }
    }

    /// A known place links to its page; an unknown one is shown as unknown, without a link.
    func place(_ place: RickAndMortyCharacter.Place, label: String, _ language: String, from route: Route) -> FactView {
        guard let id = place.locationID, let location = locations[id] else {
            return FactView(label: label, value: place.name == "unknown" || place.name.isEmpty ? pageContext.strings.text("unknown", language) : place.name, href: nil)
        }
        return FactView(label: label, value: location.name, href: route.link(to: routes.location(location, language)))
    }

    func gridPageNumber(of character: RickAndMortyCharacter) -> Int {
        (multiverse.characters.firstIndex { $0.id == character.id } ?? 0) / pageSize + 1
    }

    func episodeLink(_ episode: Episode, _ language: String, from route: Route) -> EpisodeLinkView {
        EpisodeLinkView(id: episode.id, code: episode.code, name: episode.name, airDate: episode.airDate, href: route.link(to: routes.episode(episode, language)))
    }

    func characterLinks(_ ids: [Int], _ language: String, from route: Route) -> [CharacterCardView] {
        ids.compactMap { characters[$0] }.map { card($0, language, from: route) }
    }

    // MARK: Episodes and locations / episodios y lugares

    func episodeListPage(_ language: String) -> Page {
        let route = routes.episodes(language)
        let view = EpisodeListView(heading: pageContext.strings.text("episodes_title", language),
                                   episodes: multiverse.episodes.map { episodeLink($0, language, from: route) })
        return Page(route: route, language: language, template: "characters/episodes", title: view.heading, navigationKey: "characters",
                    alternates: pageContext.routes.alternates(routes.episodes), content: view)
            .with(scripts: [Self.script])
            .with(inputs: multiverse.episodes.map { inputs.episodeLink($0.id) } + [inputs.episodeOrder])
    }

    /// Watched episodes and the grid's filter, with the feature's templates (`Templates/characters/characters.js`).
    static let script = "assets/characters/characters.js"
    /// The characters' map: pins, carousel and filter (`Templates/characters/character-map.js`), loaded before map.js.
    static let mapScript = "assets/characters/character-map.js"

    func episodePage(_ episode: Episode, _ language: String) -> Page {
        let route = routes.episode(episode, language)
        let view = EpisodeDetailView(
            code: episode.code, name: episode.name, airDate: episode.airDate,
            characters: characterLinks(episode.characterIDs, language, from: route),
            back: LinkView(href: route.link(to: routes.episodes(language)), label: pageContext.strings.text("episodes_title", language)))
        return Page(route: route, language: language, template: "characters/episode", title: "\(episode.code) · \(episode.name)",
                    description: "\(episode.name) (\(episode.code)), \(episode.airDate).", navigationKey: "characters",
                    alternates: pageContext.routes.alternates { routes.episode(episode, $0) }, content: view)
            .with(inputs: [inputs.episode(episode.id)] + episode.characterIDs.map(inputs.card))
    }

    func locationListPage(_ language: String) -> Page {
        let route = routes.locations(language)
        let view = LocationListView(heading: pageContext.strings.text("locations_title", language), locations: multiverse.locations.map { location in
            LocationRowView(name: location.name, type: orUnknown(location.type, language), dimension: orUnknown(location.dimension, language),
                            residents: location.residentIDs.count, href: route.link(to: routes.location(location, language)))
        })
        return Page(route: route, language: language, template: "characters/locations", title: view.heading, navigationKey: "characters",
                    alternates: pageContext.routes.alternates(routes.locations), content: view)
            .with(inputs: multiverse.locations.map { inputs.location($0.id) } + [inputs.locationOrder])
    }

    func locationPage(_ location: Location, _ language: String) -> Page {
        let route = routes.location(location, language)
        let view = LocationDetailView(
            name: location.name, type: orUnknown(location.type, language), dimension: orUnknown(location.dimension, language),
            residents: characterLinks(location.residentIDs, language, from: route),
            back: LinkView(href: route.link(to: routes.locations(language)), label: pageContext.strings.text("locations_title", language)))
        return Page(route: route, language: language, template: "characters/location", title: location.name,
                    description: "\(location.name): \(view.type), \(view.dimension).", navigationKey: "characters",
                    alternates: pageContext.routes.alternates { routes.location(location, $0) }, content: view)
            .with(inputs: [inputs.location(location.id)] + location.residentIDs.map(inputs.card))
    }

    func orUnknown(_ text: String, _ language: String) -> String {
        text.isEmpty || text == "unknown" ? pageContext.strings.text("unknown", language) : text
    }
}

// MARK: - View models / modelos de vista

struct StatusView: Sendable { let label: String; let key: String }
struct FactView: Sendable { let label: String; let value: String; let href: String? }
struct CharacterCardView: Sendable { let name: String; let href: String; let image: ImageView; let status: StatusView; let species: String }
struct EpisodeLinkView: Sendable { let id: Int; let code: String; let name: String; let airDate: String; let href: String }
struct OptionView: Sendable { let value: String; let label: String }
struct CharacterMapView: Sendable {
    let heading: String
    let intro: String
    let map: MapView
    let statuses: [OptionView]
    let characters: [CharacterCardView]
    let back: LinkView
}
struct CharacterGridView: Sendable {
    let heading: String
    let intro: String
    let pageLabel: String?
    let cards: [CharacterCardView]
    let statuses: [OptionView]
    let species: [OptionView]
    let map: LinkView
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
    let favourite: FavouriteView
    let episodeCount: Int
    let miniMap: MapView
    let mapLink: LinkView
}
struct EpisodeListView: Sendable { let heading: String; let episodes: [EpisodeLinkView] }
struct EpisodeDetailView: Sendable { let code: String; let name: String; let airDate: String; let characters: [CharacterCardView]; let back: LinkView }
struct LocationRowView: Sendable { let name: String; let type: String; let dimension: String; let residents: Int; let href: String }
struct LocationListView: Sendable { let heading: String; let locations: [LocationRowView] }
struct LocationDetailView: Sendable { let name: String; let type: String; let dimension: String; let residents: [CharacterCardView]; let back: LinkView }

extension StatusView: TemplateConvertible {
    var templateValue: TemplateValue { .object(["label": .string(label), "key": .string(key)]) }
}

extension CharacterCardView: TemplateConvertible {
    var templateValue: TemplateValue {
        .object(["name": .string(name), "href": .string(href), "image": image.templateValue, "status": status.templateValue,
                 "species": .string(species)])
    }
}

extension FactView: TemplateConvertible {
    var templateValue: TemplateValue {
        var fields: TemplateObject = ["label": .string(label), "value": .string(value)]
        if let href { fields["href"] = .string(href) }
        return .object(fields)
    }
}

extension EpisodeLinkView: TemplateConvertible {
    var templateValue: TemplateValue {
        .object(["id": .int(id), "code": .string(code), "name": .string(name), "airDate": .string(airDate), "href": .string(href)])
    }
}

extension OptionView: TemplateConvertible {
    var templateValue: TemplateValue { .object(["value": .string(value), "label": .string(label)]) }
}
