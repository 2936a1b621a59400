import Foundation
import Synchronization
import Testing
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// Each stage (plan, diff, render, assemble, check) held to its contract alone, so a stage can change without a whole build to tell.
/// Cada etapa frente a su contrato, sola, para poder cambiarla sin que haga falta una construcción entera para saberlo.
@Suite("Stage contracts")
struct StageContractTests {
    /// A site of two folders in two languages: a dated page (so a feed), a file beside the Markdown, a link between pages.
    static let files = [
        "Content/site.yml": "title: Etapas\ndefault_language: es\nlanguages: [es, en]\nbase_url: https://example.org/\n",
        "Content/_index.md": "---\ntitle: Etapas\n---\nBienvenida.\n",
        "Content/linux/_index.md": "---\ntitle: Linux\n---\nÓrdenes de Linux.\n",
        "Content/linux/tar.md": "---\ntitle: tar\ndate: 2026-01-02\n---\nArchiva ficheros; véanse [las notas](notas.txt) y [open](../osx/open.md).\n",
        "Content/linux/ls.md": "# ls\n\nLista ficheros.\n",
        "Content/linux/notas.txt": "Notas sobre tar.\n",
        "Content/osx/open.md": "Abre ficheros.\n",
    ]

    /// Every page of `files`, each once, in both languages, with the 404 page and the search page.
    static let pageFiles = [
        "404.html", "en/index.html", "en/linux/index.html", "en/linux/ls/index.html", "en/linux/tar/index.html", "en/osx/index.html",
        "en/osx/open/index.html", "en/search/index.html", "index.html", "linux/index.html", "linux/ls/index.html", "linux/tar/index.html",
        "osx/index.html", "osx/open/index.html", "search/index.html",
    ]

    /// The stages before the plan, then the plan, run one by one as `BuildPipeline.build` runs them.
    /// Las etapas anteriores al plan y el plan, una a una, como las ejecuta la construcción.
    static func planned(_ site: TestSite) async throws -> (BuildPipeline, PlannedSite) {
        let pipeline = BuildPipeline(options: BuildOptions(siteDirectory: site.root, offline: true), client: NoNetwork())
        let config = try pipeline.loadConfig()
        let look = try pipeline.loadTheme(config)
        let session = try pipeline.openLoadingSession(config)
        do {
            var data = try await pipeline.fetch(session)
            data = try await pipeline.loadContent(session.context, session.features, data)
            data = await pipeline.media(session, data)
            data = pipeline.pictures(config.pictures, data)
            let planned = try pipeline.plan(config, look, data, features: session.features)
            await session.close()
            return (pipeline, planned)
        } catch {
            await session.close()
            throw error
        }
    }

