import VitrinaKit

/// How a folder of Markdown is drawn: as a guide (an index, and pages with a sidebar of their folder's pages, a table
/// of contents, previous and next) or as a plain section (breadcrumbs, subsections and a paginated list).
/// Cómo se dibuja una carpeta de Markdown: como guía (barra lateral, índice, anterior y siguiente) o como sección.
public enum FolderLayout: String, Sendable, CaseIterable {
    case docs, section
}

/// A folder of Markdown under `Content/`: its own text from `_index.md`, its layout, its pages and its subsections.
/// Una carpeta de Markdown bajo `Content/`: su texto de `_index.md`, su diseño, sus páginas y sus subsecciones.
public struct MarkdownFolder: Sendable {
    /// Folder names from `Content/` (`["linux"]`); empty for `Content/` itself, whose pages sit at the root.
    public let folders: [String]
    /// The URL segments of the folders.
    public let slugs: [String]
    /// `_index.md`: title, description, weight and the text above the list.
    public let index: FolderPage?
    /// Its `_index.md`'s `layout:`, else its parent folder's; `Content/docs/` is a guide.
    public var layout: FolderLayout = .section
    /// Sorted by weight, then title.
    public var pages: [FolderPage]
    public var subsections: [MarkdownFolder]

    public var folder: String { ([contentFolder] + folders).joined(separator: "/") }

    /// Titles by language from `_index.md` (its `title:` or first heading), when it gives one.
    public let titles: [String: String]
    /// The folder of the site's pages this one is in: `Content`, `docs`, `src`.
    public var contentFolder = "Content"

    /// The section's title in `language`: its own, the default language's, or the folder name.
    public func title(_ language: String, defaultLanguage: String) -> String {
        titles[language] ?? titles[defaultLanguage] ?? folders.last ?? ""
    }

    public var weight: Int { index?.weight ?? 1_000 }

    /// Pages in this section and all below it.
    public var totalPages: Int { pages.count + subsections.reduce(0) { $0 + $1.totalPages } }

    /// This section and every section below it, depth first.
    public var all: [MarkdownFolder] { [self] + subsections.flatMap(\.all) }

    /// `Content/` with no Markdown.
    static let empty = MarkdownFolder(folders: [], slugs: [], index: nil, pages: [], subsections: [], titles: [:])
}
