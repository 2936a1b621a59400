/// A port of swift-mustache 2.1.1's parser (`Template+Parser.swift`, `Parser.swift`) that works on the
/// template's characters like the original, so standalone lines, the whitespace kept or dropped around
/// tags, delimiters and block indentation come out exactly as there, quirks included.
package struct TemplateParser {
    let characters: [Character]
    var position = 0

    package init(_ source: String) {
        characters = Array(source)
    }

    package mutating func parse() throws(TemplateSyntaxError) -> [TemplateNode] {
        try parse(State(), isParentBody: false).nodes
    }

    /// The parser's state for one level of nesting; the original's `ParserState`.
    struct State {
        var sectionName: String?
        var sectionTag = ""
        var sectionStart = 0
        var newLine = true
        var isPartialDefinition = false
        var isPartialDefinitionTopLevel = false
        var startDelimiter: [Character] = ["{", "{"]
        var endDelimiter: [Character] = ["}", "}"]
        var partialDefinitionIndent: Int?

        func withSectionName(_ name: String, newLine: Bool, tag: String, start: Int) -> State {
            var state = self
            state.sectionName = name
            state.sectionTag = tag
            state.sectionStart = start
            state.isPartialDefinitionTopLevel = false
            if !newLine { state.newLine = false }
            return state
        }

        func withInheritancePartial(_ name: String, tag: String, start: Int) -> State {
            var state = self
            state.sectionName = name
            state.sectionTag = tag
            state.sectionStart = start
            state.newLine = true
            state.isPartialDefinition = true
            state.isPartialDefinitionTopLevel = true
            return state
        }

        func withDelimiters(start: [Character], end: [Character]) -> State {
            var state = self
            state.startDelimiter = start
            state.endDelimiter = end
            state.isPartialDefinitionTopLevel = false
            return state
        }
    }

    /// What one level of nesting produced: its nodes, and inside a parent tag its block definitions.
    private struct Parsed {
        var nodes: [TemplateNode] = []
        var definitions: [String: [TemplateNode]] = [:]

        mutating func text(_ characters: [Character]) {
            nodes.append(.text(Array(String(characters).utf8)))
        }
    }

    private mutating func parse(_ initial: State, isParentBody: Bool) throws(TemplateSyntaxError) -> Parsed {
        var result = Parsed()
        var state = initial
        var whiteSpaceBefore: [Character] = []

        func add(_ node: TemplateNode, tagStart: Int, to result: inout Parsed) throws(TemplateSyntaxError) {
            if isParentBody {
                throw error("only block tags like {{$name}} may stand directly inside a parent tag {{<name}}", at: tagStart)
            }
            result.nodes.append(node)
        }

        while !reachedEnd {
            if state.newLine {
                let whiteSpace = readSpacesAndTabs()
                if state.isPartialDefinition, !state.isPartialDefinitionTopLevel {
                    if let indent = state.partialDefinitionIndent {
                        whiteSpaceBefore = Array(whiteSpace.dropFirst(indent))
                    } else {
                        state.partialDefinitionIndent = whiteSpace.count
                    }
                } else {
                    whiteSpaceBefore = whiteSpace
                }
            }
            let text = readUntilDelimiterOrNewline(state)
            if current.isNewline {
                result.text(whiteSpaceBefore + text + [current])
                state.newLine = true
                position += 1
                continue
            }
            if !text.isEmpty {
                result.text(whiteSpaceBefore + text)
                whiteSpaceBefore = []
                state.newLine = false
            }
            if reachedEnd { break }

            let tagStart = position - state.startDelimiter.count
            var setNewLine = false
            switch current {
            case "#", "^":
                let sigil = current
                position += 1
                let name = try parseName(state)
                if isStandalone(state) {
                    setNewLine = true
                } else if !whiteSpaceBefore.isEmpty {
                    result.text(whiteSpaceBefore)
                    whiteSpaceBefore = []
                }
                let tag = String(state.startDelimiter) + String(sigil) + name + String(state.endDelimiter)
                let body = try parse(state.withSectionName(name, newLine: setNewLine, tag: tag, start: tagStart), isParentBody: false).nodes
                let templateName = TemplateName(name)
                try add(sigil == "#" ? .section(templateName, body) : .inverted(templateName, body), tagStart: tagStart, to: &result)

            case "/":
                position += 1
                let namePosition = position
                let name = try parseName(state)
                guard let sectionName = state.sectionName else {
                    throw error("\(String(state.startDelimiter))/\(name)\(String(state.endDelimiter)) closes a section that was never opened", at: namePosition)
                }
                guard name == sectionName else {
                    throw error("a section is closed with a different name than it was opened with (\(state.sectionTag))", at: namePosition)
                }
                if !isStandalone(state), !whiteSpaceBefore.isEmpty {
                    result.text(whiteSpaceBefore)
                }
                return result

            case "!":
                position += 1
                try skipComment(state, tagStart: tagStart)
                setNewLine = isStandalone(state)

            case "{":
                if !whiteSpaceBefore.isEmpty {
                    result.text(whiteSpaceBefore)
                    whiteSpaceBefore = []
                }
                position += 1
                let name = try parseName(state)
                guard !reachedEnd, current == "}" else {
                    throw error("a tag is not closed with \(String(state.endDelimiter))}", at: position)
                }
                position += 1
                try add(.variable(TemplateName(name), escaped: false), tagStart: tagStart, to: &result)

            case "&":
                if !whiteSpaceBefore.isEmpty {
                    result.text(whiteSpaceBefore)
                    whiteSpaceBefore = []
                }
                position += 1
                let name = try parseName(state)
                try add(.variable(TemplateName(name), escaped: false), tagStart: tagStart, to: &result)

            case ">":
                position += 1
                skipWhitespace()
                if current == "*" {
                    throw error("dynamic partial names like {{>*name}} are not supported", at: tagStart)
                }
                let name = try parsePartialName(state)
                if !whiteSpaceBefore.isEmpty {
                    result.text(whiteSpaceBefore)
                }
                if isStandalone(state) {
                    setNewLine = true
                    try add(.partial(name, indentation: Array(String(whiteSpaceBefore).utf8)), tagStart: tagStart, to: &result)
                } else {
                    try add(.partial(name, indentation: nil), tagStart: tagStart, to: &result)
                }
                whiteSpaceBefore = []

            case "<":
                position += 1
                skipWhitespace()
                let name = try parsePartialName(state)
                if name.first == "*" {
                    throw error("dynamic parent names like {{<*name}} are not supported", at: tagStart)
                }
                if !whiteSpaceBefore.isEmpty {
                    result.text(whiteSpaceBefore)
                }
                if isStandalone(state) {
                    setNewLine = true
                }
                let tag = String(state.startDelimiter) + "<" + name + String(state.endDelimiter)
                let body = try parse(state.withInheritancePartial(name, tag: tag, start: tagStart), isParentBody: true)
                let indentation = Array(String(whiteSpaceBefore).utf8)
                try add(.parent(name, indentation: indentation, blocks: body.definitions), tagStart: tagStart, to: &result)
                whiteSpaceBefore = []

            case "$":
                position += 1
                let name = try parseName(state)
                let tag = String(state.startDelimiter) + "$" + name + String(state.endDelimiter)
                if state.isPartialDefinitionTopLevel {
                    if isStandalone(state) {
                        setNewLine = true
                    }
                    let body = try parse(state.withSectionName(name, newLine: setNewLine, tag: tag, start: tagStart), isParentBody: false)
                    result.definitions[name] = body.nodes
                } else {
                    if !whiteSpaceBefore.isEmpty {
                        result.text(whiteSpaceBefore)
                    }
                    if isStandalone(state) {
                        setNewLine = true
                    }
                    let body = try parse(state.withSectionName(name, newLine: setNewLine, tag: tag, start: tagStart), isParentBody: false)
                    let indentation = Array(String(whiteSpaceBefore).utf8)
                    try add(.block(name, body.nodes, indentation: indentation), tagStart: tagStart, to: &result)
                    whiteSpaceBefore = []
                }

            case "=":
                position += 1
                state = try setDelimiters(state, tagStart: tagStart)
                setNewLine = isStandalone(state)

            case "%":
                throw error("pragmas are not supported", at: tagStart)

            default:
                if !whiteSpaceBefore.isEmpty {
                    result.text(whiteSpaceBefore)
                    whiteSpaceBefore = []
                }
                let name = try parseName(state)
                try add(.variable(TemplateName(name), escaped: true), tagStart: tagStart, to: &result)
            }
            state.newLine = setNewLine
        }
        if state.sectionName != nil {
            throw error("a section \(state.sectionTag) is never closed", at: state.sectionStart)
        }
        return result
    }
}
