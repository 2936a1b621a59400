/// The site's full-text index in one language, split so that a query loads only what its words need: a manifest
/// (`assets/search/L.js`), shards of terms cut by prefix into a trie (`L.sN.HASH.js`) whose nodes below the first
/// letter are listed by branch files (`L.bN.HASH.js`) once the trie has more than 256 nodes, the pages' records in chunks
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

        /// What its record weighs, near enough its JSON's bytes: the unit the record chunks are sized by.
        var recordBytes: Int {
            text.sections.reduce(url.utf8.count + text.title.utf8.count + kind.utf8.count + 12) {
                $0 + $1.anchor.utf8.count + $1.heading.utf8.count + $1.text.utf8.count + 12
            }
        }

        /// A listed page: its title, its text and searchable fields (its description when a feature gave none), and
        /// its taxonomy terms (`tags: [viaje]` finds it by "viaje"), under its kind's label.
        /// Una página listada: título, texto, campos de búsqueda (o su descripción) y términos de sus taxonomías.
        public init(page: Page, kind: String, bounds: SearchText.Bounds) {
            let source = page.searchSource ?? SearchSource(fields: [page.description])
            let terms = page.terms.sorted { $0.key < $1.key }.flatMap(\.value)
            self.init(url: page.route.file, kind: kind, text: SearchText(
                title: page.title, source: SearchSource(html: source.html, headings: source.headings, fields: source.fields + terms), bounds: bounds))
        }
    }

    /// What a record chunk aims at, the most pages in one, record chunks per table, and the size past which a shard is
    /// split by the next letter.
    public static let chunkBytes = 12 * 1024
    public static let maxRecordsPerChunk = 64
    public static let chunksPerTable = 256
    public static let shardBytes = 48 * 1024
    /// How deep the trie may go: a prefix of more code points is never split (one term's postings can't be).
    static let maxDepth = 12
    /// The most trie nodes a manifest lists itself by default (about 10 KB); a larger trie goes into branch files.
    public static let maxManifestNodes = 256

    public let language: String
    /// How many pages, and page `n` as the index takes it (ids in the order of their files): each page is made when it is
    /// read and dropped once its words are counted and its record written (at 100,000 pages all the texts held at once
    /// were over 100 MB, each of it fresh memory).
    /// Cuántas páginas, y la página `n`: cada una se hace al leerla y se suelta tras contar sus palabras y escribir su registro.
    public let count: Int
    let entry: @Sendable (Int) -> Entry

    /// The most trie nodes its manifest lists itself (tests ask for few, to reach branches with small sites).
    let manifestNodes: Int

    /// `entries` in a fixed order (by their file), so the same site gives the same ids and bytes.
    public init(language: String, entries: [Entry], manifestNodes: Int = maxManifestNodes) {
        // Pages come sorted by their file from the plan: only checked then. / Las páginas ya llegan ordenadas: solo se comprueba.
        let sorted = zip(entries, entries.dropFirst()).allSatisfy({ $0.url < $1.url }) ? entries : entries.sorted { $0.url < $1.url }
        self.init(language: language, count: sorted.count, entry: { sorted[$0] }, manifestNodes: manifestNodes)
    }

    /// `count` pages made by `entry`, which must give them in increasing order of their `url`.
    public init(language: String, count: Int, entry: @escaping @Sendable (Int) -> Entry, manifestNodes: Int = maxManifestNodes) {
        (self.language, self.count, self.entry, self.manifestNodes) = (language, count, entry, manifestNodes)
    }

    public static func manifestPath(_ language: String) -> String { "\(folder)\(language).js" }

    /// The folder of every file of the index, from the site root.
    public static let folder = "assets/search/"

    /// Pages per record chunk: the most, a power of two, whose records weigh `chunkBytes` at the site's average
    /// (short pages share a file: fewer files to write; long ones don't: fewer bytes a query loads).
    /// Páginas por trozo de registros: la mayor potencia de dos cuyos registros pesan `chunkBytes` de media.
    public static func recordsPerChunk(recordBytes: Int, pages: Int) -> Int {
        guard pages > 0 else { return 1 }
        let average = max(1, recordBytes / pages)
        var count = 1
        while count < maxRecordsPerChunk, average <= chunkBytes / (count * 2) { count *= 2 }
        return count
    }

    // MARK: Postings / apariciones

    /// A page's terms with their weights: min(63, 16·title hits (≤ 3) + 4·heading hits (≤ 4) + body hits (≤ 15)), as
    /// the whole index counts them (`SearchPostings.PageCounter`).
    static func weights(of text: SearchText) -> [(String, UInt8)] {
        var counter = SearchPostings.PageCounter()
        var run = SearchPostings.Run(first: 0)
        counter.read(text)
        counter.finish(into: &run)
        return zip(run.term, run.weight).map { (counter.terms.string(Int($0)), $1) }
    }

    /// Postings as the shard writes them: base64url varints of 5-bit groups, lowest first, +32 while more follow;
    /// pairs of (gap to the previous page id, the first one's id + 1; weight).
    static func encode(_ list: some Sequence<(page: Int32, weight: UInt8)>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(list.underestimatedCount * 2)
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
    public func files() -> [DataFile] { measuredFiles().files }

    /// The same, with the processor time making them took on every core (`CPUMeter`).
    /// Lo mismo, con el tiempo de procesador que costó hacerlos en todos los núcleos.
    package func measuredFiles() -> (files: [DataFile], cpu: Duration) {
        let meter = CPUMeter()
        return meter.measure { files(meter) }
    }

    private func files(_ meter: CPUMeter) -> [DataFile] {
        let read = readPages(meter)
        let postings = SearchPostings(joining: read.map(\.run))
        // Terms in UTF-8 order, each with its postings written, on every core.
        // Los términos en orden UTF-8, cada uno con sus apariciones escritas, en todos los núcleos.
        let encoded = meter.map(postings.order, slices: Parallel.slicesPerCore) { slice in
            slice.map { (term: postings.terms.string($0), postings: Self.encode(postings.list($0))) }
        }.flatMap { $0 }
        var trie: [(prefix: String, terms: Range<Int>, split: Bool, size: Int)] = []
        // The trie: a node of more than `shardBytes` splits by its next code point, keeping the term equal to it.
        // El trie: un nodo de más de `shardBytes` se parte por su siguiente carácter y guarda el término igual a él.
        func node(_ terms: ArraySlice<(term: String, postings: String)>, prefix: [Unicode.Scalar]) {
            let size = terms.reduce(0) { $0 + Self.size(term: $1.term, postings: $1.postings) }
            let prefixText = SearchWords.string(prefix)
            if !Self.splits(size: size, depth: prefix.count) {
                trie.append((prefixText, terms.indices, false, size))
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
            trie.append((prefixText, own.indices, true, size))
            for (next, group) in groups { node(group, prefix: prefix + [next]) }
        }
        if !encoded.isEmpty { node(encoded[...], prefix: []) }
        // Each node's own terms as a shard file, on every core, in the trie's order.
        // Los términos propios de cada nodo como fichero, en todos los núcleos, en el orden del trie.
        let nodes = trie
        let shards: [DataFile?] = meter.map(Array(nodes.indices), slices: Parallel.slicesPerCore) { slice in
            slice.map { place -> DataFile? in
                let node = nodes[place]
                guard !node.terms.isEmpty else { return nil }
                return Self.shardFile(language: language, prefix: node.prefix, encoded[node.terms])
            }
        }.flatMap { $0 }
        var files = shards.compactMap { $0 }
        // The records' weight (`Entry.recordBytes`), which the manifest keeps for an edit to size chunks by.
        let runs = read.map(\.records)
        let recordBytes = runs.reduce(0) { $0 + $1.weight }
        let (tables, records) = recordFiles(runs, perChunk: Self.recordsPerChunk(recordBytes: recordBytes, pages: count), meter)
        files += records + tables
        let listed = Dictionary(zip(trie, shards).map { node, shard in
            (node.prefix, [shard.map { Self.name($0.path) } ?? "", node.split ? 1 : 0, node.size] as [Any])
        }, uniquingKeysWith: { first, _ in first })
        let (root, branches) = Self.branches(language: language, listed, most: manifestNodes)
        files += branches.values
        files.append(Self.manifestFile(language: language, pages: count, recordBytes: recordBytes, tables: tables.map { Self.name($0.path) },
                                       root: root, branches: branches.isEmpty ? nil : (branches.mapValues { Self.name($0.path) }, listed.count)))
        return files
    }

    /// Every page read once, runs of them on every core: its words counted into its run's postings, its record written
    /// as JSON, its text then dropped (two runs a core: each run's terms are looked up again when they are joined).
    /// Cada página leída una vez, por tramos en todos los núcleos: sus palabras contadas, su registro escrito, su texto soltado.
    private func readPages(_ meter: CPUMeter) -> [(run: SearchPostings.Run, records: RecordRun)] {
        meter.map(Array(0..<count), slices: Parallel.cores * 2) { [entry] slice in
            var counter = SearchPostings.PageCounter()
            var run = SearchPostings.Run(first: Int32(slice.first ?? 0))
            // Room for a page's usual terms and record asked once: growing by doubling copied them into fresh memory again and again.
            // Sitio para los términos y el registro habituales de una página, pedido una vez.
            run.reserve(postings: slice.count * 64, pages: slice.count)
            var records = RecordRun(first: slice.first ?? 0, pages: slice.count)
            for page in slice {
                let entry = entry(page)
                counter.read(entry.text)
                counter.finish(into: &run)
                records.add(entry)
            }
            run.terms = counter.terms
            return (run, records)
        }
    }

    /// The records of a run of pages as JSON, back to back: page `first + n`'s is `bytes[ends[n - 1]..<ends[n]]`.
    /// Los registros de un tramo de páginas como JSON, seguidos.
    struct RecordRun: Sendable {
        let first: Int
        private(set) var bytes: [UInt8] = []
        private(set) var ends: [Int] = []
        /// Their `Entry.recordBytes`, summed.
        private(set) var weight = 0

        init(first: Int, pages: Int) {
            self.first = first
            bytes.reserveCapacity(pages * 768)
            ends.reserveCapacity(pages)
        }

        mutating func add(_ entry: Entry) {
            SearchIndex.appendRecord(entry, into: &bytes)
            ends.append(bytes.count)
            weight += entry.recordBytes
        }

        var pages: Range<Int> { first..<first + ends.count }

        /// Page `page`'s record (one of `pages`).
        func record(_ page: Int) -> ArraySlice<UInt8> {
            let place = page - first
            return bytes[(place == 0 ? 0 : ends[place - 1])..<ends[place]]
        }
    }

    /// The manifest: counts, the chunks' size, the tables, and the trie (whole, or its root and its branch files).
    static func manifestFile(language: String, pages: Int, recordBytes: Int, tables: [String], root: [String: [Any]],
                             branches: (names: [String: String], nodes: Int)?) -> DataFile {
        var manifest: [String: Any] = [
            "v": 1, "pages": pages, "rc": recordsPerChunk(recordBytes: recordBytes, pages: pages), "rb": recordBytes,
            "tc": chunksPerTable, "t": tables as [Any], "s": root as [String: Any],
        ]
        if let branches { (manifest["b"], manifest["n"]) = (branches.names as [String: Any], branches.nodes) }
        return DataFile(path: manifestPath(language), bytes: call("m", language, manifest))
    }

    /// The trie's nodes as the manifest lists them: all of them up to `most`; else the root alone, and the
    /// nodes below each first letter in a branch file (at 100,000 pages the whole trie was 80 KB every query loaded; a
    /// branch is a few).
    /// Los nodos del trie: todos si son pocos; si no, la raíz y un fichero por primera letra con los de debajo.
    static func branches(language: String, _ nodes: [String: [Any]], most: Int) -> (root: [String: [Any]], branches: [String: DataFile]) {
        guard nodes.count > most, let root = nodes[""] else { return (nodes, [:]) }
        var below: [String: [String: [Any]]] = [:]
        for (key, node) in nodes {
            guard let first = key.unicodeScalars.first else { continue }
            below[String(first), default: [:]][key] = node
        }
        return (["": root], below.reduce(into: [:]) { files, branch in
            files[branch.key] = branchFile(language: language, letter: branch.key, branch.value)
        })
    }

    /// A branch: the trie's nodes below one first letter, `{"prefix":[shard, split, size],...}`, named by its letter.
    static func branchFile(language: String, letter: String, _ nodes: [String: [Any]]) -> DataFile {
        let key = "\(language).b" + Fingerprint.hex(letter).prefix(8)
        return fingerprinted(key, call("b", key, nodes as [String: Any]))
    }

    /// A shard of `terms` (in UTF-8 order, as the index sorts them), `{"term":"postings",...}`, named by its prefix (so
    /// an edit elsewhere renames nothing).
    static func shardFile(language: String, prefix: String, _ terms: some Sequence<(term: String, postings: String)>) -> DataFile {
        let key = "\(language).s" + Fingerprint.hex(prefix).prefix(8)
        var json = callStart("s", key)
        json.append(UInt8(ascii: "{"))
        for (index, entry) in terms.enumerated() {
            if index > 0 { json.append(UInt8(ascii: ",")) }
            ScriptJSON.string(entry.term, into: &json, inHTML: false)
            json.append(UInt8(ascii: ":"))
            ScriptJSON.string(entry.postings, into: &json, inHTML: false)
        }
        json.append(UInt8(ascii: "}"))
        json.append(contentsOf: callEnd)
        return fingerprinted(key, json)
    }

    /// What a term weighs in a shard, the unit the trie splits by.
    static func size(term: String, postings: String) -> Int { term.utf8.count + postings.utf8.count + 6 }

    /// Whether a node of `size` at `depth` code points is split by its next one.
    static func splits(size: Int, depth: Int) -> Bool { size > shardBytes && depth < maxDepth }

    /// The record chunks (`[url, title, kind, [[anchor, heading, text], ...]]` per page) and the tables naming them,
    /// each chunk its pages' records joined.
    /// Los trozos de registros y las tablas que los nombran; cada trozo, los registros de sus páginas unidos.
    private func recordFiles(_ runs: consuming [RecordRun], perChunk: Int, _ meter: CPUMeter) -> (tables: [DataFile], records: [DataFile]) {
        var runs = runs
        var records: [DataFile] = []
        var chunk = 0
        // The chunks starting in each run, on every core; then the runs they have read let go, so that the next run's
        // chunks are written into memory already touched rather than fresh (at 100,000 pages, 64 MB of records).
        // Los trozos que empiezan en cada tramo, en todos los núcleos; luego se sueltan los tramos ya leídos.
        for index in runs.indices {
            let first = chunk
            while chunk * perChunk < count, runs[index].pages.contains(chunk * perChunk) { chunk += 1 }
            records += meter.map(Array(first..<chunk), slices: Parallel.slicesPerCore) { [language, count, runs] slice in
                slice.map { number in
                    let range = number * perChunk..<min(number * perChunk + perChunk, count)
                    // A chunk may span several runs (a small site's). / Un trozo puede abarcar varios tramos.
                    var run = index
                    var pages: [ArraySlice<UInt8>] = []
                    for page in range {
                        while run < runs.count, !runs[run].pages.contains(page) { run += 1 }
                        if run < runs.count { pages.append(runs[run].record(page)) }
                    }
                    return Self.recordFile(language: language, number: number, pages)
                }
            }.flatMap { $0 }
            for done in 0...index where runs[done].pages.upperBound <= chunk * perChunk { runs[done] = RecordRun(first: 0, pages: 0) }
        }
        let tables = stride(from: 0, to: records.count, by: Self.chunksPerTable).enumerated().map { number, start in
            Self.tableFile(language: language, number: number, names: records[start..<min(start + Self.chunksPerTable, records.count)].map { Self.name($0.path) })
        }
        return (tables, records)
    }

    /// `[[url, title, kind, [[anchor, heading, text], ...]], ...]`, written as it goes (no values boxed as `Any`).
    static func recordFile(language: String, number: Int, _ entries: some Sequence<Entry>) -> DataFile {
        recordFile(language: language, number: number, entries.map { entry in
            var record: [UInt8] = []
            appendRecord(entry, into: &record)
            return record[...]
        })
    }

    /// The chunk of `records`, each one's JSON.
    static func recordFile(language: String, number: Int, _ records: [ArraySlice<UInt8>]) -> DataFile {
        let key = "\(language).r\(number)"
        var json = callStart("r", key)
        json.reserveCapacity(chunkBytes * 5 / 4)
        json.append(UInt8(ascii: "["))
        for (index, record) in records.enumerated() {
            if index > 0 { json.append(UInt8(ascii: ",")) }
            json.append(contentsOf: record)
        }
        json.append(UInt8(ascii: "]"))
        json.append(contentsOf: callEnd)
        return fingerprinted(key, json)
    }

    /// One page's record, `[url, title, kind, [[anchor, heading, text], ...]]`, appended to `json`.
    static func appendRecord(_ entry: Entry, into json: inout [UInt8]) {
        func strings(_ texts: String...) {
            json.append(UInt8(ascii: "["))
            for (index, text) in texts.enumerated() {
                if index > 0 { json.append(UInt8(ascii: ",")) }
                ScriptJSON.string(text, into: &json, inHTML: false)
            }
        }
        strings(entry.url, entry.text.title, entry.kind)
        json.append(contentsOf: ",[".utf8)
        for (place, section) in entry.text.sections.enumerated() {
            if place > 0 { json.append(UInt8(ascii: ",")) }
            strings(section.anchor, section.heading, section.text)
            json.append(UInt8(ascii: "]"))
        }
        json.append(contentsOf: "]]".utf8)
    }

    static func tableFile(language: String, number: Int, names: [String]) -> DataFile {
        let key = "\(language).t\(number)"
        return fingerprinted(key, call("t", key, names as [Any]))
    }

    /// `assets/search/KEY.HASH.js`, the hash of its bytes (eight at a time: the index's megabytes are all hashed).
    static func fingerprinted(_ key: String, _ bytes: [UInt8]) -> DataFile {
        DataFile(path: "\(folder)\(key).\(Fingerprint.content(bytes).prefix(8)).js", bytes: bytes)
    }

    /// `vitrinaSearch.KIND("KEY", JSON);` — JSON made safe inside a script (`ScriptJSON`).
    static func call(_ kind: String, _ key: String, _ value: Any) -> [UInt8] {
        call(kind, key, json: Array(ScriptJSON.object(value).utf8))
    }

    /// The same around JSON already written (by `ScriptJSON`'s rules).
    static func call(_ kind: String, _ key: String, json: [UInt8]) -> [UInt8] { callStart(kind, key) + json + callEnd }

    /// What comes before the JSON: a shard or record chunk is written after it, rather than copied behind it (at 100,000
    /// pages, 75 MB copied into fresh memory).
    /// Lo que va antes del JSON: los trozos se escriben tras ello en vez de copiarse detrás.
    static func callStart(_ kind: String, _ key: String) -> [UInt8] { Array("vitrinaSearch.\(kind)(\(ScriptJSON.object(key)), ".utf8) }

    static let callEnd = Array(");\n".utf8)

    static func name(_ path: String) -> String { String(path.dropFirst(folder.count)) }
}
