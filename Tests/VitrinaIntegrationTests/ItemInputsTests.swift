import Foundation
import Testing
import TestSupport
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// Item-level incremental builds of the Swift API features: a page records what it shows of each item, so a changed
/// response draws again only the pages showing what changed, and the output always equals a full build.
/// Construcciones incrementales por elemento: una respuesta cambiada solo redibuja las páginas que muestran lo cambiado.
@Suite("Item-level incremental builds")
struct ItemInputsTests {
    static let characters = "https://rickandmortyapi.com/api/character?page=2"

    /// The default test site built once from the replay server, its working cache (where edits go) and the options of an
    /// offline build that reads them.
    private func withBuiltSite(_ body: (TestSite, ResponseCache, BuildOptions) async throws -> Void) async throws {
        try await withReplayServer { server in
            let site = try TestSite()
            defer { site.remove() }
            _ = try await site.build(site.options(server: server))
            try await body(site, ResponseCache(directory: site.root + "/.vitrina/cache"), site.options(server: nil, offline: true))
        }
    }

    /// One character's status changed in the cached response: its page, its grid page, the map, the one episode and one
    /// location that show it, and the characters' first page (its data script, with the statuses, got a new name) are
    /// drawn again, in each language, and nothing else.
    @Test func oneCharacterChangedRedrawsOnlyThePagesShowingIt() async throws {
        try await withBuiltSite { site, cache, offline in

            // A field no page shows (`created`) changed: nothing is drawn.
            let before = site.state()
            try ResponseEdit.character(24, in: Self.characters, cache: cache) { $0["created"] = "2030-01-01T00:00:00.000Z" }
            let unseen = try await site.build(offline)
            #expect(unseen.rendered == 0)

            try ResponseEdit.character(24, in: Self.characters, cache: cache) { $0["status"] = "Dead" }
            let rebuilt = try await site.build(offline)
            let drawn = site.drawn(since: before)
            #expect(drawn == [
                "personajes/24-armagheadon/index.html", "en/characters/24-armagheadon/index.html",
                "personajes/index.html", "en/characters/index.html",
                "personajes/pagina/2/index.html", "en/characters/page/2/index.html",
                "personajes/mapa/index.html", "en/characters/map/index.html",
                "episodios/16-get-schwifty/index.html", "en/episodes/16-get-schwifty/index.html",
                "lugares/22-signus-5-expanse/index.html", "en/locations/22-signus-5-expanse/index.html",
            ])
            #expect(rebuilt.rendered == drawn.count)
            #expect(try site.read("personajes/24-armagheadon/index.html").contains("status-dead"))
            try await site.expectSameAsFullBuild(offline)
        }
    }

    /// Seeded random edits of recorded responses (names, statuses, species, places, casts, stats, translations, products, items
    /// removed…), three before each build and every kind at least once: the incremental build equals a full build byte for
    /// byte each time, and draws no page of a source that was not edited (nor any of the app's screens but the albums, and
    /// the search page when its data script got a new name).
    @Test func seededRandomEditsOfResponsesAlwaysMatchAFullBuild() async throws {
        try await withBuiltSite { site, cache, offline in
            // The products' JSON with its keys in order, as every edit writes it (declared items keep their key order).
            try ResponseEdit.edit(ResponseEdit.products, cache: cache) { _ in }
            _ = try await site.build(offline)
            var random = SeededGenerator(seed: 20_261_313)
            let edits = ResponseEdit.all.shuffled(using: &random)
            for round in 0..<(edits.count + 2) / 3 {
                let chosen = edits.dropFirst(round * 3).prefix(3)
                var done: [String] = []
                for edit in chosen { done.append(try edit.apply(&random, cache: cache)) }
                let before = site.state()
                _ = try await site.build(offline)
                // A product's category is its term: the categories' pages follow the store's edits.
                let folders = ["album/", "en/album/", "buscar/", "en/search/", "categorias/", "en/categories/"] + Set(chosen.map(\.target.source)).flatMap { ResponseEdit.folders[$0] ?? [] }
                let stray = site.drawn(since: before).filter { file in !folders.contains { file.hasPrefix($0) } }
                #expect(stray.isEmpty, "round \(round): \(done) drew \(stray.sorted())")
                try await site.expectSameAsFullBuild(offline, comment: "after round \(round): \(done)")
            }
        }
    }
}

/// One kind of change to a recorded response in the working cache (a field of one item), made on its decoded JSON.
/// Un tipo de cambio en una respuesta grabada de la caché de trabajo (un campo de un elemento), hecho sobre su JSON.
struct ResponseEdit: Sendable {
    enum Target: String, Sendable {
        case character, episode, location, pokemon, species = "pokemon-species", pokemonList, product

        /// The source whose response it is.
        var source: String {
            switch self {
            case .character, .episode, .location: "rickandmorty"
            case .pokemon, .species, .pokemonList: "pokeapi"
            case .product: "store"
            }
        }
    }

    /// The folders of each source's pages, in both languages.
    static let folders = [
        "rickandmorty": ["personajes/", "episodios/", "lugares/", "en/characters/", "en/episodes/", "en/locations/"],
        "pokeapi": ["pokemon/", "en/pokemon/"],
        "store": ["tienda/", "en/store/"],
    ]

    let target: Target
    let field: String

