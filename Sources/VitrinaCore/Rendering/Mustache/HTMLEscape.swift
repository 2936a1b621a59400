/// HTML escaping of `< > & " '` straight into a byte buffer.
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
            if byte < 64, escapedBytes >> UInt64(byte) & 1 == 1, !isInsideLargerCharacter(bytes, index) {
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

    /// swift-mustache escapes per `Character`: a `<` that a combining mark follows (`<\u{338}`), or
    /// that a prepended mark precedes, is part of a larger character and stays as it is.
    /// Only a non-ASCII neighbour can do that, so ASCII text never gets here.
    private static func isInsideLargerCharacter(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Bool {
        let ascii = Unicode.Scalar(bytes[index])
        if index + 1 < bytes.count, bytes[index + 1] >= 0x80 {
            var probe = String(ascii)
            probe.unicodeScalars.append(scalar(startingAt: index + 1, in: bytes))
            if probe.count == 1 { return true }
        }
        if index > 0, bytes[index - 1] >= 0x80 {
            var start = index - 1
            while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
            var probe = String(scalar(startingAt: start, in: bytes))
            probe.unicodeScalars.append(ascii)
            if probe.count == 1 { return true }
        }
        return false
    }

    private static func scalar(startingAt start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar {
        var end = start + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        var decoder = UTF8()
        var iterator = UnsafeBufferPointer(rebasing: bytes[start..<end]).makeIterator()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return scalar }
        return "\u{FFFD}"
    }
}
