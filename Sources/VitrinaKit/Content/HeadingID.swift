/// Heading ids as GitHub computes them, so a `#fragment` that works on GitHub works on the site.
/// Ids de encabezado como los calcula GitHub, para que un `#fragmento` que funciona allí funcione aquí.
///
/// GitHub's rule (html-pipeline's TableOfContentsFilter): lowercase the heading's text, drop every character that is
/// not a word character (`\p{Word}`: letters, marks, decimal digits, letter numbers, connector punctuation), a hyphen
/// or a space, then turn each space into a hyphen. Repeats get `-1`, `-2`, … in document order.
public enum HeadingID {
    /// The id GitHub gives a heading whose text is `text`, before repeats are numbered.
    public static func github(_ text: String) -> String {
        var id = String.UnicodeScalarView()
        for scalar in text.lowercased().unicodeScalars {
            switch scalar {
            case " ": id.append("-")
            // Smart punctuation made `--` and `---` into dashes; GitHub renders without it and keeps the hyphens.
            case "\u{2013}": id.append(contentsOf: "--".unicodeScalars)
            case "\u{2014}": id.append(contentsOf: "---".unicodeScalars)
            default: if isKept(scalar) { id.append(scalar) }
            }
        }
        return String(id)
    }

    /// Letters, marks, decimal digits, letter numbers, connector punctuation (`_`, `‿`) and `-`.
    static func isKept(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let byte = UInt8(scalar.value)
            return (byte >= 97 && byte <= 122) || (byte >= 65 && byte <= 90) || (byte >= 48 && byte <= 57) || byte == 95 || byte == 45
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .connectorPunctuation:
            return true
        default:
            return false
        }
    }

    /// A custom id written at the end of a heading's HTML (`Install {#setup}`): where the text before it ends, and the id.
    /// Nil when the heading has none, or when the braces hold something that cannot be an id (spaces, quotes, `<`, `&`).
    static func custom(_ html: UnsafeBufferPointer<UInt8>) -> (end: Int, id: String)? {
        var end = html.count
        while end > 0, isSpace(html[end - 1]) { end -= 1 }
        guard end > 3, html[end - 1] == UInt8(ascii: "}") else { return nil }
        var open = end - 2
        while open > 0, isIDByte(html[open]) { open -= 1 }
        guard open >= 1, html[open] == UInt8(ascii: "#"), html[open - 1] == UInt8(ascii: "{"), open + 1 < end - 1, end - 1 - (open + 1) <= 200 else { return nil }
        let id = String(decoding: UnsafeBufferPointer(rebasing: html[(open + 1)..<(end - 1)]), as: UTF8.self)
        var textEnd = open - 1
        while textEnd > 0, isSpace(html[textEnd - 1]) { textEnd -= 1 }
        return (textEnd, id)
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 32 || byte == 9 || byte == 10 || byte == 13 }

    /// Bytes an id may hold: anything but controls, spaces, quotes, `<`, `>`, `&`, braces and `#`.
    private static func isIDByte(_ byte: UInt8) -> Bool {
        byte > 32 && byte != 127 && !"\"'<>&{}#".utf8.contains(byte)
    }

    /// `base`, or `base-1`, `base-2`, … for repeats, skipping any id another heading already took (`## Uso 1`).
    static func unique(_ base: String, used: inout [String: Int]) -> String {
        var id = base
        if var count = used[base] {
            repeat {
                id = "\(base)-\(count)"
                count += 1
            } while used[id] != nil
            used[base] = count
        }
        used[id] = 1
        return id
    }
}
