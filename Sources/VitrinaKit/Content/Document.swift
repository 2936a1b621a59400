import Foundation
import Synchronization

/// One Markdown file in one language: its front matter and rendered body. Its fields live in one shared box, as the
/// memo, the loaders and the folders copy each document several times.
/// Un fichero Markdown en un idioma: su cabecera y su cuerpo renderizado, en una caja compartida.
public struct Document: Sendable {
    private let box: Box

    /// Path relative to the site folder, for messages: `Content/docs/configuration.en.md`.
    public var file: String { _read { yield box.file } }
    /// The name shared by all translations: `configuration`.
    public var name: String { _read { yield box.name } }
    public var language: String { _read { yield box.language } }
    public var fields: FieldReader { _read { yield box.fields } }
    public var body: RenderedMarkdown { _read { yield box.body } }
    /// The fingerprint of the file's bytes.
    public var fingerprint: String { _read { yield box.fingerprint } }

    init(file: String, name: String, language: String, fields: FieldReader, body: RenderedMarkdown, fingerprint: String) {
        box = Box(file: file, name: name, language: language, fields: fields, body: body, fingerprint: fingerprint)
    }

    private final class Box: Sendable {
        let file: String
        let name: String
        let language: String
        let fields: FieldReader
        let body: RenderedMarkdown
        let fingerprint: String

        init(file: String, name: String, language: String, fields: FieldReader, body: RenderedMarkdown, fingerprint: String) {
            (self.file, self.name, self.language, self.fields, self.body, self.fingerprint) = (file, name, language, fields, body, fingerprint)
        }
    }
}

/// Reads a folder of Markdown files, `name.md` in the default language and `name.<lang>.md` in others.
/// Lee una carpeta de Markdown: `name.md` en el idioma por defecto y `name.<lang>.md` en los demás.
public struct DocumentLoader: Sendable {
    public let siteDirectory: String
    public let languages: [String]
    public let defaultLanguage: String
    public let renderer: MarkdownRenderer
    /// Documents parsed by earlier builds of this process (`vitrina serve`), reused while their file is unchanged.
    let memo: DocumentMemo?
    /// The front matter keys pages list their terms under (`tags`, `categories`).
    public var taxonomies = Taxonomy.defaults.map(\.name)
    /// The folder of the pages, relative to the site folder: `Content`, `docs`, `src`.
    public var contentFolder = "Content"
    /// mdBook's `{{#include}}` and its kin expanded before a page is parsed, files read from inside the site folder.
    public var mdBookLinks = false
    /// MkDocs' Markdown (admonitions, tabs, snippets…) as the folder's `markdown_extensions` turn it on.
    public var mkDocs: MkDocsExtensions?
    /// What the build's stamp found in `Content/`, when it took one: listed and stamped from it, not walked again.
    package var listing: ContentListing?
    /// The delimiters that mark math (GitHub's unless `useMath` says otherwise) and the site's macros, read once.
    var mathForms = MathSpans.Forms.gitHub
    var mathMacros: [String: TeXParser.Macro] = [:]

    /// Formulas found as `docs`' generator finds them (GitHub's without one), or none, with the site's macros.
    /// Las fórmulas según el generador de la carpeta, con las macros del sitio.
    package mutating func useMath(_ settings: MathSettings, docs: DocsProject?) {
        mathForms = settings.forms(for: docs)
        mathMacros = TeXParser.macros(settings.macros)
    }

    public init(siteDirectory: String, languages: [String], defaultLanguage: String, renderer: MarkdownRenderer, memo: DocumentMemo? = nil) {
        self.siteDirectory = siteDirectory
        self.languages = languages
        self.defaultLanguage = defaultLanguage
        self.renderer = renderer
        self.memo = memo
    }

    /// Documents grouped by name, then by language; files are parsed and rendered concurrently.
    public func load(folder: String) async throws -> [String: [String: Document]] {
        let paths = try markdownFiles(in: folder).filter { !$0.contains("/") }
        var grouped: [String: [String: Document]] = [:]
        for document in try await documents(paths: paths, in: Files.join(contentFolder, folder)) { grouped[document.name, default: [:]][document.language] = document }
        return grouped
    }

