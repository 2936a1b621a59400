import Foundation
import Testing
import TestSupport
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// Each fault the replay server can inject, and what the build does about it.
@Suite("Faults during fetch")
struct FetchFaultTests {
    static let staleConfig = TestSite.defaultConfig.replacingOccurrences(of: "max_age: 7d", with: "max_age: 0")
    static let staleStoreConfig = TestSite.defaultConfig.replacingOccurrences(
        of: TestSite.storeSource, with: TestSite.storeSource.replacingOccurrences(of: "max_age: 7d", with: "max_age: 0"))

    func requests(_ server: ReplayServer, path: String) -> [RecordedRequest] {
        server.requests.filter { $0.uri.hasPrefix(path) }
    }

    @Test func tooManyRequestsIsRetriedAfterRetryAfter() async throws {
        try await withReplayServer { server in
            try await withSite { site in
                server.inject(.tooManyRequests(retryAfterSeconds: 1), pathPrefix: "/api/v2/pokemon/25/", times: 1)
                let start = ContinuousClock.now
                let report = try await site.build(site.options(server: server))
                #expect(ContinuousClock.now - start >= .seconds(1), "waited as Retry-After asked")
                #expect(requests(server, path: "/api/v2/pokemon/25/").count == 2)
                #expect(report.warnings.isEmpty)
                #expect(site.exists("pokemon/25-pikachu/index.html"))
            }
        }
    }

    @Test func serverErrorsAreRetriedWithBackoff() async throws {
        try await withReplayServer { server in
            try await withSite { site in
                server.inject(.serverError, pathPrefix: "/products", times: 2)
                server.inject(.serviceUnavailable(retryAfterSeconds: nil), pathPrefix: "/api/location", times: 1)
                _ = try await site.build(site.options(server: server))
                #expect(requests(server, path: "/products").count == 3)
                #expect(requests(server, path: "/api/location").count == 5, "4 pages and one retry")
                #expect(try site.read("tienda/index.html").contains("Electrónica"))
            }
        }
    }

    @Test func cutOffBodyIsRetried() async throws {
        try await withReplayServer { server in
            try await withSite { site in
                server.inject(.truncatedBody, pathPrefix: "/api/v2/pokemon-species/1/", times: 1)
                _ = try await site.build(site.options(server: server))
                #expect(requests(server, path: "/api/v2/pokemon-species/1/").count == 2)
                #expect(try site.read("pokemon/1-bulbasaur/index.html").contains("Pokémon Semilla"))
            }
        }
    }

    @Test func malformedJSONFailsNamingTheURLAndKeepsThePreviousOutput() async throws {
        try await withReplayServer { server in
            try await withSite { site in
                _ = try await site.build(site.options(server: server))
                let before = try site.snapshotOfOutput()
                try Files.remove(site.root + "/.vitrina")
                server.inject(.malformedJSON, pathPrefix: "/api/v2/pokemon/4/")
                let failure = try #require(await site.failure(site.options(server: server)))
                #expect(failure.error.stage == .map)
                #expect(failure.error.message.contains("https://pokeapi.co/api/v2/pokemon/4/"))
                #expect(failure.error.message.contains("not valid JSON"))
                #expect(try site.snapshotOfOutput() == before, "a failed build leaves the previous Output/ as it was")
                #expect(!Files.exists(site.root + "/.Output.staging"))
            }
        }
    }

    @Test func aSourceThatIsDownFailsWithURLStatusAndAdvice() async throws {
        try await withReplayServer { server in
            try await withSite { site in
                _ = try await site.build(site.options(server: server))
                let before = try site.snapshotOfOutput()
                try Files.remove(site.root + "/.vitrina")
                server.inject(.serverError, pathPrefix: "/products")
                let failure = try #require(await site.failure(site.options(server: server)))
                #expect(failure.error.stage == .fetch)
                #expect(failure.error.message.contains("https://fakestoreapi.com/products"))
                #expect(failure.error.message.contains("HTTP 500"))
                #expect(failure.error.message.contains("try again later"))
                #expect(try site.snapshotOfOutput() == before)
            }
        }
    }

    @Test func staleCopyServesWhenTheSourceIsDownAndFailsUnderStrict() async throws {
        try await withReplayServer { server in
            try await withSite(config: Self.staleConfig) { site in
                _ = try await site.build(site.options(server: server))
                server.inject(.serverError, pathPrefix: "/products")
                let report = try await site.build(site.options(server: server))
                let stale = report.warnings.filter { $0.kind == .stale }
                #expect(stale.count == 1, "\(stale)")
                #expect(stale.contains { $0.message.contains("https://fakestoreapi.com/products: HTTP 500; served the copy fetched") })
                #expect(report.fetch.stale == 1)

                let strict = try #require(await site.failure(site.options(server: server, strict: true)))
                #expect(strict.error.message.contains("--strict"))
                #expect(strict.error.message.contains("https://fakestoreapi.com/products: HTTP 500"))
            }
        }
    }

