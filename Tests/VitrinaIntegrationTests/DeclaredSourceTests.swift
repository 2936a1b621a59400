import Foundation
import Testing
import TestSupport
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// A fetcher over the real client chain (retries, per-host limit, breaker) with its own cache and snapshot folders.
/// Un fetcher sobre la cadena de clientes real, con sus propias carpetas de caché e instantánea.
final class DeclaredHarness: Sendable {
    let root: String
    let client = LiveHTTPClient()
    let diagnostics = Diagnostics()

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("vitrina-declared-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    /// Each source is pointed at its own base URL (the replay server's) as `--api` does, unless `overrides` says otherwise.
    func fetcher(_ sources: [String: SourceConfig], overrides: [String: String] = [:], offline: Bool = false) -> Fetcher {
        let overrides = sources.mapValues(\.baseURL).merging(overrides) { $1 }
        let breaker = CircuitBreaker()
        let limits = Dictionary(sources.values.map { (URLParts.host(of: $0.baseURL), $0.concurrency) }, uniquingKeysWith: min)
        let limited = HostLimitedHTTPClient(base: BreakingHTTPClient(base: client, breaker: breaker), limits: limits)
        let chain = RetryingHTTPClient(base: limited, policy: RetryPolicy(attempts: 4, baseDelay: .milliseconds(20), maxDelay: .seconds(3)),
                                       breaker: breaker)
        return Fetcher(client: chain, breaker: breaker, cache: ResponseCache(directory: root + "/cache"),
                       snapshot: Snapshot(directory: root + "/data"),
                       settings: Fetcher.Settings(sources: sources, overrides: overrides, offline: offline, timeout: TestSite.answerWait),
                       diagnostics: diagnostics)
    }

    func close() async {
        await client.shutdown()
        try? FileManager.default.removeItem(atPath: root)
    }
}

/// Runs `body` with a replay server and a harness, both closed afterwards.
func withDeclared<T>(_ body: (ReplayServer, DeclaredHarness) async throws -> T) async throws -> T {
    let harness = try DeclaredHarness()
    do {
        let value = try await withReplayServer { try await body($0, harness) }
        await harness.close()
        return value
    } catch {
        await harness.close()
        throw error
    }
}

/// Declared sources against the replay server on 127.0.0.1: every paging style with faults, limits, groups, details,
/// the errors, --offline, and the Fake Store and Rick and Morty recordings read with no Swift of their own.
/// Fuentes declaradas contra el servidor de réplica: cada forma de paginar con fallos, límites, grupos, detalles,
/// errores, --offline, y las grabaciones de Fake Store y Rick and Morty leídas sin Swift propio.
@Suite("Declared sources")
struct DeclaredSourceTests {
    static let catalogIDs = (1...12).map(String.init)

    private func path(_ text: String) -> JSONPath { try! JSONPath(parsing: text) }

    private func shop(_ server: ReplayServer, _ items: ItemsDeclaration, limit: Int? = nil, pageSize: Int = 5, maxAge: Duration = .seconds(86_400)) -> SourceConfig {
        SourceConfig(baseURL: server.baseURL, limit: limit, pageSize: pageSize, maxAge: maxAge, items: items)
    }

    private func load(_ fetcher: Fetcher, _ source: SourceConfig) async throws -> [DeclaredItem] {
        try await DeclaredSourceLoader().load(fetcher: fetcher, source: source, name: "shop")
    }

    /// The same catalog listed through each paging style, and the requests it takes.
    static let pagings: [(String, ItemsDeclaration, Int)] = {
        let id = try! JSONPath(parsing: "id"), name = try! JSONPath(parsing: "name"), results = try! JSONPath(parsing: "results")
        return [
            ("none", ItemsDeclaration(list: "/declared/all", at: try! JSONPath(parsing: "data.items"), id: id, title: name), 1),
            ("next", ItemsDeclaration(list: "/declared/next", paging: .next(try! JSONPath(parsing: "info.next")), at: results, id: id, title: name), 3),
            ("offset", ItemsDeclaration(list: "/declared/offset", paging: .offset(offsetParameter: "offset", limitParameter: "limit"), at: results,
                                     id: id, title: name), 3),
            ("pages", ItemsDeclaration(list: "/declared/pages", paging: .pages(parameter: "page"), id: id, title: name), 4),
            ("pages ending in 404", ItemsDeclaration(list: "/declared/pages404", paging: .pages(parameter: "page"), id: id, title: name), 4),
            ("link", ItemsDeclaration(list: "/declared/link", paging: .link, id: id, title: name), 3),
            ("cursor", ItemsDeclaration(list: "/declared/cursor", paging: .cursor(try! JSONPath(parsing: "meta.next_cursor"), parameter: "cursor"),
                                     at: try! JSONPath(parsing: "items"), id: id, title: name), 3),
        ]
    }()

