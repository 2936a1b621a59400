/// A fenced block's info string read as GitHub and Hugo read it: the language is the first word (`rust,ignore` → rust,
/// `{.swift}` → swift), and Hugo's attributes in braces set line numbers and marked lines
/// (`go {linenos=table,hl_lines=[2,"4-6"],linenostart=10}`), as do MkDocs' after the language (`py linenums="1" hl_lines="2"`).
/// La cadena de información de un bloque, leída como GitHub y Hugo: lenguaje y atributos de Hugo.
public struct CodeFence: Sendable, Equatable {
    /// The language as written (`rust`, `Go`, `c++`); empty when the fence names none.
    public var language: String
    public var options: CodeBlockOptions

    /// At most this many marked ranges and this line number, so an info string cannot ask for unbounded work.
    static let maximumRanges = 1_000
    static let maximumLine = 1_000_000

    public init(language: String, options: CodeBlockOptions = CodeBlockOptions()) {
        self.language = language
        self.options = options
    }

    public init(info: String) {
        // Read on Unicode scalars, without Foundation: a docs folder has a fence per block, each read once per build.
        let text = Self.trimmed(info.unicodeScalars[...])
        var language = ""
        var attributes = Substring.UnicodeScalarView()
        if text.first == "{" {
            attributes = text.dropFirst().prefix { $0 != "}" }
        } else {
            let word = text.prefix { !Self.isSpace($0) && $0 != "," && $0 != "{" && $0 != ";" }
            if word.contains("=") {
                // MkDocs' attributes with no language (`title=".gitignore"`, pymdownx.superfences).
                attributes = text
            } else {
                language = String(word.prefix(64))
                let rest = text[word.endIndex...]
                if let open = rest.firstIndex(of: "{") {
                    attributes = rest[rest.index(after: open)...].prefix { $0 != "}" }
                } else if rest.contains("=") {
                    // `yaml title="mkdocs.yml" linenums="1" hl_lines="2 3"`, as pymdownx.superfences reads it.
                    attributes = rest
                }
            }
        }
        var options = CodeBlockOptions()
        for (key, value) in Self.pairs(attributes) {
            switch key {
            case "": if language.isEmpty, value.hasPrefix("."), value.unicodeScalars.count > 1 { language = String(value.unicodeScalars.dropFirst().prefix(64)) }
            case "linenos":
                switch value.lowercased() {
                case "true", "table": options.lineNumbers = .table
                case "inline": options.lineNumbers = .inline
                default: options.lineNumbers = .none
                }
            case "linenostart":
                if let number = Int(value) { options.lineNumberStart = min(max(number, 0), Self.maximumLine) }
            case "linenums":
                // pymdownx.highlight: numbered from the value.
                options.lineNumbers = .table
                if let number = Int(value.filter { $0 != "\"" && $0 != "'" }) { options.lineNumberStart = min(max(number, 0), Self.maximumLine) }
            case "hl_lines":
                options.highlightedLines = Self.ranges(value)
            default: break
            }
        }
        self.init(language: language, options: options)
    }

    /// Unicode's white space, asked of Unicode's tables only beyond ASCII.
    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? scalar == " " || (9...13).contains(scalar.value) : scalar.properties.isWhitespace
    }

    /// Without the spaces and tabs around it.
    private static func trimmed(_ scalars: Substring.UnicodeScalarView) -> Substring.UnicodeScalarView {
        func isBlank(_ scalar: Unicode.Scalar) -> Bool { isSpace(scalar) && scalar != "\n" && scalar != "\r" }
        guard let first = scalars.firstIndex(where: { !isBlank($0) }), let last = scalars.lastIndex(where: { !isBlank($0) }) else { return Substring.UnicodeScalarView() }
        return scalars[first...last]
    }

    /// `key=value` pairs split on commas and spaces outside brackets and quotes; a bare word (`.swift`) has no key.
    static func pairs(_ attributes: Substring.UnicodeScalarView) -> [(String, String)] {
        var pairs: [(String, String)] = []
        var current = String.UnicodeScalarView()
        var depth = 0
        var quoted = false
        func finish() {
            let item = trimmed(current[...])
            current = String.UnicodeScalarView()
            guard !item.isEmpty, pairs.count < 64 else { return }
            if let equals = item.firstIndex(of: "=") {
                let value = trimmed(item[item.index(after: equals)...])
                pairs.append((String(trimmed(item[..<equals])).lowercased(), String(value)))
            } else {
                pairs.append(("", String(item)))
            }
        }
        for scalar in attributes.prefix(4_096) {
            switch scalar {
            case "\"": quoted.toggle(); current.append(scalar)
            case "[" where !quoted: depth += 1; current.append(scalar)
            case "]" where !quoted: depth = max(0, depth - 1); current.append(scalar)
            case ",", " ", "\t":
                if depth == 0 && !quoted { finish() } else { current.append(scalar) }
            default: current.append(scalar)
            }
        }
        finish()
        return pairs
    }

    /// `[2,"4-6"]`, `"2 4-6"` or `3`: the lines, as closed ranges, in the order written.
    static func ranges(_ value: String) -> [ClosedRange<Int>] {
        var ranges: [ClosedRange<Int>] = []
        let items = value.unicodeScalars.split { "[]\"', \t".unicodeScalars.contains($0) }
        for item in items.prefix(maximumRanges) where item.first != "-" {
            let bounds = item.split(separator: "-", maxSplits: 1).map { Int(String($0)) }
            guard let first = bounds.first ?? nil, (0...maximumLine).contains(first) else { continue }
            let last = bounds.count == 2 ? (bounds[1] ?? first) : first
            guard (first...maximumLine).contains(last) else { continue }
            ranges.append(first...last)
        }
        return ranges
    }
}
