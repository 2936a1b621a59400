import Foundation
import Synchronization
import Testing
import TestSupport
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// `vitrina serve` and `vitrina new`: the watcher, the rebuild loop, the reload events and the HTTP side.
@Suite("Serve and new")
struct ServeTests {
    @Test func newWritesASiteThatBuildsWithoutWarningsAndRefusesToOverwrite() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vitrina-new-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try NewSite(directory: root).create()
        #expect(Files.exists(root + "/Content/site.yml") && Files.exists(root + "/Content/docs/getting-started.md"))
        #expect(Files.exists(root + "/Templates/layouts/base.mustache") && Files.exists(root + "/Templates/i18n/en.yml"))
        let options = BuildOptions(siteDirectory: root, offline: true, strict: true)
        let report = try await BuildPipeline(options: options, client: NoNetwork()).build()
        #expect(report.warnings.isEmpty)
        #expect(Files.exists(root + "/Output/docs/getting-started/index.html"))
        #expect(Files.exists(root + "/Output/en/docs/getting-started/index.html"))
        #expect(try Files.readText(root + "/Output/index.html").contains("Bienvenido"))
        #expect(throws: VitrinaError.self) { try NewSite(directory: root).create() }
    }

    @Test func aFolderOfMarkdownWithoutSiteYmlOrThemeBuilds() async throws {
        let site = try TestSite(files: ["Content/linux/tar.md": "# tar\n\nArchives.\n", "Content/linux/ls.md": "Lists files.\n",
                                            "Content/linux/sub/deep.md": "---\ntitle: Deep\n---\nText.\n"])
        defer { site.remove() }
        let report = try await site.build()
        #expect(report.warnings.isEmpty)
        let index = try Files.readText(site.output + "/linux/index.html")
        #expect(index.contains("href=\"tar/index.html\">tar</a>"), "title from the first heading")
        #expect(index.contains("href=\"ls/index.html\">Ls</a>"), "title from the file name")
        #expect(!index.contains("class=\"lead\"") && !index.contains("class=\"muted\""), "no empty descriptions")
        #expect(index.contains("href=\"sub/index.html\">sub</a>"), "subsections are listed")
        #expect(Files.exists(site.output + "/linux/sub/deep/index.html"))
    }

    @Test func aFailedRebuildKeepsTheLastGoodSiteAndItsErrorReachesOpenPages() async throws {
        let site = try TestSite(files: IncrementalBuildTests.files)
        defer { site.remove() }
        let outcomes = Mutex<[Bool]>([])
        let session = DevSession(options: BuildOptions(siteDirectory: site.root, offline: true), client: NoNetwork(),
                                 interval: .milliseconds(20)) { result, _ in
            outcomes.withLock { $0.append((try? result.get()) != nil) }
        }
        #expect(await session.build())
        let events = session.hub.subscribe()
        var iterator = events.makeAsyncIterator()
        // Watching from here on, before the loop's task runs: the edit below is seen whenever that task starts.
        let watch = session.startWatching()
        let watching = Task { try await session.watch(watch) }
        defer { watching.cancel() }

        try site.write("Content/linux/tar.md", "---\ntitle: tar\n---\nNuevo texto.\n")
        #expect(await iterator.next() == .reload)
        #expect(try Files.readText(site.output + "/linux/tar/index.html").contains("Nuevo texto"))

        try site.write("Content/linux/tar.md", "---\ntitle: [tar\n---\nRoto.\n")
        guard case .failed(let message) = await iterator.next() else { Issue.record("expected the error event"); return }
        #expect(message.contains("Content/linux/tar.md") && message.contains("line"))
        #expect(try Files.readText(site.output + "/linux/tar/index.html").contains("Nuevo texto"), "the last good page is still served")
        let late = session.hub.subscribe()
        var lateIterator = late.makeAsyncIterator()
        #expect(await lateIterator.next() == .failed(message), "a page opened while the build is broken sees the error at once")

        try site.write("Content/linux/tar.md", "---\ntitle: tar\n---\nArreglado.\n")
        #expect(await iterator.next() == .reload)
        #expect(try Files.readText(site.output + "/linux/tar/index.html").contains("Arreglado"))
        #expect(outcomes.withLock { $0 } == [true, true, false, true])
    }

    @Test(.timeLimit(.minutes(1))) func anEditSavedBeforeTheWatchLoopRunsIsBuilt() async throws {
        let site = try TestSite(files: IncrementalBuildTests.files)
        defer { site.remove() }
        let session = DevSession(options: BuildOptions(siteDirectory: site.root, offline: true), client: NoNetwork(),
                                 interval: .milliseconds(20)) { _, _ in }
        let watch = session.startWatching()
        #expect(await session.build())
        // Saved after the first build and before the loop that waits for changes: `vitrina serve` starts its watch first.
        try site.write("Content/linux/tar.md", "---\ntitle: tar\n---\nGuardado entre la primera construcción y la vigilancia.\n")
        let events = session.hub.subscribe()
        var iterator = events.makeAsyncIterator()
        let watching = Task { try await session.watch(watch) }
        defer { watching.cancel() }
        #expect(await iterator.next() == .reload)
        #expect(try Files.readText(site.output + "/linux/tar/index.html").contains("Guardado entre la primera"))
    }

    /// The 404 page gets a root base after its `<head>` tag only: not after `<header>`, not when it has a base already.
    @Test func theNotFoundPageGetsARootBaseOnlyWhereItHasAHeadAndNoBase() {
        func based(_ html: String) -> String { String(decoding: DevServer.withRootBase(Array(html.utf8)), as: UTF8.self) }
        #expect(based("<html><head><title>x</title></head><body><header>h</header></body>") ==
                "<html><head><base href=\"/\"><title>x</title></head><body><header>h</header></body>")
        #expect(based("<html><header>h</header><head lang=\"es\"><link href=\"a.css\"></head>") ==
                "<html><header>h</header><head lang=\"es\"><base href=\"/\"><link href=\"a.css\"></head>")
        for unchanged in ["<html><head><base href=\"https://example.org/sub/\"></head>", "<body><header>no head</header></body>", "<head", ""] {
            #expect(based(unchanged) == unchanged)
        }
    }

    @Test func theServerServesPagesWithTheLiveReloadScript() async throws {
        let site = try TestSite(files: IncrementalBuildTests.files)
        defer { site.remove() }
        _ = try await site.build()
        let server = DevServer(outputDirectory: site.output, port: 0, hub: ReloadHub())
        let page = server.file(at: "/linux/tar/")
        #expect(page.status == .ok)
        #expect(page.headers[.contentType] == "text/html; charset=utf-8")
        let html = String(decoding: DevServer.withLiveReload(try Files.read(site.output + "/linux/tar/index.html")), as: UTF8.self)
        #expect(html.contains("<script src=\"/_vitrina/live.js\"></script>\n</body>"))
        #expect(server.file(at: "/" + site.asset("assets/site.css")).headers[.contentType] == "text/css; charset=utf-8")
        #expect(server.file(at: "/nothing/here").status == .notFound)
        #expect(server.file(at: "/../../etc/passwd").status == .notFound)
        #expect(LiveReloadScript.source.contains("new EventSource(\"/_vitrina/events\")"))
    }
}

