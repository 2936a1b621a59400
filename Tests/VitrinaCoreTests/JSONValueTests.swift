import Foundation
import Testing
import TestSupport
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// JSON paths and values for declared sources: parsing on bytes, hostile input, lookups and template values.
/// Rutas y valores JSON de las fuentes declaradas: análisis sobre bytes, entradas hostiles, búsquedas y plantillas.
@Suite("JSON paths and values")
struct JSONValueTests {
    private func parse(_ text: String) throws -> JSONValue { try JSONValue.parse(Array(text.utf8)) }

    // MARK: Paths

    @Test(arguments: [
        ("id", [JSONPath.Segment.key("id")]),
        ("rating.rate", [.key("rating"), .key("rate")]),
        ("data.items", [.key("data"), .key("items")]),
        ("images[0]", [.key("images"), .index(0)]),
        ("a[1][2].b", [.key("a"), .index(1), .index(2), .key("b")]),
        ("[3].title", [.index(3), .key("title")]),
        ("ñandú.日本", [.key("ñandú"), .key("日本")]),
        ("with space", [.key("with space")]),
        ("images[99999]", [.key("images"), .index(99_999)]),
    ])
    func pathsParse(text: String, segments: [JSONPath.Segment]) throws {
        let path = try JSONPath(parsing: text)
        #expect(path.segments == segments)
        #expect(path.description == text)
    }

    @Test(arguments: [
        "", ".", "a.", ".a", "a..b", "a[", "a[]", "a[x]", "a[-1]", "a]", "a[0]b", "a.[0]", "a[100000]", "a[99999999999999999999999]",
        "a\u{0}b", "a\nb", "[", "]", "a[0", "a[0]]",
    ])
    func hostilePathsAreRefused(text: String) {
        #expect(throws: JSONPath.ParseError.self) { try JSONPath(parsing: text) }
    }

    @Test func pathLengthIsBounded() throws {
        let longest = Array(repeating: "a", count: JSONPath.maxSegments).joined(separator: ".")
        #expect(try JSONPath(parsing: longest).segments.count == JSONPath.maxSegments)
        let error = #expect(throws: JSONPath.ParseError.self) { try JSONPath(parsing: longest + ".b") }
        #expect(error?.description.contains("32 segments") == true)
        #expect(throws: JSONPath.ParseError.self) { try JSONPath(parsing: String(repeating: "x", count: 1_001)) }
        #expect(throws: JSONPath.ParseError.self) { try JSONPath(parsing: String(repeating: "[0]", count: 33)) }
    }

