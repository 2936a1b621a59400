import Foundation
import Testing
import TestSupport
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// A build after an edit of some pages' text alone draws them from the plan the last build kept, and its output is a
/// full build's, file for file; any other change builds the whole site.
@Suite("Edits drawn from the kept plan")
struct KeptPlanTests {
    /// The site of the incremental tests, with tags declared so that a page can be given terms.
    static let files = IncrementalBuildTests.files.merging(
        ["Content/site.yml": "title: Notas\ndefault_language: es\nlanguages: [es, en]\npage_size: 2\ntaxonomies:\n  tags:\n"]) { _, new in new }

    /// An offline build of `site`; files count as settled at once unless `settle` says otherwise.
    func build(_ site: TestSite, settle: Duration = .zero) async throws -> BuildReport {
        var options = BuildOptions(siteDirectory: site.root, offline: true)
        options.settleTime = settle
        return try await BuildPipeline(options: options, client: NoNetwork()).build()
    }

    /// Drawn from the kept plan: the whole site was neither loaded nor planned.
    func fromKeptPlan(_ report: BuildReport) -> Bool {
        let names = report.stages.map(\.name)
        return names.contains("kept plan") && !names.contains("memos") && !names.contains("plan")
    }

    func planFile(_ site: TestSite) -> String {
        KeptPlan.path(statePath: BuildState.path(siteDirectory: site.root, outputDirectory: site.output))
    }

    func size(_ site: TestSite, _ path: String) -> Int { (try? Files.read("\(site.output)/\(path)").count) ?? 0 }

    @Test func anEditOfAPagesTextIsDrawnFromTheKeptPlanAsAFullBuildDrawsIt() async throws {
        let site = try TestSite(files: Self.files)
        defer { site.remove() }
        let first = try await build(site)
        #expect(!fromKeptPlan(first) && Files.exists(planFile(site)))
        #expect(first.bytes == (try site.snapshotOfOutput().filter { $0.key != OutputWriter.manifestName }.values.reduce(0) { $0 + $1.count }))
        let drawn = ["linux/tar/index.html", "en/linux/tar/index.html"]
        let before = drawn.map { size(site, $0) }
        try site.write("Content/linux/tar.md", "---\ntitle: tar\n---\nArchiva ficheros con **tar**.\n\n## Uso\n\nVarios [a la vez](#uso).\n\n```swift\nlet x = 1\n```\n")
        let edited = try await build(site)
        #expect(fromKeptPlan(edited))
        #expect(edited.rendered == 2, "its page in Spanish and, from the Spanish text, in English")
        #expect((edited.pages, edited.files) == (first.pages, first.files))
        // The bytes of every file but the manifest, the search index's renamed files counted once.
        let total = try site.snapshotOfOutput().filter { $0.key != OutputWriter.manifestName }.values.reduce(0) { $0 + $1.count }
        #expect(edited.bytes == total)
        #expect(drawn.map { size(site, $0) } != before)
        #expect(try site.read("linux/tar/index.html").contains("Archiva ficheros con <strong>tar</strong>"))
        #expect(try site.read("linux/tar/index.html").contains("<span class=\"kd\">let</span>"), "its code highlighted")
        #expect(edited.warnings.isEmpty)
        try await site.expectSameAsFullBuild(report: edited)
        #expect(try await build(site).stages.map(\.name) == ["stamp"], "nothing changed since: nothing to do")
        // The next edit reads the plan this one kept; a page whose title is its first heading keeps it.
        try site.write("Content/linux/ls.md", "# ls\n\nLista ficheros y carpetas.\n")
        try site.write("Content/about.md", "---\ntitle: Acerca de\ndescription: Quiénes somos.\n---\nOtro texto.\n")
        let again = try await build(site)
        #expect(fromKeptPlan(again) && again.rendered == 4)
        try await site.expectSameAsFullBuild(report: again)
    }