/// The watcher, woken by inotify or polling: what it reports after edits, new folders and removals.
@Suite("Site watcher")
struct SiteWatcherTests {
    @Test(arguments: [true, false])
    func reportsEditsNewFoldersAndRemovals(usesEvents: Bool) async throws {
        let site = try TestSite(files: ["Content/linux/tar.md": "# tar\n", "Templates/page.mustache": "{{title}}\n", "Content/empty/.keep": ""])
        defer { site.remove() }
        // Each edit is made once the watch waits for one (it says so), so a waiting watch is what wakes.
        let waits = AwaitableCount()
        let watch = SiteWatcher(siteDirectory: site.root, interval: .milliseconds(20), usesEvents: usesEvents).start { waits.increment() }
        defer { watch.stop() }
        #expect(watch.usesEvents == usesEvents)

        let waiting = Task { try await watch.next() }
        #expect(await waits.wait(until: 1), "the watch waits")
        try site.write("Content/osx/open/deep.md", "# open\n")
        #expect(try await waiting.value == ["Content/osx/open/deep.md"], "a file in new nested folders")

        let waited = waits.value
        let second = Task { try await watch.next() }
        #expect(await waits.wait(until: waited + 1), "the watch waits again")
        try site.delete("Content/linux/tar.md")
        #expect(try await second.value == ["Content/linux/tar.md"])

        try site.write("Content/empty/page.md", "# page\n")
        try site.write("Content/empty/.page.md.swp", "an editor's swap file\n")
        try site.write("Templates/page.mustache", "<h1>{{title}}</h1>\n")
        #expect(try await watch.next() == ["Content/empty/page.md", "Templates/page.mustache"], "changes made while busy, at once")
    }

