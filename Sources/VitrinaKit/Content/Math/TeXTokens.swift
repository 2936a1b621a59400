/// TeX read into tokens, as math mode sees it: control words and symbols, characters, braces, scripts, alignment and
/// parameters; `%` comments dropped. Linear in the source's scalars.
/// TeX leído en tokens, como lo ve el modo matemático.
enum TeXToken: Sendable, Equatable {
    /// `\name` (letters) or `\c` (one other character), without the backslash.
    case command(String)
    case character(Unicode.Scalar)
    case open, close, sup, sub, alignment
    /// `#1` … `#9` in a macro's body.
    case parameter(Int)
    /// One or more spaces or line ends (they matter inside `\text`).
    case space

    static func read(_ source: String) -> [TeXToken] {
        let scalars = Array(source.unicodeScalars)
        var tokens: [TeXToken] = []
        tokens.reserveCapacity(scalars.count)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            switch scalar {
            case "\\":
                guard index < scalars.count else { tokens.append(.command("\\")); break }
                if isLetter(scalars[index]) {
                    let start = index
                    while index < scalars.count, isLetter(scalars[index]) { index += 1 }
                    tokens.append(.command(String(String.UnicodeScalarView(scalars[start..<index]))))
                    // Spaces after a control word are not text. / Los espacios tras una palabra de control no cuentan.
                    while index < scalars.count, isSpace(scalars[index]) { index += 1 }
                } else {
                    tokens.append(.command(String(scalars[index])))
                    index += 1
                }
            case "{": tokens.append(.open)
            case "}": tokens.append(.close)
            case "^": tokens.append(.sup)
            case "_": tokens.append(.sub)
            case "&": tokens.append(.alignment)
            case "#":
                if index < scalars.count, let digit = Int(String(scalars[index])), digit >= 1 {
                    tokens.append(.parameter(digit))
                    index += 1
                } else {
                    tokens.append(.character("#"))
                }
            case "%":
                while index < scalars.count, scalars[index] != "\n" { index += 1 }
            case _ where isSpace(scalar):
                while index < scalars.count, isSpace(scalars[index]) { index += 1 }
                if tokens.last != .space { tokens.append(.space) }
            default:
                tokens.append(.character(scalar))
            }
        }
        return tokens
    }

    static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    static func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" }

    /// The tokens as source again (for `\text` and error messages).
    static func source(_ tokens: some Sequence<TeXToken>) -> String {
        var out = ""
        for token in tokens {
            switch token {
            case .command(let name): out += "\\" + name + (name.unicodeScalars.allSatisfy(isLetter) ? " " : "")
            case .character(let scalar): out.unicodeScalars.append(scalar)
            case .open: out += "{"
            case .close: out += "}"
            case .sup: out += "^"
            case .sub: out += "_"
            case .alignment: out += "&"
            case .parameter(let number): out += "#\(number)"
            case .space: out += " "
            }
        }
        return out
    }
}
