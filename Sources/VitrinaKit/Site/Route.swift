/// Where a file lives in the output, as a path relative to the output root.
/// Dónde vive un fichero en la salida, como ruta relativa a la raíz.
public struct Route: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// `pokemon/25-pikachu/index.html`, `404.html`, `index.html`.
    public let file: String

    public init(file: String) { self.file = file }

    /// A page route: the folder `path` with its `index.html`.
    public static func page(_ segments: [String]) -> Route { page(first: nil, segments, last: nil) }

    public static func page(_ segments: String...) -> Route { page(segments) }

    /// A route in a language: the default language at the root, others under their code.
    public static func page(language: String, defaultLanguage: String, _ segments: [String], then last: String? = nil) -> Route {
        page(first: language == defaultLanguage ? nil : language, segments, last: last)
    }

    /// `first`, `segments` and `last` as folders, empty ones left out, then `index.html`: one string written, with no
    /// array joined for it (a docs site makes a few routes a page).
    /// Las carpetas y luego `index.html`, en una sola cadena, sin unir listas para ella.
    private static func page(first: String?, _ segments: [String], last: String?) -> Route {
        var file = ""
        file.reserveCapacity(segments.reduce(12 + (first?.utf8.count ?? 0) + (last?.utf8.count ?? 0)) { $0 + $1.utf8.count + 1 })
        func add(_ segment: String) {
            guard !segment.isEmpty else { return }
            file += segment
            file += "/"
        }
        first.map(add)
        segments.forEach(add)
        last.map(add)
        file += "index.html"
        return Route(file: file)
    }

    /// The folder URL form used in canonical links and the sitemap: `pokemon/25-pikachu/`.
    public var directoryPath: String {
        file.hasSuffix("index.html") ? String(file.dropLast("index.html".count)) : file
    }

    public var description: String { file }

    public static func < (a: Route, b: Route) -> Bool { a.file < b.file }

    /// A link from this route's file to `target`, relative, pointing at a file.
    /// Walks both paths' bytes once: shared leading folders are dropped, one `../` per folder left.
    public func link(to target: Route, fragment: String? = nil) -> String {
        var from = file, to = target.file
        let (ups, shared) = from.withUTF8 { from in to.withUTF8 { to in Self.walk(from, to) } }
        let tail = to.utf8.index(to.utf8.startIndex, offsetBy: shared)
        var link = ""
        link.reserveCapacity(3 * ups + to.utf8.count - shared + (fragment.map { $0.utf8.count + 1 } ?? 0))
        for _ in 0..<ups { link += "../" }
        link += to[tail...]
        if let fragment {
            link += "#"
            link += fragment
        }
        return link
    }

    /// The bytes of the folders both paths start with (up to and including their last shared `/`), and how many
    /// folders `from` goes down past them: a link climbs that many times, then follows `to` from there.
    private static func walk(_ from: UnsafeBufferPointer<UInt8>, _ to: UnsafeBufferPointer<UInt8>) -> (ups: Int, shared: Int) {
        let slash = UInt8(ascii: "/")
        var index = 0, shared = 0
        while index < from.count, index < to.count, from[index] == to[index] {
            if from[index] == slash { shared = index + 1 }
            index += 1
        }
        var ups = 0
        for byte in from[shared...] where byte == slash { ups += 1 }
        return (ups, shared)
    }

    /// The way from this page back to the site root: `""`, `"../"`, `"../../"`.
    public var rootPrefix: String { String(repeating: "../", count: max(0, file.utf8.split(separator: UInt8(ascii: "/")).count - 1)) }

    /// A link from this route to any output file given by its path (`media/x.png`, `assets/site.css`).
    public func link(toFile path: String) -> String { link(to: Route(file: path)) }

    /// The absolute URL under a base URL (`https://example.org/sub/`), or nil when none is set.
    public func absoluteURL(base: String) -> String? {
        guard !base.isEmpty else { return nil }
        return (base.hasSuffix("/") ? base : base + "/") + directoryPath
    }
}
