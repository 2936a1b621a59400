/// One element of the XML Chroma writes its lexers and styles in: a name, attributes in order (a name may repeat, as in
/// `<push state="a" state="b"/>`), child elements and the text directly inside.
/// Un elemento del XML de Chroma: nombre, atributos en orden (pueden repetirse), hijos y texto.
public struct ChromaXMLElement: Sendable, Equatable {
    public var name: String
    public var attributes: [(name: String, value: String)]
    public var children: [ChromaXMLElement]
    public var text: String

    public static func == (lhs: ChromaXMLElement, rhs: ChromaXMLElement) -> Bool {
        lhs.name == rhs.name && lhs.text == rhs.text && lhs.children == rhs.children
            && lhs.attributes.map(\.name) == rhs.attributes.map(\.name) && lhs.attributes.map(\.value) == rhs.attributes.map(\.value)
    }

    /// The first value of attribute `name`.
    public func attribute(_ name: String) -> String? { attributes.first { $0.name == name }?.value }

    /// Every value of attribute `name`, in order.
    public func attributes(named name: String) -> [String] { attributes.filter { $0.name == name }.map(\.value) }

    public func child(_ name: String) -> ChromaXMLElement? { children.first { $0.name == name } }

    public func children(named name: String) -> [ChromaXMLElement] { children.filter { $0.name == name } }
}

/// Reads the small XML subset of Chroma's files: elements, attributes, character references and the five named entities,
/// comments and the `<?xml?>` declaration; no DTDs. Bounded by the input: every step consumes at least one byte.
/// Lee el subconjunto de XML de los ficheros de Chroma; cada paso consume al menos un byte.
public enum ChromaXML {
    public struct ParseError: Error, CustomStringConvertible, Equatable {
        public let offset: Int
        public let reason: String
        public var description: String { "XML at byte \(offset): \(reason)" }
    }

    /// The document's root element.
    public static func parse(_ text: String) throws -> ChromaXMLElement {
        var reader = Reader(bytes: Array(text.utf8))
        reader.skipProlog()
        guard let root = try reader.element(depth: 0) else { throw ParseError(offset: reader.index, reason: "no root element") }
        return root
    }

    /// Text with `&lt;`, `&gt;`, `&amp;`, `&quot;`, `&apos;` and `&#…;` decoded; an unknown reference stays as written.
    static func decode(_ bytes: ArraySlice<UInt8>) -> String {
        guard bytes.contains(UInt8(ascii: "&")) else { return String(decoding: bytes, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "&"), let semicolon = bytes[index...].prefix(12).firstIndex(of: UInt8(ascii: ";")),
               let decoded = entity(String(decoding: bytes[(index + 1)..<semicolon], as: UTF8.self)) {
                out.append(contentsOf: decoded.utf8)
                index = semicolon + 1
            } else {
                out.append(byte)
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func entity(_ name: String) -> String? {
        switch name {
        case "lt": return "<"
        case "gt": return ">"
        case "amp": return "&"
        case "quot": return "\""
        case "apos": return "'"
        default:
            guard name.hasPrefix("#") else { return nil }
            let digits = name.dropFirst()
            let value = digits.hasPrefix("x") || digits.hasPrefix("X") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            return value.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
        }
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0
        static let maximumDepth = 64

        mutating func skipProlog() {
            while true {
                skipSpace()
                if has("<?") { skip(past: "?>") } else if has("<!--") { skip(past: "-->") } else if has("<!") { skip(past: ">") } else { return }
            }
        }

        func has(_ literal: StaticString) -> Bool {
            let count = literal.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            let start = literal.utf8Start
            for offset in 0..<count where bytes[index + offset] != start[offset] { return false }
            return true
        }

        mutating func skip(past literal: StaticString) {
            while index < bytes.count, !has(literal) { index += 1 }
            index = min(bytes.count, index + literal.utf8CodeUnitCount)
        }

        mutating func skipSpace() {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D { index += 1 }
        }

        mutating func name() -> String {
            let start = index
            while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        static func isNameByte(_ byte: UInt8) -> Bool {
            (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":") || byte >= 0x80
        }

        /// The element starting at `index` (which must be at `<name`), or nil at a closing tag or the end.
        mutating func element(depth: Int) throws -> ChromaXMLElement? {
            guard depth < Self.maximumDepth else { throw ParseError(offset: index, reason: "elements nested deeper than \(Self.maximumDepth)") }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "<"), !has("</") else { return nil }
            index += 1
            var element = ChromaXMLElement(name: name(), attributes: [], children: [], text: "")
            guard !element.name.isEmpty else { throw ParseError(offset: index, reason: "an element with no name") }
            while true {
                skipSpace()
                guard index < bytes.count else { throw ParseError(offset: index, reason: "<\(element.name)> is not closed") }
                if has("/>") { index += 2; return element }
                if bytes[index] == UInt8(ascii: ">") { index += 1; break }
                let attribute = name()
                skipSpace()
                guard !attribute.isEmpty, index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
                    throw ParseError(offset: index, reason: "a malformed attribute in <\(element.name)>")
                }
                index += 1
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                    throw ParseError(offset: index, reason: "attribute \(attribute) of <\(element.name)> is not quoted")
                }
                let quote = bytes[index]
                index += 1
                let start = index
                while index < bytes.count, bytes[index] != quote { index += 1 }
                guard index < bytes.count else { throw ParseError(offset: start, reason: "attribute \(attribute) is not closed") }
                element.attributes.append((attribute, ChromaXML.decode(bytes[start..<index])))
                index += 1
            }
            var text: [UInt8] = []
            while index < bytes.count {
                guard bytes[index] == UInt8(ascii: "<") else {
                    text.append(bytes[index])
                    index += 1
                    continue
                }
                if has("<!--") { skip(past: "-->"); continue }
                if has("<![CDATA[") {
                    let start = index + 9
                    skip(past: "]]>")
                    text.append(contentsOf: bytes[start..<max(start, index - 3)])
                    continue
                }
                if has("</") {
                    index += 2
                    let closing = name()
                    guard closing == element.name else { throw ParseError(offset: index, reason: "</\(closing)> closes <\(element.name)>") }
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else { throw ParseError(offset: index, reason: "a malformed closing tag") }
                    index += 1
                    element.text = ChromaXML.decode(text[...])
                    return element
                }
                if bytes[index] == UInt8(ascii: "<") {
                    guard let child = try self.element(depth: depth + 1) else { throw ParseError(offset: index, reason: "a malformed tag") }
                    element.children.append(child)
                } else {
                    text.append(bytes[index])
                    index += 1
                }
            }
            throw ParseError(offset: index, reason: "<\(element.name)> is not closed")
        }
    }
}
