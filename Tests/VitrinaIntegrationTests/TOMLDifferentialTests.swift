import Foundation
import Testing
import TestSupport
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// Vitrina's own TOML reader against Python's `tomllib` (TOML 1.0): 10,000 seeded random documents with every kind of
/// value, dates and times, arrays of tables and Unicode keys must read as the same typed values, and 3,000 broken ones
/// (mutated bytes, and mistakes people make) must be refused by both or read the same by both.
/// El lector TOML de Vitrina frente a `tomllib` de Python: los mismos valores, y los mismos documentos rechazados.
@Suite("TOML against tomllib")
struct TOMLDifferentialTests {
    /// One value in a form both sides can give: Python's JSON on one side, `TOMLValue` on the other.
    indirect enum Canon: Equatable, CustomStringConvertible {
        case bool(Bool), int(String), float(String), str(String)
        case dateTime(date: [Int]?, time: [Int]?, offset: Int?)
        case array([Canon]), table([String: Canon])

        var description: String {
            switch self {
            case .bool(let value): "\(value)"
            case .int(let value): value
            case .float(let value): "float(\(value))"
            case .str(let value): String(reflecting: value)
            case .dateTime(let date, let time, let offset): "dt(\(date ?? []), \(time ?? []), \(offset.map(String.init) ?? "local"))"
            case .array(let items): "[\(items.map(\.description).joined(separator: ", "))]"
            case .table(let table): "{\(table.sorted { $0.key < $1.key }.map { "\(String(reflecting: $0.key)): \($0.value)" }.joined(separator: ", "))}"
            }
        }

        init(_ value: TOMLValue) {
            switch value {
            case .bool(let value): self = .bool(value)
            case .integer(let value): self = .int(String(value))
            case .float(let value): self = .float(Self.bits(value))
            case .string(let value): self = .str(value)
            case .dateTime(let value):
                // tomllib keeps microseconds, the first six digits of the fraction.
                let micro = Int(String((value.fraction + "000000").prefix(6))) ?? 0
                self = .dateTime(date: value.date, time: value.time.map { $0 + [micro] }, offset: value.offset)
            case .array(let items): self = .array(items.map(Canon.init))
            case .table(let table): self = .table(table.mapValues(Canon.init))
            }
        }

        /// From the Python side's JSON: `["int", "42"]`, `["table", {…}]`…
        init?(json: Any) {
            guard let pair = json as? [Any], let kind = pair.first as? String else { return nil }
            switch kind {
            case "bool": guard let value = pair[1] as? Bool else { return nil }; self = .bool(value)
            case "int": self = .int(pair[1] as? String ?? "?")
            case "float": self = .float(pair[1] as? String ?? "?")
            case "str": self = .str(pair[1] as? String ?? "?")
            case "datetime": self = .dateTime(date: pair[1] as? [Int], time: pair[2] as? [Int], offset: pair[3] as? Int)
            case "date": self = .dateTime(date: pair[1] as? [Int], time: nil, offset: nil)
            case "time": self = .dateTime(date: nil, time: pair[1] as? [Int], offset: nil)
            case "array": self = .array(((pair[1] as? [Any]) ?? []).compactMap { Canon(json: $0) })
            case "table": self = .table(((pair[1] as? [String: Any]) ?? [:]).compactMapValues { Canon(json: $0) })
            default: return nil
            }
        }

        var hasIntegerBeyond64Bits: Bool {
            switch self {
            case .int(let text): Int64(text) == nil
            case .array(let items): items.contains { $0.hasIntegerBeyond64Bits }
            case .table(let table): table.values.contains { $0.hasIntegerBeyond64Bits }
            default: false
            }
        }

        /// A double's bits, as Python's `struct.pack(">d", v).hex()` writes them; every NaN as `nan`.
        static func bits(_ value: Double) -> String {
            guard !value.isNaN else { return "nan" }
            let hex = String(value.bitPattern, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }
    }

    static let python = """
        import datetime, json, math, struct, sys, tomllib
        def canon(v):
            if isinstance(v, bool): return ["bool", v]
            if isinstance(v, int): return ["int", str(v)]
            if isinstance(v, float): return ["float", "nan" if math.isnan(v) else struct.pack(">d", v).hex()]
            if isinstance(v, str): return ["str", v]
            if isinstance(v, datetime.datetime):
                off = v.utcoffset()
                return ["datetime", [v.year, v.month, v.day], [v.hour, v.minute, v.second, v.microsecond],
                        None if off is None else int(off.total_seconds() // 60)]
            if isinstance(v, datetime.date): return ["date", [v.year, v.month, v.day]]
            if isinstance(v, datetime.time): return ["time", [v.hour, v.minute, v.second, v.microsecond]]
            if isinstance(v, list): return ["array", [canon(x) for x in v]]
            return ["table", {k: canon(x) for k, x in v.items()}]
        out = []
        for doc in json.load(open(sys.argv[1], encoding="utf-8")):
            try: out.append(canon(tomllib.loads(doc)))
            except tomllib.TOMLDecodeError: out.append(None)
        json.dump(out, sys.stdout)
        """

    /// What `tomllib` makes of each document (nil: refused), in one run of Python on a thread of its own
    /// (`ProgramRun`: a blocked thread of the two in Swift's shared pool would starve the other tests' servers).
    static func tomllib(_ documents: [String]) async throws -> [Canon?] {
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("toml-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: input) }
        try Files.write(Array(try JSONSerialization.data(withJSONObject: documents)), to: input)
        let run = try await ProgramRun.of("/usr/bin/python3", ["-c", python, input])
        guard run.status == 0 else {
            throw VitrinaError(.usage, "python3 with tomllib (3.11 or later) is needed: \(run.error)")
        }
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [Any])
        return decoded.map { $0 is NSNull ? nil : Canon(json: $0) }
    }

    /// Ours: the typed tree, or nil when refused.
    static func ours(_ document: String) -> Canon? {
        (try? TOMLFrontMatter.value(Array(document.utf8))).map(Canon.init)
    }

    static func compare(_ documents: [String], expectAccepted: Bool?) async throws -> (accepted: Int, refused: Int) {
        let theirs = try await tomllib(documents)
        var (accepted, refused) = (0, 0)
        for (number, (document, expected)) in zip(documents, theirs).enumerated() {
            // Seconds of reading on one of the pool's two threads would starve the tests that wait on a server.
            if number % 256 == 0 { await Task.yield() }
            let mine = ours(document)
            if expected == nil { refused += 1 } else { accepted += 1 }
            if let expectAccepted { #expect((expected != nil) == expectAccepted, "tomllib: \(String(reflecting: document))") }
            // TOML 1.0: an integer that does not fit in 64 bits must be an error; tomllib keeps Python's big integers.
            if let expected, expected.hasIntegerBeyond64Bits {
                #expect(mine == nil, "\(String(reflecting: document)): beyond 64 bits, refused")
                continue
            }
            #expect(mine == expected, "\(String(reflecting: document))\n ours:    \(mine.map(\.description) ?? "refused")\n tomllib: \(expected.map(\.description) ?? "refused")")
        }
        return (accepted, refused)
    }

    @Test("10,000 seeded random documents read as tomllib reads them")
    func randomDocuments() async throws {
        var generator = TOMLGenerator(seed: 0x70_4D_11_B0)
        var documents: [String] = []
        for number in 0..<10_000 {
            if number % 256 == 0 { await Task.yield() }
            documents.append(generator.document())
        }
        let (accepted, _) = try await Self.compare(documents, expectAccepted: true)
        #expect(accepted == 10_000)
    }

    @Test("Mutated and mistaken documents: refused by both, or read the same by both")
    func brokenDocuments() async throws {
        var generator = TOMLGenerator(seed: 0xBAD_70_4D)
        var documents = TOMLGenerator.mistakes
        for _ in 0..<3_000 { documents.append(generator.mutated(generator.document())) }
        let (accepted, refused) = try await Self.compare(documents, expectAccepted: nil)
        #expect(refused > 1_000 && accepted > 100, "\(refused) refused, \(accepted) accepted: the mutations reach both sides")
        _ = try await Self.compare(TOMLGenerator.mistakes, expectAccepted: false)
    }
}

/// Seeded random TOML 1.0 documents: every kind of value, nested arrays and inline tables, tables, arrays of tables,
/// dotted and quoted keys with Unicode.
/// Documentos TOML 1.0 aleatorios con semilla.
struct TOMLGenerator {
    var random: SeededGenerator

    init(seed: UInt64) { random = SeededGenerator(seed: seed) }

    /// Mistakes people make, which TOML refuses.
    static let mistakes = [
        "a = 1\na = 2\n", "a = \n", "a = \"open\n", "a = 01\n", "a = 1__0\n", "a = 0x\n", "a = 1979-13-01\n", "a = hello\n",
        "[t]\nx = 1\n[t]\ny = 2\n", "a = 1 b = 2\n", "a = \"tab\u{1}\"\n", "a = 2024-02-30\n", "a = [1, 2\n", "a = {b = 1\n",
        "a = [1]\n[[a]]\nb = 1\n", "[[t]]\nx = 1\n[t]\ny = 2\n", "a.b = 1\n[a]\nc = 2\n", "a = .5\n", "a = 5.\n", "a = 1e\n",
        "a = +0x10\n", "a = \"\\x41\"\n", "a = \"\\q\"\n", "= 1\n", "a b = 1\n", "[a\nb = 1\n", "[[a]\n", "a = 'it's'\n",
        "a = \"\"\"x\"\n", "a = tru\n", "a = 12:60:00\n", "a = 1979-05-27T25:00:00\n", "a = {b = 1, b = 2}\n", "a = {}\nb.c = 1\na.d = 2\n",
        "a = 2024-01-01T00:00:60\n", "a = {x = 1,}\n", "a = {x = 1,\n y = 2}\n",
    ]

    /// Any byte changed, dropped or doubled, or a character TOML treats specially put somewhere.
    mutating func mutated(_ document: String) -> String {
        var bytes = Array(document.utf8)
        guard !bytes.isEmpty else { return document }
        let specials = Array("=[]{},.\"'#\n\\ _:+-eE0x".utf8)
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let at = Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<4, using: &random) {
            case 0: bytes[at] = specials.randomElement(using: &random)!
            case 1: bytes.remove(at: at)
            case 2: bytes.insert(specials.randomElement(using: &random)!, at: at)
            default: bytes.insert(bytes[at], at: at)
            }
            if bytes.isEmpty { break }
        }
        // Mutations that split a multi-byte character are not text; TOML is UTF-8 only, so keep documents valid UTF-8.
        return String(decoding: bytes, as: UTF8.self)
    }

