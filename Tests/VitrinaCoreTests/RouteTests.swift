import Foundation
import Testing
import TestSupport
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// Output routes and the relative links between them, which must work from `file://` with no server.
/// Rutas de salida y los enlaces relativos entre ellas, que deben funcionar desde `file://` sin servidor.
@Suite("Route")
struct RouteTests {
    @Test func pageRoutesEndInIndexHTML() {
        #expect(Route.page().file == "index.html")
        #expect(Route.page("pokemon").file == "pokemon/index.html")
        #expect(Route.page("pokemon", "25-pikachu").file == "pokemon/25-pikachu/index.html")
        #expect(Route.page(["", "store", "", "men-s-clothing"]).file == "store/men-s-clothing/index.html")
        #expect(Route.page([]) == Route(file: "index.html"))
    }

    @Test func defaultLanguageAtTheRootOthersUnderTheirCode() {
        #expect(Route.page(language: "es", defaultLanguage: "es", ["pokemon"]).file == "pokemon/index.html")
        #expect(Route.page(language: "en", defaultLanguage: "es", ["pokemon"]).file == "en/pokemon/index.html")
        #expect(Route.page(language: "es", defaultLanguage: "es", []).file == "index.html")
        #expect(Route.page(language: "en", defaultLanguage: "es", []).file == "en/index.html")
        #expect(Route.page(language: "es", defaultLanguage: "en", ["docs", "x"]).file == "es/docs/x/index.html")
        #expect(Route.page(language: "en", defaultLanguage: "es", ["docs", ""], then: "intro").file == "en/docs/intro/index.html")
        #expect(Route.page(language: "es", defaultLanguage: "es", [], then: "").file == "index.html")
    }

