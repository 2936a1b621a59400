import Foundation
import Testing
import TestSupport
@testable import VitrinaKit

/// Math in Markdown by GitHub's rules: where a formula is and where it is not (prices, code, tags, escapes), made into
/// MathML in the page, and a bad formula shown as its TeX in red with a note at its line.
/// Matemáticas en Markdown con las reglas de GitHub: dónde hay fórmula y dónde no, y su MathML en la página.
@Suite struct MathSpansTests {
    let loader = DocumentLoader(siteDirectory: "/nonexistent", languages: ["en"], defaultLanguage: "en", renderer: MarkdownRenderer())

    func html(_ markdown: String) throws -> String {
        try loader.parse(Array(markdown.utf8), display: "Content/docs/math.md").body.html
    }

    func formulas(_ markdown: String) -> [(tex: String, display: Bool)] {
        MathSpans.extract(markdown)?.formulas.map { ($0.tex, $0.display) } ?? []
    }

    @Test func formulasAreFoundAsGitHubFindsThem() {
        #expect(formulas("Euler: $e^{i\\pi}+1=0$.").map(\.tex) == ["e^{i\\pi}+1=0"])
        #expect(formulas("$$\\sum_{k=1}^n k$$").map(\.display) == [true])
        #expect(formulas("Before\n$$\nx^2\n$$\nafter").map(\.tex) == ["x^2"])
        #expect(formulas("A $`\\sqrt{2}`$ in text").map(\.tex) == ["\\sqrt{2}"])
        #expect(formulas("```math\n\\frac{a}{b}\n```\n").map { "\($0.tex) \($0.display)" } == ["\\frac{a}{b} true"])
        #expect(formulas("Two: $a$ and $b$.").map(\.tex) == ["a", "b"])
    }

    @Test func pricesCodeTagsAndEscapesAreNotFormulas() {
        for text in ["It costs $5 and $10.", "From $ 5 to 10 $", "Set `$x$` as code", "``echo $HOME$``",
                     "```sh\necho $x$\n```\n", "Text\n\n    indented $x$ code\n", "<a title=\"$x$\">link</a>", "Escaped \\$x$ here",
                     "Price $5$10", "Empty $$ $$ here", "$HOME and $PATH"] {
            #expect(formulas(text).isEmpty, "\(text)")
        }
    }

    @Test func aPageHoldsMathMLAndNoScript() throws {
        let page = try html("# Euler $e^{i\\pi}$\n\nThe identity $e^{i\\pi}+1=0$ holds.\n\n$$\n\\int_0^1 x\\,dx = \\frac12\n$$\n\nCode: `$x$`.\n")
        #expect(page.contains("<math xmlns=\"http://www.w3.org/1998/Math/MathML\"><semantics>"))
        #expect(page.contains("<math xmlns=\"http://www.w3.org/1998/Math/MathML\" display=\"block\">"))
        #expect(!page.contains("<p><math xmlns=\"http://www.w3.org/1998/Math/MathML\" display=\"block\">"), "a display formula takes its paragraph's place")
        #expect(page.contains("<code>$x$</code>"))
        #expect(!page.contains("vitrinamath") && !page.contains("<script"))
        let document = try loader.parse(Array("# Euler $e^{i\\pi}$\n".utf8), display: "Content/docs/e.md")
        #expect(document.body.headings.first?.text == "Euler e^{i\\pi}")
    }

    @Test func aBadFormulaIsItsTeXInRedWithANoteAtItsLine() throws {
        let document = try loader.parse(Array("Line one.\n\nBad: $\\frac{1}$ here.\n".utf8), display: "Content/docs/bad.md")
        #expect(document.body.html.contains("<span class=\"math-error\" style=\"color:#cc0000\" title=\"A command is missing its argument\">$\\frac{1}$</span>"))
        #expect(document.body.codeNotes.map(\.line) == [3])
        // Markup in a formula stays text. / El marcado en una fórmula sigue siendo texto.
        let hostile = try html("Tag $<script>alert(1)</script>$ and $\\text{<img src=x onerror=alert(1)>}$.")
        #expect(!hostile.contains("<script") && !hostile.contains("<img"))
    }

    /// Property: whatever text surrounds them, formulas come back as MathML or a red span, and the placeholders never
    /// leak into the page. / Con cualquier texto alrededor, las fórmulas vuelven y los marcadores no se filtran.
    @Test func placeholdersNeverLeak() throws {
        var random = SeededGenerator(seed: 52)
        let pieces = ["$x$", "$$y$$", "`$z$`", "\\$", "$", "5", " ", "\n", "\n\n", "*a*", "_b_", "<i>", "vitrinamath", "```", "~~~math\n", "$`q`$", "\\", "{", "}"]
        for _ in 0..<300 {
            let text = (0..<Int.random(in: 1...40, using: &random)).map { _ in random.pick(pieces) }.joined()
            let page = try html(text)
            if let math = MathSpans.extract(text) { #expect(!page.contains(math.marker), "\(text.debugDescription)") }
        }
    }
}
