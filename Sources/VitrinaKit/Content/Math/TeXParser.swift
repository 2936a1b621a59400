import Foundation

/// TeX (the subset KaTeX supports) read into `MathNode`s: groups, scripts, fractions, roots, fonts, accents, fences,
/// environments, spacing, symbols (`TeXSymbols`) and macros (`\newcommand`, `\def`, the site's). Bounded: nesting,
/// macro expansions and tokens have ceilings, so hostile TeX ends in an error, never a hang or a crash.
/// TeX leído en nodos de MathML, con límites de anidamiento, expansiones y tokens.
struct TeXParser {
    struct Failure: Error, Sendable, Equatable {
        let message: String
    }

    struct Macro: Sendable {
        let parameters: Int
        let body: [TeXToken]
    }

    /// The deepest nesting of groups and arguments, the most macro expansions, the most tokens a formula may grow to.
    static let maxDepth = 200
    static let maxExpansions = 2_000
    static let maxTokens = 2_000_000

    /// Whether the style is display style: big operators take their limits under and over. A style command changes it
    /// for the rest of its list.
    private(set) var display: Bool
    /// The tokens still to read, last first (reading pops, a macro pushes its body).
    private var stack: [TeXToken]
    private var macros: [String: Macro]
    /// What all the parsers of one formula (its text's math, a root's index, a tag) spend together: macro expansions and
    /// the tokens they add, so nesting text and math cannot multiply the ceilings.
    /// Lo que gastan juntos todos los analizadores de una fórmula.
    final class Budget {
        var expansions = 0
        var tokens = 0
    }
    private let budget: Budget
    private var depth = 0
    /// How many numbered environments (`align`, `gather`) are open: a `\tag` in one does not tag the whole formula.
    private var numberedDepth = 0
    /// The current row of an environment said `\notag`: KaTeX gives it no number columns.
    private var rowUntagged = false
    /// 1 after `\scriptstyle`, 2 after `\scriptscriptstyle`: KaTeX's small spaces there are `<mspace>`s.
    private var scriptLevel = 0
    /// The formula's `\tag`, set beside it at the right. / La etiqueta de la fórmula.
    private var tag: MathNode?

    init(_ source: String, display: Bool, macros: [String: Macro] = [:]) {
        self.display = display
        self.stack = TeXToken.read(source).reversed()
        self.macros = macros
        self.budget = Budget()
    }

    /// The site's macros (`\name` → TeX), each read as a macro of as many parameters as its body names.
    static func macros(_ definitions: [String: String]) -> [String: Macro] {
        var out: [String: Macro] = [:]
        for (name, body) in definitions {
            let tokens = TeXToken.read(body)
            let parameters = tokens.reduce(0) { most, token in
                if case .parameter(let number) = token { return max(most, number) }
                return most
            }
            out[name.hasPrefix("\\") ? String(name.dropFirst()) : name] = Macro(parameters: parameters, body: tokens)
        }
        return out
    }

    /// The whole formula. / La fórmula entera.
    mutating func parse() throws -> MathNode {
        let nodes = try list { _ in false }
        if let token = try peek() { throw Failure(message: "Unexpected \(TeXToken.source([token]))") }
        guard let tag else { return .element("mrow", [], nodes) }
        // A tagged formula: KaTeX's table of the formula centred and its tag at the right.
        return .element("mtable", [.init("width", "100%")], [.element("mtr", [], [
            .element("mtd", [.init("width", "50%")], []), .element("mtd", [], [.row(nodes)]),
            .element("mtd", [.init("width", "50%")], []), .element("mtd", [], [tag]),
        ])])
    }

    // MARK: Tokens / tokens

    /// The next token, macros expanded. / El siguiente token, con las macros expandidas.
    private mutating func peek() throws -> TeXToken? {
        while case .command(let name)? = stack.last, let macro = macros[name] {
            stack.removeLast()
            budget.expansions += 1
            guard budget.expansions <= Self.maxExpansions else { throw Failure(message: "Too many macro expansions (more than \(Self.maxExpansions)): a macro that calls itself?") }
            var arguments: [[TeXToken]] = []
            for _ in 0..<macro.parameters { arguments.append(try rawArgument()) }
            var body: [TeXToken] = []
            for token in macro.body {
                if case .parameter(let number) = token, number <= arguments.count { body += arguments[number - 1] } else { body.append(token) }
            }
            budget.tokens += body.count
            guard stack.count + body.count <= Self.maxTokens, budget.tokens <= Self.maxTokens else { throw Failure(message: "The formula grows past \(Self.maxTokens) tokens through its macros") }
            stack += body.reversed()
        }
        return stack.last
    }

    private mutating func next() throws -> TeXToken? {
        let token = try peek()
        if token != nil { stack.removeLast() }
        return token
    }

    private mutating func skipSpaces() throws {
        while try peek() == .space { stack.removeLast() }
    }

    /// An argument's tokens unexpanded: a braced group without its braces, or one token.
    private mutating func rawArgument() throws -> [TeXToken] {
        while stack.last == .space { stack.removeLast() }
        guard let first = stack.popLast() else { throw Failure(message: "A command is missing its argument") }
        guard first == .open else { return [first] }
        var tokens: [TeXToken] = []
        var level = 1
        while let token = stack.popLast() {
            if token == .open { level += 1 }
            if token == .close { level -= 1; if level == 0 { return tokens } }
            tokens.append(token)
        }
        throw Failure(message: "Missing } after {")
    }

    /// An argument read as text (an environment's name, a font's, a width).
    private mutating func textArgument() throws -> String {
        TeXToken.source(try rawArgument()).trimmingCharacters(in: .whitespaces)
    }

    /// `[…]` when it comes next, as tokens. / Un argumento opcional entre corchetes.
    private mutating func optionalArgument() throws -> [TeXToken]? {
        try skipSpaces()
        guard try peek() == .character("[") else { return nil }
        stack.removeLast()
        var tokens: [TeXToken] = []
        var level = 0
        while let token = stack.popLast() {
            if token == .open { level += 1 }
            if token == .close { level -= 1 }
            if token == .character("]"), level == 0 { return tokens }
            tokens.append(token)
        }
        throw Failure(message: "Missing ] after [")
    }

    private mutating func nested<T>(_ work: (inout TeXParser) throws -> T) throws -> T {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maxDepth else { throw Failure(message: "The formula nests deeper than \(Self.maxDepth) levels") }
        return try work(&self)
    }

    // MARK: Lists / listas

    /// Atoms with their scripts up to a token `stops` says ends the list (left unread); `\over`-like commands make a
    /// fraction of what came before and after; a style command styles the rest.
    private mutating func list(until stops: (TeXToken) -> Bool) throws -> [MathNode] {
        var nodes: [MathNode] = []
        while true {
            try skipSpaces()
            guard let token = try peek(), !stops(token) else { return Self.mergingTexts(nodes) }
            if case .command(let name) = token {
                if let infix = Self.infixFractions[name] {
                    stack.removeLast()
                    let below = try list(until: stops)
                    return [Self.fraction(.row(Self.mergingTexts(nodes)), .row(below), thickness: infix.thickness, fences: infix.fences)]
                }
                if let style = Self.styles[name] {
                    stack.removeLast()
                    let (outer, outerLevel) = (display, scriptLevel)
                    display = name == "displaystyle"
                    scriptLevel = name == "scriptstyle" ? 1 : name == "scriptscriptstyle" ? 2 : 0
                    defer { (display, scriptLevel) = (outer, outerLevel) }
                    let rest = try list(until: stops)
                    return Self.mergingTexts(nodes) + [.element("mstyle", style, rest)]
                }
                if let variant = Self.oldFonts[name] {
                    stack.removeLast()
                    return Self.mergingTexts(nodes) + (try list(until: stops)).map { $0.styled(variant) }
                }
                if let size = Self.sizes[name] {
                    stack.removeLast()
                    return Self.mergingTexts(nodes) + [.element("mstyle", [.init("mathsize", size)], try list(until: stops))]
                }
                if name == "color" {
                    stack.removeLast()
                    let color = try textArgument()
                    let rest = try list(until: stops)
                    return Self.mergingTexts(nodes) + [.element("mstyle", [.init("mathcolor", color)], rest)]
                }
            }
            if let node = try atomWithScripts() { nodes.append(node) }
        }
    }

