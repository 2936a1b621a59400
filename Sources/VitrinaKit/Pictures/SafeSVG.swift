/// SVG from outside the site (API data, remote media) made into SVG that cannot run script: the document is parsed as
/// strict XML and written out again with only an allowlist of SVG elements and attributes, local `#fragment`
/// references and raster `data:` pictures; a document type declaration with an internal subset, an entity other than
/// XML's five, or XML that is not well formed cannot be made safe. Our own parser, not libxml2 through FoundationXML:
/// it must refuse DTDs and entities before anything expands them, and the static binary stays without libxml2.
/// SVG de fuera del sitio reescrito con una lista de elementos y atributos permitidos: nada que pueda ejecutar código.
public enum SafeSVG {
    /// What came out: the safe document, and what was removed that could have run script or reached another place.
    public struct Cleaned: Sendable, Equatable {
        public let bytes: [UInt8]
        /// Short names of what was removed (`script element`, `onload attribute`), each once, in document order.
        public let removed: [String]
    }

    /// Why a document cannot be made safe.
    public struct Refusal: Error, Sendable, Equatable {
        public let reason: String
    }

    /// Bounds on hostile input: nesting, attributes per element, a name's length.
    static let maxDepth = 256
    static let maxAttributes = 512
    static let maxNameLength = 256

    public static func clean<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Result<Cleaned, Refusal> where Bytes.Index == Int {
        guard String(validating: bytes, as: UTF8.self) != nil else { return .failure(Refusal(reason: "it is not UTF-8 text")) }
        var reader = SVGReader(bytes: Array(bytes))
        do {
            let root = try reader.document()
            var writer = SVGWriter()
            writer.write(root: root)
            return .success(Cleaned(bytes: writer.output, removed: writer.removed))
        } catch let refusal as Refusal {
            return .failure(refusal)
        } catch {
            return .failure(Refusal(reason: "it cannot be read"))
        }
    }
}

/// One element as read: its name resolved to a namespace, its attributes' values decoded, its children.
/// Un elemento leído: su nombre con su espacio de nombres, sus atributos decodificados y sus hijos.
struct SVGElement {
    enum Node {
        case element(SVGElement)
        case text(String)
    }

    let namespace: String
    let name: String
    /// Attributes by namespace (empty for none) and local name, in document order.
    let attributes: [(namespace: String, name: String, value: String)]
    var children: [Node] = []
}

/// A strict, bounded XML reader: well-formedness checked, namespaces resolved, references decoded.
/// Un lector de XML estricto y acotado.
struct SVGReader {
    static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"
    let bytes: [UInt8]
    var index = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    private func refuse(_ reason: String) -> SafeSVG.Refusal { SafeSVG.Refusal(reason: reason) }

    mutating func document() throws -> SVGElement {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        try skipMisc(beforeRoot: true)
        guard peek("<") else { throw refuse("it holds no element") }
        let root = try element(scopes: [["xml": Self.xmlNamespace]], depth: 0)
        try skipMisc(beforeRoot: false)
        guard index == bytes.count else { throw refuse("it holds more than one document element") }
        return root
    }

    // MARK: Prolog and what may follow the root

    private mutating func skipMisc(beforeRoot: Bool) throws {
        while index < bytes.count {
            if isSpace(bytes[index]) { index += 1; continue }
            if peek("<?") { try skipPast("?>"); continue }
            if peek("<!--") { try skipComment(); continue }
            if peek("<!DOCTYPE") && beforeRoot {
                guard let end = XMLProlog.doctypeEnd(bytes, from: index + 9, end: bytes.count) else { throw refuse("its document type declaration is not closed") }
                if bytes[index..<end].contains(UInt8(ascii: "[")) {
                    throw refuse("it declares a document type with its own entities or elements (a DTD)")
                }
                index = end
                continue
            }
            return
        }
    }

    private mutating func skipComment() throws {
        index += 4
        try skipPast("-->")
    }

    private mutating func skipPast(_ closing: String) throws {
        let pattern = Array(closing.utf8)
        while index + pattern.count <= bytes.count {
            if bytes[index..<(index + pattern.count)].elementsEqual(pattern) { index += pattern.count; return }
            index += 1
        }
        throw refuse("it ends inside a comment, instruction or section")
    }

    // MARK: Elements

