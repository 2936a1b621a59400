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
        /// The `Link` header, absent when nil: manifests without links stay byte-identical.
        var link: String?
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

    static func isSafeFile(_ file: String) -> Bool { SafePath.isPlainRelative(file) && file.utf8.reversed().starts(with: "zg.".utf8) }

    /// Throws, naming the entries, when the manifest points outside the snapshot folder.
    public func checkEntries() throws {
        guard !refused.isEmpty else { return }
        throw VitrinaError(.config, "\(directory)/manifest.json: \(refused.count) entr\(refused.count == 1 ? "y names a file" : "ies name files") "
            + "outside the snapshot folder, which Vitrina refuses to read:\n" + refused.prefix(10).map { "  - \($0)" }.joined(separator: "\n")
            + "\nRestore Content/data/ from version control, or rebuild it with `vitrina fetch --update-snapshot`.")
    }

    public var urls: [String] { manifest.withLock { $0.keys.sorted() } }

    public func entry(_ url: String) -> StoredEntry? {
        guard let entry = manifest.withLock({ $0[url] }) else { return nil }
        let path = "\(directory)/\(entry.file)"
        guard let stamp = FileStamp(path: path) else { return nil }
        let header = StoredResponse.Header(url: url, status: entry.status, contentType: entry.contentType, etag: entry.etag,
                                           lastModified: entry.lastModified, fetchedAt: entry.fetchedAt, link: entry.link)
        return StoredEntry(header: header, stamp: stamp) { StoredEntry.read(path, stamped: stamp) }
    }

    public func write(_ response: StoredResponse) throws {
        let file = Self.file(for: response.url)
        try Files.write(try Gzip.compress(response.body), to: "\(directory)/\(file)")
        manifest.withLock {
            $0[response.url] = Entry(file: file, status: response.status, contentType: response.contentType, etag: response.etag,
                                     lastModified: response.lastModified, fetchedAt: response.fetchedAt, link: response.link)
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

    /// `https://pokeapi.co/api/v2/pokemon/?limit=50` → `pokeapi.co/api/v2/pokemon/index@limit=50.json.gz`. Worked out on
    /// the URL's bytes (a prepended mark before a `/` must not hide it), and always a path `isSafeFile` accepts.
    static func file(for url: String) -> String {
        var bytes = Array(url.utf8)
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        if let scheme = bytes.withUnsafeBufferPointer({ $0.firstIndex(of: Array("://".utf8), from: 0) }) { bytes.removeFirst(scheme + 3) }
        let question = bytes.firstIndex(of: UInt8(ascii: "?")) ?? bytes.endIndex
        let path = bytes[..<question]
        let query = question == bytes.endIndex ? [] : Array("@".utf8) + bytes[(question + 1)...].flatMap { $0 == slash ? Array("%2F".utf8) : [$0] }
        var folders = path.split(separator: slash).map(Array.init)
        let name: [UInt8]
        if let last = folders.last, path.last != slash, let extensionDot = last.lastIndex(of: dot) {
            folders.removeLast()
            let ext = clean(last[(extensionDot + 1)...])
            name = stem(last[..<extensionDot] + query) + (ext.isEmpty ? [] : [dot] + ext) + Array(".gz".utf8)
        } else {
            name = stem(Array("index".utf8) + query) + Array(".json.gz".utf8)
        }
        let kept = folders.map(clean).filter { !$0.isEmpty && $0 != [dot] }
        return String(decoding: Array((kept + [name]).joined(separator: [slash])), as: UTF8.self)
    }

    /// A file name's part before its extension, cleaned, with no `.` at its end (which would make `..` with the next one).
    private static func stem(_ bytes: [UInt8]) -> [UInt8] {
        var cleaned = clean(bytes)
        if cleaned.last == UInt8(ascii: ".") { cleaned[cleaned.count - 1] = UInt8(ascii: "_") }
        return cleaned
    }

    /// One segment's bytes with control characters and backslashes as `_`, and each `..` (left to right) as `_`: so
    /// the reader, which trusts only plain relative paths ending in `.gz`, accepts whatever name the writer gave.
    private static func clean<Bytes: Sequence<UInt8>>(_ segment: Bytes) -> [UInt8] {
        var bytes: [UInt8] = []
        for byte in segment {
            if byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\\") {
                bytes.append(UInt8(ascii: "_"))
            } else if byte == UInt8(ascii: "."), bytes.last == UInt8(ascii: ".") {
                bytes[bytes.count - 1] = UInt8(ascii: "_")
            } else {
                bytes.append(byte)
            }
        }
        return bytes
    }
}