    mutating func document() -> String {
        var text = ""
        var rootKeys = Set<String>()
        text += keyValues(count: Int.random(in: 0...4, using: &random), taken: &rootKeys)
        for _ in 0..<Int.random(in: 0...2, using: &random) {
            let name = freshKey(&rootKeys)
            var keys = Set<String>()
            text += section("\n[\(name)]\n", values: 0...3, keys: &keys)
            if Bool.random(using: &random) {
                var subKeys = Set<String>()
                text += section("\n[ \(name) . \(freshKey(&keys)) ]\n", values: 1...2, keys: &subKeys)
            }
        }
        if Bool.random(using: &random) {
            let name = freshKey(&rootKeys)
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                var keys = Set<String>()
                text += section("\n[[\(name)]]\n", values: 0...3, keys: &keys)
                if Bool.random(using: &random) {
                    var innerKeys = Set<String>()
                    text += section("[[\(name).\(freshKey(&keys))]]\n", values: 0...2, keys: &innerKeys)
                }
            }
        }
        return text
    }

    /// A table's header line and its `key = value` lines, the keys it took in `keys`.
    mutating func section(_ header: String, values: ClosedRange<Int>, keys: inout Set<String>) -> String {
        header + keyValues(count: Int.random(in: values, using: &random), taken: &keys)
    }

    mutating func keyValues(count: Int, taken: inout Set<String>) -> String {
        var text = ""
        for _ in 0..<count {
            let key = freshKey(&taken)
            let comment = Int.random(in: 0..<5, using: &random) == 0 ? " # note é" : ""
            if Int.random(in: 0..<6, using: &random) == 0 {
                // A dotted key making a table of its own: a fresh first segment, so nothing else defines it.
                text += "\(key).\(bareKey()) = \(value(depth: 0))\(comment)\n"
            } else {
                text += "\(key) = \(value(depth: 0))\(comment)\n"
            }
        }
        return text
    }

    /// A key not yet used in this table, written bare, in quotes with Unicode, or literal.
    mutating func freshKey(_ taken: inout Set<String>) -> String {
        while true {
            let written: String, name: String
            switch Int.random(in: 0..<5, using: &random) {
            case 0:
                name = ["clé", "名前", "emoji 🎉", "a.b", "tab\there", "quote\"d", "", "ñandú"].randomElement(using: &random)!
                written = "\"" + escaped(name) + "\""
            case 1:
                name = ["literal key", "ü", "x-y", "日本"].randomElement(using: &random)!
                written = "'\(name)'"
            default:
                name = bareKey()
                written = name
            }
            if taken.insert(name).inserted { return written }
        }
    }

    mutating func bareKey() -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCXYZ0123456789_-")
        return String((0..<Int.random(in: 1...8, using: &random)).map { _ in letters.randomElement(using: &random)! })
    }

    mutating func value(depth: Int) -> String {
        switch Int.random(in: 0..<(depth < 3 ? 14 : 11), using: &random) {
        case 0: return "\"" + escaped(text()) + "\""
        case 1: return "'" + text().filter { $0 != "'" && $0 != "\n" && $0 != "\r" && !$0.isASCIIControl } + "'"
        case 2: return "\"\"\"\n" + escaped(text(), multiline: true) + "\\\n   tail\"\"\""
        case 3: return "'''" + text().filter { !$0.isASCIIControl && $0 != "'" } + "\nline'''"
        case 4: return integer()
        case 5: return float()
        case 6: return Bool.random(using: &random) ? "true" : "false"
        case 7: return offsetDateTime()
        case 8: return localDate() + (Bool.random(using: &random) ? "T" + localTime() : "")
        case 9: return localTime()
        case 10: return "\"\\u00E9\\U0001F600\\t\\\\\\\"\\b\\f\\r\\n\""
        case 11, 12:
            let items = (0..<Int.random(in: 0...4, using: &random)).map { _ in value(depth: depth + 1) }
            let separator = Bool.random(using: &random) ? ", " : ",\n  # between\n  "
            return "[" + items.joined(separator: separator) + (items.isEmpty || Bool.random(using: &random) ? "" : ",") + "]"
        default:
            var keys = Set<String>()
            let pairs = (0..<Int.random(in: 0...3, using: &random)).map { _ in "\(freshKey(&keys)) = \(value(depth: depth + 1))" }
            return "{" + pairs.joined(separator: ", ") + "}"
        }
    }

    mutating func text() -> String {
        let pool = Array("abc XYZ 09 éñü 名字 🎉 \t\"\\'#=[]{}.,\n\u{7F}\u{1}")
        return String((0..<Int.random(in: 0...12, using: &random)).map { _ in pool.randomElement(using: &random)! })
    }

    /// TOML's escapes for what a basic string cannot hold as it is.
    func escaped(_ text: String, multiline: Bool = false) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += multiline ? "\n" : "\\n"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: out += String(format: "\\u%04X", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    mutating func integer() -> String {
        switch Int.random(in: 0..<6, using: &random) {
        case 0: return String(Int64.random(in: Int64.min...Int64.max, using: &random))
        case 1: return "+" + String(Int.random(in: 0...99_999, using: &random))
        case 2: return "1_000_" + String(format: "%03d", Int.random(in: 0...999, using: &random))
        case 3: return "0x" + ["DEAD_beef", "7FFFFFFFFFFFFFFF", "0", "ff"].randomElement(using: &random)!
        case 4: return "0o" + ["755", "0", "7_7"].randomElement(using: &random)!
        default: return "0b" + ["1101", "0", "1_0_1"].randomElement(using: &random)!
        }
    }

    mutating func float() -> String {
        ["3.14", "-0.5e-3", "1e6", "6.626e-34", "1_000.5", "inf", "-inf", "+inf", "nan", "-0.0", "+1.5E+10", "0.1", "1e308",
         "5e-324", "224_617.445_991_228", "9_007_199_254_740_993.0", String(Double.random(in: -1e9...1e9, using: &random))]
            .randomElement(using: &random)!
    }

    mutating func localDate() -> String {
        String(format: "%04d-%02d-%02d", Int.random(in: 1...9999, using: &random), Int.random(in: 1...12, using: &random), Int.random(in: 1...28, using: &random))
    }

    mutating func localTime() -> String {
        let base = String(format: "%02d:%02d:%02d", Int.random(in: 0...23, using: &random), Int.random(in: 0...59, using: &random), Int.random(in: 0...59, using: &random))
        let digits = Int.random(in: 0...9, using: &random)
        return digits == 0 ? base : base + "." + String((0..<digits).map { _ in "0123456789".randomElement(using: &random)! })
    }

    mutating func offsetDateTime() -> String {
        let separator = ["T", "t", " "].randomElement(using: &random)!
        let offset = ["Z", "z", "+05:30", "-08:00", "+00:00", "-00:00"].randomElement(using: &random)!
        return localDate() + separator + localTime() + offset
    }
}

private extension Character {
    var isASCIIControl: Bool { unicodeScalars.allSatisfy { $0.value < 0x20 || $0.value == 0x7F } && isASCII }
}