    /// Texts side by side as one `<mtext>`, as KaTeX joins them (`\text{if}~n`). / Textos contiguos como uno.
    static func mergingTexts(_ nodes: [MathNode]) -> [MathNode] {
        var out: [MathNode] = []
        for node in nodes {
            if case .leaf(.text, let text, let attributes) = node, case .leaf(.text, let before, let same)? = out.last, same == attributes,
               !attributes.contains(where: { $0.name == "data-kern" }) {
                out[out.count - 1] = .leaf(.text, before + text, attributes)
            } else {
                out.append(node)
            }
        }
        return out
    }

    /// A braced group's contents. / El contenido de un grupo entre llaves.
    private mutating func group() throws -> MathNode {
        try nested { parser in
            let nodes = try parser.list { $0 == .close }
            guard try parser.next() == .close else { throw Failure(message: "Missing } after {") }
            return .row(nodes)
        }
    }

    /// One argument as math: a group, or one atom without scripts.
    private mutating func argument() throws -> MathNode {
        try skipSpaces()
        guard let token = try peek() else { throw Failure(message: "A command is missing its argument") }
        if token == .open {
            stack.removeLast()
            return try group()
        }
        // One token: `\frac12` is ½. / Un solo token.
        if case .character(let scalar) = token, ("0"..."9").contains(scalar) {
            stack.removeLast()
            return .leaf(.number, String(scalar), [])
        }
        return try nested { try $0.atom() } ?? .row([])
    }

    // MARK: Scripts / índices

    private mutating func atomWithScripts() throws -> MathNode? {
        var base: MathNode
        if let token = try peek(), token == .sup || token == .sub {
            base = .element("mrow", [], [])
        } else {
            guard let atom = try nested({ try $0.atom() }) else { return nil }
            base = atom
        }
        // A script binds to a number's last digit: 10^m is 1 then 0^m. / Un índice va con la última cifra.
        var leading: MathNode?
        if case .leaf(.number, let digits, let attributes) = base, digits.unicodeScalars.count > 1, let token = try peek(),
           token == .sup || token == .sub || token == .character("'") {
            let last = digits.unicodeScalars.last!
            leading = .leaf(.number, String(String.UnicodeScalarView(digits.unicodeScalars.dropLast())), attributes)
            base = .leaf(.number, String(last), attributes)
        }
        guard let leading else { return try scripts(on: base) }
        return .element("mrow", [], [leading, try scripts(on: base)])
    }

    private mutating func scripts(on base: MathNode) throws -> MathNode {
        var limits: Bool?
        var superscript: MathNode?, subscriptNode: MathNode?
        var primes: [MathNode] = []
        reading: while true {
            try skipSpaces()
            guard let token = try peek() else { break }
            switch token {
            case .sup:
                stack.removeLast()
                guard superscript == nil else { throw Failure(message: "Double superscript: group it with braces") }
                superscript = try argument()
            case .sub:
                stack.removeLast()
                guard subscriptNode == nil else { throw Failure(message: "Double subscript: group it with braces") }
                subscriptNode = try argument()
            case .character("'"):
                // Primes: x' is x with ′ as its superscript. / Las primas son un superíndice.
                guard superscript == nil else { throw Failure(message: "Double superscript: group it with braces") }
                while try peek() == .character("'") { stack.removeLast(); primes.append(.op("\u{2032}")) }
            case .command("limits"), .command("nolimits"):
                stack.removeLast()
                limits = token == .command("limits")
            default:
                break reading
            }
        }
        // In script style TeX puts no space around binary operators and relations; Chromium would.
        // En estilo de índice TeX no espacia operadores ni relaciones; Chromium sí.
        subscriptNode = subscriptNode?.tightened()
        let sup = primes.isEmpty ? superscript?.tightened() : .row(primes + (superscript.map { [$0.tightened()] } ?? []))
        let below = under(base, limits: limits, both: subscriptNode != nil && sup != nil)
        var placed = base
        // `\limits` in a line: without movablelimits="false" Chromium moves the limits beside again.
        // `\limits` en línea: sin movablelimits="false" Chromium vuelve a ponerlos al lado.
        if below, limits == true, !display, case .leaf(.op, let text, let attributes) = base {
            placed = .leaf(.op, text, attributes + [.init("movablelimits", "false")])
        }
        return Self.scripted(placed, subscriptNode, sup, under: below)
    }

    /// Scripts go under and over a big operator in display style, always under a brace; after `\limits`, KaTeX puts a
    /// lone script under or over in any style but a pair only in display style.
    private func under(_ base: MathNode, limits: Bool?, both: Bool) -> Bool {
        let given = Self.limits(of: base)
        if given == "always" { return true }
        return (limits ?? (given == "true")) && (display || (limits == true && !both))
    }

    static func scripted(_ base: MathNode, _ sub: MathNode?, _ sup: MathNode?, under: Bool) -> MathNode {
        switch (sub, sup) {
        case (nil, nil): return base
        case (let sub?, nil): return .element(under ? "munder" : "msub", [], [base, sub])
        case (nil, let sup?): return .element(under ? "mover" : "msup", [], [base, sup])
        case (let sub?, let sup?): return .element(under ? "munderover" : "msubsup", [], [base, sub, sup])
        }
    }

    /// How a base takes its scripts (the parser's `data-limits` note): "true" under and over in display style (∑, \lim),
    /// "false" beside (∫), "always" under and over (a brace); nil for an ordinary base.
    static func limits(of base: MathNode) -> String? {
        switch base {
        case .leaf(_, _, let attributes), .element(_, let attributes, _): return attributes.first { $0.name == "data-limits" }?.value
        case .space: return nil
        }
    }

    // MARK: Atoms / átomos

    private mutating func atom() throws -> MathNode? {
        guard let token = try next() else { return nil }
        switch token {
        case .open: return try group()
        case .close: throw Failure(message: "Unexpected } with no { before it")
        case .alignment: throw Failure(message: "& outside an environment that aligns")
        case .parameter(let number): throw Failure(message: "#\(number) outside a macro's body")
        case .sup, .sub, .space: return nil
        case .character("~"): return Self.spaces["~"]
        case .character(let scalar): return try character(scalar)
        case .command(let name): return try command(name)
        }
    }

    private mutating func character(_ scalar: Unicode.Scalar) throws -> MathNode {
        if ("0"..."9").contains(scalar) {
            var digits = String(scalar)
            while case .character(let more)? = try peek(), ("0"..."9").contains(more) || more == "." && Self.digitFollows(stack) {
                digits.unicodeScalars.append(more)
                stack.removeLast()
            }
            return .leaf(.number, digits, [])
        }
        if TeXToken.isLetter(scalar) { return .identifier(String(scalar)) }
        // An accented letter is its letter under the accent, as KaTeX draws it (é: e under ˊ). / Una letra acentuada.
        if let (base, marks) = TeXText.decomposed(scalar) {
            let letter = base == "\u{0131}" || base == "\u{0237}" ? MathNode.identifier(String(base), variant: "normal") : .identifier(String(base))
            return TeXText.accented(letter, marks, math: true)
        }
        let character = Character(scalar)
        if let symbol = TeXSymbols.characters[character] { return Self.node(symbol, attributes: TeXSymbols.characterAttributes[character]) }
        if TeXSymbols.mathAlphanumerics.contains(where: { $0.contains(scalar) }) { return .identifier(String(scalar)) }
        // What KaTeX does not know as math is text (ж, 中). / Lo que KaTeX no conoce como matemática es texto.
        return .leaf(.text, String(scalar), [])
    }

