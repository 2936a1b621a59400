import Foundation
import Testing
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// `vitrina serve`'s quick edits: an edited section page is drawn on its own from the last build kept in memory, and
/// the output always equals a full build; anything a quick edit cannot see is left to the incremental build.
@Suite("Quick edits")
struct QuickEditTests {
    static let quickStages = ["content", "search", "render", "check", "write"]
    /// With the search index's changed files written beside the pages.
    static let quickStagesWithIndex = ["content", "search", "render", "assemble", "check", "write"]

    func session(_ site: TestSite) -> DevSession {
        DevSession(options: BuildOptions(siteDirectory: site.root, offline: true), client: NoNetwork()) { _, _ in }
    }


    @Test func anEditedBodyIsDrawnAloneInEachLanguageAndMatchesAFullBuild() async throws {
        let site = try TestSite(files: IncrementalBuildTests.files)
        defer { site.remove() }
        let session = session(site)
        #expect(await session.build())
        let before = try site.snapshotOfOutput()

        try site.write("Content/linux/tar.md", "---\ntitle: tar\n---\nArchiva y comprime ficheros.\n")
        let (report, _) = try await session.redraw(["Content/linux/tar.md"])
        #expect(report.stages.map(\.name) == Self.quickStagesWithIndex)
        #expect(report.rendered == 2, "the Spanish page and the English one, which shows the Spanish text")
        let after = try site.snapshotOfOutput()
        let index = { (path: String) in path.hasPrefix("assets/search/") }
        #expect(Set(after.keys.filter { !index($0) }) == Set(before.keys.filter { !index($0) }))
        #expect(after.filter { before[$0.key] != $0.value && !index($0.key) }.keys.sorted() == ["linux/tar/index.html", "en/linux/tar/index.html", ".vitrina-manifest"].sorted())
        #expect(after.keys.contains { index($0) && before[$0] == nil }, "the search index's changed files, under new names")
        try await site.expectSameAsFullBuild(report: report)
        #expect(try await site.build().rendered == 0, "the manifest and build state on disk describe the output")

        let (touched, _) = try await session.redraw(["Content/linux/tar.md"])
        #expect(touched.stages.map(\.name) == Self.quickStages && touched.rendered == 0, "an unchanged file draws nothing")
    }

    @Test func changesThatReachListsOrOtherFilesAreLeftToABuild() async throws {
        let site = try TestSite(files: IncrementalBuildTests.files)
        defer { site.remove() }
        let session = session(site)
        #expect(await session.build())
        let edits: [(path: String, text: String?)] = [
            ("Content/linux/tar.md", "---\ntitle: tar, el archivador\n---\nArchiva ficheros.\n"),
            // A dated page is in its folder's feed: a date added, or the body of a dated page edited, rewrites the feed.
            ("Content/linux/tar.md", "---\ntitle: tar, el archivador\ndate: 2026-01-01\n---\nArchiva ficheros.\n"),
            ("Content/linux/tar.md", "---\ntitle: tar, el archivador\ndate: 2026-01-01\n---\nArchiva y comprime.\n"),
            ("Content/linux/ls.md", "---\nweight: 3\n---\n# ls\n\nLista ficheros.\n"),
            ("Content/linux/ls.md", "---\ndraft: true\n---\n# ls\n"),
            ("Content/linux/tar.en.md", "---\ntitle: tar\n---\nArchives files.\n"),
            ("Content/linux/_index.md", "---\ntitle: GNU/Linux\n---\n"),
            ("Content/osx/open.md", nil),
            ("Content/site.yml", "title: Apuntes\ndefault_language: es\nlanguages: [es, en]\npage_size: 2\n"),
        ]
        for (path, text) in edits {
            if let text { try site.write(path, text) } else { try site.delete(path) }
            #expect(try session.quickEdit([path]) == nil, "\(path) needs a build")
            #expect(await session.build(changed: [path]))
            try await site.expectSameAsFullBuild(comment: "after editing \(path)")
        }
    }

    @Test func randomEditsThroughTheSessionAlwaysMatchAFullBuild() async throws {
        var files = IncrementalBuildTests.files
        let words = ["alfa", "beta", "gamma", "delta"]
        for word in words { files["Content/linux/\(word).md"] = "# \(word)\n\n## Uso\n\nTexto.\n" }
        let site = try TestSite(files: files)
        defer { site.remove() }
        let session = session(site)
        #expect(await session.build())
        var random = SeededRandom(seed: 20_261_123)
        var quick = 0
        for round in 0..<30 {
            let name = words[random.next(words.count)], other = words[random.next(words.count)]
            var path = "Content/linux/\(name).md"
            let heading = ["Uso", "Ejemplos", "Opciones"][random.next(3)]
            switch random.next(5) {
            case 0: try site.write(path, "# \(name)\n\n## \(heading)\n\nRonda \(round).\n")
            case 1: try site.write(path, "# \(name)\n\nVer [\(other)](../\(other)/#\(Slug.make(heading, fallback: "x"))) y [nada](../nada/).\n")
            case 2: try site.write(path, "# \(name)\n\n- [x] hecho \(round)\n")
            case 3: try site.write(path, "# \(name) \(round)\n\nOtro título.\n")
            default:
                path = "Content/linux/\(name).en.md"
                try site.write(path, "# \(name)\n\nRound \(round).\n")
            }
            let changed = random.next(2) == 0 ? [path] : [path, "Content/linux/\(other).md"]
            let (report, wasQuick) = try await session.redraw(changed)
            if wasQuick { quick += 1 }
            try await site.expectSameAsFullBuild(comment: "after round \(round)", report: report)
        }
        #expect(quick >= 10, "most rounds only change the text")
    }

