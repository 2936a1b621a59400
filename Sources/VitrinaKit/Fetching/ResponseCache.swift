import Foundation

/// The working cache in `.vitrina/cache`: one file per URL, a JSON header line then the gzipped body.
/// La caché de trabajo en `.vitrina/cache`: un fichero por URL, cabecera JSON y cuerpo comprimido.
public struct ResponseCache: ResponseStore {
    public let directory: String

    public init(directory: String) { self.directory = directory }

    func path(for url: String) -> String {
        let key = Fingerprint.hex(url)
        return "\(directory)/\(key.prefix(2))/\(key).entry"
    }

    public func entry(_ url: String) -> StoredEntry? {
        let path = path(for: url)
        // The header is needed now (the copy's age); the stamp taken before the read must still hold after it.
        guard let stamp = FileStamp(path: path), let data = StoredEntry.read(path, stamped: stamp),
              let newline = data.firstIndex(of: UInt8(ascii: "\n")),
              let header = try? JSONDecoder().decode(StoredResponse.Header.self, from: Data(data[..<newline])),
              header.url == url
        else { return nil }
        let body = Array(data[(newline + 1)...])
        return StoredEntry(header: header, stamp: stamp) { body }
    }

    public func write(_ response: StoredResponse) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var bytes = [UInt8](try encoder.encode(response.header))
        bytes.append(UInt8(ascii: "\n"))
        bytes += try Gzip.compress(response.body)
        try Files.write(bytes, to: path(for: response.url))
    }
}
