/// The characters a pattern's match can start with, when the pattern says so plainly (a literal, an escape, a class of
/// ASCII characters, an alternation of those): the lexer skips a rule whose match cannot start with the character at
/// hand without asking ICU. Anything it cannot read (a property, a backreference, an optional first atom, a pattern
/// that can match nothing) is "any character", so a rule is never skipped wrongly, only tried.
/// Los caracteres con que puede empezar la coincidencia de un patrón, cuando el patrón lo dice a las claras.
struct FirstCharacters: Sendable, Equatable {
    /// ASCII characters, as bits.
    var low: UInt64 = 0
    var high: UInt64 = 0
    /// Whether a character beyond ASCII may start a match.
    var beyondASCII = false

    static let any = FirstCharacters(low: .max, high: .max, beyondASCII: true)

    var isAny: Bool { self == .any }

    func admits(_ unit: UInt16) -> Bool {
        if unit < 64 { return low & (1 << UInt64(unit)) != 0 }
        if unit < 128 { return high & (1 << UInt64(unit - 64)) != 0 }
        return beyondASCII
    }

    mutating func insert(_ unit: UInt32) {
        if unit < 64 { low |= 1 << UInt64(unit) } else if unit < 128 { high |= 1 << UInt64(unit - 64) } else { beyondASCII = true }
    }

    mutating func formUnion(_ other: FirstCharacters) {
        low |= other.low
        high |= other.high
        beyondASCII = beyondASCII || other.beyondASCII
    }

    /// Adds the other case of every ASCII letter, and anything beyond ASCII (ICU folds the Kelvin sign to k, ſ to s).
    mutating func foldCase() {
        beyondASCII = true
        for unit in UInt32(65)...90 {
            let upper = FirstCharacters.single(unit), lower = FirstCharacters.single(unit + 32)
            if admits(UInt16(unit)) || admits(UInt16(unit + 32)) { formUnion(upper); formUnion(lower) }
        }
    }

    static func single(_ unit: UInt32) -> FirstCharacters {
        var set = FirstCharacters()
        set.insert(unit)
        return set
    }

    private static func of(_ test: (UInt32) -> Bool, beyondASCII: Bool) -> FirstCharacters {
        var set = FirstCharacters(beyondASCII: beyondASCII)
        for unit in UInt32(0)..<128 where test(unit) { set.insert(unit) }
        return set
    }

    static let digits = of({ (48...57).contains($0) }, beyondASCII: true)
    static let space = of({ [9, 10, 11, 12, 13, 32].contains($0) }, beyondASCII: true)
    static let word = of({ (48...57).contains($0) || (65...90).contains($0) || (97...122).contains($0) || $0 == 95 }, beyondASCII: true)

    /// The first characters of an ICU pattern (as PatternTranslation writes it) under the lexer's flags.
    static func of(icuPattern pattern: String, caseInsensitive: Bool) -> FirstCharacters {
        var reader = Reader(scalars: Array(pattern.unicodeScalars), caseInsensitive: caseInsensitive)
        guard let set = reader.alternation(depth: 0), reader.index == reader.scalars.count else { return .any }
        return set
    }

    /// The characters a match's second character can be, when every branch of the pattern starts with one plain
    /// character (a literal, an escape or a class, once) and what follows it must consume (`//!.*`, `(?::|->)`,
    /// `0[xX]…`); else any. With the first character, it rules out most of the comment, number and operator rules a
    /// lexer would otherwise try at a `/`, a `0` or a `:`.
    /// Los caracteres que pueden ir segundos en una coincidencia, cuando el patrón lo dice a las claras.
    static func second(icuPattern pattern: String, caseInsensitive: Bool) -> FirstCharacters {
        var scalars = Array(pattern.unicodeScalars)[...]
        // A pattern that is one group, `(…)` or `(?:…)`, is its inside.
        var whole = Reader(scalars: Array(scalars), caseInsensitive: caseInsensitive)
        if scalars.first == "(", scalars.last == ")", whole.skipAtom(), whole.index == scalars.count {
            scalars = scalars.dropFirst().dropLast()
            if scalars.starts(with: ["?", ":"]) { scalars = scalars.dropFirst(2) } else if scalars.first == "?" { return .any }
        }
        guard let branches = topLevelBranches(Array(scalars)) else { return .any }
        var union = FirstCharacters()
        for branch in branches {
            guard let first = branch.first, !"(^$.|)*+?{".unicodeScalars.contains(first) else { return .any }
            if first == "\\", branch.count > 1, branch[branch.startIndex + 1].properties.isAlphabetic,
               !"ntrf".unicodeScalars.contains(branch[branch.startIndex + 1]) { return .any }
            var reader = Reader(scalars: Array(branch), caseInsensitive: caseInsensitive)
            guard reader.atomFirst(depth: 0) != nil, reader.index < reader.scalars.count,
                  !"*+?{".unicodeScalars.contains(reader.scalars[reader.index]) else { return .any }
            let rest = String(String.UnicodeScalarView(reader.scalars[reader.index...]))
            let next = of(icuPattern: rest, caseInsensitive: caseInsensitive)
            guard !next.isAny else { return .any }
            union.formUnion(next)
        }
        return union
    }

