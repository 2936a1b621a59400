import Foundation

/// An edit of some pages' text applied to the index the last build wrote, as a full build would write it: only the
/// shards of the terms that changed, the trie's branches holding them, the edited pages' record chunks, their tables and
/// the manifest are written again.
/// Files read back from the output are hostile: each is checked for its own shape, and anything unexpected — or an
/// edit that would change the trie's shape (a node to split or to merge) — gives nil, and the whole build runs.
/// Una edición del texto de unas páginas aplicada al índice que escribió la última construcción, como lo escribiría una
/// completa; lo leído de la salida se comprueba, y ante cualquier sorpresa la construcción entera se encarga.
extension SearchIndex {
    public struct Patch: Sendable {
        /// The files written again (new names for new bytes; the manifest keeps its name).
        public let written: [DataFile]
        /// The files of the last build they replace, below the output.
        public let removed: [String]
    }

    /// A trie node as the manifest lists it.
    private struct Node {
        var file: String
        var split: Bool
        var size: Int
    }

    /// The largest index file read back: more is damage.
    static let maxFileBytes = 64 << 20

    /// The patch for `edited` (pages already in the index, by their url), reading the last build's files with `read`
    /// (a path below the output); nil when the whole build must make the index.
    public static func patch(language: String, edited: [Entry], manifestNodes: Int = maxManifestNodes, read: (String) -> [UInt8]?) -> Patch? {
        let prefix = "\(language)."
        func load(_ name: String, _ kind: String) -> Any? {
            guard name.hasPrefix(prefix), name.hasSuffix(".js"), SafePath.isPlainSegment(name),
                  let bytes = read(SearchIndex.folder + name) else { return nil }
            return parse(bytes, kind: kind, key: String(name.split(separator: ".").prefix(2).joined(separator: ".")))
        }
        guard let manifestBytes = read(manifestPath(language)),
              let manifest = parse(manifestBytes, kind: "m", key: language) as? [String: Any], manifest["v"] as? Int == 1,
              let pages = manifest["pages"] as? Int, (0...Int(Int32.max)).contains(pages),
              var recordBytes = manifest["rb"] as? Int, (0...Int(Int32.max) * 64).contains(recordBytes),
              let recordsPerChunk = manifest["rc"] as? Int, recordsPerChunk == Self.recordsPerChunk(recordBytes: recordBytes, pages: pages),
              manifest["tc"] as? Int == chunksPerTable, var tables = manifest["t"] as? [String], let listed = manifest["s"] as? [String: [Any]],
              tables.count == (pages + recordsPerChunk * chunksPerTable - 1) / (recordsPerChunk * chunksPerTable) else { return nil }
        var nodes: [String: Node] = [:]
        func take(_ listed: [String: [Any]], below letter: String?) -> Bool {
            for (key, value) in listed {
                guard value.count == 3, let file = value[0] as? String, let split = value[1] as? Int, (0...1).contains(split),
                      let size = value[2] as? Int, size >= 0, key.unicodeScalars.count <= maxDepth,
                      letter.map({ key.unicodeScalars.first.map(String.init) == $0 }) ?? true else { return false }
                nodes[key] = Node(file: file, split: split == 1, size: size)
            }
            return true
        }
        guard take(listed, below: nil) else { return nil }
        // A trie of more than `manifestNodes` lists its branches: each read when a changed term goes into it.
        // Un trie grande nombra sus ramas: cada una se lee cuando un término cambiado entra en ella.
        let branched = manifest["b"] != nil
        guard var branchNames = branched ? manifest["b"] as? [String: String] : [:],
              var nodeCount = branched ? manifest["n"] as? Int : listed.count, (0...Int(Int32.max)).contains(nodeCount),
              branched == (nodeCount > manifestNodes),
              !branched || (listed.count == 1 && nodes[""] != nil && branchNames.keys.allSatisfy({ $0.unicodeScalars.count == 1 })) else { return nil }
        var branchesRead = Set<String>()
        func enter(_ letter: String) -> Bool {
            guard branched, branchesRead.insert(letter).inserted, let name = branchNames[letter] else { return true }
            guard let branch = load(name, "b") as? [String: [Any]] else { return false }
            return take(branch, below: letter)
        }
        let chunkCount = (pages + recordsPerChunk - 1) / recordsPerChunk

        // The record chunks, through their tables, read once each.
        // Los trozos de registros, a través de sus tablas, leídos una vez cada uno.
        var tableNames: [Int: [String]] = [:]
        var chunks: [Int: (name: String, entries: [Entry])] = [:]
        func chunk(_ number: Int) -> (name: String, entries: [Entry])? {
            if let known = chunks[number] { return known }
            let table = number / chunksPerTable
            guard tables.indices.contains(table) else { return nil }
            if tableNames[table] == nil {
                guard let names = load(tables[table], "t") as? [String], names.count == min(chunksPerTable, chunkCount - table * chunksPerTable) else { return nil }
                tableNames[table] = names
            }
            let name = tableNames[table]![number % chunksPerTable]
            guard let list = load(name, "r") as? [Any], list.count == min(recordsPerChunk, pages - number * recordsPerChunk) else { return nil }
            var entries: [Entry] = []
            for item in list {
                guard let entry = record(item) else { return nil }
                entries.append(entry)
            }
            chunks[number] = (name, entries)
            return (name, entries)
        }

        // Each edited page's place, and the postings its old and new text change.
        // El lugar de cada página editada, y las apariciones que cambian su texto viejo y el nuevo.
        var changes: [String: [Int32: UInt8]] = [:]
        var changedChunks = Set<Int>()
        for entry in edited {
            var low = 0, high = chunkCount - 1
            while low < high {
                let middle = (low + high + 1) / 2
                guard let first = chunk(middle)?.entries.first else { return nil }
                if first.url <= entry.url { low = middle } else { high = middle - 1 }
            }
            guard chunkCount > 0, let found = chunk(low), let place = found.entries.firstIndex(where: { $0.url == entry.url }) else { return nil }
            let known = found.entries[place]
            if known.kind == entry.kind, known.text == entry.text { continue }
            let id = Int32(low * recordsPerChunk + place)
            recordBytes += entry.recordBytes - known.recordBytes
            let old = Dictionary(weights(of: found.entries[place].text), uniquingKeysWith: max)
            let new = Dictionary(weights(of: entry.text), uniquingKeysWith: max)
            for term in Set(old.keys).union(new.keys) where old[term] != new[term] { changes[term, default: [:]][id] = new[term] ?? 0 }
            chunks[low]!.entries[place] = entry
            changedChunks.insert(low)
        }

        // Records that change the chunks' size need the whole build. / Si cambia el tamaño de los trozos, la completa.
        guard Self.recordsPerChunk(recordBytes: recordBytes, pages: pages) == recordsPerChunk else { return nil }

        // Each changed term in the node that holds it: its shard read, its postings changed.
        // Cada término cambiado en el nodo que lo guarda: se lee su fragmento y se cambian sus apariciones.
        var shards: [String: [String: String]] = [:]
        var oldSizes: [String: Int] = [:]
        for (term, pages) in changes.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
            let scalars = Array(term.unicodeScalars)
            var depth = 0
            var holder: String?
            while holder == nil {
                let key = SearchWords.string(scalars.prefix(depth))
                if depth == 1, !enter(key) { return nil }
                guard let node = nodes[key] else {
                    // No node that way: only a term that appears makes one, a leaf as a full build would.
                    // Ningún nodo por ahí: solo un término que aparece lo crea, una hoja como en una construcción completa.
                    guard depth > 0, pages.values.contains(where: { $0 > 0 }) else { return nil }
                    nodes[key] = Node(file: "", split: false, size: 0)
                    nodeCount += 1
                    oldSizes[key] = 0
                    shards[key] = [:]
                    holder = key
                    break
                }
                if !node.split || depth == scalars.count { holder = key } else { depth += 1 }
                guard depth <= maxDepth else { return nil }
            }
            let key = holder!
            if shards[key] == nil {
                let file = nodes[key]!.file
                if file.isEmpty { shards[key] = [:] } else {
                    guard let terms = load(file, "s") as? [String: String] else { return nil }
                    shards[key] = terms
                }
                oldSizes[key] = shards[key]!.reduce(0) { $0 + size(term: $1.key, postings: $1.value) }
            }
            guard var list = shards[key]![term].map(decode) ?? [] else { return nil }
            for (page, weight) in pages {
                let at = list.firstIndex { $0.page >= page } ?? list.endIndex
                if at < list.endIndex, list[at].page == page {
                    if weight == 0 { list.remove(at: at) } else { list[at].weight = weight }
                } else if weight > 0 {
                    list.insert((page, weight), at: at)
                } else {
                    return nil
                }
            }
            shards[key]![term] = list.isEmpty ? nil : encode(list)
        }