    @Test func eventsNameOnlyWhatChangedAndSkipHiddenFilesAndOtherFolders() async throws {
        let site = try TestSite(files: ["Content/a.md": "# a\n", "Content/linux/b.md": "# b\n"])
        defer { site.remove() }
        let watch = SiteWatcher(siteDirectory: site.root).start()
        defer { watch.stop() }
        #expect(watch.usesEvents)
        try site.write("Output/index.html", "built\n")
        try site.write("Content/.editor-swap", "x\n")
        try site.write("Content/linux/.b.md.swp", "x\n")
        try site.write("Content/linux/.git/index", "x\n")
        try site.write("Content/linux/b.md", "# b, longer\n")
        #expect(try await watch.next() == ["Content/linux/b.md"])
        try FileManager.default.moveItem(atPath: site.root + "/Content/linux", toPath: site.root + "/Content/unix")
        #expect(try await watch.next() == ["Content/linux", "Content/unix/b.md"], "a folder moved away and in")
    }

    /// An editor that makes a folder and saves a file into it at once: the file is written right after the watcher
    /// lists the new folder (the moment a watch added after the listing would miss it), and it is still reported.
    @Test func aFileSavedIntoAFolderJustMadeIsReportedWhateverTheMoment() async throws {
        let site = try TestSite(files: ["Content/a.md": "# a\n"])
        defer { site.remove() }
        let root = site.root
        let saved = Mutex(0)
        let events = try #require(FolderEvents(siteDirectory: root, roots: ["Content"]) { folder in
            guard folder == "Content/notas", saved.withLock({ $0 += 1; return $0 == 1 }) else { return }
            _ = FileManager.default.createFile(atPath: root + "/Content/notas/primera.md", contents: Data("# Primera\n".utf8))
        })
        let watch = SiteWatch(events: events)
        defer { watch.stop() }
        try FileManager.default.createDirectory(atPath: root + "/Content/notas", withIntermediateDirectories: false)
        // Bounded generously: on two loaded cores the whole suite once held this report back past five seconds.
        #expect(try await Self.next(of: watch, within: .seconds(30)) == ["Content/notas/primera.md"])
        #expect(saved.withLock { $0 } >= 1, "the file was written from inside the listing")
    }

    /// A docs folder's config is watched: an edit of `mkdocs.yml` beside its `docs/` is reported, by events and by polling.
    @Test func anEditOfADocsFoldersConfigIsReported() async throws {
        let site = try TestSite(files: ["mkdocs.yml": "site_name: A\n", "docs/index.md": "# A\n"])
        defer { site.remove() }
        let watcher = SiteWatcher(siteDirectory: site.root)
        #expect(watcher.roots.first == "docs")
        #expect(watcher.snapshot()["mkdocs.yml"] != nil)
        let events = try #require(FolderEvents(siteDirectory: site.root, roots: watcher.roots))
        let watch = SiteWatch(events: events)
        defer { watch.stop() }
        try site.write("mkdocs.yml", "site_name: B\n")
        #expect(try await Self.next(of: watch, within: .seconds(30)) == ["mkdocs.yml"])
    }

    /// An mdBook's pages include files from beside `src/` (`listings/`): an edit there is reported, and build outputs
    /// and hidden folders are not watched.
    @Test func anEditOfAFileAnMdBookIncludesFromBesideItsPagesIsReported() async throws {
        let site = try TestSite(files: [
            "book.toml": "[book]\ntitle = \"A\"\n", "src/SUMMARY.md": "- [A](a.md)\n",
            "src/a.md": "# A\n\n```rust\n{{#include ../listings/ch01/main.rs}}\n```\n",
            "listings/ch01/main.rs": "fn main() {}\n", "book/index.html": "old output\n", ".git/HEAD": "ref\n",
            "odd\nname/x.rs": "a folder name with a control character is never a root\n",
        ])
        defer { site.remove() }
        let watcher = SiteWatcher(siteDirectory: site.root)
        #expect(watcher.roots == ["src", "Templates", "listings"])
        #expect(watcher.snapshot()["listings/ch01/main.rs"] != nil)
        let events = try #require(FolderEvents(siteDirectory: site.root, roots: watcher.roots))
        let watch = SiteWatch(events: events)
        defer { watch.stop() }
        try site.write("listings/ch01/main.rs", "fn main() { println!(); }\n")
        #expect(try await Self.next(of: watch, within: .seconds(30)) == ["listings/ch01/main.rs"])
    }

    /// What the watch reports next, or nil when nothing came in time.
    static func next(of watch: SiteWatch, within limit: Duration) async throws -> [String]? {
        try await withThrowingTaskGroup(of: [String]?.self) { group in
            group.addTask { try await watch.next() }
            group.addTask { try await Task.sleep(for: limit); return nil }
            let first = try await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }
}
