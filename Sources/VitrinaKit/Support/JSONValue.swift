/// Any JSON value, as an API sent it: objects keep their key order, whole numbers stay whole.
/// Cualquier valor JSON, tal como lo envió una API: los objetos conservan el orden, los enteros siguen enteros.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The value at `path`, or nil when a step is missing or of another kind.
    /// El valor en `path`, o nil si falta un paso o es de otro tipo.
    public func value(at path: JSONPath) -> JSONValue? {
        var current = self
        for segment in path.segments {
            switch (segment, current) {
            case (.key(let key), .object(let object)):
                guard let next = object[key] else { return nil }
                current = next
            case (.index(let index), .array(let elements)):
                guard elements.indices.contains(index) else { return nil }
                current = elements[index]
            default:
                return nil
            }
        }
        return current
    }

    /// The value at a path written as text (`rating.rate`, `images[0]`); nil too when the text is no valid path.
    /// El valor en una ruta escrita como texto; también nil si el texto no es una ruta válida.
    public func value(at path: String) -> JSONValue? {
        guard let parsed = try? JSONPath(parsing: path) else { return nil }
        return value(at: parsed)
    }

    /// A short name of the value's kind, for error messages: `text`, `a number`, `a list`…
    /// Un nombre corto del tipo del valor, para mensajes de error.
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "true or false"
        case .int, .double: "a number"
        case .string: "text"
        case .array: "a list"
        case .object: "an object"
        }
    }

    /// The value for templates: null fields left out of objects and lists, whole numbers as `.int`; nil for null.
    /// El valor para plantillas: los campos null se omiten, los enteros quedan `.int`; nil para null.
    public var templateValue: TemplateValue? {
        switch self {
        case .null: nil
        case .bool(let flag): .bool(flag)
        case .int(let number): .int(number)
        case .double(let number): .double(number)
        case .string(let text): .string(text)
        case .array(let elements): .list(elements.compactMap(\.templateValue))
        case .object(let object):
            .object(object.members.reduce(into: TemplateObject()) { fields, member in
                // A repeated key keeps its first value.
                if fields[member.key] == nil, let value = member.value.templateValue { fields[member.key] = value }
            })
        }
    }
}

/// A JSON object's members in the order the body wrote them; a repeated key keeps its first value for lookups. Keys are
/// told apart by their code points, as JSON tells them: `String`'s equality would make "é" and "e" + U+0301 one key.
/// Los miembros de un objeto JSON en el orden del cuerpo; una clave repetida conserva su primer valor al buscar.
public struct JSONObject: Sendable, Equatable {
    /// One key and its value.
    /// Una clave y su valor.
    public struct Member: Sendable, Equatable {
        public let key: String
        public let value: JSONValue
    }

    public let members: [Member]
    /// Where each key first comes, for objects large enough that looking through them costs more than the table
    /// (a page's JSON-LD makes many small ones).
    private let positions: [ExactKey: Int]?

    public init(_ members: [Member]) {
        self.members = members
        guard members.count > Self.scannedCount else {
            positions = nil
            return
        }
        var positions: [ExactKey: Int] = [:]
        positions.reserveCapacity(members.count)
        for (position, member) in members.enumerated() where positions[ExactKey(member.key)] == nil { positions[ExactKey(member.key)] = position }
        self.positions = positions
    }

    /// A key compared and hashed by its UTF-8 bytes.
    /// Una clave comparada y resumida por sus bytes UTF-8.
    private struct ExactKey: Hashable {
        let text: String
        init(_ text: String) { self.text = text }
        static func == (lhs: ExactKey, rhs: ExactKey) -> Bool { lhs.text.utf8.elementsEqual(rhs.text.utf8) }
        func hash(into hasher: inout Hasher) {
            var text = text
            text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
            hasher.combine(text.utf8.count)
        }
    }

    private static let scannedCount = 8

    public init(_ pairs: KeyValuePairs<String, JSONValue>) {
        self.init(pairs.map { Member(key: $0.key, value: $0.value) })
    }

    public subscript(key: String) -> JSONValue? {
        guard let positions else { return members.first { $0.key.utf8.elementsEqual(key.utf8) }?.value }
        return positions[ExactKey(key)].map { members[$0].value }
    }

    public var keys: [String] { members.map(\.key) }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool { lhs.members == rhs.members }
}

extension JSONValue {
    /// The deepest nesting of arrays and objects a body may have.
    public static let maxDepth = 64

    /// Parses a JSON text (RFC 8259) from its bytes: strict grammar, valid UTF-8, nesting up to `maxDepth`.
    /// Analiza un texto JSON (RFC 8259) desde sus bytes: gramática estricta, UTF-8 válido, anidación hasta `maxDepth`.
    public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        var parser = JSONByteParser(bytes: bytes)
        return try parser.document()
    }
}

/// Why a body is no JSON Vitrina reads, and at which byte.
/// Por qué un cuerpo no es un JSON que Vitrina lea, y en qué byte.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 1-based byte offset of the problem.
    public let byte: Int
    public let reason: String
    public var description: String { "at byte \(byte): \(reason)" }
}