        // Sizes up the trie; the shape must stay the one a full build would give.
        // Tamaños hacia arriba del trie; la forma debe seguir siendo la de una construcción completa.
        var written: [DataFile] = []
        var removed: [String] = []
        for (key, terms) in shards {
            let delta = terms.reduce(0) { $0 + size(term: $1.key, postings: $1.value) } - oldSizes[key]!
            let scalars = Array(key.unicodeScalars)
            for depth in 0...scalars.count { nodes[SearchWords.string(scalars.prefix(depth))]?.size += delta }
        }
        for (key, terms) in shards {
            let node = nodes[key]!
            if !node.file.isEmpty { removed.append(SearchIndex.folder + node.file) }
            if terms.isEmpty && !node.split {
                guard node.size == 0 else { return nil }
                nodes[key] = nil
                nodeCount -= 1
            } else if terms.isEmpty {
                nodes[key]!.file = ""
            } else {
                let file = shardFile(language: language, prefix: key, terms.map { (term: $0.key, postings: $0.value) }
                    .sorted { $0.term.utf8.lexicographicallyPrecedes($1.term.utf8) })
                nodes[key]!.file = name(file.path)
                written.append(file)
            }
        }
        let touched = shards.keys.map { Array($0.unicodeScalars) }
        for (key, node) in nodes {
            let scalars = Array(key.unicodeScalars)
            guard touched.contains(where: { $0.starts(with: scalars) }) else { continue }
            guard node.split == splits(size: node.size, depth: scalars.count) else { return nil }
        }

