/// Rewrites a Chroma pattern (Go's regexp2, .NET syntax with RE2's additions) into the same pattern for ICU: literal `[`,
/// `&` and `{` escaped where ICU would read syntax, .NET's class subtraction `[a-z-[aeiou]]` and RE2's `(?P<name>` in
/// ICU's spelling, `\v` as the single character regexp2 means, and group names ICU accepts.
/// Traduce un patrón de Chroma (regexp2) al mismo patrón para ICU.
enum PatternTranslation {
    static func icu(_ pattern: String) -> String {
        guard !pattern.isEmpty else { return "(?:)" }
        let scalars = Array(pattern.unicodeScalars)
        var out = [Unicode.Scalar]()
        var index = 0
        var freeSpacing = false
        // For each open group: whether it is a lookbehind (ICU needs those bounded: `*` and `+` become {0,255} and
        // {1,255}), whether it is a lookahead, and where it starts in the output (an optional lookahead is dropped whole).
        var groups: [(lookbehind: Bool, lookahead: Bool, start: Int)] = []
        while index < scalars.count {
            let scalar = scalars[index]
            switch scalar {
            case "*", "+":
                out.append(contentsOf: groups.contains { $0.lookbehind } ? (scalar == "*" ? "{0,255}" : "{1,255}").unicodeScalars : String(scalar).unicodeScalars)
            case ")":
                let group = groups.popLast()
                if let group, group.lookahead, index + 1 < scalars.count, scalars[index + 1] == "?" || scalars[index + 1] == "*" {
                    // An optional lookahead always matches and takes nothing; ICU refuses to quantify it.
                    out.removeSubrange(group.start...)
                    index += 2
                    continue
                }
                out.append(scalar)
            case "\\":
                index = escape(scalars, at: index, into: &out)
                continue
            case "[":
                index = characterClass(scalars, at: index, freeSpacing: freeSpacing, into: &out)
                continue
            case "(":
                groups.append((starts(scalars, at: index, with: "(?<=") || starts(scalars, at: index, with: "(?<!"),
                               starts(scalars, at: index, with: "(?=") || starts(scalars, at: index, with: "(?!"), out.endIndex))
                if starts(scalars, at: index, with: "(?P<") {
                    out.append(contentsOf: "(?<".unicodeScalars)
                    index = groupName(scalars, at: index + 4, into: &out)
                    continue
                }
                if starts(scalars, at: index, with: "(?<"), index + 3 < scalars.count, scalars[index + 3] != "=", scalars[index + 3] != "!" {
                    out.append(contentsOf: "(?<".unicodeScalars)
                    index = groupName(scalars, at: index + 3, into: &out)
                    continue
                }
                if starts(scalars, at: index, with: "(?x") || starts(scalars, at: index, with: "(?ix") || starts(scalars, at: index, with: "(?sx")
                    || starts(scalars, at: index, with: "(?mx") {
                    freeSpacing = true
                }
                out.append(scalar)
            case "{":
                if isQuantifier(scalars, at: index) { out.append(scalar) } else { out.append(contentsOf: "\\{".unicodeScalars) }
            case "}":
                // A `}` that closes no quantifier is a literal in regexp2; ICU reads it the same, escaped to be sure.
                out.append(contentsOf: closesQuantifier(scalars, at: index) ? "}".unicodeScalars : "\\}".unicodeScalars)
            default:
                out.append(scalar)
            }
            index += 1
        }
        return string(out)
    }

    /// The scalars as a String, encoded once (appending scalars to a String one by one costs more than the rewrite).
    private static func string(_ scalars: [Unicode.Scalar]) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(scalars.count)
        for scalar in scalars { UTF8.encode(scalar) { bytes.append($0) } }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func starts(_ scalars: [Unicode.Scalar], at index: Int, with literal: String) -> Bool {
        var position = index
        for scalar in literal.unicodeScalars {
            guard position < scalars.count, scalars[position] == scalar else { return false }
            position += 1
        }
        return true
    }