    /// The Markdown files below `Content/<folder>`; symbolic links are followed, and one that leads back to a folder
    /// it is in is an error naming it.
    public func markdownFiles(in folder: String, skippingFolders skipped: Set<String> = []) throws -> [String] {
        if let listing { return listing.files(in: folder, skippingFolders: skipped).filter { $0.hasSuffix(".md") } }
        return try Files.scan(Files.join(siteDirectory, contentFolder, folder), skippingFolders: skipped)
            .refusingLoops(in: Files.join(contentFolder, folder), stage: .content)
            .files.filter { $0.hasSuffix(".md") }
    }

    /// The documents at `paths` (relative to `folder`, itself relative to the site), in batches across cores.
    public func documents(paths: [String], in folder: String) async throws -> [Document] {
        let batches = max(1, min(paths.count, Parallel.slicesPerCore))
        let size = (paths.count + batches - 1) / batches
        memo?.makeRoom(for: paths.count)
        let parts = try await withThrowingTaskGroup(of: (Int, [Document]).self) { group in
            for start in stride(from: 0, to: paths.count, by: max(size, 1)) {
                let batch = paths[start..<min(start + size, paths.count)]
                group.addTask { (start, try batch.map { try self.document(display: "\(folder)/\($0)") }) }
            }
            var parts: [Int: [Document]] = [:]
            for try await (start, part) in group { parts[start] = part }
            return parts
        }
        // The batches in the paths' order; sorted only when the paths were not (a scan's are), which at 100,000
        // documents saved a sort on one core.
        // Los lotes en el orden de las rutas; se ordenan solo si las rutas no lo estaban.
        var documents: [Document] = []
        documents.reserveCapacity(paths.count)
        for start in parts.keys.sorted() { documents += parts[start]! }
        let sorted = documents.indices.dropFirst().allSatisfy { documents[$0 - 1].file < documents[$0].file }
        return sorted ? documents : documents.sorted { $0.file < $1.file }
    }

    /// One file, parsed and rendered, or taken from the memo when its size and modification time are unchanged.
    package func document(display: String) throws -> Document {
        let path = Files.join(siteDirectory, display)
        // A file the memo does not know (every file of a first build) is stamped from the open file as it is read:
        // one lookup of its path instead of a `stat` before the read.
        // Un fichero que la memoria no conoce se sella al abrirlo para leerlo.
        var stamp = listedStamp(display)
        if stamp == nil, let memo, memo.knows(display) { stamp = FileStamp(path: path) }
        if let stamp, let known = memo?.document(display, stamp: stamp) { return known }
        let (bytes, opened) = try Files.readStamped(path)
        let document = try parse(bytes, display: display)
        // A chapter that includes other files is parsed again each build: the memo knows only its own file's stamp.
        // Un capítulo que incluye otros ficheros se vuelve a leer en cada construcción.
        let includes = (mdBookLinks && bytes.withUnsafeBufferPointer { $0.firstIndex(of: Array("{{#".utf8), from: 0) != nil })
            || (mkDocs?.snippets == true && bytes.withUnsafeBufferPointer { $0.firstIndex(of: Array("--8<--".utf8), from: 0) != nil })
        if !includes {
            memo?.remember(document, stamp: stamp ?? opened)
        }
        return document
    }

    /// The stamp the build's walk took of `Content/…`, if it took one.
    private func listedStamp(_ display: String) -> FileStamp? {
        let content = (contentFolder + "/").utf8
        guard let listing, display.utf8.starts(with: content) else { return nil }
        return listing.stamp(of: String(decoding: display.utf8.dropFirst(content.count), as: UTF8.self))
    }