    /// Whether the token after the next one is a digit (`3.14`, not `x.`).
    private static func digitFollows(_ stack: [TeXToken]) -> Bool {
        guard stack.count >= 2, case .character(let scalar) = stack[stack.count - 2] else { return false }
        return ("0"..."9").contains(scalar)
    }

    /// A symbol's node with the attributes KaTeX gives that one (`\R` double-struck, `,` a separator).
    static func node(_ symbol: TeXSymbol, attributes: [(name: String, value: String)]?) -> MathNode {
        guard let attributes else { return node(symbol) }
        let given = attributes.map { MathNode.Attribute($0.name, $0.value) }
        switch node(symbol) {
        case .leaf(let kind, let text, let own): return .leaf(kind, text, own.filter { $0.name.hasPrefix("data-") } + given)
        case .element(let name, let own, let children): return .element(name, own, children.enumerated().map { place, child in
            if place == 0, case .leaf(let kind, let text, _) = child { return .leaf(kind, text, given) }
            return child
        })
        case let other: return other
        }
    }

    static func node(_ symbol: TeXSymbol) -> MathNode {
        switch symbol {
        case .identifier(let text, let normal): return .identifier(text, variant: normal ? "normal" : nil)
        case .op(let text, let stretchy): return .op(text, stretchy ? [] : [.init("stretchy", "false")])
        case .largeOp(let text, let limits): return .op(text, [.init("data-limits", limits ? "true" : "false")])
        case .function(let text, let limits): return function(.leaf(.identifier, text, []), limits: limits)
        }
    }

    /// A named function as KaTeX writes it: its name, then the invisible function application (U+2061).
    static func function(_ name: MathNode, limits: Bool) -> MathNode {
        .element("mrow", [.init("data-limits", limits ? "true" : "false")], [name, .op("\u{2061}")])
    }

    // MARK: Commands / órdenes

