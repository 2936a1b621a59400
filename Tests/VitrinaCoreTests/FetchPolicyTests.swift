import Foundation
import Synchronization
import Testing
import TestSupport
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// The fetch policy: which URLs a build requests, which addresses they may reach, and how redirects are checked.
/// La política de descarga: qué URL pide una construcción, a qué direcciones pueden ir y cómo se comprueban las redirecciones.
@Suite("Fetch policy")
struct FetchPolicyTests {
    // MARK: Addresses / direcciones

    /// Every class of address, in the forms a URL or a resolver may write it, and whether a build may connect there
    /// without `--api` (nil) or what keeps it from doing so.
    static let addresses: [(String, AddressRestriction?)] = [
        ("8.8.8.8", nil), ("1.1.1.1", nil), ("172.32.0.1", nil), ("100.128.0.1", nil), ("192.0.2.1", nil), ("[2606:4700::1111]", nil),
        ("127.0.0.1", .loopback), ("127.255.255.254", .loopback), ("127.1", .loopback), ("0x7f.0.0.1", .loopback),
        ("0x7F.1", .loopback), ("0177.0.0.1", .loopback), ("2130706433", .loopback), ("0x7f000001", .loopback), ("127.0.0.1.", .loopback),
        ("[::1]", .loopback), ("[0:0:0:0:0:0:0:1]", .loopback), ("[::ffff:127.0.0.1]", .loopback), ("[::ffff:7f00:1]", .loopback),
        ("[::127.0.0.1]", .loopback), ("[64:ff9b::127.0.0.1]", .loopback),
        ("10.0.0.1", .privateNetwork), ("012.0.0.1", .privateNetwork), ("172.16.0.1", .privateNetwork), ("172.31.255.255", .privateNetwork),
        ("192.168.1.1", .privateNetwork), ("3232235777", .privateNetwork), ("[::ffff:192.168.0.1]", .privateNetwork),
        ("[2002:c0a8:101::1]", .privateNetwork), ("[::ffff:a00:1]", .privateNetwork),
        ("169.254.169.254", .linkLocal), ("0xa9.0xfe.0xa9.0xfe", .linkLocal), ("[fe80::1]", .linkLocal), ("[febf::1]", .linkLocal),
        ("100.64.0.1", .sharedNAT), ("100.127.255.255", .sharedNAT),
        ("0.0.0.0", .unspecified), ("0", .unspecified), ("[::]", .unspecified), ("0.1.2.3", .thisNetwork),
        ("224.0.0.1", .multicast), ("239.255.255.250", .multicast), ("[ff02::1]", .multicast), ("255.255.255.255", .broadcast),
        ("240.0.0.1", .reserved), ("192.0.0.8", .protocolAssignments), ("198.18.0.1", .benchmarking),
        ("[fc00::1]", .uniqueLocal), ("[fd12:3456::1]", .uniqueLocal), ("[fec0::1]", .siteLocal),
    ]

    @Test(arguments: addresses)
    func addressClasses(_ host: String, _ expected: AddressRestriction?) throws {
        let address = try #require(IPAddress(host: host), "\(host) reads as an address")
        #expect(AddressPolicy.restriction(of: address) == expected, "\(host) is \(address)")
        #expect(AddressPolicy.refusal(of: address, explicit: false) == expected)
        // A source pointed there with --api may use loopback and private addresses, never one that names no server.
        let explicit = AddressPolicy.refusal(of: address, explicit: true)
        #expect(explicit == (expected?.namesNoServer == true ? expected : nil), "\(host) with --api")
    }

