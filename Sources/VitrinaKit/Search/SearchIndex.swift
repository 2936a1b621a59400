/// The site's full-text index in one language, split so that a query loads only what its words need: a manifest
/// (`assets/search/L.js`), shards of terms cut by prefix into a trie (`L.sN.HASH.js`), the pages' records in chunks
/// (`L.rN.HASH.js`) and tables naming those chunks (`L.tK.HASH.js`) — classic scripts, so it works from file:// and on
/// any static host. The format is `Content/docs/search.md`'s; `Templates/assets/js/search.js` reads it.
/// El índice de texto completo de un idioma, partido para que una consulta cargue solo lo que necesitan sus palabras.
public struct SearchIndex: Sendable {
    /// One page as the index takes it: its file from the site root, its title, its kind's label and its text.
    public struct Entry: Sendable {
        public let url: String
        public let kind: String
        public let text: SearchText

        public init(url: String, kind: String, text: SearchText) { (self.url, self.kind, self.text) = (url, kind, text) }
    }

    /// Pages per record chunk, record chunks per table, and the size past which a shard is split by the next letter.
    public static let recordsPerChunk = 8
    public static let chunksPerTable = 256
    public static let shardBytes = 48 * 1024
    /// How deep the trie may go: a prefix of more code points is never split (one term's postings can't be).
    static let maxDepth = 12

    public let language: String
    /// The pages, in the order of their ids.
    public let entries: [Entry]

    /// `entries` in a fixed order (by their file), so the same site gives the same ids and bytes.
    public init(language: String, entries: [Entry]) {
        self.language = language
        self.entries = entries.sorted { $0.url < $1.url }
    }

    public static func manifestPath(_ language: String) -> String { "assets/search/\(language).js" }

    // MARK: Postings / apariciones

    /// Each term's postings: page ids in increasing order with their weights.
    func postings() -> [String: [(page: Int32, weight: UInt8)]] {
        // Each run of pages gathers its terms' lists on a core; the runs, in page order, are then joined term by term.
        // Cada tramo de páginas reúne las listas de sus términos en un núcleo; luego se juntan en orden de página.
        let runs = Parallel.map(Array(entries.indices), slices: Parallel.slicesPerCore) { slice in
            var local: [String: [(page: Int32, weight: UInt8)]] = [:]
            for page in slice {
                for (term, weight) in Self.weights(of: entries[page].text) { local[term, default: []].append((Int32(page), weight)) }
            }
            return local
        }
        guard var postings = runs.first else { return [:] }
        for run in runs.dropFirst() {
            for (term, list) in run { postings[term, default: []] += list }
        }
        return postings
    }

    /// A page's terms with their weights: min(63, 16·title hits (≤ 3) + 4·heading hits (≤ 4) + body hits (≤ 15)).
    static func weights(of text: SearchText) -> [(String, UInt8)] {
        /// The page's counts so far, handed to the word reader (not captured: see `SearchWords.forEach`).
        struct Counts {
            var hits: [String: (title: Int, heading: Int, body: Int)] = [:]
            var words = 0
            var place = 0
        }
        var counts = Counts()
        // One lookup a word: the bounds are checked only once the page is near them (a giant title).
        // Una búsqueda por palabra: los límites solo se miran cerca de ellos.
        let count = { (counts: inout Counts, word: String) -> Bool in
            guard counts.words < SearchText.maxWords, counts.hits.count < SearchText.maxTerms || counts.hits[word] != nil else { return false }
            counts.words += 1
            switch counts.place {
            case 2: counts.hits[word, default: (0, 0, 0)].title += 1
            case 1: counts.hits[word, default: (0, 0, 0)].heading += 1
            default: counts.hits[word, default: (0, 0, 0)].body += 1
            }
            return true
        }
        counts.place = 2
        SearchWords.forEach(in: text.title, &counts, count)
        for section in text.sections {
            counts.place = 1
            SearchWords.forEach(in: section.heading, &counts, count)
            counts.place = 0
            SearchWords.forEach(in: section.text, &counts, count)
        }
        return counts.hits.map { term, counts in
            (term, UInt8(min(63, 16 * min(counts.title, 3) + 4 * min(counts.heading, 4) + min(counts.body, 15))))
        }
    }

    /// Postings as the shard writes them: base64url varints of 5-bit groups, lowest first, +32 while more follow;
    /// pairs of (gap to the previous page id, the first one's id + 1; weight).
    static func encode(_ list: [(page: Int32, weight: UInt8)]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(list.count * 2)
        var previous: Int64 = -1
        func number(_ value: Int64) {
            var rest = value
            repeat {
                let group = UInt8(rest & 31)
                rest >>= 5
                out.append(digits[Int(group | (rest > 0 ? 32 : 0))])
            } while rest > 0
        }
        for (page, weight) in list {
            number(Int64(page) - previous)
            number(Int64(max(1, weight)))
            previous = Int64(page)
        }
        return String(decoding: out, as: UTF8.self)
    }

    static let digits = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    // MARK: Files / ficheros

