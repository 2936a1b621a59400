import Foundation

/// `\text{…}` and its kin read in text mode, as KaTeX makes them: a run of one font as one `<mtext>` (a space between
/// runs of a font other than the upright one its own `<mtext>`), TeX's ligatures (‘ ’ “ ” – —), accented letters and
/// `\'`-like accents as `<mover>` over their letter, font switches (`\bf`, `\textit{…}`) and `$…$` math inside.
/// El texto de `\text{…}` leído en modo texto, como lo hace KaTeX: tramos por tipo de letra, ligaduras y acentos.
struct TeXText {
    /// A text font: family, weight and shape, as `\textsf`, `\bf`, `\it` set them.
    struct Font: Equatable {
        enum Family { case roman, sans, mono }
        var family = Family.roman
        var bold = false
        var italic = false

        /// Its `mathvariant`, nil for upright roman. / Su `mathvariant`.
        var variant: String? {
            switch family {
            case .mono: return "monospace"
            case .sans: return bold ? "bold-sans-serif" : italic ? "sans-serif-italic" : "sans-serif"
            case .roman: return bold && italic ? "bold-italic" : bold ? "bold" : italic ? "italic" : nil
            }
        }

        /// The font after `command` (`textbf`, `bf`, `textsf`…), nil when it names no font.
        func with(_ command: String) -> Font? {
            var font = self
            switch command {
            case "text", "textnormal", "mbox", "hbox", "normalfont": font = Font()
            case "textrm", "rm", "rmfamily": font.family = .roman; if command == "rm" { font.bold = false; font.italic = false }
            case "textsf", "sf", "sffamily": font.family = .sans; if command == "sf" { font.bold = false; font.italic = false }
            case "texttt", "tt", "ttfamily": font.family = .mono; if command == "tt" { font.bold = false; font.italic = false }
            case "textbf", "bfseries": font.bold = true
            case "bf": font = Font(family: .roman, bold: true, italic: false)
            case "textmd", "mdseries": font.bold = false
            case "textit", "itshape", "emph", "textsl", "slshape": font.italic = true
            case "it": font = Font(family: .roman, bold: false, italic: true)
            case "textup", "upshape": font.italic = false
            default: return nil
            }
            return font
        }
    }

    /// The spacing characters KaTeX draws a text accent with, by its command. / Los acentos de texto de KaTeX.
    static let accents: [String: String] = [
        "'": "\u{02CA}", "`": "\u{02CB}", "^": "\u{02C6}", "~": "\u{02DC}", "=": "\u{02C9}", "u": "\u{02D8}", ".": "\u{02D9}",
        "c": "\u{00B8}", "r": "\u{02DA}", "v": "\u{02C7}", "\"": "\u{00A8}", "H": "\u{02DD}",
    ]
    /// The combining marks KaTeX reads as accents (its `unicodeAccents`), by the text accent they stand for.
    static let combining: [Unicode.Scalar: String] = [
        "\u{0301}": "'", "\u{0300}": "`", "\u{0308}": "\"", "\u{0303}": "~", "\u{0304}": "=", "\u{0306}": "u", "\u{030C}": "v",
        "\u{0302}": "^", "\u{0307}": ".", "\u{030A}": "r", "\u{030B}": "H", "\u{0327}": "c",
    ]
    /// The letters KaTeX takes apart from their accents (its `unicodeSymbols`). / Las letras que KaTeX separa de sus acentos.
    static let accentable = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZαβγδεϵζηθϑικλμνξοπϖρϱςστυφϕχψωΓΔΘΛΞΠΣΥΦΨΩ".unicodeScalars)

    /// A precomposed letter KaTeX draws as its base letter under one or two accents (é: e under ˊ), nil for any other.
    /// An accented i or j stands on its dotless letter (ı, ȷ).
    static func decomposed(_ scalar: Unicode.Scalar) -> (base: Unicode.Scalar, accents: [String])? {
        guard scalar.value >= 0xC0, !scalar.isASCII else { return nil }
        let parts = Array(String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars)
        guard (2...3).contains(parts.count), accentable.contains(parts[0]) else { return nil }
        let accents = parts.dropFirst().compactMap { combining[$0] }
        let base: Unicode.Scalar = parts[0] == "i" ? "\u{0131}" : parts[0] == "j" ? "\u{0237}" : parts[0]
        return accents.count == parts.count - 1 ? (base, accents) : nil
    }