    @Test func oddFormsReadAsTheAddressesBrowsersConnectTo() {
        let forms = ["127.1": "127.0.0.1", "0x7f.0.0.1": "127.0.0.1", "0177.0.0.1": "127.0.0.1", "2130706433": "127.0.0.1",
                     "127.0.1": "127.0.0.1", "0x7f.1": "127.0.0.1", "[::ffff:127.0.0.1]": "[0:0:0:0:0:ffff:7f00:1]", "1.2.3.4.": "1.2.3.4"]
        for (form, canonical) in forms { #expect(IPAddress(host: form)?.description == canonical, "\(form)") }
        // Not addresses: names, or numbers out of range (which a browser refuses, and so does the policy).
        for name in ["256.0.0.1", "1.2.3.4.5", "4294967296", "0x1g.0.0.1", "08.0.0.1", "1..2", "", "pokeapi.co", "[::1%eth0]",
                     "[1::2::3]", "[12345::]", "[::ffff:1.2.3]", String(repeating: "1", count: 500)] {
            #expect(IPAddress(host: name) == nil, "\(name)")
        }
    }

    // MARK: URLs / URL

    static let declared: [String: SourceConfig] = {
        var images = SourceConfig(baseURL: "https://fakestoreapi.com")
        images.mediaHosts = ["images.example.org", "cdn.example.org:8443"]
        return ["pokeapi": SourceConfig(baseURL: "https://pokeapi.co"), "store": images,
                "sprites": SourceConfig(baseURL: "https://raw.githubusercontent.com/PokeAPI/sprites/master")]
    }()

    static let policy = FetchPolicy(sources: declared, overrides: ["pokeapi": "http://127.0.0.1:8090/mirror"])

    /// The word a refusal starts with, or `ok` / `explicit` for a permit.
    static func verdict(_ url: String) -> String {
        switch policy.permit(url) {
        case .success(let permit): permit.explicit ? "explicit" : "ok"
        case .failure(.malformed): "malformed"
        case .failure(.scheme): "scheme"
        case .failure(.undeclared): "undeclared"
        case .failure(.insecure): "insecure"
        case .failure: "other"
        }
    }

    @Test(arguments: [
        ("https://pokeapi.co/api/v2/pokemon/1/", "ok"), ("HTTPS://PokeAPI.co/x", "ok"), ("https://pokeapi.co./x", "ok"),
        ("https://pokeapi.co:443/x", "ok"), ("https://raw.githubusercontent.com/PokeAPI/sprites/master/1.png", "ok"),
        ("https://raw.githubusercontent.com/someone/else/x.png", "ok"), ("https://images.example.org/a.png", "ok"),
        ("https://cdn.example.org:8443/a.png", "ok"), ("https://cdn.example.org/a.png", "undeclared"),
        ("http://127.0.0.1:8090/mirror/api/v2/pokemon/1/", "explicit"), ("http://127.1:8090/x", "explicit"),
        ("http://127.0.0.1:8091/secret.png", "undeclared"), ("http://localhost:8090/x", "undeclared"),
        ("http://pokeapi.co/x", "insecure"), ("https://pokeapi.co:8443/x", "undeclared"), ("https://evil.example/x.png", "undeclared"),
        ("https://169.254.169.254/latest/meta-data/", "undeclared"), ("https://2130706433/", "undeclared"),
        ("https://pokeapi.co.evil.example/x", "undeclared"), ("https://evil.example/pokeapi.co", "undeclared"),
        ("file:///etc/hostname", "scheme"), ("FILE:///etc/passwd", "scheme"), ("data:image/png;base64,aHR0cDovL3d3dy53My5vcmc=", "scheme"),
        ("data:text/plain,http://www.w3.org/2000/svg", "scheme"), ("javascript:alert(1)", "scheme"), ("ftp://pokeapi.co/x.png", "scheme"),
        ("gopher://127.0.0.1:8090/", "scheme"), ("https://pokeapi.co@127.0.0.1:8090/x", "malformed"), ("https://user:pw@pokeapi.co/x", "malformed"),
        ("https://pokeapi.co\\@evil.example/x", "malformed"), ("https:\\\\pokeapi.co/x", "malformed"), ("https:pokeapi.co/x", "malformed"),
        ("//pokeapi.co/x", "malformed"), (" https://pokeapi.co/x", "malformed"), ("https://poke%61pi.co/x", "malformed"),
        ("https://pokeapi.co:0/x", "malformed"), ("https://pokeapi.co:65536/x", "malformed"), ("https://pokeapi.co:-1/x", "malformed"),
        ("https://pokeapi.co/x y", "malformed"), ("https://pokeapi.co/\u{0}x", "malformed"), ("https://pokéapi.co/x", "malformed"),
        ("https:///x", "malformed"), ("https://[::1/x", "malformed"), ("https://999.1.1.1/x", "malformed"), ("", "malformed"),
    ])
    func urls(_ url: String, _ expected: String) {
        #expect(Self.verdict(url) == expected, "\(url)")
    }

    @Test func refusalsSayWhatHappenedInWords() {
        let words = [
            "file:///etc/hostname": "it is a file: URL, not a web address",
            "data:text/plain,http://www.w3.org/": "it is a data: URL, not a web address",
            "https://evil.example/x": "its host evil.example is not declared in site.yml",
            "http://pokeapi.co/x": "it asks http://pokeapi.co over plain http",
            "https://pokeapi.co@127.0.0.1/x": "user name or password",
        ]
        for (url, expected) in words {
            guard case .failure(let refusal) = Self.policy.permit(url) else { Issue.record("\(url) was permitted"); continue }
            #expect(refusal.description.contains(expected), "\(refusal)")
            #expect(!refusal.description.contains("HTTPClientError") && !refusal.description.contains("unsupportedScheme"))
        }
    }

    @Test func outsideTextInAWarningStaysOneLineOfPrintableText() {
        #expect(Printable.short("http://x/\n\r\u{202E}\u{0}a") == "http://x/\\u{a}\\u{d}\\u{202e}\\u{0}a")
        #expect(Printable.short("e\u{301}🎉") == "e\u{301}🎉", "marks and emoji are printed as they are")
        #expect(Printable.short(String(repeating: "a", count: 500), limit: 10) == String(repeating: "a", count: 10) + "…")
        var random = SeededGenerator(seed: 0x9)
        for _ in 0..<2_000 {
            let text = Printable.short(HostileText.string(&random, maxPieces: 30), limit: 40)
            #expect(!text.unicodeScalars.contains { $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}" })
            #expect(text.unicodeScalars.count <= 40 * 10 + 1, "bounded: each scalar escapes to at most ten")
        }
    }

    @Test func breakerKeysAreTheHostsAURLActuallyNames() {
        #expect(URLParts.host(of: "https://pokeapi.co/api") == "pokeapi.co")
        #expect(URLParts.host(of: "http://127.0.0.1:8080/x") == "127.0.0.1:8080")
        #expect(URLParts.host(of: "HTTPS://PokeAPI.co:443/") == "pokeapi.co")
        // The host inside a data: or file: URL's text is no host of that URL.
        #expect(URLParts.host(of: "data:text/plain,http://www.w3.org/2000/svg") == "")
        #expect(URLParts.host(of: "file:///etc/hostname") == "")
    }

    // MARK: Redirects, through the policy's decorator / redirecciones

    /// Answers from a table of URL → (status, Location), records what it was sent and with which address scope.
    final class Redirecting: HTTPClient {
        let table: [String: (Int, String?)]
        private let log = Mutex<[(String, AddressScope)]>([])
        init(_ table: [String: (Int, String?)]) { self.table = table }
        var sent: [String] { log.withLock { $0.map(\.0) } }
        var scopes: [AddressScope] { log.withLock { $0.map(\.1) } }

        func send(_ request: WebRequest) async throws -> WebResponse {
            log.withLock { $0.append((request.url, request.addresses)) }
            let (status, location) = table[request.url] ?? (200, nil)
            return WebResponse(status: status, headers: location.map { ["location": $0] } ?? [:], body: Array("ok".utf8))
        }
    }

    func refusal(_ client: any HTTPClient, _ url: String) async -> FetchRefusal? {
        do {
            _ = try await client.send(WebRequest(url: url))
            return nil
        } catch FetchError.refused(_, let refusal) {
            return refusal
        } catch {
            Issue.record("unexpected \(error)")
            return nil
        }
    }

    @Test func aRedirectIsCheckedLikeANewRequest() async throws {
        let base = Redirecting([
            "https://pokeapi.co/a": (301, "/b"), "https://pokeapi.co/b": (302, "https://images.example.org/c"),
            "https://pokeapi.co/to-loopback": (302, "http://127.0.0.1:8091/secret.png"),
            "https://pokeapi.co/to-file": (307, "file:///etc/hostname"), "https://pokeapi.co/downgrade": (308, "http://pokeapi.co/x"),
            "https://pokeapi.co/loop1": (302, "/loop2"), "https://pokeapi.co/loop2": (302, "/loop1"),
            "http://127.0.0.1:8090/mirror/away": (302, "http://127.0.0.1:8091/secret.png"),
        ].merging((0..<8).map { ("https://pokeapi.co/hop\($0)", (303, "/hop\($0 + 1)")) }) { $1 })
        let client = PolicedHTTPClient(base: base, policy: Self.policy)

        let followed = try await client.send(WebRequest(url: "https://pokeapi.co/a"))
        #expect(followed.status == 200)
        #expect(base.sent == ["https://pokeapi.co/a", "https://pokeapi.co/b", "https://images.example.org/c"])

        for (url, target) in [("https://pokeapi.co/to-loopback", "127.0.0.1:8091"), ("https://pokeapi.co/to-file", "file:"),
                              ("https://pokeapi.co/downgrade", "plain http"), ("http://127.0.0.1:8090/mirror/away", "127.0.0.1:8091")] {
            let before = base.sent.count
            let refusal = try #require(await refusal(client, url))
            #expect(refusal.description.contains("redirects to") && refusal.description.contains(target), "\(refusal)")
            #expect(base.sent.count == before + 1, "only \(url) itself was sent")
        }
        #expect(await refusal(client, "https://pokeapi.co/loop1")?.description.contains("loop") == true)
        #expect(await refusal(client, "https://pokeapi.co/hop0")?.description.contains("more than 5") == true)
        #expect(!base.sent.contains { $0.contains("8091") || $0.hasPrefix("file:") || $0.hasPrefix("http://pokeapi") })
    }

    @Test func onlyASourcePointedWithAPIMayReachOtherAddresses() async throws {
        let base = Redirecting([:])
        let client = PolicedHTTPClient(base: base, policy: Self.policy)
        _ = try await client.send(WebRequest(url: "https://pokeapi.co/x"))
        _ = try await client.send(WebRequest(url: "http://127.0.0.1:8090/mirror/x"))
        #expect(base.scopes == [.publicInternet, .chosenByAuthor])
        #expect(await refusal(client, "https://evil.example/x") != nil)
        #expect(base.sent.count == 2)
    }

    // MARK: Configuration / configuración

    @Test func baseURLMustBeHTTPSAndNamesTheLine() throws {
        let error = #expect(throws: VitrinaError.self) {
            try SiteConfig.parse("title: x\nsources:\n  api:\n    base_url: http://localhost:8080\n", file: "site.yml")
        }
        #expect(error?.message.contains("site.yml:4") == true, "\(String(describing: error))")
        #expect(error?.message.contains("--api api=http://localhost:8080") == true)
        #expect(throws: VitrinaError.self) { try SiteConfig.parse("sources:\n  api:\n    base_url: https://user@host.example\n", file: "s.yml") }
    }

