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
            // Checked by its bytes (magic numbers), whatever type the server said it sent; SVG made safe first.
            let (picture, body) = try await fetcher.derived("Picture \(url)", from: url, required: false, kind: .image) {
                FetchedPicture($0.body)
            }
            switch picture.outcome {
            case .notPicture:
                warn(url, namedAt, "is not a picture Vitrina can publish (PNG, JPEG, GIF, WebP, SVG)")
                return nil
            case .unsafe(let reason):
                warn(url, namedAt, "is an SVG that cannot be made safe: \(Printable.short(reason, limit: 120))")
                return nil
            case .picture(let facts, let kind, let removed):
                if !removed.isEmpty {
                    let named = removed.prefix(5).map { Printable.short($0, limit: 80) }.joined(separator: ", ")
                    diagnostics.warn(.image, "picture \(Printable.short(url)), named by \(Printable.short(namedAt, limit: 240)), is an SVG "
                                     + "holding what could run script or reach another site (\(named)); published without it")
                }
                // Made safe once: now, when the memo knew the picture, else already while it was read.
                let content = kind != .svg ? body : picture.cleaned.map(LazyBody.init) ?? body.map { SafeSVG.clean($0).cleanedBytes }
                return MediaFile(path: Self.named(outputPath(for: url), kind: kind, hash: facts.hash), facts: facts, content: content)
            }
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

    /// The path with the extension the bytes say; an SVG's name also carries its bytes' fingerprint (`a.1f2e3d4c.svg`).
    static func named(_ path: String, kind: PictureKind, hash: String) -> String {
        let named = kind.path(path)
        return kind == .svg ? named.dropLast(4) + "." + hash.prefix(8) + ".svg" : named
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

/// What a fetched picture's bytes came to, as the memo keeps it (read back from disk, so checked as it decodes): a
/// picture with its published bytes' facts and, for SVG, what was removed; no picture; or an SVG that cannot be made safe.
/// En qué quedaron los bytes de una imagen descargada, tal como los guarda la memoria.
struct FetchedPicture: Codable, Sendable {
    enum Outcome: Codable, Sendable {
        case picture(ImageFacts, PictureKind, removed: [String])
        case notPicture
        case unsafe(String)
    }

    let outcome: Outcome
    /// An SVG's safe bytes when made in this build (never kept in the memo): written as they are, not made again.
    private(set) var cleaned: [UInt8]?

    private enum CodingKeys: String, CodingKey { case outcome }

    init(_ bytes: [UInt8]) {
        guard let kind = PictureKind.of(bytes) else { outcome = .notPicture; return }
        guard kind == .svg else {
            outcome = ImageFacts(bytes).map { .picture($0, kind, removed: []) } ?? .notPicture
            return
        }
        switch SafeSVG.clean(bytes) {
        case .success(let made):
            outcome = ImageFacts(made.bytes).map { .picture($0, .svg, removed: made.removed) } ?? .unsafe("it declares no size Vitrina can read")
            cleaned = made.bytes
        case .failure(let refusal):
            outcome = .unsafe(refusal.reason)
        }
    }
}

extension Result<SafeSVG.Cleaned, SafeSVG.Refusal> {
    /// The safe bytes, or nil when the document could not be made safe.
    var cleanedBytes: [UInt8]? { (try? get())?.bytes }
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
