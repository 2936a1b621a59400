import Foundation
import Testing
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// A client for sites without API sources: any request is a test failure.
struct NoNetwork: HTTPClient {
    func send(_ request: WebRequest) async throws -> WebResponse {
        Issue.record("unexpected request to \(request.url)")
        throw FetchError.unreachable(url: request.url, reason: "no network in this test")
    }
}

/// Incremental builds: only pages whose inputs changed are drawn again, and the result equals a full build.
@Suite("Incremental builds")
struct IncrementalBuildTests {
    static let files = [
        "Content/site.yml": "title: Notas\ndefault_language: es\nlanguages: [es, en]\npage_size: 2\n",
        "Content/_index.md": "---\ntitle: Notas\n---\nBienvenida.\n",
        "Content/linux/_index.md": "---\ntitle: Linux\n---\nÓrdenes de Linux.\n",
        "Content/linux/tar.md": "---\ntitle: tar\n---\nArchiva ficheros.\n",
        "Content/linux/ls.md": "# ls\n\nLista ficheros.\n",
        "Content/linux/cp.md": "---\ntitle: cp\nweight: 1\n---\nCopia.\n",
        "Content/linux/cp.en.md": "---\ntitle: cp\n---\nCopies.\n",
        "Content/osx/open.md": "Abre ficheros.\n",
        "Content/about.md": "---\ntitle: Acerca de\ndescription: Quiénes somos.\n---\nTexto.\n",
    ]

    @Test func nothingChangedDrawsNothingAndRewritesNothing() async throws {
        let site = try TestSite(files: Self.files)
        defer { site.remove() }
        let first = try await site.build()
        #expect(first.rendered == first.pages)
        let stamp = FileStamp(path: site.output + "/linux/tar/index.html")
        let second = try await site.build()
        #expect(second.rendered == 0)
        #expect(second.pages == first.pages)
        #expect(FileStamp(path: site.output + "/linux/tar/index.html") == stamp, "unchanged files are not rewritten")
        try await site.expectSameAsFullBuild()
    }

