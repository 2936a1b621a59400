import Foundation

/// The formulas of a Markdown text found by the rules of the generator it was written for — GitHub's (`$…$` unless a
/// space is on the `$`'s inner side or a digit after the closing one, as in prices; `` $`…`$ ``; `$$…$$`; ```` ```math ````),
/// MkDocs' arithmatex (`$…$`, `$$…$$`, `\(…\)`, `\[…\]`, `\begin{…}…\end{…}`) or mdBook's MathJax (`\\(…\\)`, `\\[…\\]`,
/// `$$…$$`) — never inside code or an HTML tag; each replaced by a placeholder Markdown leaves alone, and put back as
/// MathML (`TeXMath`) once the Markdown is HTML. A formula that cannot be made shows its TeX in red with the reason as its title.
/// Las fórmulas de un texto Markdown según las reglas de su generador, cambiadas por marcadores y devueltas como MathML.
struct MathSpans: Sendable {
    struct Formula: Sendable {
        let tex: String
        let display: Bool
        /// 1-based line in the text.
        let line: Int
    }

    /// Which delimiters mark math: a generator's set (`gitHub`, `arithmatex`, `mdBook`). / Qué delimitadores marcan fórmulas.
    struct Forms: OptionSet, Sendable, Hashable {
        let rawValue: Int
        /// `$…$`.
        static let inlineDollar = Forms(rawValue: 1)
        /// `$$…$$`.
        static let displayDollar = Forms(rawValue: 2)
        /// GitHub's own: `` $`…`$ `` and fenced ```` ```math ````.
        static let gitHubOnly = Forms(rawValue: 4)
        /// arithmatex's `\(…\)`, `\[…\]` and `\begin{env}…\end{env}` starting a line.
        static let backslash = Forms(rawValue: 8)
        /// mdBook's `\\(…\\)` and `\\[…\\]`.
        static let doubleBackslash = Forms(rawValue: 16)
        /// The TeX is what Markdown makes of it (`\{` is `{`), as MathJax reads it in an mdBook page.
        static let markdownUnescaped = Forms(rawValue: 32)
        /// Python-Markdown's blocks: indented lines are an admonition's or a tab's content, not code, and fences may be
        /// indented with them.
        static let indentedBlocks = Forms(rawValue: 64)

        static let gitHub: Forms = [.inlineDollar, .displayDollar, .gitHubOnly]
        static let arithmatex: Forms = [.inlineDollar, .displayDollar, .backslash, .indentedBlocks]
        static let mdBook: Forms = [.displayDollar, .doubleBackslash, .markdownUnescaped]
    }

    /// The text with placeholders, and the formulas by their number.
    let markdown: String
    let formulas: [Formula]
    /// What the placeholders start with: a word the text does not hold.
    let marker: String

    /// The most formulas one text may hold; past that, the rest stays as written.
    static let maxFormulas = 20_000

    /// `markdown`'s formulas taken out (nil when it has none: the text is rendered as it is).
    static func extract(_ markdown: String, forms: Forms = .gitHub) -> MathSpans? {
        guard mayHold(markdown, forms) else { return nil }
        return scanned(markdown, forms: forms)
    }

