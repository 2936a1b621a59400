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
        forEachWord(in: text, &none) { _, bytes in visit(String(decoding: bytes, as: UTF8.self)) }
    }

    /// The same words as UTF-8 bytes (valid during the call), with `state` handed to `visit` rather than captured (a
    /// captured variable is checked at every change): the index counts words without making a string of each.
    /// Las mismas palabras como bytes UTF-8, sin hacer una cadena de cada una.
    public static func forEachWord<State>(in text: String, _ state: inout State,
                                          _ visit: (inout State, UnsafeBufferPointer<UInt8>) -> Bool) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxLength * 4) { scratch in
            // ASCII text as it is, and text that folds to ASCII: words are runs of [0-9A-Za-z] bytes, lowercased as
            // they are copied out, read without decoding scalars.
            // Texto ASCII, tal cual o plegado: las palabras son tramos de bytes [0-9A-Za-z], en minúsculas al copiarlas.
            var text = text
            let done = text.withUTF8 { bytes in
                guard isASCII(bytes) else { return false }
                asciiWords(bytes, scratch, &state, visit)
                return true
            }
            if done { return }
            var (folded, ascii) = foldedText(text)
            if ascii {
                folded.withUTF8 { asciiWords($0, scratch, &state, visit) }
                return
            }
            var run: [Unicode.Scalar] = []
            var spaceless = false
            var going = true
            /// `scalars` encoded into the scratch buffer and visited.
            func visitScalars(_ scalars: ArraySlice<Unicode.Scalar>) {
                var count = 0
                for scalar in scalars { UTF8.encode(scalar) { scratch[count] = $0; count += 1 } }
                going = visit(&state, UnsafeBufferPointer(rebasing: scratch[0..<count]))
            }
            func flush() {
                defer { run.removeAll(keepingCapacity: true) }
                guard going, !run.isEmpty else { return }
                if spaceless && run.count > 1 {
                    for index in 0..<(run.count - 1) where going { visitScalars(run[index...index + 1]) }
                } else {
                    visitScalars(run.prefix(maxLength))
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
    }

    /// Whether every byte is below 0x80, eight at a time.
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let raw = UnsafeRawBufferPointer(bytes)
        var index = 0
        while index + 8 <= bytes.count {
            guard raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 else { return false }
            index += 8
        }
        while index < bytes.count {
            guard bytes[index] < 0x80 else { return false }
            index += 1
        }
        return true
    }

    /// The words of ASCII `bytes`: runs of letters and digits, cut at `maxLength`, lowercased into `scratch`.
    private static func asciiWords<State>(_ bytes: UnsafeBufferPointer<UInt8>, _ scratch: UnsafeMutableBufferPointer<UInt8>,
                                          _ state: inout State, _ visit: (inout State, UnsafeBufferPointer<UInt8>) -> Bool) {
        lowered.withUnsafeBufferPointer { lowered in
            var start = -1
            for index in 0...bytes.count {
                if index < bytes.count && lowered[Int(bytes[index])] != 0 {
                    if start < 0 { start = index }
                } else if start >= 0 {
                    let count = min(index - start, maxLength)
                    for place in 0..<count { scratch[place] = lowered[Int(bytes[start + place])] }
                    start = -1
                    guard visit(&state, UnsafeBufferPointer(rebasing: scratch[0..<count])) else { return }
                }
            }
        }
    }

    /// Each ASCII byte's lowercase when it is a letter or a digit, else 0 (a word break); one lookup a byte.
    private static let lowered: [UInt8] = (0...255).map { byte in
        switch UInt8(byte) {
        case 0x30...0x39, 0x61...0x7A: UInt8(byte)
        case 0x41...0x5A: UInt8(byte) + 32
        default: 0
        }
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