    @Test func noAnswerTimesOutAndServesTheStaleCopy() async throws {
        try await withReplayServer { server in
            try await withSite(config: Self.staleStoreConfig) { site in
                _ = try await site.build(site.options(server: server))
                server.inject(.noAnswer, pathPrefix: "/products")
                // Only the store's copies are stale, so no other request is in flight to time out on a loaded machine and
                // be named first: every source shares the replay server's host, which a run of timeouts marks down as a whole.
                let report = try await site.build(site.options(server: server, timeout: .seconds(3)))
                #expect(report.warnings.contains { $0.kind == .stale && $0.message.contains("/products") && $0.message.contains("timed out") },
                        "\(report.warnings)")
                #expect(try site.read("tienda/index.html").contains("Joyería"))
            }
        }
    }

    @Test func latencyIsWaitedOut() async throws {
        try await withReplayServer { server in
            try await withSite { site in
                server.inject(.latency(.milliseconds(300)), pathPrefix: "/api/episode")
                let report = try await site.build(site.options(server: server))
                #expect(report.warnings.isEmpty)
                #expect(site.exists("episodios/1-pilot/index.html"))
            }
        }
    }
}

/// The cache, revalidation, offline mode and the snapshot, seen from whole builds.
@Suite("Cache and snapshot")
struct CacheAndSnapshotTests {
    @Test func freshCacheCostsNoRequest() async throws {
        try await withReplayServer { server in
            try await withSite { site in
                let first = try await site.build(site.options(server: server))
                #expect(first.fetch.network > 0)
                let count = server.requests.count
                let second = try await site.build(site.options(server: server))
                #expect(server.requests.count == count, "no request while the cache is fresh")
                #expect(second.fetch.requests == 0 && second.fetch.cacheHits == first.fetch.network)
            }
        }
    }

