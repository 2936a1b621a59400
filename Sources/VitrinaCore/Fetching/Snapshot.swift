import Foundation
import Synchronization

/// The committed snapshot under `Content/data/`: gzipped bodies laid out by URL plus a manifest.
/// La instantánea versionada en `Content/data/`: cuerpos comprimidos por URL y un manifiesto.
public final class Snapshot: ResponseStore {
    public let directory: String
    private let manifest: Mutex<[String: Entry]>

    struct Entry: Codable, Equatable {
        var file: String
        var status: Int
        var contentType: String
        var etag: String?
        var lastModified: String?
        var fetchedAt: Double
    }

    /// Entries whose `file` is no plain relative path inside the snapshot folder (`../../outside/p.json.gz`): never read.
    public let refused: [String]

    public init(directory: String) {
        self.directory = directory
        let path = directory + "/manifest.json"
        let loaded = (try? Files.read(path)).flatMap { try? JSONDecoder().decode([String: Entry].self, from: Data($0)) } ?? [:]
        refused = loaded.filter { !Self.isSafeFile($0.value.file) }.map { "\($0.key) → \(String(reflecting: $0.value.file))" }.sorted()
        manifest = Mutex(loaded.filter { Self.isSafeFile($0.value.file) })
    }

    static func isSafeFile(_ file: String) -> Bool { SafePath.isPlainRelative(file) && file.hasSuffix(".gz") }

    /// Throws, naming the entries, when the manifest points outside the snapshot folder.
    public func checkEntries() throws {
        guard !refused.isEmpty else { return }
        throw VitrinaError(.config, "\(directory)/manifest.json: \(refused.count) entr\(refused.count == 1 ? "y names a file" : "ies name files") "
            + "outside the snapshot folder, which Vitrina refuses to read:\n" + refused.prefix(10).map { "  - \($0)" }.joined(separator: "\n")
            + "\nRestore Content/data/ from version control, or rebuild it with `vitrina fetch --update-snapshot`.")
    }

    public var urls: [String] { manifest.withLock { $0.keys.sorted() } }

    public func read(_ url: String) -> StoredResponse? {
        guard let entry = manifest.withLock({ $0[url] }),
              let data = try? Files.read("\(directory)/\(entry.file)"),
              let body = try? Gzip.decompress(data)
        else { return nil }
        return StoredResponse(url: url, status: entry.status, contentType: entry.contentType, etag: entry.etag,
                              lastModified: entry.lastModified, fetchedAt: entry.fetchedAt, body: body)
    }

    public func write(_ response: StoredResponse) throws {
        let file = Self.file(for: response.url)
        try Files.write(try Gzip.compress(response.body), to: "\(directory)/\(file)")
        manifest.withLock {
            $0[response.url] = Entry(file: file, status: response.status, contentType: response.contentType, etag: response.etag,
                                     lastModified: response.lastModified, fetchedAt: response.fetchedAt)
        }
    }

    /// Replaces the whole snapshot with exactly these responses.
    public func replaceAll(with responses: [StoredResponse]) throws {
        try Files.remove(directory)
        manifest.withLock { $0 = [:] }
        for response in responses.sorted(by: { $0.url < $1.url }) { try write(response) }
        try saveManifest()
    }

    public func saveManifest() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let data = try manifest.withLock { try encoder.encode($0) }
        try Files.write([UInt8](data), to: directory + "/manifest.json")
    }

    /// `https://pokeapi.co/api/v2/pokemon/?limit=50` → `pokeapi.co/api/v2/pokemon/index@limit=50.json.gz`.
    static func file(for url: String) -> String {
        let withoutScheme = url.range(of: "://").map { String(url[$0.upperBound...]) } ?? url
        let parts = withoutScheme.split(separator: "?", maxSplits: 1).map(String.init)
        var path = parts[0]
        let query = parts.count > 1 ? "@" + parts[1].replacingOccurrences(of: "/", with: "%2F") : ""
        let last = path.split(separator: "/").last.map(String.init) ?? ""
        let safe: (String) -> String = { $0.replacingOccurrences(of: "..", with: "_") }
        if path.hasSuffix("/") || !last.contains(".") {
            if !path.hasSuffix("/") { path += "/" }
            return safe(path + "index" + query + ".json.gz")
        }
        let stem = (last as NSString).deletingPathExtension
        let ext = (last as NSString).pathExtension
        let folder = String(path.dropLast(last.count))
        return safe(folder + stem + query + "." + ext + ".gz")
    }
}