    @Test(arguments: 0..<pagings.count)
    func everyPagingStyleListsTheCatalogThroughFaults(_ index: Int) async throws {
        let (kind, declaration, pages) = Self.pagings[index]
        try await withDeclared { server, harness in
            let prefix = "/" + declaration.list.split(separator: "/").joined(separator: "/")
            let source = shop(server, declaration, maxAge: .zero)
            // 500 then success through retries, then a 429 whose Retry-After is waited out.
            server.inject(.serverError, pathPrefix: prefix, times: 1)
            server.inject(.tooManyRequests(retryAfterSeconds: 1), pathPrefix: prefix, times: 1)
            let start = ContinuousClock.now
            let items = try await load(harness.fetcher(["shop": source]), source)
            #expect(ContinuousClock.now - start >= .seconds(1), "\(kind): waited as Retry-After asked")
            #expect(items.map(\.id) == Self.catalogIDs, "\(kind)")
            #expect(items.first?.title == "Desk Lamp" && items.last?.title == "Mirror")
            #expect(server.requests.count == pages + 2, "\(kind): \(server.requests.map(\.uri))")
            #expect(Set(items.flatMap(\.responses)).count == (kind.hasPrefix("pages") ? pages - 1 : pages), "each item names its list page")

            // --offline reads the same list from the cache (a list that ended with a 404 ends where the cache does).
            let offline = harness.fetcher(["shop": source], offline: true)
            #expect(try await load(offline, source) == items, "\(kind)")
            #expect(offline.missing.isEmpty, "\(kind)")

            // The API down: every page is served from the stale cache, with a warning per URL. A list that ended with a
            // 404 cannot end so while the API is down: that answer was never a copy to keep.
            server.inject(.serverError, pathPrefix: prefix)
            if kind == "pages ending in 404" {
                await #expect(throws: FetchError.status(url: "\(server.baseURL)/declared/pages404?page=4", status: 500)) {
                    try await load(harness.fetcher(["shop": source]), source)
                }
                return
            }
            let stale = try await load(harness.fetcher(["shop": source]), source)
            #expect(stale == items, "\(kind)")
            #expect(harness.diagnostics.warnings.contains { $0.kind == .stale && $0.message.contains("HTTP 500; served the copy") }, "\(kind)")
        }
    }

    @Test func linkPagingIsReadBackFromTheCacheAndTheSnapshot() async throws {
        try await withDeclared { server, harness in
            let declaration = Self.pagings[5].1
            let source = shop(server, declaration)
            let online = harness.fetcher(["shop": source])
            let items = try await load(online, source)
            #expect(items.count == 12)
            #expect(online.served.contains { $0.link?.contains(#"rel="next last""#) == true })
            let count = server.requests.count
            #expect(try await load(harness.fetcher(["shop": source], offline: true), source) == items, "the Link header kept in the cache")
            try Snapshot(directory: harness.root + "/data").replaceAll(with: online.served)
            try Files.remove(harness.root + "/cache")
            #expect(try await load(harness.fetcher(["shop": source], offline: true), source) == items, "and in the snapshot")
            #expect(server.requests.count == count)
        }
    }

    @Test func limitStopsPagingEarly() async throws {
        try await withDeclared { server, harness in
            let source = shop(server, Self.pagings[1].1, limit: 7)
            let items = try await load(harness.fetcher(["shop": source]), source)
            #expect(items.map(\.id) == (1...7).map(String.init))
            #expect(server.requests.map(\.uri) == ["/declared/next", "/declared/next?page=2"])
        }
    }

