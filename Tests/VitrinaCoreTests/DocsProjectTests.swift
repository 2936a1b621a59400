import Foundation
import Testing
@testable import VitrinaKit

/// `mkdocs.yml`, `book.toml` and `SUMMARY.md` read as MkDocs and mdBook read them: names, language, edit links, the
/// nav's order, titles, nesting and numbers, redirects, and what Vitrina does not read named at its line; hostile
/// configs end in an error at their line.
/// `mkdocs.yml`, `book.toml` y `SUMMARY.md` leídos como los leen MkDocs y mdBook.
@Suite("Docs projects")
struct DocsProjectTests {
    static let mkdocs = """
        site_name: Tool docs
        site_description: >-
          How to use
          the tool
        site_url: https://example.org/tool/
        repo_url: https://github.com/example/tool
        edit_uri: edit/main/documentation/
        docs_dir: documentation
        theme:
          name: material
          language: en
          features:
            - navigation.indexes
        extra:
          analytics:
            property: !ENV GOOGLE_ANALYTICS_KEY
        plugins:
          - search
          - blog
          - redirects:
              redirect_maps:
                old.md: guide/install.md
        markdown_extensions:
          - admonition
          - pymdownx.emoji:
              emoji_generator: !!python/name:material.extensions.emoji.to_svg
          - pymdownx.snippets:
              base_path: [includes, .]
        hooks:
          - hooks/x.py
        nav:
          - index.md
          - Guide:
            - guide/index.md
            - Install: guide/install.md
            - guide/usage.md
          - Reference:
            - API: reference/api.md
          - GitHub: https://github.com/example/tool
        """

    @Test func mkDocsConfigIsReadWithItsTagsAndItsNav() throws {
        let project = try DocsProject.mkDocs(Self.mkdocs, file: "mkdocs.yml")
        #expect(project.generator == .mkdocs)
        #expect(project.contentFolder == "documentation")
        #expect(project.title == "Tool docs")
        #expect(project.description == "How to use the tool")
        #expect(project.language == "en")
        #expect(project.siteURL == "https://example.org/tool/")
        #expect(project.editLink(for: "guide/install.md") == "https://github.com/example/tool/edit/main/documentation/guide/install.md")
        #expect(project.markdownExtensions == ["admonition", "pymdownx.emoji", "pymdownx.snippets"])
        #expect(project.snippetBasePaths == ["includes", "."])
        #expect(project.redirects == [DocsProject.Redirect(from: "old/", to: "guide/install/")])
        #expect(project.unusedKeys == ["mkdocs.yml:14: extra", "mkdocs.yml:19: plugins: blog", "mkdocs.yml:29: hooks"])
        let outline = try #require(project.outline)
        #expect(outline.entries.count == 4)
        #expect(outline.entries[0] == .init(kind: .page(path: "index.md"), title: nil, line: 32))
        // A section whose first child is an untitled index page is that page (Material's navigation.indexes).
        #expect(outline.entries[1].kind == .page(path: "guide/index.md"))
        #expect(outline.entries[1].title == "Guide")
        #expect(outline.entries[1].children.map(\.title) == ["Install", nil])
        #expect(outline.entries[2].kind == .section)
        #expect(outline.entries[3].kind == .link(url: "https://github.com/example/tool"))
        #expect(outline.pagePaths == ["index.md", "guide/index.md", "guide/install.md", "guide/usage.md", "reference/api.md"])
    }

    @Test func mkDocsEditLinksFollowMkDocsDefaults() throws {
        let github = try DocsProject.mkDocs("site_name: x\nrepo_url: https://github.com/a/b/\n", file: "mkdocs.yml")
        #expect(github.editLink(for: "a b.md") == "https://github.com/a/b/edit/master/docs/a%20b.md")
        let other = try DocsProject.mkDocs("site_name: x\nrepo_url: https://git.example.org/a/b\n", file: "mkdocs.yml")
        #expect(other.editLink(for: "a.md") == nil)
        let none = try DocsProject.mkDocs("site_name: x\nrepo_url: https://github.com/a/b\nedit_uri: ''\n", file: "mkdocs.yml")
        #expect(none.editLink(for: "a.md") == nil)
        let template = try DocsProject.mkDocs("site_name: x\nrepo_url: https://github.com/a/b\nedit_uri_template: 'src/{path}?plain=1'\n", file: "mkdocs.yml")
        #expect(template.editLink(for: "a.md") == "https://github.com/a/b/src/a.md?plain=1")
    }

