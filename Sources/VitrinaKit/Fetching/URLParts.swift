import Foundation

/// Just enough URL parsing for hosts, paths and queries, without Foundation's slow paths.
/// Lo justo para leer servidor, ruta y consulta de una URL.
public enum URLParts {
    /// `host` or `host:port` (a port other than the scheme's), as the fetch policy reads the URL: the key of the
    /// breaker and the per-host limits, so a host named inside another URL's text is never the one counted.
    public static func host(of url: String) -> String {
        if case .success(let origin) = WebOrigin.of(url) { return origin.authority }
        return ""
    }

    /// The last path segment as a whole number within the ids Vitrina accepts: `.../pokemon/25/` → 25.
    public static func trailingID(_ url: String) -> Int? {
        let path = url.split(separator: "?").first.map(String.init) ?? url
        return path.pathSegments.last.flatMap { Int($0) }.flatMap { NumberRange.ids.contains($0) ? $0 : nil }
    }
}
