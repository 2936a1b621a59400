import Foundation
import Testing
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// Highlighting in whole builds: every kind of Markdown page, the stylesheet and script it publishes, `highlight:` in
/// site.yml, the warnings `vitrina check` turns into problems, and a warm rebuild that lexes nothing.
@Suite struct CodeHighlightingBuildTests {
    static let page = """
    # Notes

    ```rust
    fn main() {}
    ```

    ```russt
    let x = 1;
    ```

    ```russt
    let y = 2;
    ```
    """

    @Test func aDocsFolderIsHighlightedAndLinksItsStylesheetAndScript() async throws {
        let site = try TestSite(files: ["Content/site.yml": "title: T\n", "Content/notes/a.md": Self.page])
        defer { site.remove() }
        let report = try await site.build()
        let page = try site.read("notes/a/index.html")
        #expect(page.contains(#"<code class="language-rust" data-lang="rust"><span class="line"><span class="cl"><span class="k">fn</span>"#))
        let (stylesheet, script) = (site.asset("assets/highlight.css"), site.asset("assets/js/code.js"))
        #expect(stylesheet.wholeMatch(of: /assets\/highlight\.[0-9a-f]{8}\.css/) != nil && script.wholeMatch(of: /assets\/js\/code\.[0-9a-f]{8}\.js/) != nil)
        #expect(page.contains(#"<link rel="stylesheet" href="../../\#(stylesheet)">"#))
        #expect(page.contains(#"<script defer src="../../\#(script)"></script>"#))
        let css = try site.read(stylesheet)
        #expect(css.contains(".chroma .k") && css.contains("prefers-color-scheme: dark"))
        // The unknown language is said once, with its count, where it first is and the closest known name.
        let unknown = report.warnings.filter { $0.message.contains("unknown code language") }
        #expect(unknown.count == 1)
        #expect(unknown.first?.message.contains(#""russt" (2 blocks): did you mean "rust"?"#) == true)
        #expect(unknown.first?.location == SourceLocation(file: "Content/notes/a.md", line: 7, column: 1))
        #expect(page.contains(#"<pre><code class="language-russt">let x = 1;"#))
    }

    @Test func highlightFalseLeavesCodePlainAndPublishesNothingForIt() async throws {
        let site = try TestSite(files: ["Content/site.yml": "title: T\nhighlight: false\n", "Content/notes/a.md": Self.page])
        defer { site.remove() }
        let report = try await site.build()
        let page = try site.read("notes/a/index.html")
        #expect(page.contains(#"<pre><code class="language-rust">fn main() {}"#))
        #expect(!page.contains("assets/highlight.") && !page.contains("assets/js/code."))
        #expect(!site.exists(site.asset("assets/highlight.css")) && !site.exists(site.asset("assets/js/code.js")))
        #expect(!report.warnings.contains { $0.message.contains("code language") })
    }

    @Test func aChosenStyleIsWrittenOutAsChromaWritesIt() async throws {
        let site = try TestSite(files: ["Content/site.yml": "title: T\nhighlight:\n  style: monokai\n", "Content/notes/a.md": Self.page])
        defer { site.remove() }
        _ = try await site.build()
        let css = try site.read(site.asset("assets/highlight.css"))
        #expect(css.contains(try #require(ChromaStyle.stylesheet(light: "monokai", dark: nil))))
    }

    @Test(arguments: [
        ("highlight:\n  style: monokay\n", "site.yml:3: highlight.style: monokay is not one of Chroma's styles; did you mean monokai?"),
        ("highlight:\n  colours: x\n", "site.yml:3: highlight.colours is not a setting"),
        ("highlight: [1]\n", "site.yml:2: highlight must be false, or a mapping"),
    ])
    func aWrongSettingNamesItsLine(yaml: String, message: String) async throws {
        let site = try TestSite(files: ["Content/site.yml": "title: T\n" + yaml, "Content/notes/a.md": "# A\n"])
        defer { site.remove() }
        do {
            _ = try await site.build()
            Issue.record("built with \(yaml)")
        } catch {
            #expect("\(error)".contains(message), "\(error)")
        }
    }

    @Test func aWarmRebuildLexesNothingAndAnEditedPageOnlyItsNewBlock() async throws {
        let site = try TestSite(files: ["Content/site.yml": "title: T\n", "Content/notes/a.md": Self.page])
        defer { site.remove() }
        _ = try await site.build()
        let memoPath = site.root + "/.vitrina/highlight.bin"
        let saved = HighlightMemo.load(from: memoPath, context: [VitrinaVersion.number, LexerRegistry.version].joined(separator: "|"))
        #expect(saved.count == 1)
        let before = try Files.read(memoPath)
        _ = try await site.build()
        #expect(try Files.read(memoPath) == before, "nothing new was highlighted, so the memo is not even rewritten")
        try site.write("Content/notes/a.md", Self.page + "\n\nMore prose.\n\n```go\npackage main\n```\n")
        _ = try await site.build()
        let after = HighlightMemo.load(from: memoPath, context: [VitrinaVersion.number, LexerRegistry.version].joined(separator: "|"))
        #expect(after.count == 2)
        try await site.expectSameAsFullBuild()
    }
}