    @Test func badMkDocsConfigsNameTheirLine() throws {
        for (text, expected) in [
            ("site_name: x\nnav: 3\n", "mkdocs.yml:2: nav must be a list"),
            ("site_name: x\nnav:\n  - a: b\n    c: d\n", "mkdocs.yml:3: each nav entry"),
            ("site_name: x\ndocs_dir: ../elsewhere\n", "docs_dir \"../elsewhere\" must be a folder directly inside"),
            ("- a\n- b\n", "expected a mapping"),
        ] {
            let error = try #require(throws: VitrinaError.self) { try DocsProject.mkDocs(text, file: "mkdocs.yml") }
            #expect(error.message.contains(expected), "\(error.message)")
        }
        // A nav nested deeper than the limit is refused at its line, not recursed into.
        var deep = "site_name: x\nnav:\n"
        for level in 0..<40 { deep += String(repeating: "  ", count: level + 1) + "- S\(level):\n" }
        deep += String(repeating: "  ", count: 41) + "- a.md\n"
        #expect(throws: VitrinaError.self) { try DocsProject.mkDocs(deep, file: "mkdocs.yml") }
    }

    @Test func bookTomlIsReadWithItsRedirects() throws {
        let toml = """
            [book]
            title = "The Book"
            description = "A book"
            language = "en"
            src = "text"

            [output.html]
            git-repository-url = "https://github.com/rust-lang/book"
            edit-url-template = "https://github.com/rust-lang/book/edit/main/text/{path}"
            site-url = "/book/"
            additional-css = ["ferris.css"]

            [output.html.code.hidelines]
            python = "~"

            [output.html.redirect]
            "ch17-00-oop.html" = "ch18-00-oop.html"
            "/old/page.html" = "https://example.org/page"

            [preprocessor.trpl-note]
            command = "cargo run"

            [rust]
            edition = "2024"
            """
        let project = try DocsProject.mdBook(toml, file: "book.toml")
        #expect(project.generator == .mdbook)
        #expect(project.contentFolder == "text")
        #expect(project.title == "The Book")
        #expect(project.language == "en")
        #expect(project.editLink(for: "ch01.md") == "https://github.com/rust-lang/book/edit/main/text/ch01.md")
        #expect(project.redirects == [.init(from: "old/page.html", to: "https://example.org/page"), .init(from: "ch17-00-oop.html", to: "ch18-00-oop.html")])
        #expect(project.unusedKeys == ["book.toml: output.html.additional-css"])
        #expect(project.hiddenLinePrefixes == ["python": "~"])
    }

    static let summary = """
        # Summary

        [Introduction](README.md)
        [Foreword](./foreword.md)

        ---

        # Getting started

        - [Install](install/index.md)
            - [On Linux](install/linux.md)
            - [On `macOS`](<install/mac os.md>)
                - [Homebrew \\[brew\\]](install/brew.md)
        - [Draft chapter]()

        # Reference

        - [API](api.md)
          - [Types](api/types.md)

        ---

        [Contributors](contributors.md)
        """

