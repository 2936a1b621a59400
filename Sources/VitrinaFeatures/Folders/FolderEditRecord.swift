import Foundation
import VitrinaKit

/// What the folders keep for a later build to redraw an edited page without loading the site: the folders' names, URL
/// segments and titles, and for each page its section, name and what lists show of it. Read back from disk, so every
/// count, place and segment is checked.
/// Lo que guardan las carpetas para que una construcción posterior redibuje una página editada sin cargar el sitio.
struct FolderEditRecord: Sendable, Equatable {
    /// More of anything than a site has: a record claiming more is damaged.
    static let maxCount = 10_000_000

    let sections: [Section]
    let pages: [Page]
    /// The folder of the site's pages (`Content`, `docs`, `src`).
    var contentFolder = "Content"
    /// Every page of the folders drawn as books, by section: a book page is drawn beside the others' titles and
    /// addresses (its sidebar, previous and next, breadcrumbs), so its redraw needs them all.
    var books: [BookSection] = []
    /// The last change from git of each book page's file, as its page showed it.
    var changes: [String: String] = [:]

    /// A folder: its names from `Content/`, its URL segments, its titles by language and its layout.
    struct Section: Sendable, Equatable {
        let folders: [String]
        let slugs: [String]
        let titles: [String: String]
        var layout = FolderLayout.section
    }

    /// A section of a book: its index page and its pages in order, as what the others show of them.
    struct BookSection: Sendable, Equatable {
        let section: Int
        let index: Stub?
        let pages: [Stub]
    }

    /// What a book page shows of another page: its name, slug and draft mark, and each translation's file, title and date.
    struct Stub: Sendable, Equatable {
        let name: String
        let slug: String
        let draft: Bool
        /// `[language, file, title, date or ""]` for each translation, by language.
        let versions: [[String]]

        init(_ page: FolderPage) {
            (name, slug, draft) = (page.name, page.slug, page.draft)
            versions = page.versions.sorted { $0.key < $1.key }.map { [$0.key, $0.value.file, $0.value.title, $0.value.date?.description ?? ""] }
        }

        init(name: String, slug: String, draft: Bool, versions: [[String]]) { (self.name, self.slug, self.draft, self.versions) = (name, slug, draft, versions) }

        /// The page as drawing reads it: no text, as only its title, file and address are shown elsewhere.
        var page: FolderPage {
            let made = versions.map { fields in
                (fields[0], FolderPage.Version(title: fields[2], description: "", date: SimpleDate(fields[3]), html: "", headings: [], links: [],
                                               language: fields[0], file: fields[1], fingerprint: ""))
            }
            return FolderPage(name: name, slug: slug, weight: 1_000, draft: draft, versions: Dictionary(made, uniquingKeysWith: { first, _ in first }))
        }
    }

    /// A page: its section (a place in `sections`), its name, and what lists show of it.
    struct Page: Sendable, Equatable {
        let section: Int
        let name: String
        let listed: FolderPage.Listed
    }

    /// The folders from `Content/` down to the section at `place`, each holding only the next, and that section holding
    /// only `page`: all a section's page is drawn from besides itself (its breadcrumbs).
    /// Las carpetas desde `Content/` hasta la sección, cada una con solo la siguiente: de lo que se dibuja una página.
    func skeleton(section place: Int, page: FolderPage) -> (root: MarkdownFolder, section: MarkdownFolder) {
        let target = sections[place]
        let byFolders = Dictionary(sections.map { ($0.folders, $0) }, uniquingKeysWith: { first, _ in first })
        func folder(_ depth: Int) -> MarkdownFolder {
            let folders = Array(target.folders.prefix(depth))
            let known = byFolders[folders]
            let below = depth < target.folders.count ? [folder(depth + 1)] : []
            return MarkdownFolder(folders: folders, slugs: known?.slugs ?? Array(target.slugs.prefix(depth)), index: nil,
                                  pages: depth == target.folders.count ? [page] : [], subsections: below, titles: known?.titles ?? [:])
        }
        let root = folder(0)
        var section = root
        while let next = section.subsections.first { section = next }
        return (root, section)
    }

    /// The whole tree of folders with every book's pages, `page` in place of its stub in the section at `place`, and
    /// that section; nil when the section is in no book.
    /// El árbol entero de carpetas con las páginas de cada libro y la página editada en su sitio.
    func bookTree(replacing page: FolderPage, section place: Int) -> (root: MarkdownFolder, section: MarkdownFolder)? {
        guard books.contains(where: { $0.section == place }), !sections.isEmpty else { return nil }
        let byPlace = Dictionary(books.map { ($0.section, $0) }, uniquingKeysWith: { first, _ in first })
        var built = sections.indices.map { place -> MarkdownFolder in
            let known = sections[place], book = byPlace[place]
            var folder = MarkdownFolder(folders: known.folders, slugs: known.slugs, index: book?.index?.page,
                                        pages: book?.pages.map(\.page) ?? [], subsections: [], titles: known.titles)
            (folder.layout, folder.contentFolder) = (known.layout, contentFolder)
            return folder
        }
        guard let edited = built[place].pages.firstIndex(where: { $0.name == page.name }) else { return nil }
        built[place].pages[edited] = page
        // Sections come depth first, so a folder's children follow it: put them in place from the last one up.
        // Las secciones van en profundidad: cada carpeta recibe a sus hijas, de la última hacia arriba.
        let placeOf = Dictionary(sections.enumerated().map { ($1.folders, $0) }, uniquingKeysWith: { first, _ in first })
        var children = Array(repeating: [Int](), count: sections.count)
        for child in sections.indices.dropFirst() {
            guard let parent = placeOf[Array(sections[child].folders.dropLast())], parent < child else { return nil }
            children[parent].append(child)
        }
        for parent in sections.indices.reversed() { built[parent].subsections = children[parent].map { built[$0] } }
        return (built[0], built[place])
    }

