/// Where a file lives in the output, as a path relative to the output root.
/// Dónde vive un fichero en la salida, como ruta relativa a la raíz.
public struct Route: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// `pokemon/25-pikachu/index.html`, `404.html`, `index.html`.
    public let file: String

    public init(file: String) { self.file = file }

    /// A page route: the folder `path` with its `index.html`.
    public static func page(_ segments: [String]) -> Route {
        let clean = segments.filter { !$0.isEmpty }
        return Route(file: (clean + ["index.html"]).joined(separator: "/"))
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
    public func link(to target: Route, fragment: String? = nil) -> String {
        var from = file.split(separator: "/").dropLast().map(String.init)
        var to = target.file.split(separator: "/").map(String.init)
        while let a = from.first, let b = to.first, to.count > 1, a == b {
            from.removeFirst()
            to.removeFirst()
        }
        let link = String(repeating: "../", count: from.count) + to.joined(separator: "/")
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
