/// Fetches images through the same cache and names their output files; a failure is a warning and a placeholder.
/// Descarga imágenes por la misma caché y nombra sus ficheros; un fallo es un aviso y un marcador.
public struct MediaFetcher: Sendable {
    let fetcher: Fetcher
    let sources: [String: SourceConfig]
    let diagnostics: Diagnostics

    public init(fetcher: Fetcher, sources: [String: SourceConfig], diagnostics: Diagnostics) {
        self.fetcher = fetcher
        self.sources = sources
        self.diagnostics = diagnostics
    }

    public func fetchAll(_ urls: [String], into catalog: inout MediaCatalog) async {
        let unique = Array(Set(urls)).sorted()
        let results = await withTaskGroup(of: (String, MediaFile?).self) { group in
            for url in unique {
                group.addTask { (url, await self.fetchOne(url)) }
            }
            var results: [(String, MediaFile?)] = []
            for await result in group { results.append(result) }
            return results
        }
        for (url, file) in results { if let file { catalog.add(file, for: url) } }
    }

    private func fetchOne(_ url: String) async -> MediaFile? {
        do {
            let response = try await fetcher.fetch(url, required: false)
            guard let size = ImageSize.of(response.body) else {
                diagnostics.warn(.image, "\(url) is not an image Vitrina can read (PNG, JPEG, GIF, SVG); a placeholder is shown")
                return nil
            }
            return MediaFile(path: outputPath(for: url), width: size.width, height: size.height, bytes: response.body)
        } catch FetchError.hostDown {
            return nil // counted in the down host's one warning / contado en el único aviso del servidor caído
        } catch {
            diagnostics.warn(.image, "image \(url) could not be had (\(Self.reason(error))); a placeholder is shown")
            return nil
        }
    }

    private static func reason(_ error: Error) -> String {
        switch error {
        case FetchError.missingOffline: "not in the cache or the snapshot"
        case FetchError.status(_, let status): "HTTP \(status)"
        case FetchError.unreachable(_, let reason): reason
        default: "\(error)"
        }
    }

    /// `media/<source>/<path after the source's base URL>`, every segment made safe.
    func outputPath(for url: String) -> String {
        let match = sources.filter { url.hasPrefix($0.value.baseURL + "/") }.max { $0.value.baseURL.count < $1.value.baseURL.count }
        let (prefix, rest) = match.map { ($0.key, String(url.dropFirst($0.value.baseURL.count + 1))) } ?? ("web", URLParts.host(of: url) + "/" + Fingerprint.hex(url))
        return (["media", prefix] + rest.split(separator: "/").map { MediaPath.safeSegment(String($0)) }).joined(separator: "/")
    }
}

/// File-name safety for media paths: letters, digits, `.`, `_` and `-` only, never `..`.
/// Nombres de fichero seguros: letras, dígitos, `.`, `_` y `-`, nunca `..`.
public enum MediaPath {
    public static func safeSegment(_ segment: String) -> String {
        let mapped = String(segment.map { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) ? $0 : "-" })
        let trimmed = mapped.replacingOccurrences(of: "..", with: "-")
        return trimmed.isEmpty || trimmed == "." ? "file" : trimmed
    }
}
