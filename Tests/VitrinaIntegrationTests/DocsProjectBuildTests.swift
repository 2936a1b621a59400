import Foundation
import Testing
import TestSupport
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild

/// Folders written for mdBook and MkDocs, built as they are (no `Content/`, no site.yml): their nav's order, titles and
/// numbers, the site's name and language from their config, one title per page, the old addresses still reaching the
/// pages, their redirects followed.
/// Carpetas escritas para mdBook y MkDocs, construidas tal cual.
struct DocsProjectBuildTests {
    static let book: [String: String] = [
        "book.toml": """
            [book]
            title = "Small Book"
            [output.html]
            git-repository-url = "https://github.com/example/book"
            edit-url-template = "https://github.com/example/book/edit/main/src/{path}"
            [output.html.redirect]
            "old-chapter.html" = "ch02-second.html"
            """,
        "src/SUMMARY.md": """
            # Summary

            [Title page](title-page.md)

            - [First steps](ch01-first.md)
                - [Details](ch01-01-details.md)
            - [Second](ch02-second.md)
            - [Not yet]()
            """,
        "src/title-page.md": "# Small Book\n\nThe text of the title page, which is written for people who read it.\n",
        "src/ch01-first.md": "# First steps\n\nSee [the details](ch01-01-details.md) and [the old one](old-chapter.html).\n\n## A section\n\nText of the section.\n",
        "src/ch01-01-details.md": "# Details\n\nMore of the details that the reader wants to know about the book.\n",
        "src/ch02-second.md": "# Second\n\nThe second chapter [back](ch01-first.html).\n",
    ]

    @Test func anMdBookBuildsAsItIsInItsOrder() async throws {
        let site = try TestSite(files: Self.book)
        defer { site.remove() }
        let report = try await site.build()
        #expect(report.warnings.filter { $0.kind == .link }.isEmpty, "\(report.warnings.map(\.message))")
        // Its home is its first chapter, not a list; English, and the book's title.
        let home = try site.read("index.html")
        #expect(home.contains("<html lang=\"en\""))
        #expect(home.contains("<title>Small Book"))
        #expect(home.contains("The text of the title page"))
        #expect(!home.contains("Inicio"))
        // Previous and next follow SUMMARY.md, through the nested chapter.
        let first = try site.read("ch01-first/index.html")
        #expect(first.contains("rel=\"prev\" href=\"../title-page/index.html\""))
        #expect(first.contains("rel=\"next\" href=\"../ch01-01-details/index.html\""))
        let details = try site.read("ch01-01-details/index.html")
        #expect(details.contains("rel=\"next\" href=\"../ch02-second/index.html\""))
        // One title: the chapter's own heading, shown once.
        #expect(first.components(separatedBy: "<h1").count == 2)
        // The sidebar: numbers, the current page marked, a draft listed without a link.
        #expect(details.contains("aria-current=\"page\"><span class=\"nav-num\">1.1.</span> Details"))
        #expect(first.contains("aria-current=\"page\"><span class=\"nav-num\">1.</span> First steps"))
        #expect(first.contains("<li class=\"nav-item nav-draft\"><span class=\"nav-text\"><span class=\"nav-num\">3.</span> Not yet"))
        #expect(first.contains("https://github.com/example/book/edit/main/src/ch01-first.md"))
        // mdBook's addresses still reach the pages; the config's redirect too, and links to it resolve.
        #expect(try site.read("ch01-first.html").contains("url=ch01-first/index.html"))
        #expect(try site.read("old-chapter.html").contains("url=ch02-second/index.html"))
        #expect(first.contains("href=\"../ch02-second/index.html\">the old one</a>"))
        // SUMMARY.md is no page.
        #expect(!site.exists("summary/index.html") && !site.exists("SUMMARY/index.html"))
    }

    static let mkdocs: [String: String] = [
        "mkdocs.yml": """
            site_name: Tool docs
            repo_url: https://github.com/example/tool
            theme:
              name: material
              language: en
            nav:
              - Home: index.md
              - Guide:
                - guide/index.md
                - Install: guide/install.md
              - Elsewhere: https://example.org/
            plugins:
              - redirects:
                  redirect_maps:
                    setup.md: guide/install.md
            """,
        "docs/index.md": "# Tool\n\nWelcome. Read the [install guide](guide/install.md).\n",
        "docs/guide/index.md": "# The guide\n\nAll about the tool.\n",
        "docs/guide/install.md": "# Installing\n\nRun it.\n\n## On Linux\n\nLike this.\n",
        "docs/Extra_Page.md": "# Extra\n\nNot in the nav.\n",
    ]