    /// Seeded property: any text either parses into a path whose description parses back to the same path, or is
    /// refused with a ParseError; never a crash.
    @Test func hostileTextEitherRoundTripsOrIsRefused() {
        var random = SeededGenerator(seed: 0xDEC1A4ED)
        let pieces = ["a", "b", ".", "[", "]", "0", "7", "99999", "100000", "é", "\u{0}", " ", "..", "[0]", "{", "}"]
        for _ in 0..<5_000 {
            let text = random.chance(0.5)
                ? (0..<Int.random(in: 0...10, using: &random)).map { _ in random.pick(pieces) }.joined()
                : HostileText.string(&random)
            guard let path = try? JSONPath(parsing: text) else { continue }
            #expect(!path.segments.isEmpty && path.segments.count <= JSONPath.maxSegments, "\(String(reflecting: text))")
            #expect((try? JSONPath(parsing: path.description)) == path, "\(String(reflecting: text))")
            for case .index(let index) in path.segments { #expect((0...JSONPath.maxIndex).contains(index)) }
        }
    }

    // MARK: Values

    @Test func parsesEveryKindKeepingKeyOrder() throws {
        let value = try parse(#" {"z":1,"a":[true,false,null],"m":{"x":-2.5e2,"y":"t\u00e9\n\ud83c\udf89"},"big":12345678901234567890} "#)
        guard case .object(let object) = value else { Issue.record("not an object"); return }
        #expect(object.keys == ["z", "a", "m", "big"])
        #expect(value.value(at: "z") == .int(1))
        #expect(value.value(at: "a[1]") == .bool(false))
        #expect(value.value(at: "a[2]") == .null)
        #expect(value.value(at: "a[3]") == nil)
        #expect(value.value(at: "m.x") == .double(-250))
        #expect(value.value(at: "m.y") == .string("té\n🎉"))
        #expect(value.value(at: "big") == .double(1.2345678901234567e19))
        #expect(value.value(at: "z.deeper") == nil)
        #expect(value.value(at: "a..b") == nil, "an invalid path finds nothing")
        #expect(try parse("[]") == .array([]))
        #expect(try parse("\u{FEFF}{}") == .object(JSONObject([])))
        #expect(try parse("-0") == .int(0))
        #expect(try parse("9223372036854775807") == .int(.max))
        #expect(try parse("9223372036854775808") == .double(9223372036854775808))
    }

    @Test(arguments: [
        ("", "ends where a value"), ("{", "expected a key"), ("[1,]", "unexpected byte"), ("[1 2]", "expected , or ]"),
        ("{\"a\" 1}", "expected :"), ("01", "leading zero"), ("1.", "decimal point"), ("1e", "exponent"), ("-", "minus sign"),
        ("1e400", "too large"), ("-1e99999", "too large"), ("\"a\u{1}b\"", "control character"), ("\"\\x\"", "unknown escape"),
        ("\"\\ud800\"", "lone high surrogate"), ("\"\\udc00x\"", "lone low surrogate"), ("\"\\ud800\\u0041\"", "not followed by a low"),
        ("\"\\u12zz\"", "four hex digits"), ("\"\\u12", "ends inside a \\u escape"), ("\"abc", "never closes"), ("tru", "expected true"), ("nul", "expected null"),
        ("[1] x", "after the JSON value"), ("NaN", "unexpected byte"), ("{\"a\":1,}", "expected a key"),
    ])
    func malformedBodiesAreRefusedWithTheirByte(text: String, reason: String) {
        let error = #expect(throws: JSONParseError.self) { try JSONValue.parse(Array(text.utf8)) }
        #expect(error?.reason.contains(reason) == true, "\(String(reflecting: text)): \(String(describing: error))")
    }

    @Test func invalidUTF8IsRefused() {
        for bytes: [UInt8] in [[0x22, 0xFF, 0x22], [0x22, 0xC3, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xF8, 0x88, 0x80, 0x80, 0x80, 0x22]] {
            let error = #expect(throws: JSONParseError.self) { try JSONValue.parse(bytes) }
            #expect(error?.reason.contains("UTF-8") == true)
        }
    }

    @Test func nestingIsBoundedAt64() throws {
        let deepest = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(throws: Never.self) { try JSONValue.parse(Array(deepest.utf8)) }
        for text in [String(repeating: "[", count: 65) + String(repeating: "]", count: 65),
                     String(repeating: "{\"a\":", count: 65) + "1" + String(repeating: "}", count: 65),
                     String(repeating: "[", count: 100_000)] {
            let error = #expect(throws: JSONParseError.self) { try JSONValue.parse(Array(text.utf8)) }
            #expect(error?.reason.contains("deeper than 64") == true)
        }
    }

    /// Seeded property: Foundation's parser and ours agree on whether random JSON-ish bytes are JSON, and on the value.
    @Test func agreesWithFoundationOnRandomDocuments() throws {
        var random = SeededGenerator(seed: 0x15_0A_11)
        let pieces = ["{", "}", "[", "]", ",", ":", "\"k\"", "\"\\u00e9\"", "1", "-2.5", "1e3", "0", "true", "null", " ", "\"\\\"\"", "\"x\""]
        var agreed = 0
        for _ in 0..<4_000 {
            let text = (0..<Int.random(in: 1...14, using: &random)).map { _ in random.pick(pieces) }.joined()
            let ours = try? JSONValue.parse(Array(text.utf8))
            let theirs = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
            // Foundation accepts duplicate keys and some forms we refuse nowhere; the kinds must still agree.
            #expect((ours != nil) == (theirs != nil), "\(text)")
            if ours != nil { agreed += 1 }
        }
        #expect(agreed > 50, "the generator makes some valid documents")
    }

    /// Seeded property: a random value written as JSON (hostile text, extreme numbers, deep but allowed nesting)
    /// parses back to itself.
    @Test func randomValuesRoundTrip() throws {
        var random = SeededGenerator(seed: 0x7A_1E)
        func value(_ depth: Int) -> JSONValue {
            switch Int.random(in: 0..<(depth >= 8 ? 5 : 7), using: &random) {
            case 0: return .null
            case 1: return .bool(random.chance(0.5))
            case 2: return .int(random.pick([0, -1, 1, .max, .min, Int.random(in: -1_000_000...1_000_000, using: &random)]))
            case 3: return .double(random.pick([0.5, -2.25, 1e300, -1e-300, 3.14159, Double.random(in: -1e6...1e6, using: &random)]))
            case 4: return .string(HostileText.string(&random))
            case 5: return .array((0..<Int.random(in: 0...4, using: &random)).map { _ in value(depth + 1) })
            default:
                return .object(JSONObject((0..<Int.random(in: 0...4, using: &random)).map { index in
                    JSONObject.Member(key: "\(index)" + HostileText.string(&random, maxPieces: 3), value: value(depth + 1))
                }))
            }
        }
        for _ in 0..<1_000 {
            let original = value(0)
            #expect(try JSONValue.parse(Array(Self.write(original).utf8)) == original)
        }
    }

    /// JSON text for a value, written independently of the parser.
    private static func write(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .int(let number): return String(number)
        case .double(let number): return "\(number)"
        case .string(let text):
            var literal = "\""
            for unit in text.utf16 {
                switch unit {
                case 0x22: literal += "\\\""
                case 0x5C: literal += "\\\\"
                case 0..<0x20, 0xD800...0xDFFF: literal += "\\u" + String(repeating: "0", count: 4 - String(unit, radix: 16).count) + String(unit, radix: 16)
                default: literal += String(decoding: [unit], as: UTF16.self)
                }
            }
            return literal + "\""
        case .array(let elements): return "[" + elements.map(write).joined(separator: ",") + "]"
        case .object(let object): return "{" + object.members.map { write(.string($0.key)) + ":" + write($0.value) }.joined(separator: ",") + "}"
        }
    }

    /// Up to 24 members, their keys picked from `keys` (so some repeat), their values digits.
    static func members(from keys: [String], _ random: inout SeededGenerator) -> [JSONObject.Member] {
        (0..<Int.random(in: 0...24, using: &random)).map { _ in
            JSONObject.Member(key: random.pick(keys), value: .int(Int.random(in: 0...9, using: &random)))
        }
    }

    /// Seeded property: objects of every size (small ones are looked through, larger ones keep a table) find each key's
    /// first member, and are written with each key once, sorted, holding that first value.
    @Test func lookupsAndWritingKeepEachKeysFirstMemberAtEverySize() throws {
        var random = SeededGenerator(seed: 0x0B_1E)
        let keys = ["a", "b", "B", "é", "", "ab", "a\u{0}", "<", "z"]
        for _ in 0..<2_000 {
            let members = Self.members(from: keys, &random)
            let object = JSONObject(members)
            var first: [String: JSONValue] = [:]
            for member in members where first[member.key] == nil { first[member.key] = member.value }
            for key in keys { #expect(object[key] == first[key], "\(members.count) members, key \(key)") }
            let written = try JSONValue.parse(Array(ScriptJSON.object(.object(object), inHTML: true).utf8))
            guard case .object(let read) = written else { Issue.record("not an object: \(written)"); continue }
            #expect(read.keys == first.keys.sorted(), "each key once, in order")
            for key in read.keys { #expect(read[key] == first[key]) }
        }
    }

    /// Seeded property: keys are told apart by their code points at every size: "é" and "e" + U+0301 are two keys, as
    /// JSON has them (Swift's `String` equality makes them one).
    @Test func lookupsTellCanonicallyEquivalentKeysApart() {
        var random = SeededGenerator(seed: 0x0B_1F)
        let keys = ["\u{E9}", "e\u{301}", "e", "\u{301}", "a\u{301}\u{302}", "a\u{302}\u{301}", "\u{212B}", "\u{C5}", "A\u{30A}"]
        for _ in 0..<2_000 {
            let members = Self.members(from: keys, &random)
            let object = JSONObject(members)
            for key in keys {
                let first = members.first { $0.key.unicodeScalars.elementsEqual(key.unicodeScalars) }?.value
                #expect(object[key] == first, "\(members.count) members, key \(key.unicodeScalars.map(\.value))")
            }
        }
    }

    // MARK: Template values

    @Test func templateValuesLeaveNullsOutAndKeepWholeNumbers() throws {
        let value = try parse(#"{"id":3,"price":9.5,"title":"Lamp","gone":null,"tags":["a",null,2],"ok":true,"rating":{"rate":4,"count":null}}"#)
        #expect(value.templateValue == .object([
            "id": .int(3), "price": .double(9.5), "title": .string("Lamp"), "tags": .list([.string("a"), .int(2)]), "ok": .bool(true),
            "rating": .object(["rate": .int(4)]),
        ]))
        #expect(JSONValue.null.templateValue == nil)
        #expect(try parse("1.0").templateValue == .double(1.0), "a number written with a point stays a double")
    }

    /// An API object's members as template fields: a repeated key keeps its first value that is not null, below and
    /// above the size at which a template object indexes its keys, with keys that are not ASCII.
    @Test func templateValuesOfHostileObjectsKeepEachKeysFirstValue() throws {
        for count in [3, 64, 65, 300] {
            var members = (0..<count).map { "\"k\($0)\":\($0)" }
            members += [#""k0":"again""#, #""gone":null"#, #""gone":"later""#, #""Å":1"#, #""\u212B":2"#, "\"\\u212A\":\"kelvin\"", #""K":"ascii""#]
            let value = try parse("{" + members.joined(separator: ",") + "}")
            guard case .object(let fields)? = value.templateValue else {
                Issue.record("\(count) members: not an object")
                continue
            }
            #expect(fields["k0"] == .int(0), "\(count) members")
            #expect(fields["k\(count - 1)"] == .int(count - 1))
            #expect(fields["gone"] == .string("later"), "null is left out, so the later value is the first")
            #expect(fields["Å"] == .int(1), "U+00C5 then U+212B ANGSTROM SIGN: one key as text, the first kept")
            #expect(fields["K"] == .string("kelvin"), "U+212A KELVIN SIGN and K: one key as text, the first kept")
            #expect(fields.count == count + 3)
        }
    }
}
