import Foundation

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
        return PokedexMapper(ids: Set(ids)).map(
            pokemon: pokemonDTOs, species: speciesDTOs, types: Array(try await types.values),
            abilities: Array(try await abilities.values), chains: Array(try await chains.values))
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
                flavorText: LocalizedText(localized(spec?.flavor_text_entries.map { ($0.language.name, $0.flavor_text) } ?? []).values.mapValues(clean)),
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

    /// Front sprites of the Generation I–II games, in release order.
    private func games(_ versions: [String: [String: PokemonDTO.SpritesDTO.GameArt]]?) -> [Pokemon.GameSprite] {
        let order = [("generation-i", "red-blue"), ("generation-i", "yellow"), ("generation-ii", "gold"), ("generation-ii", "silver"), ("generation-ii", "crystal")]
        return order.compactMap { generation, game in
            versions?[generation]?[game]?.front_default.map { Pokemon.GameSprite(game: game, url: $0) }
        }
    }

    /// The first text per language wins, so the choice is stable.
    private func localized(_ pairs: [(String, String)]) -> LocalizedText {
        var values: [String: String] = [:]
        for (language, text) in pairs where values[language] == nil { values[language] = text }
        return LocalizedText(values)
    }

    /// Game texts carry form feeds, soft hyphens and hard line breaks.
    private func clean(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{AD}\n", with: "")
            .components(separatedBy: CharacterSet(charactersIn: "\n\u{0C}\r"))
            .joined(separator: " ")
            .replacingOccurrences(of: "  ", with: " ")
            .trimmingCharacters(in: .whitespaces)
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

extension SpeciesDTO: NumberedByID {}
extension TypeDTO: NumberedByID {}
extension AbilityDTO: NumberedByID {}
extension ChainDTO: NumberedByID {}
