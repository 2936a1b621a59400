import VitrinaKit

/// The Rick and Morty API client: walks `?page=N` of characters, episodes and locations.
/// El cliente de la API de Rick y Morty: recorre `?page=N` de personajes, episodios y lugares.
public struct RickAndMortyAPI: Sendable {
    let fetcher: Fetcher
    let base: String
    let limit: Int?
    let source: SourceConfig

    /// Resources it can fetch; `character` is always fetched, episodes and locations can be left out.
    public static let resources = ["character", "episode", "location"]

    public init(fetcher: Fetcher, source: SourceConfig) {
        self.fetcher = fetcher
        self.base = source.baseURL + "/api"
        self.limit = source.limit
        self.source = source
    }

    public func multiverse() async throws -> Multiverse {
        async let characters = all(CharacterDTO.self, "character")
        async let episodes = source.includes("episode") ? all(EpisodeDTO.self, "episode") : []
        async let locations = source.includes("location") ? all(LocationDTO.self, "location") : []
        var characterDTOs = try await characters
        if let limit { characterDTOs = Array(characterDTOs.prefix(limit)) }
        return Multiverse(
            characters: characterDTOs.map(\.value.model),
            episodes: try await episodes.map(\.value.model),
            locations: try await locations.map(\.value.model),
            imageSources: Dictionary(characterDTOs.map { ($0.value.id, "\($0.page) at results[\($0.index)].image") }) { first, _ in first })
    }

    /// Every resource of a kind, each with the page and place it was listed at: page 1 says how many pages there are,
    /// the rest are fetched together.
    func all<T: Codable & Sendable & Identifiable>(_ type: T.Type, _ kind: String) async throws -> [Listed<T>] where T.ID == Int {
        let firstURL = "\(base)/\(kind)?page=1"
        let first = try await fetcher.json(PageDTO<T>.self, from: firstURL)
        let pages = max(first.info.pages, 1)
        let rest = pages > 1 ? try await fetcher.jsonAll(PageDTO<T>.self, from: (2...pages).map { "\(base)/\(kind)?page=\($0)" }) : [:]
        let all = [(firstURL, first)] + rest.sorted { $0.key < $1.key }
        let listed = all.flatMap { page, dto in dto.results.enumerated().map { Listed(value: $0.element, page: page, index: $0.offset) } }
        var seen = Set<Int>()
        return listed.sorted { $0.value.id < $1.value.id }.filter { seen.insert($0.value.id).inserted }
    }

    /// A resource with the list page and the place in `results` it came from.
    struct Listed<T: Sendable>: Sendable {
        let value: T
        let page: String
        let index: Int
    }
}

// MARK: - DTOs / el JSON de la API

struct PageDTO<T: Codable & Sendable>: Codable, Sendable {
    let info: Info
    let results: [T]
    struct Info: Codable, Sendable { let count: Int; let pages: Int; let next: String?; let prev: String? }
}

struct CharacterDTO: Codable, Sendable, Identifiable {
    let id: Int
    let name: String
    let status: String
    let species: String
    let type: String
    let gender: String
    let origin: PlaceDTO
    let location: PlaceDTO
    let image: String
    let episode: [String]

    struct PlaceDTO: Codable, Sendable {
        let name: String
        let url: String
        var model: RickAndMortyCharacter.Place { .init(name: name, locationID: url.isEmpty ? nil : URLParts.trailingID(url)) }
    }

    var model: RickAndMortyCharacter {
        RickAndMortyCharacter(id: id, name: name, status: RickAndMortyCharacter.Status(rawValue: status) ?? .unknown, species: species, type: type,
                  gender: gender, origin: origin.model, location: location.model, image: image,
                  episodeIDs: episode.compactMap(URLParts.trailingID))
    }
}

struct EpisodeDTO: Codable, Sendable, Identifiable {
    let id: Int
    let name: String
    let air_date: String
    let episode: String
    let characters: [String]
    var model: Episode { Episode(id: id, name: name, code: episode, airDate: air_date, characterIDs: characters.compactMap(URLParts.trailingID)) }
}

struct LocationDTO: Codable, Sendable, Identifiable {
    let id: Int
    let name: String
    let type: String
    let dimension: String
    let residents: [String]
    var model: Location { Location(id: id, name: name, type: type, dimension: dimension, residentIDs: residents.compactMap(URLParts.trailingID)) }
}

// MARK: - Ranges of the numbers the pages show / rangos de los números que muestran las páginas

extension PageDTO: NumbersInRange {
    func numberOutOfRange() -> NumberProblem? {
        NumberRange.check(info.count, NumberRange.amounts, "info.count") ?? NumberRange.check(info.pages, NumberRange.pages, "info.pages")
            ?? NumberRange.first(results, "results") { ($0 as? any NumbersInRange)?.numberOutOfRange() }
    }
}

extension CharacterDTO: NumberedByID {}
extension EpisodeDTO: NumberedByID {}
extension LocationDTO: NumberedByID {}
