import Foundation
import Synchronization
import Testing
import TestSupport
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// Whole builds against hosts that are down: the breaker stops asking after a few attempts.
/// Construcciones completas contra servidores caídos: el cortacircuitos deja de preguntar tras unos intentos.
@Suite("Hosts that are down")
struct HostDownTests {
    /// Failures in a row that mark a host down, and requests in flight per host (every test source shares one host).
    static let threshold = CircuitBreaker().threshold
    static let inFlight = 4

    /// Every URL that reached the live client, in order: the attempts that went on the wire.
    final class Wire: Sendable {
        private let log = Mutex<[String]>([])
        var urls: [String] { log.withLock { $0 } }

        func watching(_ base: any HTTPClient) -> any HTTPClient { Tap(base: base, wire: self) }

        private struct Tap: HTTPClient {
            let base: any HTTPClient
            let wire: Wire
            func send(_ request: WebRequest) async throws -> WebResponse {
                wire.log.withLock { $0.append(request.url) }
                return try await base.send(request)
            }
        }
    }

    func downWarnings(_ report: BuildReport) -> [BuildWarning] {
        report.warnings.filter { $0.message.contains(" was down from ") }
    }

    /// A site whose cache holds every response, all stale (max_age 0), filled by one build against the replay server.
    func withStaleSite(_ body: (TestSite) async throws -> Void) async throws {
        try await withSite(config: FetchFaultTests.staleConfig) { site in
            _ = try await withReplayServer { server in try await site.build(site.options(server: server)) }
            try await body(site)
        }
    }

    @Test(.timeLimit(.minutes(5)), arguments: DeadPort.Behaviour.allCases) // a guard against a hang: two debug builds of the whole site, slow on a busy machine
    func aDeadHostCostsAFewAttemptsThenEveryStaleCopyIsServed(_ behaviour: DeadPort.Behaviour) async throws {
        try await withStaleSite { site in
            let dead = try DeadPort(behaviour)
            defer { dead.close() }
            var options = site.options(server: nil, timeout: .seconds(1))
            options.apiOverrides = TestSite.overrides(dead.baseURL)
            let wire = Wire()
            let report = try await site.build(options, observer: wire.watching)

            #expect(wire.urls.count <= Self.threshold + Self.inFlight, "only a handful went on the wire: \(wire.urls)")
            let down = downWarnings(report)
            try #require(down.count == 1, "\(report.warnings.map(\.message))")
            let message = down[0].message
            #expect(message.hasPrefix("127.0.0.1:\(dead.port) (pokeapi, rickandmorty, sprites, store) was down from \(dead.baseURL)/"))
            #expect(wire.urls.contains { message.contains("was down from \($0) on (") }, "names the first URL that failed: \(message)")
            #expect(message.contains(behaviour == .refusing ? "(connection refused)" : "(timed out"), "\(message)")
            #expect(message.contains("requests were not sent"))
            #expect(report.fetch.stale > 100)
            #expect(message.contains("; \(report.fetch.stale) stale copies served"), "\(message)")
            #expect(report.warnings.filter { $0.kind == .stale } == down, "one warning for the host, none per URL")
            #expect(try site.read("pokemon/25-pikachu/index.html").contains("Pikachu"))
            #expect(try site.read("tienda/index.html").contains("Joyería"))
        }
    }

    @Test(.timeLimit(.minutes(2)))
    func withNothingCachedTheBuildFailsWithOneErrorListingEveryHostThatWasDown() async throws {
        try await withSite { site in
            let pokeapi = try DeadPort(.refusing), others = try DeadPort(.refusing)
            defer { pokeapi.close(); others.close() }
            var options = site.options(server: nil)
            options.apiOverrides = TestSite.overrides(others.baseURL).merging(["pokeapi": pokeapi.baseURL]) { $1 }
            let wire = Wire()
            let failure = try #require(await site.failure(options, observer: wire.watching))

            #expect(failure.error.stage == .fetch)
            let message = failure.error.message
            #expect(message.hasPrefix("2 hosts were down"), "\(message)")
            #expect(message.contains("127.0.0.1:\(pokeapi.port) (pokeapi) was down from \(pokeapi.baseURL)/api/v2/pokemon/?limit=2&offset=0 on (connection refused)"), "\(message)")
            #expect(message.contains("; 1 URL could not be had"))
            #expect(message.contains("127.0.0.1:\(others.port) (rickandmorty, store) was down from \(others.baseURL)/"), "\(message)")
            #expect(message.contains("URLs could not be had"))
            #expect(wire.urls.count <= 2 * (Self.threshold + Self.inFlight), "\(wire.urls)")
            #expect(!site.exists("index.html"))
        }
    }

    @Test func aRetryAfterBeyondTheLongestWaitMarksTheHostDown() async throws {
        try await withStaleSite { site in
            try await withReplayServer { server in
                server.inject(.tooManyRequests(retryAfterSeconds: 3_600), pathPrefix: "/products")
                let report = try await site.build(site.options(server: server))
                #expect(server.requests.filter { $0.uri.hasPrefix("/products") }.count == 1)
                let down = downWarnings(report)
                #expect(down.count == 1)
                #expect(down.first?.message.contains(
                    "was down from \(server.baseURL)/products on (HTTP 429 with Retry-After: 3600, longer than the 3 s Vitrina waits)") == true,
                    "\(down)")
                #expect(try site.read("tienda/index.html").contains("Joyería"), "the stale products were served")
            }
        }
    }

    @Test func serverErrorsAndNotFoundDoNotMarkTheHostDown() async throws {
        try await withStaleSite { site in
            try await withReplayServer { server in
                server.inject(.serverError, pathPrefix: "/products")
                server.inject(.notFound, pathPrefix: "/PokeAPI/sprites/")
                let report = try await site.build(site.options(server: server))
                #expect(downWarnings(report).isEmpty, "\(downWarnings(report))")
                #expect(server.requests.filter { $0.uri.hasPrefix("/products") }.count == 4, "4 attempts for the one URL")
                #expect(report.warnings.filter { $0.kind == .stale }.count == 1, "the usual stale copy for the 500")
                let sprites = server.requests.filter { $0.uri.hasPrefix("/PokeAPI/sprites/") }.count
                #expect(sprites > 20)
                #expect(report.warnings.filter { $0.kind == .image && $0.message.contains("HTTP 404") }.count == sprites, "every sprite was asked")
            }
        }
    }
}
