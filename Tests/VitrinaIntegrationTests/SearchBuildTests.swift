import Foundation
import Testing
import TestSupport
@testable import VitrinaKit
@testable import VitrinaBuild

/// Search in a whole build: every site gets the index, the header's box and a search page (the core's, where no
/// feature brings one); `search: false` leaves all three out; hostile titles and text are data in the index.
/// La búsqueda en una construcción entera: índice, caja y página en cada sitio; `search: false` los deja fuera.
@Suite struct SearchBuildTests {
    static let files = [
        "Content/site.yml": "title: Notas\ndefault_language: es\nlanguages: [es, en]\n",
        "Content/linux/tar.md": "---\ntitle: \"<script>alert(1)</script> tar\"\n---\nArchiva ficheros con **tar**.\n\n## Uso\n\n<img src=x onerror=alert(2)> y canción.\n",
        "Content/linux/ls.md": "# ls\n\nLista ficheros.\n",
    ]

    @Test func aFolderSiteGetsTheIndexTheBoxAndASearchPage() async throws {
        let site = try TestSite(files: Self.files)
        defer { site.remove() }
        let report = try await site.build()
        #expect(report.warnings.isEmpty, "\(report.warnings)")
        // What the index cost is told: processor time spent making and writing it, on every core.
        #expect(report.searchCPU > .zero && report.summary.contains("\n  search index: made and written in "))
        let page = try site.read("linux/tar/index.html")
        #expect(page.contains("<form class=\"site-search\" role=\"search\" action=\"../../search/index.html\">"))
        #expect(page.contains("<input type=\"search\" name=\"q\" aria-label=\"Buscar en el sitio\" placeholder=\"Buscar…\">"))
        // The box's stylesheet and script ride in the layout's own: no links of their own in the page.
        #expect(!page.contains("assets/js/search.") && !page.contains("assets/search."))
        let (stylesheet, script) = try (site.read(Self.linked("assets/site.", in: page)), site.read(Self.linked("assets/js/app.", in: page)))
        #expect(stylesheet.contains(".search-popup {") && script.contains("window.vitrinaSearch = {"))
        #expect(!Files.list(site.output + "/assets").contains { $0.hasPrefix("search.") })
        let search = try site.read("search/index.html")
        #expect(search.contains("id=\"search-results\"") && site.exists("en/search/index.html"))
        for language in ["es", "en"] {
            let files = Files.list(site.output + "/assets/search").filter { $0.hasPrefix(language + ".") }.map { "assets/search/" + $0 }
            let read = try SearchFiles(files.map { DataFile(path: $0, bytes: Array(try site.read($0).utf8)) }, language: language)
            // Folder pages are listed, with the kind's label in the page's language; the search page is not.
            #expect(read.manifest["pages"] as? Int == 2)
            #expect(Set(read.pages(of: "tar").map(\.page)) == [read.pages(of: "tar").first!.page])
            #expect(read.pages(of: "cancion").count == 1 && read.pages(of: "ficheros").count == 2)
            let record = try #require(read.record(read.pages(of: "cancion")[0].page))
            #expect(record[0] as? String == (language == "es" ? "" : "en/") + "linux/tar/index.html")
            #expect(record[1] as? String == "<script>alert(1)</script> tar", "the title as text, to be shown as text")
            #expect(record[2] as? String == (language == "es" ? "Página" : "Page"))
            let sections = try #require(record[3] as? [[String]])
            #expect(sections.map(\.first) == ["", "uso"] && sections[1][2].contains("canción"))
        }
    }

    @Test func searchFalseLeavesTheIndexTheBoxAndThePageOut() async throws {
        var files = Self.files
        files["Content/site.yml"]! += "search: false\n"
        let site = try TestSite(files: files)
        defer { site.remove() }
        let report = try await site.build()
        #expect(!site.exists("assets/search/es.js") && !site.exists("search/index.html"))
        #expect(report.searchCPU == .zero && !report.summary.contains("search index:"))
        let page = try site.read("linux/tar/index.html")
        #expect(!page.contains("site-search") && !page.contains("search.js"))
        let (stylesheet, script) = try (site.read(Self.linked("assets/site.", in: page)), site.read(Self.linked("assets/js/app.", in: page)))
        #expect(!stylesheet.contains(".search-popup") && !script.contains("vitrinaSearch"))
    }

