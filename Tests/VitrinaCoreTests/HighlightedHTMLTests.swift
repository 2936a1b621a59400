import Foundation
import Testing
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// Highlighted blocks equal, byte for byte, to Hugo 0.111's own HTML (Tests/Fixtures/highlight), tokens read off that HTML.
/// Bloques resaltados iguales, byte a byte, al HTML del propio Hugo 0.111, con los tokens leídos de ese mismo HTML.
@Suite("HighlightedHTML")
struct HighlightedHTMLTests {
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures/highlight", isDirectory: true)

    static func hugo(_ name: String) throws -> String {
        try String(contentsOf: fixtures.appendingPathComponent("hugo-\(name).html"), encoding: .utf8)
    }

    /// `a := 1` … `f := 6`, one statement a line, as Chroma's Go lexer cuts them.
    static let assignments: [CodeToken] = zip("abcdef", 1...6).flatMap { name, value in
        [CodeToken(.nameOther, String(name)), CodeToken(.text, " "), CodeToken(.operator, ":="), CodeToken(.text, " "),
         CodeToken(.literalNumberInteger, String(value)), CodeToken(.text, "\n")]
    }

    /// `a`, `b`, `c`, one a line.
    static let letters: [CodeToken] = ["a", "b", "c"].flatMap { [CodeToken(.nameOther, $0), CodeToken(.text, "\n")] }

    // MARK: Hugo's HTML

    @Test func plainBlockWithEscapedString() throws {
        let tokens: [CodeToken] = [
            .init(.keywordNamespace, "package"), .init(.text, " "), .init(.nameOther, "main"), .init(.text, "\n\n"),
            .init(.keywordDeclaration, "func"), .init(.text, " "), .init(.nameFunction, "main"), .init(.punctuation, "()"),
            .init(.text, " "), .init(.punctuation, "{"), .init(.text, "\n\t"), .init(.nameOther, "fmt"), .init(.punctuation, "."),
            .init(.nameFunction, "Println"), .init(.punctuation, "("), .init(.literalString, "\"hi <b> & 'x'\""),
            .init(.punctuation, ")"), .init(.text, "\n"), .init(.punctuation, "}"), .init(.text, "\n"),
        ]
        #expect(HighlightedHTML.render(tokens, language: "go", options: .init()) == (try Self.hugo("basic")))
    }

    @Test func tableOfLineNumbersWithHighlightAndStart() throws {
        let options = CodeBlockOptions(lineNumbers: .table, lineNumberStart: 10, highlightedLines: [2...2, 4...5])
        #expect(HighlightedHTML.render(Self.assignments, language: "go", options: options) == (try Self.hugo("table")))
    }

    @Test func inlineLineNumbersWithHighlightAndStart() throws {
        let options = CodeBlockOptions(lineNumbers: .inline, lineNumberStart: 10, highlightedLines: [2...2, 4...5])
        #expect(HighlightedHTML.render(Self.assignments, language: "go", options: options) == (try Self.hugo("inline")))
    }

    @Test func lineNumbersArePaddedToTheWidestOne() throws {
        let table = CodeBlockOptions(lineNumbers: .table, lineNumberStart: 8)
        #expect(HighlightedHTML.render(Self.letters, language: "go", options: table) == (try Self.hugo("padded-table")))
        let inline = CodeBlockOptions(lineNumbers: .inline, lineNumberStart: 8)
        #expect(HighlightedHTML.render(Self.letters, language: "go", options: inline) == (try Self.hugo("padded-inline")))
    }

    @Test func highlightedLinesWithoutLineNumbers() throws {
        let options = CodeBlockOptions(highlightedLines: [1...1, 3...3])
        #expect(HighlightedHTML.render(Self.letters, language: "go", options: options) == (try Self.hugo("highlight-only")))
    }

