import Foundation

/// The words of a text as search knows them, the same at build time (here) and in the reader's browser (search.js):
/// compatibility-decomposed, marks removed, lowercased; runs of letters and digits; text written without spaces
/// (Chinese, Japanese) as overlapping pairs of characters; each word at most `maxLength` code points.
/// Las palabras de un texto para la búsqueda, iguales al construir y en el navegador: sin acentos, en minúsculas,
/// y el texto sin espacios (chino, japonés) en pares de caracteres.
public enum SearchWords {
    /// The longest word kept, in code points; a longer one is cut.
    public static let maxLength = 40

    /// `text`'s words in order; `visit` returns false to stop early (a bounded page stops at its limit).
    public static func forEach(in text: String, _ visit: (String) -> Bool) {
        let folded = fold(text)
        var run: [Unicode.Scalar] = []
        var spaceless = false
        var going = true
        func flush() {
            defer { run.removeAll(keepingCapacity: true) }
            guard going, !run.isEmpty else { return }
            if spaceless && run.count > 1 {
                for index in 0..<(run.count - 1) where going { going = visit(word(run[index...index + 1])) }
            } else {
                going = visit(word(run.prefix(maxLength)))
            }
        }
        for scalar in folded.unicodeScalars {
            guard going else { return }
            guard isWordScalar(scalar) else { flush(); continue }
            let kind = isSpaceless(scalar)
            if !run.isEmpty && kind != spaceless { flush() }
            spaceless = kind
            run.append(scalar)
        }
        flush()
    }

    /// Every word of `text`, in order.
    public static func words(_ text: String) -> [String] {
        var all: [String] = []
        forEach(in: text) { all.append($0); return true }
        return all
    }

    /// NFKD, combining marks removed, lowercased, the final sigma as any other ("ΟΔΟΣ", "οδος" → "οδοσ"): "Canción" → "cancion".
    public static func fold(_ text: String) -> String {
        // Plain ASCII needs only lowercasing, the common case of docs in English.
        // El ASCII solo necesita minúsculas, el caso común.
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        var kept = String.UnicodeScalarView()
        for scalar in text.decomposedStringWithCompatibilityMapping.unicodeScalars where !isMark(scalar) { kept.append(scalar) }
        var lowered = String.UnicodeScalarView()
        for scalar in String(kept).lowercased().unicodeScalars { lowered.append(scalar == "\u{3C2}" ? "\u{3C3}" : scalar) }
        return String(lowered)
    }

    private static func word(_ scalars: some Sequence<Unicode.Scalar>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }

    static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }

    /// A letter or a digit (general categories L and N), as JavaScript's `[\p{L}\p{N}]`.
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let value = scalar.value
            return (0x30...0x39).contains(value) || (0x61...0x7A).contains(value) || (0x41...0x5A).contains(value)
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber: return true
        default: return false
        }
    }

    /// Scripts written without spaces between words: Hiragana, Katakana and the CJK ideographs.
    static func isSpaceless(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FA1F: true
        default: false
        }
    }
}
