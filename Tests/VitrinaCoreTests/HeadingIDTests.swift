import Testing
import TestSupport
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// Heading ids compared with GitHub's, through the whole Markdown renderer (code spans, emphasis, links, smart punctuation).
/// Where each expected id comes from:
/// - "rust-book": the Rust book's docs folder (a corpus kept outside this repository) links to this heading with this
///   fragment from another chapter, and the link works on GitHub and in mdBook;
/// - "rule": GitHub's rule applied by hand (html-pipeline's TableOfContentsFilter: lowercase, drop everything but
///   `\p{Word}` — letters, marks, decimal digits, letter numbers, connector punctuation — hyphens and spaces, then each
///   space becomes a hyphen; repeats get `-1`, `-2`, …).
/// Ids de encabezado comparados con los de GitHub; cada caso dice de dónde sale el id esperado.
struct HeadingIDTests {
    static let cases: [(heading: String, id: String, source: String)] = [
        ("#### Stack-Only Data: Copy", "stack-only-data-copy", "rust-book"),
        ("#### Concatenating with `+` or `format!`", "concatenating-with--or-format", "rust-book"),
        ("### Exposing Paths with the `pub` Keyword", "exposing-paths-with-the-pub-keyword", "rust-book"),
        ("### Creating Idiomatic `use` Paths", "creating-idiomatic-use-paths", "rust-book"),
        ("## Storing UTF-8 Encoded Text with Strings", "storing-utf-8-encoded-text-with-strings", "rust-book"),
        ("#### The Tuple Type", "the-tuple-type", "rust-book"),
        ("### Handling Potential Failure with `Result`", "handling-potential-failure-with-result", "rust-book"),
        ("#### Variables and Data Interacting with Move", "variables-and-data-interacting-with-move", "rust-book"),
        ("#### Where’s the `->` Operator?", "wheres-the---operator", "rust-book"),
        ("### Leveraging Cargo’s Conventions", "leveraging-cargos-conventions", "rule"),
        ("## What Is Ownership?", "what-is-ownership", "rule"),
        ("### The `Option<T>` `match` Pattern", "the-optiont-match-pattern", "rule"),
        ("## Concise Control Flow with `if let` and `let...else`", "concise-control-flow-with-if-let-and-letelse", "rule"),
        ("## Staying on the “Happy Path” with `let...else`", "staying-on-the-happy-path-with-letelse", "rule"),
        ("## Staying on the \"Happy Path\"", "staying-on-the-happy-path", "rule"),
        ("#### The `tests` Module and `#[cfg(test)]`", "the-tests-module-and-cfgtest", "rule"),
        ("### Testing Equality with `assert_eq!` and `assert_ne!`", "testing-equality-with-assert_eq-and-assert_ne", "rule"),
        ("### Using `Result<T, E>` in Tests", "using-resultt-e-in-tests", "rule"),
        ("# An I/O Project: Building a Command Line Program", "an-io-project-building-a-command-line-program", "rule"),
        ("#### Calling `Config::build` and Handling Errors", "calling-configbuild-and-handling-errors", "rule"),
        ("### Comparing `RefCell<T>`/`Rc<T>` and `Mutex<T>`/`Arc<T>`", "comparing-refcelltrct-and-mutextarct", "rule"),
        ("## `Rc<T>`, the Reference-Counted Smart Pointer", "rct-the-reference-counted-smart-pointer", "rule"),
        ("## *Emphasis* and **strong** text", "emphasis-and-strong-text", "rule"),
        ("## Links: [the guide](guide.md)", "links-the-guide", "rule"),
        ("## Café con leche", "café-con-leche", "rule"),
        ("## Ñandú y pingüino", "ñandú-y-pingüino", "rule"),
        ("## Ελληνικά Κείμενα", "ελληνικά-κείμενα", "rule"),
        ("## 日本語の見出し", "日本語の見出し", "rule"),
        ("## 中文 标题", "中文-标题", "rule"),
        ("## 🎉 Party time", "-party-time", "rule"),
        ("## Rocket 🚀 launch", "rocket--launch", "rule"),
        ("## UPPER Case", "upper-case", "rule"),
        ("## 100% sure", "100-sure", "rule"),
        ("## snake_case and kebab-case", "snake_case-and-kebab-case", "rule"),
        ("## C++ & C#", "c--c", "rule"),
        ("## Überschrift Straße", "überschrift-straße", "rule"),
        ("## Ⅻ Roman", "ⅻ-roman", "rule"),
        ("## x² power", "x-power", "rule"),
        ("## Use --force", "use---force", "rule"),
        ("## Tabs\tand  spaces", "tabsand--spaces", "rule"),
    ]

