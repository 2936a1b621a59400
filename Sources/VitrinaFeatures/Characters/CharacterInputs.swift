import VitrinaKit

/// What each Rick and Morty page shows of the characters, episodes and locations, as inputs: a change in one character's
/// JSON draws again only the pages that show something of it (its page, its grid page, the map, its episodes and places).
/// Lo que cada página de Rick y Morty muestra de personajes, episodios y lugares, como entradas de la construcción.
struct MultiverseInputs: Sendable {
    /// Everything of a character and its picture (its own page).
    private let characters: [Int: BuildInput]
    /// What a card shows of a character: name, picture, status, species (grids, the map, episodes and places).
    private let cards: [Int: BuildInput]
    private let episodes: [Int: BuildInput]
    /// What a link to an episode shows: code, name and air date.
    private let episodeLinks: [Int: BuildInput]
    private let locations: [Int: BuildInput]
    /// What a link to a location shows: its name.
    private let locationLinks: [Int: BuildInput]
    /// The characters', episodes' and locations' ids in list order (grid pages, page count, list pages).
    let characterOrder: BuildInput
    let episodeOrder: BuildInput
    let locationOrder: BuildInput
    /// The grid's species filter: every species, sorted.
    let species: BuildInput

    init(_ multiverse: Multiverse, media: MediaCatalog) {
        func table<Item: Identifiable>(_ items: [Item], _ shown: (Item) -> BuildInput) -> [Int: BuildInput] where Item.ID == Int {
            Dictionary(items.map { ($0.id, shown($0)) }, uniquingKeysWith: { first, _ in first })
        }
        characters = table(multiverse.characters) { .of("item:rickandmorty:character:\($0.id)", $0, media[$0.image]) }
        cards = table(multiverse.characters) {
            .of("item:rickandmorty:card:\($0.id)", $0.name, $0.image, media[$0.image], $0.status.rawValue, $0.species)
        }
        episodes = table(multiverse.episodes) { .of("item:rickandmorty:episode:\($0.id)", $0) }
        episodeLinks = table(multiverse.episodes) { .of("item:rickandmorty:episode-link:\($0.id)", $0.code, $0.name, $0.airDate) }
        locations = table(multiverse.locations) { .of("item:rickandmorty:location:\($0.id)", $0) }
        locationLinks = table(multiverse.locations) { .of("item:rickandmorty:location-link:\($0.id)", $0.name) }
        characterOrder = .of("item:rickandmorty:characters", multiverse.characters.map(\.id))
        episodeOrder = .of("item:rickandmorty:episodes", multiverse.episodes.map(\.id))
        locationOrder = .of("item:rickandmorty:locations", multiverse.locations.map(\.id))
        species = .of("item:rickandmorty:species", Set(multiverse.characters.map(\.species)).sorted())
    }

    private func pick(_ table: [Int: BuildInput], _ kind: String, _ id: Int) -> BuildInput {
        table[id] ?? .absent("item:rickandmorty:\(kind):\(id)")
    }

    func character(_ id: Int) -> BuildInput { pick(characters, "character", id) }
    func card(_ id: Int) -> BuildInput { pick(cards, "card", id) }
    func episode(_ id: Int) -> BuildInput { pick(episodes, "episode", id) }
    func episodeLink(_ id: Int) -> BuildInput { pick(episodeLinks, "episode-link", id) }
    func location(_ id: Int) -> BuildInput { pick(locations, "location", id) }
    func locationLink(_ id: Int?) -> [BuildInput] { id.map { [pick(locationLinks, "location-link", $0)] } ?? [] }

    /// Where a character is shown outside its own data: its grid page and its point on the map.
    static func layout(of id: Int, gridPage: Int, point: MapPoint) -> BuildInput {
        BuildInput(key: "item:rickandmorty:layout:\(id)", fingerprint: "\(gridPage) \(point.x) \(point.y)")
    }
}

extension RickAndMortyCharacter: Fingerprinted {
    public func write(to writer: inout FingerprintWriter) {
        writer.add(id, name, status.rawValue, species, type, gender, origin, location, image, episodeIDs)
    }
}

extension RickAndMortyCharacter.Place: Fingerprinted {
    public func write(to writer: inout FingerprintWriter) { writer.add(name, locationID) }
}

extension Episode: Fingerprinted {
    public func write(to writer: inout FingerprintWriter) { writer.add(id, name, code, airDate, characterIDs) }
}

extension Location: Fingerprinted {
    public func write(to writer: inout FingerprintWriter) { writer.add(id, name, type, dimension, residentIDs) }
}