    private mutating func element(scopes: [[String: String]], depth: Int) throws -> SVGElement {
        guard depth < SafeSVG.maxDepth else { throw refuse("its elements nest deeper than \(SafeSVG.maxDepth)") }
        index += 1 // <
        let qualified = try name()
        var raw: [(String, String)] = []
        var selfClosing = false
        while true {
            let hadSpace = skipSpace()
            guard index < bytes.count else { throw refuse("it ends inside a tag") }
            if peek("/>") { index += 2; selfClosing = true; break }
            if peek(">") { index += 1; break }
            guard hadSpace else { throw refuse("an attribute of <\(qualified)> is not set apart by white space") }
            let attributeName = try name()
            skipSpace()
            guard peek("=") else { throw refuse("attribute \(attributeName) has no value") }
            index += 1
            skipSpace()
            let value = try attributeValue()
            guard !raw.contains(where: { $0.0 == attributeName }) else { throw refuse("attribute \(attributeName) is given twice") }
            raw.append((attributeName, value))
            guard raw.count <= SafeSVG.maxAttributes else { throw refuse("an element has more than \(SafeSVG.maxAttributes) attributes") }
        }
        var scope = scopes.last ?? [:]
        for (attributeName, value) in raw {
            if attributeName == "xmlns" { scope[""] = value }
            else if attributeName.hasPrefix("xmlns:") {
                let prefix = String(attributeName.dropFirst(6))
                guard prefix != "xml", prefix != "xmlns", !value.isEmpty else { throw refuse("namespace prefix \(prefix) is declared wrongly") }
                scope[prefix] = value
            }
        }
        let (elementNamespace, local) = try resolve(qualified, in: scope, isElement: true)
        var attributes: [(namespace: String, name: String, value: String)] = []
        for (attributeName, value) in raw where attributeName != "xmlns" && !attributeName.hasPrefix("xmlns:") {
            let (attributeNamespace, attributeLocal) = try resolve(attributeName, in: scope, isElement: false)
            guard !attributes.contains(where: { $0.namespace == attributeNamespace && $0.name == attributeLocal }) else {
                throw refuse("attribute \(attributeName) is given twice")
            }
            attributes.append((attributeNamespace, attributeLocal, value))
        }
        var result = SVGElement(namespace: elementNamespace, name: local, attributes: attributes)
        if selfClosing { return result }
        let inner = scopes + [scope]
        var text: [UInt8] = []
        func flush() {
            if !text.isEmpty { result.children.append(.text(String(decoding: text, as: UTF8.self))); text = [] }
        }
        while true {
            guard index < bytes.count else { throw refuse("element <\(qualified)> is never closed") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") {
                if peek("</") {
                    index += 2
                    let closing = try name()
                    skipSpace()
                    guard peek(">"), closing == qualified else { throw refuse("<\(qualified)> is closed by </\(closing)>") }
                    index += 1
                    flush()
                    return result
                } else if peek("<!--") {
                    try skipComment()
                } else if peek("<![CDATA[") {
                    index += 9
                    let start = index
                    try skipPast("]]>")
                    text += bytes[start..<(index - 3)]
                } else if peek("<?") {
                    try skipPast("?>")
                } else if peek("<!") {
                    throw refuse("it holds a declaration inside an element")
                } else {
                    flush()
                    result.children.append(.element(try element(scopes: inner, depth: depth + 1)))
                }
            } else if byte == UInt8(ascii: "&") {
                text += Array(try reference().utf8)
            } else {
                text.append(byte)
                index += 1
            }
        }
    }

    private func resolve(_ qualified: String, in scope: [String: String], isElement: Bool) throws -> (String, String) {
        let parts = qualified.split(separator: ":", omittingEmptySubsequences: false)
        switch parts.count {
        case 1: return (isElement ? scope[""] ?? "" : "", qualified)
        case 2:
            guard !parts[0].isEmpty, !parts[1].isEmpty else { throw refuse("name \(qualified) is not a qualified name") }
            guard let namespace = scope[String(parts[0])] else { throw refuse("prefix \(parts[0]) is not declared") }
            return (namespace, String(parts[1]))
        default: throw refuse("name \(qualified) is not a qualified name")
        }
    }

    // MARK: Tokens

    private mutating func name() throws -> String {
        let start = index
        while index < bytes.count, XMLProlog.isNameByte(bytes[index]) {
            index += 1
            guard index - start <= SafeSVG.maxNameLength else { throw refuse("a name is longer than \(SafeSVG.maxNameLength) bytes") }
        }
        guard index > start else { throw refuse("a tag or attribute has no name") }
        let first = bytes[start]
        guard !(first >= 0x30 && first <= 0x39), first != UInt8(ascii: "-"), first != UInt8(ascii: ".") else {
            throw refuse("a name starts with a digit, - or .")
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func attributeValue() throws -> String {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
            throw refuse("an attribute's value is not quoted")
        }
        let quote = bytes[index]
        index += 1
        var value: [UInt8] = []
        while true {
            guard index < bytes.count else { throw refuse("an attribute's value is never closed") }
            let byte = bytes[index]
            if byte == quote { index += 1; break }
            if byte == UInt8(ascii: "<") { throw refuse("an attribute's value holds <") }
            if byte == UInt8(ascii: "&") {
                value += Array(try reference().utf8)
            } else {
                // XML's attribute-value normalisation: white space characters written as such read as spaces.
                value.append(isSpace(byte) ? 0x20 : byte)
                index += 1
            }
        }
        return String(decoding: value, as: UTF8.self)
    }

    /// `&lt;`, `&#60;`, `&#x3C;` and the other predefined entities; any other entity is refused.
    private mutating func reference() throws -> String {
        let start = index + 1
        var end = start
        while end < bytes.count, end - start <= 12, bytes[end] != UInt8(ascii: ";") { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: ";") else { throw refuse("an & starts no reference") }
        let body = String(decoding: bytes[start..<end], as: UTF8.self)
        index = end + 1
        switch body {
        case "lt": return "<"
        case "gt": return ">"
        case "amp": return "&"
        case "quot": return "\""
        case "apos": return "'"
        default: break
        }
        var number: UInt32?
        if body.hasPrefix("#x") { number = UInt32(body.dropFirst(2), radix: 16) }
        else if body.hasPrefix("#") { number = UInt32(body.dropFirst(), radix: 10) }
        else { throw refuse("it uses entity &\(Printable.short(body, limit: 20)); (only XML's five are read)") }
        guard let number, let scalar = Unicode.Scalar(number), Self.isXMLChar(number) else {
            throw refuse("it refers to a character XML does not allow")
        }
        return String(Character(scalar))
    }

    static func isXMLChar(_ value: UInt32) -> Bool {
        value == 0x9 || value == 0xA || value == 0xD || (0x20...0xD7FF).contains(value) || (0xE000...0xFFFD).contains(value)
            || (0x10000...0x10FFFF).contains(value)
    }

    @discardableResult private mutating func skipSpace() -> Bool {
        let start = index
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        return index > start
    }

    private func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    private func peek(_ text: String) -> Bool {
        let pattern = text.utf8
        return index + pattern.count <= bytes.count && bytes[index..<(index + pattern.count)].elementsEqual(pattern)
    }
}
