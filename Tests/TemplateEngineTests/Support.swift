@testable import VitrinaKit
import Mustache

/// Renders `template` (registered as "main") and its partials with our engine, as a String.
func render(_ template: String, _ value: TemplateValue = [:], partials: [String: String] = [:]) throws -> String {
    var set = TemplateSet()
    set.register(try CompiledTemplate(source: template), named: "main")
    for (name, source) in partials {
        set.register(try CompiledTemplate(source: source), named: name)
    }
    return String(decoding: set.render("main", value) ?? [], as: UTF8.self)
}

/// The parse error our engine reports for `template`, or nil when it parses.
func syntaxError(_ template: String) -> TemplateSyntaxError? {
    do {
        _ = try CompiledTemplate(source: template)
        return nil
    } catch {
        return error
    }
}

/// The same value in swift-mustache's world of `Any`; an object is an `OracleObject`, so that one printed with `{{.}}`
/// lists its keys in the same order in both engines.
func oracleValue(_ value: TemplateValue) -> Any {
    switch value {
    case .string(let string): string
    case .int(let number): number
    case .double(let number): number
    case .bool(let flag): flag
    case .list(let elements): elements.map(oracleValue) as [Any]
    case .object(let fields): OracleObject(fields: fields.map { ($0.key, oracleValue($0.value)) })
    }
}

/// An object for swift-mustache with our object's fields in their order: found by name as its `Dictionary` finds them
/// (`MustacheParent`, `String` equality), and spelled as a `Dictionary` of them would be, but in that order.
struct OracleObject: MustacheParent, CustomStringConvertible, CustomDebugStringConvertible {
    let fields: [(key: String, value: Any)]

    func child(named name: String) -> Any? { fields.first { $0.key == name }?.value }

    var description: String {
        fields.isEmpty ? "[:]" : "[" + fields.map { String(reflecting: $0.key) + ": " + String(reflecting: $0.value) }.joined(separator: ", ") + "]"
    }

    var debugDescription: String { description }
}

/// swift-mustache 2.1.1 escapes per `Character`, so a `< > & " '` that shares a grapheme with a combining or
/// prepended mark (`<\u{301}`, `\u{600}<`) is written raw: an injection, to be reported upstream. Where a value holds
/// such text the oracle is wrong, and only there the comparison is skipped.
/// swift-mustache escapa por `Character` y deja crudo un `<` unido a una marca: ahí el oráculo se equivoca.
func oracleMisescapes(_ value: TemplateValue) -> Bool {
    switch value {
    case .string(let text):
        let perCharacter = text.map { character -> String in
            switch character {
            case "<": "&lt;"
            case ">": "&gt;"
            case "&": "&amp;"
            case "\"": "&quot;"
            case "'": "&#39;"
            default: String(character)
            }
        }.joined()
        return perCharacter != HTMLText.escape(text)
    case .int, .double, .bool: return false
    case .list(let elements): return elements.contains(where: oracleMisescapes)
    case .object(let fields): return fields.values.contains(where: oracleMisescapes)
    }
}

/// What each engine made of the same templates and value.
struct Differential {
    /// Our output, or the message of our parse error.
    var ours: Result<[UInt8], TemplateSyntaxError>
    /// swift-mustache's output, or the description of its parse error.
    var theirs: Result<[UInt8], OracleError>
    /// The value holds text swift-mustache escapes wrongly (see `oracleMisescapes`): outputs may differ there.
    var oracleWrong = false

    struct OracleError: Error, CustomStringConvertible {
        let description: String
    }

    var agrees: Bool {
        switch (ours, theirs) {
        case (.success(let a), .success(let b)): a == b || oracleWrong
        case (.failure, .failure): true
        default: false
        }
    }

    var report: String {
        func show(_ result: Result<[UInt8], some Error>) -> String {
            switch result {
            case .success(let bytes): String(reflecting: String(decoding: bytes, as: UTF8.self))
            case .failure(let error): "error: \(error)"
            }
        }
        return "ours:   \(show(ours))\ntheirs: \(show(theirs))"
    }
}

/// Renders template `main` of `templates` with both engines.
func differential(_ templates: [String: String], main: String = "main", value: TemplateValue) -> Differential {
    var set = TemplateSet()
    var library = MustacheLibrary()
    var ourError: TemplateSyntaxError?
    var theirError: Differential.OracleError?
    for (name, source) in templates.sorted(by: { $0.key < $1.key }) {
        do {
            set.register(try CompiledTemplate(source: source), named: name)
        } catch {
            ourError = ourError ?? error
        }
        do {
            library.register(try MustacheTemplate(string: source), named: name)
        } catch {
            theirError = theirError ?? .init(description: "\(name): \(error)")
        }
    }
    let ours: Result<[UInt8], TemplateSyntaxError> =
        if let ourError { .failure(ourError) } else { .success(set.render(main, value) ?? []) }
    let theirs: Result<[UInt8], Differential.OracleError> =
        if let theirError {
            .failure(theirError)
        } else {
            .success(Array((library.render(oracleValue(value), withTemplate: main) ?? "").utf8))
        }
    return Differential(ours: ours, theirs: theirs, oracleWrong: oracleMisescapes(value))
}