    static let all: [ResponseEdit] =
        ["name", "status", "species", "type", "gender", "origin", "location", "episode", "remove"].map { ResponseEdit(target: .character, field: $0) }
        + ["name", "air_date", "episode", "characters", "remove"].map { ResponseEdit(target: .episode, field: $0) }
        + ["name", "type", "dimension", "residents", "remove"].map { ResponseEdit(target: .location, field: $0) }
        + ["name", "weight", "height", "stats", "abilities"].map { ResponseEdit(target: .pokemon, field: $0) }
        + ["names", "genera", "flavor_text_entries"].map { ResponseEdit(target: .species, field: $0) }
        + [ResponseEdit(target: .pokemonList, field: "remove")]
        + ["title", "price", "description", "category", "rating", "remove"].map { ResponseEdit(target: .product, field: $0) }

    static let rickAndMorty = "https://rickandmortyapi.com/api"
    static let pokeAPI = "https://pokeapi.co/api/v2"
    static let products = "https://fakestoreapi.com/products"
    /// Species, names and places the recordings do not have (mostly), so sets of them change too.
    static let words = ["Cronenberg", "Gazorpian", "Mythological", "Robot", "Zeta", "Ñandú", "日本", "Human"]
    static let pokemonIDs = [1, 2, 3, 4, 25]

    /// Changes (or removes, for "remove") one random item of the response; returns what it did, for the failure message.
    func apply(_ random: inout SeededGenerator, cache: ResponseCache) throws -> String {
        let word = random.chance(0.2) ? HostileText.string(&random, maxPieces: 4) : random.pick(Self.words)
        let number = Int.random(in: 1...200, using: &random)
        let url: String
        switch target {
        case .character, .episode, .location:
            url = "\(Self.rickAndMorty)/\(target.rawValue)?page=\(Int.random(in: 1...2, using: &random))"
            let pick = Int.random(in: 0..<1000, using: &random)
            try Self.edit(url, cache: cache) { json in
                json = Self.results(json) { items in
                    guard !items.isEmpty else { return }
                    if field == "remove" { items.remove(at: pick % items.count) } else { change(&items[pick % items.count], word: word, number: number) }
                }
            }
        case .product:
            url = Self.products
            let pick = Int.random(in: 0..<1000, using: &random)
            try Self.edit(url, cache: cache) { json in
                guard var items = json as? [[String: Any]], !items.isEmpty else { return }
                if field == "remove" { items.remove(at: pick % items.count) } else { change(&items[pick % items.count], word: word, number: number) }
                json = items
            }
        case .pokemonList:
            url = "\(Self.pokeAPI)/pokemon/?limit=2&offset=\(random.pick([0, 2, 4]))"
            let pick = Int.random(in: 0..<1000, using: &random)
            try Self.edit(url, cache: cache) { json in
                json = Self.results(json) { items in if !items.isEmpty { items.remove(at: pick % items.count) } }
            }
        case .pokemon, .species:
            url = "\(Self.pokeAPI)/\(target.rawValue)/\(random.pick(Self.pokemonIDs))/"
            try Self.edit(url, cache: cache) { json in
                guard var item = json as? [String: Any] else { return }
                change(&item, word: word, number: number)
                json = item
            }
        }
        return "\(url) \(field) → \(String(reflecting: word)) / \(number)"
    }

    /// The field changed as an API might change it.
    private func change(_ item: inout [String: Any], word: String, number: Int) {
        let list = item[field] as? [Any] ?? []
        switch (target, field) {
        case (.character, "status"): item[field] = ["Alive", "Dead", "unknown"][number % 3]
        case (.character, "origin"), (.character, "location"):
            // Often a place other characters are at, so their points on the map move.
            let place = [3, 20, number % 80][number % 3]
            item[field] = ["name": word, "url": number % 5 == 0 ? "" : "\(Self.rickAndMorty)/location/\(place)"]
        case (.character, "episode"): item[field] = Array(list.dropLast())
        case (_, "characters"), (_, "residents"): item[field] = list + ["\(Self.rickAndMorty)/character/\(number % 30)"]
        case (.pokemon, "weight"), (.pokemon, "height"): item[field] = number
        case (.product, "price"): item[field] = Double(number) / 4
        case (.product, "rating"): item[field] = ["rate": Double(number % 50) / 10, "count": number]
        case (.product, "category"): item[field] = number % 2 == 0 ? "electronics" : word
        case (.pokemon, "stats"), (.pokemon, "abilities"), (.species, _):
            guard var entries = list as? [[String: Any]], !entries.isEmpty else { return }
            let index = number % entries.count
            switch field {
            case "stats": entries[index]["base_stat"] = number
            case "abilities": entries[index]["is_hidden"] = !(entries[index]["is_hidden"] as? Bool ?? false)
            default: entries[index][["names": "name", "genera": "genus"][field] ?? "flavor_text"] = word
            }
            item[field] = entries
        default: item[field] = word
        }
    }

    /// Rewrites the response at `url` with `change` applied to its JSON, written with its keys in order.
    static func edit(_ url: String, cache: ResponseCache, _ change: (inout Any) -> Void) throws {
        var response = try #require(cache.read(url), "\(url) is cached")
        var json = try JSONSerialization.jsonObject(with: Data(response.body), options: [.fragmentsAllowed])
        change(&json)
        response.body = Array(try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys]))
        try cache.write(response)
    }

    /// Changes the character of id `id` in the page of characters at `url`.
    static func character(_ id: Int, in url: String, cache: ResponseCache, _ change: (inout [String: Any]) -> Void) throws {
        try edit(url, cache: cache) { json in
            json = results(json) { items in
                for index in items.indices where (items[index]["id"] as? Int) == id { change(&items[index]) }
            }
        }
    }

    /// The page with its `results` changed.
    static func results(_ json: Any, _ change: (inout [[String: Any]]) -> Void) -> Any {
        guard var page = json as? [String: Any], var items = page["results"] as? [[String: Any]] else { return json }
        change(&items)
        page["results"] = items
        return page
    }
}
