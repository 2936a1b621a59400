import Foundation

/// A lexer as Chroma's XML writes it: its configuration and its states of rules, read from the XML, not yet compiled.
/// Un analizador tal como lo escribe el XML de Chroma: configuración y estados de reglas, sin compilar.
struct LexerDefinition: Sendable {
    struct Config: Sendable {
        var name = ""
        var aliases: [String] = []
        var filenames: [String] = []
        var aliasFilenames: [String] = []
        var mimeTypes: [String] = []
        var caseInsensitive = false
        var dotAll = false
        var notMultiline = false
        var ensureNewline = false
        var priority: Double = 0
        /// Vitrina's `<delegate lexer="HTML"/>`: tokens of type Other are lexed again by that lexer (Chroma's DelegatingLexer).
        var delegate: String?
        /// Vitrina's `<content_type_body>`: an HTTP message's body is lexed by the lexer of its Content-Type.
        var contentTypeBody = false
    }

    indirect enum Emitter: Sendable, Equatable {
        case token(TokenType)
        case byGroups([Emitter])
        case using(lexer: String, remap: [TokenType: TokenType])
        case usingSelf(state: String)
        case usingByGroup(nameGroup: Int, codeGroup: Int, emitters: [Emitter])
    }

    indirect enum Mutator: Sendable, Equatable {
        /// States to push in order; `#pop` pops; no states pushes the current one.
        case push([String])
        case pop(Int)
        case include(String)
        case combined([String])
        case multiple([Mutator])
    }

    struct Rule: Sendable, Equatable {
        var pattern: String
        var emitter: Emitter?
        var mutator: Mutator?
    }

    /// Vitrina's `<inherit lexer="PHP" root="php"/>`: every state of another lexer, its root renamed.
    struct Inheritance: Sendable, Equatable {
        var lexer: String
        var root: String?
    }

    var config: Config
    var states: [String: [Rule]]
    var inherits: [Inheritance]

    struct DefinitionError: Error, CustomStringConvertible {
        let lexer: String
        let reason: String
        var description: String { "lexer \(lexer): \(reason)" }
    }

    /// Only the `<config>` of a lexer's XML, read without its rules (the registry's index).
    static func config(fromXML xml: String) throws -> Config {
        let closing = "</config>"
        guard let end = xml.utf8Offset(of: closing) else { throw DefinitionError(lexer: "?", reason: "no <config>") }
        let head = String(Substring(xml.utf8.prefix(end + closing.utf8.count))) + "</lexer>"
        let root = try ChromaXML.parse(head)
        guard let config = root.child("config") else { throw DefinitionError(lexer: "?", reason: "no <config>") }
        return try readConfig(config)
    }

    init(xml: String) throws {
        let root = try ChromaXML.parse(xml)
        guard root.name == "lexer", let configElement = root.child("config") else {
            throw DefinitionError(lexer: "?", reason: "not a <lexer> with a <config>")
        }
        config = try Self.readConfig(configElement)
        states = [:]
        inherits = []
        for element in root.child("rules")?.children ?? [] {
            switch element.name {
            case "state":
                guard let name = element.attribute("name") else { throw DefinitionError(lexer: config.name, reason: "a <state> with no name") }
                states[name] = try element.children(named: "rule").map { try Self.readRule($0, lexer: config.name) }
            case "inherit":
                guard let lexer = element.attribute("lexer") else { throw DefinitionError(lexer: config.name, reason: "an <inherit> with no lexer") }
                inherits.append(Inheritance(lexer: lexer, root: element.attribute("root")))
            default:
                throw DefinitionError(lexer: config.name, reason: "unknown <\(element.name)> in <rules>")
            }
        }
    }