    /// The pattern cut at its top-level `|`, stepping over atoms as the reader does (groups, classes, escapes); nil
    /// where it cannot be walked.
    private static func topLevelBranches(_ scalars: [Unicode.Scalar]) -> [ArraySlice<Unicode.Scalar>]? {
        var reader = Reader(scalars: scalars, caseInsensitive: false)
        var branches: [ArraySlice<Unicode.Scalar>] = []
        var start = 0
        while reader.index < scalars.count {
            switch scalars[reader.index] {
            case "|":
                branches.append(scalars[start..<reader.index])
                reader.index += 1
                start = reader.index
            case ")":
                return nil
            default:
                guard reader.skipAtom() else { return nil }
            }
        }
        branches.append(scalars[start..<min(reader.index, scalars.count)])
        return branches
    }

    /// A small reader of the start of a pattern; nil wherever it cannot be sure.
    private struct Reader {
        let scalars: [Unicode.Scalar]
        var caseInsensitive: Bool
        var index = 0

        init(scalars: [Unicode.Scalar], caseInsensitive: Bool) {
            self.scalars = scalars
            self.caseInsensitive = caseInsensitive
        }

        /// `a|b|c` up to the end or the `)` closing the current group.
        mutating func alternation(depth: Int) -> FirstCharacters? {
            guard depth < 8 else { return nil }
            var union = FirstCharacters()
            while true {
                guard let branch = sequence(depth: depth) else { return nil }
                union.formUnion(branch)
                if index < scalars.count, scalars[index] == "|" { index += 1; continue }
                return union
            }
        }

        /// One branch: zero-width items are stepped over, the first atom that must consume gives the set, with those of the
        /// optional atoms before it (`(r#)?[a-z]` starts with `r` or a letter); the rest of the branch is skipped to its end.
        /// A branch whose atoms may all match nothing may match anywhere: nil.
        mutating func sequence(depth: Int) -> FirstCharacters? {
            var first: FirstCharacters?
            var optional = FirstCharacters()
            while index < scalars.count, scalars[index] != "|", scalars[index] != ")" {
                if first != nil { guard skipAtom() else { return nil }; continue }
                let scalar = scalars[index]
                switch scalar {
                case "^", "$":
                    index += 1
                case "\\" where index + 1 < scalars.count && "bBAzZG".unicodeScalars.contains(scalars[index + 1]):
                    index += 2
                case "(" where index + 2 < scalars.count && scalars[index + 1] == "?" && (scalars[index + 2] == "=" || scalars[index + 2] == "!"
                        || (scalars[index + 2] == "<" && index + 3 < scalars.count && (scalars[index + 3] == "=" || scalars[index + 3] == "!"))):
                    // A lookaround consumes nothing: skip it whole.
                    guard skipAtom() else { return nil }
                case "(" where index + 1 < scalars.count && scalars[index + 1] == "?" && isFlagGroup(from: index + 2):
                    // `(?i)` and friends: only case-insensitivity changes what can start a match.
                    if let close = scalars[index...].firstIndex(of: ")") {
                        let flags = String(String.UnicodeScalarView(scalars[(index + 2)..<close]))
                        // Free spacing makes spaces and comments mean nothing: not read here.
                        if flags.contains("x") { return nil }
                        if flags.contains("i") && !flags.hasPrefix("-") { caseInsensitive = true }
                        index = close + 1
                    } else { return nil }
                default:
                    guard var atom = atomFirst(depth: depth) else { return nil }
                    atom.formUnion(optional)
                    // An atom that may match nothing (`?`, `*`, `{0,`) does not decide: the next one may start the match.
                    if quantifierAllowsZero() {
                        optional = atom
                        skipQuantifier()
                        continue
                    }
                    first = atom
                    skipQuantifier()
                }
            }
            return first
        }

        func isFlagGroup(from position: Int) -> Bool {
            var position = position
            while position < scalars.count, "imsxwu-".unicodeScalars.contains(scalars[position]) { position += 1 }
            return position < scalars.count && scalars[position] == ")"
        }

        /// The first characters of the atom at `index` (which it consumes), or nil.
        mutating func atomFirst(depth: Int) -> FirstCharacters? {
            let scalar = scalars[index]
            switch scalar {
            case "(":
                index += 1
                if index < scalars.count, scalars[index] == "?" {
                    // `(?:` and named groups `(?<name>`; anything else is not read.
                    if index + 1 < scalars.count, scalars[index + 1] == ":" { index += 2 } else if index + 1 < scalars.count, scalars[index + 1] == "<",
                        let close = scalars[index...].firstIndex(of: ">") { index = close + 1 } else { return nil }
                }
                guard let inner = alternation(depth: depth + 1), index < scalars.count, scalars[index] == ")" else { return nil }
                index += 1
                return inner.isEmptySet ? nil : inner
            case "[":
                return characterClass()
            case "\\":
                guard index + 1 < scalars.count else { return nil }
                let next = scalars[index + 1]
                index += 2
                switch next {
                case "d": return .digits
                case "s": return .space
                case "w": return .word
                case "n": return literal(10)
                case "t": return literal(9)
                case "r": return literal(13)
                case "f": return literal(12)
                default:
                    if next.properties.isAlphabetic || ("0"..."9").contains(next) { return nil }
                    return literal(next.value)
                }
            case ".", "*", "+", "?", "{", "|", ")":
                return nil
            default:
                index += 1
                return literal(scalar.value)
            }
        }

