import Foundation
import VitrinaKit

/// The PokéAPI client: pages through the list, then fetches details, species, types, abilities and chains.
/// El cliente de PokéAPI: recorre la lista por páginas y luego detalles, especies, tipos, habilidades y cadenas.
public struct PokeAPI: Sendable {
    let fetcher: Fetcher
    let base: String
    let limit: Int
    let pageSize: Int
    let source: SourceConfig

    /// Resources it can fetch; `pokemon` is always fetched, the others can be left out in site.yml.
    public static let resources = ["pokemon", "pokemon-species", "type", "ability", "evolution-chain"]

    public init(fetcher: Fetcher, source: SourceConfig) {
        self.fetcher = fetcher
        self.base = source.baseURL + "/api/v2"
        self.limit = source.limit ?? 151
        self.pageSize = source.pageSize
        self.source = source
    }

    private func urls(_ resource: String, _ urls: [String]) -> [String] { source.includes(resource) ? urls : [] }

    public func pokedex() async throws -> Pokedex {
        let ids = try await listIDs()
        async let details = fetcher.jsonAll(PokemonDTO.self, from: ids.map { "\(base)/pokemon/\($0)/" })
        async let species = fetcher.jsonAll(SpeciesDTO.self, from: urls("pokemon-species", ids.map { "\(base)/pokemon-species/\($0)/" }))
        let (pokemonByURL, speciesByURL) = try await (details, species)
        let pokemonDTOs = ids.compactMap { pokemonByURL["\(base)/pokemon/\($0)/"] }
        let speciesDTOs = Dictionary(uniqueKeysWithValues: speciesByURL.values.map { ($0.id, $0) })

        let typeURLs = Set(pokemonDTOs.flatMap { $0.types.map { urlFor("type", $0.type.url) } }).sorted()
        let abilityURLs = Set(pokemonDTOs.flatMap { $0.abilities.map { urlFor("ability", $0.ability.url) } }).sorted()
        let chainURLs = Set(speciesDTOs.values.compactMap { $0.evolution_chain.map { urlFor("evolution-chain", $0.url) } }).sorted()
        async let types = fetcher.jsonAll(TypeDTO.self, from: urls("type", typeURLs))
        async let abilities = fetcher.jsonAll(AbilityDTO.self, from: urls("ability", abilityURLs))
        async let chains = fetcher.jsonAll(ChainDTO.self, from: urls("evolution-chain", chainURLs))
        var pokedex = PokedexMapper(ids: Set(ids)).map(
            pokemon: pokemonDTOs, species: speciesDTOs, types: Array(try await types.values),
            abilities: Array(try await abilities.values), chains: Array(try await chains.values))
        pokedex.detailBase = "\(base)/pokemon"
        return pokedex
    }

    /// Ids 1…limit from the paged list (`?limit=&offset=`), following `count`.
    func listIDs() async throws -> [Int] {
        var ids: [Int] = []
        var offset = 0
        while offset < limit {
            let size = min(pageSize, limit - offset)
            let page = try await fetcher.json(ListPageDTO.self, from: "\(base)/pokemon/?limit=\(size)&offset=\(offset)")
            ids += page.results.compactMap { URLParts.trailingID($0.url) }
            offset += size
            if page.next == nil || offset >= page.count || page.results.isEmpty { break }
        }
        return ids.filter { $0 <= limit }
    }

    /// The API's absolute URL rewritten onto our base (so a mirror or replay server is asked, not the live host).
    private func urlFor(_ kind: String, _ apiURL: String) -> String {
        URLParts.trailingID(apiURL).map { "\(base)/\(kind)/\($0)/" } ?? apiURL
    }
}

// MARK: - DTOs: the JSON as PokéAPI sends it / el JSON tal como lo envía PokéAPI

struct NamedRefDTO: Codable, Sendable { let name: String; let url: String }
struct LanguageRefDTO: Codable, Sendable { let name: String }
struct ListPageDTO: Codable, Sendable { let count: Int; let next: String?; let results: [NamedRefDTO] }