    /// The manifest, the shards, the tables and the record chunks.
    public func files() -> [DataFile] {
        let encoded = postings().map { (term: $0.key, postings: Self.encode($0.value)) }.sorted { $0.term.utf8.lexicographicallyPrecedes($1.term.utf8) }
        var files: [DataFile] = []
        var trie: [(prefix: String, file: String, split: Bool, size: Int)] = []
        // The trie: a node of more than `shardBytes` splits by its next code point, keeping the term equal to it.
        // El trie: un nodo de más de `shardBytes` se parte por su siguiente carácter y guarda el término igual a él.
        func node(_ terms: ArraySlice<(term: String, postings: String)>, prefix: [Unicode.Scalar]) {
            let size = terms.reduce(0) { $0 + Self.size(term: $1.term, postings: $1.postings) }
            let prefixText = SearchWords.string(prefix)
            if !Self.splits(size: size, depth: prefix.count) {
                trie.append((prefixText, shard(terms, prefix: prefixText, &files), false, size))
                return
            }
            var own: ArraySlice<(term: String, postings: String)> = []
            var groups: [(Unicode.Scalar, ArraySlice<(term: String, postings: String)>)] = []
            var index = terms.startIndex
            while index < terms.endIndex {
                let scalars = Array(terms[index].term.unicodeScalars)
                guard scalars.count > prefix.count else { own = terms[index...index]; index += 1; continue }
                let next = scalars[prefix.count]
                var end = index + 1
                while end < terms.endIndex, Array(terms[end].term.unicodeScalars.dropFirst(prefix.count).prefix(1)) == [next] { end += 1 }
                groups.append((next, terms[index..<end]))
                index = end
            }
            trie.append((prefixText, own.isEmpty ? "" : shard(own, prefix: prefixText, &files), true, size))
            for (next, group) in groups { node(group, prefix: prefix + [next]) }
        }
        if !encoded.isEmpty { node(encoded[...], prefix: []) }
        let (tables, records) = recordFiles()
        files += records + tables
        let manifest: [String: Any] = [
            "v": 1, "pages": entries.count, "rc": Self.recordsPerChunk, "tc": Self.chunksPerTable,
            "t": tables.map { Self.name($0.path) } as [Any],
            "s": Dictionary(trie.map { ($0.prefix, [$0.file, $0.split ? 1 : 0, $0.size] as [Any]) }, uniquingKeysWith: { first, _ in first }) as [String: Any],
        ]
        files.append(DataFile(path: Self.manifestPath(language), bytes: Self.call("m", language, manifest)))
        return files
    }

    /// A shard file of `terms`, named by its prefix (so an edit elsewhere renames nothing); its name below `assets/search/`.
    private func shard(_ terms: some Sequence<(term: String, postings: String)>, prefix: String, _ files: inout [DataFile]) -> String {
        let file = Self.shardFile(language: language, prefix: prefix, Dictionary(terms.map { ($0.term, $0.postings) }, uniquingKeysWith: { first, _ in first }))
        files.append(file)
        return Self.name(file.path)
    }

    static func shardFile(language: String, prefix: String, _ terms: [String: String]) -> DataFile {
        let key = "\(language).s" + Fingerprint.hex(prefix).prefix(8)
        return fingerprinted(key, call("s", key, terms.mapValues { $0 as Any }))
    }

    /// What a term weighs in a shard, the unit the trie splits by.
    static func size(term: String, postings: String) -> Int { term.utf8.count + postings.utf8.count + 6 }

    /// Whether a node of `size` at `depth` code points is split by its next one.
    static func splits(size: Int, depth: Int) -> Bool { size > shardBytes && depth < maxDepth }

    /// The record chunks (`[url, title, kind, [[anchor, heading, text], ...]]` per page) and the tables naming them.
    private func recordFiles() -> (tables: [DataFile], records: [DataFile]) {
        let chunks = stride(from: 0, to: entries.count, by: Self.recordsPerChunk).map { $0..<min($0 + Self.recordsPerChunk, entries.count) }
        let records: [DataFile] = Parallel.map(Array(chunks.enumerated()), slices: Parallel.slicesPerCore) { slice in
            slice.map { number, range in Self.recordFile(language: language, number: number, entries[range]) }
        }.flatMap { $0 }
        let tables = stride(from: 0, to: records.count, by: Self.chunksPerTable).enumerated().map { number, start in
            Self.tableFile(language: language, number: number, names: records[start..<min(start + Self.chunksPerTable, records.count)].map { Self.name($0.path) })
        }
        return (tables, records)
    }

    static func recordFile(language: String, number: Int, _ entries: some Sequence<Entry>) -> DataFile {
        let key = "\(language).r\(number)"
        let list: [Any] = entries.map { entry in
            [entry.url, entry.text.title, entry.kind, entry.text.sections.map { [$0.anchor, $0.heading, $0.text] as [Any] }] as [Any]
        }
        return fingerprinted(key, call("r", key, list))
    }

    static func tableFile(language: String, number: Int, names: [String]) -> DataFile {
        let key = "\(language).t\(number)"
        return fingerprinted(key, call("t", key, names as [Any]))
    }

    /// `assets/search/KEY.HASH.js`, the hash of its bytes.
    static func fingerprinted(_ key: String, _ bytes: [UInt8]) -> DataFile {
        DataFile(path: "assets/search/\(key).\(Fingerprint.hex(bytes).prefix(8)).js", bytes: bytes)
    }

    /// `vitrinaSearch.KIND("KEY", JSON);` — JSON made safe inside a script (`ScriptJSON`).
    static func call(_ kind: String, _ key: String, _ value: Any) -> [UInt8] {
        Array("vitrinaSearch.\(kind)(\(ScriptJSON.object(key)), \(ScriptJSON.object(value)));\n".utf8)
    }

    static func name(_ path: String) -> String { String(path.dropFirst("assets/search/".count)) }
}
