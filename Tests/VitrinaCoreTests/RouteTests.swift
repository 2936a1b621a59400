import Foundation
import Testing
@testable import VitrinaCore

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

    /// Resolves a relative link the way a browser does from `file://`, independently of the code under test.
    private static func resolve(_ link: String, from file: String) -> String {
        let base = URL(string: "file:///site/" + file)!
        let resolved = URL(string: link, relativeTo: base)!.absoluteURL.path
        return String(resolved.dropFirst("/site/".count))
    }
}
