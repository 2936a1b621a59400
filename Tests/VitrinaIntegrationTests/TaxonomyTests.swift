import Foundation
import Testing
import TestSupport
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// Tags and categories: term lists with counts, a page per term (paginated, newest first, with its feeds), `rel="tag"`
/// links and related pages on each tagged page, both languages, hostile and colliding names, and incremental builds.
/// Etiquetas y categorías: listas, páginas por término con sus canales, enlaces rel="tag", páginas relacionadas.
@Suite("Taxonomies")
struct TaxonomyTests {
    static let files = [
        "Content/site.yml": "title: T\nlanguages: [es, en]\npage_size: 2\ntaxonomies:\n  tags:\n    names:\n      viaje: {en: Travel}\n  categories:\n",
        "Content/notes/uno.md": "---\ntitle: Uno\ndate: 2026-01-01\ntags: [viaje, comida]\n---\nHola.\n",
        "Content/notes/dos.md": "+++\ntitle = \"Dos\"\ndate = 2026-02-01\ntags = [\"viaje\"]\ncategories = \"Notas\"\n+++\nDos.\n",
        "Content/notes/tres.md": "---\ntitle: Tres\ndescription: La tercera.\ntags: viaje\n---\nTres.\n",
        "Content/notes/tres.en.md": "---\ntitle: Three\n---\nThree.\n",
        "Content/notes/cuatro.md": "---\ntitle: Cuatro\n---\nSin etiquetas.\n",
    ]

    static func main(_ html: String) -> String {
        guard let start = html.range(of: "<main"), let end = html.range(of: "</main>") else { return "" }
        return String(html[start.lowerBound..<end.upperBound])
    }

    @Test func termListsTermPagesAndTheirPagination() async throws {
        let site = try TestSite(files: Self.files, theme: .builtIn)
        defer { site.remove() }
        let report = try await site.build()
        #expect(report.warnings.isEmpty)
        let list = Self.main(try site.read("etiquetas/index.html"))
        #expect(list.contains(#"<a href="comida/index.html">comida</a> <span class="muted">1 página</span>"#))
        #expect(list.contains(#"<a href="viaje/index.html">viaje</a> <span class="muted">3 páginas</span>"#))
        let first = Self.main(try site.read("etiquetas/viaje/index.html"))
        // Newest first, two to a page (page_size), the undated last.
        #expect(first.contains("<h1>Etiquetas: viaje</h1>") && first.contains("3 páginas"))
        let dos = try #require(first.range(of: "notes/dos/index.html")), uno = try #require(first.range(of: "notes/uno/index.html"))
        #expect(dos.lowerBound < uno.lowerBound && !first.contains("notes/tres/"))
        #expect(first.contains(#"<a rel="next" href="pagina/2/index.html">"#))
        let second = Self.main(try site.read("etiquetas/viaje/pagina/2/index.html"))
        #expect(second.contains("notes/tres/index.html") && second.contains("La tercera."))
        #expect(try site.read("categorias/notas/index.html").contains("notes/dos/index.html"))
        // The navigation lists each taxonomy; the sitemap lists every term page.
        #expect(try site.read("index.html").contains(#"<a href="etiquetas/index.html">Etiquetas</a>"#))
        let sitemap = try site.read("sitemap.xml")
        for path in ["etiquetas/", "etiquetas/viaje/", "etiquetas/viaje/pagina/2/", "en/tags/viaje/", "categorias/notas/"] {
            #expect(sitemap.contains("<loc>\(path)index.html</loc>"), "\(path) in the sitemap")
        }
    }

    @Test func englishPagesUseTheirOwnRoutesLabelsAndDisplayNames() async throws {
        let site = try TestSite(files: Self.files, theme: .builtIn)
        defer { site.remove() }
        _ = try await site.build()
        // site.yml names viaje "Travel" in English: its page, its slug and its links follow the name pages write (viaje).
        let english = Self.main(try site.read("en/tags/viaje/index.html"))
        #expect(english.contains("<h1>Tags: Travel</h1>") && english.contains("3 pages"))
        #expect(try site.read("en/tags/index.html").contains(#"<a href="viaje/index.html">Travel</a> <span class="muted">3 pages</span>"#))
        let page = try site.read("en/notes/uno/index.html")
        #expect(page.contains(#"<a rel="tag" class="term" href="../../tags/viaje/index.html">Travel</a>"#))
        // The language switch of a term page leads to the same term in the other language.
        #expect(try site.read("etiquetas/viaje/index.html").contains(#"href="../../en/tags/viaje/index.html""#))
    }

