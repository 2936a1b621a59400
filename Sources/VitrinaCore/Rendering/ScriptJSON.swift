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
            guard number.isFinite else { return false }
            let whole = number.rounded() == number && abs(number) < 1e15
            let text = !whole ? "\(number)" : number == 0 && number.sign == .minus ? "-0" : String(Int(number))
            out.append(contentsOf: text.utf8)
        case let object as [String: Any]:
            out.append(UInt8(ascii: "{"))
            for (index, key) in object.keys.sorted().enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                string(key, into: &out, inHTML: inHTML)
                out.append(UInt8(ascii: ":"))
                guard encode(object[key]!, into: &out, inHTML: inHTML) else { return false }
            }
            out.append(UInt8(ascii: "}"))
        case let array as [Any]:
            out.append(UInt8(ascii: "["))
            for (index, element) in array.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                guard encode(element, into: &out, inHTML: inHTML) else { return false }
            }
            out.append(UInt8(ascii: "]"))
        case is NSNull:  // last: asking a Swift dictionary or array whether it is NSNull bridges it to Objective-C first
            out.append(contentsOf: "null".utf8)
        default:
            return false
        }
        return true
    }

    /// A JSON string: quotes, backslashes and control characters escaped, `<` as `\u003c`, and the line and paragraph
    /// separators and the byte order mark as escapes too, so every JSON or JavaScript parser reads the same text.
    private static func string(_ text: String, into out: inout [UInt8], inHTML: Bool) {
        let hex = Array("0123456789abcdef".utf8)
        out.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""): out.append(contentsOf: "\\\"".utf8)
                case UInt8(ascii: "\\"): out.append(contentsOf: "\\\\".utf8)
                case 0x0A: out.append(contentsOf: "\\n".utf8)
                case 0x0D: out.append(contentsOf: "\\r".utf8)
                case 0x09: out.append(contentsOf: "\\t".utf8)
                case 0x08: out.append(contentsOf: "\\b".utf8)
                case 0x0C: out.append(contentsOf: "\\f".utf8)
                case UInt8(ascii: "<"): out.append(contentsOf: "\\u003c".utf8)
                case UInt8(ascii: ">") where inHTML: out.append(contentsOf: "\\u003e".utf8)
                case UInt8(ascii: "&") where inHTML: out.append(contentsOf: "\\u0026".utf8)
                case ..<0x20: out.append(contentsOf: "\\u00".utf8 + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
                case 0xE2 where index + 1 < bytes.count && bytes[index] == 0x80 && (bytes[index + 1] == 0xA8 || bytes[index + 1] == 0xA9):
                    out.append(contentsOf: (bytes[index + 1] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                    index += 2
                case 0xEF where index + 1 < bytes.count && bytes[index] == 0xBB && bytes[index + 1] == 0xBF:
                    out.append(contentsOf: "\\ufeff".utf8)
                    index += 2
                default: out.append(byte)
                }
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// `window.VITRINA = window.VITRINA || {}; VITRINA.name = …;` as a file's bytes.
    public static func dataScript(name: String, value: Any) -> [UInt8] {
        Array("window.VITRINA = window.VITRINA || {};\nVITRINA.\(name) = \(object(value));\n".utf8)
    }
}