    /// `node` under `accents` (innermost first); in math, `~` and `^` are drawn as `\tilde` and `\hat` are.
    /// El nodo bajo sus acentos.
    static func accented(_ node: MathNode, _ accents: [String], math: Bool = false) -> MathNode {
        accents.reduce(node) { base, accent in
            let mark = math && (accent == "~" || accent == "^") ? accent : Self.accents[accent] ?? accent
            return .element("mover", [.init("accent", "true")], [base, .op(mark)])
        }
    }

    /// Commands text mode writes as words or characters. / Órdenes que el modo texto escribe como palabras.
    static let textWords = ["TeX": "TeX", "LaTeX": "LaTeX", "KaTeX": "KaTeX", "textbackslash": "\\", "textdollar": "$"]

    /// What math inside the text (`$…$`) is made by: the formula's parser with its macros, at the depth given, so that
    /// text and math nested in each other count one depth. / Lo que hace la matemática dentro del texto.
    let math: ([TeXToken], Int) throws -> [MathNode]
    var nodes: [MathNode] = []
    var run = ""
    var runFont = Font()

    /// `tokens` in `font`, from an argument's tokens read at the parser's `depth`; bounded by them (each token read
    /// once, groups nest within the parser's depth as math does).
    static func nodes(_ tokens: [TeXToken], font: Font, depth: Int, math: @escaping ([TeXToken], Int) throws -> [MathNode]) throws -> [MathNode] {
        var reader = TeXText(math: math)
        try reader.read(tokens[...], font: font, depth: depth)
        reader.flush()
        return reader.nodes
    }

    mutating func flush() {
        guard !run.isEmpty else { return }
        nodes.append(.leaf(.text, run, runFont.variant.map { MathNode.variant($0, text: true) } ?? []))
        run = ""
    }

    /// Text in `font`: joined to the run when the font is the run's, a new run otherwise.
    mutating func add(_ text: String, _ font: Font) {
        if font.variant != runFont.variant { flush(); runFont = font }
        run += text
    }

    mutating func add(node: MathNode) {
        flush()
        nodes.append(node)
    }

    /// A space: upright whatever the font, so part of an upright run and its own `<mtext>` beside another font's.
    mutating func space() {
        add("\u{00A0}", Font())
    }

