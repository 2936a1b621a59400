/// A path into a JSON value, like `rating.rate`, `data.items` or `images[0]`: parsed once, on bytes.
/// Una ruta dentro de un valor JSON, como `rating.rate`, `data.items` o `images[0]`: se analiza una vez, sobre bytes.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    /// One step: an object key or an array index.
    /// Un paso: una clave de objeto o un índice de lista.
    public enum Segment: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    public let segments: [Segment]

    /// The most segments a path may have.
    public static let maxSegments = 32
    /// The largest array index a path may name.
    public static let maxIndex = 99_999
    /// The longest path text, in bytes.
    public static let maxBytes = 1_000

    /// The path of the value itself (no segment): what an omitted `at:` means.
    public static let root = JSONPath(segments: [])

    public init(segments: [Segment]) { self.segments = segments }

    /// Parses `text`; a hostile or malformed path is a `ParseError` saying what is wrong.
    /// Analiza `text`; una ruta hostil o mal formada es un `ParseError` que dice qué falla.
    public init(parsing text: String) throws(ParseError) {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { throw ParseError("the path is empty") }
        guard bytes.count <= Self.maxBytes else { throw ParseError("the path is longer than \(Self.maxBytes) bytes") }
        let dot = UInt8(ascii: "."), open = UInt8(ascii: "["), close = UInt8(ascii: "]")
        var segments: [Segment] = []
        var index = 0
        // Each turn reads one key or one [index]; the index only moves forward, so the loop ends.
        // Cada vuelta lee una clave o un [índice]; el índice solo avanza, así que el bucle termina.
        while index < bytes.count {
            if segments.count == Self.maxSegments { throw ParseError("the path has more than \(Self.maxSegments) segments") }
            if bytes[index] == open {
                let start = index + 1
                var end = start
                while end < bytes.count, bytes[end] >= UInt8(ascii: "0"), bytes[end] <= UInt8(ascii: "9") { end += 1 }
                guard end < bytes.count, bytes[end] == close else {
                    throw ParseError("[ at byte \(index + 1) must hold an array index, like images[0]")
                }
                guard end > start else { throw ParseError("[] at byte \(index + 1) holds no index; write a number, like images[0]") }
                guard end - start <= 6, let value = Int(String(decoding: bytes[start..<end], as: UTF8.self)), value <= Self.maxIndex else {
                    throw ParseError("the index at byte \(index + 1) is larger than \(Self.maxIndex)")
                }
                segments.append(.index(value))
                index = end + 1
                if index < bytes.count, bytes[index] == dot { index = try Self.afterDot(bytes, index) }
                else if index < bytes.count, bytes[index] != open {
                    throw ParseError("] at byte \(index) must be followed by a dot, a [ or the end")
                }
                continue
            }
            let start = index
            while index < bytes.count, bytes[index] != dot, bytes[index] != open {
                let byte = bytes[index]
                if byte == close { throw ParseError("] at byte \(index + 1) closes no [") }
                if byte < 0x20 || byte == 0x7F { throw ParseError("the path holds a control character at byte \(index + 1)") }
                index += 1
            }
            guard index > start else { throw ParseError("the path has an empty segment at byte \(index + 1) (two dots, or a dot at the start)") }
            segments.append(.key(String(decoding: bytes[start..<index], as: UTF8.self)))
            if index < bytes.count, bytes[index] == dot { index = try Self.afterDot(bytes, index) }
        }
        self.segments = segments
    }

    /// The position after the dot at `index`, which must lead to a key.
    private static func afterDot(_ bytes: [UInt8], _ index: Int) throws(ParseError) -> Int {
        guard index + 1 < bytes.count else { throw ParseError("the path ends with a dot") }
        guard bytes[index + 1] != UInt8(ascii: "["), bytes[index + 1] != UInt8(ascii: ".") else {
            throw ParseError("the path has an empty segment at byte \(index + 2) (write images[0], not images.[0] or a..b)")
        }
        return index + 1
    }

    /// This path followed by `other`.
    /// Esta ruta seguida de `other`.
    public func appending(_ other: JSONPath) -> JSONPath { JSONPath(segments: segments + other.segments) }

    /// This path followed by an array index.
    public func appending(index: Int) -> JSONPath { JSONPath(segments: segments + [.index(index)]) }

    /// The path as written: `results[3].title`; the root is empty text.
    public var description: String {
        var text = ""
        for segment in segments {
            switch segment {
            case .key(let key):
                if !text.isEmpty { text += "." }
                text += key
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text
    }

    /// Why a path was refused.
    /// Por qué se rechazó una ruta.
    public struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }
}