    @Test func taggedPagesLinkTheirTermsAndUpToFiveRelatedPages() async throws {
        var files = Self.files
        for number in 1...7 { files["Content/notes/extra\(number).md"] = "---\ntitle: Extra \(number)\ndate: 2025-0\(number)-01\ntags: [viaje]\n---\nX.\n" }
        let site = try TestSite(files: files, theme: .builtIn)
        defer { site.remove() }
        _ = try await site.build()
        let uno = try site.read("notes/uno/index.html")
        #expect(uno.contains(#"<a rel="tag" class="term" href="../../etiquetas/comida/index.html">comida</a>"#))
        #expect(uno.contains(#"<a rel="tag" class="term" href="../../etiquetas/viaje/index.html">viaje</a>"#))
        let related = try #require(uno.range(of: "<ul class=\"related\">").map { String(uno[$0.upperBound...]) })
        let links = related.components(separatedBy: "</ul>")[0].components(separatedBy: "<li>").dropFirst()
        #expect(links.count == 5, "at most five: \(links)")
        // Dos shares viaje and is the newest; then the extras newest first.
        #expect(links.first?.contains("../dos/index.html") == true && links.dropFirst().first?.contains("extra7") == true)
        let cuatro = try site.read("notes/cuatro/index.html")
        #expect(!cuatro.contains("page-terms"), "an untagged page shows no terms")
        // Term feeds: the dated tagged pages, newest first.
        let atom = try site.read("etiquetas/viaje/atom.xml")
        #expect(atom.components(separatedBy: "<entry>").count - 1 == 9 && atom.contains("<title>Etiquetas: viaje · T</title>"))
        #expect(try site.read("etiquetas/viaje/index.html").contains(#"<link rel="alternate" type="application/atom+xml" title="Etiquetas: viaje · T" href="atom.xml">"#))
    }

    @Test func hostileNamesAreEscapedAndBoundedAndCollidingNamesNameBothPages() async throws {
        var files = Self.files
        files["Content/notes/malo.md"] = "---\ntitle: Malo\ntags: [\"<script>alert(1)</script>\", \"\\u202Eevil\", \"../../etc\", \"🎉\"]\n---\nX.\n"
        let site = try TestSite(files: files, theme: .builtIn)
        defer { site.remove() }
        _ = try await site.build()
        let page = try site.read("notes/malo/index.html")
        #expect(!page.contains("<script>alert") && page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(site.exists("etiquetas/script-alert-1-script/index.html") && site.exists("etiquetas/etc/index.html"))
        #expect(Files.list(site.output).allSatisfy { !$0.contains("..") })

        try site.write("Content/notes/otro.md", "---\ntitle: Otro\ntags: [Viaje]\n---\nX.\n")
        let failure = await site.failure(BuildOptions(siteDirectory: site.root, offline: true))
        let message = try #require(failure).error.description
        #expect(message.contains("\"viaje\"") && message.contains("\"Viaje\"") && message.contains("notes/otro/index.html"), "\(message)")
        try site.write("Content/notes/otro.md", "---\ntitle: Otro\ntags: [\(String(repeating: "x", count: 101))]\n---\nX.\n")
        let long = try #require(await site.failure(BuildOptions(siteDirectory: site.root, offline: true))).error.description
        #expect(long.contains("Content/notes/otro.md:3") && long.contains("longer than 100"))
        try site.write("Content/notes/otro.md", "---\ntitle: Otro\ntags: {a: 1}\n---\nX.\n")
        #expect(try #require(await site.failure(BuildOptions(siteDirectory: site.root, offline: true))).error.description.contains("must be a list of names"))
    }