    /// Copies an escape outside a class; `\v` becomes the vertical tab and `\k<name>` / `\k'name'` a name ICU accepts.
    private static func escape(_ scalars: [Unicode.Scalar], at index: Int, into out: inout [Unicode.Scalar]) -> Int {
        guard index + 1 < scalars.count else {
            out.append(contentsOf: "\\\\".unicodeScalars)
            return index + 1
        }
        let next = scalars[index + 1]
        if let end = bracedEscapeEnd(scalars, at: index) {
            out.append(contentsOf: scalars[index...end])
            return end + 1
        }
        if next == "b" || next == "B", index + 2 < scalars.count, scalars[index + 2] == "?" || scalars[index + 2] == "*" {
            // An optional word boundary always matches; ICU cannot quantify an assertion.
            return index + 3
        }
        switch next {
        case "v":
            out.append(contentsOf: "\\x{0B}".unicodeScalars)
            return index + 2
        case "Z":
            // regexp2 in RE2 mode (as Chroma compiles) matches `\Z` at the very end only, as ICU's `\z`.
            out.append(contentsOf: "\\z".unicodeScalars)
            return index + 2
        case "k" where index + 2 < scalars.count && (scalars[index + 2] == "<" || scalars[index + 2] == "'"):
            out.append(contentsOf: "\\k<".unicodeScalars)
            return groupName(scalars, at: index + 3, into: &out)
        case "h":
            // regexp2 has no \h; it reads it as a literal h.
            out.append("h")
            return index + 2
        default:
            out.append("\\")
            out.append(next)
            return index + 2
        }
    }

    /// The end of `\p{…}`, `\P{…}`, `\x{…}`, `\u{…}` or `\N{…}` starting at `index`, copied whole.
    private static func bracedEscapeEnd(_ scalars: [Unicode.Scalar], at index: Int) -> Int? {
        guard index + 2 < scalars.count, "pPxuN".unicodeScalars.contains(scalars[index + 1]), scalars[index + 2] == "{" else { return nil }
        var position = index + 3
        while position < scalars.count, position - index < 64 {
            if scalars[position] == "}" { return position }
            position += 1
        }
        return nil
    }

    /// A group name up to its closing `>` or `'`, kept to the ASCII letters and digits ICU allows (`_` dropped).
    private static func groupName(_ scalars: [Unicode.Scalar], at index: Int, into out: inout [Unicode.Scalar]) -> Int {
        var position = index
        var name = [Unicode.Scalar]()
        while position < scalars.count, scalars[position] != ">", scalars[position] != "'" {
            let scalar = scalars[position]
            if scalar.properties.isASCIIHexDigit || (scalar.isASCII && scalar.properties.isAlphabetic) || ("0"..."9").contains(scalar) {
                name.append(scalar)
            }
            position += 1
        }
        if name.isEmpty || !(name.first!.properties.isAlphabetic) { name.insert("g", at: name.startIndex) }
        out.append(contentsOf: name)
        out.append(">")
        return position + 1
    }

    /// `{n}`, `{n,}` and `{n,m}`: anything else is a literal brace in regexp2.
    private static func isQuantifier(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        var position = index + 1
        var digits = 0
        while position < scalars.count, ("0"..."9").contains(scalars[position]) { position += 1; digits += 1 }
        guard digits > 0, position < scalars.count else { return false }
        if scalars[position] == "}" { return true }
        guard scalars[position] == "," else { return false }
        position += 1
        while position < scalars.count, ("0"..."9").contains(scalars[position]) { position += 1 }
        return position < scalars.count && scalars[position] == "}"
    }

    private static func closesQuantifier(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        var position = index - 1
        while position >= 0, ("0"..."9").contains(scalars[position]) || scalars[position] == "," { position -= 1 }
        guard position >= 0, scalars[position] == "{", position < index - 1 else { return false }
        if position > 0, scalars[position - 1] == "\\" { return false }
        return isQuantifier(scalars, at: position)
    }