    private mutating func command(_ name: String) throws -> MathNode? {
        if ["dots", "dotso", "dotsc", "cdots", "dotsb", "dotsm"].contains(name) { return try dots(name) }
        if let symbol = TeXSymbols.math[name] { return Self.node(symbol, attributes: TeXSymbols.mathAttributes[name]) }
        if let expansion = Self.builtInMacros[name] {
            stack += TeXToken.read(expansion).reversed()
            return nil
        }
        if let space = Self.spaces[name] {
            // In script styles KaTeX scales a small space off its characters' widths: an `<mspace>`.
            if scriptLevel > 0, case .leaf(.text, _, let attributes) = space, attributes.contains(where: { $0.name == "data-kern" }),
               let width = ["thinspace": "0.1667em", ",": "0.1667em", ":": "0.2222em", ">": "0.2222em", "medspace": "0.2222em",
                            ";": "0.2778em", "thickspace": "0.2778em"][name] {
                return .space(width: width)
            }
            return space
        }
        if name == "boldsymbol" || name == "bm" {
            // KaTeX's \boldsymbol: one symbol styled, more than one an ordinary atom (an `<mi>` around them), which
            // Chromium draws as their row. / Un símbolo en negrita, o varios como un átomo ordinario.
            let body = try argument().styled("bold-italic")
            if case .leaf = body { return body }
            return .element("mi", [], [body])
        }
        if let variant = Self.fonts[name] { return try argument().styled(variant) }
        if let accent = TeXSymbols.accents[name] {
            let base = try argument()
            return .element("mover", [.init("accent", "true")], [base, .op(accent.mark, accent.stretchy ? [.init("stretchy", "true")] : [])])
        }
        if let accent = TeXSymbols.underAccents[name] {
            let base = try argument()
            return .element("munder", [.init("accentunder", "true")], [base, .op(accent.mark, accent.stretchy ? [.init("stretchy", "true")] : [])])
        }
        if let brace = TeXSymbols.braces[name] {
            // A brace takes its script under or over it, in any style. / Una llave lleva su índice encima o debajo.
            let base = try argument()
            return .element("mrow", [.init("data-limits", "always")],
                            [.element(brace.over ? "mover" : "munder", [], [base, .op(brace.mark, [.init("stretchy", "true")])])])
        }
        if let size = Self.delimiterSizes[name] {
            // Stretchy, as KaTeX writes it: a bar (U+2223) is not stretchy by the operator dictionary.
            let fence = name.hasSuffix("l") || name.hasSuffix("r") ? "true" : "false"
            return .op(try delimiter(), [.init("fence", fence), .init("stretchy", "true"), .init("minsize", size), .init("maxsize", size),
                                         .init("lspace", "0em"), .init("rspace", "0em")])
        }
        if let mark = Self.extensibleArrows[name] { return try extensibleArrow(mark) }
        switch name {
        case "frac", "dfrac", "tfrac", "cfrac":
            let above = try argument()
            let below = try argument()
            let fraction = Self.fraction(above, below)
            // Only a style other than the formula's own is written. / Solo se escribe un estilo distinto del de la fórmula.
            if (name == "dfrac" || name == "cfrac") && !display { return .element("mstyle", Self.styles["displaystyle"]!, [fraction]) }
            if name == "tfrac" && display { return .element("mstyle", Self.styles["textstyle"]!, [fraction]) }
            return fraction
        case "binom", "dbinom", "tbinom":
            let above = try argument()
            let below = try argument()
            let binomial = Self.fraction(above, below, thickness: "0px", fences: ("(", ")"))
            let style = name == "dbinom" && !display ? Self.styles["displaystyle"] : name == "tbinom" && display ? Self.styles["textstyle"] : nil
            guard let style, case .element("mrow", let attributes, let parts) = binomial, parts.count == 3 else { return binomial }
            return .element("mrow", attributes, [parts[0], .element("mstyle", style, [parts[1]]), parts[2]])
        case "sqrt":
            let index = try optionalArgument()
            let body = try argument()
            guard let index else { return .element("msqrt", [], [body]) }
            var inner = TeXParser(tokens: index, display: false, macros: macros, depth: depth, budget: budget)
            return .element("mroot", [], [body, try inner.parse()])
        case "text", "textrm", "textnormal", "mbox", "hbox", "textup", "textmd", "textbf", "textit", "emph", "texttt", "textsf", "textsl", "fbox":
            let node = try text(font: TeXText.Font().with(name) ?? TeXText.Font())
            return name == "fbox" ? .element("menclose", [.init("notation", "box")], [node]) : node
        case "operatorname", "operatornamewithlimits":
            var limits = name == "operatornamewithlimits"
            if try peek() == .character("*") { stack.removeLast(); limits = true }
            let text = try textArgument()
            return Self.function(.leaf(.identifier, text, [.init("mathvariant", "normal")]), limits: limits)
        case "left":
            return try fenced()
        case "right": throw Failure(message: "\\right with no \\left before it")
        case "middle":
            // KaTeX's \middle| is the plain bar (its \left| the divides sign). / \middle| es la barra simple.
            let mark = try delimiter()
            return .op(mark == "\u{2223}" ? "|" : mark, [.init("fence", "true")])
        case "begin": return try environment()
        case "end": throw Failure(message: "\\end with no \\begin before it")
        case "overline": return .element("mover", [.init("accent", "true")], [try argument(), .op("\u{203E}")])
        case "underline": return .element("munder", [.init("accentunder", "true")], [try argument(), .op("\u{203E}")])
        case "overset", "stackrel":
            let above = try argument()
            let base = try argument()
            return .element("mover", [], [base, above])
        case "underset":
            let below = try argument()
            let base = try argument()
            return .element("munder", [], [base, below])
        case "textcolor":
            let color = try textArgument()
            return .element("mstyle", [.init("mathcolor", color)], [try argument()])
        case "mathord":
            if case .leaf(.op, let text, _) = try argument() { return .identifier(text) }
            return try argument()
        case "mathop", "mathrel", "mathbin", "mathopen", "mathclose", "mathpunct", "mathinner":
            return try argument()
        case "not":
            // The next symbol struck through: U+0338 after its first character. / El símbolo siguiente tachado.
            guard case .leaf(let kind, let text, let attributes)? = try nested({ try $0.atom() }) else { return .op("\u{0338}") }
            var scalars = Array(text.unicodeScalars)
            scalars.insert("\u{0338}", at: min(1, scalars.count))
            return .leaf(kind, String(String.UnicodeScalarView(scalars)), attributes)
        case "vdots":
            return .element("mi", [], [.identifier("\u{22EE}", variant: "normal"),
                                       .element("mpadded", [.init("height", "0em"), .init("voffset", "0em")],
                                                [.element("mspace", [.init("mathbackground", "black"), .init("width", "0em"), .init("height", "1.5em")], [])])])
        case "newline": return .element("mspace", [.init("linebreak", "newline")], [])
        case "hline", "hdashline": return nil
        case "notag", "nonumber":
            rowUntagged = true
            return nil
        case "boxed":
            // KaTeX's \fbox{$\displaystyle{…}$}. / El \fbox{$\displaystyle{…}$} de KaTeX.
            let inner = MathNode.element("mstyle", Self.styles["displaystyle"]!, [try argument()])
            return .element("menclose", [.init("notation", "box")],
                            [.element("mstyle", Self.styles["textstyle"]!, [.element("mstyle", Self.styles["textstyle"]!, [inner])])])
        case "cancel": return .element("menclose", [.init("notation", "updiagonalstrike")], [try argument()])
        case "bcancel": return .element("menclose", [.init("notation", "downdiagonalstrike")], [try argument()])
        case "xcancel": return .element("menclose", [.init("notation", "updiagonalstrike downdiagonalstrike")], [try argument()])
        case "phantom": return .element("mphantom", [], [try argument()])
        case "mathrlap", "mathllap", "mathclap":
            return .element("mpadded", [.init("width", "0px")], [try argument()])
        case "rlap", "llap", "clap":
            return .element("mpadded", [.init("width", "0px")], [try text(font: TeXText.Font())])
        case "newcommand", "renewcommand", "providecommand":
            try define()
            return nil
        case "def":
            try defineByDef()
            return nil
        case "pmod", "pod":
            let inside = try argument()
            let words: [MathNode] = name == "pmod" ? [Self.mod, .space(width: "0.3333em")] : []
            return .element("mrow", [], [.element("mspace", [], []), .space(width: display ? "1em" : "0.4444em"),
                                         .op("(", [.init("stretchy", "false")])] + words + [inside, .op(")", [.init("stretchy", "false")])])
        case "bmod":
            return .element("mrow", [], [.leaf(.text, "\u{200A}", []), .element("mo", [.init("lspace", "0.22em"), .init("rspace", "0.22em")], [Self.mod]),
                                         .leaf(.text, "\u{200A}", [])])
        case "\\": return .element("mspace", [.init("linebreak", "newline")], [])
        case "kern", "mkern", "hskip", "mskip", "hspace":
            if name == "hspace", try peek() == .character("*") { stack.removeLast() }
            return Self.kern(em: try dimension(name))
        case "rule":
            let raise = try optionalArgument().map { try Self.em(of: $0, in: name) } ?? 0
            let width = try dimension(name)
            let height = try dimension(name)
            return .element("mpadded", [.init("height", "0em"), .init("voffset", Self.emText(raise))],
                            [.element("mspace", [.init("mathbackground", "black"), .init("width", Self.emText(width)), .init("height", Self.emText(height))], [])])
        case "sout": return .element("menclose", [.init("notation", "horizontalstrike")], [try argument()])
        case "colorbox", "fcolorbox":
            let border = name == "fcolorbox" ? try colour(name) : nil
            let color = try colour(name)
            var attributes: [MathNode.Attribute] = [.init("width", "+6pt"), .init("height", "+6pt"), .init("lspace", "3pt"), .init("voffset", "3pt")]
            if let border { attributes.append(.init("style", "border: 0.04em solid \(border)")) }
            attributes.append(.init("mathbackground", color))
            return .element("mpadded", attributes, [try text(font: TeXText.Font())])
        case "vphantom": return .element("mpadded", [.init("width", "0px")], [.element("mphantom", [], [try argument()])])
        case "hphantom": return .element("mpadded", [.init("height", "0px"), .init("depth", "0px")], [.element("mphantom", [], [try argument()])])
        case "smash":
            _ = try optionalArgument()
            return .element("mpadded", [.init("height", "0px"), .init("depth", "0px")], [try argument()])
        case "mathstrut":
            return .element("mpadded", [.init("width", "0px")], [.element("mphantom", [], [.op("(", [.init("stretchy", "false")])])])
        case "pmb": return .element("mstyle", [.init("style", "text-shadow: 0.02em 0.01em 0.04px")], [try argument()])
        case "mathnormal": return try argument()
        case "colon":
            return .element("mrow", [], [.element("mspace", [], []), .space(width: "0.1111em"), .op("", [.init("lspace", "0em"), .init("rspace", "0.17em")]),
                                         Self.kern("\u{2009}\u{2063}"), .op(":", [.init("lspace", "0em"), .init("rspace", "0em")]), .space(width: "0.3333em")])
        case "AA": return .element("mover", [.init("accent", "true")], [.identifier("A"), .op("\u{02DA}")])
        case "underbar":
            return .element("munder", [.init("accentunder", "true")], [try text(font: TeXText.Font()), .op("\u{203E}", [.init("stretchy", "true")])])
        case "substack":
            stack += ([.command("begin"), .open] + "subarray".unicodeScalars.map { .character($0) } + [.close, .open, .character("c"), .close]
                      + (try rawArgument()) + [.command("end"), .open] + "subarray".unicodeScalars.map { .character($0) } + [.close]).reversed()
            return nil
        case "genfrac":
            let open = try delimiterArgument()
            let close = try delimiterArgument()
            let thickness = try textArgument()
            let style = try textArgument()
            let fraction = Self.fraction(try argument(), try argument(), thickness: thickness.isEmpty ? nil : "\(Self.emText(try Self.em(of: TeXToken.read(thickness), in: name)))",
                                         fences: open.isEmpty && close.isEmpty ? nil : (open, close))
            let styles = ["0": "displaystyle", "1": "textstyle", "2": "scriptstyle", "3": "scriptscriptstyle"]
            guard let styleName = styles[style], let attributes = Self.styles[styleName] else { return fraction }
            return .element("mstyle", attributes, [fraction])
        case "raisebox":
            let raise = try dimension(name)
            return .element("mpadded", [.init("voffset", Self.emText(raise))], [.element("mstyle", Self.styles["textstyle"]!, [try text(font: TeXText.Font())])])
        case "verb":
            if try peek() == .character("*") { stack.removeLast() }
            guard let delimiter = stack.popLast() else { throw Failure(message: "\\verb needs a delimiter, like \\verb|code|") }
            var tokens: [TeXToken] = []
            while let token = stack.popLast(), token != delimiter { tokens.append(token) }
            return .leaf(.text, TeXToken.source(tokens).replacingOccurrences(of: " ", with: "\u{00A0}"), MathNode.variant("monospace", text: true))
        case "mathchoice":
            let choices = [try argument(), try argument(), try argument(), try argument()]
            return choices[scriptLevel > 0 ? 1 + scriptLevel : display ? 0 : 1]
        case "tag":
            let starred = try peek() == .character("*")
            if starred { stack.removeLast() }
            let label = try rawArgument()
            if numberedDepth == 0 {
                let (macros, depth, budget) = (self.macros, self.depth, self.budget)
                let text = MathNode.row(try TeXText.nodes(label, font: TeXText.Font(), depth: depth) { math, depth in
                    var inner = TeXParser(tokens: math, display: false, macros: macros, depth: depth, budget: budget)
                    return [try inner.parse()]
                })
                // Plain text joins its parentheses in one `<mtext>`; a label with math keeps its own row between them.
                if !starred, case .leaf(.text, let words, let attributes) = text, attributes.isEmpty {
                    tag = .leaf(.text, "(" + words + ")", [])
                } else {
                    tag = starred ? text : .element("mrow", [], [.leaf(.text, "(", []), text, .leaf(.text, ")", [])])
                }
            }
            return nil
        case "mod":
            let inside = try argument()
            return .element("mrow", [], [.element("mspace", [], []), .space(width: display ? "1em" : "0.6667em"),
                                         .element("mrow", [], "mod".map { .identifier(String($0), variant: "normal") }),
                                         Self.kern("\u{2009}"), Self.kern("\u{2009}"), inside])
        default:
            throw Failure(message: "Undefined control sequence: \\\(name)")
        }
    }