    func parse(_ bytes: [UInt8], display: String) throws -> Document {
        // Cut on bytes: a combining mark after a `/` or a `.` makes one `Character` of the two.
        let fileName = display.pathSegments.last ?? ""
        let stem = String(decoding: fileName.utf8.dropLast(3), as: UTF8.self)
        let parts = stem.utf8.split(separator: UInt8(ascii: ".")).map { String(decoding: $0, as: UTF8.self) }
        let (name, language): (String, String) =
            parts.count > 1 && languages.contains(parts.last!)
            ? (parts.dropLast().joined(separator: "."), parts.last!) : (stem, defaultLanguage)
        let front = try FrontMatter.parse(bytes, file: display)
        var fields = front.fields
        var body = front.body
        var lineMap: MdBookLinks.LineMap?
        if mdBookLinks, body.utf8.contains(UInt8(ascii: "{")), body.contains("{{#") {
            let expanded = try expandLinks(body, display: display)
            body = expanded.markdown
            lineMap = expanded.lineMap
            if let title = expanded.title, fields["title"] == nil { fields["title"] = FieldValue(scalar: title, children: [:], items: [], line: 1) }
        }
        var syntaxNotes: [CodeBlockNote] = []
        var inputLine: ((Int) -> Int)? = lineMap.map { map in { map.sourceLine(ofOutputLine: $0) } }
        // Formulas taken out before MkDocs' pre-pass and Markdown read the text (arithmatex reads them first too), made
        // into MathML after; their lines are the text's, once includes are expanded.
        // Las fórmulas, fuera antes de que lean el texto el paso previo de MkDocs y Markdown; luego, MathML.
        let math = mathForms.isEmpty ? nil : MathSpans.extract(body, forms: mathForms)
        let mathLine = inputLine
        if let math { body = math.markdown }
        if let mkDocs, mkDocs.changesMarkdown {
            let prepared = try prepareMkDocs(body, display: display, extensions: mkDocs)
            body = prepared.markdown
            if prepared.lineMap != nil { inputLine = prepared.inputLine }
            syntaxNotes = prepared.notes.map { CodeBlockNote(language: "", line: $0.line, kind: .syntax($0.message)) }
        }
        var rendered = renderer.render(body, mkDocs: mkDocs, formulas: math)
        if let inputLine { rendered = rendered.mapped(inputLine) }
        if let math {
            rendered = rendered.withFormulas(math, macros: mathMacros, line: mathLine ?? { $0 })
            rendered.anchorIDs = rendered.scannedAnchorIDs()
        }
        if !syntaxNotes.isEmpty { rendered.codeNotes = (rendered.codeNotes + syntaxNotes).sorted { $0.line < $1.line } }
        return Document(file: display, name: name, language: language, fields: FieldReader(file: display, fields: fields),
                        body: rendered.shifted(toBodyLine: front.bodyLine).withAlerts(language: language),
                        fingerprint: Fingerprint.hex(bytes))
    }

    /// A chapter's `{{#include}}`s expanded (`MdBookLinks`): each path read from the chapter's folder, and refused when it
    /// leaves the site folder, even through a symbolic link; errors name the file and line.
    /// Las inclusiones de un capítulo de mdBook, leídas solo de dentro de la carpeta del sitio.
    func expandLinks(_ body: String, display: String) throws -> MdBookLinks.Expanded {
        let folder = display.pathSegments.dropLast().joined(separator: "/")
        let root = (siteDirectory as NSString).resolvingSymlinksInPath
        do {
            return try MdBookLinks.expand(body, file: display) { path in
                guard let relative = SafePath.inside(folder, path) else { return .refused("it is outside the book's folder") }
                let full = (Files.join(siteDirectory, relative) as NSString).resolvingSymlinksInPath
                guard full.hasPrefix(root + "/") else { return .refused("it is outside the book's folder") }
                guard SafePath.kind(full) == .file else { return .refused("there is no such file") }
                guard let size = FileStamp(path: full)?.size, size <= Self.maxIncludedBytes else {
                    return .refused("it is larger than \(Self.maxIncludedBytes >> 20) MB")
                }
                return .contents(try Files.read(full))
            }
        } catch let error as MdBookLinkError {
            throw VitrinaError(.content, error.description + "; fix the path or the range, or write \\{{#… to show it as text")
        }
    }

