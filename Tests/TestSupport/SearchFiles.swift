import Foundation
import VitrinaKit

/// The files of a search index as search.js sees them: the manifest, and each file's JSON by its name; the trie walked
/// and the postings decoded as the engine does, for tests to compare with the pages.
/// Los ficheros de un índice de búsqueda tal como los ve search.js.
public struct SearchFiles {
    public let manifest: [String: Any]
    public let files: [String: Any]
    /// The whole trie: the manifest's nodes and those of its branch files.
    public let trie: [String: [Any]]

    public init(_ files: [DataFile], language: String) throws {
        var byName: [String: Any] = [:]
        var manifest: [String: Any]?
        for file in files {
            let text = String(decoding: file.bytes, as: UTF8.self)
            // `vitrinaSearch.K("KEY", JSON);\n`
            guard let open = text.firstIndex(of: ",") else { throw Unreadable(path: file.path) }
            let json = text[text.index(after: open)...].dropLast(3)
            let value = try JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed])
            if file.path == SearchIndex.manifestPath(language) { manifest = value as? [String: Any] }
            else { byName[String(file.path.dropFirst("assets/search/".count))] = value }
        }
        guard let manifest else { throw Unreadable(path: SearchIndex.manifestPath(language)) }
        self.manifest = manifest
        self.files = byName
        var trie = manifest["s"] as? [String: [Any]] ?? [:]
        for name in (manifest["b"] as? [String: String] ?? [:]).values {
            guard let branch = byName[name] as? [String: [Any]] else { throw Unreadable(path: name) }
            trie.merge(branch) { first, _ in first }
        }
        self.trie = trie
    }

    /// Pages per record chunk, as the manifest says.
    public var recordsPerChunk: Int { manifest["rc"] as? Int ?? 1 }

    /// The shard holding `term`, walked as the spec says.
    public func shard(of term: String) -> [String: String]? {
        let scalars = Array(term.unicodeScalars)
        var depth = 0
        while true {
            let prefix = String(String.UnicodeScalarView(scalars.prefix(depth)))
            guard let node = trie[prefix], let file = node[0] as? String, let split = node[1] as? Int else { return nil }
            if split == 0 || depth == scalars.count { return file.isEmpty ? nil : files[file] as? [String: String] }
            depth += 1
        }
    }

    /// The pages of `term` with their weights.
    public func pages(of term: String) -> [(page: Int, weight: Int)] {
        guard let postings = shard(of: term)?[term] else { return [] }
        return Self.decode(postings)
    }

    /// The record of page `id`, through its table.
    public func record(_ id: Int) -> [Any]? {
        let chunk = id / recordsPerChunk
        guard let tables = manifest["t"] as? [String], tables.indices.contains(chunk / SearchIndex.chunksPerTable),
              let table = files[tables[chunk / SearchIndex.chunksPerTable]] as? [String], table.indices.contains(chunk % SearchIndex.chunksPerTable),
              let records = files[table[chunk % SearchIndex.chunksPerTable]] as? [Any],
              records.indices.contains(id % recordsPerChunk) else { return nil }
        return records[id % recordsPerChunk] as? [Any]
    }

    /// Postings as search.js decodes them.
    public static func decode(_ text: String) -> [(page: Int, weight: Int)] {
        let digits = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        var numbers: [Int] = []
        var value = 0, shift = 0
        for byte in text.utf8 {
            guard let digit = digits.firstIndex(of: byte) else { return [] }
            value |= (digit & 31) << shift
            if digit & 32 != 0 { shift += 5 } else { numbers.append(value); value = 0; shift = 0 }
        }
        var pages: [(Int, Int)] = []
        var page = -1
        for pair in stride(from: 0, to: numbers.count - 1, by: 2) {
            page += numbers[pair]
            pages.append((page, numbers[pair + 1]))
        }
        return pages
    }
}

/// A file of the index that is not one.
public struct Unreadable: Error { public let path: String }