    private init(tokens: [TeXToken], display: Bool, macros: [String: Macro], depth: Int, budget: Budget) {
        self.display = display
        self.stack = tokens.reversed()
        self.macros = macros
        self.depth = depth
        self.budget = budget
    }

    static func text(of symbol: TeXSymbol) -> String {
        switch symbol {
        case .identifier(let text, _), .op(let text, _), .largeOp(let text, _), .function(let text, _): return text
        }
    }

    /// A delimiter after `\left`, `\right`, `\big`…: a character, or a symbol's command; `.` is none.
    private mutating func delimiter() throws -> String {
        try skipSpaces()
        guard let token = try next() else { throw Failure(message: "Missing delimiter") }
        switch token {
        case .character("."): return ""
        case .character(let scalar):
            if let symbol = TeXSymbols.characters[Character(scalar)] { return Self.text(of: symbol) }
            return String(scalar)
        case .command(let name):
            if let symbol = TeXSymbols.math[name] { return Self.text(of: symbol) }
            if name == "{" || name == "}" || name == "|" { return name == "|" ? "\u{2016}" : name }
            throw Failure(message: "\\\(name) is not a delimiter")
        default:
            throw Failure(message: "Missing delimiter")
        }
    }

    /// `\left( … \right)`. / Delimitadores que se ajustan.
    private mutating func fenced() throws -> MathNode {
        let open = try delimiter()
        return try nested { parser in
            let inside = try parser.list { $0 == .command("right") }
            guard try parser.next() == .command("right") else { throw Failure(message: "\\left with no \\right after it") }
            let close = try parser.delimiter()
            var nodes: [MathNode] = []
            if !open.isEmpty { nodes.append(.op(open, Self.fenceAttributes(open))) }
            nodes += inside
            if !close.isEmpty { nodes.append(.op(close, Self.fenceAttributes(close))) }
            return .element("mrow", [], nodes)
        }
    }

    // MARK: Environments / entornos

    private mutating func environment() throws -> MathNode {
        let name = try textArgument()
        let base = name.hasSuffix("matrix*") ? String(name.dropLast()) : name
        guard let kind = Self.environments[base] else { throw Failure(message: "No such environment: \(name)") }
        if base != name { _ = try optionalArgument() }
        var edges: [String] = []
        var alignments = kind.alignments
        if ["array", "darray", "alignat", "alignat*", "alignedat", "subarray"].contains(name) {
            // Lines at the table's edges are a box around it (MathML draws lines only between cells).
            // Las líneas en los bordes de la tabla son un recuadro.
            let columns = TeXToken.source(try rawArgument()).filter { !$0.isWhitespace }
            if columns.hasPrefix("|") || columns.hasPrefix(":") { edges.append("left") }
            if columns.count > 1, columns.hasSuffix("|") || columns.hasSuffix(":") { edges.append("right") }
            if name.hasPrefix("array") || name == "darray" || name == "subarray" { alignments = columns.compactMap { ["l": "left", "c": "center", "r": "right"][$0] } }
        }
        let rows: [[MathNode]] = try nested { parser in
            var rows: [[MathNode]] = []
            var row: [MathNode] = []
            // A finished row; numbered environments (align, gather) get KaTeX's empty columns around it.
            let numbered = kind.numbered ? 1 : 0
            parser.numberedDepth += numbered
            defer { parser.numberedDepth -= numbered }
            func finish(_ row: [MathNode]) -> [MathNode] {
                defer { parser.rowUntagged = false }
                return kind.numbered && !parser.rowUntagged ? [.element("mtd", [], [])] + row + [.element("mtd", [], []), .element("mtd", [], [])] : row
            }
            while true {
                let cell = try parser.list { token in
                    token == .alignment || token == .command("\\") || token == .command("cr") || token == .command("end")
                }
                row.append(.element("mtd", [], [.element("mstyle", kind.cellStyle, cell)]))
                guard let token = try parser.next() else { throw Failure(message: "\\begin{\(name)} with no \\end{\(name)}") }
                switch token {
                case .alignment: continue
                case .command("end"):
                    guard try parser.textArgument() == name else { throw Failure(message: "\\begin{\(name)} ended by another \\end") }
                    if !(row.count == 1 && Self.isEmptyCell(row[0]) && !rows.isEmpty) { rows.append(finish(row)) }
                    return rows
                default:
                    _ = try parser.optionalArgument()
                    rows.append(finish(row))
                    row = []
                }
            }
        }
        let styled = rows.map { Self.laidOut($0, alignments: alignments, tight: kind.tight, offset: kind.numbered && $0.count > 1 && Self.isPadding($0[0]) ? 1 : 0) }
        var table = MathNode.element("mtable", kind.tableAttributes, styled.map { .element("mtr", [], $0) })
        if !edges.isEmpty { table = .element("menclose", [.init("notation", edges.joined(separator: " "))], [table]) }
        if base == "smallmatrix" || base == "subarray" { return .element("mstyle", [.init("scriptlevel", "1"), .init("displaystyle", "false")], [table]) }
        guard kind.open != nil || kind.close != nil else { return table }
        var nodes: [MathNode] = []
        if let open = kind.open { nodes.append(.op(open, Self.fenceAttributes(open))) }
        nodes.append(table)
        if let close = kind.close { nodes.append(.op(close, Self.fenceAttributes(close))) }
        return .element("mrow", [], nodes)
    }

    /// A row's cells with what MathML Core leaves to CSS: each column's alignment (Chromium ignores `columnalign`), no
    /// padding at the table's edges nor, in aligned environments, between columns, as LaTeX sets them.
    /// Las celdas de una fila con la alineación y el relleno que MathML Core deja a CSS.
    static func laidOut(_ row: [MathNode], alignments: [String], tight: Bool, offset: Int) -> [MathNode] {
        row.enumerated().map { index, cell in
            guard case .element("mtd", let attributes, let children) = cell, !children.isEmpty else { return cell }
            var style: [String] = []
            let column = index - offset
            if alignments.indices.contains(column), alignments[column] != "center" { style.append("text-align:\(alignments[column])") }
            if tight || column == 0 { style.append("padding-left:0") }
            if tight || index == row.count - 1 - (offset > 0 ? 2 : 0) { style.append("padding-right:0") }
            return style.isEmpty ? cell : .element("mtd", attributes + [.init("style", style.joined(separator: ";"))], children)
        }
    }

