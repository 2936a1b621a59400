/// What a picture's bytes say it is (their magic number), whatever its URL, file name or the server said: the one
/// source of a published picture's extension, so a file that is no picture is never published as one.
/// Lo que los bytes de una imagen dicen que es (su número mágico): de ahí sale la extensión con que se publica.
public enum PictureKind: String, Sendable, Codable, CaseIterable {
    case png, jpeg, gif, webp, svg

    /// The extension it is published with, without the dot.
    public var fileExtension: String { self == .jpeg ? "jpg" : rawValue }

    /// The kind the bytes start with; for SVG, an XML document whose first element is `svg` (an HTML page holding an
    /// `<svg>` is not one).
    public static func of<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> PictureKind? where Bytes.Index == Int {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) { return .gif }
        if bytes.count >= 16, bytes.starts(with: Array("RIFF".utf8)),
           bytes.dropFirst(8).prefix(4).elementsEqual("WEBP".utf8) { return .webp }
        return XMLProlog.rootIsSVG(bytes) ? .svg : nil
    }

    /// The extensions, lowercased, a name of this kind may already end in and keep (`.JPEG` names a JPEG well).
    var acceptedExtensions: Set<String> { self == .jpeg ? ["jpg", "jpeg"] : [rawValue] }

    /// Every extension a picture's name may end in, lowercased.
    static let pictureExtensions: Set<String> = ["png", "jpg", "jpeg", "gif", "webp", "svg"]

    /// `name` when it already ends in one of this kind's extensions; else with a picture's extension replaced by this
    /// kind's (`a.jpg` holding a PNG is `a.png`), or this kind's added (`a.min` holding a PNG is `a.min.png`).
    public func name(_ name: String) -> String {
        if let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")), dot != name.utf8.startIndex {
            let current = String(decoding: name.utf8[name.utf8.index(after: dot)...], as: UTF8.self).lowercased()
            if acceptedExtensions.contains(current) { return name }
            if Self.pictureExtensions.contains(current) { return String(decoding: name.utf8[..<dot], as: UTF8.self) + "." + fileExtension }
        }
        return name + "." + fileExtension
    }

    /// `path` with its last segment named by `name(_:)` (`guide/img/shot.jpg` holding a PNG is `guide/img/shot.png`).
    public func path(_ path: String) -> String {
        let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path.utf8.index(after: $0) } ?? path.startIndex
        return String(path[..<slash]) + name(String(path[slash...]))
    }
}

/// Reads past what may come before an XML document's first element (a byte order mark, white space, the XML
/// declaration, processing instructions, comments, a document type declaration) within a bounded prefix.
/// Salta lo que puede preceder al primer elemento de un XML, sin pasar de un prefijo acotado.
enum XMLProlog {
    /// How far the first element may start: a prolog longer than this is not a picture's.
    static let limit = 65_536

    static func rootIsSVG<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool where Bytes.Index == Int {
        guard let start = rootStart(bytes) else { return false }
        var name: [UInt8] = []
        var index = start + 1
        while index < bytes.endIndex, name.count <= 64, isNameByte(bytes[index]) {
            name.append(bytes[index])
            index += 1
        }
        guard index < bytes.endIndex, [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ">"), UInt8(ascii: "/")].contains(bytes[index]) else { return false }
        let local = name.lastIndex(of: UInt8(ascii: ":")).map { Array(name[($0 + 1)...]) } ?? name
        return local == Array("svg".utf8)
    }

    /// Where the first element's `<` is, or nil when something else comes first.
    static func rootStart<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Int? where Bytes.Index == Int {
        var index = bytes.startIndex
        let end = min(bytes.endIndex, bytes.startIndex + limit)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index += 3 }
        func starts(_ text: String, at: Int) -> Bool {
            let pattern = Array(text.utf8)
            return at + pattern.count <= bytes.endIndex && bytes[at..<(at + pattern.count)].elementsEqual(pattern)
        }
        func skip(past closing: String, from at: Int) -> Int? {
            let pattern = Array(closing.utf8)
            var at = at
            while at + pattern.count <= end {
                if bytes[at..<(at + pattern.count)].elementsEqual(pattern) { return at + pattern.count }
                at += 1
            }
            return nil
        }
        while index < end {
            let byte = bytes[index]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1; continue }
            guard byte == UInt8(ascii: "<") else { return nil }
            if starts("<?", at: index) {
                guard let next = skip(past: "?>", from: index + 2) else { return nil }
                index = next
            } else if starts("<!--", at: index) {
                guard let next = skip(past: "-->", from: index + 4) else { return nil }
                index = next
            } else if starts("<!DOCTYPE", at: index) {
                guard let next = doctypeEnd(bytes, from: index + 9, end: end) else { return nil }
                index = next
            } else if starts("<!", at: index) {
                return nil
            } else {
                return index
            }
        }
        return nil
    }

    /// Past a document type declaration's `>`, stepping over its quoted strings and its internal subset (`[…]`).
    static func doctypeEnd<Bytes: Collection<UInt8>>(_ bytes: Bytes, from start: Int, end: Int) -> Int? where Bytes.Index == Int {
        var index = start
        var quote: UInt8?
        var depth = 0
        while index < end {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "]") {
                depth -= 1
            } else if byte == UInt8(ascii: ">"), depth <= 0 {
                return index + 1
            }
            index += 1
        }
        return nil
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":") || byte >= 0x80
    }
}
