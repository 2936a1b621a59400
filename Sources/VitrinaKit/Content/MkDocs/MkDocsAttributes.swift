/// attr_list's `{ #id .class key="value" }` read from bytes, and only its safe attributes kept: `id`, `class`, `title`,
/// `width`, `height`, `align`, `loading`, `decoding`, `lang`, `dir`, `target`, `rel`, `data-*` and `aria-*`. Every other
/// name is dropped: `on…` handlers, `style` (a style can load URLs and hide or fake content, so none is kept), `href`,
/// `src` and the like.
/// El `{ #id .clase clave="valor" }` de attr_list leído de bytes, conservando solo sus atributos seguros.
struct MkDocsAttributes: Hashable, Sendable {
    var id: String?
    var classes: [String] = []
    /// Other kept attributes in the order written. / Otros atributos conservados, en el orden escrito.
    var pairs: [(name: String, value: String)] = []
    /// Names dropped as unsafe or unknown. / Nombres descartados.
    var dropped: [String] = []

    static func == (lhs: MkDocsAttributes, rhs: MkDocsAttributes) -> Bool {
        lhs.id == rhs.id && lhs.classes == rhs.classes && lhs.dropped == rhs.dropped
            && lhs.pairs.map(\.name) == rhs.pairs.map(\.name) && lhs.pairs.map(\.value) == rhs.pairs.map(\.value)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(classes)
    }

    var isEmpty: Bool { id == nil && classes.isEmpty && pairs.isEmpty }

    static let allowed: Set<String> = ["title", "width", "height", "align", "loading", "decoding", "lang", "dir", "target", "rel"]
    static let longest = 1_000

    /// The list inside `{…}` (`bytes` holds what is between the braces, a leading `:` allowed); nil when it is not an
    /// attribute list (so the braces stay text).
    /// La lista dentro de `{…}`; nil cuando no es una lista de atributos.
    static func parse<C: Collection>(_ bytes: C) -> MkDocsAttributes? where C.Element == UInt8 {
        let text = Array(bytes)
        guard text.count <= longest else { return nil }
        var index = 0
        if index < text.count, text[index] == UInt8(ascii: ":") { index += 1 }
        var attributes = MkDocsAttributes()
        var tokens = 0
        while index < text.count {
            let byte = text[index]
            if byte == 32 || byte == 9 { index += 1; continue }
            let start = index
            if byte == UInt8(ascii: "#") || byte == UInt8(ascii: ".") {
                index += 1
                while index < text.count, isNameByte(text[index]) { index += 1 }
                guard index > start + 1 else { return nil }
                let name = String(decoding: text[(start + 1)..<index], as: UTF8.self)
                if byte == UInt8(ascii: "#") { attributes.id = name } else { attributes.classes.append(name) }
            } else if isNameByte(byte) {
                while index < text.count, isNameByte(text[index]) { index += 1 }
                let name = String(decoding: text[start..<index], as: UTF8.self).lowercased()
                var value = name
                if index < text.count, text[index] == UInt8(ascii: "=") {
                    index += 1
                    guard index < text.count else { return nil }
                    let quote = text[index]
                    if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                        guard let end = text[(index + 1)...].firstIndex(of: quote) else { return nil }
                        value = String(decoding: text[(index + 1)..<end], as: UTF8.self)
                        index = end + 1
                    } else {
                        let valueStart = index
                        while index < text.count, text[index] != 32, text[index] != 9 { index += 1 }
                        value = String(decoding: text[valueStart..<index], as: UTF8.self)
                    }
                }
                attributes.keep(name: name, value: value)
            } else {
                return nil
            }
            tokens += 1
        }
        return tokens > 0 ? attributes : nil
    }

    /// Letters, digits, `-`, `_`, `:` and non-ASCII bytes (a class or id in another script).
    static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 97 && byte <= 122) || (byte >= 65 && byte <= 90) || (byte >= 48 && byte <= 57) || byte == 45 || byte == 95
            || byte == 58 || byte >= 0x80
    }

    private mutating func keep(name: String, value: String) {
        if name == "id" { id = value.isEmpty ? nil : value; return }
        if name == "class" { classes += value.split(separator: " ").map(String.init); return }
        let safePrefix = name.hasPrefix("data-") || name.hasPrefix("aria-")
        guard Self.allowed.contains(name) || (safePrefix && name.utf8.count > 5) else {
            dropped.append(name)
            return
        }
        pairs.removeAll { $0.name == name }
        pairs.append((name, value))
    }

    /// The attributes as HTML (` id="x" class="a b" width="3"`), each value escaped, ids and classes without spaces.
    /// Los atributos como HTML, cada valor escapado.
    func html(skipping present: Set<String> = [], keepID: Bool = true) -> String {
        var out: [UInt8] = []
        if keepID, let id, !present.contains("id") { Self.append(name: "id", value: id, to: &out) }
        if !classes.isEmpty, !present.contains("class") { Self.append(name: "class", value: classes.joined(separator: " "), to: &out) }
        for pair in pairs where !present.contains(pair.name) { Self.append(name: pair.name, value: pair.value, to: &out) }
        return String(decoding: out, as: UTF8.self)
    }

    private static func append(name: String, value: String, to out: inout [UInt8]) {
        out.append(32)
        out.append(contentsOf: name.utf8)
        out.append(contentsOf: "=\"".utf8)
        MkDocsBytes.escape(value.utf8, into: &out)
        out.append(UInt8(ascii: "\""))
    }
}