struct PokemonDTO: Codable, Sendable {
    let id: Int
    let name: String
    let height: Int
    let weight: Int
    let types: [TypeSlot]
    let abilities: [AbilitySlot]
    let stats: [Stat]
    let sprites: SpritesDTO
    let species: NamedRefDTO

    struct TypeSlot: Codable, Sendable { let slot: Int; let type: NamedRefDTO }
    struct AbilitySlot: Codable, Sendable { let ability: NamedRefDTO; let is_hidden: Bool; let slot: Int }
    struct Stat: Codable, Sendable { let base_stat: Int; let stat: NamedRefDTO }
    struct SpritesDTO: Codable, Sendable {
        let front_default: String?
        let back_default: String?
        let front_shiny: String?
        let back_shiny: String?
        let front_female: String?
        let other: Other?
        let versions: [String: [String: GameArt]]?
        struct GameArt: Codable, Sendable { let front_default: String? }
        struct Other: Codable, Sendable {
            let dream_world: Art?
            enum CodingKeys: String, CodingKey { case dream_world }
        }
        struct Art: Codable, Sendable { let front_default: String? }

        /// Keeps the sprites of the games the mapper shows (`PokedexMapper.games`) out of the dozens PokéAPI lists, so the
        /// decoded memo stays small.
        /// Guarda solo los sprites de los juegos que se muestran.
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            front_default = try container.decodeIfPresent(String.self, forKey: .front_default)
            back_default = try container.decodeIfPresent(String.self, forKey: .back_default)
            front_shiny = try container.decodeIfPresent(String.self, forKey: .front_shiny)
            back_shiny = try container.decodeIfPresent(String.self, forKey: .back_shiny)
            front_female = try container.decodeIfPresent(String.self, forKey: .front_female)
            other = try container.decodeIfPresent(Other.self, forKey: .other)
            let shown = Set(PokedexMapper.games.map(\.0))
            versions = try container.decodeIfPresent([String: [String: GameArt]].self, forKey: .versions)?.filter { shown.contains($0.key) }
        }
    }
}

struct SpeciesDTO: Codable, Sendable {
    let id: Int
    let name: String
    let names: [Name]
    let genera: [Genus]
    let flavor_text_entries: [Flavor]
    let evolution_chain: URLRef?

    struct Name: Codable, Sendable { let name: String; let language: LanguageRefDTO }
    struct Genus: Codable, Sendable { let genus: String; let language: LanguageRefDTO }
    struct Flavor: Codable, Sendable { let flavor_text: String; let language: LanguageRefDTO }
    struct URLRef: Codable, Sendable { let url: String }

    /// Keeps the first flavour text of each language, the one the mapper shows: PokéAPI sends one per game, and the
    /// decoded memo need not keep a hundred of them per species.
    /// Guarda la primera descripción de cada idioma, la que se muestra: PokéAPI manda una por juego.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        names = try container.decode([Name].self, forKey: .names)
        genera = try container.decode([Genus].self, forKey: .genera)
        var languages = Set<String>()
        flavor_text_entries = try container.decode([Flavor].self, forKey: .flavor_text_entries).filter { languages.insert($0.language.name).inserted }
        evolution_chain = try container.decodeIfPresent(URLRef.self, forKey: .evolution_chain)
    }
}

struct TypeDTO: Codable, Sendable {
    let id: Int
    let name: String
    let names: [SpeciesDTO.Name]
    let pokemon: [Member]
    struct Member: Codable, Sendable { let pokemon: NamedRefDTO }
}

struct AbilityDTO: Codable, Sendable {
    let id: Int
    let name: String
    let names: [SpeciesDTO.Name]
}

