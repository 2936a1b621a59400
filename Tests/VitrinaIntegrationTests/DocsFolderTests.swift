import Foundation
import Testing
import TestSupport
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// A docs folder written for GitHub, built as it is: every link form resolves to the page or file it names on
/// GitHub, files beside the Markdown are published, and what reaches nothing is reported at its line and column.
/// Una carpeta de documentación escrita para GitHub, construida tal cual.
struct DocsFolderTests {
    static let config = """
        title: Project docs
        default_language: en
        languages: [en]
        """

    /// A 3×2 PNG.
    static let png = [UInt8](Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAIAAAASFvFNAAAAEElEQVR4nGM4IScHQQxwFgBBAAYZPEVBlgAAAABJRU5ErkJggg==")!)

    static let readme = """
        # Project

        [guide](guide/README.md) [setup](guide/setup.md#install) [folder](guide/) [root](/guide/setup.md)
        [notes](reference/api%20notes.md#types) [query](guide/setup.md?plain=1#install) [missing](nothere.md)
        [typo](guide/setup.md#instal) [zip](files/example%20archive.zip) [book](guide/setup.html#install)

        ![logo](img/logo.png)

        """

    static let content: [String: String] = [
        "README.md": readme,
        "guide/README.md": """
            # Guide

            [Back](../README.md) · [setup](./setup.md) · ![shot](../img/logo.png) · ![diagram](shots/a%20b.svg) · ![gone](shots/gone.png)
            """,
        "guide/setup.md": """
            ---
            title: Setup
            ---
            # Setup

            ## Install

            Text [top](#setup) [notes](../reference/api%20notes.md) [nowhere](#nowhere) [up](../../outside.md)
            """,
        "reference/api notes.md": "# API notes\n\n## Types\n",
        "guide/shots/a b.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"40\" height=\"20\"></svg>",
        "files/example archive.zip": "PK not really a zip",
        ".git/config": "[core]\n",
        "guide/.DS_Store": "junk",
    ]

    func build(_ body: (TestSite, BuildReport) throws -> Void) async throws {
        try await withDocsSite(config: Self.config, content: Self.content) { site in
            try Files.write(Self.png, to: "\(site.root)/Content/img/logo.png")
            let report = try await site.build(site.options(server: nil, offline: true))
            try body(site, report)
        }
    }

    @Test func everyLinkFormLeadsWhereGitHubWouldTakeIt() async throws {
        try await build { site, _ in
            let home = try site.read("index.html")
            for href in ["guide/index.html", "guide/setup/index.html#install", "reference/api-notes/index.html#types",
                         "guide/setup/index.html?plain=1#install", "files/example%20archive.zip"] {
                #expect(home.contains("href=\"\(href)\""), "\(href)")
            }
            #expect(home.contains("href=\"guide/index.html\">folder</a>"))
            #expect(home.contains("href=\"guide/setup/index.html\">root</a>"), "a link from / starts at Content/")
            #expect(home.contains("href=\"guide/setup/index.html#install\">book</a>"), "mdBook's .html links reach the page")
            #expect(home.contains("href=\"nothere.md\">missing</a>"), "a link that reaches nothing stays as written")
            #expect(home.contains("<img src=\"img/logo.png\" width=\"3\" height=\"2\" loading=\"lazy\" alt=\"logo\""))

            let guide = try site.read("guide/index.html")
            #expect(guide.contains("href=\"../index.html\">Back</a>"), "README.md is the folder's index page")
            #expect(guide.contains("href=\"setup/index.html\">setup</a>"))
            #expect(guide.contains("<img src=\"../img/logo.png\" width=\"3\" height=\"2\" loading=\"lazy\""))
            #expect(guide.contains("<img src=\"shots/a%20b.svg\" width=\"40\" height=\"20\" loading=\"lazy\""), "a file with a space in its name")

            let setup = try site.read("guide/setup/index.html")
            #expect(setup.contains("href=\"#setup\">top</a>"))
            #expect(setup.contains("href=\"../../reference/api-notes/index.html\">notes</a>"))
        }
    }

    /// A picture beside the Markdown is published with the extension its bytes say, links following; one that is no
    /// picture is a warning naming it and is not published; the author's own SVG is published as it is.
    /// Una imagen junto al Markdown se publica con la extensión de sus bytes; una que no es imagen, no.
    @Test func picturesBesideTheMarkdownAreNamedByTheirBytes() async throws {
        let ownSVG = #"<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><script>console.log(1)</script></svg>"#
        let content = ["notes.md": "# Notes\n\n![shot](img/shot.jpg) ![page](img/page.jpg) ![own](img/own.svg)\n",
                       "img/page.jpg": "<!doctype html><p>not a picture</p>", "img/own.svg": ownSVG]
        try await withDocsSite(config: Self.config, content: content) { site in
            try Files.write(Self.png, to: "\(site.root)/Content/img/shot.jpg")
            let report = try await site.build(site.options(server: nil, offline: true))
            let warnings = report.warnings.map(\.message)
            #expect(warnings.contains { $0.contains("Content/img/page.jpg") && $0.contains("not published") }, "\(warnings)")
            #expect(!site.exists("img/page.jpg"))
            #expect(try Files.read("\(site.output)/img/shot.png") == Self.png)
            #expect(!site.exists("img/shot.jpg"))
            let notes = try site.read("notes/index.html")
            #expect(notes.contains("<img src=\"../img/shot.png\" width=\"3\" height=\"2\""), "\(notes)")
            #expect(try site.read("img/own.svg") == ownSVG, "the author's SVG is published as it is")
        }
    }

    @Test func filesBesideTheMarkdownArePublishedAndHiddenOnesAreNot() async throws {
        try await build { site, _ in
            let logo = try Files.read("\(site.output)/img/logo.png")
            #expect(logo == Self.png)
            #expect(site.exists("guide/shots/a b.svg"))
            #expect(site.exists("files/example archive.zip"))
            #expect(!site.exists(".git/config") && !site.exists("guide/.DS_Store"))
            #expect(!site.exists("site.yml"), "the site's settings are not published")
        }
    }

    @Test func problemsAreReportedAtTheirLineAndColumnWithAHint() async throws {
        try await build { _, report in
            let links = report.warnings.filter { $0.kind == .link }.map(\.message)
            let column = { (line: String, text: String) in line.utf8.count - line.components(separatedBy: text)[1].utf8.count - text.utf8.count + 1 }
            let line4 = Self.readme.components(separatedBy: "\n")[3], line5 = Self.readme.components(separatedBy: "\n")[4]
            let expected = [
                "Content/README.md:4:\(column(line4, "[missing]")): link to nothere.md: there is no Content/nothere.md",
                "Content/README.md:5:\(column(line5, "[typo]")): link to guide/setup.md#instal: no heading \"instal\" in Content/guide/setup.md; did you mean \"install\"?",
                "Content/guide/README.md:3:",
                "Content/guide/setup.md:8:",
            ]
            for text in expected { #expect(links.contains { $0.hasPrefix(text) }, "\(text) in \(links)") }
            #expect(links.contains { $0.contains("image shots/gone.png: there is no Content/guide/shots/gone.png") })
            #expect(links.contains { $0.contains("link to #nowhere: no heading \"nowhere\" on this page") })
            #expect(links.contains { $0.contains("link to ../../outside.md: it leads outside Content/") })
            #expect(links.count == 5, "each problem once, never again from the output check: \(links)")
            #expect(report.warnings.filter { $0.kind == .link }.allSatisfy { $0.location != nil })
        }
    }

    @Test func strictFailsOnThemAndKeepsThePreviousOutput() async throws {
        try await withDocsSite(config: Self.config, content: ["README.md": "# Home\n\n[gone](gone.md)\n"]) { site in
            let failure = try #require(await site.failure(site.options(server: nil, offline: true, strict: true)))
            #expect(failure.error.stage == .check)
            #expect(failure.error.message.contains("Content/README.md:3:1: link to gone.md: there is no Content/gone.md"))
            #expect(!site.exists("index.html"))
        }
    }

    @Test func aSecondLanguageLinksToItsOwnPages() async throws {
        let config = "title: Docs\ndefault_language: es\nlanguages: [es, en]\n"
        let content = [
            "guia/README.md": "# Guía\n\n[instalar](instalar.md#paso-uno)\n",
            "guia/README.en.md": "# Guide\n\n[install](instalar.md#step-one)\n",
            "guia/instalar.md": "# Instalar\n\n## Paso uno\n",
            "guia/instalar.en.md": "# Install\n\n## Step one\n",
        ]
        try await withDocsSite(config: config, content: content) { site in
            let report = try await site.build(site.options(server: nil, offline: true))
            #expect(report.warnings.filter { $0.kind == .link }.isEmpty, "\(report.warnings)")
            #expect(try site.read("guia/index.html").contains("href=\"instalar/index.html#paso-uno\""))
            #expect(try site.read("en/guia/index.html").contains("href=\"instalar/index.html#step-one\""))
        }
    }

    @Test func footnotesAlertsAndTOMLFrontMatterAsGitHubAndHugoWriteThem() async throws {
        let config = "title: Docs\ndefault_language: es\nlanguages: [es, en]\n"
        let content = [
            "guia/notas.md": "+++\ntitle = \"Notas\"\nweight = 2\n+++\n\nUn dato.[^fuente]\n\n> [!WARNING]\n> Cuidado con [la guía](../README.md).\n\n[^fuente]: El origen.\n",
            "guia/notas.en.md": "+++\ntitle = \"Notes\"\n+++\n\nA fact.[^source]\n\n> [!TIP]\n> See [the guide](../README.md).\n\n[^source]: Where it came from.\n",
            "README.md": "# Inicio\n\n[Notas](guia/notas.md#fn-fuente)\n",
        ]
        try await withDocsSite(config: config, content: content) { site in
            let report = try await site.build(site.options(server: nil, offline: true))
            #expect(report.warnings.isEmpty, "\(report.warnings)")
            let spanish = try site.read("guia/notas/index.html"), english = try site.read("en/guia/notas/index.html")
            #expect(spanish.contains("<title>Notas") && english.contains("<title>Notes"), "TOML titles")
            #expect(spanish.contains("<div class=\"alert alert-warning\" role=\"note\">") && spanish.contains("<p class=\"alert-title\">Advertencia</p>"))
            #expect(english.contains("<div class=\"alert alert-tip\" role=\"note\">") && english.contains("<p class=\"alert-title\">Tip</p>"))
            #expect(spanish.contains("href=\"../../index.html\">la guía</a>"), "a link inside an alert is resolved too")
            #expect(spanish.contains("id=\"fn-fuente\"") && spanish.contains("href=\"#fn-fuente\"") && spanish.contains("aria-label=\"Volver al texto\""))
            #expect(english.contains("id=\"fn-source\"") && english.contains("aria-label=\"Back to content\""))
            #expect(try site.read("index.html").contains("href=\"guia/notas/index.html#fn-fuente\""))
        }
    }

    @Test func anEditedImageIsCopiedAgainAndARebuildMatchesAFullBuild() async throws {
        try await withDocsSite(config: Self.config, content: ["README.md": "# Home\n\n![logo](img/logo.png)\n"]) { site in
            try Files.write(Self.png, to: "\(site.root)/Content/img/logo.png")
            _ = try await site.build(site.options(server: nil, offline: true))
            var bigger = Self.png
            bigger.replaceSubrange(16..<24, with: [0, 0, 0, 9, 0, 0, 0, 4])
            try Files.write(bigger, to: "\(site.root)/Content/img/logo.png")
            _ = try await site.build(site.options(server: nil, offline: true))
            let copied = try Files.read("\(site.output)/img/logo.png")
            #expect(copied == bigger)
            let page = try site.read("index.html")
            #expect(page.contains("width=\"9\" height=\"4\""))
            let incremental = try site.snapshotOfOutput()
            try FileManager.default.removeItem(atPath: site.output)
            try FileManager.default.removeItem(atPath: "\(site.root)/.vitrina")
            _ = try await site.build(site.options(server: nil, offline: true))
            let full = try site.snapshotOfOutput()
            #expect(full == incremental)
        }
    }
}

/// A site of Markdown only, drawn by the built-in default theme (as `vitrina new` and a bare docs folder are).
func withDocsSite<T>(config: String, content: [String: String], _ body: (TestSite) async throws -> T) async throws -> T {
    try await withSite(config: config, content: content) { site in
        try Files.remove(site.root + "/Templates")
        return try await body(site)
    }
}
