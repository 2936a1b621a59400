import Foundation

/// JSON for data scripts and `<script type="application/json">`: sorted keys, and `<` escaped so no
/// value can close the script element.
/// JSON para scripts de datos: claves ordenadas y `<` escapado para que ningún valor cierre el script.
public enum ScriptJSON {
    public static func object(_ value: Any) -> String { object(value, inHTML: false) }

    /// `inHTML` also writes `>` and `&` as escapes, for JSON inside a `<script>` that HTML tools may read as markup
    /// (`application/ld+json`).
    public static func object(_ value: Any, inHTML: Bool) -> String {
        var out: [UInt8] = []
        guard encode(value, into: &out, inHTML: inHTML) else { return "{}" }
        return String(decoding: out, as: UTF8.self)
    }

    /// Writes strings, whole and decimal numbers, booleans, null, arrays and objects (keys sorted); false for
    /// anything else. Written by hand: Foundation's JSONSerialization was a tenth of the default site's build.
    static func encode(_ value: Any, into out: inout [UInt8], inHTML: Bool = false) -> Bool {
        switch value {
        case let text as String:
            string(text, into: &out, inHTML: inHTML)
        case let flag as Bool:
            out.append(contentsOf: (flag ? "true" : "false").utf8)
        case let number as Int:
            out.append(contentsOf: String(number).utf8)
        case let number as Double:
            return double(number, into: &out)
        case let object as [String: Any]:
            return members(object.keys.sorted().map { ($0, object[$0]!) }, into: &out, inHTML: inHTML) { encode($0, into: &$1, inHTML: inHTML) }
        case let array as [Any]:
            return elements(array, into: &out) { encode($0, into: &$1, inHTML: inHTML) }
        case is NSNull:  // last: asking a Swift dictionary or array whether it is NSNull bridges it to Objective-C first
            out.append(contentsOf: "null".utf8)
        default:
            return false
        }
        return true
    }

    /// A typed value (JSON-LD), written byte for byte as its untyped twin would be (keys sorted), with no dynamic casts.
    static func object(_ value: JSONValue, inHTML: Bool) -> String {
        var out: [UInt8] = []
        guard encode(value, into: &out, inHTML: inHTML) else { return "{}" }
        return String(decoding: out, as: UTF8.self)
    }