    @Test func mediaHostsAndSizeLimitsAreRead() throws {
        let config = try SiteConfig.parse("""
            fetch: {max_json_size: 2MB, max_image_size: 800KB}
            sources:
              shop:
                base_url: https://shop.example
                media_hosts: [Images.Example.org, "cdn.example.org:8443", "cdn2.example.org:443"]
            """, file: "site.yml")
        #expect(config.fetchLimits.json == 2 * 1_048_576 && config.fetchLimits.image == 800 * 1_024)
        #expect(config.source("shop")?.mediaHosts == ["images.example.org", "cdn.example.org:8443", "cdn2.example.org"])
        #expect(try SiteConfig.parse("title: x\n", file: "s.yml").fetchLimits == FetchLimits())
        for (yaml, line) in [("sources:\n  shop:\n    base_url: https://shop.example\n    media_hosts: [https://x.example/a]\n", "s.yml:4"),
                             ("sources:\n  shop:\n    base_url: https://shop.example\n    media_hosts: x.example\n", "s.yml:4"),
                             ("fetch: {max_json_size: 10TB}\n", "s.yml:1"), ("fetch: {max_image_size: 12}\n", "s.yml:1"),
                             ("fetch:\n  max_size: 1MB\n", "s.yml:2")] {
            let error = #expect(throws: VitrinaError.self) { try SiteConfig.parse(yaml, file: "s.yml") }
            #expect(error?.message.contains(line) == true, "\(String(describing: error))")
        }
    }

    @Test func sizesAsSiteYMLWritesThem() {
        #expect(ByteCount.parse("16MB") == 16 * 1_048_576)
        #expect(ByteCount.parse("800 kb") == 800 * 1_024)
        #expect(ByteCount.parse("1GiB") == 1_073_741_824)
        #expect(ByteCount.parse("2048") == 2_048)
        for bad in ["", "MB", "-1MB", "1.5MB", "5GB", "999999999999999GB", "1000", "12 parsecs"] { #expect(ByteCount.parse(bad) == nil, "\(bad)") }
        #expect(ByteCount.text(16 * 1_048_576) == "16 MB" && ByteCount.text(1_500) == "1500 bytes")
    }
}
