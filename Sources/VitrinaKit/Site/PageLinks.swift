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

    /// Hands each attribute's name and the bytes of its value (up to the closing quote) to `found`. It jumps from quote
    /// to quote with `memchr` (a page's text has a space every few bytes, a quote only around attribute values) and
    /// looks back from each `="` for the name: the same attributes as reading every space for ` href="`, in a third of
    /// the time (the link check read every byte of 109,230 pages).
    /// Salta de comilla en comilla y mira el nombre antes de cada `="`: los mismos atributos que leyendo cada espacio.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, _ found: (Name, UnsafeBufferPointer<UInt8>) -> Void) {
        let quote = UInt8(ascii: "\"")
        var index = 0
        while let opening = bytes.firstIndex(of: quote, from: index) {
            index = opening + 1
            guard opening >= 4, bytes[opening - 1] == UInt8(ascii: "=") else { continue }
            // `<div class="highlight">`: a highlighted block, stepped over whole (its spans hold no link or id).
            if opening >= 7, let end = HighlightedBlock.end(ofBlockAtSpace: opening - 7, in: bytes) { index = end; continue }
            guard let name = name(endingAt: opening - 1, in: bytes) else { continue }
            let end = bytes.firstIndex(of: quote, from: opening + 1) ?? bytes.count
            found(name, UnsafeBufferPointer(rebasing: bytes[(opening + 1)..<end]))
            index = end + 1
        }
    }

    /// The attribute whose ` name` ends just before `equals`, when it is one of the three.
    private static func name(endingAt equals: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Name? {
        func spaced(_ text: StaticString) -> Bool {
            let length = text.utf8CodeUnitCount
            guard equals >= length + 1, bytes[equals - length - 1] == UInt8(ascii: " ") else { return false }
            return text.withUTF8Buffer { name in (0..<length).allSatisfy { bytes[equals - length + $0] == name[$0] } }
        }
        switch bytes[equals - 1] {
        case UInt8(ascii: "f"): return spaced("href") ? .href : nil
        case UInt8(ascii: "c"): return spaced("src") ? .src : nil
        case UInt8(ascii: "d"): return spaced("id") ? .id : nil
        default: return nil
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

    /// Not a link to another site: neither `scheme:` (letters, `+`, `.`, `-` before the first `:`) nor `//host`. Read
    /// in place: every link of every page is asked, and walking `utf8` retained and released its text each time.
    /// Se lee en su sitio: se pregunta por cada enlace de cada página.
    package static func isInternal(_ link: String) -> Bool {
        if let answer = link.utf8.withContiguousStorageIfAvailable(isInternal) { return answer }
        var link = link
        return link.withUTF8(isInternal)
    }

    private static func isInternal(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let slash = UInt8(ascii: "/")
        guard let first = bytes.first else { return false }
        if first == slash, bytes.count > 1, bytes[1] == slash { return false }
        for byte in bytes {
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
