import VitrinaKit

/// A Pokémon as the site shows it.
/// Un Pokémon tal como lo muestra el sitio.
public struct Pokemon: Sendable, Equatable, Identifiable, Codable {
    public let id: Int
    public let name: String
    public let names: LocalizedText
    public let genus: LocalizedText
    public let flavorText: LocalizedText
    /// API type names in slot order (`grass`, `poison`).
    public let types: [String]
    public let abilities: [AbilitySlot]
    /// Decimetres and hectograms, as the API gives them.
    public let height: Int
    public let weight: Int
    public let stats: [BaseStat]
    public let sprites: Sprites
    public let evolutionChainID: Int?

    public struct AbilitySlot: Sendable, Equatable, Codable {
        public let name: String
        public let isHidden: Bool
    }

    public struct BaseStat: Sendable, Equatable, Codable {
        public let name: String
        public let value: Int
    }

    /// Sprite URLs; any of them may be absent.
    public struct Sprites: Sendable, Equatable, Codable {
        public var front: String?
        public var back: String?
        public var frontShiny: String?
        public var backShiny: String?
        public var female: String?
        public var dreamWorld: String?
        /// Game sprites of Generations I–II, in game order: (`red-blue`, url).
        public var games: [GameSprite] = []
    }

    public struct GameSprite: Sendable, Equatable, Codable {
        public let game: String
        public let url: String
    }

    public func displayName(_ language: String) -> String {
        names.text(language, fallback: name.capitalized)
    }

    /// Every sprite URL it has, downloaded into `media/`.
    public var imageURLs: [String] { namedSprites.map(\.url) }

    /// Every sprite URL with the JSON path of PokéAPI's detail body it was read at.
    var namedSprites: [(path: String, url: String)] {
        let paths = ["sprites.front_default", "sprites.back_default", "sprites.front_shiny", "sprites.back_shiny", "sprites.front_female",
                     "sprites.other.dream_world.front_default"]
        let urls = [sprites.front, sprites.back, sprites.frontShiny, sprites.backShiny, sprites.female, sprites.dreamWorld]
        let generations = Dictionary(PokedexMapper.games.map { ($1, $0) }) { first, _ in first }
        return zip(paths, urls).compactMap { path, url in url.map { (path, $0) } }
            + sprites.games.map { ("sprites.versions.\(generations[$0.game] ?? "?").\($0.game).front_default", $0.url) }
    }
}

/// A Pokémon type with its localized names and the Pokémon of the site that have it.
/// Un tipo de Pokémon con sus nombres y los Pokémon del sitio que lo tienen.
public struct PokemonType: Sendable, Equatable, Codable {
    public let id: Int
    public let name: String
    public let names: LocalizedText
    public let pokemonIDs: [Int]

    public func displayName(_ language: String) -> String { names.text(language, fallback: name.capitalized) }
}

/// An ability's localized names.
/// Los nombres traducidos de una habilidad.
public struct Ability: Sendable, Equatable, Codable {
    public let id: Int
    public let name: String
    public let names: LocalizedText
}

/// An evolution chain as species ids grouped by stage (`[[1], [2], [3]]`).
/// Una cadena evolutiva como ids de especie agrupados por fase.
public struct EvolutionChain: Sendable, Equatable, Codable {
    public let id: Int
    public let stages: [[Int]]
}

/// Everything the Pokémon pages are made from.
/// Todo aquello con lo que se hacen las páginas de Pokémon.
public struct Pokedex: Sendable, Codable {
    public let pokemon: [Pokemon]
    public let types: [String: PokemonType]
    public let abilities: [String: Ability]
    public let chains: [Int: EvolutionChain]
    /// The detail endpoint the sprites were read from, without the id (`https://pokeapi.co/api/v2/pokemon`).
    public var detailBase = ""

    public var imageURLs: [String] { pokemon.flatMap(\.imageURLs) }

    public var remoteImages: [RemoteImage] {
        pokemon.flatMap { p in p.namedSprites.map { RemoteImage(url: $0.url, response: "\(detailBase)/\(p.id)/", path: $0.path) } }
    }
}
