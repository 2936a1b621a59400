import VitrinaKit

/// What each Pokémon page shows of the Pokédex, as inputs: a change in one Pokémon's JSON draws again its pages (detail,
/// album), the list, its type pages and the pages that link to it (evolutions, previous and next), and nothing else.
/// Lo que cada página de Pokémon muestra de la Pokédex, como entradas de la construcción.
struct PokedexInputs: Sendable {
    /// Everything of a Pokémon and its pictures (its detail and album pages).
    private let pokemon: [Int: BuildInput]
    /// What a row or link shows of a Pokémon: name, names, types and front sprites (list, types, evolutions, neighbours).
    private let rows: [Int: BuildInput]
    private let types: [String: BuildInput]
    /// What a type badge shows: the type's names, and that it has a page.
    private let typeLabels: [String: BuildInput]
    private let abilities: [String: BuildInput]
    private let chains: [Int: BuildInput]
    /// The Pokémon's ids in list order.
    let order: BuildInput

    init(_ pokedex: Pokedex, media: MediaCatalog) {
        pokemon = Dictionary(pokedex.pokemon.map { p in
            (p.id, BuildInput.of("item:pokeapi:pokemon:\(p.id)", p, p.imageURLs.map { media[$0] }))
        }, uniquingKeysWith: { first, _ in first })
        rows = Dictionary(pokedex.pokemon.map { p in
            let front = p.sprites.front, shiny = p.sprites.frontShiny
            return (p.id, BuildInput.of("item:pokeapi:row:\(p.id)", p.name, p.names, p.types, front, shiny, media[front], media[shiny]))
        }, uniquingKeysWith: { first, _ in first })
        types = pokedex.types.mapValues { BuildInput.of("item:pokeapi:type:\($0.name)", $0) }
        typeLabels = pokedex.types.mapValues { BuildInput.of("item:pokeapi:type-label:\($0.name)", $0.names) }
        abilities = pokedex.abilities.mapValues { BuildInput.of("item:pokeapi:ability:\($0.name)", $0.names) }
        chains = Dictionary(pokedex.chains.values.map { ($0.id, BuildInput.of("item:pokeapi:chain:\($0.id)", $0)) }, uniquingKeysWith: { first, _ in first })
        order = .of("item:pokeapi:pokemon", pokedex.pokemon.map(\.id))
    }

    func pokemon(_ id: Int) -> BuildInput { pokemon[id] ?? .absent("item:pokeapi:pokemon:\(id)") }
    func type(_ name: String) -> BuildInput { types[name] ?? .absent("item:pokeapi:type:\(name)") }
    func typeLabel(_ name: String) -> BuildInput { typeLabels[name] ?? .absent("item:pokeapi:type-label:\(name)") }
    func ability(_ name: String) -> BuildInput { abilities[name] ?? .absent("item:pokeapi:ability:\(name)") }
    func chain(_ id: Int) -> BuildInput { chains[id] ?? .absent("item:pokeapi:chain:\(id)") }
    /// Every type, for the list's filter (which shows those with Pokémon, in id order).
    var allTypes: [BuildInput] { Array(types.values) }

    /// A row of a Pokémon with the badges of its types.
    func row(_ id: Int, types names: [String]) -> [BuildInput] {
        [rows[id] ?? .absent("item:pokeapi:row:\(id)")] + names.map(typeLabel)
    }
}

extension LocalizedText: Fingerprinted {
    public func write(to writer: inout FingerprintWriter) { writer.add(values) }
}

extension Pokemon: Fingerprinted {
    public func write(to writer: inout FingerprintWriter) {
        writer.add(id, name, names, genus, flavorText, types, abilities, height, weight, stats, sprites, evolutionChainID)
    }
}

extension Pokemon.AbilitySlot: Fingerprinted {
    public func write(to writer: inout FingerprintWriter) { writer.add(name, isHidden) }
}

extension Pokemon.BaseStat: Fingerprinted {
    public func write(to writer: inout FingerprintWriter) { writer.add(name, value) }
}

extension Pokemon.Sprites: Fingerprinted {
    public func write(to writer: inout FingerprintWriter) { writer.add(front, back, frontShiny, backShiny, female, dreamWorld, games) }
}

extension Pokemon.GameSprite: Fingerprinted {
    public func write(to writer: inout FingerprintWriter) { writer.add(game, url) }
}

extension PokemonType: Fingerprinted {
    public func write(to writer: inout FingerprintWriter) { writer.add(id, name, names, pokemonIDs) }
}

extension EvolutionChain: Fingerprinted {
    public func write(to writer: inout FingerprintWriter) { writer.add(id, stages) }
}
