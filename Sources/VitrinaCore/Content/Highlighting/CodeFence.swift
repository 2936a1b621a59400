import Foundation

/// A fenced block's info string read as GitHub and Hugo read it: the language is the first word (`rust,ignore` → rust,
/// `{.swift}` → swift), and Hugo's attributes in braces set line numbers and marked lines
/// (`go {linenos=table,hl_lines=[2,"4-6"],linenostart=10}`).
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
        var text = Substring(info.trimmingCharacters(in: .whitespaces))
        var language = ""
        var attributes = ""
        if text.hasPrefix("{") {
            attributes = String(text.dropFirst().prefix { $0 != "}" })
        } else {
            language = String(text.prefix { !$0.isWhitespace && $0 != "," && $0 != "{" && $0 != ";" })
            text = text.dropFirst(language.count)
            if let open = text.firstIndex(of: "{") { attributes = String(text[text.index(after: open)...].prefix { $0 != "}" }) }
        }
        var options = CodeBlockOptions()
        for (key, value) in Self.pairs(attributes) {
            switch key {
            case "": if language.isEmpty, value.hasPrefix("."), value.count > 1 { language = String(value.dropFirst()) }
            case "linenos":
                switch value.lowercased() {
                case "true", "table": options.lineNumbers = .table
                case "inline": options.lineNumbers = .inline
                default: options.lineNumbers = .none
                }
            case "linenostart":
                if let number = Int(value) { options.lineNumberStart = min(max(number, 0), Self.maximumLine) }
            case "hl_lines":
                options.highlightedLines = Self.ranges(value)
            default: break
            }
        }
        self.init(language: String(language.unicodeScalars.prefix(64)), options: options)
    }

    /// `key=value` pairs split on commas and spaces outside brackets and quotes; a bare word (`.swift`) has no key.
    static func pairs(_ attributes: String) -> [(String, String)] {
        var pairs: [(String, String)] = []
        var current = ""
        var depth = 0
        var quoted = false
        func finish() {
            let item = current.trimmingCharacters(in: .whitespaces)
            current = ""
            guard !item.isEmpty, pairs.count < 64 else { return }
            if let equals = item.firstIndex(of: "=") {
                let value = item[item.index(after: equals)...].trimmingCharacters(in: .whitespaces)
                pairs.append((item[..<equals].trimmingCharacters(in: .whitespaces).lowercased(), value))
            } else {
                pairs.append(("", item))
            }
        }
        for character in attributes.prefix(4_096) {
            switch character {
            case "\"": quoted.toggle(); current.append(character)
            case "[" where !quoted: depth += 1; current.append(character)
            case "]" where !quoted: depth = max(0, depth - 1); current.append(character)
            case ",", " ", "\t":
                if depth == 0 && !quoted { finish() } else { current.append(character) }
            default: current.append(character)
            }
        }
        finish()
        return pairs
    }

    /// `[2,"4-6"]`, `"2 4-6"` or `3`: the lines, as closed ranges, in the order written.
    static func ranges(_ value: String) -> [ClosedRange<Int>] {
        let cleaned = value.map { "[]\"'".contains($0) ? " " : $0 }
        var ranges: [ClosedRange<Int>] = []
        for item in String(cleaned).split(whereSeparator: { $0 == "," || $0 == " " }).prefix(maximumRanges) where !item.hasPrefix("-") {
            let bounds = item.split(separator: "-", maxSplits: 1).map { Int($0.trimmingCharacters(in: .whitespaces)) }
            guard let first = bounds.first ?? nil, (0...maximumLine).contains(first) else { continue }
            let last = bounds.count == 2 ? (bounds[1] ?? first) : first
            guard (first...maximumLine).contains(last) else { continue }
            ranges.append(first...last)
        }
        return ranges
    }
}