    @Test func anMkDocsFolderBuildsAsItIsInItsNavOrder() async throws {
        let site = try TestSite(files: Self.mkdocs)
        defer { site.remove() }
        let report = try await site.build()
        #expect(report.warnings.filter { $0.kind == .link }.isEmpty, "\(report.warnings.map(\.message))")
        let install = try site.read("guide/install/index.html")
        #expect(install.contains("<html lang=\"en\""))
        #expect(install.contains("rel=\"prev\" href=\"../index.html\""))
        #expect(!install.contains("rel=\"next\""))
        #expect(install.contains(">The guide<") || install.contains(">Guide<"))
        #expect(install.contains("href=\"https://example.org/\""))
        #expect(install.contains("https://github.com/example/tool/edit/master/docs/guide/install.md"))
        // Breadcrumbs: home, then the section.
        #expect(install.contains("<nav class=\"docs-crumbs\""))
        // The redirect map and a page published under another name by MkDocs still lead to their pages.
        #expect(try site.read("setup/index.html").contains("url=../guide/install/index.html"))
        #expect(try site.read("Extra_Page/index.html").contains("url=../extra-page/index.html"))
    }

    @Test func aSiteYmlBesideTheConfigOverridesIt() async throws {
        var files = Self.mkdocs
        files["site.yml"] = "title: Overridden\n"
        let site = try TestSite(files: files)
        defer { site.remove() }
        _ = try await site.build()
        #expect(try site.read("index.html").contains("<title>Overridden"))
    }

    /// Folders without an index page are named in the sidebar by their folder's title; a closed one carries no toggle
    /// and no empty list (the script adds them), the open one on the page's path both; the page's strings hold no key
    /// standing in for a missing text.
    @Test func foldersWithoutAnIndexAreNamedInTheSidebarAndOnlyThePathCarriesItsList() async throws {
        let site = try TestSite(files: [
            "Content/README.md": "# Tools\n\nThese are the pages of the tools, one for each command that people use every day.\n",
            "Content/linux/ls.md": "# ls\n\nList the files of a folder, which is what people do all the time.\n",
            "Content/osx/open.md": "# open\n\nOpen a file with the program that the system chooses for it.\n",
        ])
        defer { site.remove() }
        _ = try await site.build()
        let page = try site.read("linux/ls/index.html")
        #expect(page.contains("<span class=\"nav-text\">osx</span></div></li>"))
        #expect(page.contains("<span class=\"nav-text\">linux</span><button type=\"button\" class=\"nav-toggle\" aria-expanded=\"true\""))
        #expect(page.components(separatedBy: "class=\"nav-toggle\"").count == 2, "only the path's section has a toggle")
        #expect(!page.contains("\"favourite_add\":\"favourite_add\""))
    }

    @Test func aFolderWithNoSettingsSpeaksItsOwnLanguage() async throws {
        let site = try TestSite(files: [
            "Content/README.md": "# Documentación\n\nEsta es la documentación de la herramienta, que se usa para leer los ficheros de una carpeta y hacer con ellos un sitio.\n",
            "Content/uso.md": "# Uso\n\nPara usar la herramienta, se escribe el nombre de la carpeta en la línea de órdenes.\n",
        ])
        defer { site.remove() }
        _ = try await site.build()
        #expect(try site.read("index.html").contains("<html lang=\"es\""))
        let english = try TestSite(files: [
            "Content/README.md": "# Docs\n\nThis is the documentation of the tool, which reads the files of a folder and makes a site with them.\n",
            "Content/usage.md": "# Usage\n\nTo use the tool, write the name of the folder on the command line.\n",
        ])
        defer { english.remove() }
        _ = try await english.build()
        let home = try english.read("index.html")
        #expect(home.contains("<html lang=\"en\""))
        #expect(try english.read("usage/index.html").contains("rel=\"prev\" href=\"../index.html\""))
    }

    @Test func includesAndSnippetsLeavingTheFolderAreErrorsAtTheirLine() async throws {
        var book = Self.book
        book["src/ch02-second.md"] = "# Second\n\nText.\n\n```rust\n{{#include ../../outside.rs}}\n```\n"
        let site = try TestSite(files: book)
        defer { site.remove() }
        try Files.write(Array("fn main() {}\n".utf8), to: site.root + "/../outside.rs")
        defer { try? Files.remove(site.root + "/../outside.rs") }
        let failure = try await #require(throws: BuildFailure.self) { try await site.build() }
        #expect(failure.description.contains("src/ch02-second.md:6"), "\(failure.description)")
        #expect(failure.description.contains("outside the book's folder"), "\(failure.description)")

        var docs = Self.mkdocs
        docs["mkdocs.yml"]! += "\nmarkdown_extensions:\n  - admonition\n  - pymdownx.snippets\n"
        docs["docs/guide/install.md"] = "# Installing\n\n!!! note\n    Careful.\n\n--8<-- \"../../secret.txt\"\n"
        let project = try TestSite(files: docs)
        defer { project.remove() }
        let snippet = try await #require(throws: BuildFailure.self) { try await project.build() }
        #expect(snippet.description.contains("docs/guide/install.md:6"), "\(snippet.description)")
        #expect(snippet.description.contains("outside the site's folder"), "\(snippet.description)")
    }

