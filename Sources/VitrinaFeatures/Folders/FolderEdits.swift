import Foundation
import VitrinaKit

/// The folders of Markdown redraw an edited page on their own, under `vitrina serve` from memory and in a later build
/// from the record they kept: only the edited files are read, only their pages drawn. It applies when only the text of
/// existing pages changed (`FolderPage.Listed`: same slug, draft mark, title, description and weight, so no list
/// changes; no date, so no feed changes; no terms, so no term page changes); anything else is left to a build.
/// Las carpetas de Markdown redibujan una página editada por sí solas: en memoria con `vitrina serve` y, en una
/// construcción posterior, desde el registro que guardaron.
extension MarkdownFolders: EditableContent {
    public func quickEdit(_ changed: [String], reading loader: DocumentLoader, pageContext: inout PageContext) throws -> QuickEdited? {
        var root = self.root
        let index = fileIndex ?? FolderFileIndex(root)
        guard let edited = try edit(changed, in: &root, index: index, loader: loader, defaultLanguage: pageContext.routes.defaultLanguage) else {
            return nil
        }
        // The edited pages' text and links replace theirs in the link resolver.
        // El texto y los enlaces de las páginas editadas sustituyen a los suyos en el resolvedor de enlaces.
        let routes = FolderRoutes(site: pageContext.routes)
        let placed = edited.compactMap { folders, page in
            root.section(at: folders).map { section in (page, pageContext.routes.alternates { routes.page(page, in: section, $0) }) }
        }
        let (defaultLanguage, languages) = (pageContext.routes.defaultLanguage, pageContext.routes.languages)
        for (page, alternates) in placed {
            pageContext.links.addPage(page, routes: alternates, defaultLanguage: defaultLanguage, languages: languages)
        }
        let builder = FolderPages(root: root, pageContext: pageContext, changes: changes)
        let pages = edited.flatMap { edit in root.section(at: edit.folders).map { builder.contentPages(of: edit.page, in: $0) } ?? [] }
        var content = MarkdownFolders(root: root, menu: menu, more: more)
        content.fileIndex = index
        (content.changes, content.oldAddresses, content.shallowClone) = (changes, oldAddresses, shallowClone)
        return QuickEdited(content: content, pages: pages)
    }

    /// The folders with the index of their files made (at 100,000 pages, most of a first edit's time when left to it).
    public func preparedForEdits() -> MarkdownFolders {
        guard fileIndex == nil else { return self }
        var content = self
        content.fileIndex = FolderFileIndex(root)
        return content
    }

    /// Each edited file's page again, put in place in `root`; nil when a file is not a page of these folders, or when
    /// what its folder lists of it (or its feed) would change.
    private func edit(_ changed: [String], in root: inout MarkdownFolder, index: FolderFileIndex, loader: DocumentLoader,
                      defaultLanguage: String) throws -> [(folders: [String], page: FolderPage)]? {
        var edited: [(folders: [String], page: FolderPage)] = []
        for path in changed {
            guard path.hasSuffix(".md"), let place = index.places[path], Files.exists(Files.join(loader.siteDirectory, path)) else { return nil }
            if edited.contains(where: { $0.folders == place.folders && $0.page.name == place.name }) { continue }
            guard let old = root.section(at: place.folders)?.pages.first(where: { $0.name == place.name }) else { return nil }
            var documents: [String: Document] = [:]
            for version in old.versions.values {
                let document = try loader.document(display: version.file)
                documents[document.language] = document
            }
            let read = try FolderPageMapper.page(name: old.name, documents: documents, defaultLanguage: defaultLanguage, taxonomies: loader.taxonomies)
            guard let page = FolderPage.Listed(old).textOnlyEdit(read), root.replace(page, at: place.folders) else { return nil }
            edited.append((place.folders, page))
        }
        return edited
    }

}

/// Where each Markdown file's page lives in the folders: made at the first quick edit and kept with the folders after it
/// (an edit that changes where a page lives needs a build).
/// Dónde vive la página de cada fichero de Markdown: se hace en la primera edición rápida y se conserva.
struct FolderFileIndex: Sendable {
    let places: [String: (folders: [String], name: String)]

