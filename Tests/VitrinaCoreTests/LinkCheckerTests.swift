import Foundation
import Synchronization
import Testing
import TestSupport
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// Link extraction and checking over real files written to a temporary output folder.
/// Extracción y comprobación de enlaces sobre ficheros reales escritos en una carpeta temporal.
@Suite("LinkChecker")
struct LinkCheckerTests {
    /// Writes `pages` (path → HTML) into a fresh folder, reads them back as the build does, and checks them.
    private func check(_ pages: [String: String], extraFiles: [String] = []) throws -> [String] {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vitrina-links-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for (path, html) in pages { try Files.write(Array(html.utf8), to: root.path + "/" + path) }
        for path in extraFiles { try Files.write([0x89, 0x50, 0x4E, 0x47], to: root.path + "/" + path) }
        let files = Files.list(root.path)
        let links = try files.filter { $0.hasSuffix(".html") }.map {
            PageLinks.extract(file: $0, html: try Files.readText(root.path + "/" + $0))
        }
        return LinkChecker().check(pages: links, files: Set(files))
    }

    // MARK: PageLinks.extract

    @Test func extractsHrefSrcAndIds() {
        let html = """
            <html><head><link rel="stylesheet" href="../assets/site.css"></head>
            <body><h2 id="tipos">Tipos</h2><a href="../index.html#top">Inicio</a>
            <img src="../media/25.png" alt=""><section id="stats" class="x"></section>
            <a class="y" href="https://pokeapi.co">API</a><div data-id="nope"></div></body></html>
            """
        let page = PageLinks.extract(file: "pokemon/index.html", html: html)
        #expect(page.file == "pokemon/index.html")
        #expect(page.links.sorted() == ["../assets/site.css", "../index.html#top", "../media/25.png", "https://pokeapi.co"])
        #expect(page.ids == ["tipos", "stats"])
    }

    @Test func extractFindsNothingInPlainText() {
        let page = PageLinks.extract(file: "a.html", html: "<p>href=\"x\" without a space before is not an attribute</p>")
        #expect(page.links.isEmpty)
        #expect(page.ids.isEmpty)
    }

    /// The scanner jumps from quote to quote; the oracle reads every space for ` href="`, ` src="` and ` id="` as the
    /// scanner did before. Ten thousand seeded pages of attribute pieces, stray quotes and equals signs, hostile text and
    /// highlighted blocks give the same attributes, in the same order.
    /// El escáner salta de comilla en comilla; el oráculo lee cada espacio como antes: mismos atributos, mismo orden.
    @Test func quoteScannerFindsWhatReadingEverySpaceFinds() {
        let pieces = [" href=\"", " src=\"", " id=\"", " class=\"", "\"", "=", "=\"", " ", "<a", ">", "<div class=\"highlight\">",
                      "<div class=\"highlight\"><div class=\"chroma\">", "</table>", "</code></pre></div>", "href", " id", "x", "é", "ref=\"",
                      "d=\"", "<span class=\"k\">", " data-id=\"", "\n"]
        var random = SeededGenerator(seed: 0x5CA77E2)
        for _ in 0..<10_000 {
            var html = ""
            for _ in 0..<Int.random(in: 0...40, using: &random) {
                html += random.chance(0.85) ? random.pick(pieces) : HostileText.string(&random, maxPieces: 3)
            }
            let bytes = Array(html.utf8)
            var found: [String] = [], expected: [String] = []
            bytes.withUnsafeBufferPointer { buffer in
                AttributeScanner.scan(buffer) { found.append("\($0) \(String(decoding: $1, as: UTF8.self))") }
                Self.scanEverySpace(buffer) { expected.append("\($0) \(String(decoding: $1, as: UTF8.self))") }
            }
            #expect(found == expected, "\(html.debugDescription)")
            if found != expected { return }
        }
    }

