import Foundation
import Synchronization
import Testing
import TestSupport
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// The fetch policy in whole builds, on two loopback servers: the one the site points a source at with `--api` serves
/// the data; the other is named only inside that data (pictures, a redirect's target, a paging link) and must never be
/// asked anything.
/// La política de descarga en construcciones enteras, con dos servidores locales: el segundo nunca recibe nada.
@Suite("Fetch policy in builds")
struct FetchPolicyBuildTests {
    /// A product of the Fake Store's shape with the given picture.
    static func product(_ id: Int, image: String) -> String {
        #"{"id":\#(id),"title":"Producto \#(id)","price":\#(id).5,"description":"Uno.","category":"electronics","image":\#(String(decoding: try! JSONEncoder().encode(image), as: UTF8.self)),"rating":{"rate":4.1,"count":\#(id)}}"#
    }

    static func products(_ images: [String]) -> [UInt8] {
        Array(("[" + images.enumerated().map { product($0.offset + 1, image: $0.element) }.joined(separator: ",") + "]").utf8)
    }

    /// A picture Vitrina reads by its bytes: a PNG's signature and IHDR (12 x 7 pixels), whatever type the server says.
    static let tinyPNG: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 12, 0, 0, 0, 7,
                                   8, 6, 0, 0, 0, 0, 0, 0, 0]

    /// Runs `body` with the server the site declares (A, through `--api`) and the one only its data names (B).
    func withTwoServers(_ body: (ReplayServer, ReplayServer) async throws -> Void) async throws {
        try await withReplayServer { declared in
            let other = ReplayServer(root: Fixtures.recordings)
            try await other.start()
            do { try await body(declared, other) } catch {
                await other.stop()
                throw error
            }
            await other.stop()
        }
    }

    func build(_ site: TestSite, _ options: BuildOptions) async throws -> BuildReport {
        try await site.build(options)
    }

    @Test func dataNamingAnotherServerAddressOrSchemeIsNeverRequested() async throws {
        try await withTwoServers { a, b in
            let port = b.port
            let hostile = [
                "http://127.0.0.1:\(port)/secret.png", "http://localhost:\(port)/secret.png", "http://2130706433:\(port)/secret.png",
                "http://127.1:\(port)/secret.png", "http://[::ffff:127.0.0.1]:\(port)/secret.png", "ftp://127.0.0.1:\(port)/secret.png",
                "https://fakestoreapi.com/img/redirect.png", "file:///etc/hostname", "data:text/plain,http://127.0.0.1:\(port)/",
                "javascript:alert(document.domain)", "http://fakestoreapi.com/img/plain-http.png", "https://fakestoreapi.com@127.0.0.1:\(port)/x.png",
            ]
            let fine = ["https://fakestoreapi.com/img/fine.png", "/img/hop.png"]
            a.script("/products", body: Self.products(hostile + fine))
            a.script("/img/redirect.png", status: 302, headers: ["Location": "http://127.0.0.1:\(port)/secret.png"])
            a.script("/img/hop.png", status: 302, headers: ["Location": "{{base}}/img/fine.png"])
            a.script("/img/fine.png", contentType: "text/html", body: Self.tinyPNG)
            let site = try DeclaredPagesTests.site()
            defer { site.remove() }
            let report = try await build(site, DeclaredPagesTests.options(site, a))

            #expect(b.requests.isEmpty, "the server named only in the data was asked \(b.requests.map(\.uri))")
            let warnings = report.warnings.map(\.message)
            for (index, url) in hostile.enumerated() where url != "https://fakestoreapi.com/img/redirect.png" {
                let named = "named by https://fakestoreapi.com/products at [\(index)].image, was not requested"
                #expect(warnings.contains { $0.contains(named) }, "\(url): \(warnings)")
            }
            #expect(warnings.contains { $0.contains("[6].image") && $0.contains("redirects to http://127.0.0.1:\(port)/secret.png, which is refused") })
            #expect(warnings.count == hostile.count, "\(warnings)")
            // Warnings in words: no host was down, and no Swift error's debug text.
            #expect(!warnings.contains { $0.contains("was down") || $0.contains("Error") || $0.contains("unsupportedScheme") })
            // The refused pictures are placeholders; the PNG served as text/html is published, through A's redirect too.
            let first = try site.read("tienda/electronics/producto-1/index.html")
            #expect(first.contains("assets/placeholder.svg") && !first.contains("127.0.0.1"))
            #expect(try site.read("tienda/electronics/producto-13/index.html").contains(#"width="12" height="7""#))
            #expect(try site.read("tienda/electronics/producto-14/index.html").contains(#"width="12" height="7""#))
            #expect(a.requests.filter { $0.uri == "/img/fine.png" }.count == 2, "asked for itself, and at the end of /img/hop.png's redirect")
        }
    }

    @Test func aDataOrFileURLNamingADeclaredHostNeverMarksItDown() async throws {
        try await withReplayServer { a in
            let naming = (1...6).map { "data:text/plain,https://fakestoreapi.com/\($0)" } + (1...6).map { "file://fakestoreapi.com/etc/\($0)" }
            a.script("/products", body: Self.products(naming + ["https://fakestoreapi.com/img/fine.png"]))
            a.script("/img/fine.png", contentType: "image/png", body: Self.tinyPNG)
            let site = try DeclaredPagesTests.site()
            defer { site.remove() }
            let report = try await build(site, DeclaredPagesTests.options(site, a))
            #expect(!report.warnings.contains { $0.message.contains("was down") }, "\(report.warnings)")
            #expect(report.warnings.count == naming.count)
            #expect(a.requests.contains { $0.uri == "/img/fine.png" }, "the declared host's own picture was still asked for")
            #expect(try site.read("tienda/electronics/producto-13/index.html").contains(#"width="12" height="7""#))
        }
    }

    @Test func aDeclaredNameThatResolvesToLoopbackIsRefusedUnlessPointedThereWithAPI() async throws {
        try await withReplayServer { a in
            a.script("/products", body: Self.products(["/img/fine.png"]))
            a.script("/img/fine.png", contentType: "image/png", body: Self.tinyPNG)
            let config = DeclaredPagesTests.config.replacingOccurrences(of: "https://fakestoreapi.com", with: "https://localhost:\(a.port)")
            let site = try DeclaredPagesTests.site(config: config)
            defer { site.remove() }
            var options = site.options(server: nil)
            let failure = try #require(await site.failure(options))
            #expect(failure.error.message.contains("localhost resolved to 127.0.0.1, a loopback address; only a source pointed there with --api may use it"),
                    "\(failure.error)")
            #expect(a.requests.isEmpty)
            // The author points the source there: the same name is allowed, over http.
            options.apiOverrides = ["shop": "http://localhost:\(a.port)"]
            let report = try await site.build(options)
            #expect(report.warnings.isEmpty, "\(report.warnings)")
            #expect(try site.read("tienda/electronics/producto-1/index.html").contains(#"width="12" height="7""#))
        }
    }

    @Test func aPagingLinkToAnotherServerIsNotFollowed() async throws {
        try await withTwoServers { a, b in
            a.script("/paged", body: Array(#"{"next":"http://127.0.0.1:\#(b.port)/paged?page=2","results":[{"id":1,"name":"uno"}]}"#.utf8))
            a.script("/linked", headers: ["Link": "<http://localhost:\(b.port)/linked?page=2>; rel=\"next\""],
                     body: Array(#"[{"id":1,"name":"uno"}]"#.utf8))
            let harness = try DeclaredHarness()
            defer { Task { await harness.close() } }
            let path = { (text: String) in try! JSONPath(parsing: text) }
            for items in [ItemsDeclaration(list: "/paged", paging: .next(path("next")), at: path("results"), id: path("id"), title: path("name")),
                          ItemsDeclaration(list: "/linked", paging: .link, id: path("id"), title: path("name"))] {
                let source = SourceConfig(baseURL: a.baseURL, items: items)
                let error = try await #require(throws: VitrinaError.self) {
                    try await DeclaredSourceLoader().load(fetcher: harness.fetcher(["shop": source]), source: source, name: "shop")
                }
                #expect(error.message.contains("outside the source's base_url"), "\(error)")
            }
            #expect(b.requests.isEmpty)
        }
    }

    /// Issue 49's case: an SVG with script, the same SVG served as `image/png`, an HTML page named `.jpg` and a benign SVG
    /// at an extensionless URL. / Un SVG con código, el mismo como PNG, HTML llamado `.jpg` y un SVG benigno sin extensión.
    @Test func picturesFromAnAPICarryNoScriptAndAreNamedByTheirBytes() async throws {
        try await withReplayServer { a in
            let hostile = ##"<svg xmlns="http://www.w3.org/2000/svg" width="30" height="20" onload="alert(1)"><script>alert(2)</script><rect width="30" height="20" fill="#c33"/></svg>"##
            let benign = ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7" fill="#36c"/></svg>"##
            a.script("/products", body: Self.products(["/img/drawing.svg", "/img/page.jpg", "/img/drawing-as.png", "/img/art"]))
            a.script("/img/drawing.svg", contentType: "image/svg+xml", body: Array(hostile.utf8))
            a.script("/img/page.jpg", contentType: "image/jpeg", body: Array("<!doctype html><p><svg onload=alert(1)></svg>".utf8))
            a.script("/img/drawing-as.png", contentType: "image/png", body: Array(hostile.utf8))
            a.script("/img/art", contentType: "application/octet-stream", body: Array(benign.utf8))
            let site = try DeclaredPagesTests.site(config: DeclaredPagesTests.config)
            defer { site.remove() }
            let report = try await build(site, DeclaredPagesTests.options(site, a))
            let warnings = report.warnings.map(\.message)
            for name in ["/img/drawing.svg", "/img/drawing-as.png"] {
                #expect(warnings.contains { $0.contains(name) && $0.contains("script element") && $0.contains("onload attribute") }, "\(warnings)")
            }
            #expect(warnings.contains { $0.contains("/img/page.jpg") && $0.contains("is not a picture") }, "\(warnings)")
            #expect(warnings.count == 3, "\(warnings)")

            try Self.expectSafePictures(in: site)
        }
    }

    /// The published media: no HTML, three SVGs named `NAME.FINGERPRINT.svg` holding no script, the one served as PNG
    /// among them, and the product's page showing its SVG.
    static func expectSafePictures(in site: TestSite) throws {
        let folder = site.output + "/media"
        let media = try FileManager.default.subpathsOfDirectory(atPath: folder).filter { !Files.isDirectory(folder + "/" + $0) }
        #expect(!media.contains { $0.contains("page") }, "the HTML named .jpg was published: \(media)")
        let svgs = media.filter { $0.hasSuffix(".svg") }
        #expect(svgs.count == 3, "\(media)")
        for path in svgs {
            let name = (path.split(separator: "/").last ?? "").split(separator: ".")
            #expect(name.count == 3 && name[1].count == 8, "\(path): not NAME.FINGERPRINT.svg")
            let text = try site.read("media/" + path)
            #expect(!text.contains("script") && !text.contains("onload"), "\(path): \(text)")
        }
        #expect(svgs.contains { $0.contains("drawing-as.") }, "the SVG served as PNG is published as SVG: \(media)")
        #expect(try site.read("tienda/electronics/producto-1/index.html").contains(".svg\""))
    }

    @Test func answersAreBoundedAndPicturesAreKnownByTheirBytes() async throws {
        try await withReplayServer { a in
            let big = Self.tinyPNG + Array(repeating: 0, count: 4_096)
            a.script("/products", body: Self.products(["/img/big.png", "/img/html.png", "/img/png-as-text.png"]))
            a.script("/img/big.png", contentType: "image/png", body: big)
            a.script("/img/html.png", contentType: "image/png", body: Array("<html><body>not a picture</body></html>".utf8))
            a.script("/img/png-as-text.png", contentType: "text/plain", body: Self.tinyPNG)
            let config = "fetch: {max_image_size: 2KB}\n" + DeclaredPagesTests.config
            let site = try DeclaredPagesTests.site(config: config)
            defer { site.remove() }
            let report = try await build(site, DeclaredPagesTests.options(site, a))
            let warnings = report.warnings.map(\.message)
            #expect(warnings.contains { $0.contains("/img/big.png") && $0.contains("larger than fetch.max_image_size, 2 KB") }, "\(warnings)")
            #expect(warnings.contains { $0.contains("/img/html.png") && $0.contains("is not a picture Vitrina can publish") }, "\(warnings)")
            #expect(warnings.count == 2, "\(warnings)")
            #expect(try site.read("tienda/electronics/producto-3/index.html").contains(#"width="12" height="7""#))

            // A JSON answer over its limit fails the build, naming the URL and the setting to raise.
            let small = try DeclaredPagesTests.site(config: "fetch: {max_json_size: 1KB}\n" + DeclaredPagesTests.config)
            defer { small.remove() }
            a.script("/products", body: Self.products((1...20).map { "/img/\($0).png" }))
            let failure = try #require(await small.failure(DeclaredPagesTests.options(small, a)))
            #expect(failure.error.message.contains("/products answered with more than 1 KB; raise fetch.max_json_size"), "\(failure.error)")
        }
    }

    // MARK: The live client itself / el cliente real

    /// A resolver that answers from a table, counting the questions.
    final class TableResolver: HostResolver {
        let table: [String: [String]]
        private let asked = Mutex<[String]>([])
        init(_ table: [String: [String]]) { self.table = table }
        var questions: [String] { asked.withLock { $0 } }

        func addresses(of host: String) async throws -> [IPAddress] {
            asked.withLock { $0.append(host) }
            guard let answers = table[host] else { throw SystemResolver.ResolutionError() }
            return answers.compactMap { IPAddress(host: $0) }
        }
    }

    @Test func theLiveClientConnectsToTheAddressItCheckedAndNoOther() async throws {
        try await withReplayServer { a in
            a.script("/ping", contentType: "text/plain", body: Array("pong".utf8))
            let resolver = TableResolver(["pinned.vitrina.test": ["127.0.0.1"], "rebound.vitrina.test": ["10.0.0.7", "192.168.4.4"],
                                          "multicast.vitrina.test": ["224.0.0.251"]])
            let client = LiveHTTPClient(resolver: resolver)
            defer { Task { await client.shutdown() } }
            // A name no real DNS knows reaches the loopback server only through the address the resolver gave and the policy
            // checked; the Host header still names it.
            let url = "http://pinned.vitrina.test:\(a.port)/ping"
            for _ in 1...2 {
                let response = try await client.send(WebRequest(url: url, addresses: .chosenByAuthor))
                #expect(response.status == 200 && response.body == Array("pong".utf8))
            }
            #expect(a.requests.map(\.authority) == ["pinned.vitrina.test:\(a.port)", "pinned.vitrina.test:\(a.port)"])
            #expect(resolver.questions == ["pinned.vitrina.test"], "one lookup per host")
            // The same name, not pointed there by the author: refused before any connection.
            for (host, scope, words) in [("pinned", AddressScope.publicInternet, "a loopback address"), ("rebound", .publicInternet, "a private address"),
                                         ("multicast", .chosenByAuthor, "a multicast address")] {
                do {
                    _ = try await client.send(WebRequest(url: "http://\(host).vitrina.test:\(a.port)/ping", addresses: scope))
                    Issue.record("\(host) was sent")
                } catch FetchError.refused(_, let refusal) {
                    #expect(refusal.description.contains(words), "\(refusal)")
                }
            }
            #expect(a.requests.count == 2)
            // A name that does not resolve is a transport failure (the breaker's business), in words.
            do {
                _ = try await client.send(WebRequest(url: "http://unknown.vitrina.test:\(a.port)/ping", addresses: .chosenByAuthor))
                Issue.record("an unknown name was sent")
            } catch let error as TransportError {
                #expect(error.reason == "the host name could not be resolved (DNS)")
            }
        }
    }
}
