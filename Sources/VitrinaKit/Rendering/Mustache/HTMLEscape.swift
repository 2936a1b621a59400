/// HTML escaping of `< > & " '` straight into a byte buffer, byte by byte: a `<` next to a combining or prepended
/// mark is still a `<` to an HTML parser, so it is escaped whatever grapheme it shares (swift-mustache, which escapes
/// per `Character`, leaves it raw).
/// Escape HTML byte a byte: un `<` junto a una marca combinante sigue siendo `<` para el navegador.
enum HTMLEscape {
    static func append(_ string: String, to buffer: inout [UInt8]) {
        var string = string
        string.withUTF8 { append($0, to: &buffer) }
    }

    static func append(_ bytes: UnsafeBufferPointer<UInt8>, to buffer: inout [UInt8]) {
        let count = bytes.count
        var runStart = 0
        var index = 0
        while index < count {
            let byte = bytes[index]
            if byte < 64, escapedBytes >> UInt64(byte) & 1 == 1 {
                if runStart < index {
                    buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                }
                switch byte {
                case 0x3C: buffer.append(contentsOf: lessThan)
                case 0x3E: buffer.append(contentsOf: greaterThan)
                case 0x26: buffer.append(contentsOf: ampersand)
                case 0x22: buffer.append(contentsOf: quote)
                default: buffer.append(contentsOf: apostrophe)
                }
                runStart = index + 1
            }
            index += 1
        }
        if runStart == 0 {
            buffer.append(contentsOf: bytes)
        } else if runStart < count {
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<count]))
        }
    }

    /// One bit per byte below 64 that needs escaping: `" & ' < >`.
    private static let escapedBytes: UInt64 = 1 << 0x22 | 1 << 0x26 | 1 << 0x27 | 1 << 0x3C | 1 << 0x3E
    private static let lessThan: [UInt8] = Array("&lt;".utf8)
    private static let greaterThan: [UInt8] = Array("&gt;".utf8)
    private static let ampersand: [UInt8] = Array("&amp;".utf8)
    private static let quote: [UInt8] = Array("&quot;".utf8)
    private static let apostrophe: [UInt8] = Array("&#39;".utf8)
}