struct ChainDTO: Codable, Sendable {
    let id: Int
    let chain: Link
    /// A node of the chain; a class because the chain is a tree of itself.
    final class Link: Codable, Sendable {
        let species: NamedRefDTO
        let evolves_to: [Link]
    }
}

/// DTOs to domain models: localized texts picked, flavour text cleaned, chains flattened into stages.
/// De DTO a modelo: textos por idioma, descripciones limpias, cadenas aplanadas por fases.
struct PokedexMapper {
    let ids: Set<Int>

    func map(pokemon: [PokemonDTO], species: [Int: SpeciesDTO], types: [TypeDTO], abilities: [AbilityDTO], chains: [ChainDTO]) -> Pokedex {
        let models = pokemon.map { dto in
            let spec = species[dto.id]
            return Pokemon(
                id: dto.id, name: dto.name,
                names: localized(spec?.names.map { ($0.language.name, $0.name) } ?? []),
                genus: localized(spec?.genera.map { ($0.language.name, $0.genus) } ?? []),
                flavorText: LocalizedText(localized(spec?.flavor_text_entries.map { ($0.language.name, $0.flavor_text) } ?? []).values.mapValues(Self.clean)),
                types: dto.types.sorted { $0.slot < $1.slot }.map(\.type.name),
                abilities: dto.abilities.sorted { $0.slot < $1.slot }.map { .init(name: $0.ability.name, isHidden: $0.is_hidden) },
                height: dto.height, weight: dto.weight,
                stats: dto.stats.map { .init(name: $0.stat.name, value: $0.base_stat) },
                sprites: .init(front: dto.sprites.front_default, back: dto.sprites.back_default, frontShiny: dto.sprites.front_shiny,
                               backShiny: dto.sprites.back_shiny, female: dto.sprites.front_female,
                               dreamWorld: dto.sprites.other?.dream_world?.front_default, games: games(dto.sprites.versions)),
                evolutionChainID: spec?.evolution_chain.flatMap { URLParts.trailingID($0.url) })
        }.sorted { $0.id < $1.id }
        let typeModels = types.map { dto in
            PokemonType(id: dto.id, name: dto.name, names: localized(dto.names.map { ($0.language.name, $0.name) }),
                        pokemonIDs: dto.pokemon.compactMap { URLParts.trailingID($0.pokemon.url) }.filter(ids.contains).sorted())
        }
        let abilityModels = abilities.map { Ability(id: $0.id, name: $0.name, names: localized($0.names.map { ($0.language.name, $0.name) })) }
        let chainModels = chains.map { EvolutionChain(id: $0.id, stages: stages($0.chain)) }
        return Pokedex(
            pokemon: models,
            types: Dictionary(uniqueKeysWithValues: typeModels.map { ($0.name, $0) }),
            abilities: Dictionary(uniqueKeysWithValues: abilityModels.map { ($0.name, $0) }),
            chains: Dictionary(uniqueKeysWithValues: chainModels.map { ($0.id, $0) }))
    }

    /// The games whose front sprites a Pokémon's page shows, Generation I–II, in release order.
    static let games = [("generation-i", "red-blue"), ("generation-i", "yellow"), ("generation-ii", "gold"), ("generation-ii", "silver"),
                        ("generation-ii", "crystal")]

    /// Front sprites of the Generation I–II games, in release order.
    private func games(_ versions: [String: [String: PokemonDTO.SpritesDTO.GameArt]]?) -> [Pokemon.GameSprite] {
        Self.games.compactMap { generation, game in
            versions?[generation]?[game]?.front_default.map { Pokemon.GameSprite(game: game, url: $0) }
        }
    }

    /// The first text per language wins, so the choice is stable.
    private func localized(_ pairs: [(String, String)]) -> LocalizedText {
        var values: [String: String] = [:]
        for (language, text) in pairs where values[language] == nil { values[language] = text }
        return LocalizedText(values)
    }

