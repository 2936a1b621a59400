import Foundation

/// The links and anchors of one written HTML file.
/// Los enlaces y anclas de un fichero HTML escrito.
public struct PageLinks: Sendable {
    public let file: String
    public let links: [String]
    public let ids: Set<String>

    /// Reads `href`/`src` values and `id`s from HTML in one pass over its UTF-8 bytes.
    public static func extract(file: String, html: String) -> PageLinks {
        var extractor = LinkExtractor()
        return extractor.extract(file: file, html: html)
    }

    public static func extract(file: String, html: [UInt8]) -> PageLinks {
        var extractor = LinkExtractor()
        return extractor.extract(file: file, html: html)
    }

    package init(file: String, links: [String], ids: Set<String>) {
        self.file = file
        self.links = links
        self.ids = ids
    }
}

/// Reads pages' links and ids, keeping one copy of each link's text across all the pages it reads (a site's pages
/// share most links: menus, assets, their section's index) and each page's links in an array of their exact size.
/// Lee los enlaces e ids de las páginas y guarda una sola copia de cada texto de enlace para todas ellas.
package struct LinkExtractor {
    private var pool = TextPool()
    private var scratch: [String] = []

    package mutating func extract(file: String, html: String) -> PageLinks {
        var html = html
        return html.withUTF8 { extract(file: file, bytes: $0) }
    }

    package mutating func extract(file: String, html: [UInt8]) -> PageLinks {
        html.withUnsafeBufferPointer { extract(file: file, bytes: $0) }
    }

    package mutating func extract(file: String, bytes: UnsafeBufferPointer<UInt8>) -> PageLinks {
        var links = scratch
        scratch = []
        links.removeAll(keepingCapacity: true)
        var ids = Set<String>()
        AttributeScanner.scan(bytes) { name, value in
            if name == .id { ids.insert(String(decoding: value, as: UTF8.self)) } else { links.append(pool.text(value)) }
        }
        scratch = links
        return PageLinks(file: file, links: links.shrunkToFit(), ids: ids)
    }

    package init() {}
}

/// Finds ` href="…"`, ` src="…"` and ` id="…"` in HTML bytes without Foundation's string search.
/// Encuentra ` href="…"`, ` src="…"` e ` id="…"` en los bytes del HTML sin la búsqueda de Foundation.
enum AttributeScanner {
    enum Name { case href, src, id }

    private static let patterns: [(Name, [UInt8])] = [(.href, Array(" href=\"".utf8)), (.src, Array(" src=\"".utf8)), (.id, Array(" id=\"".utf8))]

    /// Hands each attribute's name and the bytes of its value (up to the closing quote) to `found`.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, _ found: (Name, UnsafeBufferPointer<UInt8>) -> Void) {
        let space = UInt8(ascii: " "), quote = UInt8(ascii: "\"")
        var index = 0
        let count = bytes.count
        while index < count {
            guard bytes[index] == space else { index += 1; continue }
            if let end = HighlightedBlock.end(ofBlockAtSpace: index, in: bytes) { index = end; continue }
            var matched = false
            for (name, pattern) in patterns where index + pattern.count <= count {
                var k = 1
                while k < pattern.count && bytes[index + k] == pattern[k] { k += 1 }
                guard k == pattern.count else { continue }
                let start = index + pattern.count
                var end = start
                while end < count && bytes[end] != quote { end += 1 }
                found(name, UnsafeBufferPointer(rebasing: bytes[start..<end]))
                index = end
                matched = true
                break
            }
            if !matched { index += 1 }
        }
    }
}

/// What a link written in a page is, read from its bytes: on the page, inside the site, or elsewhere.
/// Qué es un enlace escrito en una página, leído de sus bytes: en la página, dentro del sitio o fuera.
package enum LinkSyntax {
    /// `#x` or `?x`: a place on the page the link is on.
    package static func staysOnPage(_ link: String) -> Bool {
        guard let first = link.utf8.first else { return false }
        return first == UInt8(ascii: "#") || first == UInt8(ascii: "?")
    }

    /// Not a link to another site: neither `scheme:` (letters, `+`, `.`, `-` before the first `:`) nor `//host`.
    package static func isInternal(_ link: String) -> Bool {
        let slash = UInt8(ascii: "/")
        guard let first = link.utf8.first else { return false }
        if first == slash, link.utf8.dropFirst().first == slash { return false }
        for byte in link.utf8 {
            if byte == UInt8(ascii: ":") { return false }
            if !isSchemeByte(byte) { return true }
        }
        return true
    }

    /// Letters (any non-ASCII byte counts as one), `+`, `.` and `-`, which a URL scheme is made of.
    private static func isSchemeByte(_ byte: UInt8) -> Bool {
        (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || byte >= 0x80
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
    }
}
