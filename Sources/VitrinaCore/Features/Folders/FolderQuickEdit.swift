/// The folders of Markdown redraw an edited page on their own under `vitrina serve`: only the edited files are read,
/// only their pages drawn. It applies when only the text of existing pages changed (same slug, draft mark, title,
/// description and weight, so no list changes, and no date, so no feed changes); anything else is left to a build.
/// Las carpetas de Markdown redibujan una página editada por sí solas: solo se leen esos ficheros y se dibujan sus páginas.
extension MarkdownFolders: QuickEditableFeature {
    public func quickEdit(_ changed: [String], reading loader: DocumentLoader, pageContext: inout PageContext) throws -> QuickEdited? {
        var root = self.root
        let index = fileIndex ?? FolderFileIndex(root)
        guard let edited = try edit(changed, in: &root, index: index, loader: loader, defaultLanguage: pageContext.defaultLanguage) else {
            return nil
        }
        // The edited pages' text and links replace theirs in the link resolver.
        // El texto y los enlaces de las páginas editadas sustituyen a los suyos en el resolvedor de enlaces.
        let routes = FolderRoutes(pageContext: pageContext.withoutLinks)
        let placed = edited.compactMap { folders, page in
            root.section(at: folders).map { section in (page, pageContext.alternates { routes.page(page, in: section, $0) }) }
        }
        let (defaultLanguage, languages) = (pageContext.defaultLanguage, pageContext.languages)
        for (page, alternates) in placed {
            pageContext.links.addPage(page, routes: alternates, defaultLanguage: defaultLanguage, languages: languages)
        }
        let builder = FolderPages(root: root, pageContext: pageContext, rootIsHome: !pageContext.config.appScreens)
        let pages = edited.flatMap { edit in root.section(at: edit.folders).map { builder.contentPages(of: edit.page, in: $0) } ?? [] }
        var content = MarkdownFolders(root: root, menu: menu, more: more)
        content.fileIndex = index
        return QuickEdited(content: content, pages: pages)
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
            var page = try FolderPageMapper.page(name: old.name, documents: documents, defaultLanguage: defaultLanguage, taxonomies: loader.taxonomies)
            guard page.draft == old.draft, page.explicitSlug == old.explicitSlug, !page.explicitSlug || page.slug == old.slug else { return nil }
            // A dated page is in its folder's feed (and its date in its meta tags): a build writes the feed again.
            // Una página con fecha está en el canal de su carpeta: una construcción lo vuelve a escribir.
            guard !Self.isDated(page), !Self.isDated(old) else { return nil }
            // A page with terms is listed on their pages and beside its related pages: a build draws those again.
            guard page.terms.isEmpty, old.terms.isEmpty else { return nil }
            page.slug = old.slug
            guard FolderPageMapper.listing([page], folder: "").fingerprint == FolderPageMapper.listing([old], folder: "").fingerprint,
                  root.replace(page, at: place.folders) else { return nil }
            edited.append((place.folders, page))
        }
        return edited
    }

    static func isDated(_ page: FolderPage) -> Bool { page.versions.values.contains { $0.date != nil } }
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