    /// Hugo cuts a block's trailing newlines before lexing: an empty block and one of blank lines both come out with no
    /// line at all, and the lexer's tokens for them are none.
    @Test func emptyBlocks() throws {
        #expect(HighlightedHTML.render([], language: "rust", options: .init()) == (try Self.hugo("empty")))
        #expect(HighlightedHTML.render([], language: "rust", options: .init()) == (try Self.hugo("blank-only")))
        #expect(HighlightedHTML.render([], language: "go", options: .init(lineNumbers: .table)) == (try Self.hugo("empty-table")))
    }

    @Test func trailingNewlinesAreCutToOne() throws {
        let tokens = [CodeToken(.name, "x"), CodeToken(.textWhitespace, "\n")]
        #expect(HighlightedHTML.render(tokens, language: "rust", options: .init()) == (try Self.hugo("trailing-newlines")))
    }

    @Test func blankLinesInsideABlockAreKept() throws {
        let tokens = [CodeToken(.nameOther, "a"), CodeToken(.text, "\n\n\n"), CodeToken(.nameOther, "b"), CodeToken(.text, "\n")]
        #expect(HighlightedHTML.render(tokens, language: "go", options: .init()) == (try Self.hugo("blank-lines")))
    }

    /// A token that ends with its newline leaves an empty piece of itself at the start of the next line; Chroma writes
    /// it, class and all (`<span class="c1"></span>`), unless it is the block's last line and alone.
    @Test func aTokenEndingInANewlineLeavesAnEmptySpan() throws {
        let comment: [CodeToken] = [
            .init(.commentSingle, "// c\n"), .init(.nameOther, "x"), .init(.text, " "), .init(.operator, ":="), .init(.text, " "),
            .init(.literalNumberInteger, "1"), .init(.text, "\n"),
        ]
        #expect(HighlightedHTML.render(comment, language: "go", options: .init()) == (try Self.hugo("comment-newline")))
        let preprocessor: [CodeToken] = [
            .init(.commentPreproc, "#include"), .init(.text, " "), .init(.commentPreprocFile, "<a.h>"), .init(.commentPreproc, "\n"),
            .init(.keywordType, "int"), .init(.text, " "), .init(.name, "x"), .init(.punctuation, ";"), .init(.text, "\n"),
        ]
        #expect(HighlightedHTML.render(preprocessor, language: "c", options: .init()) == (try Self.hugo("preprocessor-newline")))
        let diff = [CodeToken(.genericDeleted, "-a\n"), CodeToken(.genericInserted, "+b\n")]
        #expect(HighlightedHTML.render(diff, language: "diff", options: .init()) == (try Self.hugo("diff")))
    }

    @Test func hostileMarkupIsEscaped() throws {
        let tokens: [CodeToken] = [
            .init(.punctuation, "<"), .init(.nameTag, "script"), .init(.punctuation, ">"), .init(.nameOther, "alert"),
            .init(.punctuation, "("), .init(.literalStringDouble, "\"x & 'y'\""), .init(.punctuation, ")</"),
            .init(.nameTag, "script"), .init(.punctuation, ">"), .init(.text, "\n"),
        ]
        let html = HighlightedHTML.render(tokens, language: "html", options: .init())
        #expect(html == (try Self.hugo("hostile")))
        #expect(!html.contains("<script"))
    }

    // MARK: Chroma's rules