    private static func isPadding(_ cell: MathNode) -> Bool {
        if case .element("mtd", _, let children) = cell { return children.isEmpty }
        return false
    }

    private static func isEmptyCell(_ cell: MathNode) -> Bool {
        if case .element("mtd", _, let children) = cell, case .element("mstyle", _, let inside)? = children.first { return inside.isEmpty }
        return false
    }

    struct Environment {
        let open: String?
        let close: String?
        let cellStyle: [MathNode.Attribute]
        let tableAttributes: [MathNode.Attribute]
        /// Environments that number their rows in LaTeX: KaTeX pads their rows with empty columns.
        var numbered = false
        /// Each column's alignment, repeated for as many columns as a row has (none: centred).
        var alignments: [String] = []
        /// Columns set against each other with no space between (`aligned`: the relation's own space separates them).
        var tight = false
    }

    static let textCells: [MathNode.Attribute] = [.init("scriptlevel", "0"), .init("displaystyle", "false")]
    static let displayCells: [MathNode.Attribute] = [.init("scriptlevel", "0"), .init("displaystyle", "true")]
    static let aligned: [MathNode.Attribute] = [.init("columnalign", "right left right left right left"), .init("columnspacing", "0em")]
    /// Right, left, right, left…: `aligned`'s columns. / Las columnas de `aligned`.
    static let alternating = (0..<40).map { $0.isMultiple(of: 2) ? "right" : "left" }

    static let environments: [String: Environment] = [
        "matrix": .init(open: nil, close: nil, cellStyle: textCells, tableAttributes: []),
        "smallmatrix": .init(open: nil, close: nil, cellStyle: [.init("scriptlevel", "1"), .init("displaystyle", "false")], tableAttributes: []),
        "pmatrix": .init(open: "(", close: ")", cellStyle: textCells, tableAttributes: []),
        "bmatrix": .init(open: "[", close: "]", cellStyle: textCells, tableAttributes: []),
        "Bmatrix": .init(open: "{", close: "}", cellStyle: textCells, tableAttributes: []),
        "vmatrix": .init(open: "\u{2223}", close: "\u{2223}", cellStyle: textCells, tableAttributes: []),
        "Vmatrix": .init(open: "\u{2225}", close: "\u{2225}", cellStyle: textCells, tableAttributes: []),
        "cases": .init(open: "{", close: nil, cellStyle: textCells, tableAttributes: [.init("columnalign", "left left")], alignments: ["left", "left"]),
        "dcases": .init(open: "{", close: nil, cellStyle: displayCells, tableAttributes: [.init("columnalign", "left left")], alignments: ["left", "left"]),
        "rcases": .init(open: nil, close: "}", cellStyle: textCells, tableAttributes: [.init("columnalign", "left left")], alignments: ["left", "left"]),
        "drcases": .init(open: nil, close: "}", cellStyle: displayCells, tableAttributes: [.init("columnalign", "left left")], alignments: ["left", "left"]),
        "subarray": .init(open: nil, close: nil, cellStyle: [.init("scriptlevel", "1"), .init("displaystyle", "false")], tableAttributes: []),
        "array": .init(open: nil, close: nil, cellStyle: textCells, tableAttributes: []),
        "darray": .init(open: nil, close: nil, cellStyle: displayCells, tableAttributes: []),
        "aligned": .init(open: nil, close: nil, cellStyle: displayCells, tableAttributes: aligned, alignments: Self.alternating, tight: true),
        "align": .init(open: nil, close: nil, cellStyle: displayCells, tableAttributes: aligned, numbered: true, alignments: Self.alternating, tight: true),
        "align*": .init(open: nil, close: nil, cellStyle: displayCells, tableAttributes: aligned, alignments: Self.alternating, tight: true),
        "split": .init(open: nil, close: nil, cellStyle: displayCells, tableAttributes: aligned, alignments: Self.alternating, tight: true),
        "alignat": .init(open: nil, close: nil, cellStyle: displayCells, tableAttributes: aligned, numbered: true, alignments: Self.alternating, tight: true),
        "alignat*": .init(open: nil, close: nil, cellStyle: displayCells, tableAttributes: aligned, alignments: Self.alternating, tight: true),
        "alignedat": .init(open: nil, close: nil, cellStyle: displayCells, tableAttributes: aligned, alignments: Self.alternating, tight: true),
        "gathered": .init(open: nil, close: nil, cellStyle: displayCells, tableAttributes: []),
        "gather": .init(open: nil, close: nil, cellStyle: displayCells, tableAttributes: [], numbered: true),
        "gather*": .init(open: nil, close: nil, cellStyle: displayCells, tableAttributes: []),
        "equation": .init(open: nil, close: nil, cellStyle: displayCells, tableAttributes: [], numbered: true),
        "equation*": .init(open: nil, close: nil, cellStyle: displayCells, tableAttributes: []),
    ]

    // MARK: Macros / macros

    /// `\newcommand{\name}[n]{body}` (also `\newcommand\name…`). / Define una macro.
    private mutating func define() throws {
        if try peek() == .character("*") { stack.removeLast() }
        let nameTokens = try rawArgument()
        guard nameTokens.count == 1, case .command(let name) = nameTokens[0] else { throw Failure(message: "\\newcommand needs a \\name") }
        var parameters = 0
        if let count = try optionalArgument() {
            guard let number = Int(TeXToken.source(count).trimmingCharacters(in: .whitespaces)), (0...9).contains(number) else {
                throw Failure(message: "\\newcommand's number of arguments must be 0 to 9")
            }
            parameters = number
        }
        macros[name] = Macro(parameters: parameters, body: try rawArgument())
    }

    /// `\def\name#1#2{body}`.
    private mutating func defineByDef() throws {
        try skipSpaces()
        guard case .command(let name)? = stack.popLast() else { throw Failure(message: "\\def needs a \\name") }
        var parameters = 0
        while case .parameter(let number)? = stack.last {
            guard number == parameters + 1 else { throw Failure(message: "\\def's parameters must be #1, #2, … in order") }
            parameters = number
            stack.removeLast()
        }
        guard stack.last == .open else { throw Failure(message: "\\def\\\(name) needs its body in braces") }
        macros[name] = Macro(parameters: parameters, body: try rawArgument())
    }

    // MARK: Tables / tablas

    /// "mod" as KaTeX writes it in `\pmod` and `\bmod`: three upright letters.
    static let mod = MathNode.element("mrow", [], ["m", "o", "d"].map { MathNode.identifier($0, variant: "normal") })

    /// Commands KaTeX defines as TeX of others. / Órdenes que KaTeX define con otras.
    static let builtInMacros: [String: String] = [
        "iff": "\\;\\Longleftrightarrow\\;", "implies": "\\;\\Longrightarrow\\;", "impliedby": "\\;\\Longleftarrow\\;",
        "dotsi": "\\!\\cdots", "dotsx": "\\ldots\\,", "TeX": "\\text{TeX}", "LaTeX": "\\text{LaTeX}", "KaTeX": "\\text{KaTeX}",
        "copyright": "\\text{©}", "rq": "'",
    ]

    static func fraction(_ above: MathNode, _ below: MathNode, thickness: String? = nil, fences: (String, String)? = nil) -> MathNode {
        let fraction = MathNode.element("mfrac", thickness.map { [.init("linethickness", $0)] } ?? [], [above, below])
        guard let fences else { return fraction }
        return .element("mrow", [], [.op(fences.0, [.init("fence", "true")]), fraction, .op(fences.1, [.init("fence", "true")])])
    }

