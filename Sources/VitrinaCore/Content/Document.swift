import Foundation

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
}

/// Reads a folder of Markdown files, `name.md` in the default language and `name.<lang>.md` in others.
/// Lee una carpeta de Markdown: `name.md` en el idioma por defecto y `name.<lang>.md` en los demás.
public struct DocumentLoader: Sendable {
    public let siteDirectory: String
    public let languages: [String]
    public let defaultLanguage: String
    public let renderer: MarkdownRenderer

    public init(siteDirectory: String, languages: [String], defaultLanguage: String, renderer: MarkdownRenderer) {
        self.siteDirectory = siteDirectory
        self.languages = languages
        self.defaultLanguage = defaultLanguage
        self.renderer = renderer
    }

    /// Documents grouped by name, then by language; files are parsed and rendered concurrently.
    public func load(folder: String) async throws -> [String: [String: Document]] {
        let directory = Files.join(siteDirectory, "Content", folder)
        let paths = Files.list(directory).filter { $0.hasSuffix(".md") && !$0.contains("/") }
        let documents = try await withThrowingTaskGroup(of: Document.self) { group in
            for path in paths {
                group.addTask { try self.document(at: "\(directory)/\(path)", display: "Content/\(folder)/\(path)", fileName: path) }
            }
            var documents: [Document] = []
            for try await document in group { documents.append(document) }
            return documents
        }
        var grouped: [String: [String: Document]] = [:]
        for document in documents { grouped[document.name, default: [:]][document.language] = document }
        return grouped
    }

    func document(at path: String, display: String, fileName: String) throws -> Document {
        let stem = String(fileName.dropLast(3))
        let parts = stem.split(separator: ".")
        let (name, language): (String, String) =
            parts.count > 1 && languages.contains(String(parts.last!))
            ? (parts.dropLast().joined(separator: "."), String(parts.last!)) : (stem, defaultLanguage)
        let text = try Files.readText(path)
        let front = try FrontMatter.parse(text, file: display)
        return Document(file: display, name: name, language: language, fields: FieldReader(file: display, fields: front.fields),
                        body: renderer.render(front.body))
    }
}