    @Test func escapesAsGoDoes() {
        #expect(HighlightedHTML.escape("<script>alert(\"&amp;\" + 'x')</script>")
            == "&lt;script&gt;alert(&#34;&amp;amp;&#34; + &#39;x&#39;)&lt;/script&gt;")
        // A quote with a combining accent is one Swift Character but still a quote to escape.
        #expect(HighlightedHTML.escape("\"\u{301}é😀") == "&#34;\u{301}é😀")
        #expect(HighlightedHTML.escape("") == "")
    }

    @Test func hostileTextInEveryPlace() {
        let tokens = [CodeToken(.keyword, "</span></code><script>x</script>"), CodeToken(.text, "\"'&\n")]
        let html = HighlightedHTML.render(tokens, language: "x\" onmouseover=\"alert(1)", options: .init(lineNumbers: .inline))
        #expect(html.contains("<span class=\"k\">&lt;/span&gt;&lt;/code&gt;&lt;script&gt;x&lt;/script&gt;</span>&#34;&#39;&amp;\n"))
        #expect(html.contains("class=\"language-x&#34; onmouseover=&#34;alert(1)\" data-lang=\"x&#34; onmouseover=&#34;alert(1)\""))
        #expect(!html.contains("<script"))
    }

    @Test func splitsTokensIntoLinesAsChroma() {
        let lines = HighlightedHTML.splitIntoLines([
            CodeToken(.comment, "// one\n// two\n"), CodeToken(.keyword, "let"), CodeToken(.text, " \r\n"),
        ])
        #expect(lines == [
            [CodeToken(.comment, "// one\n")],
            [CodeToken(.comment, "// two\n")],
            [CodeToken(.comment, ""), CodeToken(.keyword, "let"), CodeToken(.text, " \r\n")],
        ])
        // A last line that is one empty token goes; an unterminated last line stays.
        #expect(HighlightedHTML.splitIntoLines([CodeToken(.text, "a\n")]) == [[CodeToken(.text, "a\n")]])
        #expect(HighlightedHTML.splitIntoLines([CodeToken(.text, "a\nb")]) == [[CodeToken(.text, "a\n")], [CodeToken(.text, "b")]])
        #expect(HighlightedHTML.splitIntoLines([CodeToken(.text, "")]) == [])
        #expect(HighlightedHTML.splitIntoLines([]) == [])
        // Chroma drops only a last line of exactly one empty token (here the rest of "a\n" and two more make a line).
        #expect(HighlightedHTML.splitIntoLines([CodeToken(.text, "a\n"), CodeToken(.text, ""), CodeToken(.text, "")])
            == [[CodeToken(.text, "a\n")], [CodeToken(.text, ""), CodeToken(.text, ""), CodeToken(.text, "")]])
    }

    @Test func aLastLineWithoutNewlineIsStillALine() {
        let html = HighlightedHTML.render([CodeToken(.keyword, "x")], language: "go", options: .init())
        #expect(html == "<div class=\"highlight\"><pre tabindex=\"0\" class=\"chroma\"><code class=\"language-go\" data-lang=\"go\">"
            + "<span class=\"line\"><span class=\"cl\"><span class=\"k\">x</span></span></span></code></pre></div>")
    }

    @Test func tokenTypesWithoutAClassOfTheirOwnTakeTheirParents() {
        let html = HighlightedHTML.render([CodeToken(.nameKeyword, "a"), CodeToken(.textWhitespace, " "), CodeToken(.literalStringAtom, "b")],
                                          language: "x", options: .init())
        #expect(html.contains("<span class=\"n\">a</span><span class=\"w\"> </span><span class=\"s\">b</span>"))
    }

    @Test func lineNumbersAroundZeroAndAcrossAPowerOfTen() {
        let negative = HighlightedHTML.render(Self.letters, language: "go", options: .init(lineNumbers: .inline, lineNumberStart: -1))
        #expect(negative.contains("<span class=\"ln\">-1</span>") && negative.contains("<span class=\"ln\">0</span>")
            && negative.contains("<span class=\"ln\">1</span>"))
        let wide = HighlightedHTML.render(Self.letters, language: "go", options: .init(lineNumbers: .table, lineNumberStart: 99))
        #expect(wide.contains("<span class=\"lnt\"> 99\n</span><span class=\"lnt\">100\n</span><span class=\"lnt\">101\n</span>"))
    }

    @Test func highlightRangesOverlappingOrOutsideTheBlock() {
        let options = CodeBlockOptions(highlightedLines: [3...9, 2...3, -5...0, 40...50])
        let html = HighlightedHTML.render(Self.letters, language: "go", options: options)
        #expect(html.components(separatedBy: "<span class=\"line hl\">").count - 1 == 2)
        #expect(html.hasPrefix("<div class=\"highlight\"><pre tabindex=\"0\" class=\"chroma\"><code class=\"language-go\" data-lang=\"go\"><span class=\"line\">"))
    }
}
