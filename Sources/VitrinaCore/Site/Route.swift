/// Where a file lives in the output, as a path relative to the output root.
/// Dónde vive un fichero en la salida, como ruta relativa a la raíz.
public struct Route: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// `pokemon/25-pikachu/index.html`, `404.html`, `index.html`.
    public let file: String

    public init(file: String) { self.file = file }

    /// A page route: the folder `path` with its `index.html`.
    public static func page(_ segments: [String]) -> Route {
        var file = ""
        file.reserveCapacity(segments.reduce(11) { $0 + $1.utf8.count + 1 })
        for segment in segments where !segment.isEmpty {
            file += segment
            file += "/"
        }
        file += "index.html"
        return Route(file: file)
    }

    public static func page(_ segments: String...) -> Route { page(segments) }

    /// A route in a language: the default language at the root, others under their code.
    public static func page(language: String, defaultLanguage: String, _ segments: [String]) -> Route {
        page((language == defaultLanguage ? [] : [language]) + segments)
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
        let from = file.utf8, to = target.file.utf8
        let slash = UInt8(ascii: "/")
        let fromFolders = from.reduce(0) { $0 + ($1 == slash ? 1 : 0) }
        let toFolders = to.reduce(0) { $0 + ($1 == slash ? 1 : 0) }
        var a = from.startIndex, b = to.startIndex
        var common = 0
        while common < fromFolders, common < toFolders,
              let endA = from[a...].firstIndex(of: slash), let endB = to[b...].firstIndex(of: slash),
              from[a..<endA].elementsEqual(to[b..<endB]) {
            common += 1
            a = from.index(after: endA)
            b = to.index(after: endB)
        }
        let link = String(repeating: "../", count: fromFolders - common) + String(target.file[b...])
        return fragment.map { link + "#" + $0 } ?? link
    }

    /// The way from this page back to the site root: `""`, `"../"`, `"../../"`.
    public var rootPrefix: String { String(repeating: "../", count: file.split(separator: "/").count - 1) }

    /// A link from this route to any output file given by its path (`media/x.png`, `assets/site.css`).
    public func link(toFile path: String) -> String { link(to: Route(file: path)) }

    /// The absolute URL under a base URL (`https://example.org/sub/`), or nil when none is set.
    public func absoluteURL(base: String) -> String? {
        guard !base.isEmpty else { return nil }
        return (base.hasSuffix("/") ? base : base + "/") + directoryPath
    }
}