    static let infixFractions: [String: (thickness: String?, fences: (String, String)?)] = [
        "over": (nil, nil), "choose": ("0px", ("(", ")")), "atop": ("0px", nil), "brack": ("0px", ("[", "]")), "brace": ("0px", ("{", "}")),
    ]

    static let styles: [String: [MathNode.Attribute]] = [
        "displaystyle": [.init("scriptlevel", "0"), .init("displaystyle", "true")],
        "textstyle": [.init("scriptlevel", "0"), .init("displaystyle", "false")],
        "scriptstyle": [.init("scriptlevel", "1"), .init("displaystyle", "false")],
        "scriptscriptstyle": [.init("scriptlevel", "2"), .init("displaystyle", "false")],
    ]

    static let fonts: [String: String] = [
        "mathbf": "bold", "mathbb": "double-struck", "mathcal": "script", "mathscr": "script", "mathfrak": "fraktur",
        "mathrm": "normal", "mathit": "italic", "mathsf": "sans-serif", "mathtt": "monospace", "boldsymbol": "bold-italic",
        "bm": "bold-italic", "mathbfit": "bold-italic", "Bbb": "double-struck", "bold": "bold", "frak": "fraktur",
    ]

    /// Spaces as KaTeX writes them: the small ones as space characters in `<mtext>` (kerns, never joined to the text
    /// beside them: `data-kern`), the wide ones as `<mspace>`.
    static let spaces: [String: MathNode] = [
        ",": kern("\u{2009}"), "thinspace": kern("\u{2009}"),
        ":": kern("\u{2005}"), ">": kern("\u{2005}"), "medspace": kern("\u{2005}"),
        ";": kern("\u{2005}\u{200A}"), "thickspace": kern("\u{2005}\u{200A}"),
        "!": kern("\u{2009}\u{2063}"), "negthinspace": kern("\u{2009}\u{2063}"),
        "negmedspace": kern("\u{2005}\u{2063}"), "negthickspace": kern("\u{2005}\u{200A}\u{2063}"),
        " ": .leaf(.text, "\u{00A0}", []), "~": .leaf(.text, "\u{00A0}", []), "nobreakspace": .leaf(.text, "\u{00A0}", []),
        "quad": .space(width: "1em"), "qquad": .space(width: "2em"), "enspace": .space(width: "0.5em"),
    ]

    /// A fence's attributes: no space beside it, as TeX sets `\left` and `\right` (the operator dictionary spaces ⟨ and
    /// the bars as relations), and the bars (∣ ∥), which it does not stretch, stretched so that Chromium draws them as
    /// tall as their content. / Sin espacio junto a la valla; las barras se estiran explícitamente.
    static func fenceAttributes(_ mark: String) -> [MathNode.Attribute] {
        mark == "\u{2223}" || mark == "\u{2225}"
            ? [.init("fence", "true"), .init("stretchy", "true"), .init("lspace", "0em"), .init("rspace", "0em")]
            : [.init("fence", "true"), .init("lspace", "0em"), .init("rspace", "0em")]
    }

    /// A kern's `<mtext>`; a negative one (its characters end in U+2063, as KaTeX writes `\!`) also pulls what follows
    /// back by twice the space it draws, in CSS: no character has a negative width. / Un espacio negativo, en CSS.
    static func kern(_ text: String) -> MathNode {
        guard text.unicodeScalars.last == "\u{2063}" else { return .leaf(.text, text, [.init("data-kern", "")]) }
        let drawn = text.unicodeScalars.reduce(0) { $0 + (spaceWidths[$1] ?? 0) }
        return .leaf(.text, text, [.init("data-kern", ""), .init("style", "margin-inline-end:-\(emText(2 * drawn))")])
    }

    /// Old font switches that style the rest of their list (`{\\rm d}x`).
    static let oldFonts: [String: String] = ["rm": "normal", "bf": "bold", "it": "italic", "sf": "sans-serif", "tt": "monospace", "cal": "script"]

    /// Size switches, as KaTeX's `mathsize`. / Cambios de tamaño.
    static let sizes: [String: String] = [
        "tiny": "0.5em", "sixptsize": "0.6em", "scriptsize": "0.7em", "footnotesize": "0.8em", "small": "0.9em", "normalsize": "1em",
        "large": "1.2em", "Large": "1.44em", "LARGE": "1.728em", "huge": "2.074em", "Huge": "2.488em",
    ]

    static let delimiterSizes: [String: String] = [
        "big": "1.2em", "bigl": "1.2em", "bigr": "1.2em", "bigm": "1.2em",
        "Big": "1.8em", "Bigl": "1.8em", "Bigr": "1.8em", "Bigm": "1.8em",
        "bigg": "2.4em", "biggl": "2.4em", "biggr": "2.4em", "biggm": "2.4em",
        "Bigg": "3em", "Biggl": "3em", "Biggr": "3em", "Biggm": "3em",
    ]
}

extension TeXParser {
    /// `\text{…}`'s argument read in text mode in `font` (`TeXText`), its math made by this parser's macros.
    mutating func text(font: TeXText.Font) throws -> MathNode {
        let tokens = try rawArgument()
        let (macros, depth, budget) = (self.macros, self.depth, self.budget)
        return MathNode.row(try TeXText.nodes(tokens, font: font, depth: depth) { math, depth in
            var inner = TeXParser(tokens: math, display: false, macros: macros, depth: depth, budget: budget)
            return [try inner.parse()]
        })
    }