/// Small byte helpers shared by the pre-pass and the post-pass: escaping, hex, searching.
/// Pequeñas utilidades sobre bytes que comparten ambas pasadas: escape, hexadecimal, búsqueda.
enum MkDocsBytes {
    /// Appends `text` with `& < > " '` escaped, byte by byte (a multi-byte scalar never holds these bytes).
    /// Añade `text` con `& < > " '` escapados, byte a byte.
    static func escape<C: Sequence>(_ text: C, into out: inout [UInt8]) where C.Element == UInt8 {
        for byte in text {
            switch byte {
            case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): out.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "'"): out.append(contentsOf: "&#39;".utf8)
            case 1: out.append(contentsOf: [0xEF, 0xBF, 0xBD])
            default: out.append(byte)
            }
        }
    }

    static func escaped(_ text: String) -> String {
        var out: [UInt8] = []
        escape(text.utf8, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private static let digits = Array("0123456789abcdef".utf8)

    static func hex<C: Sequence>(_ bytes: C) -> [UInt8] where C.Element == UInt8 {
        var out: [UInt8] = []
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 15)])
        }
        return out
    }

    /// The bytes a hex string stands for; nil for odd lengths or other characters.
    static func unhex<C: Collection>(_ text: C) -> [UInt8]? where C.Element == UInt8 {
        guard text.count % 2 == 0 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(text.count / 2)
        var high: UInt8?
        for byte in text {
            let value: UInt8
            switch byte {
            case 48...57: value = byte - 48
            case 97...102: value = byte - 87
            default: return nil
            }
            if let first = high { out.append(first << 4 | value); high = nil } else { high = value }
        }
        return out
    }

    /// The first position of `needle` in `bytes` at or after `start`.
    static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int, before end: Int? = nil) -> Int? {
        let end = min(end ?? bytes.count, bytes.count)
        guard let first = needle.first, start >= 0, end - needle.count >= start else { return nil }
        var index = start
        while index + needle.count <= end {
            if bytes[index] == first, hasPrefix(needle, in: bytes, at: index) { return index }
            index += 1
        }
        return nil
    }

    static func hasPrefix(_ needle: [UInt8], in bytes: [UInt8], at index: Int) -> Bool {
        guard index >= 0, index + needle.count <= bytes.count else { return false }
        var offset = 0
        while offset < needle.count {
            if bytes[index + offset] != needle[offset] { return false }
            offset += 1
        }
        return true
    }

    static func contains(_ needle: String, in bytes: [UInt8]) -> Bool {
        find(Array(needle.utf8), in: bytes, from: 0) != nil
    }
}
