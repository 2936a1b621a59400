/// The character-level reading of swift-mustache's `Parser` that `TemplateParser` needs, with the
/// same notion of whitespace, line ends and delimiters.
extension TemplateParser {
    var reachedEnd: Bool { position == characters.count }

    /// The current character, or NUL at the end, as in the original.
    var current: Character { position < characters.count ? characters[position] : "\0" }

    mutating func readSpacesAndTabs() -> [Character] {
        let start = position
        while !reachedEnd, characters[position] == " " || characters[position] == "\t" { position += 1 }
        return Array(characters[start..<position])
    }

    mutating func skipWhitespace() {
        while !reachedEnd, characters[position].isWhitespace { position += 1 }
    }

    /// Consumes `string` if the text at the current position starts with it. Unlike the original, a
    /// delimiter cut short by the end of the template is not a match instead of an error.
    mutating func consume(_ string: [Character]) -> Bool {
        guard characters.count - position >= string.count else { return false }
        for (offset, character) in string.enumerated() where characters[position + offset] != character {
            return false
        }
        position += string.count
        return true
    }

    mutating func readUntilDelimiterOrNewline(_ state: State) -> [Character] {
        guard let first = state.startDelimiter.first else { return [] }
        var text: [Character] = []
        while !reachedEnd {
            while !reachedEnd {
                let character = characters[position]
                if character == "\n" || character == "\r\n" || character == first { break }
                text.append(character)
                position += 1
            }
            if current.isNewline {
                break
            } else if current == first {
                if consume(state.startDelimiter) { break }
                text.append(first)
                position += 1
            }
        }
        return text
    }

    func hasLineFinished(_ position: inout Int) -> Bool {
        if position == characters.count { return true }
        var end = position
        while end < characters.count, characters[end] == " " || characters[end] == "\t" { end += 1 }
        if end < characters.count, characters[end].isNewline {
            position = end + 1
            return true
        }
        return false
    }

    mutating func isStandalone(_ state: State) -> Bool {
        state.newLine && hasLineFinished(&position)
    }

    static let nameCharacters = Set<Character>("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?()*")
    static let partialNameCharacters = Set<Character>("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?()*/")

    mutating func readName(_ allowed: Set<Character>, _ state: State) throws(TemplateSyntaxError) -> String {
        skipWhitespace()
        let start = position
        while !reachedEnd, allowed.contains(characters[position]) { position += 1 }
        let name = String(characters[start..<position])
        skipWhitespace()
        guard consume(state.endDelimiter) else {
            throw error("a tag is not closed with \(String(state.endDelimiter))", at: position)
        }
        return name
    }

    mutating func parseName(_ state: State) throws(TemplateSyntaxError) -> String {
        let start = position
        let name = try readName(Self.nameCharacters, state)
        if name.contains("(") || name.contains(")") {
            var namePosition = start
            while namePosition < characters.count, characters[namePosition].isWhitespace { namePosition += 1 }
            throw error("transforms like name(x) are not supported", at: namePosition)
        }
        return name
    }

    mutating func parsePartialName(_ state: State) throws(TemplateSyntaxError) -> String {
        try readName(Self.partialNameCharacters, state)
    }

    /// The original's `read(untilString:skipToEnd:)`, whose matcher restarts without re-reading the
    /// character that broke a partial match.
    mutating func skipComment(_ state: State, tagStart: Int) throws(TemplateSyntaxError) {
        let end = state.endDelimiter
        var matched = 0
        while !reachedEnd {
            if characters[position] == end[matched] {
                matched += 1
                if matched == end.count {
                    position += 1
                    return
                }
            } else {
                matched = 0
            }
            position += 1
        }
        throw error("a comment \(String(state.startDelimiter))! is never closed with \(String(end))", at: tagStart)
    }

    mutating func setDelimiters(_ state: State, tagStart: Int) throws(TemplateSyntaxError) -> State {
        let malformed = error("the set-delimiter tag is malformed", at: tagStart)
        skipWhitespace()
        let startBegin = position
        while !reachedEnd, !characters[position].isWhitespace { position += 1 }
        guard !reachedEnd else { throw malformed }
        let start = Array(characters[startBegin..<position])
        skipWhitespace()
        let endBegin = position
        while !reachedEnd, characters[position] != "=", !characters[position].isWhitespace { position += 1 }
        guard !reachedEnd else { throw malformed }
        let end = Array(characters[endBegin..<position])
        skipWhitespace()
        guard !reachedEnd, current == "=" else { throw malformed }
        position += 1
        guard consume(state.endDelimiter), !start.isEmpty, !end.isEmpty else { throw malformed }
        return state.withDelimiters(start: start, end: end)
    }

    func error(_ message: String, at offset: Int) -> TemplateSyntaxError {
        var line = 1
        var lineStart = 0
        for index in 0..<min(offset, characters.count) where characters[index].isNewline {
            line += 1
            lineStart = index + 1
        }
        var lineEnd = lineStart
        while lineEnd < characters.count, !characters[lineEnd].isNewline { lineEnd += 1 }
        return TemplateSyntaxError(
            line: line,
            column: offset - lineStart + 1,
            lineText: String(characters[lineStart..<lineEnd]),
            message: message
        )
    }
}