    /// A colour argument: a name or a `#` hex code, nothing that could end the CSS declaration it goes into.
    /// Un color: un nombre o un código `#`, nada que cierre la declaración CSS donde va.
    mutating func colour(_ command: String) throws -> String {
        let written = try textArgument()
        guard (1...40).contains(written.unicodeScalars.count),
              written.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "#") }) else {
            throw Failure(message: "\\\(command) needs a colour name or #hex code")
        }
        return written
    }

    /// A delimiter given as an argument (`\genfrac`'s `(` or `{}` for none). / Un delimitador como argumento.
    mutating func delimiterArgument() throws -> String {
        let tokens = try rawArgument()
        guard let first = tokens.first else { return "" }
        var inner = TeXParser(tokens: [first], display: false, macros: [:], depth: 0, budget: budget)
        return try inner.delimiter()
    }

    /// A dimension after `\kern`-like commands (`1em`, `{-0.25em}`, `3mu`, `2pt`), in ems.
    mutating func dimension(_ command: String) throws -> Double {
        try skipSpaces()
        if try peek() == .open { return try Self.em(of: try rawArgument(), in: command) }
        var tokens: [TeXToken] = []
        while case .character(let scalar)? = try peek(), "+-.,0123456789".unicodeScalars.contains(scalar) || (scalar == " " && tokens.isEmpty) {
            tokens.append(.character(scalar))
            stack.removeLast()
        }
        try skipSpaces()
        for _ in 0..<2 {
            guard case .character(let scalar)? = try peek(), TeXToken.isLetter(scalar) else { break }
            tokens.append(.character(scalar))
            stack.removeLast()
        }
        return try Self.em(of: tokens, in: command)
    }

    /// A dimension's tokens in ems, as KaTeX counts its units (18 mu to the em, 10 pt, an ex of 0.431 em).
    static func em(of tokens: [TeXToken], in command: String) throws -> Double {
        let text = TeXToken.source(tokens).replacingOccurrences(of: " ", with: "")
        let unitStart = text.firstIndex { $0.isLetter } ?? text.endIndex
        guard let number = Double(text[..<unitStart].replacingOccurrences(of: ",", with: ".")), number.isFinite, abs(number) < 1_000,
              let unit = Self.emsPerUnit[String(text[unitStart...])] else {
            throw Failure(message: "\\\(command) needs a dimension like 1em or 3mu")
        }
        return number * unit
    }

    /// KaTeX's units in ems. / Las unidades de KaTeX en ems.
    static let emsPerUnit: [String: Double] = ["em": 1, "mu": 1.0 / 18, "ex": 0.431, "pt": 0.1, "pc": 1.2, "bp": 0.1004, "dd": 0.107,
                                               "cc": 1.284, "sp": 0.1 / 65_536, "px": 0.1004, "in": 7.227, "cm": 2.845, "mm": 0.2845]

    static func emText(_ em: Double) -> String {
        var text = String(format: "%.4f", em)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text + "em"
    }

    /// The widths KaTeX writes as space characters, and those characters. / Los anchos que KaTeX escribe como caracteres.
    static let spaceCharacters: [(ClosedRange<Double>, String)] = [
        (0.05555...0.05556, "\u{200A}"), (0.1666...0.1667, "\u{2009}"), (0.2222...0.2223, "\u{2005}"), (0.2777...0.2778, "\u{2005}\u{200A}"),
        (-0.05556...(-0.05555), "\u{200A}\u{2063}"), (-0.1667...(-0.1666), "\u{2009}\u{2063}"), (-0.2223...(-0.2222), "\u{205F}\u{2063}"),
        (-0.2778...(-0.2777), "\u{2005}\u{2063}"),
    ]
    /// What a space character draws, in ems. / Lo que dibuja cada carácter de espacio.
    static let spaceWidths: [Unicode.Scalar: Double] = ["\u{200A}": 0.0556, "\u{2009}": 0.1667, "\u{2005}": 0.2222, "\u{205F}": 0.2222]

    /// A kern as KaTeX writes it: the space character of a known width in `<mtext>`, any other width as `<mspace>`.
    static func kern(em: Double) -> MathNode {
        if let (_, text) = Self.spaceCharacters.first(where: { $0.0.contains(em) }) { return kern(text) }
        return .space(width: emText(em))
    }

    /// `\dots` and its kin by amsmath's rules, as KaTeX applies them: centred before a binary operator or a relation,
    /// low otherwise, and a thin space after them before a closing delimiter or punctuation.
    /// Los puntos según las reglas de amsmath.
    mutating func dots(_ name: String) throws -> MathNode {
        try skipSpaces()
        let next = Self.lookahead(try peek())
        var kind = name
        if name == "dots" {
            if let chosen = Self.dotsByToken[next] { kind = chosen }
            else if next.hasPrefix("\\not") { kind = "dotsb" }
            else if next.hasPrefix("\\"), next != "\\colon", case .op(_, stretchy: true)? = TeXSymbols.math[String(next.dropFirst())] { kind = "dotsb" }
            else { kind = "dotso" }
        }
        switch kind {
        case "dotsi": return .element("mrow", [], [Self.kern("\u{2009}\u{2063}"), .op("\u{22EF}")])
        case "dotsx": return .element("mrow", [], [.op("\u{2026}"), Self.kern("\u{2009}")])
        default:
            let centred = ["cdots", "dotsb", "dotsm"].contains(kind)
            let spaced = Self.spaceAfterDots.contains(next) && !(kind == "dotsc" && next == ",")
            let dots = MathNode.op(centred ? "\u{22EF}" : "\u{2026}")
            return spaced ? .element("mrow", [], [dots, Self.kern("\u{2009}")]) : dots
        }
    }

    /// A token as KaTeX names it when it looks ahead: `\name`, the character, or `EOF`.
    static func lookahead(_ token: TeXToken?) -> String {
        switch token {
        case .command(let name)?: return "\\" + name
        case .character(let scalar)?: return String(scalar)
        case .open?: return "{"
        case .close?: return "}"
        case .sup?: return "^"
        case .sub?: return "_"
        case .alignment?: return "&"
        default: return "EOF"
        }
    }

    static let spaceAfterDots: Set<String> = [")", "]", "\\rbrack", "\\}", "\\rbrace", "\\rangle", "\\rceil", "\\rfloor", "\\rgroup", "\\rmoustache",
                                              "\\right", "\\bigr", "\\biggr", "\\Bigr", "\\Biggr", "$", ";", ".", ","]
    static let dotsByToken: [String: String] = {
        var table: [String: String] = [",": "dotsc", "\\not": "dotsb", "\\DOTSI": "dotsi", "\\DOTSX": "dotsx"]
        for token in ["+", "=", "<", ">", "-", "*", ":", "\\DOTSB", "\\coprod", "\\bigvee", "\\bigwedge", "\\biguplus", "\\bigcap",
                      "\\bigcup", "\\prod", "\\sum", "\\bigotimes", "\\bigoplus", "\\bigodot", "\\bigsqcup", "\\And", "\\longrightarrow",
                      "\\Longrightarrow", "\\longleftarrow", "\\Longleftarrow", "\\longleftrightarrow", "\\Longleftrightarrow", "\\mapsto",
                      "\\longmapsto", "\\hookrightarrow", "\\doteq", "\\mathbin", "\\mathrel", "\\relbar", "\\Relbar", "\\xrightarrow", "\\xleftarrow"] {
            table[token] = "dotsb"
        }
        for token in ["\\int", "\\oint", "\\iint", "\\iiint", "\\iiiint", "\\idotsint"] { table[token] = "dotsi" }
        return table
    }()

    /// KaTeX's extensible arrows (`\xrightarrow[below]{above}`) and the character each stretches.
    static let extensibleArrows: [String: String] = [
        "xleftarrow": "\u{2190}", "xrightarrow": "\u{2192}", "xLeftarrow": "\u{21D0}", "xRightarrow": "\u{21D2}", "xleftrightarrow": "\u{2194}",
        "xLeftrightarrow": "\u{21D4}", "xhookleftarrow": "\u{21A9}", "xhookrightarrow": "\u{21AA}", "xmapsto": "\u{21A6}",
        "xrightharpoondown": "\u{21C1}", "xrightharpoonup": "\u{21C0}", "xleftharpoondown": "\u{21BD}", "xleftharpoonup": "\u{21BC}",
        "xrightleftharpoons": "\u{21CC}", "xleftrightharpoons": "\u{21CB}", "xlongequal": "=", "xtwoheadrightarrow": "\u{21A0}",
        "xtwoheadleftarrow": "\u{219E}", "xtofrom": "\u{21C4}", "xrightleftarrows": "\u{21C4}", "xrightequilibrium": "\u{21CC}",
        "xleftequilibrium": "\u{21CB}",
    ]

    /// An extensible arrow with its labels: over it, under it, or both. / Una flecha extensible con sus etiquetas.
    mutating func extensibleArrow(_ mark: String) throws -> MathNode {
        let below = try optionalArgument().map { tokens -> MathNode in
            var inner = TeXParser(tokens: tokens, display: false, macros: macros, depth: depth + 1, budget: budget)
            return try inner.parse()
        }
        let above = try argument()
        let arrow = MathNode.op(mark, [.init("stretchy", "true"), .init("minsize", "3.0em")])
        func padded(_ node: MathNode) -> MathNode { .element("mpadded", [.init("width", "+0.6em"), .init("lspace", "0.3em")], [node]) }
        let hasAbove = !(above == .element("mrow", [], []))
        switch (below, hasAbove) {
        case (let below?, true): return .element("munderover", [], [arrow, padded(below), padded(above)])
        case (let below?, false): return .element("munder", [], [arrow, padded(below)])
        default: return .element("mover", [], [arrow, padded(above)])
        }
    }
}