        func literal(_ value: UInt32) -> FirstCharacters {
            var set = FirstCharacters.single(value)
            if caseInsensitive {
                if value >= 128 { return .any }
                set.foldCase()
            }
            return set
        }

        /// A class of ASCII characters and `\d \s \w` (negated or not), or nil for anything richer.
        mutating func characterClass() -> FirstCharacters? {
            index += 1
            var negated = false
            if index < scalars.count, scalars[index] == "^" { negated = true; index += 1 }
            var set = FirstCharacters()
            var first = true
            while index < scalars.count {
                var scalar = scalars[index]
                if scalar == "]" && !first { index += 1; break }
                first = false
                if scalar == "[" { return nil }
                if scalar == "\\" {
                    guard index + 1 < scalars.count else { return nil }
                    let next = scalars[index + 1]
                    index += 2
                    switch next {
                    case "d": set.formUnion(.digits); continue
                    case "s": set.formUnion(.space); continue
                    case "w": set.formUnion(.word); continue
                    case "n": scalar = "\n"
                    case "t": scalar = "\t"
                    case "r": scalar = "\r"
                    default:
                        if next.properties.isAlphabetic || ("0"..."9").contains(next) { return nil }
                        scalar = next
                    }
                } else {
                    index += 1
                }
                guard scalar.isASCII else { return nil }
                if index + 1 < scalars.count, scalars[index] == "-", scalars[index + 1] != "]" {
                    var upper = scalars[index + 1]
                    index += 2
                    if upper == "\\" {
                        guard index < scalars.count else { return nil }
                        upper = scalars[index]
                        index += 1
                        if upper.properties.isAlphabetic { return nil }
                    }
                    guard upper.isASCII, upper.value >= scalar.value else { return nil }
                    for value in scalar.value...upper.value { set.insert(value) }
                } else {
                    set.insert(scalar.value)
                }
            }
            if caseInsensitive { set.foldCase() }
            if negated {
                var complement = FirstCharacters(low: ~set.low, high: ~set.high, beyondASCII: true)
                if set.beyondASCII { complement.beyondASCII = true }
                return complement
            }
            return set
        }

        func quantifierAllowsZero() -> Bool {
            guard index < scalars.count else { return false }
            switch scalars[index] {
            case "?", "*": return true
            case "{": return index + 1 < scalars.count && scalars[index + 1] == "0"
            default: return false
            }
        }

        mutating func skipQuantifier() {
            guard index < scalars.count else { return }
            switch scalars[index] {
            case "+", "*", "?": index += 1
            case "{": if let close = scalars[index...].firstIndex(of: "}") { index = close + 1 }
            default: return
            }
            if index < scalars.count, scalars[index] == "?" || scalars[index] == "+" { index += 1 }
        }

        /// Steps over one atom with its quantifier, whatever it is; false when the pattern cannot be walked.
        mutating func skipAtom() -> Bool {
            let scalar = scalars[index]
            switch scalar {
            case "\\":
                guard index + 1 < scalars.count else { return false }
                let next = scalars[index + 1]
                index += 2
                if index < scalars.count, "pPxuN".unicodeScalars.contains(next), scalars[index] == "{" {
                    guard let close = scalars[index...].firstIndex(of: "}") else { return false }
                    index = close + 1
                } else if next == "k", index < scalars.count, scalars[index] == "<" {
                    guard let close = scalars[index...].firstIndex(of: ">") else { return false }
                    index = close + 1
                }
            case "[":
                var depth = 0
                while index < scalars.count {
                    let current = scalars[index]
                    if current == "\\" { index += 2; continue }
                    if current == "[" {
                        depth += 1
                        // `[]…]` and `[^]…]`: a `]` right after the opening is a member, not the end.
                        if index + 1 < scalars.count, scalars[index + 1] == "^" { index += 1 }
                        if index + 1 < scalars.count, scalars[index + 1] == "]" { index += 1 }
                    } else if current == "]" {
                        depth -= 1
                        if depth == 0 { index += 1; break }
                    }
                    index += 1
                }
            case "(":
                var depth = 0
                while index < scalars.count {
                    let current = scalars[index]
                    if current == "\\" { index += 2; continue }
                    if current == "[" {
                        guard skipAtom() else { return false }
                        continue
                    }
                    if current == "(" { depth += 1 } else if current == ")" {
                        depth -= 1
                        if depth == 0 { index += 1; break }
                    }
                    index += 1
                }
            default:
                index += 1
            }
            guard index <= scalars.count else { return false }
            skipQuantifier()
            return true
        }
    }

    var isEmptySet: Bool { low == 0 && high == 0 && !beyondASCII }
}