    private static func readConfig(_ element: ChromaXMLElement) throws -> Config {
        var config = Config()
        for child in element.children {
            let text = trimmed(child.text)
            switch child.name {
            case "name": config.name = text
            case "alias": config.aliases.append(text)
            case "filename": config.filenames.append(text)
            case "alias_filename": config.aliasFilenames.append(text)
            case "mime_type": config.mimeTypes.append(text)
            case "case_insensitive": config.caseInsensitive = text == "true"
            case "dot_all": config.dotAll = text == "true"
            case "not_multiline": config.notMultiline = text == "true"
            case "ensure_nl": config.ensureNewline = text == "true"
            case "priority": config.priority = Double(text) ?? 0
            case "delegate": config.delegate = child.attribute("lexer")
            case "content_type_body": config.contentTypeBody = text == "true"
            default: break
            }
        }
        guard !config.name.isEmpty else { throw DefinitionError(lexer: "?", reason: "a lexer with no <name>") }
        return config
    }

    /// The text without the spaces, tabs and line breaks around it (XML's white space).
    private static func trimmed(_ text: String) -> String {
        let bytes = text.utf8
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) }) else { return "" }
        if first == bytes.startIndex && last == bytes.index(before: bytes.endIndex) { return text }
        return String(Substring(bytes[first...last]))
    }

    private static func readRule(_ element: ChromaXMLElement, lexer: String) throws -> Rule {
        var rule = Rule(pattern: element.attribute("pattern") ?? "")
        for child in element.children {
            if let mutator = try readMutator(child, lexer: lexer) {
                guard rule.mutator == nil else { throw DefinitionError(lexer: lexer, reason: "a rule with two mutators") }
                rule.mutator = mutator
            } else {
                guard rule.emitter == nil else { throw DefinitionError(lexer: lexer, reason: "a rule with two emitters") }
                rule.emitter = try readEmitter(child, lexer: lexer)
            }
        }
        return rule
    }

    private static func readMutator(_ element: ChromaXMLElement, lexer: String) throws -> Mutator? {
        switch element.name {
        case "push": return .push(element.attributes(named: "state"))
        case "pop":
            guard let depth = Int(element.attribute("depth") ?? "1"), (0...1000).contains(depth) else {
                throw DefinitionError(lexer: lexer, reason: "a <pop> with a bad depth")
            }
            return .pop(depth)
        case "include":
            guard let state = element.attribute("state") else { throw DefinitionError(lexer: lexer, reason: "an <include> with no state") }
            return .include(state)
        case "combined": return .combined(element.attributes(named: "state"))
        case "mutators", "multiple": return .multiple(try element.children.compactMap { try readMutator($0, lexer: lexer) })
        default: return nil
        }
    }

    private static func readEmitter(_ element: ChromaXMLElement, lexer: String) throws -> Emitter {
        switch element.name {
        case "token":
            guard let name = element.attribute("type"), let type = TokenType(name: name) else {
                throw DefinitionError(lexer: lexer, reason: "unknown token type \(element.attribute("type") ?? "")")
            }
            return .token(type)
        case "bygroups":
            return .byGroups(try element.children.map { try readEmitter($0, lexer: lexer) })
        case "using":
            guard let name = element.attribute("lexer") else { throw DefinitionError(lexer: lexer, reason: "a <using> with no lexer") }
            var remap: [TokenType: TokenType] = [:]
            for entry in element.children(named: "remap") {
                guard let from = entry.attribute("from").flatMap(TokenType.init(name:)), let to = entry.attribute("to").flatMap(TokenType.init(name:)) else {
                    throw DefinitionError(lexer: lexer, reason: "a <remap> with unknown types")
                }
                remap[from] = to
            }
            return .using(lexer: name, remap: remap)
        case "usingself":
            return .usingSelf(state: element.attribute("state") ?? "root")
        case "usingbygroup":
            func number(_ name: String) throws -> Int {
                guard let value = element.child(name).flatMap({ Int($0.text.trimmingCharacters(in: .whitespaces)) }), (1...99).contains(value) else {
                    throw DefinitionError(lexer: lexer, reason: "a <usingbygroup> with a bad \(name)")
                }
                return value
            }
            let emitters = try (element.child("emitters")?.children ?? []).map { try readEmitter($0, lexer: lexer) }
            return .usingByGroup(nameGroup: try number("sublexer_name_group"), codeGroup: try number("code_group"), emitters: emitters)
        default:
            throw DefinitionError(lexer: lexer, reason: "unknown emitter <\(element.name)>")
        }
    }
}