    /// The scanner as it was: every space tried against each pattern, highlighted blocks stepped over at their space.
    static func scanEverySpace(_ bytes: UnsafeBufferPointer<UInt8>, _ found: (AttributeScanner.Name, UnsafeBufferPointer<UInt8>) -> Void) {
        let patterns: [(AttributeScanner.Name, [UInt8])] = [(.href, Array(" href=\"".utf8)), (.src, Array(" src=\"".utf8)), (.id, Array(" id=\"".utf8))]
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: " ") else { index += 1; continue }
            if let end = HighlightedBlock.end(ofBlockAtSpace: index, in: bytes) { index = end; continue }
            guard let (name, pattern) = patterns.first(where: { bytes.hasPrefix($0.1, at: index) }) else { index += 1; continue }
            let start = index + pattern.count
            let end = bytes.firstIndex(of: UInt8(ascii: "\""), from: start) ?? bytes.count
            found(name, UnsafeBufferPointer(rebasing: bytes[start..<end]))
            index = end
        }
    }

    // MARK: LinkChecker.check

    @Test func goodRelativeLinksPass() throws {
        let problems = try check([
            "index.html": ##"<a href="pokemon/index.html">P</a> <a href="pokemon/25-pikachu/">Pika</a> <img src="media/25.png">"##,
            "pokemon/index.html": ##"<a href="../index.html">Inicio</a> <a href="./25-pikachu/index.html">Pika</a>"##,
            "pokemon/25-pikachu/index.html": ##"<a href="../../index.html">Inicio</a> <a href="../">Lista</a>"##,
        ], extraFiles: ["media/25.png"])
        #expect(problems == [])
    }

    @Test func missingFileIsReported() throws {
        let problems = try check([
            "index.html": ##"<a href="pokemon/index.html">ok</a>"##,
            "pokemon/index.html": ##"<a href="26-raichu/index.html">Raichu</a> <img src="../media/26.png">"##,
        ])
        #expect(problems == [
            "pokemon/index.html links to ../media/26.png, which is not in the output",
            "pokemon/index.html links to 26-raichu/index.html, which is not in the output",
        ])
    }

    @Test func anchorOnTheSamePage() throws {
        let good = try check(["docs/index.html": ##"<h2 id="que-contiene">Q</h2><a href="#que-contiene">ir</a>"##])
        #expect(good.isEmpty)

        let bad = try check(["docs/index.html": ##"<h2 id="que-contiene">Q</h2><a href="#fuentes">ir</a>"##])
        #expect(bad == [##"docs/index.html links to #fuentes, but docs/index.html has no id "fuentes""##])
    }

    @Test func anchorOnAnotherPage() throws {
        let pages = [
            "docs/index.html": ##"<a href="other/index.html#sources">ok</a> <a href="other/index.html#nowhere">bad</a>"##,
            "docs/other/index.html": ##"<h2 id="sources">Fuentes</h2>"##,
        ]
        let problems = try check(pages)
        #expect(problems == [##"docs/index.html links to other/index.html#nowhere, but docs/other/index.html has no id "nowhere""##])
    }

    @Test func emptyFragmentIsFine() throws {
        #expect(try check(["index.html": ##"<a href="#">top</a> <a href="index.html#">self</a>"##]).isEmpty)
    }

    @Test(arguments: [
        "https://pokeapi.co/api/v2/", "http://example.org", "mailto:hola@example.org", "//cdn.example.org/x.js",
        "tel:+34600000000", "data:image/png;base64,AAAA", "javascript:void(0)",
    ])
    func externalLinksAreIgnored(link: String) throws {
        #expect(!LinkSyntax.isInternal(link))
        #expect(try check(["index.html": "<a href=\"\(link)\">x</a>"]).isEmpty)
    }

    @Test(arguments: ["index.html", "../index.html", "a/b.html", "#x", "?page=2", "./a%20b.html"])
    func relativeLinksAreInternal(link: String) {
        #expect(LinkSyntax.isInternal(link))
    }

    @Test func climbingAboveTheRootIsReported() throws {
        let problems = try check([
            "index.html": ##"<a href="../index.html">up</a>"##,
            "pokemon/index.html": ##"<a href="../../index.html">up twice</a> <a href="../index.html">ok</a>"##,
        ])
        #expect(problems.count == 2)
        #expect(problems.contains("index.html links to ../index.html, which is not in the output"))
        #expect(problems.contains("pokemon/index.html links to ../../index.html, which is not in the output"))
        #expect(LinkChecker.resolve("../x.html", from: "index.html") == nil)
        #expect(LinkChecker.resolve("../x.html", from: "a/index.html") == "x.html")
        #expect(LinkChecker.resolve("../../b/", from: "a/c/index.html") == "b/index.html")
        #expect(LinkChecker.resolve("./", from: "a/index.html") == "a/index.html")
        #expect(LinkChecker.resolve("../", from: "a/index.html") == "index.html")
    }

    @Test func percentEncodedPathsAndFragments() throws {
        let pages = [
            "index.html": ##"<a href="store/men%27s%20clothing/index.html">ok</a> <a href="docs/index.html#qu%C3%A9">ok</a> <a href="store/caf%C3%A9.html">missing</a>"##,
            "store/men's clothing/index.html": "<p>x</p>",
            "docs/index.html": ##"<h2 id="qué">Q</h2>"##,
        ]
        let problems = try check(pages)
        #expect(problems == ["index.html links to store/caf%C3%A9.html, which is not in the output"])
    }

    @Test func entityEncodedAmpersandsAndQueries() throws {
        let problems = try check([
            "index.html": ##"<a href="pokemon/index.html?a=1&amp;b=2">q</a> <a href="pokemon/index.html?x#top">qa</a>"##,
            "pokemon/index.html": ##"<a id="top"></a>"##,
        ])
        #expect(problems.isEmpty)
    }

    @Test func queryOnlyLinkPointsAtTheSamePage() throws {
        let problems = try check(["pokemon/index.html": ##"<a href="?page=2">next</a> <a href="?sort=name#list">s</a><ol id="list"></ol>"##])
        #expect(problems.isEmpty, "got: \(problems)")
    }

    @Test func problemsAreSortedAndNotRepeated() throws {
        let problems = try check([
            "b.html": ##"<a href="x.html">1</a><a href="x.html">2</a>"##,
            "a.html": ##"<a href="z.html">1</a><a href="y.html">2</a>"##,
        ])
        #expect(problems == [
            "a.html links to y.html, which is not in the output",
            "a.html links to z.html, which is not in the output",
            "b.html links to x.html, which is not in the output",
        ])
    }

    /// What the checker remembers of one page's links serves another's only when they lead to the same place: on 300
    /// seeded sites (sibling and nested folders, `../` climbs, `./`, `#x`, `?x`, encoded names, `&amp;`, ids that are and
    /// are not there; every page starting with the same "layout" links, some climbing and some not, and a share of
    /// them the same link written as another text), checking every page in one batch gives each page what checking it
    /// alone gives.
    @Test func linksRememberedFromOtherPagesGiveWhatEachPageAloneGives() {
        var generator = SeededGenerator(seed: 2_711)
        let names = ["a", "b", "ab", "a b", "e\u{301}", "é"]
        let ids = ["x", "y", "é", "a b"]
        for round in 0..<300 {
            var files: [String] = ["index.html"]
            for _ in 0..<Int.random(in: 3...12, using: &generator) {
                let depth = Int.random(in: 0...3, using: &generator)
                files.append(((0..<depth).map { _ in generator.pick(names) } + [generator.pick(["index.html", "p.html"])]).joined(separator: "/"))
            }
            files = Array(Set(files)).sorted()
            func link() -> String {
                let target = generator.pick(files)
                let climbs = String(repeating: "../", count: Int.random(in: 0...3, using: &generator))
                let fragment = generator.chance(0.5) ? "#" + generator.pick(ids + ["a%20b"]) : ""
                switch Int.random(in: 0..<6, using: &generator) {
                case 0: return "#" + generator.pick(ids)
                case 1: return "?page=2" + fragment
                case 2: return climbs + target.replacingOccurrences(of: " ", with: "%20") + fragment
                case 3: return "./" + climbs + target.replacingOccurrences(of: "/index.html", with: "/") + fragment
                case 4: return climbs + target + "?a=1&amp;b=2" + fragment
                default: return climbs + generator.pick(names) + "/" + fragment
                }
            }
            let layout = (0..<Int.random(in: 0...6, using: &generator)).map { _ in link() }
            let pages = files.map { file in
                // A layout link stays at its place, or another link (or the same one as a copy of its text) takes it.
                let frame = layout.map { generator.chance(0.2) ? link() : generator.chance(0.2) ? String(decoding: Array($0.utf8), as: UTF8.self) : $0 }
                return PageLinks(file: file, links: frame + (0..<Int.random(in: 0...8, using: &generator)).map { _ in link() },
                                 ids: Set(ids.filter { _ in generator.chance(0.5) }))
            }
            let idsByFile = Dictionary(uniqueKeysWithValues: pages.map { ($0.file, $0.ids) })
            let together = LinkChecker().check(pages[...], files: Set(files), ids: idsByFile)
            for (page, check) in zip(pages, together) {
                let alone = LinkChecker().check(pages: [page], files: Set(files), ids: idsByFile)
                #expect(check.file == page.file && [check.problems, check.anchored] == [alone[0].problems, alone[0].anchored],
                        "round \(round), \(page.file): \(page.links)")
            }
        }
    }

    /// `é` and `e` + U+0301 are one text to Swift's `String ==` but two names on disk: a link reaches only the file and
    /// the id with its own bytes, whether it is checked alone, taken from a sibling page or remembered from another one.
    @Test func aLinkReachesOnlyTheFileAndIdWithItsOwnBytes() {
        let (composed, decomposed) = ("é", "e\u{301}")
        let files: Set<String> = ["\(composed)/index.html", "a/index.html", "b/index.html", "c/d/index.html"]
        let ids: [String: Set<String>] = ["\(composed)/index.html": ["caf\(composed)"]]
        let pages = [
            PageLinks(file: "a/index.html", links: ["../\(composed)/index.html", "../\(composed)/#caf\(composed)"], ids: []),
            PageLinks(file: "b/index.html", links: ["../\(decomposed)/index.html", "../\(composed)/#caf\(decomposed)"], ids: []),
            PageLinks(file: "c/d/index.html", links: ["../../\(composed)/index.html", "../../\(decomposed)/"], ids: []),
        ]
        let expected = [
            [String](),
            ["b/index.html links to ../\(composed)/#caf\(decomposed), but \(composed)/index.html has no id \"caf\(decomposed)\"",
             "b/index.html links to ../\(decomposed)/index.html, which is not in the output"],
            ["c/d/index.html links to ../../\(decomposed)/, which is not in the output"],
        ]
        #expect(LinkChecker().check(pages[...], files: files, ids: ids).map(\.problems) == expected, "checked together")
        #expect(pages.map { LinkChecker().check(pages: [$0], files: files, ids: ids)[0].problems } == expected, "each alone")
    }

    // MARK: IncrementalLinkCheck

    /// Kept pages as the last build left them (HTML in their files, records from a full check), one page drawn now,
    /// and the output's files now: the incremental check's records, the kept pages it read, and a full check's problems.
    private func incremental(kept: [String: String], drawn: (file: String, html: String), files: [String])
        -> (records: [String: BuildState.Record], read: [String], full: [String]) {
        let lastFiles = Set(kept.keys)
        var records: [String: BuildState.Record] = [:]
        let lastPages = kept.map { PageLinks.extract(file: $0.key, html: $0.value) }
        for check in LinkChecker().check(pages: lastPages, files: lastFiles, ids: Dictionary(uniqueKeysWithValues: lastPages.map { ($0.file, $0.ids) })) {
            records[check.file] = BuildState.Record(digest: "d", inputs: [], ids: lastPages.first { $0.file == check.file }!.ids.sorted(),
                                                    anchored: check.anchored, problems: check.problems)
        }
        records = records.filter { files.contains($0.key) }
        let page = PageLinks.extract(file: drawn.file, html: drawn.html)
        records[drawn.file] = BuildState.Record(digest: "d", inputs: [], ids: page.ids.sorted())
        let read = Mutex<[String]>([])
        let check = IncrementalLinkCheck(files: Set(files), change: .init(Set(files), last: Dictionary(uniqueKeysWithValues: lastFiles.map { ($0, "h") })),
                                         readUnchanged: { file in read.withLock { $0.append(file) }; return kept[file].map { Array($0.utf8) } })
        var ids = Dictionary(uniqueKeysWithValues: lastPages.map { ($0.file, $0.ids) })
        check.run(drawn: [page], records: &records, ids: &ids)
        var now = kept.filter { files.contains($0.key) }
        now[drawn.file] = drawn.html
        let full = LinkChecker().check(pages: now.map { PageLinks.extract(file: $0.key, html: $0.value) }, files: Set(files))
        return (records, read.withLock { $0.sorted() }, full)
    }

    @Test func filesOnlyAddedRecheckOnlyThePagesWithProblems() {
        let kept = ["a.html": #"<a href="new.html">soon</a>"#, "b.html": #"<a href="c.html">c</a>"#, "c.html": #"<p id="x">c</p>"#]
        let result = incremental(kept: kept, drawn: ("new.html", #"<a href="a.html">a</a>"#), files: ["a.html", "b.html", "c.html", "new.html"])
        #expect(result.read == ["a.html"], "only the page with a problem is read again")
        #expect(result.records.values.allSatisfy { $0.problems.isEmpty })
        #expect(result.full.isEmpty)
    }

    @Test func aFileGoneRechecksEveryPage() {
        let kept = ["a.html": #"<a href="gone.html">x</a>"#, "b.html": #"<a href="c.html">c</a>"#, "c.html": "<p>c</p>", "gone.html": "<p>g</p>"]
        let result = incremental(kept: kept, drawn: ("c.html", "<p>c again</p>"), files: ["a.html", "b.html", "c.html"])
        #expect(result.read == ["a.html", "b.html"])
        #expect(result.records.values.flatMap(\.problems).sorted() == result.full)
        #expect(result.full == ["a.html links to gone.html, which is not in the output"])
    }

    @Test func theSameFilesRecheckOnlyTheDrawnPage() {
        let kept = ["a.html": #"<a href="nowhere.html">x</a>"#, "b.html": #"<a href="a.html">a</a>"#]
        let result = incremental(kept: kept, drawn: ("b.html", #"<a href="a.html">a</a>"#), files: ["a.html", "b.html"])
        #expect(result.read.isEmpty)
        #expect(result.records.values.flatMap(\.problems).sorted() == result.full)
    }

    @Test func fileChangeIsReadWithoutASetOfTheLastFiles() {
        let last = ["a": "1", "b": "2"]
        #expect(IncrementalLinkCheck.FileChange(["a", "b"], last: last) == .none)
        #expect(IncrementalLinkCheck.FileChange(["a", "b", "c"], last: last) == .added)
        #expect(IncrementalLinkCheck.FileChange(["a", "c"], last: last) == .removed)
        #expect(IncrementalLinkCheck.FileChange(["a"], last: last) == .removed)
        #expect(IncrementalLinkCheck.FileChange(["a", "b"], last: nil) == .removed)
        #expect(IncrementalLinkCheck.FileChange(["a", "\u{E9}"], last: ["a": "1", "e\u{301}": "2"]) == .removed,
                "e + U+0301 replaced by é: another file, the first one gone")
    }
}