    /// A book's page (a folder without settings, and a folder written for MkDocs with its nav) is drawn from the kept
    /// plan beside every other page's title and address: its sidebar, previous and next and breadcrumbs are a full
    /// build's; the book's first page is also its home, drawn again with it.
    @Test(arguments: [
        (["Content/README.md": "# Tools\n\nThe pages of the tools, one for each command people use every day.\n",
          "Content/linux/ls.md": "# ls\n\nList the files of a folder, which people do all the time.\n",
          "Content/linux/tar.md": "# tar\n\nPack files into one archive and take them out again.\n",
          "Content/osx/open.md": "# open\n\nOpen a file with the program the system chooses.\n"],
         "Content/linux/tar.md", "# tar\n\nPack files.\n\n## Usage\n\nSee [usage](#usage).\n", ["linux/tar/index.html"]),
        (["mkdocs.yml": "site_name: Small\nnav:\n  - Start: start.md\n  - Guide:\n      - guide/one.md\n      - Two: guide/two.md\n",
          "docs/start.md": "# Start\n\nWhere the reader begins, with a few words about the rest of the guide.\n",
          "docs/guide/one.md": "# One\n\nThe first part of the guide, for people who read it in order.\n",
          "docs/guide/two.md": "# Two\n\nThe second part of the guide, with more than the first.\n"],
         "docs/start.md", "# Start\n\nWhere the reader begins.\n", ["start/index.html", "index.html"]),
    ])
    func anEditOfABookPageIsDrawnFromTheKeptPlanAsAFullBuildDrawsIt(files: [String: String], path: String, text: String, drawn: [String]) async throws {
        let site = try TestSite(files: files)
        defer { site.remove() }
        let first = try await build(site)
        #expect(!fromKeptPlan(first) && Files.exists(planFile(site)))
        try site.write(path, text)
        let edited = try await build(site)
        #expect(fromKeptPlan(edited))
        #expect(edited.rendered == drawn.count)
        for file in drawn { #expect(try site.read(file).contains("class=\"docs-nav\""), "\(file) in the docs layout") }
        try await site.expectSameAsFullBuild(report: edited)
        // A title changed is in every page's sidebar: the whole site is built.
        try site.write(path, text.replacingOccurrences(of: "# ", with: "# New ", options: [], range: text.range(of: "# ")))
        let retitled = try await build(site)
        #expect(!fromKeptPlan(retitled))
        try await site.expectSameAsFullBuild(report: retitled)
    }

    /// The plan an edit keeps is the one a full build of the same sources keeps (its build and the output's path aside),
    /// so the edits after it start from what a full build would have kept.
    @Test func thePlanAnEditKeepsIsTheOneAFullBuildKeeps() async throws {
        let site = try TestSite(files: Self.files)
        defer { site.remove() }
        _ = try await build(site)
        try site.write("Content/linux/cp.md", "---\ntitle: cp\nweight: 1\n---\nCopia ficheros.\n")
        try site.write("Content/linux/cp.en.md", "---\ntitle: cp\n---\nCopies files.\n")
        #expect(fromKeptPlan(try await build(site)))
        let other = site.root + "/Other"
        var options = BuildOptions(siteDirectory: site.root, outputDirectory: other, offline: true)
        options.settleTime = .zero
        _ = try await BuildPipeline(options: options, client: NoNetwork()).build()
        let context = LoadingSession.decodedContext
        let kept = try #require(KeptPlan.load(planFile(site), context: context))
        let full = try #require(KeptPlan.load(KeptPlan.path(statePath: BuildState.path(siteDirectory: site.root, outputDirectory: other)), context: context))
        #expect(kept.parts == full.parts && kept.navigation == full.navigation)
        #expect((kept.assets, kept.siteInput, kept.contentCount, kept.restSum) == (full.assets, full.siteInput, full.contentCount, full.restSum))
        let folders = try #require(kept.parts.first { $0.feature == FoldersFeature().key })
        let record = try #require(FolderEditRecord.decode(folders.record))
        let cp = try #require(record.pages.firstIndex { $0.name == "cp" })
        #expect(folders.pages[cp].map(\.path) == ["Content/linux/cp.en.md", "Content/linux/cp.md"])
    }

    /// What a page's folder lists of it, its place, date, terms, links into the site, or any file other than pages'
    /// text: each builds the whole site, and the plan it keeps serves the next edit.
    @Test(arguments: [
        ("Content/linux/tar.md", "---\ntitle: tar2\n---\nArchiva ficheros.\n"),
        ("Content/linux/tar.md", "---\ntitle: tar\ndescription: Archivos.\n---\nArchiva ficheros.\n"),
        ("Content/linux/tar.md", "---\ntitle: tar\nweight: 5\n---\nArchiva ficheros.\n"),
        ("Content/linux/tar.md", "---\ntitle: tar\nslug: tarball\n---\nArchiva ficheros.\n"),
        ("Content/linux/tar.md", "---\ntitle: tar\ndraft: true\n---\nArchiva ficheros.\n"),
        ("Content/linux/tar.md", "---\ntitle: tar\ndate: 2026-01-02\n---\nArchiva ficheros.\n"),
        ("Content/linux/tar.md", "---\ntitle: tar\ntags: [archivos]\n---\nArchiva ficheros.\n"),
        ("Content/linux/tar.md", "---\ntitle: tar\n---\nComo [ls](ls.md).\n"),
        ("Content/linux/tar.md", "---\ntitle: tar\n---\nVéase [la parte](#no-existe).\n"),
        ("Content/linux/tar.md", "---\ntitle: tar\n---\n```nolang\nx\n```\n"),
        ("Content/linux/tar.md", "---\ntitle: tar\n---\nArchiva ficheros.\n\n![tar](tar.png)\n"),
        ("Content/linux/ls.md", "# ls y más\n\nLista ficheros.\n"),
        ("Content/linux/tar.en.md", "---\ntitle: tar\n---\nArchives files.\n"),
        ("Content/linux/cat.md", "# cat\n\nMuestra ficheros.\n"),
        ("Content/linux/_index.md", "---\ntitle: Linux y más\n---\nÓrdenes de Linux.\n"),
        ("Content/site.yml", "title: Notas y más\ndefault_language: es\nlanguages: [es, en]\npage_size: 2\ntaxonomies:\n  tags:\n"),
    ])
    func anEditThatChangesMoreThanThePagesTextBuildsTheWholeSite(path: String, text: String) async throws {
        let site = try TestSite(files: Self.files)
        defer { site.remove() }
        _ = try await build(site)
        try site.write(path, text)
        let edited = try await build(site)
        #expect(!fromKeptPlan(edited), "\(path)")
        try await site.expectSameAsFullBuild(report: edited)
        try site.write("Content/osx/open.md", "Abre ficheros y carpetas.\n")
        let next = try await build(site)
        #expect(fromKeptPlan(next) == edited.warnings.isEmpty, "a build with warnings keeps no plan")
        try await site.expectSameAsFullBuild(report: next)
    }

    @Test func aPageRemovedBuildsTheWholeSite() async throws {
        let site = try TestSite(files: Self.files)
        defer { site.remove() }
        _ = try await build(site)
        try site.delete("Content/osx/open.md")
        #expect(!fromKeptPlan(try await build(site)))
        #expect(!site.exists("osx/open/index.html"))
        try await site.expectSameAsFullBuild()
    }

    /// A page that links to a heading of the edited one is checked again: still there, the edit is drawn from the plan
    /// (reading every record); gone, the whole build says where the link broke.
    @Test func aLinkIntoTheEditedPagesHeadingIsCheckedAgain() async throws {
        var files = Self.files
        files["Content/linux/tar.md"] = "---\ntitle: tar\n---\nArchiva ficheros.\n\n## Uso\n\nVarios.\n"
        files["Content/osx/open.md"] = "Abre ficheros; véase [tar](../linux/tar.md#uso).\n"
        let site = try TestSite(files: files)
        defer { site.remove() }
        _ = try await build(site)
        try site.write("Content/linux/tar.md", "---\ntitle: tar\n---\nArchiva ficheros y carpetas.\n\n## Uso\n\nVarios.\n")
        let kept = try await build(site)
        #expect(fromKeptPlan(kept) && kept.warnings.isEmpty)
        try await site.expectSameAsFullBuild(report: kept)
        try site.write("Content/linux/tar.md", "---\ntitle: tar\n---\nArchiva ficheros.\n\n## Modo de empleo\n\nVarios.\n")
        let broken = try await build(site)
        #expect(!fromKeptPlan(broken))
        #expect(broken.warnings.contains { $0.message.contains("osx/open.md") && $0.message.contains("uso") })
        try await site.expectSameAsFullBuild(report: broken)
    }

    /// A records file whose lines are damaged is never patched: the whole build writes it again.
    @Test func damagedRecordsBuildTheWholeSite() async throws {
        let site = try TestSite(files: Self.files)
        defer { site.remove() }
        _ = try await build(site)
        let state = BuildState.path(siteDirectory: site.root, outputDirectory: site.output)
        let text = try Files.readText(state)
        try Files.write(Array(text.replacingOccurrences(of: "linux/tar/index.html\t", with: "linux/tar/index.html ").utf8), to: state)
        try site.write("Content/linux/tar.md", "---\ntitle: tar\n---\nArchiva.\n")
        #expect(!fromKeptPlan(try await build(site)))
        try await site.expectSameAsFullBuild()
    }

    /// Property: the records' lines with some pages' lines replaced are the lines a build writes for all the records
    /// with those pages' new ones, for seeded records (hostile texts in every field, any order of replacement).
    @Test func replacingLinesWritesWhatEncodingAllRecordsWrites() throws {
        var generator = SeededGenerator(seed: 91)
        var compared = 0
        for round in 0..<200 {
            let count = Int.random(in: 1...40, using: &generator)
            // Every other round without the separators, so that most rounds' lines read back and are compared.
            func text() -> String {
                let text = HostileText.string(&generator, maxPieces: 3)
                return round.isMultiple(of: 2) ? text : String(text.unicodeScalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\u{1F}" }.map(Character.init))
            }
            // An empty item has no place in a list's field (a record's never holds one).
            func texts() -> [String] { (0..<Int.random(in: 0...3, using: &generator)).map { _ in text() }.filter { !$0.isEmpty } }
            func record() -> BuildState.Record {
                BuildState.Record(digest: text(), inputs: texts(), ids: texts(), anchored: texts(), problems: texts())
            }
            var records: [String: BuildState.Record] = [:]
            for index in 0..<count { records["p\(index)/\(text())/index.html"] = record() }
            let files = records.keys.sorted()
            let old = BuildState(buildID: "a", records: records)
            let lines = RecordLines(buildID: "a", lines: old.encodedRecords(inOrderOf: files))
            var changed: [String: BuildState.Record] = [:]
            for file in files where Bool.random(using: &generator) { changed[file] = record() }
            let expected = BuildState(buildID: "b", records: records.merging(changed) { _, new in new }).encodedRecords(inOrderOf: files)
            let patched = lines.replacing(changed)
            // Texts with a tab or a newline make lines that do not read back as these records (the whole build reads none
            // of them either): only never trapping is asked there.
            // Con tabuladores o saltos de línea, las líneas no se leen como estos registros: solo se pide no detenerse.
            if BuildState.decode(BuildState.header("a") + lines.lines)?.records == records {
                #expect(patched == expected)
                compared += 1
            }
        }
        #expect(compared >= 40, "most rounds without separators read back (a problem loses its carriage returns)")
    }

    /// An edit adds its lines to the output's manifest rather than writing it whole; once the manifest weighs twice
    /// what a whole one would, the next edit writes it whole again. Every edit's output is a full build's.
    /// Una edición añade sus líneas al manifiesto; cuando pesa el doble que uno entero, se escribe entero de nuevo.
    @Test func editsAppendToTheManifestUntilItIsWrittenWholeAgain() async throws {
        let site = try TestSite(files: Self.files)
        defer { site.remove() }
        _ = try await build(site)
        let manifest = "\(site.output)/\(OutputWriter.manifestName)"
        let whole = try Files.read(manifest)
        var appended = 0
        var rewritten = false
        for edit in 1...24 {
            let before = try Files.read(manifest)
            try site.write("Content/linux/tar.md", "---\ntitle: tar\n---\nArchiva ficheros, versión \(edit).\n")
            #expect(fromKeptPlan(try await build(site)), "edit \(edit)")
            let after = try Files.read(manifest)
            if after.count > before.count, Array(after.prefix(before.count)) == before { appended += 1 }
            if after.count < before.count { rewritten = true }
            #expect(after.count < 3 * whole.count, "edit \(edit): never much past twice a whole manifest")
            let onDisk = Files.list(site.output).filter { $0 != OutputWriter.manifestName }.sorted()
            #expect(OutputWriter(outputDirectory: site.output).lastBuild().sortedFiles == onDisk, "edit \(edit): the files in the output, sorted")
        }
        #expect(appended > 0 && rewritten, "appended \(appended) times, and written whole again")
        try await site.expectSameAsFullBuild()
        #expect(try await build(site).stages.map(\.name) == ["stamp"], "the appended manifest is the build's own: nothing to do")
    }

    /// The edit writes the manifest in its own order only when that order is sorted and names each file once.
    @Test func theManifestsOrderServesOnlyWhenSorted() {
        let files = ["a/index.html": "1", "b/index.html": "2", "é/index.html": "3"]
        for (order, sorted) in [(["a/index.html", "b/index.html", "é/index.html"], true), (["b/index.html", "a/index.html", "é/index.html"], false),
                                (["a/index.html", "a/index.html", "b/index.html"], false), (["a/index.html", "b/index.html"], false), ([], false)] {
            let last = OutputWriter.LastBuild(id: "x", files: files, order: order)
            #expect(last.sortedFiles == files.keys.sorted(), "\(order)")
            #expect((last.sortedFiles == order) == sorted, "\(order)")
        }
    }

    /// An output file removed or cut short by hand is drawn again by the whole build, as after any other build.
    @Test func anOutputFileRemovedOrCutShortIsDrawnAgain() async throws {
        let site = try TestSite(files: Self.files)
        defer { site.remove() }
        _ = try await build(site)
        try site.delete("Output/linux/ls/index.html")
        try site.write("Content/linux/tar.md", "---\ntitle: tar\n---\nArchiva.\n")
        #expect(!fromKeptPlan(try await build(site)))
        #expect(site.exists("linux/ls/index.html"))
        try site.write("Output/osx/open/index.html", "cut short")
        try site.write("Content/linux/tar.md", "---\ntitle: tar\n---\nArchiva de nuevo.\n")
        #expect(!fromKeptPlan(try await build(site)))
        try await site.expectSameAsFullBuild()
    }

    /// A file changed so shortly before the build that a later change could share its stamp: the edit is drawn, but no
    /// plan is kept for the next build, which builds the whole site.
    @Test func anEditTooRecentToTrustItsStampKeepsNoPlan() async throws {
        let site = try TestSite(files: Self.files)
        defer { site.remove() }
        _ = try await build(site)
        try site.write("Content/linux/tar.md", "---\ntitle: tar\n---\nArchiva.\n")
        #expect(fromKeptPlan(try await build(site, settle: .seconds(600))))
        #expect(!Files.exists(planFile(site)))
        try site.write("Content/linux/tar.md", "---\ntitle: tar\n---\nArchiva otra vez.\n")
        #expect(!fromKeptPlan(try await build(site)))
        try await site.expectSameAsFullBuild()
    }

    /// A damaged or foreign plan is never trusted: the build reads the whole site.
    @Test func aDamagedPlanFileIsIgnored() async throws {
        let site = try TestSite(files: Self.files)
        defer { site.remove() }
        _ = try await build(site)
        var bytes = try Files.read(planFile(site))
        bytes[bytes.count / 2] ^= 0x20
        try Files.writeFile(bytes, to: planFile(site))
        try site.write("Content/linux/tar.md", "---\ntitle: tar\n---\nArchiva.\n")
        #expect(!fromKeptPlan(try await build(site)))
        try await site.expectSameAsFullBuild()
    }

    /// Property: a plan cut anywhere or with any byte changed (past the file's checksum) decodes as nil or as a plan
    /// whose files are plain paths below `Content/` and whose routes stay in the output, and never traps.
    @Test func damagedPlansDecodeWithoutTrapping() throws {
        let stamp = FileStamp(size: 3, seconds: 4, nanoseconds: 5, changeSeconds: 6, changeNanoseconds: 7, inode: 8)
        let plan = KeptPlan(
            buildID: "id", head: "head", contentCount: 3, restSum: .max - 2, siteInput: "site", assets: ["assets/site.css": "assets/site.1234abcd.css"],
            navigation: [.init(key: "home", labelKey: "nav_home", routes: ["es": "index.html", "en": "en/index.html"], labels: nil),
                         .init(key: "linux", labelKey: "", routes: ["es": "linux/index.html"], labels: ["es": "Linux", "en": "Linux"])],
            scriptStrings: ["favourite_add"], parts: [.init(feature: "folders", pages: [[.init(path: "Content/linux/tar.md", stamp: stamp), .init(path: "Content/linux/tar.en.md", stamp: stamp)]],
                          record: [1, 2, 3, 4])])
        let good = plan.encoded()
        var whole = ByteReader(good)
        #expect(KeptPlan.decode(&whole) == plan)
        // Routes, asset names and files make or name paths: one that would leave its folder is refused.
        for hostile in ["../../etc/x", "/etc/x", "a/../../x", "..", "a\u{0}b", "a\\b"] {
            let plans = [
                KeptPlan(buildID: "id", head: "h", contentCount: 0, restSum: 0, siteInput: "s", assets: ["assets/site.css": hostile], navigation: [], scriptStrings: [], parts: []),
                KeptPlan(buildID: "id", head: "h", contentCount: 0, restSum: 0, siteInput: "s", assets: [:],
                         navigation: [.init(key: "k", labelKey: "", routes: ["es": hostile], labels: nil)], scriptStrings: [], parts: []),
                KeptPlan(buildID: "id", head: "h", contentCount: 0, restSum: 0, siteInput: "s", assets: [:], navigation: [], scriptStrings: [],
                         parts: [.init(feature: "folders", pages: [[.init(path: "Content/" + hostile, stamp: stamp)]], record: [])]),
                KeptPlan(buildID: "id", head: "h", contentCount: 0, restSum: 0, siteInput: "s", assets: [:], navigation: [], scriptStrings: [],
                         search: ["es": hostile], parts: []),
            ]
            for hostilePlan in plans {
                var reader = ByteReader(hostilePlan.encoded())
                #expect(KeptPlan.decode(&reader) == nil, "\(hostile.debugDescription)")
            }
        }
        var generator = SeededGenerator(seed: 27)
        for _ in 0..<5_000 {
            var reader = ByteReader(generator.damaged(good))
            guard let decoded = KeptPlan.decode(&reader) else { continue }
            #expect(decoded.parts.allSatisfy { $0.pages.allSatisfy { !$0.isEmpty } })
            #expect(decoded.parts.flatMap { $0.pages.flatMap { $0 } }.allSatisfy { $0.path.contains("/") && SafePath.isPlainRelative($0.path) })
            #expect(decoded.navigation.allSatisfy { $0.routes.values.allSatisfy(SafePath.isPlainRelative) })
            #expect(decoded.assets.values.allSatisfy(SafePath.isPlainRelative))
        }
    }

    /// Property: the folders' own record, damaged the same ways, decodes as nil or as sections and pages in place, with
    /// folders and slugs that are single plain segments, and never traps.
    @Test func damagedFolderRecordsDecodeWithoutTrapping() throws {
        let listed = FolderPage.Listed(slug: "tar", draft: false, explicitSlug: true, listing: "0123456789abcdef", dated: false, termed: false)
        let record = FolderEditRecord(sections: [.init(folders: [], slugs: [], titles: [:]), .init(folders: ["linux"], slugs: ["linux"], titles: ["es": "Linux"])],
                                      pages: [.init(section: 1, name: "tar", listed: listed)])
        var withBook = record
        withBook.books = [.init(section: 1, index: nil, pages: [.init(name: "tar", slug: "tar", draft: false, versions: [["es", "Content/linux/tar.md", "tar", ""]])])]
        withBook.changes = ["Content/linux/tar.md": "2026-11-30"]
        let good = withBook.encoded()
        #expect(FolderEditRecord.decode(good) == withBook)
        #expect(FolderEditRecord.decode(record.encoded()) == record)
        for hostile in ["../x", "a/b", ""] {
            var bad = withBook
            bad.books = [.init(section: 1, index: nil, pages: [.init(name: "tar", slug: hostile, draft: false, versions: [["es", "f", "t", ""]])])]
            #expect(FolderEditRecord.decode(bad.encoded()) == nil, "a stub's slug \(hostile.debugDescription)")
            bad = withBook
            bad.contentFolder = hostile
            #expect(FolderEditRecord.decode(bad.encoded()) == nil, "the pages' folder \(hostile.debugDescription)")
        }
        for hostile in ["../../etc/x", "/etc/x", "a/../../x", "..", "a\u{0}b", "a\\b", "a/b"] {
            let hostileListed = FolderPage.Listed(slug: hostile, draft: false, explicitSlug: true, listing: "f", dated: false, termed: false)
            let records = [
                FolderEditRecord(sections: [.init(folders: [hostile], slugs: ["x"], titles: [:])], pages: []),
                FolderEditRecord(sections: [.init(folders: ["x"], slugs: [hostile], titles: [:])], pages: []),
                FolderEditRecord(sections: [.init(folders: [], slugs: [], titles: [:])], pages: [.init(section: 0, name: "tar", listed: hostileListed)]),
            ]
            for hostileRecord in records { #expect(FolderEditRecord.decode(hostileRecord.encoded()) == nil, "\(hostile.debugDescription)") }
        }
        var generator = SeededGenerator(seed: 28)
        for _ in 0..<5_000 {
            guard let decoded = FolderEditRecord.decode(generator.damaged(good)) else { continue }
            #expect(decoded.pages.allSatisfy { decoded.sections.indices.contains($0.section) })
            #expect(decoded.pages.allSatisfy { SafePath.isPlainSegment($0.listed.slug) })
            #expect(decoded.sections.allSatisfy { ($0.folders + $0.slugs).allSatisfy(SafePath.isPlainSegment) })
            #expect(decoded.books.allSatisfy { decoded.sections.indices.contains($0.section) && $0.pages.allSatisfy { SafePath.isPlainSegment($0.slug) } })
            #expect(decoded.books.allSatisfy { $0.pages.allSatisfy { $0.versions.allSatisfy { $0.count == 4 } } })
        }
    }
}