    @Test func addingATagRedrawsThatPageItsTermsAndRelatedPagesOnly() async throws {
        let site = try TestSite(files: Self.files, theme: .builtIn)
        defer { site.remove() }
        _ = try await site.build()
        let before = site.state()
        try site.write("Content/notes/cuatro.md", "---\ntitle: Cuatro\ntags: [comida]\n---\nAhora con etiqueta.\n")
        _ = try await site.build()
        let drawn = site.drawn(since: before)
        #expect(drawn.contains("notes/cuatro/index.html") && drawn.contains("etiquetas/comida/index.html") && drawn.contains("etiquetas/index.html"))
        #expect(drawn.contains("notes/uno/index.html"), "uno now has cuatro among its related pages")
        #expect(!drawn.contains("notes/dos/index.html") && !drawn.contains("etiquetas/viaje/index.html") && !drawn.contains("categorias/notas/index.html"),
                "pages that neither list nor relate to it are kept: \(drawn.sorted())")
        try await site.expectSameAsFullBuild()

        try site.write("Content/site.yml", "title: T\nlanguages: [es, en]\ntaxonomies: false\n")
        _ = try await site.build()
        let untagged = try site.read("notes/uno/index.html")
        #expect(!site.exists("etiquetas/index.html") && !untagged.contains("page-terms"))
        try await site.expectSameAsFullBuild()
    }

    @Test func siteYmlDeclaresTaxonomies() throws {
        #expect(try SiteConfig.parse("title: T\n", file: "s.yml").taxonomies.map(\.name) == ["tags", "categories"])
        #expect(try SiteConfig.parse("title: T\ntaxonomies: [series]\n", file: "s.yml").taxonomies.map(\.name) == ["series"])
        #expect(try SiteConfig.parse("title: T\ntaxonomies: false\n", file: "s.yml").taxonomies.isEmpty)
        for bad in ["taxonomies: [Tags]", "taxonomies: [tags, tags]", "taxonomies: 3", "taxonomies: [\"../x\"]"] {
            #expect(throws: VitrinaError.self, "\(bad)") { try SiteConfig.parse("title: T\n\(bad)\n", file: "s.yml") }
        }
    }

    @Test func aDeclaredSourceMapsAFieldToATaxonomy() async throws {
        try await withReplayServer { server in
            let site = try TestSite()
            defer { site.remove() }
            #expect(TestSite.storeSource.contains("categories: category"), "the sample store maps its category")
            _ = try await site.build(site.options(server: server))
            let electronics = try site.read("categorias/electronics/index.html")
            #expect(electronics.contains("<h1>Categorías: electronics</h1>") && electronics.contains("tienda/electronics/"))
            #expect(try site.read("en/categories/index.html").contains(#"<a href="jewelery/index.html">jewelery</a>"#))
            let product = try #require(Files.list(site.output).first { $0.hasPrefix("tienda/electronics/") && $0.hasSuffix("/index.html") && $0.split(separator: "/").count == 4 })
            #expect(try site.read(product).contains(#"rel="tag" class="term" href="../../../categorias/electronics/index.html">electronics</a>"#))
        }
        let unknown = "title: T\ntaxonomies: [tags]\nsources:\n  s:\n    base_url: https://example.org\n    items: {list: /x, id: id, title: t, taxonomies: {categories: c}}\n"
        #expect(throws: VitrinaError.self) { try SiteConfig.parse(unknown, file: "site.yml") }
        do { _ = try SiteConfig.parse(unknown, file: "site.yml") } catch {
            #expect("\(error)".contains("sources.s.items.taxonomies.categories: the site has no taxonomy categories"))
        }
    }

    @Test func termsFromAPIDataAreMadeFitToPublish() {
        let long = String(repeating: "é", count: 250)
        let terms = Taxonomy.terms(fromData: ["  electronics ", "electronics", "a\u{0}b\u{7}c", "", "\u{202E}lieve", long, "\n\t", "<b>x</b>"])
        #expect(terms == ["electronics", "abc", "\u{202E}lieve", String(repeating: "é", count: 100), "<b>x</b>"])
        #expect(Taxonomy.terms(fromData: (0..<1_000).map(String.init)).count == 100, "at most 100 terms")
        // Escaped where it is shown, slugged where it is a folder: a term never leaves the taxonomy's folder.
        for term in terms { #expect(!TaxonomyPlanner.slug(term).contains("/") && !TaxonomyPlanner.slug(term).contains("..")) }
    }
}