    mutating func read(_ tokens: ArraySlice<TeXToken>, font start: Font, depth: Int) throws {
        guard depth <= TeXParser.maxDepth else { throw TeXParser.Failure(message: "The formula nests deeper than \(TeXParser.maxDepth) levels") }
        var font = start
        var index = tokens.startIndex
        /// The tokens of the group or single token at `index`, and the index after them.
        func argument(at start: Int) throws -> (ArraySlice<TeXToken>, Int) {
            var at = start
            while at < tokens.endIndex, tokens[at] == .space { at += 1 }
            guard at < tokens.endIndex else { throw TeXParser.Failure(message: "A command is missing its argument") }
            guard tokens[at] == .open else { return (tokens[at...at], at + 1) }
            var level = 0
            for end in at..<tokens.endIndex {
                if tokens[end] == .open { level += 1 }
                if tokens[end] == .close { level -= 1; if level == 0 { return (tokens[(at + 1)..<end], end + 1) } }
            }
            throw TeXParser.Failure(message: "Missing } after {")
        }
        while index < tokens.endIndex {
            let token = tokens[index]
            index += 1
            switch token {
            case .space, .character("~"), .command(" "), .command("~"):
                space()
            case .open:
                // A group: its font switches end with it; its text joins the run. / Un grupo: sus cambios de letra acaban con él.
                let (inside, after) = try argument(at: index - 1)
                try read(inside, font: font, depth: depth + 1)
                index = after
            case .close:
                break
            case .character("$"):
                guard let end = tokens[index...].firstIndex(of: .character("$")) else { throw TeXParser.Failure(message: "Missing $ to end the math inside \\text") }
                add(node: .element("mstyle", [.init("scriptlevel", "0"), .init("displaystyle", "false")], try math(Array(tokens[index..<end]), depth + 1)))
                index = end + 1
            case .character(let scalar):
                if let (base, marks) = Self.decomposed(scalar) {
                    add(node: Self.accented(.leaf(.text, String(base), font.variant.map { MathNode.variant($0, text: true) } ?? []), marks))
                    continue
                }
                if scalar == "\u{2026}" { add(node: .op("\u{2026}")); continue }
                // No ligatures in typewriter type. / Sin ligaduras en letra de máquina.
                add(font.family == .mono ? String(scalar) : ligature(scalar, tokens, &index), font)
            case .command(let name):
                if Self.accents[name] != nil {
                    let (inside, after) = try argument(at: index)
                    index = after
                    var inner = TeXText(math: math)
                    try inner.read(inside, font: font, depth: depth + 1)
                    inner.flush()
                    add(node: Self.accented(MathNode.row(inner.nodes), [name]))
                } else if let switched = font.with(name) {
                    // `\textbf{…}` takes an argument; `\bf` switches the rest of the group. / `\bf` cambia el resto del grupo.
                    if name.hasPrefix("text") || name == "emph" || name == "mbox" || name == "hbox" {
                        let (inside, after) = try argument(at: index)
                        try read(inside, font: switched, depth: depth + 1)
                        index = after
                    } else {
                        font = switched
                    }
                } else if name.count == 1, let scalar = name.unicodeScalars.first, !TeXToken.isLetter(scalar) {
                    if name == "\\" { continue }
                    add(name == " " ? "\u{00A0}" : name, font)
                } else if name == "underline" || name == "raisebox" {
                    // Boxes text mode keeps: a line under, a raised box. / Cajas del modo texto.
                    var raise = ""
                    if name == "raisebox" {
                        let (dimension, after) = try argument(at: index)
                        raise = TeXParser.emText(try TeXParser.em(of: Array(dimension), in: name))
                        index = after
                    }
                    let (inside, after) = try argument(at: index)
                    index = after
                    var inner = TeXText(math: math)
                    try inner.read(inside, font: font, depth: depth + 1)
                    inner.flush()
                    add(node: name == "underline"
                        ? .element("munder", [.init("accentunder", "true")], [MathNode.row(inner.nodes), .op("\u{203E}", [.init("stretchy", "true")])])
                        : .element("mpadded", [.init("voffset", raise)], [.element("mstyle", TeXParser.styles["textstyle"]!, inner.nodes)]))
                } else if let size = TeXParser.sizes[name] {
                    // A size switch sizes the rest of its group. / Un cambio de tamaño, el resto del grupo.
                    var inner = TeXText(math: math)
                    try inner.read(tokens[index...], font: font, depth: depth + 1)
                    inner.flush()
                    add(node: .element("mstyle", [.init("mathsize", size)], inner.nodes))
                    return
                } else if let logo = Self.textWords[name] {
                    add(logo, font)
                } else if let symbol = TeXSymbols.math[name] {
                    add(TeXParser.text(of: symbol), font)
                }
            case .sup: add("^", font)
            case .sub: add("_", font)
            case .alignment: add("&", font)
            case .parameter(let number): add("#\(number)", font)
            }
        }
    }

    /// TeX's text ligatures from the characters at `index` on (within one list): `` ` `` ‘, `'` ’, ``` `` ``` “, `''` ”,
    /// `--` –, `---` —; the character itself otherwise. / Las ligaduras de texto de TeX.
    func ligature(_ scalar: Unicode.Scalar, _ tokens: ArraySlice<TeXToken>, _ index: inout Int) -> String {
        func next(_ offset: Int) -> Unicode.Scalar? {
            guard index + offset < tokens.endIndex, case .character(let following) = tokens[index + offset] else { return nil }
            return following
        }
        switch scalar {
        case "-":
            guard next(0) == "-" else { return "-" }
            if next(1) == "-" { index += 2; return "\u{2014}" }
            index += 1
            return "\u{2013}"
        case "`":
            if next(0) == "`" { index += 1; return "\u{201C}" }
            return "\u{2018}"
        case "'":
            if next(0) == "'" { index += 1; return "\u{201D}" }
            return "\u{2019}"
        default:
            return String(scalar)
        }
    }
}