    init(_ root: MarkdownFolder) {
        var places: [String: (folders: [String], name: String)] = [:]
        for section in root.all {
            for page in section.pages {
                for version in page.versions.values { places[version.file] = (section.folders, page.name) }
            }
        }
        self.places = places
    }
}

extension MarkdownFolder {
    /// The section at `folders` below this one.
    func section(at folders: [String]) -> MarkdownFolder? {
        guard let first = folders.first else { return self }
        return subsections.first { $0.folders.last == first }?.section(at: Array(folders.dropFirst()))
    }

    /// Puts `page` in place of the page of the same name in the section at `folders`; false when there is none.
    mutating func replace(_ page: FolderPage, at folders: [String]) -> Bool {
        guard let first = folders.first else {
            guard let index = pages.firstIndex(where: { $0.name == page.name }) else { return false }
            pages[index] = page
            return true
        }
        guard let index = subsections.firstIndex(where: { $0.folders.last == first }) else { return false }
        return subsections[index].replace(page, at: Array(folders.dropFirst()))
    }
}

extension FolderPage {
    /// What lists, feeds and term pages show of a page: an edit that leaves it alone changes the page's own text only,
    /// the one kind of edit `vitrina serve` and a later build redraw page by page.
    /// Lo que muestran de una página las listas, los canales y las páginas de términos.
    struct Listed: Equatable {
        let slug: String
        let draft: Bool
        let explicitSlug: Bool
        /// `FolderPageMapper.listing` of the page alone: order, slug, titles, descriptions, draft mark.
        let listing: String
        /// A dated page is in its folder's feed, and its date in its meta tags.
        let dated: Bool
        /// A page with terms is listed on their pages and beside its related pages.
        let termed: Bool

        init(slug: String, draft: Bool, explicitSlug: Bool, listing: String, dated: Bool, termed: Bool) {
            (self.slug, self.draft, self.explicitSlug, self.listing, self.dated, self.termed) = (slug, draft, explicitSlug, listing, dated, termed)
        }

        init(_ page: FolderPage) {
            self.init(slug: page.slug, draft: page.draft, explicitSlug: page.explicitSlug, listing: FolderPageMapper.listing([page], folder: "").fingerprint,
                      dated: page.isDated, termed: !page.terms.isEmpty)
        }

        /// Whether edits of this page can be drawn page by page at all.
        var allowsTextEdits: Bool { !dated && !termed }

        /// `read`, the page read again from its edited files, with the slug it had, when the edit changed its text alone;
        /// nil when anything a list, feed or term page shows of it changed.
        /// La página leída de nuevo, con el slug que tenía, si la edición cambió solo su texto.
        func textOnlyEdit(_ read: FolderPage) -> FolderPage? {
            guard allowsTextEdits, read.draft == draft, read.explicitSlug == explicitSlug, !read.explicitSlug || read.slug == slug,
                  !read.isDated, read.terms.isEmpty else { return nil }
            var page = read
            page.slug = slug
            return FolderPageMapper.listing([page], folder: "").fingerprint == listing ? page : nil
        }
    }

    var isDated: Bool { versions.values.contains { $0.date != nil } }
}

// MARK: Kept for a later build / guardado para una construcción posterior

