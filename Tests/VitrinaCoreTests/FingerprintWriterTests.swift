import Testing
import TestSupport
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// The fingerprints of what pages show: unambiguous, independent of hashing order, and covering every property.
@Suite("Fingerprint writer")
struct FingerprintWriterTests {
    static let character = RickAndMortyCharacter(
        id: 1, name: "Rick Sanchez", status: .alive, species: "Human", type: "", gender: "Male",
        origin: .init(name: "Earth (C-137)", locationID: 1), location: .init(name: "Citadel", locationID: nil),
        image: "https://rickandmortyapi.com/api/character/avatar/1.jpeg", episodeIDs: [1, 2])
    static let pokemon = Pokemon(
        id: 25, name: "pikachu", names: LocalizedText(["es": "Pikachu", "ja": "ピカチュウ"]), genus: LocalizedText(["en": "Mouse Pokémon"]),
        flavorText: LocalizedText(), types: ["electric"], abilities: [.init(name: "static", isHidden: false)], height: 4, weight: 60,
        stats: [.init(name: "hp", value: 35)], sprites: .init(front: "f.png", games: [.init(game: "red-blue", url: "rb.png")]),
        evolutionChainID: 10)

    @Test func lengthsAndKindsKeepDifferentValuesApart() {
        func hex(_ write: (inout FingerprintWriter) -> Void) -> String {
            var writer = FingerprintWriter()
            write(&writer)
            return writer.hex
        }
        let fingerprints = [
            hex { $0.add("ab", "c") }, hex { $0.add("a", "bc") }, hex { $0.add("1") }, hex { $0.add(1) },
            hex { $0.add(String?.none) }, hex { $0.add("") }, hex { $0.add([String]()) }, hex { $0.add([""]) },
            hex { $0.add([[1], [2]]) }, hex { $0.add([[1, 2]]) }, hex { $0.add(true) }, hex { $0.add(1.0) },
        ]
        #expect(Set(fingerprints).count == fingerprints.count)
        #expect(["a": "1", "b": "2"].fingerprint == ["b": "2", "a": "1"].fingerprint, "keys in order, whatever the hashing")
    }

    /// A property added to a model and left out of its fingerprint would let an incremental build keep a stale page.
    @Test func everyStoredPropertyOfTheModelsIsWritten() {
        func fields(_ value: some Fingerprinted) -> Int {
            var writer = FingerprintWriter()
            value.write(to: &writer)
            return writer.fields
        }
        func expectAll(_ value: some Fingerprinted) {
            #expect(fields(value) == Mirror(reflecting: value).children.count, "\(type(of: value))")
        }
        expectAll(Self.character)
        expectAll(Self.character.origin)
        expectAll(Episode(id: 1, name: "Pilot", code: "S01E01", airDate: "December 2, 2013", characterIDs: [1]))
        expectAll(Location(id: 1, name: "Earth", type: "Planet", dimension: "C-137", residentIDs: [1]))
        expectAll(Self.pokemon)
        expectAll(Self.pokemon.abilities[0])
        expectAll(Self.pokemon.stats[0])
        expectAll(Self.pokemon.sprites)
        expectAll(Self.pokemon.sprites.games[0])
        expectAll(PokemonType(id: 13, name: "electric", names: LocalizedText(["es": "Eléctrico"]), pokemonIDs: [25]))
        expectAll(EvolutionChain(id: 10, stages: [[172], [25], [26]]))
        expectAll(Profile(name: "Ana", photo: nil, details: [.init(key: "city", labels: ["es": "Ciudad"], value: "Lima")]))
        expectAll(Profile.Detail(key: "city", labels: ["es": "Ciudad"], value: "Lima"))
    }

    @Test func anyChangedValueChangesTheFingerprint() {
        let base = Self.character
        func with(status: RickAndMortyCharacter.Status = base.status, species: String = base.species,
                  location: RickAndMortyCharacter.Place = base.location, episodes: [Int] = base.episodeIDs) -> RickAndMortyCharacter {
            RickAndMortyCharacter(id: base.id, name: base.name, status: status, species: species, type: base.type, gender: base.gender,
                                  origin: base.origin, location: location, image: base.image, episodeIDs: episodes)
        }
        let variants = [with(), with(status: .dead), with(species: "Alien"), with(location: .init(name: "Citadel", locationID: 3)),
                        with(episodes: [1]), with(episodes: [2, 1])]
        #expect(Set(variants.map(\.fingerprint)).count == variants.count)
        #expect(with().fingerprint == base.fingerprint)
    }
}

/// The content fingerprint of memos and pages: any one changed byte, and any change of length, changes it.
@Suite("Content fingerprint")
struct ContentFingerprintTests {
    @Test func everyChangedByteOrLengthChangesIt() {
        var random = SeededGenerator(seed: 2026)
        for _ in 0..<2_000 {
            let count = Int.random(in: 0...80, using: &random)
            let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
            let fingerprint = Fingerprint.content(bytes)
            #expect(Fingerprint.content(bytes) == fingerprint, "the same bytes, the same fingerprint")
            #expect(fingerprint.utf8.count == 16)
            #expect(Fingerprint.content(bytes + [0]) != fingerprint, "a zero byte more: \(bytes)")
            guard count > 0 else { continue }
            var changed = bytes
            let index = Int.random(in: 0..<count, using: &random)
            changed[index] &+= UInt8.random(in: 1...255, using: &random)
            #expect(Fingerprint.content(changed) != fingerprint, "byte \(index) of \(bytes)")
        }
        #expect(Fingerprint.content("héllo") == Fingerprint.content(Array("héllo".utf8)), "a text is its UTF-8")
    }
}
