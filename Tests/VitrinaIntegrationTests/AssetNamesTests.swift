import Foundation
import Testing
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// Stylesheets and scripts under fingerprinted names: a host may cache them for a year, a change gets a new name.
/// Hojas de estilo y scripts con la huella en el nombre: un cambio, un nombre nuevo.
@Suite("Fingerprinted asset names")
struct AssetNamesTests {
    static let files = [
        "Content/site.yml": "title: T\nlanguages: [es]\npictures: false\n",
        "Content/notes/a.md": "# A\n\nUno.\n\n```rust\nfn main() {}\n```\n",
        "Content/notes/b.md": "# B\n\nDos.\n",
    ]

    /// Every `.css` and `.js` file of the output, by the path the theme names it with; the search index names its own
    /// files (SearchIndexTests).
    static func published(_ site: TestSite) -> [String: String] {
        let pattern = /(.*)\.([0-9a-f]{8})\.(css|js)/
        var published: [String: String] = [:]
        for path in Files.list(site.output) where (path.hasSuffix(".css") || path.hasSuffix(".js")) && !path.hasPrefix("assets/search/") {
            let match = path.wholeMatch(of: pattern)
            #expect(match != nil, "\(path) is published without a fingerprint")
            if let match { published["\(match.1).\(match.3)"] = path }
        }
        return published
    }

    /// The stylesheets and scripts a page links to.
    static func linked(_ html: String) -> [String] {
        html.matches(of: /<(?:link rel="stylesheet" href|script(?: defer)? src)="([^"]+)"/).map { String($0.1) }
    }

    @Test func stylesheetsAndScriptsAreNamedByTheirBytesAndEveryPageLinksThoseNames() async throws {
        let site = try TestSite(files: Self.files, theme: .builtIn)
        defer { site.remove() }
        _ = try await site.build()
        let published = Self.published(site)
        for name in ["assets/site.css", "assets/highlight.css", "assets/js/code.js"] {
            let path = try #require(published[name], "\(name) is published")
            let bytes = try Files.read("\(site.output)/\(path)")
            #expect(path == AssetNames.name(name, hash: Fingerprint.hex(bytes)), "\(path): the name holds its bytes' fingerprint")
        }
        for page in ["notes/a/index.html", "notes/b/index.html", "index.html", "404.html"] {
            let links = Self.linked(try site.read(page))
            #expect(links.count >= 3, "\(page) links its stylesheets and scripts")
            for link in links {
                let target = page == "404.html" || page == "index.html" ? link : String(link.dropFirst("../../".count))
                #expect(site.exists(target.hasPrefix("/") ? String(target.dropFirst()) : target), "\(page) links \(link), which is published")
            }
        }
    }

    @Test func aChangedStylesheetGetsANewNameTheOldOneGoesAndEveryPageLinksTheNewOne() async throws {
        let site = try TestSite(files: Self.files, theme: .builtIn)
        defer { site.remove() }
        _ = try await site.build()
        let before = Self.published(site)
        let pages = try #require(site.state()).records.count

        let unchanged = try await site.build()
        #expect(unchanged.rendered == 0, "the same bytes keep the same names: nothing is drawn")
        #expect(Self.published(site) == before)

        let css = try Files.readText("\(site.root)/Templates/assets/site.css")
        try site.write("Templates/assets/site.css", css + "\n.added { color: red; }\n")
        let changed = try await site.build()
        let after = Self.published(site)
        #expect(after["assets/site.css"] != before["assets/site.css"])
        #expect(!site.exists(try #require(before["assets/site.css"])), "the old stylesheet is removed")
        #expect(after.filter { $0.key != "assets/site.css" } == before.filter { $0.key != "assets/site.css" }, "the others keep their names")
        #expect(changed.rendered == pages, "every page links the stylesheet: every page is drawn again")
        #expect(try site.read("notes/b/index.html").contains(try #require(after["assets/site.css"])))
        try await site.expectSameAsFullBuild()
    }

    @Test func aPagesOwnScriptChangedRedrawsOnlyThePagesLoadingIt() async throws {
        try await withReplayServer { server in
            let site = try TestSite()
            defer { site.remove() }
            _ = try await site.build(site.options(server: server))
            let before = site.state()
            let map = try Files.readText("\(site.root)/Templates/assets/js/map.js")
            try site.write("Templates/assets/js/map.js", map + "\n// changed\n")
            let offline = site.options(server: nil, offline: true)
            _ = try await site.build(offline)
            let drawn = site.drawn(since: before)
            #expect(drawn.count >= 4)
            for page in drawn { #expect(try site.read(page).contains(site.asset("assets/js/map.js")), "\(page) was drawn and loads map.js") }
            #expect(!drawn.contains("index.html") && !drawn.contains("pokemon/index.html"), "pages without maps are kept")
            try await site.expectSameAsFullBuild(offline)
        }
    }

    @Test func fingerprintsFalseKeepsThePlainNames() async throws {
        var files = Self.files
        files["Content/site.yml"]! += "fingerprints: false\n"
        let site = try TestSite(files: files, theme: .builtIn)
        defer { site.remove() }
        _ = try await site.build()
        #expect(site.exists("assets/site.css") && site.exists("assets/js/code.js") && site.exists("assets/highlight.css"))
        #expect(try site.read("notes/a/index.html").contains(#"<link rel="stylesheet" href="../../assets/site.css">"#))
    }

    @Test func aNameHoldsTheFingerprintBeforeTheLastExtension() {
        #expect(AssetNames.name("assets/site.css", hash: "3f9a1c2b44556677") == "assets/site.3f9a1c2b.css")
        #expect(AssetNames.name("assets/data/search.es.js", hash: "0123456789abcdef") == "assets/data/search.es.01234567.js")
        let names = AssetNames(fingerprinting: [("assets/site.css", Array("a".utf8)), ("assets/world.svg", Array("b".utf8))])
        #expect(names["assets/site.css"] == AssetNames.name("assets/site.css", hash: Fingerprint.hex(Array("a".utf8))))
        #expect(names["assets/world.svg"] == "assets/world.svg", "pictures keep their names")
        #expect(names["assets/other.js"] == "assets/other.js", "a file not named keeps its path")
    }
}