    /// Game texts carry form feeds, soft hyphens and hard line breaks: a soft hyphen ending a line joins the word, each
    /// break becomes a space, each pair of spaces one, and the ends lose their spaces and tabs. Worked on UTF-8 bytes
    /// (none of those bytes occurs inside a longer character) and, at the ends, on scalars.
    static func clean(_ text: String) -> String {
        let input = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(input.count)
        var spaces = 0
        var index = 0
        while index < input.count {
            let byte = input[index]
            index += 1
            if byte == 0xC2, index + 1 < input.count, input[index] == 0xAD, input[index + 1] == 0x0A {
                index += 2  // U+00AD SOFT HYPHEN, then a line break
            } else if byte == 0x20 || byte == 0x0A || byte == 0x0C || byte == 0x0D {
                spaces += 1
            } else {
                output.append(contentsOf: repeatElement(0x20, count: (spaces + 1) / 2))
                spaces = 0
                output.append(byte)
            }
        }
        output.append(contentsOf: repeatElement(0x20, count: (spaces + 1) / 2))
        let scalars = String(decoding: output, as: UTF8.self).unicodeScalars
        let blank = { (scalar: Unicode.Scalar) in scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator }
        guard let first = scalars.firstIndex(where: { !blank($0) }), let last = scalars.lastIndex(where: { !blank($0) }) else { return "" }
        return String(scalars[first...last])
    }

    private func stages(_ root: ChainDTO.Link) -> [[Int]] {
        var stages: [[Int]] = []
        var level = [root]
        while !level.isEmpty {
            stages.append(level.compactMap { URLParts.trailingID($0.species.url) })
            level = level.flatMap(\.evolves_to)
        }
        return stages
    }
}

// MARK: - Ranges of the numbers the pages show / rangos de los números que muestran las páginas

extension ListPageDTO: NumbersInRange {
    func numberOutOfRange() -> NumberProblem? { NumberRange.check(count, NumberRange.amounts, "count") }
}

extension PokemonDTO: NumbersInRange {
    func numberOutOfRange() -> NumberProblem? {
        NumberRange.check(id, NumberRange.ids, "id") ?? NumberRange.check(height, NumberRange.amounts, "height")
            ?? NumberRange.check(weight, NumberRange.amounts, "weight")
            ?? NumberRange.first(stats, "stats") { NumberRange.check($0.base_stat, NumberRange.amounts, "base_stat") }
    }
}

/// A Pokédex read back from the decoded memo on disk: its numbers in the ranges the responses were checked against.
extension Pokedex: NumbersInRange {
    package func numberOutOfRange() -> NumberProblem? {
        let ids = { (values: [Int], path: String) in NumberRange.first(values, path) { NumberRange.check($0, NumberRange.ids, "") } }
        return NumberRange.first(pokemon, "pokemon") { pokemon in
            NumberRange.check(pokemon.id, NumberRange.ids, "id") ?? NumberRange.check(pokemon.height, NumberRange.amounts, "height")
                ?? NumberRange.check(pokemon.weight, NumberRange.amounts, "weight")
                ?? NumberRange.first(pokemon.stats, "stats") { NumberRange.check($0.value, NumberRange.amounts, "value") }
                ?? pokemon.evolutionChainID.flatMap { NumberRange.check($0, NumberRange.ids, "evolutionChainID") }
        }
            ?? NumberRange.first(types.values.sorted { $0.id < $1.id }, "types") { ids([$0.id] + $0.pokemonIDs, "ids") }
            ?? NumberRange.first(abilities.values.sorted { $0.id < $1.id }, "abilities") { NumberRange.check($0.id, NumberRange.ids, "id") }
            ?? NumberRange.first(chains.values.sorted { $0.id < $1.id }, "chains") { ids([$0.id] + $0.stages.joined(), "ids") }
    }
}

extension SpeciesDTO: NumberedByID {}
extension TypeDTO: NumberedByID {}
extension AbilityDTO: NumberedByID {}
extension ChainDTO: NumberedByID {}