    @Test func groupsSlugsImagesAndSort() async throws {
        try await withDeclared { server, harness in
            var declaration = Self.pagings[0].1
            declaration.group = path("kind")
            declaration.images = [path("image"), path("media.thumb")]
            let source = shop(server, declaration)
            let items = try await load(harness.fetcher(["shop": source]), source)
            #expect(items.map(\.slug).prefix(8) == ["desk-lamp", "floor-lamp", "oak-table", "pine-chair", "wool-rug", "linen-curtain", "desk-lamp-2", "ceramic-vase"])
            #expect(items[0].images == ["\(server.baseURL)/declared/img/1.png", "https://cdn.example.org/t/1.jpg"])
            #expect(items[3].images == ["\(server.baseURL)/declared/img/4.png"], "a null image is no image")
            let groups = DeclaredGroup.groups(of: items)
            #expect(groups.map(\.name) == ["lighting", "furniture", "textiles", "decor"])
            #expect(groups.map { $0.items.map(\.id) } == [["1", "2", "7"], ["3", "4", "10"], ["5", "6", "11"], ["8", "9", "12"]])

            declaration.sort = ItemsDeclaration.SortOrder(path: path("price"), descending: true)
            let byPrice = try await load(harness.fetcher(["shop": shop(server, declaration)]), shop(server, declaration))
            #expect(byPrice.map(\.id) == ["3", "10", "5", "2", "12", "4", "6", "9", "1", "7", "8", "11"])
            #expect(byPrice.first(where: { $0.id == "7" })?.slug == "desk-lamp-2", "collisions numbered in list order, not sorted order")
            declaration.sort = ItemsDeclaration.SortOrder(path: path("name"), descending: false)
            let byName = try await load(harness.fetcher(["shop": shop(server, declaration)]), shop(server, declaration))
            #expect(byName.map(\.title).prefix(4) == ["Bookshelf", "Ceramic Vase", "Cushion", "Desk Lamp"])
            #expect(byName.map(\.id)[3...4] == ["1", "7"], "ties keep the API's order")
        }
    }

