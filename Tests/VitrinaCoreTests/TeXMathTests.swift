import Foundation
import Testing
@testable import VitrinaKit

/// TeX to MathML against KaTeX's MathML of the same formulas (Tests/Fixtures/math/katex.jsonl, made with Debian's
/// katex), compared as the issue says: element by element and text by text, `<mrow>`s and attributes left out, styled
/// letters read as their letters; and
/// hostile TeX ends in an error, bounded.
/// TeX a MathML frente al MathML de KaTeX de las mismas fórmulas, y TeX hostil acotado.
@Suite struct TeXMathTests {
    /// A MathML tree as compared: element names and texts, `mrow`s spliced into their parents, the `annotation` gone.
    indirect enum Shape: Equatable, CustomStringConvertible {
        case text(String)
        case element(String, [Shape])

        var description: String {
            switch self {
            case .text(let text): return text.debugDescription
            case .element(let name, let children): return "<\(name)>" + children.map(\.description).joined() + "</\(name)>"
            }
        }
    }

    /// The shape of a `<math>` element as KaTeX or Vitrina writes it (no comments, no CDATA; entities for &, <, >, ").
    static func shape(_ mathml: String) -> [Shape] {
        var stack: [(name: String, children: [Shape])] = [("", [])]
        var index = mathml.startIndex
        while index < mathml.endIndex {
            if mathml[index] == "<" {
                guard let end = mathml[index...].firstIndex(of: ">") else { break }
                let tag = mathml[mathml.index(after: index)..<end]
                index = mathml.index(after: end)
                if tag.hasPrefix("/") {
                    let done = stack.removeLast()
                    let kept: [Shape] = ["mrow", "semantics", "math"].contains(done.name) ? done.children : done.name == "annotation" ? [] : [.element(done.name, done.children)]
                    stack[stack.count - 1].children += kept
                } else {
                    let name = String(tag.prefix { !$0.isWhitespace && $0 != "/" })
                    if tag.hasSuffix("/") { stack[stack.count - 1].children.append(.element(name, [])) } else { stack.append((name, [])) }
                }
            } else {
                let end = mathml[index...].firstIndex(of: "<") ?? mathml.endIndex
                let text = mathml[index..<end].replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                    .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#x27;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
                    .trimmingCharacters(in: CharacterSet(charactersIn: " \t\r\n"))
                // Styled letters (ℝ, 𝐯) as their letters, as Scripts/mathml-compare.py reads them: a style is not structure.
                let letters = String(String.UnicodeScalarView(text.unicodeScalars.flatMap { scalar -> [Unicode.Scalar] in
                    (0x1D400...0x1D7FF).contains(scalar.value) || (0x2102...0x2134).contains(scalar.value)
                        ? Array(String(scalar).precomposedStringWithCompatibilityMapping.unicodeScalars) : [scalar]
                }))
                if !letters.isEmpty { stack[stack.count - 1].children.append(.text(letters)) }
                index = end
            }
        }
        return stack.first?.children ?? []
    }

    struct Case: Decodable {
        let tex: String
        let display: Bool
        let mathml: String?
    }