    /// MkDocs' syntax turned into plain CommonMark and markers (`MkDocsPreprocessor`), each snippet read from the
    /// extension's base paths inside the site folder; errors name the file and line.
    /// La sintaxis de MkDocs convertida en CommonMark; cada fragmento se lee de dentro de la carpeta del sitio.
    func prepareMkDocs(_ body: String, display: String, extensions: MkDocsExtensions) throws -> MkDocsPreprocessor.Prepared {
        let root = (siteDirectory as NSString).resolvingSymlinksInPath
        do {
            return try MkDocsPreprocessor.prepare(body, file: display, extensions: extensions) { path in
                for base in extensions.snippetBasePaths {
                    guard let relative = SafePath.inside(base == "." ? "" : base, path) else {
                        throw VitrinaError(.content, "the snippet \(path) is outside the site's folder; snippets come from inside it")
                    }
                    let full = (Files.join(siteDirectory, relative) as NSString).resolvingSymlinksInPath
                    guard full.hasPrefix(root + "/") else {
                        throw VitrinaError(.content, "the snippet \(path) leads outside the site's folder through a link")
                    }
                    guard SafePath.kind(full) == .file else { continue }
                    guard let size = FileStamp(path: full)?.size, size <= Self.maxIncludedBytes else {
                        throw VitrinaError(.content, "the snippet \(path) is larger than \(Self.maxIncludedBytes >> 20) MB")
                    }
                    return try Files.readText(full)
                }
                return nil
            }
        } catch let failure as MkDocsPreprocessor.Failure {
            throw VitrinaError(.content, failure.description)
        }
    }

    /// The largest file a chapter may include.
    static let maxIncludedBytes = 8 << 20
}

/// Parsed documents by file and stamp, kept between builds: in memory by `vitrina serve`, on disk
/// (`.vitrina/documents/`, in shards by path) by `vitrina build`, so an unchanged file is neither parsed nor rendered
/// again, and a build that parsed one file writes only that file's shard.
/// Documentos ya leídos por fichero y sello, guardados entre construcciones: en memoria (`serve`) o en disco por partes.
public final class DocumentMemo: Sendable {
    private struct Entry: Sendable {
        let stamp: FileStamp
        let document: Document
        var used: Bool
        /// Parsed by this build, so its shard is written again.
        var fresh = false
    }

    private let entries: Mutex<[String: Entry]>
    /// Shards found damaged, foreign or holding another shard's entry when loaded: written again at the next save.
    private let staleShards: Set<Int>

    public init() {
        entries = Mutex([:])
        staleShards = []
    }

    private init(entries: [String: Entry], staleShards: Set<Int>) {
        self.entries = Mutex(entries)
        self.staleShards = staleShards
    }

    /// Whether a document of `file` is kept, whatever its stamp.
    func knows(_ file: String) -> Bool { entries.withLock { $0[file] != nil } }

    func document(_ file: String, stamp: FileStamp) -> Document? {
        entries.withLock { entries in
            guard let entry = entries[file], entry.stamp == stamp else { return nil }
            entries[file]?.used = true
            return entry.document
        }
    }

    /// Room for `count` documents at once (a rebuild's memo has it already): filled one by one under the lock, the
    /// 100,000 of a first build grew the table ~17 times while the other core waited.
    func makeRoom(for count: Int) {
        entries.withLock { $0.reserveCapacity(max($0.count, count)) }
    }

    func remember(_ document: Document, stamp: FileStamp) {
        entries.withLock { $0[document.file] = Entry(stamp: stamp, document: document, used: true, fresh: true) }
    }

    static let header = "vitrina-documents 5"
    /// How many files the memo is cut into: at 100,000 pages (110 MB of parsed Markdown) one edit rewrites 1.7 MB.
    static let shardCount = 64

    /// The shard a document's file belongs to, from its path alone.
    static func shard(of file: String) -> Int { Int(Fingerprint.number(file.utf8) % UInt64(shardCount)) }

    static func shardPath(_ shard: Int, in folder: String) -> String {
        Files.join(folder, (shard < 16 ? "0" : "") + String(shard, radix: 16) + ".bin")
    }

