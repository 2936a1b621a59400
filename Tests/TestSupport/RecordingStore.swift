import Foundation

/// One member of a recorded collection: its exact bytes and its top-level scalar fields.
/// Un miembro de una colección grabada: sus bytes exactos y sus campos escalares.
struct RecordEntry: Sendable {
    let raw: Data
    let fields: [String: String]

    /// The `id` field, or the last number in the `url` field (`.../pokemon/25/`).
    var id: Int? {
        if let id = fields["id"].flatMap({ Int($0) }) { return id }
        return fields["url"]?.split(separator: "/").last.flatMap { Int($0) }
    }

    init(raw: Data) {
        self.raw = raw
        var fields: [String: String] = [:]
        if let object = try? JSONSerialization.jsonObject(with: raw) as? [String: Any] {
            for (key, value) in object {
                if let text = value as? String {
                    fields[key] = text
                } else if let number = value as? NSNumber {
                    fields[key] = number.stringValue
                }
            }
        }
        self.fields = fields
    }
}

/// Read access to a folder laid out like the recordings (`HOST/PATH/index.json`, `HOST/PATH/NAME.png`).
/// Acceso de lectura a una carpeta organizada como las grabaciones.
final class RecordingStore: Sendable {
    private let root: URL
    private let collections = Locked<[String: [RecordEntry]]>([:])

    init(root: URL) {
        self.root = root
    }

    /// The `index.json` of the resource at `path` on `host`.
    func resource(host: String, _ path: [String]) -> Data? {
        read(host: host, path + ["index.json"])
    }

    /// The binary file at `path` on `host`.
    func asset(host: String, _ path: [String]) -> Data? {
        guard let name = path.last, name.contains(".") else { return nil }
        return read(host: host, path)
    }

    /// The members of the collection at `path`: the top-level array, or the array under `key`.
    func collection(host: String, _ path: [String], arrayKey key: String? = nil) -> [RecordEntry]? {
        let cacheKey = ([host] + path).joined(separator: "/")
        if let cached = collections.withLock({ $0[cacheKey] }) { return cached }
        guard var data = resource(host: host, path) else { return nil }
        if let key {
            guard let value = RawJSON.value(forKey: key, inObject: data) else { return nil }
            data = value
        }
        guard let elements = RawJSON.elements(ofArray: data) else { return nil }
        let entries = elements.map(RecordEntry.init(raw:))
        collections.withLock { $0[cacheKey] = entries }
        return entries
    }

    private func read(host: String, _ path: [String]) -> Data? {
        guard path.allSatisfy(Self.isSafeSegment) else { return nil }
        let url = path.reduce(root.appendingPathComponent(host, isDirectory: true)) {
            $0.appendingPathComponent($1)
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            return nil
        }
        return try? Data(contentsOf: url)
    }

    private static func isSafeSegment(_ segment: String) -> Bool {
        !segment.isEmpty && segment != "." && segment != ".." && !segment.contains("/") && !segment.contains("\0")
    }
}