extension MarkdownFolders {
    /// The folders' tree and each page an edit of its text alone can change (in a plain section or a book, undated,
    /// without terms), with what lists show of it; for books, every page as the others show it. Nil when there is none.
    /// El árbol de carpetas y cada página que una edición solo de su texto puede cambiar; de los libros, cada página.
    public func keptForEdits(pageContext: PageContext) -> KeptEdits? {
        let all = root.all
        let builder = FolderPages(root: root, pageContext: pageContext)
        let inBooks = Set(builder.books().flatMap { $0.all.map(\.folders) })
        let isBook = all.map { inBooks.contains($0.folders) }
        let places = all.indices.filter { all[$0].layout == .section || isBook[$0] }.flatMap { section in all[section].pages.indices.map { (section, $0) } }
        let entries = Parallel.map(places, slices: Parallel.slicesPerCore) { part in
            part.compactMap { section, index -> (FolderEditRecord.Page, [String])? in
                let page = all[section].pages[index]
                let listed = FolderPage.Listed(page)
                guard listed.allowsTextEdits, page.versions.values.allSatisfy({ $0.file.hasPrefix(root.contentFolder + "/") }) else { return nil }
                return (FolderEditRecord.Page(section: section, name: page.name, listed: listed), page.versions.values.map(\.file).sorted())
            }
        }.flatMap { $0 }
        var record = FolderEditRecord(sections: all.map { .init(folders: $0.folders, slugs: $0.slugs, titles: $0.titles, layout: $0.layout) },
                                      pages: entries.map(\.0))
        record.contentFolder = root.contentFolder
        record.books = all.indices.filter { isBook[$0] }.map { place in
            FolderEditRecord.BookSection(section: place, index: all[place].index.map(FolderEditRecord.Stub.init), pages: all[place].pages.map(FolderEditRecord.Stub.init))
        }
        let bookFiles = Set(record.books.flatMap { book in ([book.index].compactMap { $0 } + book.pages).flatMap { $0.versions.map { $0[1] } } })
        record.changes = Dictionary(changes.filter { bookFiles.contains($0.key) }.map { ($0.key, $0.value.description) }, uniquingKeysWith: { first, _ in first })
        return KeptEdits(pageFiles: entries.map(\.1), record: record.encoded())
    }
}

extension FoldersFeature: EditableFeature {
    /// The edited pages drawn in every language from the kept record, or nil when an edit changes more than their own
    /// text, or when they link elsewhere in the site or have a code block to warn about (both need the whole site's
    /// link table, which a page drawn alone does not have).
    /// Las páginas editadas dibujadas en cada idioma desde el registro guardado, o nil si la edición cambia algo más.
    public func redraw(_ edited: [KeptEdits.Edited], kept record: [UInt8], reading loader: DocumentLoader, pageContext: PageContext) throws -> [Page]? {
        guard let record = FolderEditRecord.decode(record) else { return nil }
        var pages: [Page] = []
        for edit in edited {
            guard record.pages.indices.contains(edit.place) else { return nil }
            let entry = record.pages[edit.place]
            var documents: [String: Document] = [:]
            for file in edit.files {
                let document = try loader.document(display: file)
                documents[document.language] = document
            }
            guard documents.count == edit.files.count else { return nil }
            let read = try FolderPageMapper.page(name: entry.name, documents: documents, defaultLanguage: pageContext.routes.defaultLanguage,
                                                 taxonomies: loader.taxonomies)
            guard let page = entry.listed.textOnlyEdit(read),
                  page.versions.values.allSatisfy({ $0.codeNotes.isEmpty && Self.linksStayOnPage($0) }) else { return nil }
            // A book page is drawn beside every other page of its book; a section's page needs only the folders above it.
            // Una página de libro se dibuja junto a las demás de su libro; la de una sección, solo con las carpetas de encima.
            if let (root, section) = record.bookTree(replacing: page, section: entry.section) {
                let changes = record.changes.compactMapValues(SimpleDate.init)
                pages += FolderPages(root: root, pageContext: pageContext, changes: changes).contentPages(of: page, in: section)
            } else {
                let (root, section) = record.skeleton(section: entry.section, page: page)
                pages += FolderPages(root: root, pageContext: pageContext).contentPages(of: page, in: section)
            }
        }
        return pages
    }

    /// Whether each link of `version` stays on its page and reaches a heading there (`#usage`): the only links a page
    /// is drawn and checked alike without the whole site's link table.
    /// Si cada enlace se queda en su página y llega a un título de ella.
    static func linksStayOnPage(_ version: FolderPage.Version) -> Bool {
        guard !version.links.isEmpty else { return true }
        let none = ContentLinks(defaultLanguage: "")
        let ids = version.body.ids
        return version.links.allSatisfy { link in
            switch none.resolve(link.url, from: "") {
            case .outside: true
            case .here(let fragment): fragment.isEmpty || ids.contains(fragment)
            default: false
            }
        }
    }
}
