/// A rule whose pattern is a list of words that must end at a word boundary (`(if|else|for)\b`, `\blet\b`), matched
/// without ICU: the run of word characters at the position is looked up in a set. Keyword lists are tried at most
/// letters of a block, and ICU tries their alternatives one by one. Where the answer depends on a character beyond ASCII
/// (which ICU's `\w` may count as a word character), `match` says so and ICU decides.
/// Una regla que es una lista de palabras con límite de palabra, emparejada sin ICU buscando la palabra en un conjunto.
struct WordList: Sendable, Equatable {
    /// The words, as UTF-16 units (ASCII letters, digits and `_` only), by a hash of their units: a run is looked up
    /// without copying it.
    private let words: [UInt64: [[UInt16]]]
    private let lengths: ClosedRange<Int>
    /// Whether the pattern starts with `\b` too.
    let boundaryBefore: Bool
    /// Capturing groups in the pattern: 1 for `(a|b)\b`, 0 for `(?:a|b)\b` or `a\b`; each spans the whole match.
    let groups: Int

    /// Every word of the list (for tests).
    var all: [[UInt16]] { words.values.flatMap { $0 } }

    enum Outcome: Equatable {
        case matched(Range<Int>)
        case failed
        /// A character beyond ASCII next to the word: ICU must decide.
        case undecided
    }

    /// The list a pattern (as PatternTranslation writes it, for a case-sensitive lexer) is, or nil.
    static func of(icuPattern pattern: String) -> WordList? {
        let boundary = Array(#"\b"#.unicodeScalars)
        var scalars = Substring(pattern).unicodeScalars[...]
        let boundaryBefore = scalars.starts(with: boundary)
        if boundaryBefore { scalars = scalars.dropFirst(2) }
        guard scalars.count > 2, scalars.suffix(2).elementsEqual(boundary) else { return nil }
        scalars = scalars.dropLast(2)
        var groups = 0
        if scalars.first == "(" {
            guard scalars.last == ")" else { return nil }
            scalars = scalars.dropFirst().dropLast()
            if scalars.starts(with: "?:".unicodeScalars) { scalars = scalars.dropFirst(2) } else { groups = 1 }
        }
        var words: Set<[UInt16]> = []
        for word in scalars.split(separator: "|", omittingEmptySubsequences: false) {
            guard !word.isEmpty, word.allSatisfy(isWordScalar) else { return nil }
            words.insert(word.map { UInt16($0.value) })
        }
        guard let shortest = words.map(\.count).min(), let longest = words.map(\.count).max() else { return nil }
        return WordList(words: Dictionary(grouping: words) { $0.withUnsafeBufferPointer(hash) }, lengths: shortest...longest,
                        boundaryBefore: boundaryBefore, groups: groups)
    }

    private static func hash(_ units: UnsafeBufferPointer<UInt16>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for unit in units { hash = (hash ^ UInt64(unit)) &* 0x0000_0100_0000_01B3 }
        return hash
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && isWordUnit(UInt16(scalar.value))
    }

    static func isWordUnit(_ unit: UInt16) -> Bool {
        (unit >= 0x61 && unit <= 0x7A) || (unit >= 0x41 && unit <= 0x5A) || (unit >= 0x30 && unit <= 0x39) || unit == 0x5F
    }

    /// Whether the list matches at `position` of `text` (whose characters before `position` count for `\b`, as with
    /// ICU's transparent bounds).
    func match(_ text: UnsafeBufferPointer<UInt16>, at position: Int) -> Outcome {
        if boundaryBefore, position > 0 {
            let before = text[position - 1]
            if before >= 0x80 { return .undecided }
            if Self.isWordUnit(before) { return .failed }
        }
        var end = position
        while end < text.count, Self.isWordUnit(text[end]) { end += 1 }
        if end < text.count, text[end] >= 0x80 { return .undecided }
        guard lengths.contains(end - position) else { return .failed }
        let run = UnsafeBufferPointer(rebasing: text[position..<end])
        guard let candidates = words[Self.hash(run)], candidates.contains(where: { $0.elementsEqual(run) }) else { return .failed }
        return .matched(position..<end)
    }
}