    /// The memo a build saved under the same settings (`context`) in `folder`, shard by shard on every core; a shard
    /// that is missing, damaged or from other settings counts as empty.
    public static func load(from folder: String, context: String) -> DocumentMemo {
        // Each shard read, and its entries checked to belong to it, on every core; the table filled once, at its size.
        // Cada parte leída y comprobada en todos los núcleos; la tabla se llena una vez, a su tamaño.
        let shards = Parallel.map(Array(0..<shardCount), slices: shardCount) { shards in
            shards.map { shard -> (shard: Int, entries: [Entry]?, foreign: Bool) in
                let loaded = loadShard(shardPath(shard, in: folder), context: context)
                let mine = loaded?.filter { Self.shard(of: $0.document.file) == shard }
                return (shard, mine, mine?.count != loaded?.count)
            }
        }.joined()
        var entries: [String: Entry] = [:]
        entries.reserveCapacity(shards.reduce(0) { $0 + ($1.entries?.count ?? 0) })
        var stale = Set<Int>()
        for (shard, loaded, foreign) in shards {
            if foreign { stale.insert(shard) }
            guard let loaded else {
                if SafePath.kind(shardPath(shard, in: folder)) != .missing { stale.insert(shard) }
                continue
            }
            for entry in loaded { entries[entry.document.file] = entry }
        }
        return DocumentMemo(entries: entries, staleShards: stale)
    }

    /// One shard's entries, or nil when the file is missing or not to be trusted.
    private static func loadShard(_ path: String, context: String) -> [Entry]? {
        guard var reader = MemoFile.read(path, header: header, context: context) else { return nil }
        // Each entry takes many bytes, so a count beyond the file's size is damage, not a reason to reserve memory.
        guard let count = reader.int(), (0...reader.remaining).contains(count) else { return nil }
        var entries: [Entry] = []
        entries.reserveCapacity(count)
        for _ in 0..<count {
            guard let entry = readEntry(&reader) else { return nil }
            entries.append(entry)
        }
        return entries
    }

    /// Writes, atomically, each shard in which this build parsed a document, left one unused, or found damage: with
    /// the documents this build used. The other shards' files are not touched.
    public func save(to folder: String, context: String) throws {
        var shards = [(used: [Entry], all: Int, fresh: Bool)](repeating: ([], 0, false), count: Self.shardCount)
        for entry in entries.withLock({ $0.values }) {
            let shard = Self.shard(of: entry.document.file)
            shards[shard].all += 1
            if entry.used { shards[shard].used.append(entry) }
            if entry.fresh { shards[shard].fresh = true }
        }
        for shard in shards.indices where shards[shard].fresh || shards[shard].used.count != shards[shard].all || staleShards.contains(shard) {
            // Sorted where they are: a sorted copy retained every field of 100,000 entries again.
            shards[shard].used.sort { $0.document.file < $1.document.file }
            let part = shards[shard]
            var writer = ByteWriter(reserving: part.used.reduce(0) { $0 + $1.document.body.html.utf8.count + 512 })
            writer.int(part.used.count)
            for entry in part.used { Self.write(entry, to: &writer) }
            try MemoFile.write(writer.bytes, to: Self.shardPath(shard, in: folder), header: Self.header, context: context)
        }
    }

    private static func write(_ entry: Entry, to writer: inout ByteWriter) {
        let document = entry.document
        for number in entry.stamp.numbers { writer.int(number) }
        writer.strings([document.file, document.name, document.language, document.fingerprint, document.body.html])
        writer.int(document.body.headings.count)
        for heading in document.body.headings {
            writer.int(heading.level)
            writer.strings([heading.id, heading.text])
        }
        writer.int(document.body.links.count)
        for link in document.body.links {
            writer.strings([link.url])
            for number in [link.line, link.column, link.isImage ? 1 : 0] { writer.int(number) }
        }
        writer.int(document.body.codeNotes.count)
        for note in document.body.codeNotes {
            switch note.kind {
            case .unknownLanguage: writer.strings([note.language])
            case .plain(let reason): writer.strings([note.language, reason])
            case .syntax(let message): writer.strings([note.language, message, "syntax"])
            }
            writer.int(note.line)
        }
        writer.strings(document.body.anchorIDs ?? document.body.scannedAnchorIDs())
        write(document.fields.fields, to: &writer)
    }

