import Foundation
import Synchronization

/// Responses decoded by earlier builds, kept as the compact JSON of their Swift value (a Pokémon's few fields, not
/// PokéAPI's hundreds of kilobytes) by type, URL and the stamp of the stored copy they came from (`StoredEntry`), with
/// image sizes and read trails (`ReadTrail`) beside them: an unchanged response is read back from a few bytes instead
/// of being read, unzipped and decoded again. In memory for `vitrina serve`, in `.vitrina/decoded.bin` for `vitrina build`.
/// Respuestas ya decodificadas, guardadas como el JSON compacto de su valor Swift, por tipo, URL y sello de la copia guardada.
public final class DecodedMemo: Sendable {
    private struct Entry {
        let fingerprint: String
        let compact: [UInt8]
        var used: Bool
    }

    private let entries: Mutex<[String: Entry]>
    private let changed = Mutex(false)

    public init() { entries = Mutex([:]) }

    private init(entries: [String: Entry]) { self.entries = Mutex(entries) }

    /// The compact JSON remembered for `key` when the response's body is still the one it was made from.
    func compact(_ key: String, fingerprint: String) -> [UInt8]? {
        entries.withLock { entries in
            guard let entry = entries[key], entry.fingerprint == fingerprint else { return nil }
            entries[key]?.used = true
            return entry.compact
        }
    }

    func remember(_ key: String, fingerprint: String, compact: [UInt8]) {
        entries.withLock { $0[key] = Entry(fingerprint: fingerprint, compact: compact, used: true) }
        changed.withLock { $0 = true }
    }

    static let header = "vitrina-decoded 1"

    /// The memo a build saved under the same Vitrina version (`context`), or an empty one; damage reads as empty.
    public static func load(from path: String, context: String) -> DecodedMemo {
        guard var reader = MemoFile.read(path, header: header, context: context) else { return DecodedMemo() }
        guard let count = reader.int(), (0...reader.remaining).contains(count) else { return DecodedMemo() }
        var entries: [String: Entry] = [:]
        for _ in 0..<count {
            guard let texts = reader.strings(), texts.count == 3 else { return DecodedMemo() }
            entries[texts[0]] = Entry(fingerprint: texts[1], compact: Array(texts[2].utf8), used: false)
        }
        return DecodedMemo(entries: entries)
    }

    /// Writes the entries this build used, when one is new or one went unused; atomically.
    public func save(to path: String, context: String) throws {
        let used = entries.withLock { $0.filter(\.value.used) }
        guard changed.withLock({ $0 }) || used.count != entries.withLock({ $0.count }) else { return }
        var payload = ByteWriter()
        payload.int(used.count)
        for (key, entry) in used.sorted(by: { $0.key < $1.key }) {
            payload.strings([key, entry.fingerprint, String(decoding: entry.compact, as: UTF8.self)])
        }
        try MemoFile.write(payload.bytes, to: path, header: Self.header, context: context)
    }
}