    @Test("500 seeded routes: a last folder given apart is the same as one more segment")
    func aLastFolderGivenApartIsOneMoreSegment() {
        var random = SeededGenerator(seed: 0x2077)
        let names = ["", "docs", "es", "en", "a b", "ñandú", "日本", "x/y", "..", "index.html"]
        for _ in 0..<500 {
            let segments = (0..<Int.random(in: 0...4, using: &random)).map { _ in random.pick(names) }
            let (language, defaultLanguage, last) = (random.pick(names), random.pick(["es", "en"]), random.pick(names))
            #expect(Route.page(language: language, defaultLanguage: defaultLanguage, segments, then: last)
                == Route.page((language == defaultLanguage ? [] : [language]) + segments + [last]))
        }
    }

    @Test(arguments: [
        // from, to, expected
        ("index.html", "index.html", "index.html"),
        ("index.html", "pokemon/index.html", "pokemon/index.html"),
        ("index.html", "pokemon/25-pikachu/index.html", "pokemon/25-pikachu/index.html"),
        ("pokemon/25-pikachu/index.html", "index.html", "../../index.html"),
        ("pokemon/25-pikachu/index.html", "pokemon/index.html", "../index.html"),
        ("pokemon/25-pikachu/index.html", "pokemon/26-raichu/index.html", "../26-raichu/index.html"),
        ("pokemon/25-pikachu/index.html", "pokemon/25-pikachu/index.html", "index.html"),
        ("pokemon/index.html", "pokemon/index.html", "index.html"),
        ("pokemon/index.html", "pokemon/25-pikachu/index.html", "25-pikachu/index.html"),
        ("pokemon/25-pikachu/index.html", "store/men-s-clothing/index.html", "../../store/men-s-clothing/index.html"),
        ("pokemon/25-pikachu/index.html", "en/pokemon/25-pikachu/index.html", "../../en/pokemon/25-pikachu/index.html"),
        ("en/pokemon/25-pikachu/index.html", "pokemon/25-pikachu/index.html", "../../../pokemon/25-pikachu/index.html"),
        ("en/pokemon/25-pikachu/index.html", "en/index.html", "../../index.html"),
        ("en/index.html", "index.html", "../index.html"),
        ("index.html", "en/index.html", "en/index.html"),
        ("en/index.html", "en/index.html", "index.html"),
        ("404.html", "pokemon/index.html", "pokemon/index.html"),
        ("en/404.html", "404.html", "../404.html"),
        ("pokemon/pokemon/index.html", "pokemon/index.html", "../index.html"),
        ("a/b/c/d/index.html", "a/b/x/index.html", "../../x/index.html"),
    ])
    func relativeLinksBetweenDepths(from: String, to: String, expected: String) {
        let link = Route(file: from).link(to: Route(file: to))
        #expect(link == expected)
        #expect(Self.resolve(link, from: from) == to, "the link must lead back to the target")
    }

    @Test func everyPairOfRoutesLinksToItsTarget() {
        let routes = [
            "index.html", "404.html", "pokemon/index.html", "pokemon/25-pikachu/index.html", "pokemon/type/fire/index.html",
            "en/index.html", "en/pokemon/index.html", "en/pokemon/25-pikachu/index.html", "store/index.html", "en/404.html",
        ].map(Route.init(file:))
        for from in routes {
            for to in routes {
                let link = from.link(to: to)
                #expect(!link.hasPrefix("/"), "\(from) → \(to)")
                #expect(Self.resolve(link, from: from.file) == to.file, "\(from) → \(to) gave \(link)")
            }
        }
    }

    @Test func linksToFiles() {
        let deep = Route.page("pokemon", "25-pikachu")
        #expect(deep.link(toFile: "media/sprites/pokemon/25.png") == "../../media/sprites/pokemon/25.png")
        #expect(deep.link(toFile: "assets/site.css") == "../../assets/site.css")
        #expect(Route.page().link(toFile: "assets/site.css") == "assets/site.css")
        #expect(Route.page(language: "en", defaultLanguage: "es", []).link(toFile: "assets/site.css") == "../assets/site.css")
        #expect(Route.page("pokemon").link(toFile: "pokemon/list.json") == "list.json")
    }

    @Test("2,000 seeded pairs of routes: the link is the one cut on scalars")
    func linksAreCutOnScalarsAndLeadBack() {
        var random = SeededGenerator(seed: 0x11E4)
        let names = ["a", "b", "docs", "é", "e\u{301}", "\u{301}x", "日本", "x y", "index.html", "404.html", "%20"]
        func route() -> String {
            (0..<Int.random(in: 0...3, using: &random)).map { _ in random.pick(names) + "/" }.joined()
                + random.pick(["index.html", "404.html", "list.json"])
        }
        for _ in 0..<2_000 {
            let (from, to) = (route(), route())
            let fragment = random.chance(0.3) ? random.pick(["", "x", "que-contiene", "ñandú", "a#b"]) : nil
            // The reference: the shared folders cut on scalars, a `../` per folder left below them.
            let (a, b) = (Array(from.unicodeScalars), Array(to.unicodeScalars))
            var (shared, index) = (0, 0)
            while index < a.count, index < b.count, a[index] == b[index] {
                if a[index] == "/" { shared = index + 1 }
                index += 1
            }
            let expected = String(repeating: "../", count: a[shared...].filter { $0 == "/" }.count)
                + String(String.UnicodeScalarView(b[shared...])) + (fragment.map { "#" + $0 } ?? "")
            let link = Route(file: from).link(to: Route(file: to), fragment: fragment)
            #expect(link == expected, "\(from) → \(to)")
        }
    }

    @Test func fragmentIsAppended() {
        let docs = Route.page("docs", "configuration")
        #expect(docs.link(to: docs, fragment: "sources") == "index.html#sources")
        #expect(docs.link(to: Route.page("docs"), fragment: "que-contiene") == "../index.html#que-contiene")
        #expect(docs.link(to: Route.page("docs"), fragment: nil) == "../index.html")
    }

    @Test func absoluteURLWithAndWithoutTrailingSlash() {
        let route = Route.page("pokemon", "25-pikachu")
        #expect(route.absoluteURL(base: "https://example.org/") == "https://example.org/pokemon/25-pikachu/")
        #expect(route.absoluteURL(base: "https://example.org") == "https://example.org/pokemon/25-pikachu/")
        #expect(route.absoluteURL(base: "https://example.org/sub/") == "https://example.org/sub/pokemon/25-pikachu/")
        #expect(route.absoluteURL(base: "https://example.org/sub") == "https://example.org/sub/pokemon/25-pikachu/")
        #expect(Route.page().absoluteURL(base: "https://example.org") == "https://example.org/")
        #expect(Route(file: "404.html").absoluteURL(base: "https://example.org") == "https://example.org/404.html")
    }

    @Test func absoluteURLIsNilWithoutBase() {
        #expect(Route.page("pokemon").absoluteURL(base: "") == nil)
    }

    @Test func directoryPath() {
        #expect(Route.page().directoryPath == "")
        #expect(Route.page("pokemon", "25-pikachu").directoryPath == "pokemon/25-pikachu/")
        #expect(Route.page(language: "en", defaultLanguage: "es", ["docs"]).directoryPath == "en/docs/")
        #expect(Route(file: "404.html").directoryPath == "404.html")
        #expect(Route(file: "sitemap.xml").directoryPath == "sitemap.xml")
    }

    @Test func ordersByFile() {
        let sorted = [Route.page("b"), Route.page(), Route.page("a", "z")].sorted()
        #expect(sorted.map(\.file) == ["a/z/index.html", "b/index.html", "index.html"])
        #expect(Route.page("a").description == "a/index.html")
    }

    /// Links between generated paths (hostile segments, empty ones, shared prefixes that stop mid-segment) are the ones
    /// the first version made, walking segment by segment, byte for byte.
    @Test func linksAreTheSegmentWalksOwn() {
        var random = SeededGenerator(seed: 27)
        let pieces = ["a", "ab", "b", "é", "e\u{301}", "/", "/", "//", "index.html", "\u{202E}", "..", "%2F", "\u{0}"] + HostileText.pieces
        func path() -> String { (0..<Int.random(in: 0...7, using: &random)).map { _ in random.pick(pieces) }.joined() }
        for _ in 0..<20_000 {
            let from = path(), to = random.chance(0.5) ? path() : from + random.pick(pieces) + path()
            let fragment: String? = random.chance(0.3) ? random.pick(pieces) : nil
            let link = Route(file: from).link(to: Route(file: to), fragment: fragment)
            #expect(Array(link.utf8) == Array(Self.segmentWalk(from, to, fragment).utf8), "\(from.debugDescription) → \(to.debugDescription)")
        }
    }

    /// `link(to:fragment:)` as first written: one folder segment of each path at a time.
    private static func segmentWalk(_ fromFile: String, _ toFile: String, _ fragment: String?) -> String {
        let from = fromFile.utf8, to = toFile.utf8
        let slash = UInt8(ascii: "/")
        let fromFolders = from.reduce(0) { $0 + ($1 == slash ? 1 : 0) }
        let toFolders = to.reduce(0) { $0 + ($1 == slash ? 1 : 0) }
        var a = from.startIndex, b = to.startIndex
        var common = 0
        while common < fromFolders, common < toFolders,
              let endA = from[a...].firstIndex(of: slash), let endB = to[b...].firstIndex(of: slash),
              from[a..<endA].elementsEqual(to[b..<endB]) {
            common += 1
            a = from.index(after: endA)
            b = to.index(after: endB)
        }
        let link = String(repeating: "../", count: fromFolders - common) + String(toFile[b...])
        return fragment.map { link + "#" + $0 } ?? link
    }

    /// Resolves a relative link the way a browser does from `file://`, independently of the code under test.
    private static func resolve(_ link: String, from file: String) -> String {
        let base = URL(string: "file:///site/" + file)!
        let resolved = URL(string: link, relativeTo: base)!.absoluteURL.path
        return String(resolved.dropFirst("/site/".count))
    }
}