    @Test func aQuickEditStoppedHalfwayLeavesNothingABuildWouldKeep() async throws {
        let site = try TestSite(files: IncrementalBuildTests.files)
        defer { site.remove() }
        _ = try await site.build()
        // What a process stopped after swapping a page in, before the new manifest, leaves behind.
        try site.write("Output/linux/tar/index.html", "half-done\n")
        let manifest = site.output + "/" + OutputWriter.manifestName
        try Files.write(try Files.read(manifest) + Array("linux/tar/index.html\t\n".utf8), to: manifest)
        #expect(OutputWriter(outputDirectory: site.output).lastBuild().files["linux/tar/index.html"] == "")
        let report = try await site.build()
        #expect(report.rendered == report.pages, "a changed manifest is another build: its state is not trusted")
        try await site.expectSameAsFullBuild()
    }
}

/// A feature that exists only in this test, with its own quick-edit path: one page listing the lines of the site's
/// `quotes.txt` (beside `Content/`, so it is not published as a file), drawn again alone when that file changes.
/// Una función que solo existe en esta prueba, con su propia edición rápida.
struct QuoteFileFeature: Feature {
    var key: String { "quotefile" }

    func load(_ context: FeatureContext) async throws -> (any LoadedFeature)? {
        QuoteFile(lines: try Self.lines(in: context.documents.siteDirectory))
    }

    static func lines(in site: String) throws -> [String] {
        try Files.readText(Files.join(site, "quotes.txt")).split(separator: "\n").map(String.init)
    }
}

struct QuoteFile: EditableContent {
    let lines: [String]

    func pages(_ pageContext: PageContext) -> [Page] {
        pageContext.routes.languages.map { language in
            let route = pageContext.routes.route(language, "frases")
            let view = NotFoundView(heading: "Frases", text: lines.joined(separator: " · "),
                                    home: LinkView(href: route.link(to: pageContext.routes.route(language)), label: "home"))
            return Page(route: route, language: language, template: "404", title: "Frases", navigationKey: "quotefile",
                        alternates: pageContext.routes.alternates { pageContext.routes.route($0, "frases") }, content: view)
                .with(inputs: [.of("quotefile", lines)])
        }
    }

    func contribution(pageContext: PageContext, inputs: FeatureInputs) -> FeatureContribution {
        FeatureContribution(pages: { pages(pageContext) })
    }

    func quickEdit(_ changed: [String], reading loader: DocumentLoader, pageContext: inout PageContext) throws -> QuickEdited? {
        guard changed == ["quotes.txt"] else { return nil }
        let edited = QuoteFile(lines: try QuoteFileFeature.lines(in: loader.siteDirectory))
        return QuickEdited(content: edited, pages: edited.pages(pageContext))
    }
}

@Suite("Quick edits of a feature of its own")
struct FeatureQuickEditTests {
    @Test func aFeatureAddedInATestRedrawsItsOwnPageOnItsOwn() async throws {
        let site = try TestSite(files: ["Content/site.yml": "title: Frases\ndefault_language: es\nlanguages: [es, en]\n",
                                        "quotes.txt": "Carpe diem\n", "Content/docs/a.md": "# A\n\nUna página.\n"])
        defer { site.remove() }
        let features = FeatureRegistry.standard.adding([QuoteFileFeature()])
        let session = DevSession(options: BuildOptions(siteDirectory: site.root, offline: true), client: NoNetwork(), features: features) { _, _ in }
        #expect(await session.build())
        #expect(try site.read("frases/index.html").contains("Carpe diem"))
        let before = try site.snapshotOfOutput()

        try site.write("quotes.txt", "Carpe diem\nAlea iacta est\n")
        let (report, quick) = try await session.redraw(["quotes.txt"])
        #expect(quick && report.stages.map(\.name) == QuickEditTests.quickStages, "\(report.stages.map(\.name))")
        #expect(report.rendered == 2, "its page in each language, and nothing else")
        let after = try site.snapshotOfOutput()
        #expect(after.filter { before[$0.key] != $0.value }.keys.sorted() == [".vitrina-manifest", "en/frases/index.html", "frases/index.html"])
        #expect(try site.read("en/frases/index.html").contains("Carpe diem · Alea iacta est"))

        // The same as a full build with the same features, file for file.
        let fresh = site.root + "/Fresh"
        _ = try await BuildPipeline(options: BuildOptions(siteDirectory: site.root, outputDirectory: fresh, offline: true), client: NoNetwork(),
                                    features: features).build()
        let full = try site.snapshotOfOutput(fresh)
        #expect(Set(full.keys) == Set(after.keys))
        for (path, bytes) in full where !TestSite.same(path, after[path], bytes) { Issue.record("\(path) differs from a full build") }

        // A Markdown file is the folders' to redraw; a file no feature owns needs a build.
        try site.write("Content/docs/a.md", "# A\n\nOtra página.\n")
        #expect(try await session.redraw(["Content/docs/a.md"]).quick)
        try site.write("Content/other.txt", "x\n")
        #expect(try await !session.redraw(["Content/other.txt"]).quick)
    }
}