    /// The output path of the file a page links to whose published name starts with `start` (`assets/site.` →
    /// `assets/site.3f9a1c2b.css`).
    static func linked(_ start: String, in page: String) throws -> String {
        let at = try #require(page.range(of: start))
        let end = try #require(page[at.lowerBound...].firstIndex(of: "\""))
        return String(page[at.lowerBound..<end])
    }

    /// A folder of its own at `search/` keeps its place: the core's page steps aside, and so does the box.
    @Test func aFolderNamedSearchKeepsItsPlace() async throws {
        var files = Self.files
        files["Content/search.md"] = "# Buscar\n\nUna página propia.\n"
        let site = try TestSite(files: files)
        defer { site.remove() }
        let report = try await site.build()
        #expect(report.warnings.isEmpty, "\(report.warnings)")
        #expect(try site.read("search/index.html").contains("Una página propia"))
    }

    /// Pages are found by more than their text: a folder page by its tags, an API page by the fields its feature marks
    /// (a character's last place, a Pokémon's ability in the page's language) and a declared item by its description.
    /// Las páginas se encuentran también por sus etiquetas y por los campos que marca su función.
    @Test func pagesAreFoundByTheirTermsAndTheirFeaturesFields() async throws {
        try await withReplayServer { server in
            let site = try TestSite()
            defer { site.remove() }
            try site.write("Content/docs/senda.md", "---\ntitle: Una senda\ntags: [senderismo]\n---\nSubimos al pico.\n")
            _ = try await site.build(site.options(server: server))
            let files = Files.list(site.output + "/assets/search").filter { $0.hasPrefix("es.") }.map { "assets/search/" + $0 }
            let read = try SearchFiles(files.map { DataFile(path: $0, bytes: Array(try site.read($0).utf8)) }, language: "es")
            func urls(_ word: String) -> Set<String> { Set(read.pages(of: word).compactMap { read.record($0.page)?[0] as? String }) }
            #expect(urls("senderismo").contains("docs/senda/index.html"), "a tag that is not in the text")
            #expect(urls("citadel").contains { $0.hasPrefix("personajes/") }, "\(urls("citadel"))")
            #expect(urls("espesura").contains { $0.hasPrefix("pokemon/") }, "Bulbasaur's ability in Spanish: \(urls("espesura"))")
            #expect(urls("forest").contains { $0.hasPrefix("tienda/") }, "a product's description")
        }
    }

    /// Property: an edit's list of output files, found by halving, is the last list less the removed with the written,
    /// sorted, as a set would make it; an unsorted list (never written so) still gives that.
    @Test func anEditsFileListIsTheLastOneWithItsChanges() {
        var random = SeededGenerator(seed: 5151)
        for round in 0..<300 {
            let names = (0..<Int.random(in: 0...60, using: &random)).map { _ in "assets/search/en.s\(Int.random(in: 0...80, using: &random)).js" }
            let last = round % 10 == 0 ? names : Array(Set(names)).sorted()
            let removed = (0..<Int.random(in: 0...5, using: &random)).map { _ in random.chance(0.7) && !last.isEmpty ? random.pick(last) : "gone\(round).js" }
            let written = (0..<Int.random(in: 0...5, using: &random)).map { _ in
                DataFile(path: random.chance(0.3) && !last.isEmpty ? random.pick(last) : "assets/search/en.s\(Int.random(in: 0...99, using: &random)).js", bytes: [])
            }
            let edit = SearchEdit(written: written, removed: removed)
            let expected = (written.isEmpty && removed.isEmpty) ? last : Set(last).subtracting(removed).union(written.map(\.path)).sorted()
            #expect(edit.files(after: last) == expected, "round \(round)")
        }
    }
}