    /// `markdown`'s formulas by a whole scan, without the quick look (`mayHold`) that spares most texts: what `extract`
    /// must always equal.
    /// Las fórmulas por un recorrido entero, sin el vistazo que ahorra la mayoría de los textos.
    static func scanned(_ markdown: String, forms: Forms) -> MathSpans? {
        var marker = "vitrinamath"
        var salt = 0
        while markdown.holdsBytes(marker) && salt < 100 { salt += 1; marker = "vitrinamath\(salt)q" }
        guard !markdown.holdsBytes(marker) else { return nil }
        var scanner = Scanner(lines: markdown.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.unicodeScalars) },
                              marker: marker, forms: forms)
        scanner.run()
        guard !scanner.formulas.isEmpty else { return nil }
        return MathSpans(markdown: scanner.out, formulas: scanner.formulas, marker: marker)
    }

    /// Whether the text holds what its forms need (two dollars on a line, a math fence, a backslash): most pages hold
    /// none and are not scanned.
    private static func mayHold(_ markdown: String, _ forms: Forms) -> Bool {
        if !forms.isDisjoint(with: [.inlineDollar, .displayDollar]), someLineHoldsTwoDollars(markdown) { return true }
        if forms.contains(.gitHubOnly), markdown.holdsBytes("```math") || markdown.holdsBytes("~~~math") { return true }
        if !forms.isDisjoint(with: [.backslash, .doubleBackslash]), markdown.holdsBytes("\\") { return true }
        return false
    }

    /// Whether a line holds two `$`: every dollar form opens and closes on one line (`$…$`, `` $`…`$ ``) or opens with
    /// two (`$$`), so a text whose dollars are one a line (`$HOME`, prices) holds no formula and is not scanned.
    /// Si una línea tiene dos `$`: toda fórmula con dólares abre y cierra en una línea, o abre con `$$`.
    private static func someLineHoldsTwoDollars(_ markdown: String) -> Bool {
        var text = markdown
        // memchr from dollar to dollar: every page is asked, and most hold no dollar at all.
        // memchr de dólar en dólar: se pregunta a cada página y la mayoría no tiene ninguno.
        return text.withUTF8 { bytes in
            var start = 0
            while let dollar = bytes.firstIndex(of: UInt8(ascii: "$"), from: start) {
                let lineEnd = bytes.firstIndex(of: UInt8(ascii: "\n"), from: dollar + 1) ?? bytes.count
                if bytes.firstIndex(of: UInt8(ascii: "$"), from: dollar + 1, before: lineEnd) != nil { return true }
                start = lineEnd + 1
            }
            return false
        }
    }

    /// What a backslash escapes in CommonMark. / Lo que una barra invertida escapa en CommonMark.
    private static let asciiPunctuation = Set("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~".unicodeScalars)

    /// The TeX `text` holds once Markdown's backslash escapes are read (`\{` → `{`, `\\\\` → `\\`).
    static func markdownUnescaped(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "\\")) else { return text }
        var out = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\\" else { out.append(scalar); continue }
            guard let next = scalars.next() else { out.append(scalar); break }
            if !asciiPunctuation.contains(next) { out.append(scalar) }
            out.append(next)
        }
        return String(out)
    }

    /// `text` (a heading's) with each placeholder back as its formula's TeX. / El texto con el TeX de cada fórmula.
    func withTeX(_ text: String) -> String {
        guard text.holdsBytes(marker) else { return text }
        var text = text
        for (number, formula) in formulas.enumerated().reversed() where text.holdsBytes(marker) {
            text = text.replacingOccurrences(of: MathSpans.placeholder(marker, number), with: formula.tex)
        }
        return text
    }

    /// The placeholder of formula `number`. / El marcador de la fórmula `number`.
    static func placeholder(_ marker: String, _ number: Int) -> String { "\(marker)\(number)z" }

    /// `html` with each placeholder replaced by its formula's MathML (a display formula alone in a paragraph replaces
    /// the paragraph), and the formulas that could not be made, with their lines and reasons.
    /// El HTML con cada marcador cambiado por el MathML de su fórmula, y las que no se pudieron hacer.
    func restore(_ html: String, macros: [String: TeXParser.Macro] = [:]) -> (html: String, failures: [(line: Int, message: String)]) {
        var out = ""
        out.reserveCapacity(html.utf8.count + formulas.count * 200)
        var failures: [(line: Int, message: String)] = []
        var rest = Substring(html)
        while let found = rest.range(of: marker) {
            var digitsEnd = found.upperBound
            while digitsEnd < rest.endIndex, rest[digitsEnd].isASCII, rest[digitsEnd].isNumber { digitsEnd = rest.index(after: digitsEnd) }
            guard digitsEnd > found.upperBound, digitsEnd < rest.endIndex, rest[digitsEnd] == "z",
                  let number = Int(rest[found.upperBound..<digitsEnd]), formulas.indices.contains(number) else {
                out += rest[..<found.upperBound]
                rest = rest[found.upperBound...]
                continue
            }
            let formula = formulas[number]
            var before = rest[..<found.lowerBound]
            var after = rest[rest.index(after: digitsEnd)...]
            // A display formula alone in its paragraph takes the paragraph's place. / Una fórmula sola ocupa su párrafo.
            if formula.display, before.hasSuffix("<p>"), after.hasPrefix("</p>") {
                before = before.dropLast(3)
                after = after.dropFirst(4)
            }
            out += before
            switch TeXMath.mathML(formula.tex, display: formula.display, parsedMacros: macros) {
            case .success(let mathML):
                out += mathML
            case .failure(let failure):
                failures.append((formula.line, failure.message))
                out += "<span class=\"math-error\" style=\"color:#cc0000\" title=\""
                MathNode.escape(failure.message, into: &out)
                out += "\">"
                MathNode.escape(formula.display ? "$$\(formula.tex)$$" : "$\(formula.tex)$", into: &out)
                out += "</span>"
            }
            rest = after
        }
        out += rest
        return (out, failures)
    }

    /// A walk of the text's lines that copies them, skipping code and tags, and takes out each formula.
    private struct Scanner {
        let lines: [[Unicode.Scalar]]
        let marker: String
        let forms: Forms
        var out = ""
        var formulas: [Formula] = []
        /// The open fence (its character and length), when inside fenced code.
        var fence: (character: Unicode.Scalar, count: Int)?
        /// Closers already looked for to the end of the current paragraph and not found: a second search would not find
        /// them either, so a paragraph of openers costs linear time.
        var unclosed: Set<[Unicode.Scalar]> = []
        /// The line where a `` $` `` found no `` `$ `` after it.
        var lineWithoutBacktickCloser = -1

        /// A formula found: where it ends (the line and the position after its closer) and its TeX.
        struct Found {
            let endLine: Int
            let endPosition: Int
            let tex: String
            let display: Bool
        }

        init(lines: [[Unicode.Scalar]], marker: String, forms: Forms) { (self.lines, self.marker, self.forms) = (lines, marker, forms) }

        mutating func run() {
            var index = 0
            var previousBlank = true
            while index < lines.count {
                let line = lines[index]
                if index > 0 { out += "\n" }
                let indent = line.prefix { $0 == " " || $0 == "\t" }
                let trimmed = line.dropFirst(indent.count)
                let blank = trimmed.isEmpty
                if blank { unclosed.removeAll() }
                // Fenced code, and ```math as a display formula. / Código cercado, y ```math como fórmula.
                if let open = fence {
                    append(line)
                    if Self.closes(trimmed, open) { fence = nil }
                    index += 1
                    continue
                }
                if indent.count <= 3 || forms.contains(.indentedBlocks), let run = Self.fenceRun(trimmed) {
                    let info = String(String.UnicodeScalarView(trimmed.dropFirst(run.count))).trimmingCharacters(in: .whitespaces)
                    if info == "math", forms.contains(.gitHubOnly), formulas.count < MathSpans.maxFormulas, let end = closingFence(after: index, run) {
                        let tex = lines[(index + 1)..<end].map { String(String.UnicodeScalarView($0)) }.joined(separator: "\n")
                        out += MathSpans.placeholder(marker, formulas.count)
                        formulas.append(Formula(tex: tex, display: true, line: index + 1))
                        out += String(repeating: "\n", count: end - index)
                        index = end + 1
                        previousBlank = false
                        continue
                    }
                    fence = run
                    append(line)
                    index += 1
                    continue
                }
                // Indented code after a blank line. / Código sangrado tras una línea en blanco.
                if !blank, previousBlank, Self.width(indent) >= 4, !(forms.contains(.indentedBlocks) && inContainer(index, width: Self.width(indent))) {
                    var end = index
                    while end < lines.count, Self.width(lines[end].prefix { $0 == " " || $0 == "\t" }) >= 4 || lines[end].allSatisfy(Self.isSpace) {
                        end += 1
                    }
                    for (offset, code) in lines[index..<end].enumerated() {
                        if offset > 0 { out += "\n" }
                        append(code)
                    }
                    previousBlank = lines[end - 1].allSatisfy(Self.isSpace)
                    index = end
                    continue
                }
                index = inline(from: index)
                previousBlank = blank
            }
        }

        /// Whether the indented line `index` is the content of a Python-Markdown container (an admonition, details, a tab
        /// or a list item) opened by the nearest less indented line above it, looked for within 200 lines.
        func inContainer(_ index: Int, width: Int) -> Bool {
            var above = index - 1
            while above >= 0, index - above <= 200 {
                let line = lines[above]
                let indent = line.prefix { $0 == " " || $0 == "\t" }
                if indent.count < line.count, Self.width(indent) < width {
                    let text = String(String.UnicodeScalarView(line.dropFirst(indent.count)))
                    if ["!!!", "???", "===", "- ", "* ", "+ "].contains(where: text.hasPrefix) { return true }
                    let digits = text.prefix { $0.isASCII && $0.isNumber }
                    return !digits.isEmpty && (text.dropFirst(digits.count).hasPrefix(". ") || text.dropFirst(digits.count).hasPrefix(") "))
                }
                above -= 1
            }
            return false
        }

        /// One line's text with its formulas taken out; a formula may run over the next lines of its paragraph, and the
        /// scan goes on after it. Returns the line after the last one read.
        mutating func inline(from start: Int) -> Int {
            var number = start
            var line = lines[start]
            var position = 0
            var copied = 0
            while position < line.count {
                let scalar = line[position]
                var found: Found?
                if scalar == "\\" {
                    found = backslashFormula(in: number, at: position)
                    if found == nil { position += 2; continue }
                } else if scalar == "`" {
                    // A code span: to the same run of backticks, or literal backticks. / Un tramo de código.
                    let run = Self.run(of: "`", in: line, at: position)
                    position = Self.closingRun(of: "`", count: run, in: line, after: position + run).map { $0 + run } ?? position + run
                    continue
                } else if scalar == "<", position + 1 < line.count, line[position + 1].properties.isAlphabetic || line[position + 1] == "/" || line[position + 1] == "!" {
                    // An HTML tag: its attributes are not text. / Una etiqueta HTML.
                    position = line[position...].firstIndex(of: ">").map { $0 + 1 } ?? line.count
                    continue
                } else if scalar == "$" {
                    found = dollarFormula(in: number, at: position)
                }
                guard let found, formulas.count < MathSpans.maxFormulas else {
                    position += scalar == "$" && position + 1 < line.count && line[position + 1] == "$" ? 2 : 1
                    continue
                }
                append(line[copied..<position])
                out += MathSpans.placeholder(marker, formulas.count)
                let tex = forms.contains(.markdownUnescaped) ? MathSpans.markdownUnescaped(found.tex) : found.tex
                formulas.append(Formula(tex: tex, display: found.display, line: number + 1))
                if found.endLine > number {
                    // The lines the formula ran over stay as empty lines, so later lines keep their numbers.
                    out += String(repeating: "\n", count: found.endLine - number)
                    number = found.endLine
                    line = lines[number]
                }
                position = found.endPosition
                copied = position
            }
            append(line[copied...])
            return number + 1
        }

        /// A formula opening with `$` at `position` of line `number`: `$$…$$`, `` $`…`$ `` or `$…$`, as the forms allow.
        mutating func dollarFormula(in number: Int, at position: Int) -> Found? {
            let line = lines[number]
            let next = position + 1 < line.count ? line[position + 1] : nil
            if next == "$" {
                guard forms.contains(.displayDollar) else { return nil }
                return span(from: number, after: position + 2, closer: ["$", "$"], display: true)
            }
            if next == "`", forms.contains(.gitHubOnly), lineWithoutBacktickCloser != number {
                guard let close = (position + 2..<line.count).first(where: { line[$0] == "`" && $0 + 1 < line.count && line[$0 + 1] == "$" }) else {
                    // No `$ after this one on the line: none after a later one either. / Ni después de otro posterior.
                    lineWithoutBacktickCloser = number
                    return nil
                }
                return Found(endLine: number, endPosition: close + 2, tex: String(String.UnicodeScalarView(line[(position + 2)..<close])), display: false)
            }
            guard forms.contains(.inlineDollar), let close = inlineEnd(line, after: position) else { return nil }
            return Found(endLine: number, endPosition: close + 1, tex: String(String.UnicodeScalarView(line[(position + 1)..<close])), display: false)
        }

        /// A formula opening with `\` at `position`: arithmatex's `\(…\)`, `\[…\]` and `\begin{env}…\end{env}` at the start of a
        /// line, or mdBook's `\\(…\\)` and `\\[…\\]`, as the forms allow.
        mutating func backslashFormula(in number: Int, at position: Int) -> Found? {
            let line = lines[number]
            func at(_ offset: Int) -> Unicode.Scalar? { position + offset < line.count ? line[position + offset] : nil }
            if forms.contains(.doubleBackslash), at(1) == "\\", let bracket = at(2), bracket == "(" || bracket == "[" {
                return span(from: number, after: position + 3, closer: ["\\", "\\", bracket == "(" ? ")" : "]"], display: bracket == "[")
            }
            guard forms.contains(.backslash) else { return nil }
            if let bracket = at(1), bracket == "(" || bracket == "[" {
                return span(from: number, after: position + 2, closer: ["\\", bracket == "(" ? ")" : "]"], display: bracket == "[")
            }
            // \begin{env} first on its line, to its \end{env}, both kept. / \begin{env} al principio de la línea.
            let begin = Array("\\begin{".unicodeScalars)
            guard line[..<position].allSatisfy(Self.isSpace), line[position...].starts(with: begin),
                  let close = line[(position + begin.count)...].prefix(40).firstIndex(of: "}"), close > position + begin.count else { return nil }
            let name = line[(position + begin.count)..<close]
            guard name.allSatisfy({ $0.properties.isAlphabetic || $0 == "*" }),
                  let found = span(from: number, after: position, closer: Array("\\end{".unicodeScalars) + name + ["}"], display: true, keepingCloser: true) else { return nil }
            return found
        }

        /// The closing `$` of an inline formula opening at `open`: the opening has no space after it, the closing none
        /// before it and no digit after it; none when the line has none.
        func inlineEnd(_ line: [Unicode.Scalar], after open: Int) -> Int? {
            guard open + 1 < line.count, !Self.isSpace(line[open + 1]), open == 0 || line[open - 1] != "\\" else { return nil }
            var index = open + 1
            while index < line.count {
                if line[index] == "\\" { index += 2; continue }
                if line[index] == "$" {
                    if Self.isSpace(line[index - 1]) { return nil }
                    if index + 1 < line.count, ("0"..."9").contains(line[index + 1]) { return nil }
                    return index == open + 1 ? nil : index
                }
                index += 1
            }
            return nil
        }

        /// Where a formula whose TeX starts at (`start`, `after`) ends at `closer`, within its paragraph: the line, the
        /// position after the closer and the TeX (the closer in it when `keepingCloser`); nil when it does not close or is empty.
        mutating func span(from start: Int, after: Int, closer: [Unicode.Scalar], display: Bool, keepingCloser: Bool = false) -> Found? {
            guard !unclosed.contains(closer) else { return nil }
            var tex = ""
            var number = start
            var position = after
            while number < lines.count {
                let line = lines[number]
                if number > start, line.allSatisfy(Self.isSpace) { break }
                var index = position
                while index < line.count {
                    if line[index] == closer[0], line[index...].starts(with: closer) {
                        let end = index + closer.count
                        tex += String(String.UnicodeScalarView(line[position..<(keepingCloser ? end : index)]))
                        let trimmed = tex.trimmingCharacters(in: .whitespacesAndNewlines)
                        return trimmed.isEmpty ? nil : Found(endLine: number, endPosition: end, tex: trimmed, display: display)
                    }
                    index += line[index] == "\\" ? 2 : 1
                }
                tex += String(String.UnicodeScalarView(line[min(position, line.count)...])) + "\n"
                number += 1
                position = 0
            }
            unclosed.insert(closer)
            return nil
        }

        func closingFence(after open: Int, _ run: (character: Unicode.Scalar, count: Int)) -> Int? {
            for index in (open + 1)..<lines.count {
                let line = lines[index]
                if Self.closes(line.drop { $0 == " " || $0 == "\t" }, run) { return index }
            }
            return nil
        }

        /// Whether a line (its indentation dropped) closes a fence opened by `run`: as long a run of its character, then blanks.
        static func closes(_ trimmed: ArraySlice<Unicode.Scalar>, _ run: (character: Unicode.Scalar, count: Int)) -> Bool {
            guard let close = fenceRun(trimmed), close.character == run.character, close.count >= run.count else { return false }
            return trimmed.dropFirst(close.count).allSatisfy { $0 == " " || $0 == "\t" }
        }

        mutating func append(_ scalars: some Sequence<Unicode.Scalar>) { out.unicodeScalars.append(contentsOf: scalars) }

        static func fenceRun(_ text: some Collection<Unicode.Scalar>) -> (character: Unicode.Scalar, count: Int)? {
            guard let first = text.first, first == "`" || first == "~" else { return nil }
            let count = text.prefix { $0 == first }.count
            guard count >= 3 else { return nil }
            if first == "`", text.dropFirst(count).contains("`") { return nil }
            return (first, count)
        }

        static func run(of scalar: Unicode.Scalar, in line: [Unicode.Scalar], at start: Int) -> Int {
            var end = start
            while end < line.count, line[end] == scalar { end += 1 }
            return end - start
        }

        static func closingRun(of scalar: Unicode.Scalar, count: Int, in line: [Unicode.Scalar], after start: Int) -> Int? {
            var index = start
            while index < line.count {
                if line[index] == scalar {
                    let length = run(of: scalar, in: line, at: index)
                    if length == count { return index }
                    index += length
                } else {
                    index += 1
                }
            }
            return nil
        }

        static func width(_ indent: some Collection<Unicode.Scalar>) -> Int { indent.reduce(0) { $0 + ($1 == "\t" ? 4 : 1) } }

        static func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || scalar == "\t" }
    }
}