    /// Every file below `folder` (hidden ones too) with its bytes: what a stage that writes nothing leaves as it was.
    static func everyFile(_ folder: String) throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        let walker = FileManager.default.enumerator(atPath: folder)
        while let path = walker?.nextObject() as? String {
            if Files.isRegularFile("\(folder)/\(path)") { files[path] = try Files.read("\(folder)/\(path)") }
        }
        return files
    }

    // MARK: Plan

    /// The plan gives every page once, sorted by route, the 404 page among them.
    /// El plan da cada página una vez, ordenadas por ruta, con la página 404.
    @Test func thePlanGivesEveryPageOnceSortedByRouteWithTheNotFoundPage() async throws {
        let site = try TestSite(files: Self.files)
        defer { site.remove() }
        let (_, planned) = try await Self.planned(site)
        let files = planned.plan.pages.map(\.route.file)
        #expect(files == Self.pageFiles, "every page once, sorted by route")
        #expect(planned.plan.pages.first { $0.route.file == "404.html" }?.template == "404")
    }

    /// Two pages landing on one file stop the plan with an error that names the file and both pages.
    /// Dos páginas que caen en el mismo fichero detienen el plan con un error que nombra el fichero y ambas.
    @Test func twoPagesOnOneFileAreAnErrorNamingBoth() async throws {
        var files = Self.files
        // The folder linux/tar/ (a page of its own makes it a section) is published where the page linux/tar.md is.
        files["Content/linux/tar/_index.md"] = "---\ntitle: Carpeta tar\n---\nLa carpeta.\n"
        files["Content/linux/tar/gzip.md"] = "Comprime.\n"
        let site = try TestSite(files: files)
        defer { site.remove() }
        do {
            _ = try await Self.planned(site)
            Issue.record("the plan accepted two pages on linux/tar/index.html")
        } catch let error as VitrinaError {
            #expect(error.message.contains("two pages would both be written to en/linux/tar/index.html"), "\(error.message)")
            #expect(error.message.contains("(tar and Carpeta tar)") || error.message.contains("(Carpeta tar and tar)"), "\(error.message)")
        }
    }

    // MARK: Diff

    /// Against a previous build's records, an unchanged page's job reuses its record and an edited page's does not.
    /// Frente a los registros anteriores, una página sin cambios reutiliza el suyo; una editada no.
    @Test func theDiffReusesTheRecordOfEachUnchangedPageOnly() async throws {
        let site = try TestSite(files: Self.files)
        defer { site.remove() }
        let (pipeline, planned) = try await Self.planned(site)
        let empty = pipeline.lastOutput()
        let first = pipeline.diff(planned, since: empty)
        #expect(first.jobs.map(\.index) == Array(planned.plan.pages.indices), "a job per page, in order")
        #expect(first.jobs.allSatisfy { $0.reuse == nil }, "with no previous build, nothing is reused")
        // The records the build with these jobs leaves (with an id each, to tell them apart).
        let previous = BuildState(buildID: "previous", records: Dictionary(uniqueKeysWithValues: first.jobs.map { job in
            let file = planned.plan.pages[job.index].route.file
            return (file, BuildState.Record(digest: job.digest, inputs: job.inputs, ids: ["id-" + file]))
        }))
        try site.write("Content/linux/ls.md", "# ls\n\nLista ficheros y carpetas.\n")
        let (again, edited) = try await Self.planned(site)
        let last = LastOutput(writer: empty.writer, last: empty.last, previous: previous, reader: empty.reader)
        let second = again.diff(edited, since: last)
        let pages = edited.plan.pages
        let drawn = second.jobs.filter { $0.reuse == nil }.map { pages[$0.index].route.file }
        #expect(drawn == ["en/linux/ls/index.html", "linux/ls/index.html"])
        for job in second.jobs {
            let file = pages[job.index].route.file
            if let reuse = job.reuse { #expect(reuse == previous.records[file], "\(file) reuses its own record") }
        }
        // The digester alone agrees with the stage: an unchanged site reuses every record.
        #expect(second.digester.jobs(pages, previous: BuildState(records: Dictionary(uniqueKeysWithValues: second.jobs.map { job in
            (pages[job.index].route.file, BuildState.Record(digest: job.digest, inputs: job.inputs, ids: []))
        }))).allSatisfy { $0.reuse != nil })
    }

    // MARK: Render

    /// A sink that keeps in memory what it is handed, says which files it could keep, and may refuse one page.
    /// Un destino que guarda en memoria lo que recibe, dice qué ficheros podría conservar y puede rechazar una página.
    final class MemorySink: PageSink {
        let batchSize: Int
        /// The size of each file it could keep from the last build.
        let keepable: [String: Int]
        /// A page it refuses to take.
        let refusing: String?
        let taken = Mutex<[DrawnPage]>([])
        let finished = Mutex(0)
        /// How many times `finish()` had been called when the refusal was thrown.
        let finishedBeforeRefusal = Mutex<Int?>(nil)

        init(batchSize: Int = 1, keepable: [String: Int] = [:], refusing: String? = nil) {
            (self.batchSize, self.keepable, self.refusing) = (batchSize, keepable, refusing)
        }

        func reusable(_ path: String) -> Int? { keepable[path] }

        func take(_ pages: [DrawnPage]) throws {
            if let refusing, pages.contains(where: { $0.path == refusing }) {
                finishedBeforeRefusal.withLock { $0 = finished.withLock { $0 } }
                throw VitrinaError(.write, "refused \(refusing)")
            }
            taken.withLock { $0 += pages }
        }

        func finish() throws { finished.withLock { $0 += 1 } }
    }

    /// Every page drawn reaches the sink once, with the HTML the renderer makes; the sink is finished once.
    /// Cada página dibujada llega una vez al destino, con el HTML del dibujante; el destino se termina una vez.
    @Test(arguments: [1, 3, 64])
    func everyDrawnPageReachesTheSinkOnceAsTheRendererDrawsIt(batchSize: Int) async throws {
        let site = try TestSite(files: Self.files)
        defer { site.remove() }
        let (pipeline, planned) = try await Self.planned(site)
        let jobs = pipeline.diff(planned, since: pipeline.lastOutput()).jobs
        let sink = MemorySink(batchSize: batchSize)
        let output = try RenderStage(sink: sink, renderer: planned.renderer, progress: nil).renderPages(jobs, of: planned.plan.pages)
        let taken = sink.taken.withLock { $0 }
        #expect(taken.map(\.path).sorted() == Self.pageFiles, "each page once")
        for page in planned.plan.pages {
            let html = try planned.renderer.render(page)
            // Compared apart, so a failure names the page rather than printing both pages' bytes.
            let same = taken.first { $0.path == page.route.file }?.bytes == html
            #expect(same, "\(page.route.file) as the renderer draws it")
        }
        #expect(sink.finished.withLock { $0 } == 1)
        #expect(output.rendered == Self.pageFiles.count && output.files.sorted() == Self.pageFiles)
        #expect(output.bytes == taken.reduce(0) { $0 + $1.bytes.count })
        #expect(output.drawn.map(\.file).sorted() == Self.pageFiles, "the links of every drawn page, for the check")
    }

    /// A page is skipped only with both a record to reuse and a file the sink can keep; either alone draws it.
    /// Una página solo se salta con registro reutilizable y fichero conservable; con uno solo, se dibuja.
    @Test func aPageWithARecordToReuseAndAFileToKeepIsNotDrawn() async throws {
        let site = try TestSite(files: Self.files)
        defer { site.remove() }
        let (pipeline, planned) = try await Self.planned(site)
        let pages = planned.plan.pages
        let diff = pipeline.diff(planned, since: pipeline.lastOutput())
        // Records to reuse for the Spanish pages; files to keep for linux/ and all of osx/, in both languages.
        let spanish = Set(pages.filter { $0.language == "es" }.map(\.route.file))
        let previous = BuildState(buildID: "previous", records: Dictionary(uniqueKeysWithValues: diff.jobs.compactMap { job in
            let file = pages[job.index].route.file
            return spanish.contains(file) ? (file, BuildState.Record(digest: job.digest, inputs: job.inputs, ids: ["kept"])) : nil
        }))
        let jobs = diff.digester.jobs(pages, previous: previous)
        let keepable = Dictionary(uniqueKeysWithValues: Self.pageFiles.filter { $0.contains("osx/") || $0.contains("linux/") }.map { ($0, 1_000) })
        let sink = MemorySink(keepable: keepable)
        let output = try RenderStage(sink: sink, renderer: planned.renderer, progress: nil).renderPages(jobs, of: pages)
        let kept = Set(spanish.filter { keepable[$0] != nil })
        #expect(kept == ["linux/index.html", "linux/ls/index.html", "linux/tar/index.html", "osx/index.html", "osx/open/index.html"])
        #expect(Set(sink.taken.withLock { $0.map(\.path) }) == Set(Self.pageFiles).subtracting(kept))
        #expect(output.rendered == Self.pageFiles.count - kept.count)
        #expect(Set(output.files) == Set(Self.pageFiles), "kept files are the output's too")
        for file in kept { #expect(output.records[file] == previous.records[file], "\(file) keeps its record") }
        #expect(Set(output.drawn.map(\.file)).isDisjoint(with: kept))
    }

    /// Render writes no file: the site's folder (its memos included) is as it was, and no output folder appears.
    /// El dibujo no escribe ningún fichero: la carpeta del sitio sigue igual y no aparece carpeta de salida.
    @Test func renderWritesNoFile() async throws {
        let site = try TestSite(files: Self.files)
        defer { site.remove() }
        let (pipeline, planned) = try await Self.planned(site)
        let jobs = pipeline.diff(planned, since: pipeline.lastOutput()).jobs
        let before = try Self.everyFile(site.root)
        _ = try RenderStage(sink: MemorySink(), renderer: planned.renderer, progress: nil).renderPages(jobs, of: planned.plan.pages)
        #expect(try Self.everyFile(site.root) == before)
        #expect(!Files.exists(site.output))
    }

    /// A sink that refuses a page makes the stage throw, once the sink was told to finish (its writers stopped).
    /// Un destino que rechaza una página hace fallar la etapa, después de haberle pedido terminar.
    @Test func aSinkThatThrowsMakesRenderThrowAfterFinishing() async throws {
        let site = try TestSite(files: Self.files)
        defer { site.remove() }
        let (pipeline, planned) = try await Self.planned(site)
        let jobs = pipeline.diff(planned, since: pipeline.lastOutput()).jobs
        let sink = MemorySink(refusing: "linux/tar/index.html")
        #expect(throws: VitrinaError.self) {
            try RenderStage(sink: sink, renderer: planned.renderer, progress: nil).renderPages(jobs, of: planned.plan.pages)
        }
        #expect(sink.finishedBeforeRefusal.withLock { $0 } == 0, "the refusal came before any finish")
        #expect(sink.finished.withLock { $0 } == 1, "finished once, before the error reached the caller")
    }

    // MARK: Assemble

    /// Assemble gives every file but the pages (data scripts, files beside the Markdown, sitemap, feeds…) as values, touching no disk.
    /// El ensamblado da todos los ficheros salvo las páginas como valores, sin tocar el disco.
    @Test func assembleGivesEveryOtherFileAsValuesWithoutTouchingTheDisk() async throws {
        var files = Self.files
        files["Content/site.yml"]! += "app_screens: true\n"
        let site = try TestSite(files: files, theme: .repository)
        defer { site.remove() }
        let (pipeline, planned) = try await Self.planned(site)
        let before = try Self.everyFile(site.root)
        let assembly = pipeline.assemble(planned)
        #expect(try Self.everyFile(site.root) == before, "nothing written, nothing removed")
        #expect(!Files.exists(site.output))
        let output = assembly.output.files
        #expect(Set(output).count == output.count, "each file once")
        let assets = planned.renderer.assets
        let expected = ["sitemap.xml", "robots.txt", "llms.txt", "linux/notas.txt", "linux/atom.xml", "linux/feed.json",
                        "assets/search/es.js", "assets/search/en.js", assets["assets/site.css"]]
        for file in expected { #expect(output.contains(file), "\(file) among \(output)") }
        #expect(Set(output).isDisjoint(with: planned.plan.pages.map(\.route.file)), "no page: render draws those")
        for feed in planned.plan.feeds { #expect(output.contains(feed.atomPath) && output.contains(feed.jsonPath)) }
        #expect(output.count == planned.plan.files.count + planned.plan.published.count + planned.data.media.outputs.count
            + planned.theme.assets.count + planned.plan.feeds.count * 2 + 3 + output.filter { $0.hasPrefix("assets/search/") }.count,
                "data scripts, files beside the Markdown, assets, feeds, sitemap, robots.txt, llms.txt, the search index")
        let sitemap = try #require(assembly.files.first { $0.path == "sitemap.xml" })
        guard case .bytes(_, let bytes) = sitemap else { Issue.record("the sitemap is no bytes"); return }
        #expect(String(decoding: bytes, as: UTF8.self).contains("https://example.org/linux/tar/"))
        let notes = try #require(assembly.files.first { $0.path == "linux/notas.txt" })
        guard case .copy(_, _, let source) = notes else { Issue.record("the file beside the Markdown is not copied from Content/"); return }
        #expect(source == site.root + "/Content/linux/notas.txt")
    }

    // MARK: Check

    /// The last output, by hand: a folder holding the pages a check may read back.
    static func lastOutput(_ pages: [String: String]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vitrina-check-\(UUID().uuidString)").path
        for (file, html) in pages { try Files.write(Array(html.utf8), to: "\(folder)/\(file)") }
        return folder
    }

    /// A record of the last build, with the problems it found.
    static func record(_ problems: [String] = []) -> BuildState.Record {
        BuildState.Record(digest: "d", inputs: [], ids: [], anchored: [], problems: problems)
    }

    /// A file gone: an unchanged page is read back and its broken link found; a link its Markdown reported is not said twice.
    /// Un fichero desaparecido: la página sin cambios se relee y su enlace roto aparece; el ya avisado no se repite.
    @Test func aLinkToAFileThatWentAwayIsFoundOnAnUnchangedPage() throws {
        let folder = try Self.lastOutput(["b/index.html": "<p><a href=\"../old/index.html\">viejo</a> <a href=\"../a/index.html\">a</a></p>"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let files: Set = ["a/index.html", "b/index.html"]
        var drawnPage = Page(route: Route(file: "a/index.html"), language: "es", template: "page", title: "a", navigationKey: "", alternates: [:], content: "")
        drawnPage.unresolvedLinks = ["missing.md"]
        let drawn = [PageLinks.extract(file: "a/index.html", html: "<a href=\"missing.md\">falta</a> <a href=\"../b/index.html\">b</a>")]
        let change = IncrementalLinkCheck.FileChange(files, last: ["a/index.html": "1", "b/index.html": "2", "old/index.html": "3"])
        #expect(change == .removed)
        let input = LinkCheckInput(records: ["a/index.html": Self.record(), "b/index.html": Self.record()], ids: [:], files: files, change: change,
                                   lastOutput: LastOutputReader(outputDirectory: folder))
        let findings = OutputStages(options: BuildOptions(siteDirectory: folder)).check(drawn, input)
        let gone = "b/index.html links to ../old/index.html, which is not in the output"
        #expect(findings.records["b/index.html"]?.problems == [gone], "read back from the last output")
        #expect(findings.problems == ["a/index.html links to missing.md, which is not in the output", gone])
        #expect(UnresolvedLinks([drawnPage]).filter(findings.problems) == [gone], "the link its Markdown reported is left out")
    }

    /// An unchanged page is read back only when its links may have a new outcome (its broken file proves when it is not).
    /// Una página sin cambios se relee solo si sus enlaces pueden dar otro resultado (su fichero roto prueba que no se lee).
    @Test func anUnchangedPageIsReadOnlyWhenItsLinksMayHaveANewOutcome() throws {
        let (resolved, missing) = ("c/index.html links to ../new/index.html, which is not in the output",
                                   "c/index.html links to ../missing/index.html, which is not in the output")
        let folder = try Self.lastOutput([
            "b/index.html": "<a href=\"../nowhere/index.html\">if this page were read, this link would be a problem</a>",
            "c/index.html": "<a href=\"../new/index.html\">nuevo</a> <a href=\"../missing/index.html\">falta</a>",
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let drawn = [PageLinks.extract(file: "a/index.html", html: "<a href=\"../b/index.html\">b</a>")]
        let records = ["a/index.html": Self.record(), "b/index.html": Self.record(), "c/index.html": Self.record([missing, resolved])]
        let stages = OutputStages(options: BuildOptions(siteDirectory: folder))
        let reader = LastOutputReader(outputDirectory: folder)

        let added: Set = ["a/index.html", "b/index.html", "c/index.html", "new/index.html"]
        let addedChange = IncrementalLinkCheck.FileChange(added, last: ["a/index.html": "1", "b/index.html": "2", "c/index.html": "3"])
        #expect(addedChange == .added)
        let afterAdding = stages.check(drawn, LinkCheckInput(records: records, ids: [:], files: added, change: addedChange, lastOutput: reader))
        #expect(afterAdding.problems == [missing], "b is not read; c is read, and only its link to the new file resolves")

        let same: Set = ["a/index.html", "b/index.html", "c/index.html"]
        let sameChange = IncrementalLinkCheck.FileChange(same, last: ["a/index.html": "1", "b/index.html": "2", "c/index.html": "3"])
        #expect(sameChange == IncrementalLinkCheck.FileChange.none)
        let unchanged = stages.check(drawn, LinkCheckInput(records: records, ids: [:], files: same, change: sameChange, lastOutput: reader))
        #expect(unchanged.problems == [missing, resolved], "neither is read: c keeps the problems the last build found")
    }
}