    @Test(arguments: cases.indices)
    func idsMatchGitHub(_ index: Int) {
        let (heading, id, source) = Self.cases[index]
        let rendered = MarkdownRenderer().render(heading + "\n")
        #expect(rendered.headings.map(\.id) == [id], "\(heading) (\(source))")
        #expect(rendered.html.contains("id=\"\(id)\""))
    }

    @Test func thereAreAtLeastThirtyCases() { #expect(Self.cases.count >= 30) }

    @Test func repeatsAreNumberedInDocumentOrder() {
        let rendered = MarkdownRenderer().render("## Usage\n\n## Usage\n\n# Usage\n\n## Other\n")
        #expect(rendered.headings.map(\.id) == ["usage", "usage-1", "usage-2", "other"])
    }

    @Test func aCustomIdIsHonouredAndLeavesTheText() {
        let rendered = MarkdownRenderer().render("## Install the tool {#setup}\n\n## Again {#setup}\n\n## Not an id {#with space}\n")
        #expect(rendered.headings.map(\.id) == ["setup", "setup-1", "not-an-id-with-space"])
        #expect(rendered.headings.first?.text == "Install the tool")
        #expect(rendered.html.contains("<h2 id=\"setup\">Install the tool <a class=\"anchor\" href=\"#setup\""))
        #expect(!rendered.html.contains("{#setup}"))
    }

    @Test func footnoteIdsAreAnchorsToo() {
        let rendered = MarkdownRenderer().render("A claim.[^1]\n\n[^1]: The source.\n")
        #expect(rendered.html.contains("<section class=\"footnotes\""))
        #expect(rendered.ids.isSuperset(of: ["fn-1", "fnref-1"]))
    }
}

/// Footnotes as GitHub renders them, with the way back labelled in the page's language.
/// Notas al pie como las muestra GitHub, con la vuelta rotulada en el idioma de la página.
struct FootnoteTests {
    @Test func spanishPagesLabelTheWayBackInSpanish() throws {
        let loader = DocumentLoader(siteDirectory: "/", languages: ["es", "en"], defaultLanguage: "es", renderer: MarkdownRenderer())
        let spanish = try loader.parse(Array("Un dato.[^a]\n\n[^a]: La fuente.\n".utf8), display: "Content/x.md")
        let english = try loader.parse(Array("A fact.[^a]\n\n[^a]: The source.\n".utf8), display: "Content/x.en.md")
        #expect(spanish.body.html.contains("aria-label=\"Volver al texto\""))
        #expect(english.body.html.contains("aria-label=\"Back to content\""))
        #expect(spanish.body.html.contains("href=\"#fn-a\"") && spanish.body.ids.contains("fn-a"))
    }
}

/// The raw anchors GitHub keeps (`<a id="old-name"></a>`) are kept in safe mode; nothing else raw is.
struct RawAnchorTests {
    @Test func anAnchorLeftForARenamedHeadingIsKept() {
        let rendered = MarkdownRenderer().render("<a id=\"old-name\"></a>\n\n## New name\n\n<a name='other'></a> text <a id=\"x\" onclick=\"y()\"></a>\n")
        #expect(rendered.html.contains("<a id=\"old-name\"></a>"))
        #expect(rendered.html.contains("<a id=\"other\"></a>"))
        #expect(!rendered.html.contains("onclick"))
        #expect(rendered.ids.isSuperset(of: ["old-name", "other", "new-name"]))
    }

    @Test(arguments: ["<a id=\"a b\">", "<a id=\"a\"b\">", "<a href=\"x\">", "<a id=\"\">", "<a id=\"x\" class=\"y\">", "<a id=\"<x>\">", "<b id=\"x\">"])
    func onlyPlainIdsAreAnchors(_ tag: String) {
        #expect(RawAnchors.anchorID(tag) == nil)
    }

    /// Property: whatever surrounds it, the renderer never writes raw HTML from the Markdown in safe mode except a plain anchor.
    @Test func hostileAnchorsNeverLetMarkupThrough() {
        var generator = SeededGenerator(seed: 12)
        let pieces = ["<a id=\"", "\">", "</a>", "<script>", "\"", "'", " onload=x ", "<a name='", "'>", "x", "é", "\n", " "]
        for _ in 0..<2_000 {
            let markdown = (0..<Int.random(in: 1...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let html = MarkdownRenderer().render(markdown).html
            #expect(!html.contains("<script"), "\(markdown.debugDescription)")
            // Every tag `<a ` written is a plain anchor or a link, never a tag with other attributes.
            for piece in html.components(separatedBy: "<a ").dropFirst() {
                let plainAnchor = piece.hasPrefix("id=\"") && piece.dropFirst(4).prefix { $0 != "\"" }.allSatisfy { !" '<>&".contains($0) }
                    && piece.dropFirst(4).drop { $0 != "\"" }.hasPrefix("\"></a>")
                #expect(plainAnchor || piece.hasPrefix("href=\""), "\(markdown.debugDescription) → \(html)")
            }
        }
    }
}