    static func cases() throws -> [Case] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/math/katex.jsonl")
        return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map { try JSONDecoder().decode(Case.self, from: Data($0.utf8)) }
    }

    /// Most formulas of the fixture come out as KaTeX's, in structure. / La mayoría, con la estructura de KaTeX.
    @Test func formulasHaveKaTeXsStructure() throws {
        var same = 0, total = 0
        var differences: [String] = []
        for item in try Self.cases() {
            guard let expected = item.mathml else { continue }
            total += 1
            switch TeXMath.mathML(item.tex, display: item.display) {
            case .success(let made):
                if Self.shape(made) == Self.shape(expected) { same += 1 } else {
                    differences.append("\(item.tex)\n  katex:   \(Self.shape(expected))\n  vitrina: \(Self.shape(made))")
                }
            case .failure(let failure):
                differences.append("\(item.tex)\n  error: \(failure.message)")
            }
        }
        #expect(total >= 200)
        #expect(Double(same) >= 0.95 * Double(total), Comment(rawValue: "\(same) of \(total) the same\n" + differences.prefix(25).joined(separator: "\n")))
        // The only differences are chosen: KaTeX's \stackrel is an <mover> inside an <mo>, which Chromium draws side by
        // side. / Las únicas diferencias son elegidas.
        #expect(differences.filter { !$0.hasPrefix("\\stackrel") && !$0.contains("\\stackrel{") }.isEmpty, Comment(rawValue: differences.joined(separator: "\n")))
        let stacked = try TeXMath.mathML("a \\stackrel{?}{=} b", display: false).get()
        #expect(stacked.contains("<mover><mo>=</mo><mo stretchy=\"false\">?</mo></mover>"))
    }

    /// The output is one `<math>` element: display math as a block, the TeX as its annotation, text escaped.
    @Test func theMathElementHoldsTheTeXAsItsAnnotation() throws {
        let made = try TeXMath.mathML("a<b \\text{<script>}", display: true).get()
        #expect(made.hasPrefix("<math xmlns=\"http://www.w3.org/1998/Math/MathML\" display=\"block\"><semantics>"))
        #expect(made.hasSuffix("<annotation encoding=\"application/x-tex\">a&lt;b \\text{&lt;script&gt;}</annotation></semantics></math>"))
        #expect(!made.contains("<script"))
        #expect(try !TeXMath.mathML("x", display: false).get().contains("display="))
    }

    /// What MathML Core leaves to CSS is written: a negative space pulls back, a `cases` column aligns left, a styled
    /// letter is its Unicode character. / Lo que MathML Core deja a CSS se escribe.
    @Test func whatMathMLCoreLeavesToCSSIsWritten() throws {
        let pulled = try TeXMath.mathML("a\\!b", display: false).get()
        #expect(pulled.contains("<mtext style=\"margin-inline-end:-0.3334em\">\u{2009}\u{2063}</mtext>"), Comment(rawValue: pulled))
        #expect(try !TeXMath.mathML("a\\,b", display: false).get().contains("margin"))
        let cases = try TeXMath.mathML("\\begin{cases} a & b \\\\ c & d \\end{cases}", display: true).get()
        #expect(cases.contains("<mtd style=\"text-align:left;padding-left:0\">"), Comment(rawValue: cases))
        #expect(try TeXMath.mathML("\\mathbb{R}\\mathbf{v}", display: false).get().contains("<mi>\u{211D}</mi><mi>\u{1D42F}</mi>"))
    }

    /// Errors name what is wrong. / Los errores dicen qué falla.
    @Test func badTeXGivesAMessage() {
        for (tex, words) in [("\\frac{1}", "missing its argument"), ("\\nosuch", "Undefined control sequence: \\nosuch"),
                             ("{x", "Missing }"), ("x}", "Unexpected }"), ("\\left( x", "\\right"),
                             ("\\begin{nosuch}x\\end{nosuch}", "No such environment"), ("x^1^2", "Double superscript")] {
            guard case .failure(let failure) = TeXMath.mathML(tex, display: false) else { Issue.record("\(tex) gave MathML"); continue }
            #expect(failure.message.contains(words), "\(tex): \(failure.message)")
        }
    }

    /// Macros: `\newcommand`, `\def` and the site's, with arguments. / Macros con argumentos.
    @Test func macrosExpandWithTheirArguments() throws {
        let defined = try TeXMath.mathML("\\newcommand{\\sq}[1]{#1^2}\\sq{y}", display: false).get()
        #expect(Self.shape(defined) == Self.shape(try TeXMath.mathML("y^2", display: false).get()))
        let byDef = try TeXMath.mathML("\\def\\pair#1#2{(#1,#2)}\\pair ab", display: false).get()
        #expect(Self.shape(byDef) == Self.shape(try TeXMath.mathML("(a,b)", display: false).get()))
        let site = try TeXMath.mathML("\\RR^n", display: false, macros: ["\\RR": "\\mathbb{R}"]).get()
        #expect(Self.shape(site) == Self.shape(try TeXMath.mathML("\\mathbb{R}^n", display: false).get()))
    }

    /// Hostile TeX ends in an error within bounds: deep nesting, expansion bombs, loops, a megabyte of formula.
    @Test func hostileTeXEndsInAnErrorWithinBounds() {
        let hostile = [
            String(repeating: "{", count: 10_000) + "x" + String(repeating: "}", count: 10_000),
            String(repeating: "\\sqrt{", count: 10_000) + "x" + String(repeating: "}", count: 10_000),
            "\\def\\a{\\a}\\a",
            "\\def\\a{\\a\\a}\\a",
            "\\newcommand{\\b}{\\b x}\\b",
            "\\def\\a{xxxxxxxxxx}\\def\\b{\\a\\a\\a\\a\\a\\a\\a\\a\\a\\a}\\def\\c{\\b\\b\\b\\b\\b\\b\\b\\b\\b\\b}\\def\\d{\\c\\c\\c\\c\\c\\c\\c\\c\\c\\c}\\d\\d\\d\\d\\d\\d",
            String(repeating: "x^{", count: 5_000) + String(repeating: "}", count: 5_000),
            // Text and math nested in each other share one depth and one budget of expansions.
            // El texto y la matemática anidados comparten profundidad y presupuesto.
            String(repeating: "\\text{$", count: 300) + "x" + String(repeating: "$}", count: 300),
            "\\def\\a{\\text{$\\a\\a$}}\\a",
            "\\def\\a{\\sqrt[\\a\\a]{x}}\\a",
            "\\def\\a{\\tag{$\\a\\a$}}\\a",
            String(repeating: "\\text{{", count: 300) + "x" + String(repeating: "}}", count: 300),
            "\\kern99999em x", "\\rule{1e9em}{1em}", "\\hspace{wide}",
            // A colour goes into CSS: nothing that ends its declaration. / Un color va a CSS.
            "\\fcolorbox{red;background:url(https://example.org/t)}{white}{x}", "\\colorbox{a\"b}{x}",
        ]
        for tex in hostile {
            guard case .failure = TeXMath.mathML(tex, display: true) else { Issue.record("\(tex.prefix(40)) gave MathML"); continue }
        }
        // The site's macros are as bounded as a formula's own. / Las macros del sitio, igual de acotadas.
        for macros in [["a": "\\a\\a"], ["b": "\\b"], ["c": "\\text{$\\c\\c$}"]] {
            guard case .failure = TeXMath.mathML("\\" + macros.keys.first!, display: false, macros: macros) else { Issue.record("\(macros) gave MathML"); continue }
        }
        // A megabyte of plain formula is made, in linear time. / Un megabyte de fórmula se hace.
        let long = String(repeating: "a+b=c ", count: 175_000)
        #expect((try? TeXMath.mathML(long, display: false).get())?.hasSuffix("</math>") == true)
    }
}