    @Test func parsedMarkdownIsKeptOnDiskAndADamagedMemoIsIgnored() async throws {
        let site = try TestSite(files: Self.files)
        defer { site.remove() }
        _ = try await site.build()
        let saved = try TestSite.memoShards(site)
        #expect(saved.count > 1, "the documents are spread over shards")
        let stamps = try saved.keys.map { try #require(FileStamp(path: $0)) }
        let unchanged = try await site.build()
        #expect(unchanged.rendered == 0)
        #expect(try TestSite.memoShards(site) == saved, "nothing parsed anew, nothing saved")
        #expect(try saved.keys.map { try #require(FileStamp(path: $0)) } == stamps, "no shard written again")
        try site.write("Content/linux/tar.md", "---\ntitle: tar\n---\nArchiva y comprime ficheros.\n")
        let tarShard = try #require(saved.first { $0.value.contains(Array("linux/tar.md".utf8)) })
        try Files.writeFile(Array(tarShard.value.prefix(tarShard.value.count / 2)), to: tarShard.key)
        let edited = try await site.build()
        #expect(edited.rendered > 0)
        #expect(try Files.readText(site.output + "/linux/tar/index.html").contains("Archiva y comprime"))
        try await site.expectSameAsFullBuild()
    }

    @Test func editingABodyRedrawsOnlyThatPageInEachLanguage() async throws {
        let site = try TestSite(files: Self.files)
        defer { site.remove() }
        _ = try await site.build()
        try site.write("Content/linux/tar.md", "---\ntitle: tar\n---\nArchiva y comprime ficheros.\n")
        let report = try await site.build()
        #expect(report.rendered == 2, "linux/tar in es and en/linux/tar (which falls back to Spanish)")
        #expect(try Files.readText(site.output + "/linux/tar/index.html").contains("Archiva y comprime"))
        try await site.expectSameAsFullBuild()
    }

    @Test func editingATitleAlsoRedrawsTheListsThatShowIt() async throws {
        let site = try TestSite(files: Self.files)
        defer { site.remove() }
        let first = try await site.build()
        try site.write("Content/linux/tar.md", "---\ntitle: tar (GNU)\n---\nArchiva ficheros.\n")
        let report = try await site.build()
        #expect(report.rendered > 2 && report.rendered < first.pages)
        #expect(try Files.readText(site.output + "/linux/page/2/index.html").contains("tar (GNU)"))
        try await site.expectSameAsFullBuild()
    }

    @Test func aRemovedPageIsRemovedAndANewOneAppears() async throws {
        let site = try TestSite(files: Self.files)
        defer { site.remove() }
        _ = try await site.build()
        try site.delete("Content/osx/open.md")
        try site.write("Content/osx/say.md", "---\ntitle: say\n---\nHabla.\n")
        _ = try await site.build()
        #expect(!Files.exists(site.output + "/osx/open/index.html"))
        #expect(Files.exists(site.output + "/osx/say/index.html"))
        try await site.expectSameAsFullBuild()
    }

    @Test func changingATemplateRedrawsOnlyThePagesThatUseIt() async throws {
        let site = try TestSite(files: Self.files, theme: .builtIn)
        defer { site.remove() }
        let first = try await site.build()
        let page = try Files.readText(site.root + "/Templates/page.mustache")
        try site.write("Templates/page.mustache", page.replacingOccurrences(of: "<article class=\"prose\"", with: "<article class=\"prose page\""))
        let report = try await site.build()
        // Four section indexes (home, linux ×2 pages, osx) and the search page per language, and the 404.
        let contentPages = first.pages - 2 * 5 - 1
        #expect(report.rendered == contentPages)
        #expect(try Files.readText(site.output + "/linux/tar/index.html").contains("prose page"))
        try await site.expectSameAsFullBuild()

        try site.write("Templates/partials/pagination.mustache", "{{#pagination.isNeeded}}<nav class=\"pages\"></nav>{{/pagination.isNeeded}}\n")
        let partial = try await site.build()
        #expect(partial.rendered == 2 * 4, "the indexes include the pagination partial; the pages do not")
        try await site.expectSameAsFullBuild()
    }

    @Test func changingStringsOrConfigRedrawsWhatTheyReach() async throws {
        let site = try TestSite(files: Self.files, theme: .builtIn)
        defer { site.remove() }
        let first = try await site.build()
        let english = try Files.readText(site.root + "/Templates/i18n/en.yml")
        try site.write("Templates/i18n/en.yml", english.replacingOccurrences(of: "Skip to content", with: "Skip to the text"))
        let strings = try await site.build()
        #expect(strings.rendered == first.pages / 2, "only the English pages (404 is Spanish)")
        try await site.expectSameAsFullBuild()

        try site.write("Content/site.yml", "title: Apuntes\ndefault_language: es\nlanguages: [es, en]\npage_size: 2\n")
        let config = try await site.build()
        #expect(config.rendered == first.pages)
        try await site.expectSameAsFullBuild()
    }

    @Test func randomEditsAlwaysMatchAFullBuild() async throws {
        let site = try TestSite(files: Self.files)
        defer { site.remove() }
        let memo = BuildMemo()
        _ = try await site.build(memo: memo)
        var random = SeededRandom(seed: 20_261_123)
        let words = ["alfa", "beta", "gamma", "delta", "épsilon", "zeta"]
        for round in 0..<24 {
            let folder = ["linux", "osx", "bsd"][random.next(3)]
            let name = words[random.next(words.count)]
            let path = "Content/\(folder)/\(name).md"
            let other = words[random.next(words.count)], otherFolder = ["linux", "osx", "bsd"][random.next(3)]
            switch random.next(6) {
            case 0: try site.delete(path)
            case 4:
                // Links to pages that come and go, and to ids they may or may not have, so link warnings change too.
                try site.write(path, "# \(name)\n\n[a](../\(other)/) [b](../../\(otherFolder)/\(other)/#\(other)) [c](../\(other)/#falta)\n")
            case 1:
                // Terms that come and go (their pages, feeds and the related pages change), some pages dated.
                let tags = ["viaje", "comida", "música"].filter { _ in random.next(2) == 0 }
                let date = random.next(2) == 0 ? "date: 2026-01-\(10 + random.next(15))\n" : ""
                try site.write(path, "---\ntitle: \(name) \(round)\nweight: \(random.next(4))\n\(date)tags: [\(tags.joined(separator: ", "))]\n---\nTexto \(round).\n")
            case 2: try site.write(path, "# \(name.uppercased())\n\n- [ ] tarea \(round)\n")
            case 3: try site.write("Content/\(folder)/_index.md", "---\ntitle: \(folder.capitalized) \(round)\n---\n")
            default: try site.write("Content/\(folder)/\(name).en.md", "---\ntitle: \(name) in English\n---\nText \(round).\n")
            }
            let report = try await site.build(memo: round.isMultiple(of: 2) ? memo : nil)
            try await site.expectSameAsFullBuild(comment: "after round \(round)", report: report)
        }
    }

    @Test func aChangedSourceResponseRedrawsThePagesMadeFromIt() throws {
        let theme = Theme(origin: "test", files: ["a.mustache": Array("{{title}}".utf8)])
        let templates = try TemplateLibrary.load(theme: theme)
        let site = BuildInput(key: "site", fingerprint: "1")
        func page(_ file: String, source: String) -> Page {
            Page(route: Route(file: file), language: "es", template: "a", title: file, navigationKey: "", alternates: [:], content: "")
                .with(inputs: [BuildInput(key: "source:pokeapi", fingerprint: source)])
        }
        func jobs(source: String, previous: BuildState?) -> [RenderStage.Job] {
            let pages = [page("p/index.html", source: source)]
            return PageDigester(pages: pages, templates: templates, strings: Strings(tables: [:], defaultLanguage: "es"), site: site)
                .jobs(pages, previous: previous)
        }
        let before = jobs(source: "A", previous: nil)
        let record = BuildState.Record(digest: before[0].digest, inputs: before[0].inputs, ids: [])
        let state = BuildState(buildID: "x", records: ["p/index.html": record])
        let same = jobs(source: "A", previous: state)
        let changed = jobs(source: "B", previous: state)
        #expect(same[0].reuse != nil)
        #expect(changed[0].reuse == nil)
        #expect(before[0].inputs.contains("source:pokeapi") && before[0].inputs.contains("template:a"))
    }

    /// The digest fed to the hash one text at a time is the fingerprint of the joined `key=fingerprint` lines of the
    /// site's inputs and the page's own, sorted and each once, as the build record of an earlier version holds it: over
    /// seeded pages with inputs repeated, unsorted, sharing keys, with non-ASCII text, or none (everything).
    @Test func aPagesDigestIsTheFingerprintOfItsSortedInputLines() throws {
        let theme = Theme(origin: "test", files: ["a.mustache": Array("{{title}}".utf8), "b/c.mustache": Array("{{title}}".utf8)])
        let templates = try TemplateLibrary.load(theme: theme)
        let strings = Strings(tables: ["es": ["hola": "¡hola!"], "en": ["hola": "hello"]], defaultLanguage: "es")
        let site = BuildInput(key: "site", fingerprint: "1")
        var random = SeededRandom(seed: 0xD16E57)
        let keys = ["file:a.md", "file:b/ñ.md", "links", "source:pokeapi", "media", "file:a.md", "ü=x"]
        var pages: [Page] = []
        for number in 0..<2_000 {
            let inputs = (0..<random.next(7)).map { _ in BuildInput(key: keys[random.next(keys.count)], fingerprint: "\(random.next(3))é") }
            pages.append(Page(route: Route(file: "p\(number)/index.html"), language: ["es", "en", "fr"][random.next(3)],
                              template: ["a", "b/c", "missing"][random.next(3)], title: "", navigationKey: "", alternates: [:], content: "")
                .with(inputs: inputs).with(scripts: random.next(4) == 0 ? ["assets/js/map.js"] : []))
        }
        let digester = PageDigester(pages: pages, templates: templates, strings: strings, site: site)
        for (index, job) in digester.jobs(pages, previous: nil).enumerated() {
            let page = pages[index]
            let own = page.inputs.isEmpty ? [digester.everything] : Set(page.inputs).sorted { ($0.key, $0.fingerprint) < ($1.key, $1.fingerprint) }
            let asset = page.scripts.isEmpty ? digester.layoutInput
                : BuildInput(key: "assets", fingerprint: digester.assets.fingerprint(of: digester.layoutAssets + page.scripts))
            let inputs = [site, BuildInput(key: "template:\(page.template)", fingerprint: templates.fingerprint(page.template)),
                          BuildInput(key: "strings:\(page.language)", fingerprint: digester.strings[page.language] ?? ""), asset] + own
            #expect(job.digest == Fingerprint.hex(inputs.map { "\($0.key)=\($0.fingerprint)" }.joined(separator: "\n")), "page \(index)")
            #expect(job.inputs == inputs.map(\.key))
        }
    }

    /// Every input of the site is gathered only when a page declares none: the same pages give the same fingerprint;
    /// with none such, each digester has one of its own that no record holds, so a page without inputs met later (a
    /// quick edit's) is always drawn, never reused.
    @Test func everythingIsGatheredOnlyForPagesWithoutInputs() throws {
        let templates = try TemplateLibrary.load(theme: Theme(origin: "test", files: ["a.mustache": Array("{{title}}".utf8)]))
        let strings = Strings(tables: [:], defaultLanguage: "es")
        let site = BuildInput(key: "site", fingerprint: "1")
        func page(_ file: String, inputs: [BuildInput]) -> Page {
            Page(route: Route(file: file), language: "es", template: "a", title: "", navigationKey: "", alternates: [:], content: "").with(inputs: inputs)
        }
        let withInputs = [page("a/index.html", inputs: [.file("a.md", "1")]), page("b/index.html", inputs: [.file("b.md", "2")])]
        let withOneWithout = withInputs + [page("c/index.html", inputs: [])]
        func digester(_ pages: [Page]) -> PageDigester { PageDigester(pages: pages, templates: templates, strings: strings, site: site) }
        #expect(digester(withOneWithout).everything == digester(withOneWithout).everything)
        #expect(digester(withOneWithout).everything.fingerprint == Fingerprint.hex("file:a.md=1\nfile:b.md=2"))
        let first = digester(withInputs), second = digester(withInputs)
        #expect(first.everything != second.everything)
        let late = page("c/index.html", inputs: [])
        let job = first.job(late, at: 0, previous: nil)
        let state = BuildState(buildID: "x", records: ["c/index.html": BuildState.Record(digest: job.digest, inputs: job.inputs, ids: [])])
        #expect(second.job(late, at: 0, previous: state).reuse == nil)
    }
}

/// A small deterministic generator, so a failing sequence of edits can be replayed.
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
}
