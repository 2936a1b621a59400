import Foundation
import Synchronization

/// One Markdown file in one language: its front matter and rendered body.
/// Un fichero Markdown en un idioma: su cabecera y su cuerpo renderizado.
public struct Document: Sendable {
    /// Path relative to the site folder, for messages: `Content/docs/configuration.en.md`.
    public let file: String
    /// The name shared by all translations: `configuration`.
    public let name: String
    public let language: String
    public let fields: FieldReader
    public let body: RenderedMarkdown
    /// The fingerprint of the file's bytes.
    public let fingerprint: String
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

    public init(siteDirectory: String, languages: [String], defaultLanguage: String, renderer: MarkdownRenderer, memo: DocumentMemo? = nil) {
        self.siteDirectory = siteDirectory
        self.languages = languages
        self.defaultLanguage = defaultLanguage
        self.renderer = renderer
        self.memo = memo
    }

    /// Documents grouped by name, then by language; files are parsed and rendered concurrently.
    public func load(folder: String) async throws -> [String: [String: Document]] {
        let paths = Files.list(Files.join(siteDirectory, "Content", folder)).filter { $0.hasSuffix(".md") && !$0.contains("/") }
        var grouped: [String: [String: Document]] = [:]
        for document in try await documents(paths: paths, in: "Content/\(folder)") { grouped[document.name, default: [:]][document.language] = document }
        return grouped
    }

    /// The documents at `paths` (relative to `folder`, itself relative to the site), in batches across cores.
    public func documents(paths: [String], in folder: String) async throws -> [Document] {
        let batches = max(1, min(paths.count, ProcessInfo.processInfo.activeProcessorCount * 4))
        let size = (paths.count + batches - 1) / batches
        return try await withThrowingTaskGroup(of: [Document].self) { group in
            for start in stride(from: 0, to: paths.count, by: max(size, 1)) {
                let batch = paths[start..<min(start + size, paths.count)]
                group.addTask { try batch.map { try self.document(display: "\(folder)/\($0)") } }
            }
            var documents: [Document] = []
            for try await part in group { documents += part }
            return documents.sorted { $0.file < $1.file }
        }
    }

    /// One file, parsed and rendered, or taken from the memo when its size and modification time are unchanged.
    func document(display: String) throws -> Document {
        let path = Files.join(siteDirectory, display)
        let stamp = FileStamp(path: path)
        if let stamp, let known = memo?.document(display, stamp: stamp) { return known }
        let bytes = try Files.read(path)
        let document = try parse(bytes, display: display)
        if let stamp { memo?.remember(document, stamp: stamp) }
        return document
    }

    func parse(_ bytes: [UInt8], display: String) throws -> Document {
        let fileName = String(display.split(separator: "/").last ?? "")
        let stem = String(fileName.dropLast(3))
        let parts = stem.split(separator: ".")
        let (name, language): (String, String) =
            parts.count > 1 && languages.contains(String(parts.last!))
            ? (parts.dropLast().joined(separator: "."), String(parts.last!)) : (stem, defaultLanguage)
        let front = try FrontMatter.parse(bytes, file: display)
        return Document(file: display, name: name, language: language, fields: FieldReader(file: display, fields: front.fields),
                        body: renderer.render(front.body), fingerprint: Fingerprint.hex(bytes))
    }
}

/// A file's size and modification time: unchanged means it need not be read again.
/// El tamaño y la fecha de un fichero: si no cambian, no hace falta volver a leerlo.
public struct FileStamp: Sendable, Hashable {
    let size: Int
    let seconds: Int
    let nanoseconds: Int

    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        size = Int(info.st_size)
        seconds = Int(info.st_mtim.tv_sec)
        nanoseconds = Int(info.st_mtim.tv_nsec)
    }
}

/// Parsed documents kept between builds of one process, by file and stamp.
/// Documentos ya leídos que se guardan entre construcciones de un mismo proceso.
public final class DocumentMemo: Sendable {
    private let entries = Mutex<[String: (FileStamp, Document)]>([:])

    public init() {}

    func document(_ file: String, stamp: FileStamp) -> Document? {
        entries.withLock { $0[file].flatMap { $0.0 == stamp ? $0.1 : nil } }
    }

    func remember(_ document: Document, stamp: FileStamp) { entries.withLock { $0[document.file] = (stamp, document) } }
}