/// A recursive-descent parser over bytes; every loop advances the position or stops.
/// Un analizador descendente sobre bytes; cada bucle avanza la posición o se detiene.
struct JSONByteParser {
    let bytes: [UInt8]
    var position = 0
    var depth = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func document() throws(JSONParseError) -> JSONValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        skipSpace()
        let value = try value()
        skipSpace()
        guard position == bytes.count else { throw fail("unexpected text after the JSON value") }
        return value
    }

    private func fail(_ reason: String, at offset: Int? = nil) -> JSONParseError {
        JSONParseError(byte: (offset ?? position) + 1, reason: reason)
    }

    private mutating func skipSpace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    private mutating func value() throws(JSONParseError) -> JSONValue {
        guard position < bytes.count else { throw fail("the body ends where a value should be") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw fail("unexpected byte 0x\(String(bytes[position], radix: 16, uppercase: true)) where a value should be")
        }
    }

    private mutating func literal(_ word: StaticString) throws(JSONParseError) {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard bytes.count - position >= expected.count, bytes[position..<(position + expected.count)].elementsEqual(expected) else {
            throw fail("expected \(word)")
        }
        position += expected.count
    }

    private mutating func enter() throws(JSONParseError) {
        depth += 1
        guard depth <= JSONValue.maxDepth else { throw fail("arrays and objects nest deeper than \(JSONValue.maxDepth) levels") }
    }

    private mutating func array() throws(JSONParseError) -> JSONValue {
        try enter()
        position += 1
        skipSpace()
        var elements: [JSONValue] = []
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            skipSpace()
            elements.append(try value())
            skipSpace()
            guard position < bytes.count else { throw fail("the body ends inside a list") }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            guard bytes[position] == UInt8(ascii: "]") else { throw fail("expected , or ] in a list") }
            position += 1
            depth -= 1
            return .array(elements)
        }
    }

    private mutating func object() throws(JSONParseError) -> JSONValue {
        try enter()
        position += 1
        skipSpace()
        var members: [JSONObject.Member] = []
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            return .object(JSONObject(members))
        }
        while true {
            skipSpace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw fail("expected a key in quotes") }
            let key = try string()
            skipSpace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw fail("expected : after a key") }
            position += 1
            skipSpace()
            members.append(JSONObject.Member(key: key, value: try value()))
            skipSpace()
            guard position < bytes.count else { throw fail("the body ends inside an object") }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            guard bytes[position] == UInt8(ascii: "}") else { throw fail("expected , or } in an object") }
            position += 1
            depth -= 1
            return .object(JSONObject(members))
        }
    }

    /// A string literal: escapes decoded, surrogate pairs joined, the raw bytes checked as UTF-8.
    private mutating func string() throws(JSONParseError) -> String {
        let start = position
        position += 1
        var scalars = String.UnicodeScalarView()
        var runStart = position
        func flush(_ end: Int) throws(JSONParseError) {
            guard end > runStart else { return }
            guard let text = String(validating: bytes[runStart..<end], as: UTF8.self) else {
                throw fail("text that is not valid UTF-8", at: runStart)
            }
            scalars.append(contentsOf: text.unicodeScalars)
        }
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                try flush(position)
                position += 1
                return String(scalars)
            }
            if byte < 0x20 { throw fail("a control character inside text (write it as \\u00\(byte < 16 ? "0" : "")\(String(byte, radix: 16)))") }
            if byte == UInt8(ascii: "\\") {
                try flush(position)
                scalars.append(try escape())
                runStart = position
                continue
            }
            position += 1
        }
        throw fail("text that never closes", at: start)
    }

    /// One escape after a backslash; the position ends past it.
    private mutating func escape() throws(JSONParseError) -> Unicode.Scalar {
        let at = position
        guard position + 1 < bytes.count else { throw fail("the body ends inside an escape") }
        let letter = bytes[position + 1]
        position += 2
        switch letter {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{8}"
        case UInt8(ascii: "f"): return "\u{C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try hex4(at: at)
            if (0xDC00...0xDFFF).contains(high) { throw fail("a lone low surrogate \\u\(String(high, radix: 16))", at: at) }
            guard (0xD800...0xDBFF).contains(high) else { return Unicode.Scalar(high)! }
            guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else {
                throw fail("a lone high surrogate \\u\(String(high, radix: 16))", at: at)
            }
            position += 2
            let low = try hex4(at: at)
            guard (0xDC00...0xDFFF).contains(low) else { throw fail("a high surrogate not followed by a low one", at: at) }
            return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
        default:
            throw fail("an unknown escape \\\(Unicode.Scalar(letter))", at: at)
        }
    }

    private mutating func hex4(at escapeStart: Int) throws(JSONParseError) -> UInt32 {
        guard bytes.count - position >= 4 else { throw fail("the body ends inside a \\u escape", at: escapeStart) }
        var value: UInt32 = 0
        for byte in bytes[position..<(position + 4)] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw fail("a \\u escape needs four hex digits", at: escapeStart)
            }
            value = value << 4 | UInt32(digit)
        }
        position += 4
        return value
    }

    /// A number by RFC 8259's grammar: whole ones that fit `Int` stay `.int`; the rest `.double`, refused when infinite.
    private mutating func number() throws(JSONParseError) -> JSONValue {
        let start = position
        func digits() -> Int {
            let from = position
            while position < bytes.count, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9") { position += 1 }
            return position - from
        }
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        let integerStart = position
        let integerDigits = digits()
        guard integerDigits > 0 else { throw fail("a minus sign without digits", at: start) }
        if integerDigits > 1, bytes[integerStart] == UInt8(ascii: "0") { throw fail("a number with a leading zero", at: start) }
        var isWhole = true
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            isWhole = false
            guard digits() > 0 else { throw fail("a decimal point without digits after it", at: start) }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            position += 1
            isWhole = false
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard digits() > 0 else { throw fail("an exponent without digits", at: start) }
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        if isWhole, let whole = Int(text) { return .int(whole) }
        guard let number = Double(text), number.isFinite else { throw fail("the number \(text.prefix(40)) is too large", at: start) }
        return .double(number)
    }
}

extension JSONValue {
    /// An object from its fields, in the order given (JSON-LD built in code).
    static func fields(_ pairs: [(String, JSONValue)]) -> JSONValue {
        .object(JSONObject(pairs.map { JSONObject.Member(key: $0.0, value: $0.1) }))
    }
}