    /// `search:` names fields search finds an item by: text and numbers read as text, a missing field is none, and an
    /// object is refused naming the field and where it was read.
    @Test func searchFieldsAreReadAsText() async throws {
        try await withDeclared { server, harness in
            var declaration = Self.pagings[0].1
            declaration.search = [path("kind"), path("price"), path("missing.field")]
            let items = try await load(harness.fetcher(["shop": shop(server, declaration)]), shop(server, declaration))
            #expect(items[0].searchFields == ["lighting", "24.5"] && items[1].searchFields == ["lighting", "89"])
            declaration.search = [path("media")]
            let error = await #expect(throws: VitrinaError.self) {
                try await load(harness.fetcher(["shop": shop(server, declaration)]), shop(server, declaration))
            }
            #expect(error?.description.contains("search") == true && error?.description.contains("media") == true, "\(String(describing: error))")
            // Hostile values: markup kept as text (escaped where it is written), a long text cut, a long list bounded.
            let hostile = ItemsDeclaration(list: "/declared/searchable", id: path("id"), title: path("name"))
            var searchable = hostile
            searchable.search = [path("long"), path("many"), path("mixed")]
            let item = try #require(try await load(harness.fetcher(["shop": shop(server, searchable)]), shop(server, searchable)).first)
            #expect(item.searchFields[0].hasPrefix("<script>alert(1)</script>é"))
            #expect(item.searchFields[0].unicodeScalars.count == ItemReader.maxSearchField)
            #expect(item.searchFields[1...] == ArraySlice((0..<ItemReader.maxSearchValues).map { "v\($0)" } + ["a", "2", "2.5", "\u{0}"]))
        }
        #expect(try SiteConfig.parse("title: T\nsources:\n  s:\n    base_url: https://example.org\n    items: {list: /x, id: id, title: t, search: [a.b, c]}\n",
                                     file: "s.yml").sources["s"]?.items?.search.map(\.description) == ["a.b", "c"])
        let many = "[" + (0...ItemsDeclaration.maxSearchFields).map { "f\($0)" }.joined(separator: ", ") + "]"
        #expect(throws: VitrinaError.self) {
            try SiteConfig.parse("title: T\nsources:\n  s:\n    base_url: https://example.org\n    items: {list: /x, id: id, title: t, search: \(many)}\n", file: "s.yml")
        }
    }

    @Test func detailsFromATemplateAndFromAURLField() async throws {
        try await withDeclared { server, harness in
            var declaration = Self.pagings[1].1
            declaration.detail = .template(try URLTemplate(parsing: "/declared/items/{id}"))
            declaration.images = [path("gallery")]
            declaration.title = path("description")
            let source = shop(server, declaration)
            let items = try await load(harness.fetcher(["shop": source]), source)
            #expect(items.count == 12)
            #expect(items[0].title == "Desk Lamp, number 1, from the lighting collection.", "fields read from the detail body")
            #expect(items[0].fields.value(at: "stock") == .int(3))
            #expect(items[0].images == ["\(server.baseURL)/declared/img/1-a.png", "\(server.baseURL)/declared/img/1-b.png"])
            #expect(items[6].responses == ["\(server.baseURL)/declared/next?page=2", "\(server.baseURL)/declared/items/7"])
            #expect(server.requests.filter { $0.uri.hasPrefix("/declared/items/") }.count == 12)

            declaration.detail = .urlField(path("url"))
            let viaField = try await load(harness.fetcher(["shop": shop(server, declaration)]), shop(server, declaration))
            #expect(viaField == items, "the same detail URLs, now from the cache")
        }
    }

    @Test func aMissingFieldNamesTheURLThePathAndTheDeclaration() async throws {
        try await withDeclared { server, harness in
            let source = shop(server, ItemsDeclaration(list: "/declared/broken", at: path("results"), id: path("id"), title: path("name")))
            let error = try await #require(throws: VitrinaError.self) { try await load(harness.fetcher(["shop": source]), source) }
            #expect(error.stage == .map)
            #expect(error.message == "\(server.baseURL)/declared/broken: at results[3].name: the field is missing; "
                + "the declaration in Content/site.yml (sources.shop.items.title) names it")

            let wrongType = shop(server, ItemsDeclaration(list: "/declared/broken", at: path("results"), id: path("kind"), title: path("media")))
            let typed = try await #require(throws: VitrinaError.self) { try await load(harness.fetcher(["shop": wrongType]), wrongType) }
            #expect(typed.message.hasSuffix("at results[0].media: expected text, found an object; the declaration in Content/site.yml (sources.shop.items.title) names it"))

            let notAList = shop(server, ItemsDeclaration(list: "/declared/broken", at: path("results[0]"), id: path("id"), title: path("name")))
            let list = try await #require(throws: VitrinaError.self) { try await load(harness.fetcher(["shop": notAList]), notAList) }
            #expect(list.message.contains("/declared/broken: at results[0]: expected a list, found an object; the declaration in Content/site.yml (sources.shop.items.at)"))
        }
    }

    @Test func pagingLoopsAreStopped() async throws {
        try await withDeclared { server, harness in
            let looping = shop(server, ItemsDeclaration(list: "/declared/loop", paging: .next(path("next")), at: path("results"), id: path("id"), title: path("name")))
            let loop = try await #require(throws: VitrinaError.self) { try await load(harness.fetcher(["shop": looping]), looping) }
            #expect(loop.message == "\(server.baseURL)/declared/loop?page=2: the next page is \(server.baseURL)/declared/loop, which was already fetched: "
                + "a loop in the API's paging; check sources.shop.items.paging in Content/site.yml")

            let repeating = shop(server, ItemsDeclaration(list: "/declared/repeat", paging: .pages(parameter: "page"), id: path("id"), title: path("name")))
            let again = try await #require(throws: VitrinaError.self) { try await load(harness.fetcher(["shop": repeating]), repeating) }
            #expect(again.message.hasPrefix("\(server.baseURL)/declared/repeat?page=2: this page holds the same items as the page before"))
            #expect(server.requests.filter { $0.uri.hasPrefix("/declared/repeat") }.count == 2)
        }
    }

    @Test func pagesAndItemsAreBounded() async throws {
        try await withDeclared { server, harness in
            let source = shop(server, Self.pagings[3].1)
            let bounded = DeclaredSourceLoader(maxPages: 2, maxItems: 100)
            let error = try await #require(throws: VitrinaError.self) {
                try await bounded.load(fetcher: harness.fetcher(["shop": source]), source: source, name: "shop")
            }
            #expect(error.message == "\(server.baseURL)/declared/pages?page=1: the list goes on past 2 pages, which Vitrina does not follow; "
                + "set sources.shop.limit in Content/site.yml, or check sources.shop.items.paging")
            let capped = try await DeclaredSourceLoader(maxPages: 100, maxItems: 6).load(fetcher: harness.fetcher(["shop": source]), source: source, name: "shop")
            #expect(capped.map(\.id) == (1...6).map(String.init), "without limit: the loader's own bound")
        }
    }

    @Test func idsMustBeUniqueAndFieldsNotEmpty() async throws {
        try await withDeclared { server, harness in
            let byKind = shop(server, ItemsDeclaration(list: "/declared/all", at: path("data.items"), id: path("kind"), title: path("name")))
            let error = try await #require(throws: VitrinaError.self) { try await load(harness.fetcher(["shop": byKind]), byKind) }
            #expect(error.message.contains(#"the id "lighting" comes twice"#), "\(error.message)")
            let empty = shop(server, ItemsDeclaration(list: "/declared/all", at: path("data.items"), id: path("id"), title: path("name"),
                                                   slug: FieldText(parts: [.field(path("media.thumb"))])))
            let emptyError = try await #require(throws: VitrinaError.self) { try await load(harness.fetcher(["shop": empty]), empty) }
            #expect(emptyError.message.hasSuffix("at data.items[3].media.thumb: expected text, found null; "
                + "the declaration in Content/site.yml (sources.shop.items.slug) names it"))
        }
    }

    @Test func aNextURLToAnotherHostIsRefused() async throws {
        try await withDeclared { server, harness in
            let source = shop(server, ItemsDeclaration(list: "/declared/foreign", paging: .next(path("next")), at: path("results"), id: path("id"), title: path("name")))
            let error = try await #require(throws: VitrinaError.self) { try await load(harness.fetcher(["shop": source]), source) }
            #expect(error.message.contains("at next: the URL http://evil.example/declared/foreign?page=2 is outside the source's base_url \(server.baseURL)"))
            #expect(server.requests.count == 1)
        }
    }

    @Test func offlineWithAnEmptyCacheListsTheMissingURLs() async throws {
        try await withDeclared { server, harness in
            var declaration = Self.pagings[1].1
            let source = shop(server, declaration)
            let empty = harness.fetcher(["shop": source], offline: true)
            await #expect(throws: FetchError.missingOffline(url: "\(server.baseURL)/declared/next")) { try await load(empty, source) }
            #expect(empty.missing == ["\(server.baseURL)/declared/next"])

            // With the list cached but not the details, every detail URL is listed, not only the first.
            _ = try await load(harness.fetcher(["shop": source]), source)
            declaration.detail = .template(try URLTemplate(parsing: "/declared/items/{id}"))
            let detailed = shop(server, declaration)
            let listOnly = harness.fetcher(["shop": detailed], offline: true)
            await #expect(throws: FetchError.missingOffline(url: "\(server.baseURL)/declared/items/1")) { try await load(listOnly, detailed) }
            #expect(listOnly.missing == (1...12).map { "\(server.baseURL)/declared/items/\($0)" }.sorted())
            #expect(server.requests.count == 3)
        }
    }

    /// Seeded: a declared number that is out of range, or no number, fails naming the URL and the JSON path; one in range
    /// is kept as it is (read offline from the cache, as a build with no network would).
    @Test func declaredNumbersAreRangeChecked() async throws {
        let harness = try DeclaredHarness()
        defer { Task { await harness.close() } }
        var declaration = ItemsDeclaration(list: "/products", id: path("id"), title: path("title"))
        declaration.numbers = [ItemsDeclaration.NumberFormat(name: "rate", path: path("rating.rate"))]
        let source = SourceConfig(baseURL: "https://shop.example", items: declaration)
        let cache = ResponseCache(directory: harness.root + "/cache")
        let written = ["1e300", "-1e16", "1e15", "-1e15", "4.5", "0", "-0", "\"4\"", "null", "true", "{}", "1000000000000001",
                       "123456789012345678901234567890", "999999999999999.9"]
        var random = SeededGenerator(seed: 73)
        for number in 0..<40 {
            let text = random.pick(written + [String(Double.random(in: -2e15...2e15, using: &random))])
            try cache.write(StoredResponse(url: "https://shop.example/products", status: 200, contentType: "application/json", etag: nil,
                                           lastModified: nil, fetchedAt: Date().timeIntervalSince1970,
                                           body: Array(#"[{"id":1,"title":"t","rating":{"rate":\#(text)}}]"#.utf8)))
            let expected = Double(text).flatMap { $0.isFinite && abs($0) <= ItemsDeclaration.NumberFormat.maxMagnitude ? $0 : nil }
            do {
                let items = try await load(harness.fetcher(["shop": source], offline: true), source)
                #expect(expected != nil, "case \(number): \(text) was kept")
                #expect(items.first?.numbers["rate"] == expected, "case \(number): \(text)")
            } catch let error as VitrinaError {
                #expect(expected == nil, "case \(number): \(text) failed: \(error.message)")
                #expect(error.message.hasPrefix("https://shop.example/products: at [0].rating.rate: "), "case \(number): \(error.message)")
                #expect(error.message.contains("sources.shop.items.numbers.rate"), "case \(number): \(error.message)")
            }
        }
    }

    /// The Fake Store recording, declared with paging none and the body itself as the array.
    @Test func fakeStoreProductsWithoutSwift() async throws {
        try await withDeclared { server, harness in
            let source = SourceConfig(baseURL: "https://fakestoreapi.com", items: ItemsDeclaration(
                list: "/products", id: path("id"), title: path("title"), images: [path("image")], group: path("category")))
            let items = try await DeclaredSourceLoader().load(
                fetcher: harness.fetcher(["fakestore": source], overrides: ["fakestore": server.baseURL]), source: source, name: "fakestore")
            let fixture = try #require(try JSONSerialization.jsonObject(
                with: Data(contentsOf: Fixtures.recordings.appendingPathComponent("fakestoreapi.com/products/index.json"))) as? [[String: Any]])
            #expect(items.count == 20)
            #expect(items.map(\.id) == fixture.map { "\($0["id"] as? Int ?? -1)" })
            #expect(items.map(\.title) == fixture.map { $0["title"] as? String ?? "" })
            #expect(items.map(\.group) == fixture.map { $0["category"] as? String })
            #expect(items.map(\.images) == fixture.map { [$0["image"] as? String ?? ""] })
            #expect(items.allSatisfy { $0.responses == ["https://fakestoreapi.com/products"] })
            #expect(items[0].fields.value(at: "rating.rate") == .double(3.9))
            #expect(Set(DeclaredGroup.groups(of: items).map(\.slug)) == ["men-s-clothing", "jewelery", "electronics", "women-s-clothing"])
        }
    }

    /// Rick and Morty's `info.next` paging, its next URLs written for the real host and fetched through --api.
    @Test func rickAndMortyCharactersThroughNextURLs() async throws {
        try await withDeclared { server, harness in
            let source = SourceConfig(baseURL: "https://rickandmortyapi.com", limit: 23, items: ItemsDeclaration(
                list: "/api/character", paging: .next(path("info.next")), at: path("results"), id: path("id"), title: path("name"),
                images: [path("image")], group: path("species")))
            let fetcher = harness.fetcher(["rickandmorty": source], overrides: ["rickandmorty": server.baseURL])
            let items = try await DeclaredSourceLoader().load(fetcher: fetcher, source: source, name: "rickandmorty")
            #expect(items.map(\.id) == (1...23).map(String.init))
            #expect(items[0].title == "Rick Sanchez" && items[0].group == "Human")
            #expect(items[0].images == ["https://rickandmortyapi.com/api/character/avatar/1.jpeg"])
            #expect(items[22].responses == ["https://rickandmortyapi.com/api/character/?page=2"])
            #expect(server.requests.map(\.uri) == ["/api/character", "/api/character/?page=2"])
        }
    }

    /// A next URL written with the --api address (a local mirror) is mapped back under base_url.
    @Test func nextURLsOfAnOverriddenSourceAreCanonical() async throws {
        try await withDeclared { server, harness in
            let source = SourceConfig(baseURL: "https://shop.example", pageSize: 5, items: Self.pagings[1].1)
            let fetcher = harness.fetcher(["shop": source], overrides: ["shop": server.baseURL + "/"])
            let items = try await load(fetcher, source)
            #expect(items.count == 12)
            #expect(fetcher.served.map(\.url) == ["https://shop.example/declared/next", "https://shop.example/declared/next?page=2",
                                                  "https://shop.example/declared/next?page=3"])
        }
    }
}