    @Test func staleEntriesAreRevalidatedWithETags() async throws {
        try await withReplayServer { server in
            try await withSite(config: FetchFaultTests.staleConfig) { site in
                _ = try await site.build(site.options(server: server))
                let count = server.requests.count
                let second = try await site.build(site.options(server: server))
                let again = server.requests.dropFirst(count)
                let revalidations = again.filter { $0.headers["if-none-match"] != nil && $0.headers["if-modified-since"] != nil }
                #expect(!revalidations.isEmpty)
                // By URL: on a loaded machine a slow answer may be asked for twice (a retry), and counts once.
                #expect(second.fetch.revalidated == Set(revalidations.map(\.uri)).count && second.fetch.network == 0,
                        "\(second.fetch) for \(revalidations.count) revalidations of \(Set(revalidations.map(\.uri)).count) URLs")
                let unconditional = again.filter { $0.headers["if-none-match"] == nil }.map(\.uri)
                #expect(unconditional.allSatisfy { $0.hasPrefix("/PokeAPI/sprites/") }, "only never-cached (missing) images go unconditional: \(unconditional)")
            }
        }
    }

    @Test func everyRequestNamesVitrinaInTheUserAgent() async throws {
        try await withReplayServer { server in
            try await withSite { site in
                _ = try await site.build(site.options(server: server))
                #expect(!server.requests.isEmpty)
                #expect(server.requests.allSatisfy { $0.headers["user-agent"]?.hasPrefix("Vitrina/\(VitrinaVersion.number)") == true })
            }
        }
    }

    @Test func offlineWithNothingCachedListsEveryMissingURLAndOpensNoConnection() async throws {
        try await withReplayServer { server in
            try await withSite { site in
                let failure = try #require(await site.failure(site.options(server: server, offline: true)))
                #expect(server.requests.isEmpty)
                #expect(failure.error.stage == .fetch)
                for url in ["https://pokeapi.co/api/v2/pokemon/?limit=2&offset=0", "https://rickandmortyapi.com/api/character?page=1",
                            "https://rickandmortyapi.com/api/episode?page=1", "https://fakestoreapi.com/products"] {
                    #expect(failure.error.message.contains(url), "\(url) listed")
                }
                #expect(failure.error.message.contains("--offline"))
            }
        }
    }

    @Test func snapshotMadeByFetchBuildsOfflineWithoutRequests() async throws {
        try await withReplayServer { server in
            try await withSite { site in
                let client = LiveHTTPClient()
                let fetched = try await BuildPipeline(options: site.options(server: server), client: client).fetch(updateSnapshot: true)
                await client.shutdown()
                #expect(fetched.2 > 100)
                #expect(Files.exists(site.root + "/Content/data/manifest.json"))
                #expect(Files.exists(site.root + "/Content/data/pokeapi.co/api/v2/pokemon/25/index.json.gz"))
                try Files.remove(site.root + "/.vitrina")
                let count = server.requests.count
                let report = try await site.build(site.options(server: nil, offline: true))
                #expect(server.requests.count == count)
                #expect(report.fetch.snapshotHits == fetched.2 && report.fetch.requests == 0)
                #expect(report.warnings.isEmpty, "\(report.warnings)")
                #expect(try site.read("pokemon/25-pikachu/index.html").contains("Pikachu"))
            }
        }
    }

    /// A picture its source says does not exist (404) is warned about once; the snapshot made from that fetch keeps the
    /// answer, so an offline build from it shows the placeholder with no warning (`--strict` passes on it).
    @Test func aPictureTheSourceLacksIsSettledWhenTheSnapshotIsMade() async throws {
        try await withReplayServer { server in
            try await withSite { site in
                let missing = "/PokeAPI/sprites/master/sprites/pokemon/back/25.png"
                server.inject(.notFound, pathPrefix: missing)
                let client = LiveHTTPClient()
                let (_, warnings, _) = try await BuildPipeline(options: site.options(server: server), client: client).fetch(updateSnapshot: true)
                await client.shutdown()
                #expect(warnings.contains { $0.kind == .image && $0.message.contains("back/25.png") && $0.message.contains("HTTP 404") }, "\(warnings)")
                try Files.remove(site.root + "/.vitrina")
                let report = try await site.build(site.options(server: nil, offline: true, strict: true))
                #expect(report.warnings.isEmpty, "\(report.warnings)")
                let page = try site.read("pokemon/25-pikachu/index.html")
                #expect(page.contains("src=\"../../assets/placeholder.svg\" width=\"96\" height=\"96\""))
                // The snapshot holds the answer itself (an empty body under its status), not the picture.
                #expect(Files.exists(site.root + "/Content/data/raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/back/25.png.gz"))
            }
        }
    }

    @Test func missingImageBecomesAPlaceholderAndAWarning() async throws {
        try await withReplayServer { server in
            try await withSite { site in
                server.inject(.serverError, pathPrefix: "/PokeAPI/sprites/master/sprites/pokemon/back/25.png")
                let report = try await site.build(site.options(server: server))
                #expect(report.warnings.contains { $0.kind == .image && $0.message.contains("back/25.png") })
                let page = try site.read("pokemon/25-pikachu/index.html")
                #expect(page.contains("src=\"../../assets/placeholder.svg\" width=\"96\" height=\"96\""))
                #expect(page.contains("class=\"placeholder\""))
            }
        }
    }
}

/// At most N requests in flight per host, measured on a real client talking to the replay server.
@Suite("Request limiter")
struct RequestLimiterTests {
    /// Counts requests in flight around the real client.
    final class InFlightCounter: HTTPClient, @unchecked Sendable {
        let base: any HTTPClient
        private let lock = NSLock()
        private var current = 0
        private(set) var peak = 0
        init(base: any HTTPClient) { self.base = base }
        func send(_ request: WebRequest) async throws -> WebResponse {
            lock.withLock { current += 1; peak = max(peak, current) }
            defer { lock.withLock { current -= 1 } }
            return try await base.send(request)
        }
    }

    @Test func neverMoreThanTheLimitInFlight() async throws {
        try await withReplayServer { server in
            server.inject(.latency(.milliseconds(100)), pathPrefix: "/api/episode/")
            let live = LiveHTTPClient()
            let counter = InFlightCounter(base: live)
            let limited = HostLimitedHTTPClient(base: counter, limits: ["127.0.0.1:\(server.port)": 3])
            let statuses = await withTaskGroup(of: String.self) { group in
                for id in 1...12 {
                    group.addTask {
                        do { return "\(try await limited.send(WebRequest(url: "\(server.baseURL)/api/episode/\(id)", addresses: .chosenByAuthor)).status)" } catch { return "\(error)" }
                    }
                }
                return await group.reduce(into: [String]()) { $0.append($1) }
            }
            await live.shutdown()
            #expect(statuses == Array(repeating: "200", count: 12))
            #expect(counter.peak == 3)
        }
    }
}
