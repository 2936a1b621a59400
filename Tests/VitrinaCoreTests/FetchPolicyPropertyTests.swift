import Foundation
import Synchronization
import Testing
import TestSupport
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// Ten thousand hostile picture URLs through the real fetcher and media stage, over a client that only records: no URL
/// the policy refuses reaches it, what reaches it is what Foundation (the HTTP library's URL reader) also reads as a
/// declared https host, no warning says a host it never contacted was down, and the stage finishes.
/// Diez mil URL hostiles por el fetcher y la etapa de imágenes reales, sobre un cliente que solo anota.
@Suite("Fetch policy, hostile URLs")
struct FetchPolicyPropertyTests {
    static let declaredHosts = ["pokeapi.co", "fakestoreapi.com", "raw.githubusercontent.com", "images.example.org"]

    static let sources: [String: SourceConfig] = {
        var store = SourceConfig(baseURL: "https://fakestoreapi.com")
        store.mediaHosts = ["images.example.org"]
        return ["pokeapi": SourceConfig(baseURL: "https://pokeapi.co"), "store": store,
                "sprites": SourceConfig(baseURL: "https://raw.githubusercontent.com/PokeAPI/sprites/master")]
    }()

    /// Records every request; the store's host refuses connections (so the breaker marks it down), the others answer 404.
    final class Recorder: HTTPClient {
        private let log = Mutex<[String]>([])
        var sent: [String] { log.withLock { $0 } }

        func send(_ request: WebRequest) async throws -> WebResponse {
            log.withLock { $0.append(request.url) }
            if URLParts.host(of: request.url) == "fakestoreapi.com" { throw TransportError(url: request.url, reason: "connection refused") }
            return WebResponse(status: 404)
        }
    }

    /// The oracle: Foundation's own reading of the URL says https, no user or password, a declared host, port 443.
    static func foundationReadsADeclaredHost(_ url: String) -> Bool {
        guard let parts = URLComponents(string: url), parts.scheme?.lowercased() == "https", parts.user == nil, parts.password == nil,
              var host = parts.host?.lowercased(), parts.port == nil || parts.port == 443
        else { return false }
        if host.hasSuffix(".") { host.removeLast() }
        return declaredHosts.contains(host)
    }

    static let starts = [
        "https://pokeapi.co/media/1.png", "https://fakestoreapi.com/img/1.jpg", "https://images.example.org/a.png",
        "https://raw.githubusercontent.com/PokeAPI/sprites/master/1.png", "http://127.0.0.1:9/secret.png", "http://localhost/secret",
        "http://169.254.169.254/latest/meta-data/", "http://[::1]:8080/x", "http://2130706433/", "http://0x7f.1/", "https://127.1/",
        "file:///etc/hostname", "data:image/png;base64,aHR0cDovL3d3dy53My5vcmc=", "data:text/plain,https://pokeapi.co/",
        "javascript:alert(1)", "ftp://pokeapi.co/x.png", "//evil.example/x.png", "https://evil.example/x.png", "gopher://pokeapi.co/",
        "https://pokeapi.co.evil.example/x", "http://pokeapi.co/x.png", "vbscript:x", "https:pokeapi.co/x",
    ]

    /// A start mutated by a few of the tricks URL parsers disagree on.
    static func hostileURL(_ random: inout SeededGenerator) -> String {
        var url = random.pick(starts) + "?n=\(Int.random(in: 0..<1_000_000, using: &random))"
        let twists: [(inout String, inout SeededGenerator) -> Void] = [
            { url, r in url = url.replacingOccurrences(of: "://", with: "://" + r.pick(["pokeapi.co@", "user:pw@", "@", "evil.example@", "%40"])) },
            { url, r in url = url.replacingOccurrences(of: "://", with: r.pick([":\\\\", ":/\\", ":///", ":/", "://\u{0}", ":// "])) },
            { url, r in url = r.chance(0.5) ? url.uppercased() : url.lowercased() },
            { url, r in
                guard let range = url.range(of: "/", range: (url.range(of: "://")?.upperBound ?? url.startIndex)..<url.endIndex) else { return }
                url.insert(contentsOf: r.pick([":443", ":8443", ":0", ":99999", ":-1", ":", ".", "..", ":80", "#@evil.example", "?@evil.example"]), at: range.lowerBound)
            },
            { url, r in
                let index = url.index(url.startIndex, offsetBy: Int.random(in: 0...url.count, using: &r))
                url.insert(contentsOf: r.pick(HostileText.pieces + ["%2e", "%00", "\u{3002}", "\u{FF0E}", "\u{2024}", "@", "\\", "[", "]"]), at: index)
            },
            { url, r in url = r.pick([" ", "\t", "\n", "\u{FEFF}", ""]) + url + r.pick([" ", "", "\r\n"]) },
            { url, r in url = url.replacingOccurrences(of: "pokeapi.co", with: r.pick(["pokeapi.co.", "PokeAPI.co", "pokeapi.co.evil.example", "pokéapi.co", "xn--pokapi-eva.co", "pokeapi%2eco"])) },
            { url, r in url = String(url.prefix(Int.random(in: 0...url.count, using: &r))) },
        ]
        for _ in 0..<Int.random(in: 0...3, using: &random) { random.pick(twists)(&url, &random) }
        return url
    }

    @Test func tenThousandHostileURLs() async throws {
        var random = SeededGenerator(seed: 0x5EED_0022)
        let urls = (0..<10_000).map { _ in Self.hostileURL(&random) }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vitrina-policy-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let recorder = Recorder(), breaker = CircuitBreaker(), diagnostics = Diagnostics()
        let fetcher = Fetcher(client: BreakingHTTPClient(base: recorder, breaker: breaker), breaker: breaker,
                              cache: ResponseCache(directory: root + "/cache"), snapshot: Snapshot(directory: root + "/data"),
                              settings: Fetcher.Settings(sources: Self.sources), diagnostics: diagnostics)
        var catalog = MediaCatalog()
        await MediaFetcher(fetcher: fetcher, sources: Self.sources, diagnostics: diagnostics)
            .fetchAll(urls.enumerated().map { RemoteImage(url: $0.element, namedAt: "case \($0.offset)") }, into: &catalog)

        let sent = recorder.sent
        let inputs = Set(urls)
        for url in sent {
            #expect(inputs.contains(url), "\(url) was sent but never named")
            #expect(Self.foundationReadsADeclaredHost(url), "\(String(reflecting: url)) reached the client")
        }
        #expect(sent.count > 500 && sent.count < urls.count, "both outcomes were exercised: \(sent.count) sent of \(inputs.count) distinct")
        // Nothing refused reached the client: every input the policy refuses is absent from what was sent.
        let refusedButSent = Set(sent).filter { fetcher.refusal(of: $0) != nil }
        #expect(refusedButSent.isEmpty)
        // Only hosts that were contacted can be down, and only they are named as down.
        let contacted = Set(sent.map(URLParts.host(of:)))
        #expect(breaker.outages.map(\.host) == ["fakestoreapi.com"])
        #expect(Set(breaker.outages.map(\.host)).isSubset(of: contacted))
        for warning in fetcher.outageWarnings + diagnostics.warnings.map(\.message) where warning.contains("was down") {
            #expect(contacted.contains { warning.hasPrefix("\($0) was down") }, "\(warning)")
        }
        // Every picture ended in a warning (nothing was an image), none in Swift's debug text.
        #expect(catalog.outputs.isEmpty)
        #expect(!diagnostics.warnings.contains { $0.message.contains("Error(") || $0.message.contains("unsupportedScheme") })
    }
}