        // The edited pages' chunks, their tables and the manifest.
        // Los trozos de las páginas editadas, sus tablas y el manifiesto.
        for number in changedChunks.sorted() {
            let (oldName, entries) = chunks[number]!
            let file = recordFile(language: language, number: number, entries)
            removed.append(SearchIndex.folder + oldName)
            written.append(file)
            tableNames[number / chunksPerTable]![number % chunksPerTable] = name(file.path)
        }
        for table in Set(changedChunks.map { $0 / chunksPerTable }).sorted() {
            let file = tableFile(language: language, number: table, names: tableNames[table]!)
            removed.append(SearchIndex.folder + tables[table])
            tables[table] = name(file.path)
            written.append(file)
        }
        guard !changedChunks.isEmpty else { return Patch(written: [], removed: []) }
        // The trie stays listed where a full build lists it: in the manifest, or in branches.
        // El trie sigue donde lo pondría una construcción completa: en el manifiesto o en ramas.
        guard branched == (nodeCount > manifestNodes) else { return nil }
        let listing = nodes.mapValues { [$0.file, $0.split ? 1 : 0, $0.size] as [Any] }
        var root = listing
        if branched {
            // The branches the changed nodes are in, written again (or gone with their last node).
            // Las ramas de los nodos cambiados, escritas de nuevo (o quitadas con su último nodo).
            root = ["": listing[""]!]
            for letter in Set(shards.keys.compactMap { $0.unicodeScalars.first.map(String.init) }).sorted() {
                if let old = branchNames[letter] { removed.append(SearchIndex.folder + old) }
                let below = listing.filter { $0.key.unicodeScalars.first.map(String.init) == letter }
                guard !below.isEmpty else { branchNames[letter] = nil; continue }
                let file = branchFile(language: language, letter: letter, below)
                branchNames[letter] = name(file.path)
                written.append(file)
            }
        }
        written.append(manifestFile(language: language, pages: pages, recordBytes: recordBytes, tables: tables, root: root,
                                    branches: branched ? (branchNames, nodeCount) : nil))
        let names = Set(written.map(\.path))
        return Patch(written: written, removed: Set(removed).subtracting(names).sorted())
    }

    /// `vitrinaSearch.KIND("KEY", JSON);\n` read back: its JSON, or nil for another shape.
    static func parse(_ bytes: [UInt8], kind: String, key: String) -> Any? {
        let head = Array("vitrinaSearch.\(kind)(\(ScriptJSON.object(key)), ".utf8)
        let tail = Array(");\n".utf8)
        guard bytes.count <= maxFileBytes, bytes.count >= head.count + tail.count, bytes.starts(with: head), bytes.suffix(tail.count).elementsEqual(tail) else {
            return nil
        }
        return try? JSONSerialization.jsonObject(with: Data(bytes[head.count..<(bytes.count - tail.count)]), options: [.fragmentsAllowed])
    }

    /// A record read back as the entry it was made from.
    private static func record(_ item: Any) -> Entry? {
        guard let fields = item as? [Any], fields.count == 4, let url = fields[0] as? String, let title = fields[1] as? String,
              let kind = fields[2] as? String, let sections = fields[3] as? [Any] else { return nil }
        var parts: [SearchText.Section] = []
        for section in sections {
            guard let texts = section as? [String], texts.count == 3 else { return nil }
            parts.append(SearchText.Section(anchor: texts[0], heading: texts[1], text: texts[2]))
        }
        return Entry(url: url, kind: kind, text: SearchText(title: title, sections: parts))
    }

    /// Postings read back; nil for a digit or a number out of place.
    static func decode(_ text: String) -> [(page: Int32, weight: UInt8)]? {
        var numbers: [Int64] = []
        var value: Int64 = 0, shift: Int64 = 0
        for byte in text.utf8 {
            guard let digit = digitValues[Int(byte)], shift <= 30 else { return nil }
            value |= Int64(digit & 31) << shift
            if digit & 32 != 0 { shift += 5 } else { numbers.append(value); value = 0; shift = 0 }
        }
        guard shift == 0, numbers.count % 2 == 0 else { return nil }
        var list: [(page: Int32, weight: UInt8)] = []
        var page: Int64 = -1
        for pair in stride(from: 0, to: numbers.count, by: 2) {
            page += numbers[pair]
            guard numbers[pair] >= 1, page <= Int64(Int32.max), (1...63).contains(numbers[pair + 1]) else { return nil }
            list.append((Int32(page), UInt8(numbers[pair + 1])))
        }
        return list
    }

    private static let digitValues: [Int?] = (0..<256).map { byte in digits.firstIndex(of: UInt8(byte)) }
}
