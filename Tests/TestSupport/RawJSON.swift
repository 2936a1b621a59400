import Foundation

/// Splits minified JSON containers into the exact bytes of their members.
/// Divide contenedores JSON en los bytes exactos de sus miembros.
enum RawJSON {
    /// The elements of the top-level array in `data`, or nil if `data` is not an array.
    static func elements(ofArray data: Data) -> [Data]? {
        let bytes = [UInt8](data)
        guard let open = firstNonSpace(in: bytes, from: 0), bytes[open] == UInt8(ascii: "[") else { return nil }
        return members(of: bytes, openingAt: open).map { Data(bytes[$0]) }
    }

    /// The raw value of `key` in the top-level object in `data`.
    static func value(forKey key: String, inObject data: Data) -> Data? {
        let bytes = [UInt8](data)
        guard let open = firstNonSpace(in: bytes, from: 0), bytes[open] == UInt8(ascii: "{") else { return nil }
        let quotedKey = Array("\"\(key)\"".utf8)
        for member in members(of: bytes, openingAt: open) {
            let member = Array(bytes[member])
            guard member.starts(with: quotedKey),
                  let colon = member[quotedKey.count...].firstIndex(of: UInt8(ascii: ":")),
                  let start = firstNonSpace(in: member, from: colon + 1)
            else { continue }
            return Data(member[start...])
        }
        return nil
    }

    /// Ranges of the comma-separated members of the container whose bracket is at `open`.
    private static func members(of bytes: [UInt8], openingAt open: Int) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var depth = 0
        var inString = false
        var escaped = false
        var start: Int?
        for index in open..<bytes.count {
            let byte = bytes[index]
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
                if depth == 1, start == nil { start = index }
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth == 2, start == nil { start = index }
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 {
                    if let start { ranges.append(start..<trimmedEnd(bytes, start, index)) }
                    return ranges
                }
            case UInt8(ascii: ",") where depth == 1:
                if let start { ranges.append(start..<trimmedEnd(bytes, start, index)) }
                start = nil
            default:
                if depth == 1, start == nil, !isSpace(byte) { start = index }
            }
        }
        return ranges
    }

    private static func trimmedEnd(_ bytes: [UInt8], _ start: Int, _ end: Int) -> Int {
        var end = end
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        return end
    }

    private static func firstNonSpace(in bytes: [UInt8], from start: Int) -> Int? {
        bytes[start...].firstIndex { !isSpace($0) }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// Joins raw values into a JSON array.
    static func array(_ elements: [Data]) -> Data {
        var data = Data("[".utf8)
        for (index, element) in elements.enumerated() {
            if index > 0 { data.append(UInt8(ascii: ",")) }
            data.append(element)
        }
        data.append(UInt8(ascii: "]"))
        return data
    }

    /// A JSON string literal for `text`.
    static func string(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            case _ where scalar.value < 0x20: literal += String(format: "\\u%04x", scalar.value)
            default: literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "\""
    }

    /// A JSON string literal for `text`, or `null`.
    static func stringOrNull(_ text: String?) -> String {
        text.map(string) ?? "null"
    }
}
