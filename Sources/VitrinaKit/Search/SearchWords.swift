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
        var folds = Folds()
        forEachWord(in: text, &state, folds: &folds, visit)
    }

    /// The same, with the folds of the scalars met kept in `folds` for the next texts (a page's sections share them).
    /// Lo mismo, con los pliegues de los escalares guardados para los textos siguientes.
    static func forEachWord<State>(in text: String, _ state: inout State, folds: inout Folds,
                                   _ visit: (inout State, UnsafeBufferPointer<UInt8>) -> Bool) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxLength * 4) { scratch in
            var text = text
            text.withUTF8 { bytes in
                // ASCII text: words are runs of [0-9A-Za-z] bytes, lowercased as they are copied out.
                // Texto ASCII: las palabras son tramos de bytes [0-9A-Za-z], en minúsculas al copiarlas.
                if isASCII(bytes) {
                    asciiWords(bytes, scratch, &state, visit)
                } else {
                    var run = WordRun(scratch: scratch)
                    mixedWords(bytes, &run, &folds, &state, visit)
                }
            }
        }
    }

    /// The words of UTF-8 `bytes` holding other scalars: ASCII bytes read through the table, any other scalar folded
    /// (once per scalar, kept in `folds`) and its pieces fed to `run` one by one, as the folded text's scalars.
    /// Las palabras de un texto no ASCII: los bytes ASCII por la tabla, los demás escalares plegados una vez.
    private static func mixedWords<State>(_ bytes: UnsafeBufferPointer<UInt8>, _ run: inout WordRun, _ folds: inout Folds,
                                          _ state: inout State, _ visit: (inout State, UnsafeBufferPointer<UInt8>) -> Bool) {
        lowered.withUnsafeBufferPointer { lowered in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x80 {
                    let low = lowered[Int(byte)]
                    let going = low != 0 ? run.add(Piece(ascii: low), &state, visit) : run.flush(&state, visit)
                    guard going else { return }
                    index += 1
                    continue
                }
                // The text is valid UTF-8 (a `String`'s bytes): the lead byte gives the length.
                // El texto es UTF-8 válido: el primer byte da la longitud.
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                var value = UInt32(byte) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
                for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
                index += length
                for piece in folds.pieces(of: value) {
                    guard piece.isWord ? run.add(piece, &state, visit) : run.flush(&state, visit) else { return }
                }
            }
            _ = run.flush(&state, visit)
        }
    }

    /// One scalar of folded text, with its UTF-8 bytes and what kind of word it makes.
    struct Piece {
        /// The UTF-8 bytes, first in the low byte; `count` of them.
        let bytes: UInt32
        let count: UInt8
        let isWord: Bool
        let isSpaceless: Bool

        init(ascii: UInt8) { (bytes, count, isWord, isSpaceless) = (UInt32(ascii), 1, true, false) }

        init(_ scalar: Unicode.Scalar) {
            var packed: UInt32 = 0
            var count: UInt8 = 0
            UTF8.encode(scalar) { packed |= UInt32($0) << (8 * UInt32(count)); count += 1 }
            (bytes, self.count, isWord, isSpaceless) = (packed, count, SearchWords.isWordScalar(scalar), SearchWords.isSpaceless(scalar))
        }

        /// Byte `offset` of the scalar's UTF-8.
        func byte(_ offset: Int) -> UInt8 { UInt8(truncatingIfNeeded: bytes >> (8 * UInt32(offset))) }

        func append(to bytes: inout [UInt8]) {
            for offset in 0..<Int(count) { bytes.append(byte(offset)) }
        }

        func write(to scratch: UnsafeMutableBufferPointer<UInt8>, at start: Int) {
            for offset in 0..<Int(count) { scratch[start + offset] = byte(offset) }
        }
    }

    /// Each scalar met as its folded pieces (`foldScalar`), folded once.
    /// Cada escalar visto como sus piezas plegadas, plegado una sola vez.
    struct Folds {
        private var known: [UInt32: [Piece]] = [:]

        mutating func pieces(of value: UInt32) -> [Piece] {
            if let pieces = known[value] { return pieces }
            guard let scalar = Unicode.Scalar(value) else { return [] }
            let made = SearchWords.pieces(of: scalar)
            // Kept up to a bound: a text of every scalar there is does not grow the table past it.
            if known.count < 65_536 { known[value] = made }
            return made
        }
    }

    static func pieces(of scalar: Unicode.Scalar) -> [Piece] {
        String(decoding: foldScalar(scalar), as: UTF8.self).unicodeScalars.map(Piece.init)
    }

    /// The word being read from folded scalars: a run of word scalars, cut at `maxLength`; a run in a script written
    /// without spaces gives each pair of neighbours as a word (one scalar alone is a word), as the pairs are met.
    /// La palabra en curso: un tramo de escalares de palabra, o en escritura sin espacios, cada par de vecinos.
    struct WordRun {
        let scratch: UnsafeMutableBufferPointer<UInt8>
        /// Scalars in the run, and the bytes of those kept in `scratch`.
        private var scalars = 0
        private var count = 0
        private var spaceless = false
        /// In a spaceless run, the last scalar, the first of the next pair.
        private var previous = Piece(ascii: 0)

        init(scratch: UnsafeMutableBufferPointer<UInt8>) { self.scratch = scratch }

        /// Adds a word scalar, visiting a pair when it completes one; false when `visit` says stop.
        mutating func add<State>(_ piece: Piece, _ state: inout State, _ visit: (inout State, UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
            if scalars > 0 && piece.isSpaceless != spaceless { guard flush(&state, visit) else { return false } }
            spaceless = piece.isSpaceless
            scalars += 1
            if spaceless {
                defer { previous = piece }
                guard scalars > 1 else { return true }
                previous.write(to: scratch, at: 0)
                piece.write(to: scratch, at: Int(previous.count))
                return visit(&state, UnsafeBufferPointer(rebasing: scratch[0..<Int(previous.count + piece.count)]))
            }
            guard scalars <= SearchWords.maxLength else { return true }
            piece.write(to: scratch, at: count)
            count += Int(piece.count)
            return true
        }

        /// Ends the run, visiting its word unless its pairs were; false when `visit` says stop.
        mutating func flush<State>(_ state: inout State, _ visit: (inout State, UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
            defer { (scalars, count) = (0, 0) }
            guard scalars > 0 else { return true }
            if spaceless {
                guard scalars == 1 else { return true }
                previous.write(to: scratch, at: 0)
                return visit(&state, UnsafeBufferPointer(rebasing: scratch[0..<Int(previous.count)]))
            }
            return visit(&state, UnsafeBufferPointer(rebasing: scratch[0..<count]))
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
    /// Scalar by scalar (NFKD is per character but for the order of marks, which are dropped), as the words are read.
    /// El texto plegado escalar a escalar, como se leen las palabras.
    public static func fold(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var folds = Folds()
        for scalar in text.unicodeScalars {
            guard scalar.isASCII else {
                for piece in folds.pieces(of: scalar.value) { piece.append(to: &bytes) }
                continue
            }
            let byte = UInt8(scalar.value)
            bytes.append((0x41...0x5A).contains(byte) ? byte + 32 : byte)
        }
        return String(decoding: bytes, as: UTF8.self)
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
