import Foundation

/// The formulas of a Markdown text found by GitHub's rules — inline `$…$` (not when the `$` has a space on its inner
/// side, or the closing one a digit after it, as in prices), inline `` $`…`$ ``, display `$$…$$` and fenced ```` ```math ````
/// — never inside code or an HTML tag; each replaced by a placeholder Markdown leaves alone, and put back as MathML
/// (`TeXMath`) once the Markdown is HTML. A formula that cannot be made shows its TeX in red with the reason as its title.
/// Las fórmulas de un texto Markdown según las reglas de GitHub, cambiadas por marcadores y devueltas como MathML.
struct MathSpans: Sendable {
    struct Formula: Sendable {
        let tex: String
        let display: Bool
        /// 1-based line in the text.
        let line: Int
    }

    /// The text with placeholders, and the formulas by their number.
    let markdown: String
    let formulas: [Formula]
    /// What the placeholders start with: a word the text does not hold.
    let marker: String

    /// The most formulas one text may hold; past that, the rest stays as written.
    static let maxFormulas = 20_000

    /// `markdown`'s formulas taken out (nil when it has none: the text is rendered as it is).
    static func extract(_ markdown: String) -> MathSpans? {
        guard markdown.utf8.contains(UInt8(ascii: "$")) || markdown.contains("```math") || markdown.contains("~~~math") else { return nil }
        var marker = "vitrinamath"
        var salt = 0
        while markdown.contains(marker) && salt < 100 { salt += 1; marker = "vitrinamath\(salt)q" }
        guard !markdown.contains(marker) else { return nil }
        var scanner = Scanner(lines: markdown.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.unicodeScalars) }, marker: marker)
        scanner.run()
        guard !scanner.formulas.isEmpty else { return nil }
        return MathSpans(markdown: scanner.out, formulas: scanner.formulas, marker: marker)
    }

    /// The placeholder of formula `number`. / El marcador de la fórmula `number`.
    static func placeholder(_ marker: String, _ number: Int) -> String { "\(marker)\(number)z" }

    /// `html` with each placeholder replaced by its formula's MathML (a display formula alone in a paragraph replaces
    /// the paragraph), and the formulas that could not be made, with their lines and reasons.
    /// El HTML con cada marcador cambiado por el MathML de su fórmula, y las que no se pudieron hacer.
    func restore(_ html: String) -> (html: String, failures: [(line: Int, message: String)]) {
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
            switch TeXMath.mathML(formula.tex, display: formula.display) {
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
        var out = ""
        var formulas: [Formula] = []
        /// The open fence (its character and length), when inside fenced code.
        var fence: (character: Unicode.Scalar, count: Int)?

        init(lines: [[Unicode.Scalar]], marker: String) { (self.lines, self.marker) = (lines, marker) }

        mutating func run() {
            var index = 0
            var previousBlank = true
            while index < lines.count {
                let line = lines[index]
                if index > 0 { out += "\n" }
                let indent = line.prefix { $0 == " " || $0 == "\t" }
                let trimmed = line.dropFirst(indent.count)
                // Fenced code, and ```math as a display formula. / Código cercado, y ```math como fórmula.
                if let open = fence {
                    append(line)
                    if Self.closes(trimmed, open) { fence = nil }
                    index += 1
                    continue
                }
                if indent.count <= 3, let run = Self.fenceRun(trimmed) {
                    let info = String(String.UnicodeScalarView(trimmed.dropFirst(run.count))).trimmingCharacters(in: .whitespaces)
                    if info == "math", formulas.count < MathSpans.maxFormulas, let end = closingFence(after: index, run) {
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
                let blank = trimmed.allSatisfy { $0 == " " || $0 == "\t" }
                if !blank, previousBlank, Self.width(indent) >= 4 {
                    var end = index
                    while end < lines.count, Self.width(lines[end].prefix { $0 == " " || $0 == "\t" }) >= 4 || lines[end].allSatisfy({ $0 == " " || $0 == "\t" }) {
                        end += 1
                    }
                    for (offset, code) in lines[index..<end].enumerated() {
                        if offset > 0 { out += "\n" }
                        append(code)
                    }
                    previousBlank = lines[end - 1].allSatisfy { $0 == " " || $0 == "\t" }
                    index = end
                    continue
                }
                index = inline(from: index)
                previousBlank = blank
            }
        }

        /// One line's text with its formulas taken out; a `$$` formula may run over the next lines of its paragraph.
        /// Returns the line after the last one read.
        mutating func inline(from start: Int) -> Int {
            let line = lines[start]
            var position = 0
            var copied = 0
            while position < line.count {
                let scalar = line[position]
                if scalar == "\\" { position += 2; continue }
                if scalar == "`" {
                    // A code span: to the same run of backticks, or literal backticks. / Un tramo de código.
                    let run = Self.run(of: "`", in: line, at: position)
                    position = Self.closingRun(of: "`", count: run, in: line, after: position + run).map { $0 + run } ?? position + run
                    continue
                }
                if scalar == "<", position + 1 < line.count, line[position + 1].properties.isAlphabetic || line[position + 1] == "/" || line[position + 1] == "!" {
                    // An HTML tag: its attributes are not text. / Una etiqueta HTML.
                    position = line[position...].firstIndex(of: ">").map { $0 + 1 } ?? line.count
                    continue
                }
                guard scalar == "$", formulas.count < MathSpans.maxFormulas else { position += 1; continue }
                if position + 1 < line.count, line[position + 1] == "$" {
                    // $$ … $$, here or on the following lines of the paragraph. / $$ … $$, aquí o en las líneas siguientes.
                    if let (endLine, endPosition, tex) = displayEnd(line: start, after: position + 2) {
                        append(line[copied..<position])
                        out += MathSpans.placeholder(marker, formulas.count)
                        formulas.append(Formula(tex: tex, display: true, line: start + 1))
                        if endLine == start {
                            position = endPosition
                            copied = position
                            continue
                        }
                        out += String(repeating: "\n", count: endLine - start)
                        let last = lines[endLine]
                        append(last[endPosition...])
                        return endLine + 1
                    }
                    position += 2
                    continue
                }
                if position + 1 < line.count, line[position + 1] == "`",
                   let close = (position + 2..<line.count).first(where: { line[$0] == "`" && $0 + 1 < line.count && line[$0 + 1] == "$" }) {
                    append(line[copied..<position])
                    out += MathSpans.placeholder(marker, formulas.count)
                    formulas.append(Formula(tex: String(String.UnicodeScalarView(line[(position + 2)..<close])), display: false, line: start + 1))
                    position = close + 2
                    copied = position
                    continue
                }
                if let close = inlineEnd(line, after: position) {
                    append(line[copied..<position])
                    out += MathSpans.placeholder(marker, formulas.count)
                    formulas.append(Formula(tex: String(String.UnicodeScalarView(line[(position + 1)..<close])), display: false, line: start + 1))
                    position = close + 1
                    copied = position
                    continue
                }
                position += 1
            }
            append(line[copied...])
            return start + 1
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

        /// Where `$$` opened at (`line`, `after`) closes: its line, the position after it and the TeX; within the paragraph.
        func displayEnd(line start: Int, after: Int) -> (Int, Int, String)? {
            var tex = ""
            var lineNumber = start
            var position = after
            while lineNumber < lines.count {
                let line = lines[lineNumber]
                if lineNumber > start, line.allSatisfy({ $0 == " " || $0 == "\t" }) { return nil }
                var index = position
                while index + 1 < line.count {
                    if line[index] == "\\" { index += 2; continue }
                    if line[index] == "$", line[index + 1] == "$" {
                        tex += String(String.UnicodeScalarView(line[position..<index]))
                        let trimmed = tex.trimmingCharacters(in: .whitespacesAndNewlines)
                        return trimmed.isEmpty ? nil : (lineNumber, index + 2, trimmed)
                    }
                    index += 1
                }
                tex += String(String.UnicodeScalarView(line[min(position, line.count)...])) + "\n"
                lineNumber += 1
                position = 0
            }
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
