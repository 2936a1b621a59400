import VitrinaKit

/// A Rick and Morty character as the site shows it.
/// Un personaje de Rick y Morty tal como lo muestra el sitio.
public struct RickAndMortyCharacter: Sendable, Equatable, Identifiable {
    public let id: Int
    public let name: String
    public let status: Status
    public let species: String
    public let type: String
    public let gender: String
    public let origin: Place
    public let location: Place
    public let image: String
    public let episodeIDs: [Int]

    public enum Status: String, Sendable { case alive = "Alive", dead = "Dead", unknown }

    /// An origin or last location: a name, and an id unless it is unknown.
    public struct Place: Sendable, Equatable {
        public let name: String
        public let locationID: Int?
    }
}

/// An episode with its code (`S01E01`), air date and cast.
/// Un episodio con su código, fecha de emisión y reparto.
public struct Episode: Sendable, Equatable, Identifiable {
    public let id: Int
    public let name: String
    public let code: String
    public let airDate: String
    public let characterIDs: [Int]
}

/// A place of the multiverse with its type, dimension and residents.
/// Un lugar del multiverso con su tipo, dimensión y residentes.
public struct Location: Sendable, Equatable, Identifiable {
    public let id: Int
    public let name: String
    public let type: String
    public let dimension: String
    public let residentIDs: [Int]
}

/// Everything the Rick and Morty pages are made from.
/// Todo aquello con lo que se hacen las páginas de Rick y Morty.
public struct Multiverse: Sendable {
    public let characters: [RickAndMortyCharacter]
    public let episodes: [Episode]
    public let locations: [Location]
    /// Where the API named each character's picture (`…/character?page=2 at results[3].image`), by character id.
    var imageSources: [Int: String] = [:]

    public init(characters: [RickAndMortyCharacter], episodes: [Episode], locations: [Location], imageSources: [Int: String] = [:]) {
        self.characters = characters
        self.episodes = episodes
        self.locations = locations
        self.imageSources = imageSources
    }

    public var remoteImages: [RemoteImage] {
        characters.map { RemoteImage(url: $0.image, namedAt: imageSources[$0.id] ?? "the character \($0.id)'s image") }
    }
}
