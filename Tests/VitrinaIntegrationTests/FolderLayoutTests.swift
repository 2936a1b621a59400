import Foundation
import Testing
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// Every folder of Markdown is one feature; its `_index.md` chooses the guide layout (`layout: docs`) or the section
/// layout, a subfolder takes its parent's, and `Content/docs/` is a guide without saying so.
@Suite("Folder layouts")
struct FolderLayoutTests {
    static let files = [
        "Content/site.yml": "title: Carpetas\nlanguages: [es]\ndefault_language: es\n",
        "Content/docs/instalar.md": "---\ntitle: Instalar\nweight: 1\n---\n## Paso uno\n\nTexto.\n",
        "Content/docs/usar.md": "---\ntitle: Usar\nweight: 2\n---\nMás texto.\n",
        "Content/manual/_index.md": "---\ntitle: Manual\ndescription: Todo.\nlayout: docs\n---\nEmpieza por [el primero](primero.md).\n",
        "Content/manual/primero.md": "# Primero\n",
        "Content/manual/avanzado/_index.md": "---\ntitle: Avanzado\n---\n",
        "Content/manual/avanzado/ajustes.md": "# Ajustes\n",
        "Content/notas/_index.md": "---\ntitle: Notas\n---\n",
        "Content/notas/una.md": "# Una\n",
        "Content/notas/guia/_index.md": "---\nlayout: docs\n---\n",
        "Content/notas/guia/paso.md": "# Paso\n",
    ]

    func read(_ site: TestSite, _ path: String) throws -> String { try Files.readText("\(site.output)/\(path)") }

    @Test func eachFolderIsDrawnInItsLayout() async throws {
        let site = try TestSite(files: Self.files)
        defer { site.remove() }
        _ = try await site.build()
        let install = try read(site, "docs/instalar/index.html")
        #expect(install.contains("href=\"#paso-uno\""), "docs/ is a guide by convention: a table of contents")
        #expect(install.contains("rel=\"next\" href=\"../usar/index.html\""))
        let manual = try read(site, "manual/index.html")
        #expect(manual.contains("<h1>Manual</h1>") && manual.contains("Todo."), "the guide's index shows its _index.md")
        #expect(manual.contains("href=\"primero/index.html\">el primero</a>"), "its text, with links resolved")
        #expect(manual.contains("href=\"avanzado/index.html\">Avanzado</a>"), "and lists its folders")
        #expect(try read(site, "manual/avanzado/ajustes/index.html").contains("id=\"docs-nav\""), "a subfolder takes its parent's layout")
        let note = try read(site, "notas/una/index.html")
        #expect(note.contains("class=\"breadcrumbs\"") && !note.contains("id=\"docs-nav\""), "a plain folder is a section")
        #expect(try read(site, "notas/guia/paso/index.html").contains("id=\"docs-nav\""), "a subfolder may choose another layout")
        let home = try read(site, "index.html")
        for folder in ["docs", "manual", "notas"] { #expect(home.contains("href=\"\(folder)/index.html\""), "the home lists \(folder)") }
    }

    @Test func anUnknownLayoutIsAnErrorNamingTheFile() async throws {
        var files = Self.files
        files["Content/notas/_index.md"] = "---\nlayout: blog\n---\n"
        let site = try TestSite(files: files)
        defer { site.remove() }
        let failure = try await #require(throws: BuildFailure.self) { try await site.build() }
        #expect(failure.description.contains("Content/notas/_index.md: layout is \"blog\"; use docs or section"))
    }

    @Test func aGuidePageEditedUnderServeMatchesAFullBuild() async throws {
        let site = try TestSite(files: Self.files)
        defer { site.remove() }
        let session = DevSession(options: BuildOptions(siteDirectory: site.root, offline: true), client: NoNetwork()) { _, _ in }
        #expect(await session.build())
        try site.write("Content/docs/instalar.md", "---\ntitle: Instalar\nweight: 1\n---\n## Paso dos\n\nOtro texto.\n")
        let (report, quick) = try await session.redraw(["Content/docs/instalar.md"])
        // The guide has no index page: its first page is also its home, and is drawn twice.
        #expect(quick && report.rendered == 2)
        #expect(try read(site, "docs/instalar/index.html").contains("href=\"#paso-dos\""))
        try await site.expectSameAsFullBuild(report: report)
    }
}