    @Test func summaryGivesPartsNumbersDraftsAndSuffixes() throws {
        let outline = try MdBookSummary.read(Self.summary, file: "src/SUMMARY.md")
        let kinds = outline.entries.map(\.kind)
        #expect(kinds == [.page(path: "README.md"), .page(path: "foreword.md"), .separator, .part, .page(path: "install/index.md"), .draft,
                          .part, .page(path: "api.md"), .separator, .page(path: "contributors.md")])
        #expect(outline.entries[0].number == nil)
        #expect(outline.entries[3].title == "Getting started")
        let install = outline.entries[4]
        #expect(install.number == "1.")
        #expect(install.children.map(\.number) == ["1.1.", "1.2."])
        #expect(install.children[1].title == "On macOS")
        #expect(install.children[1].kind == .page(path: "install/mac os.md"))
        #expect(install.children[1].children.map(\.title) == ["Homebrew [brew]"])
        #expect(install.children[1].children.map(\.number) == ["1.2.1."])
        #expect(outline.entries[5].number == "2.")
        // Numbers go on across parts, as mdBook counts them.
        #expect(outline.entries[7].number == "3.")
        #expect(outline.entries[7].children.map(\.number) == ["3.1."])
        #expect(outline.entries[9].number == nil)
        #expect(outline.pagePaths.first == "README.md")
    }

    @Test func aSummaryLineThatIsNoChapterIsAnErrorAtItsLine() throws {
        let error = try #require(throws: VitrinaError.self) {
            try MdBookSummary.read("# Summary\n\n- [A](a.md)\n- just text\n", file: "src/SUMMARY.md")
        }
        #expect(error.message.hasPrefix("src/SUMMARY.md:4: expected a chapter"))
        // 1,000 levels of nesting end in an error at the limit's line.
        let deep = (0..<1_000).map { String(repeating: " ", count: $0) + "- [C\($0)](c\($0).md)" }.joined(separator: "\n")
        let nested = try #require(throws: VitrinaError.self) { try MdBookSummary.read(deep, file: "src/SUMMARY.md") }
        #expect(nested.message.hasPrefix("src/SUMMARY.md:33: chapters nest more than"), "\(nested.message)")
    }

    @Test func navLinksToOtherSchemesAreListedNotLinked() throws {
        let nav = try DocsProject.mkDocs("""
            site_name: x
            nav:
              - Web: https://example.org/
              - Mail: MAILTO:docs@example.org
              - Evil: javascript://%0aalert(1)
              - Data: data://text/html,<script>alert(1)</script>
            """, file: "mkdocs.yml").outline!
        #expect(nav.entries.map(\.kind) == [.link(url: "https://example.org/"), .link(url: "MAILTO:docs@example.org"), .draft, .draft])
        let summary = try MdBookSummary.read("- [Evil](javascript://x)\n- [Web](http://example.org)\n", file: "src/SUMMARY.md")
        #expect(summary.entries.map(\.kind) == [.draft, .link(url: "http://example.org")])
        // An edit template that is no web address gives no edit link.
        let book = try DocsProject.mdBook("[output.html]\nedit-url-template = \"javascript:alert(1)//{path}\"\n", file: "book.toml")
        #expect(book.editLink(for: "a.md") == nil)
    }

    @Test func pathsReadFromAFolderStayInsideTheRoot() {
        #expect(SafePath.inside("src", "../listings/a.rs") == "listings/a.rs")
        #expect(SafePath.inside("src", "./a/../b.md") == "src/b.md")
        #expect(SafePath.inside("", "../x") == nil)
        #expect(SafePath.inside("src/a", "../../../etc/passwd") == nil)
        #expect(SafePath.inside("", "") == nil)
    }

    @Test func mkDocsAddressesAreDirectoryURLs() {
        #expect(MkDocsNav.address(of: "index.md") == "")
        #expect(MkDocsNav.address(of: "guide/README.md") == "guide/")
        #expect(MkDocsNav.address(of: "guide/install.md") == "guide/install/")
        #expect(MkDocsNav.address(of: "/a.md") == "a/")
    }

    @Test func theLanguageOfTheTextIsGuessedWhenNoSettingNamesIt() {
        #expect(LanguageGuess.language(of: ["The tool reads the files that you give it and writes a site with all of them in it."]) == "en")
        #expect(LanguageGuess.language(of: ["La herramienta lee los ficheros que le das y escribe un sitio con todos ellos para que se puedan leer en el navegador."]) == "es")
        #expect(LanguageGuess.language(of: ["L'outil lit les fichiers que vous lui donnez et écrit un site avec tous les fichiers dans le dossier pour le lire sur le web."]) == "fr")
        // Code and too little text say nothing: English.
        #expect(LanguageGuess.language(of: ["```\nel la de que y en un una es por con para\nel la de que y en un una es\n```\n"]) == "en")
        #expect(LanguageGuess.language(of: [""]) == "en")
    }
}

/// The docs layout and the search page and box the binary gives a theme without them are `Templates/`'s as they are
/// (Scripts/embed-docs-layout.sh).
/// El diseño de documentación y la búsqueda que da el binario son los de `Templates/` tal cual.
@Test func theBuiltInDocsLayoutIsTheTemplatesFolders() throws {
    let templates = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Templates").path
    let docs = try FileManager.default.contentsOfDirectory(atPath: templates + "/docs").filter { [".mustache", ".js", ".css"].contains(where: $0.hasSuffix) }
    let names = docs.map { "docs/" + $0 } + ["search.mustache", "assets/js/search.js", "assets/search.css"]
    #expect(Set(names) == Set(DocsLayoutFiles.files.keys), "run Scripts/embed-docs-layout.sh")
    for name in names {
        let text = try String(contentsOfFile: templates + "/" + name, encoding: .utf8)
        #expect(DocsLayoutFiles.files[name] == text, "\(name) differs from Templates/\(name): run Scripts/embed-docs-layout.sh")
    }
    // Every theme gets them when it lacks them.
    #expect(DefaultTheme.sharedTemplates["assets/js/search.js"] == DocsLayoutFiles.files["assets/js/search.js"])
    #expect(DefaultTheme.sharedTemplates["docs/nav.js"] == DocsLayoutFiles.files["docs/nav.js"])
}
