import Foundation

/// A response as kept on disk: status, validators, content type, fetch time and body.
/// Una respuesta guardada en disco: estado, validadores, tipo, hora de descarga y cuerpo.
public struct StoredResponse: Sendable, Codable, Equatable {
    public var url: String
    public var status: Int
    public var contentType: String
    public var etag: String?
    public var lastModified: String?
    /// Seconds since 1970 when the body was fetched or last revalidated.
    public var fetchedAt: Double
    public var body: [UInt8]
    /// The `Link` response header as sent (RFC 8288), for APIs that page with `rel="next"`; nil when absent.
    /// La cabecera `Link` tal como llegó, para las API que paginan con `rel="next"`; nil si no vino.
    public var link: String?

    public init(url: String, status: Int, contentType: String, etag: String?, lastModified: String?, fetchedAt: Double, body: [UInt8],
                link: String? = nil) {
        self.link = link
        self.url = url
        self.status = status
        self.contentType = contentType
        self.etag = etag
        self.lastModified = lastModified
        self.fetchedAt = fetchedAt
        self.body = body
    }

    init(url: String, response: WebResponse, at time: Double) {
        self.init(
            url: url, status: response.status, contentType: response.header("content-type") ?? "application/octet-stream",
            etag: response.header("etag"), lastModified: response.header("last-modified"), fetchedAt: time, body: response.body,
            link: response.header("link"))
    }

    func age(at now: Double) -> Duration { header.age(at: now) }

    /// The metadata alone, for file headers and manifests; `link` is left out when nil, so older files read the same.
    struct Header: Codable, Equatable {
        var url: String
        var status: Int
        var contentType: String
        var etag: String?
        var lastModified: String?
        var fetchedAt: Double
        var link: String?

        /// Never negative, and at most about 30 years: a fetch time read back from disk may be anything.
        func age(at now: Double) -> Duration {
            let seconds = now - fetchedAt
            return .milliseconds(Int64((seconds.isNaN ? 0 : min(max(seconds, 0), 1e9)) * 1000))
        }
    }

    var header: Header {
        Header(url: url, status: status, contentType: contentType, etag: etag, lastModified: lastModified, fetchedAt: fetchedAt, link: link)
    }

    init(header: Header, body: [UInt8]) {
        self.init(url: header.url, status: header.status, contentType: header.contentType, etag: header.etag,
                  lastModified: header.lastModified, fetchedAt: header.fetchedAt, body: body, link: header.link)
    }
}

/// A stored response found by its file's stamp, its body read and unzipped only when asked for: the stamp tells an
/// unchanged copy without reading it.
/// Una respuesta guardada, reconocida por el sello de su fichero; el cuerpo se lee y descomprime solo cuando se pide.
public struct StoredEntry: Sendable {
    let header: StoredResponse.Header
    /// The stamp (size, times, inode) of the file the body lies in: an unchanged stamp means unchanged bytes.
    public let fingerprint: String
    private let compressed: @Sendable () -> [UInt8]?

    /// `compressed` gives the stored bytes, or nil when the file is gone, unreadable or no longer the one stamped.
    init(header: StoredResponse.Header, stamp: FileStamp, compressed: @escaping @Sendable () -> [UInt8]?) {
        self.header = header
        fingerprint = "stamp " + stamp.token
        self.compressed = compressed
    }

    /// The response with its body unzipped; nil when the stored bytes are gone, changed or damaged.
    public func response() -> StoredResponse? {
        compressed().flatMap { try? Gzip.decompress($0) }.map { StoredResponse(header: header, body: $0) }
    }

    /// The bytes of the file at `path` while it keeps `stamp`.
    static func read(_ path: String, stamped stamp: FileStamp) -> [UInt8]? {
        guard let bytes = try? Files.read(path), FileStamp(path: path) == stamp else { return nil }
        return bytes
    }
}