    @Test func mkDocsSyntaxComesOutInMaterialsStructureAndTheRestIsNamed() async throws {
        var docs = Self.mkdocs
        docs["mkdocs.yml"]! += "\nmarkdown_extensions:\n  - admonition\n  - pymdownx.details\n  - pymdownx.superfences\n  - pymdownx.tabbed\n  - pymdownx.emoji\n"
        docs["docs/guide/install.md"] = """
            # Installing

            !!! warning "Before you start"
                Back up. <script>alert(1)</script>

            ??? note
                Hidden.

            === "Linux"
                Run `tool`.

            === "macOS"
                Run `tool` too.

            Happy :smile:
            """
        let site = try TestSite(files: docs)
        defer { site.remove() }
        let report = try await site.build()
        let page = try site.read("guide/install/index.html")
        #expect(page.contains("<div class=\"admonition warning\">\n<p class=\"admonition-title\">Before you start</p>"))
        #expect(!page.contains("<script>alert"))
        #expect(page.contains("<details class=\"note\">"))
        #expect(page.contains("<div class=\"tabbed-set tabbed-alternate\" data-tabs=\"1:2\">"))
        #expect(!page.contains("!!!") && !page.contains("==="))
        #expect(report.warnings.contains { $0.message.hasPrefix("docs/guide/install.md:15:") }, "\(report.warnings.map(\.message))")
    }

    /// Runs git in `folder` with fixed dates and names; the test fails when it fails.
    static func git(_ arguments: [String], in folder: String, date: String = "2026-01-10T10:00:00Z") throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", folder] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging([
            "GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date, "GIT_AUTHOR_NAME": "Docs", "GIT_AUTHOR_EMAIL": "docs@example.org",
            "GIT_COMMITTER_NAME": "Docs", "GIT_COMMITTER_EMAIL": "docs@example.org", "GIT_CONFIG_GLOBAL": "/dev/null",
        ]) { _, new in new }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "git \(arguments.joined(separator: " "))")
    }

    @Test func eachPageShowsItsOwnLastChangeAndAShallowCloneShowsNoneAndSaysWhy() async throws {
        let site = try TestSite(files: Self.mkdocs)
        defer { site.remove() }
        try Self.git(["init", "-q"], in: site.root)
        try Self.git(["add", "-A"], in: site.root, date: "2026-01-10T10:00:00Z")
        try Self.git(["commit", "-q", "-m", "First"], in: site.root, date: "2026-01-10T10:00:00Z")
        try site.write("docs/guide/install.md", "# Installing\n\nRun it, now with care.\n")
        try Self.git(["commit", "-q", "-am", "Second"], in: site.root, date: "2026-03-05T10:00:00Z")
        let report = try await site.build()
        #expect(report.notes.isEmpty)
        #expect(try site.read("guide/install/index.html").contains("<time datetime=\"2026-03-05\">"))
        #expect(try site.read("guide/index.html").contains("<time datetime=\"2026-01-10\">"))
        // An edit not committed yet, drawn from the kept plan, keeps the dates the pages showed.
        var settled = BuildOptions(siteDirectory: site.root, offline: true)
        settled.settleTime = .zero
        _ = try await BuildPipeline(options: settled, client: NoNetwork()).build()
        try site.write("docs/guide/install.md", "# Installing\n\nRun it, now with more care.\n")
        let edited = try await BuildPipeline(options: settled, client: NoNetwork()).build()
        #expect(edited.stages.map(\.name).contains("kept plan") && edited.rendered == 1)
        #expect(try site.read("guide/install/index.html").contains("<time datetime=\"2026-03-05\">"))
        try await site.expectSameAsFullBuild(report: edited)

        let clone = site.root + "-clone"
        defer { try? FileManager.default.removeItem(atPath: clone) }
        try Self.git(["clone", "-q", "--depth", "1", "file://" + site.root, clone], in: site.root)
        let shallow = try await TestSite.building(clone)
        #expect(shallow.notes == [GitChanges.shallowNote])
        #expect(shallow.summary.contains("note: the repository is a shallow clone"))
        #expect(!(try Files.readText(clone + "/Output/guide/install/index.html")).contains("docs-updated"))
    }

    @Test func redirectsNeverWriteOutsideTheOutputNorOverAPage() async throws {
        var book = Self.book
        book["book.toml"] = """
            [book]
            title = "Small Book"
            [output.html.redirect]
            "../../escaped.html" = "ch02-second.html"
            "/abs/../../escaped2.html" = "ch02-second.html"
            "ch01-first/index.html" = "ch02-second.html"
            "evil.html" = "javascript:alert(1)"
            "gone.html" = "nothing-here.html"
            """
        let site = try TestSite(files: book)
        defer { site.remove() }
        _ = try await site.build()
        let parent = (site.output as NSString).deletingLastPathComponent
        #expect(!Files.exists(parent + "/escaped.html") && !Files.exists((parent as NSString).deletingLastPathComponent + "/escaped.html"))
        #expect(!site.exists("escaped2.html") && !site.exists("../escaped2.html"))
        // A page is never replaced by a redirect, a redirect to another scheme or to nothing is not written.
        #expect(try site.read("ch01-first/index.html").contains("<h1"))
        #expect(!site.exists("evil.html") && !site.exists("gone.html"))
    }
}