    private static func write(_ fields: [String: FieldValue], to writer: inout ByteWriter) {
        writer.int(fields.count)
        for (key, value) in fields.sorted(by: { $0.key < $1.key }) {
            writer.string(key)
            write(value, to: &writer)
        }
    }

    /// A value: its line, its scalar (or none), its mapping's fields, its list's items.
    private static func write(_ value: FieldValue, to writer: inout ByteWriter) {
        writer.int(value.line)
        writer.strings(value.scalar.map { [$0] } ?? [])
        write(value.children, to: &writer)
        writer.int(value.items.count)
        for item in value.items { write(item, to: &writer) }
    }

    private static func readEntry(_ reader: inout ByteReader) -> Entry? {
        var numbers: [Int] = []
        for _ in 0..<6 {
            guard let number = reader.int() else { return nil }
            numbers.append(number)
        }
        guard let texts = reader.strings(), texts.count == 5, let headingCount = reader.int(), headingCount >= 0 else { return nil }
        var headings: [RenderedMarkdown.Heading] = []
        for _ in 0..<headingCount {
            guard let level = reader.int(), let pair = reader.strings(), pair.count == 2 else { return nil }
            headings.append(.init(level: level, id: pair[0], text: pair[1]))
        }
        guard let linkCount = reader.int(), (0...reader.remaining).contains(linkCount) else { return nil }
        var links: [MarkdownLink] = []
        for _ in 0..<linkCount {
            guard let url = reader.strings(), url.count == 1, let line = reader.int(), let column = reader.int(), let image = reader.int() else { return nil }
            links.append(MarkdownLink(url: url[0], line: line, column: column, isImage: image == 1))
        }
        guard let noteCount = reader.int(), (0...reader.remaining).contains(noteCount) else { return nil }
        var notes: [CodeBlockNote] = []
        for _ in 0..<noteCount {
            guard let texts = reader.strings(), (1...3).contains(texts.count), let line = reader.int() else { return nil }
            let kind: CodeBlockNote.Kind = switch texts.count { case 1: .unknownLanguage; case 2: .plain(texts[1]); default: .syntax(texts[1]) }
            notes.append(CodeBlockNote(language: texts[0], line: line, kind: kind))
        }
        guard let anchorIDs = reader.strings(), let fields = readFields(&reader, depth: 0) else { return nil }
        let stamp = FileStamp(size: numbers[0], seconds: numbers[1], nanoseconds: numbers[2], changeSeconds: numbers[3],
                              changeNanoseconds: numbers[4], inode: numbers[5])
        let document = Document(file: texts[0], name: texts[1], language: texts[2], fields: FieldReader(file: texts[0], fields: fields),
                                body: RenderedMarkdown(html: texts[4], headings: headings, links: links, codeNotes: notes, anchorIDs: anchorIDs),
                                fingerprint: texts[3])
        return Entry(stamp: stamp, document: document, used: false)
    }

    private static func readFields(_ reader: inout ByteReader, depth: Int) -> [String: FieldValue]? {
        guard depth < 32, let count = reader.int(), (0...reader.remaining).contains(count) else { return nil }
        var fields: [String: FieldValue] = [:]
        for _ in 0..<count {
            guard let key = reader.string(), let value = readValue(&reader, depth: depth) else { return nil }
            fields[key] = value
        }
        return fields
    }

    private static func readValue(_ reader: inout ByteReader, depth: Int) -> FieldValue? {
        guard let line = reader.int(), let scalar = reader.strings(), scalar.count <= 1, let children = readFields(&reader, depth: depth + 1),
              let count = reader.int(), (0...reader.remaining).contains(count) else { return nil }
        var items: [FieldValue] = []
        for _ in 0..<count {
            guard depth < 32, let item = readValue(&reader, depth: depth + 1) else { return nil }
            items.append(item)
        }
        return FieldValue(scalar: scalar.first, children: children, items: items, line: line)
    }
}
