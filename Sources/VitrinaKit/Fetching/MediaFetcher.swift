/// Fetches images through the same cache and names their output files; a failure or a refusal is a warning naming
/// where the API named the picture, and a placeholder.
/// Descarga imágenes por la misma caché y nombra sus ficheros; un fallo o un rechazo es un aviso y un marcador.
public struct MediaFetcher: Sendable {
    let fetcher: Fetcher
    /// Each source's name and base URL, the longest base URL first: the first that holds a URL names its media folder.
    let sources: [(name: String, baseURL: String)]
    let diagnostics: Diagnostics

    public init(fetcher: Fetcher, sources: [String: SourceConfig], diagnostics: Diagnostics) {
        self.fetcher = fetcher
        self.sources = sources.map { ($0.key, $0.value.baseURL) }.sorted { ($0.baseURL.utf8.count, $1.name) > ($1.baseURL.utf8.count, $0.name) }
        self.diagnostics = diagnostics
    }

    public func fetchAll(_ images: [RemoteImage], into catalog: inout MediaCatalog) async {
        // One request per URL; the first place (in order) that named it is the one a warning gives.
        var unique: [String: String] = [:]
        for image in images where unique[image.url].map({ image.namedAt < $0 }) ?? true { unique[image.url] = image.namedAt }
        let results = await withTaskGroup(of: (String, MediaFile?).self) { group in
            for (url, namedAt) in unique.sorted(by: { $0.key < $1.key }) {
                group.addTask { (url, await self.fetchOne(url, namedAt: namedAt)) }
            }
            var results: [(String, MediaFile?)] = []
            for await result in group { results.append(result) }
            return results
        }
        for (url, file) in results { if let file { catalog.add(file, for: url) } }
    }

    private func fetchOne(_ url: String, namedAt: String) async -> MediaFile? {
        do {
            // Known from an earlier build when the stored copy is unchanged: the bytes are read only to be written.
            // Checked by its bytes (magic numbers), whatever type the server said it sent.
            let (facts, body) = try await fetcher.derived("ImageFacts \(url)", from: url, required: false, kind: .image) { ImageFacts($0.body) }
            guard let facts else {
                warn(url, namedAt, "is not an image Vitrina can read (PNG, JPEG, GIF, SVG)")
                return nil
            }
            return MediaFile(path: outputPath(for: url), facts: facts, content: body)
        } catch FetchError.absent {
            return nil // settled: its source said it does not exist / resuelto: su fuente dijo que no existe
        } catch FetchError.hostDown {
            return nil // counted in the down host's one warning / contado en el único aviso del servidor caído
        } catch FetchError.refused(_, let refusal) where !refusal.isRedirect {
            // Refused at the fetcher's door, before the cache: no stored copy of an undeclared host is published either.
            warn(url, namedAt, "was not requested: \(refusal)")
            return nil
        } catch {
            warn(url, namedAt, "could not be had (\(Self.reason(error)))")
            return nil
        }
    }

    /// `picture URL, named by API-URL at PATH, what happened; a placeholder is shown`, the outside text made printable.
    private func warn(_ url: String, _ namedAt: String, _ what: String) {
        diagnostics.warn(.image, "picture \(Printable.short(url)), named by \(Printable.short(namedAt, limit: 240)), \(what); a placeholder is shown")
    }

    /// Why, in words: never a Swift error's debug text.
    static func reason(_ error: Error) -> String {
        switch error {
        case FetchError.missingOffline: "not in the cache or the snapshot"
        case FetchError.status(_, let status): "HTTP \(status)"
        case FetchError.unreachable(_, let reason): reason
        case FetchError.refused(_, let refusal): "refused: \(refusal)"
        case FetchError.tooLarge(_, let limit): "larger than fetch.max_image_size, \(ByteCount.text(limit))"
        case let error as VitrinaError: error.message
        default: "an unexpected failure"
        }
    }

    /// `media/<source>/<path after the source's base URL>`, every segment made safe.
    func outputPath(for url: String) -> String { Self.outputPath(for: url, sources: sources) }

    /// `media/<source>/<path below its base URL>` for a URL under a source's base URL, matched on bytes (a combining
    /// mark right after the base's `/` makes one `Character` of the two, which a match on characters would miss);
    /// `media/web/<host>/<fingerprint>` for any other URL.
    static func outputPath(for url: String, sources: [(name: String, baseURL: String)]) -> String {
        let match = sources.first { url.utf8.starts(with: ($0.baseURL + "/").utf8) }
        let (prefix, rest) = match.map { ($0.name, String(decoding: url.utf8.dropFirst($0.baseURL.utf8.count + 1), as: UTF8.self)) }
            ?? ("web", URLParts.host(of: url) + "/" + Fingerprint.hex(url))
        return (["media", prefix] + rest.pathSegments.map(MediaPath.safeSegment)).joined(separator: "/")
    }
}

/// File-name safety for media paths: ASCII letters, digits, `.`, `_` and `-` only, never `..`, and at most
/// `maxSegment` bytes (a longer name keeps its start and extension around a hash of the whole, so names stay unique).
/// Nombres de fichero seguros y cortos: letras, dígitos, `.`, `_` y `-`, nunca `..`, con un resumen si son largos.
public enum MediaPath {
    public static let maxSegment = 100

    public static func safeSegment(_ segment: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(segment.utf8.count)
        for byte in segment.utf8 {
            let allowed = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
            if !allowed {
                // Other scalars become one hyphen each: continuation bytes add nothing.
                if byte & 0xC0 != 0x80 { bytes.append(UInt8(ascii: "-")) }
            } else if byte == UInt8(ascii: "."), bytes.last == UInt8(ascii: ".") {
                bytes[bytes.count - 1] = UInt8(ascii: "-")  // `..` becomes `-`, left to right
            } else {
                bytes.append(byte)
            }
        }
        if bytes.isEmpty || bytes == [UInt8(ascii: ".")] { return "file" }
        guard bytes.count > maxSegment else { return String(decoding: bytes, as: UTF8.self) }
        let dot = bytes.lastIndex(of: UInt8(ascii: ".")).flatMap { bytes.count - $0 <= 10 ? $0 : nil }
        let suffix = dot.map { Array(bytes[$0...]) } ?? []
        let hash = Array(("-" + Fingerprint.hex(segment.utf8)).utf8)
        return String(decoding: bytes.prefix(maxSegment - hash.count - suffix.count) + hash + suffix, as: UTF8.self)
    }
}