    /// Copies a class `[…]` (regexp2: a `]` first is literal, `[` is literal except in `[:name:]` and in a subtraction
    /// `-[…]`, which must end the class), escaping what ICU's set syntax reads as operators.
    private static func characterClass(_ scalars: [Unicode.Scalar], at start: Int, freeSpacing: Bool,
                                       into out: inout [Unicode.Scalar]) -> Int {
        var index = start + 1
        var body = [Unicode.Scalar]()
        if index < scalars.count, scalars[index] == "^" { body.append("^"); index += 1 }
        var first = true
        var subtraction: [Unicode.Scalar]?
        // regexp2 tests a class's categories in order and the first negated one (`\W`, `\S`, `\D`, `\P{…}`) decides
        // every character that reaches it, so categories after it never count: `[^\W\d]` matches digits in Chroma.
        var decided = false
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "]" && !first { index += 1; break }
            first = false
            switch scalar {
            case "\\":
                guard index + 1 < scalars.count else { body.append(contentsOf: "\\\\".unicodeScalars); index += 1; continue }
                let next = scalars[index + 1]
                let isCategory = "wWsSdDpP".unicodeScalars.contains(next)
                if let end = bracedEscapeEnd(scalars, at: index) {
                    if !(decided && isCategory) { body.append(contentsOf: scalars[index...end]) }
                    decided = decided || next == "P"
                    index = end + 1
                    continue
                }
                if isCategory {
                    if !decided { body.append("\\"); body.append(next) }
                    decided = decided || "WSD".unicodeScalars.contains(next)
                    index += 2
                    continue
                }
                if next == "v" { body.append(contentsOf: "\\x{0B}".unicodeScalars) } else if next == "h" { body.append("h") } else {
                    body.append("\\"); body.append(next)
                }
                index += 2
            case "[":
                if starts(scalars, at: index, with: "[:"), let close = posixClassEnd(scalars, from: index + 2) {
                    body.append(contentsOf: scalars[index...close])
                    index = close + 1
                } else {
                    body.append(contentsOf: "\\[".unicodeScalars)
                    index += 1
                }
            case "-" where index + 1 < scalars.count && scalars[index + 1] == "[":
                var nested = [Unicode.Scalar]()
                index = characterClass(scalars, at: index + 1, freeSpacing: freeSpacing, into: &nested)
                subtraction = nested
                // The subtraction ends the class.
                if index < scalars.count, scalars[index] == "]" { index += 1 }
                return finishClass(body, subtraction: subtraction, into: &out, next: index)
            case "&", "{", "}", "$":
                body.append("\\"); body.append(scalar); index += 1
            case " ", "\t", "#":
                if freeSpacing { body.append("\\") }
                body.append(scalar); index += 1
            case "-" where index + 1 < scalars.count && scalars[index + 1] == "-":
                body.append(contentsOf: "\\-".unicodeScalars); index += 1
            default:
                body.append(scalar); index += 1
            }
        }
        return finishClass(body, subtraction: subtraction, into: &out, next: index)
    }

    private static func finishClass(_ body: [Unicode.Scalar], subtraction: [Unicode.Scalar]?,
                                    into out: inout [Unicode.Scalar], next: Int) -> Int {
        if let subtraction {
            out.append(contentsOf: "[[".unicodeScalars)
            out.append(contentsOf: body)
            out.append(contentsOf: "]--".unicodeScalars)
            out.append(contentsOf: subtraction)
            out.append("]")
        } else {
            out.append("[")
            out.append(contentsOf: body)
            out.append("]")
        }
        return next
    }

    private static func posixClassEnd(_ scalars: [Unicode.Scalar], from index: Int) -> Int? {
        var position = index
        while position + 1 < scalars.count, position - index < 12 {
            if scalars[position] == ":" && scalars[position + 1] == "]" { return position + 1 }
            guard scalars[position].properties.isAlphabetic else { return nil }
            position += 1
        }
        return nil
    }
}