    // MARK: Bytes / bytes

    func encoded() -> [UInt8] {
        var writer = ByteWriter(reserving: 64 + pages.count * 64)
        writer.int(sections.count)
        for section in sections {
            writer.strings(section.folders)
            writer.strings(section.slugs)
            writer.pairs(section.titles)
            writer.string(section.layout.rawValue)
        }
        writer.int(pages.count)
        for page in pages {
            writer.int(page.section)
            writer.strings([page.name, page.listed.slug, page.listed.listing])
            let listed = page.listed
            writer.int((listed.draft ? 1 : 0) | (listed.explicitSlug ? 2 : 0) | (listed.dated ? 4 : 0) | (listed.termed ? 8 : 0))
        }
        writer.string(contentFolder)
        writer.int(books.count)
        for book in books {
            writer.int(book.section)
            writer.int(book.index == nil ? 0 : 1)
            book.index.map { Self.write($0, into: &writer) }
            writer.int(book.pages.count)
            for page in book.pages { Self.write(page, into: &writer) }
        }
        writer.pairs(changes)
        return writer.bytes
    }

    /// The record read back; nil for any count out of range, a section out of place or a segment that could leave its
    /// folder.
    static func decode(_ bytes: [UInt8]) -> FolderEditRecord? {
        var reader = ByteReader(bytes)
        guard let sectionCount = reader.count(atMost: maxCount) else { return nil }
        var sections: [Section] = []
        for _ in 0..<sectionCount {
            guard let folders = reader.strings(), let slugs = reader.strings(), (folders + slugs).allSatisfy(SafePath.isPlainSegment),
                  let titles = reader.pairs(), let layout = reader.string().flatMap(FolderLayout.init(rawValue:)) else { return nil }
            sections.append(Section(folders: folders, slugs: slugs, titles: titles, layout: layout))
        }
        guard let pageCount = reader.count(atMost: maxCount) else { return nil }
        var pages: [Page] = []
        pages.reserveCapacity(pageCount)
        for _ in 0..<pageCount {
            guard let section = reader.int(), sections.indices.contains(section), let texts = reader.strings(), texts.count == 3, SafePath.isPlainSegment(texts[1]),
                  let flags = reader.int(), (0...15).contains(flags) else { return nil }
            let listed = FolderPage.Listed(slug: texts[1], draft: flags & 1 != 0, explicitSlug: flags & 2 != 0, listing: texts[2],
                                           dated: flags & 4 != 0, termed: flags & 8 != 0)
            pages.append(Page(section: section, name: texts[0], listed: listed))
        }
        guard let contentFolder = reader.string(), SafePath.isPlainSegment(contentFolder),
              let bookCount = reader.count(atMost: sections.count) else { return nil }
        var books: [BookSection] = []
        for _ in 0..<bookCount {
            guard let section = reader.int(), sections.indices.contains(section), let hasIndex = reader.int(), (0...1).contains(hasIndex) else { return nil }
            var index: Stub?
            if hasIndex == 1 { guard let stub = stub(&reader, isIndex: true) else { return nil }; index = stub }
            guard let count = reader.count(atMost: maxCount) else { return nil }
            var stubs: [Stub] = []
            stubs.reserveCapacity(count)
            for _ in 0..<count {
                guard let stub = stub(&reader) else { return nil }
                stubs.append(stub)
            }
            books.append(BookSection(section: section, index: index, pages: stubs))
        }
        guard let changes = reader.pairs(), reader.isAtEnd else { return nil }
        return FolderEditRecord(sections: sections, pages: pages, contentFolder: contentFolder, books: books, changes: changes)
    }

    /// A stub's fields: its name, slug and draft mark, then each translation's four texts.
    private static func write(_ stub: Stub, into writer: inout ByteWriter) {
        writer.strings([stub.name, stub.slug])
        writer.int(stub.draft ? 1 : 0)
        writer.int(stub.versions.count)
        for version in stub.versions { writer.strings(version) }
    }

    /// A stub read back: a slug that could leave its folder (an index page's may be empty: its folder is its address),
    /// or a translation of another shape, is damage.
    private static func stub(_ reader: inout ByteReader, isIndex: Bool = false) -> Stub? {
        guard let names = reader.strings(), names.count == 2, SafePath.isPlainSegment(names[1]) || (isIndex && names[1].isEmpty),
              let draft = reader.int(), (0...1).contains(draft),
              let count = reader.count(atMost: maxLanguages) else { return nil }
        var versions: [[String]] = []
        for _ in 0..<count {
            guard let fields = reader.strings(), fields.count == 4, !fields[0].isEmpty else { return nil }
            versions.append(fields)
        }
        guard !versions.isEmpty else { return nil }
        return Stub(name: names[0], slug: names[1], draft: draft == 1, versions: versions)
    }

    /// More translations of one page than any site has.
    static let maxLanguages = 1_000
}
