/// SplitMix64: the same seed gives the same cases on every run, so a failing case can be replayed.
/// SplitMix64: la misma semilla da los mismos casos en cada ejecución.
public struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    public mutating func chance(_ probability: Double) -> Bool {
        Double.random(in: 0..<1, using: &self) < probability
    }

    public mutating func pick<T>(_ options: [T]) -> T {
        options[Int.random(in: 0..<options.count, using: &self)]
    }

    /// `bytes` cut short or with one to three bytes changed: a file read back from disk after damage.
    public mutating func damaged(_ bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        guard !bytes.isEmpty else { return bytes }
        if Bool.random(using: &self) {
            bytes.removeLast(Int.random(in: 1...bytes.count, using: &self))
        } else {
            for _ in 0..<Int.random(in: 1...3, using: &self) {
                bytes[Int.random(in: 0..<bytes.count, using: &self)] = UInt8.random(in: 0...255, using: &self)
            }
        }
        return bytes
    }
}

/// Text an attacker would send: markup characters glued to combining and prepended marks, bidi controls, NUL and
/// other controls, escapes that spell surrogates, quotes, entities, slashes and dots, and ordinary letters.
/// Texto de atacante: caracteres de marcado unidos a marcas combinantes o antepuestas, controles bidi, NUL…
public enum HostileText {
    public static let pieces: [String] = [
        "<", ">", "&", "\"", "'", "`", "=", "/", "\\", ".", "..", " ", "\t", "\n", "\r", "\u{0}", "\u{7F}", "\u{85}",
        "\u{301}", "\u{338}", "\u{20D2}", "\u{600}", "\u{605}", "\u{110BD}", "\u{202E}", "\u{2066}", "\u{200D}", "\u{FEFF}",
        "\u{2028}", "\u{2029}", "\\uD800", "\\uDC00", "&lt;", "&#60;", "&quot;", "<img src=x onerror=alert(1)>",
        "\" onload=alert(1) x=\"", "' onmouseover=alert(1) '", "</script>", "<!--", "javascript:", "//evil.example/",
        "a", "Z", "é", "ñ", "日本", "🎉", "👩‍👩‍👧", "9", "-", "_", "%2e", "%2F", "?", "#", ":",
    ]

    /// A string of up to `maxPieces` random pieces, or of random scalars from the ranges that matter.
    public static func string(_ random: inout SeededGenerator, maxPieces: Int = 12) -> String {
        var text = ""
        for _ in 0..<Int.random(in: 0...maxPieces, using: &random) {
            if random.chance(0.8) {
                text += random.pick(pieces)
            } else {
                let ranges: [ClosedRange<UInt32>] = [0...0x7F, 0x80...0x36F, 0x600...0x6FF, 0x2000...0x206F, 0xFE00...0xFEFF, 0x1F300...0x1F6FF]
                let value = UInt32.random(in: random.pick(ranges), using: &random)
                if let scalar = Unicode.Scalar(value) { text.unicodeScalars.append(scalar) }
            }
        }
        return text
    }
}

/// A small HTML tokenizer after WHATWG's states (data, tag open, tag name, attributes with quoted and unquoted values,
/// comments and bogus comments): enough to see which elements and attributes a browser would create.
/// Un tokenizador HTML pequeño: basta para ver qué elementos y atributos crearía un navegador.
public enum HTMLTokens {
    public struct Tag: Equatable, Sendable, CustomStringConvertible {
        public let name: String
        public let attributes: [String]
        public let isEnd: Bool
        public var description: String { (isEnd ? "</" : "<") + name + attributes.map { " " + $0 }.joined() + ">" }
    }

    public static func tags(in html: String) -> [Tag] {
        let bytes = Array(html.utf8)
        var tags: [Tag] = []
        var index = 0
        func isAlpha(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
        func isSpace(_ byte: UInt8) -> Bool { byte == 9 || byte == 10 || byte == 12 || byte == 13 || byte == 32 }
        func skip(past needle: [UInt8]) {
            while index < bytes.count, !bytes[index...].starts(with: needle) { index += 1 }
            index = min(bytes.count, index + needle.count)
        }
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<"), index + 1 < bytes.count else { index += 1; continue }
            let next = bytes[index + 1]
            if bytes[index...].starts(with: Array("<!--".utf8)) { index += 4; skip(past: Array("-->".utf8)); continue }
            if next == UInt8(ascii: "!") || next == UInt8(ascii: "?") { index += 2; skip(past: [UInt8(ascii: ">")]); continue }
            let isEnd = next == UInt8(ascii: "/")
            let nameStart = index + (isEnd ? 2 : 1)
            guard nameStart < bytes.count, isAlpha(bytes[nameStart]) else {
                if isEnd, nameStart < bytes.count { index = nameStart; skip(past: [UInt8(ascii: ">")]) } else { index += 1 }
                continue
            }
            index = nameStart
            while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: "/"), bytes[index] != UInt8(ascii: ">") { index += 1 }
            let name = String(decoding: bytes[nameStart..<index], as: UTF8.self).lowercased()
            var attributes: [String] = []
            while index < bytes.count, bytes[index] != UInt8(ascii: ">") {
                if isSpace(bytes[index]) || bytes[index] == UInt8(ascii: "/") { index += 1; continue }
                let attributeStart = index
                index += 1
                while index < bytes.count, !isSpace(bytes[index]), ![UInt8(ascii: "/"), UInt8(ascii: ">"), UInt8(ascii: "=")].contains(bytes[index]) { index += 1 }
                attributes.append(String(decoding: bytes[attributeStart..<index], as: UTF8.self).lowercased())
                while index < bytes.count, isSpace(bytes[index]) { index += 1 }
                guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { continue }
                index += 1
                while index < bytes.count, isSpace(bytes[index]) { index += 1 }
                guard index < bytes.count else { break }
                let quote = bytes[index]
                if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                    index += 1
                    while index < bytes.count, bytes[index] != quote { index += 1 }
                    index += 1
                } else {
                    while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">") { index += 1 }
                }
            }
            index += 1
            tags.append(Tag(name: name, attributes: attributes, isEnd: isEnd))
        }
        return tags
    }
}