    static func encode(_ value: JSONValue, into out: inout [UInt8], inHTML: Bool) -> Bool {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let flag): out.append(contentsOf: (flag ? "true" : "false").utf8)
        case .int(let number): out.append(contentsOf: String(number).utf8)
        case .double(let number): return double(number, into: &out)
        case .string(let text): string(text, into: &out, inHTML: inHTML)
        case .array(let values):
            return elements(values, into: &out) { encode($0, into: &$1, inHTML: inHTML) }
        case .object(let object):
            // Sorted by key, then by place, so of two members with one key the first is written, as a lookup finds it;
            // places are sorted rather than members, which copies none of them.
            let members = object.members
            let order = members.indices.sorted { members[$0].key == members[$1].key ? $0 < $1 : members[$0].key < members[$1].key }
            out.append(UInt8(ascii: "{"))
            var last: String?
            for place in order where members[place].key != last {
                if last != nil { out.append(UInt8(ascii: ",")) }
                let member = members[place]
                string(member.key, into: &out, inHTML: inHTML)
                out.append(UInt8(ascii: ":"))
                guard encode(member.value, into: &out, inHTML: inHTML) else { return false }
                last = member.key
            }
            out.append(UInt8(ascii: "}"))
        }
        return true
    }

    /// `[a,b]`, each element written by `write`; false as soon as one cannot be.
    private static func elements<Element>(_ values: [Element], into out: inout [UInt8],
                                          _ write: (Element, inout [UInt8]) -> Bool) -> Bool {
        out.append(UInt8(ascii: "["))
        for (index, element) in values.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            guard write(element, &out) else { return false }
        }
        out.append(UInt8(ascii: "]"))
        return true
    }

    /// `{"key":value}` in the order given, each value written by `write`; false as soon as one cannot be.
    private static func members<Value>(_ pairs: [(String, Value)], into out: inout [UInt8], inHTML: Bool,
                                       _ write: (Value, inout [UInt8]) -> Bool) -> Bool {
        out.append(UInt8(ascii: "{"))
        for (index, (key, value)) in pairs.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            string(key, into: &out, inHTML: inHTML)
            out.append(UInt8(ascii: ":"))
            guard write(value, &out) else { return false }
        }
        out.append(UInt8(ascii: "}"))
        return true
    }

    /// A finite number: whole ones below 10^15 without a decimal point; false for infinities and NaN.
    private static func double(_ number: Double, into out: inout [UInt8]) -> Bool {
        guard number.isFinite else { return false }
        let whole = number.rounded() == number && abs(number) < 1e15
        let text = !whole ? "\(number)" : number == 0 && number.sign == .minus ? "-0" : String(Int(number))
        out.append(contentsOf: text.utf8)
        return true
    }

    /// A JSON string: quotes, backslashes and control characters escaped, `<` as `\u003c`, and the line and paragraph
    /// separators and the byte order mark as escapes too, so every JSON or JavaScript parser reads the same text.
    static func string(_ text: String, into out: inout [UInt8], inHTML: Bool) {
        out.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            // Runs of bytes that need no escape are copied whole, found eight at a time (`mayNeedEscape`); a group that
            // may hold one is looked at byte by byte.
            // Los tramos sin escapes se copian enteros, buscados de ocho en ocho bytes.
            let raw = UnsafeRawBufferPointer(bytes)
            var index = 0, run = 0, bytewise = 0
            while index < bytes.count {
                if index >= bytewise, index + 8 <= bytes.count {
                    guard mayNeedEscape(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self), inHTML: inHTML) else {
                        index += 8
                        continue
                    }
                    bytewise = index + 8
                }
                let byte = bytes[index], start = index
                index += 1
                let escape: String
                switch byte {
                case UInt8(ascii: "\""): escape = "\\\""
                case UInt8(ascii: "\\"): escape = "\\\\"
                case 0x0A: escape = "\\n"
                case 0x0D: escape = "\\r"
                case 0x09: escape = "\\t"
                case 0x08: escape = "\\b"
                case 0x0C: escape = "\\f"
                case UInt8(ascii: "<"): escape = "\\u003c"
                case UInt8(ascii: ">") where inHTML: escape = "\\u003e"
                case UInt8(ascii: "&") where inHTML: escape = "\\u0026"
                case ..<0x20: escape = "\\u00" + String(decoding: [hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)]], as: UTF8.self)
                case 0xE2 where index + 1 < bytes.count && bytes[index] == 0x80 && (bytes[index + 1] == 0xA8 || bytes[index + 1] == 0xA9):
                    escape = bytes[index + 1] == 0xA8 ? "\\u2028" : "\\u2029"
                    index += 2
                case 0xEF where index + 1 < bytes.count && bytes[index] == 0xBB && bytes[index + 1] == 0xBF:
                    escape = "\\ufeff"
                    index += 2
                default:
                    continue
                }
                if start > run { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<start])) }
                out.append(contentsOf: escape.utf8)
                run = index
            }
            if bytes.count > run { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<bytes.count])) }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// Whether any of eight bytes may need an escape: a control character, `"`, `\\`, `<` (`>` and `&` in HTML), or a
    /// byte of a non-ASCII character (U+2028, U+2029 and the byte order mark are escaped). Never false for one that does.
    /// Si alguno de ocho bytes puede necesitar un escape; nunca falso para uno que lo necesite.
    @inline(__always)
    static func mayNeedEscape(_ word: UInt64, inHTML: Bool) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, high: UInt64 = 0x8080_8080_8080_8080
        /// Some byte equals `byte` (the classic zero-byte test on the word xor'ed with it).
        func holds(_ byte: UInt8) -> UInt64 {
            let mixed = word ^ (ones &* UInt64(byte))
            return (mixed &- ones) & ~mixed & high
        }
        var found = word & high | (word &- ones &* 0x20) & ~word & high | holds(0x22) | holds(0x5C) | holds(0x3C)
        if inHTML { found |= holds(0x3E) | holds(0x26) }
        return found != 0
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// `window.VITRINA = window.VITRINA || {}; VITRINA.name = …;` as a file's bytes.
    public static func dataScript(name: String, value: Any) -> [UInt8] {
        Array("window.VITRINA = window.VITRINA || {};\nVITRINA.\(name) = \(object(value));\n".utf8)
    }
}
