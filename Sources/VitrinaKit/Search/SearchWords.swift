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
        var none: Void = ()
        forEach(in: text, &none) { _, word in visit(word) }
    }

    /// The same, with `state` handed to `visit` rather than captured (a captured variable is checked at every change).
    public static func forEach<State>(in text: String, _ state: inout State, _ visit: (inout State, String) -> Bool) {
        var text = text
        // ASCII text as it is: words read from its bytes, lowercased as they are copied out.
        // Texto ASCII tal cual: las palabras se leen de sus bytes y se pasan a minúsculas al copiarlas.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            text.withUTF8 { bytes in
                var start = -1
                for index in 0...bytes.count {
                    let byte = index < bytes.count ? bytes[index] : 0
                    if (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte) || (0x41...0x5A).contains(byte) {
                        if start < 0 { start = index }
                    } else if start >= 0 {
                        let word = UnsafeBufferPointer(rebasing: bytes[start..<min(index, start + maxLength)])
                        start = -1
                        let lowered = String(unsafeUninitializedCapacity: word.count) { buffer in
                            for (place, byte) in word.enumerated() { buffer[place] = (0x41...0x5A).contains(byte) ? byte + 32 : byte }
                            return word.count
                        }
                        guard visit(&state, lowered) else { return }
                    }
                }
            }
            return
        }
        var (folded, ascii) = foldedText(text)
        // ASCII text (most docs in English, code): words are runs of [0-9a-z] bytes, read without decoding scalars.
        // Texto ASCII: las palabras son tramos de bytes [0-9a-z], leídos sin decodificar caracteres.
        if ascii {
            folded.withUTF8 { bytes in
                var start = -1
                for index in 0...bytes.count {
                    let byte = index < bytes.count ? bytes[index] : 0
                    if (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte) {
                        if start < 0 { start = index }
                    } else if start >= 0 {
                        let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<min(index, start + maxLength)]), as: UTF8.self)
                        start = -1
                        guard visit(&state, word) else { return }
                    }
                }
            }
            return
        }
        var run: [Unicode.Scalar] = []
        var spaceless = false
        var going = true
        func flush() {
            defer { run.removeAll(keepingCapacity: true) }
            guard going, !run.isEmpty else { return }
            if spaceless && run.count > 1 {
                for index in 0..<(run.count - 1) where going { going = visit(&state, string(run[index...index + 1])) }
            } else {
                going = visit(&state, string(run.prefix(maxLength)))
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
    public static func fold(_ text: String) -> String { foldedText(text).text }

    /// The folded text, and whether it is all ASCII. Scalar by scalar (NFKD is per character but for the order of marks,
    /// which are dropped): ASCII lowercased in place, any other scalar folded once per text.
    /// El texto plegado, carácter a carácter: el ASCII en minúsculas, cualquier otro plegado una vez por texto.
    static func foldedText(_ text: String) -> (text: String, ascii: Bool) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var ascii = true
        var known: [UInt32: [UInt8]] = [:]
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                let byte = UInt8(scalar.value)
                bytes.append((0x41...0x5A).contains(byte) ? byte + 32 : byte)
                continue
            }
            let folded = known[scalar.value] ?? {
                let made = foldScalar(scalar)
                known[scalar.value] = made
                return made
            }()
            if folded.contains(where: { $0 >= 0x80 }) { ascii = false }
            bytes += folded
        }
        return (String(decoding: bytes, as: UTF8.self), ascii)
    }

    /// One scalar: compatibility-decomposed, marks removed, lowercased, a final sigma as any sigma.
    static func foldScalar(_ scalar: Unicode.Scalar) -> [UInt8] {
        var kept = String.UnicodeScalarView()
        for part in String(scalar).decomposedStringWithCompatibilityMapping.unicodeScalars where !isMark(part) { kept.append(part) }
        var lowered = String.UnicodeScalarView()
        for part in String(kept).lowercased().unicodeScalars { lowered.append(part == "\u{3C2}" ? "\u{3C3}" : part) }
        return Array(String(lowered).utf8)
    }

    /// The string of `scalars` (a word, a trie's prefix).
    static func string(_ scalars: some Sequence<Unicode.Scalar>) -> String {
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
