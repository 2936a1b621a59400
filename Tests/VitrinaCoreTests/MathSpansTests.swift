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

    /// The quick look that spares most pages the scan (two dollars on a line, a math fence, a backslash) never hides a
    /// formula: on 6,000 seeded texts of dollars, backticks, fences, backslashes and line breaks, in each generator's
    /// forms, `extract` finds what a whole scan finds.
    @Test func theQuickLookNeverHidesAFormula() {
        var generator = SeededGenerator(seed: 51)
        let pieces = ["$", "$$", "`", "$`", "`$", "\n", "\n\n", " ", "a", "x^2", "5", "\\", "\\(", "\\)", "\\[", "\\]",
                      "```math\n", "```\n", "    ", "<b>", "\\begin{align}", "\\end{align}", "- ", "€"]
        var found = 0
        for index in 0..<6_000 {
            let text = (0..<Int.random(in: 0...16, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            for forms in [MathSpans.Forms.gitHub, .arithmatex, .mdBook] {
                let quick = MathSpans.extract(text, forms: forms)?.formulas.map { "\($0.line) \($0.display) \($0.tex)" } ?? []
                let whole = MathSpans.scanned(text, forms: forms)?.formulas.map { "\($0.line) \($0.display) \($0.tex)" } ?? []
                #expect(quick == whole, "case \(index): \(text.debugDescription)")
                found += whole.count
            }
        }
        // The texts hold formulas to find, so the comparison is not between two empty lists.
        #expect(found > 1_000)
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

    func formulas(_ markdown: String, forms: MathSpans.Forms) -> [String] {
        MathSpans.extract(markdown, forms: forms)?.formulas.map { "\($0.display ? "D" : "I") \($0.tex)" } ?? []
    }

    /// A loader reading a folder written for `docs` (GitHub's rules with none), with the site's `math:` settings.
    func loader(docs: DocsProject?, settings: MathSettings = MathSettings()) -> DocumentLoader {
        var loader = DocumentLoader(siteDirectory: "/nonexistent", languages: ["en"], defaultLanguage: "en", renderer: MarkdownRenderer())
        loader.mkDocs = docs?.mkDocsExtensions
        loader.useMath(settings, docs: docs)
        return loader
    }

    @Test func arithmatexFormsAreFoundWhereMkDocsFindsThem() {
        #expect(formulas("Text \\(x^2\\) and \\[y\\] and $z$.", forms: .arithmatex) == ["I x^2", "D y", "I z"])
        #expect(formulas("Before\n\\[\n\\int f\n\\]\nafter \\(a\nb\\) end", forms: .arithmatex) == ["D \\int f", "I a\nb"])
        #expect(formulas("\\begin{align}\na &= b \\\\\nc &= d\n\\end{align}\n", forms: .arithmatex)
                == ["D \\begin{align}\na &= b \\\\\nc &= d\n\\end{align}"])
        for text in ["Code `\\(x\\)` here", "Escaped \\\\(x\\\\) here", "Open \\( never closed\n\nnext \\)", "```math\nx\n```\n",
                     "    \\(indented code\\)", "mid \\begin{align}a\\end{align}"] {
            #expect(formulas(text, forms: .arithmatex).isEmpty, "\(text)")
        }
    }

    @Test func mdBookFormsAreFoundWhereMathJaxFindsThem() {
        // Markdown's escapes are read first, as MathJax reads the page: \\{ is \{. / Los escapes de Markdown, primero.
        #expect(formulas("Inline \\\\( a_1 \\\\) and \\\\[ \\\\{x\\\\} \\\\] and $$y$$.", forms: .mdBook) == ["I a_1", "D \\{x\\}", "D y"])
        #expect(formulas("A matrix \\\\[ \\begin{matrix} a \\\\\\\\ b \\end{matrix} \\\\]", forms: .mdBook) == ["D \\begin{matrix} a \\\\ b \\end{matrix}"])
        #expect(formulas("Costs $x$ and \\(y\\) and ```math", forms: .mdBook).isEmpty)
    }

    /// A formula that runs over lines leaves the scan going on the line it ends on, its lines kept for later notes.
    @Test func aFormulaOverLinesKeepsTheScanAndTheLines() throws {
        let spans = try #require(MathSpans.extract("$$\na\n$$ then $b$ and $c$\n\nBad $\\frac{1}$"))
        #expect(spans.formulas.map(\.tex) == ["a", "b", "c", "\\frac{1}"])
        #expect(spans.formulas.map(\.line) == [1, 3, 3, 5])
        #expect(spans.markdown.split(separator: "\n", omittingEmptySubsequences: false).count == 5)
    }

    /// Each generator's folder finds math as its generator does: MkDocs only with arithmatex, mdBook only with
    /// mathjax-support, and none with `math: false`. / Cada carpeta encuentra las fórmulas como su generador.
    @Test func aFolderFindsMathAsItsGeneratorDoes() throws {
        let mkdocs = "site_name: M\nmarkdown_extensions:\n  - admonition\n"
        let plain = try DocsProject.mkDocs(mkdocs, file: "mkdocs.yml")
        let arithmatex = try DocsProject.mkDocs(mkdocs + "  - pymdownx.arithmatex:\n      generic: true\n", file: "mkdocs.yml")
        let book = try DocsProject.mdBook("[book]\ntitle = \"B\"\n", file: "book.toml")
        let mathBook = try DocsProject.mdBook("[book]\ntitle = \"B\"\n[output.html]\nmathjax-support = true\n", file: "book.toml")
        let page = "Sum $a+b$ and \\(c\\) and \\\\(d\\\\).\n\n!!! note\n    Inside $e$ and \\(f\\).\n"
        func made(_ docs: DocsProject?, _ settings: MathSettings = MathSettings()) throws -> [String] {
            let document = try loader(docs: docs, settings: settings).parse(Array(page.utf8), display: "docs/p.md")
            #expect(document.body.codeNotes.isEmpty, "\(document.body.codeNotes)")
            return document.body.html.components(separatedBy: "<annotation encoding=\"application/x-tex\">").dropFirst().map { String($0.prefix { $0 != "<" }) }
        }
        #expect(try made(nil) == ["a+b", "e"], "GitHub: the admonition's line is the paragraph's lazy continuation")
        #expect(try made(plain).isEmpty)
        #expect(try made(arithmatex) == ["a+b", "c", "e", "f"])
        #expect(try made(book).isEmpty)
        #expect(try made(mathBook) == ["d"])
        #expect(try made(nil, MathSettings(enabled: false)).isEmpty)
    }

    /// In an MkDocs folder, formulas are read before MkDocs' own syntax, as arithmatex reads them: `_{k=0}` is no attribute
    /// list, a formula indented in an admonition is no code, and a bad one is noted at its line in the file.
    /// En MkDocs, las fórmulas se leen antes que su sintaxis propia, como hace arithmatex.
    @Test func mkDocsSyntaxNeverReadsInsideAFormula() throws {
        let docs = try DocsProject.mkDocs("site_name: M\nmarkdown_extensions:\n  - admonition\n  - attr_list\n  - md_in_html\n  - pymdownx.arithmatex\n",
                                          file: "mkdocs.yml")
        let page = "<div class=\"result\" markdown>\n\n$$\n\\sum_{k=0}^{n} k\n$$\n\n</div>\n\n!!! note\n\n    $$\n    x_{i=1}\n    $$\n\n    Bad \\(\\frac{1}\\).\n"
        let document = try loader(docs: docs).parse(Array(page.utf8), display: "docs/m.md")
        let tex = document.body.html.components(separatedBy: "<annotation encoding=\"application/x-tex\">").dropFirst().map { String($0.prefix { $0 != "<" }) }
        #expect(tex == ["\\sum_{k=0}^{n} k", "x_{i=1}"])
        #expect(document.body.codeNotes.map(\.line) == [15], "\(document.body.codeNotes)")
        #expect(!document.body.html.contains("<pre"))
    }

    @Test func theSitesMacrosAreInEveryFormula() throws {
        let settings = try SiteConfig.parse("math:\n  macros:\n    RR: \"\\\\mathbb{R}\"\n    \\norm: \"\\\\lVert #1 \\\\rVert\"\n", file: "Content/site.yml").math
        #expect(settings.macros == ["RR": "\\mathbb{R}", "norm": "\\lVert #1 \\rVert"])
        let page = try loader(docs: nil, settings: settings).parse(Array("$x \\in \\RR$ and $\\norm{v}$".utf8), display: "Content/m.md").body.html
        let expected = try html("$x \\in \\mathbb{R}$ and $\\lVert v \\rVert$")
        func shapes(_ html: String) -> [String] { html.components(separatedBy: "<annotation").map { $0.replacingOccurrences(of: #"^.*?</annotation>"#, with: "", options: .regularExpression) } }
        #expect(shapes(page) == shapes(expected))
        #expect(try SiteConfig.parse("math: false\n", file: "s.yml").math.enabled == false)
        let many = "math:\n  macros:\n" + (0..<501).map { "    m\(String(repeating: "x", count: $0 % 30))\(String(UnicodeScalar(97 + $0 / 30)!)): a\n" }.joined()
        #expect(throws: VitrinaError.self) { try SiteConfig.parse(many, file: "Content/site.yml") }
        for (yaml, line) in [("math:\n  macros:\n    1x: a\n", 3), ("math:\n  macros: [a]\n", 2), ("math:\n  colour: red\n", 2),
                             ("math:\n  macros:\n    R: \"\(String(repeating: "x", count: 5_000))\"\n", 3)] {
            #expect(throws: VitrinaError.self) { try SiteConfig.parse(yaml, file: "Content/site.yml") }
            do { _ = try SiteConfig.parse(yaml, file: "Content/site.yml") } catch {
                #expect("\(error)".contains("Content/site.yml:\(line)"), "\(error)")
            }
        }
    }

    /// A heading's id and anchor label are made from its formula's TeX, never from its placeholder or its MathML.
    @Test func aHeadingWithAFormulaHasAnIdFromItsTeX() throws {
        let document = try loader.parse(Array("# Euler $e^{i\\pi}$\n\nSee [it](#euler-eipi).\n".utf8), display: "Content/e.md")
        #expect(document.body.headings.map(\.id) == ["euler-eipi"])
        #expect(document.body.html.contains("<h1 id=\"euler-eipi\">Euler <math"))
        #expect(document.body.html.contains("aria-label=\"§ Euler e^{i\\pi}\""))
        #expect(!document.body.html.contains("vitrinamath"))
    }

    /// Property: a paragraph of openers that never close is scanned in linear time, whatever the forms.
    @Test func openersThatNeverCloseCostLinearTime() {
        var random = SeededGenerator(seed: 5_252)
        let openers = ["\\(", "\\[", "\\\\(", "$$", "$`", "\\begin{x}", "$a ", "`"]
        for forms in [MathSpans.Forms.gitHub, .arithmatex, .mdBook] {
            let line = (0..<60_000).map { _ in random.pick(openers) }.joined(separator: " ")
            let text = line + "\n" + line
            let spans = MathSpans.extract(text, forms: forms)
            #expect((spans?.markdown ?? text).utf8.count <= text.utf8.count + (spans?.formulas.count ?? 0) * 20)
        }
    }
}

