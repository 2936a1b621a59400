import Foundation
import VitrinaKit

/// Reads every folder of Markdown under `Content/` that no other feature claims into a tree of sections, each with
/// its layout.
/// Lee cada carpeta de Markdown de `Content/` que ninguna otra función reclama y la convierte en un árbol de secciones.
public struct FolderLoader: Sendable {
    public let loader: DocumentLoader
    /// Top-level folders owned by other features (`diary`, `data`).
    public let reserved: Set<String>
    public let drafts: Bool
    /// The root's layout when its index does not say: `docs` for a docs folder (MkDocs, mdBook, no site.yml).
    public var rootLayout = FolderLayout.section
    /// Files of the root that are no page (mdBook's `SUMMARY.md`).
    public var skippedFiles: Set<String> = []

    public init(loader: DocumentLoader, reserved: Set<String>, drafts: Bool) {
        self.loader = loader
        self.reserved = reserved
        self.drafts = drafts
    }

    /// The root section (`Content/` itself), or nil when there is no Markdown outside the features' folders.
    public func load() async throws -> MarkdownFolder? {
        let files = try loader.markdownFiles(in: "", skippingFolders: reserved).filter { !skippedFiles.contains($0) }
        guard !files.isEmpty else { return nil }
        let documents = try await loader.documents(paths: files, in: loader.contentFolder)
        // Each folder's files by page name and language, as places in `documents` (grouping copies no document); each
        // document's folders are cut from its path on every core.
        // Los ficheros de cada carpeta por nombre e idioma; las carpetas de cada documento se cortan en todos los núcleos.
        let folders = Parallel.map(documents, slices: Parallel.slicesPerCore) { part in
            part.map { Array($0.file.pathSegments.dropFirst().dropLast()) }
        }.joined()
        var byFolder: [[String]: [String: [String: Int]]] = [:]
        for (place, parts) in zip(documents.indices, folders) {
            byFolder[parts, default: [:]][documents[place].name, default: [:]][documents[place].language] = place
        }
        // Every folder between the root and a folder with pages is a section too.
        for folders in Array(byFolder.keys) {
            for depth in 0..<folders.count where byFolder[Array(folders.prefix(depth))] == nil { byFolder[Array(folders.prefix(depth))] = [:] }
        }
        // Each folder's folders, found once (looking through every folder for each one grows with their square).
        var childFolders: [[String]: [[String]]] = [:]
        for folders in byFolder.keys where !folders.isEmpty { childFolders[Array(folders.dropLast()), default: []].append(folders) }
        let pages = try mappedPages(byFolder, documents)
        return try section([], documents: documents, byFolder: byFolder, pages: pages, childFolders: childFolders, parentSlugs: [], parentLayout: rootLayout)
    }

    /// Every page made from its documents, on every core, by folder and name (in the order of folders and names, so a
    /// failing site names the same file each time).
    /// Cada página hecha de sus documentos, en todos los núcleos, por carpeta y nombre.
    private func mappedPages(_ byFolder: [[String]: [String: [String: Int]]], _ documents: [Document]) throws -> [[String]: [String: FolderPage]] {
        // A folder's index page is named `_index`, whichever file it comes from.
        var keys: [PageKey] = []
        for (folders, names) in byFolder {
            let indexName = Self.indexName(among: names.keys)
            for file in names.keys { keys.append(PageKey(folders: folders, file: file, name: file == indexName ? "_index" : file)) }
        }
        keys.sort()
        let (defaultLanguage, taxonomies) = (loader.defaultLanguage, loader.taxonomies)
        let mapped = try Parallel.map(keys, slices: Parallel.slicesPerCore) { slice in
            try slice.map { (key: PageKey) throws -> FolderPage in
                try FolderPageMapper.page(name: key.name, documents: byFolder[key.folders]![key.file]!.mapValues { documents[$0] },
                                          defaultLanguage: defaultLanguage, taxonomies: taxonomies)
            }
        }
        var pages: [[String]: [String: FolderPage]] = [:]
        for (key, page) in zip(keys, mapped.joined()) { pages[key.folders, default: [:]][key.file] = page }
        return pages
    }

    /// A page's place: its folders and the name of its files, and the name it is made under.
    private struct PageKey: Comparable, Sendable {
        let folders: [String]
        let file: String
        let name: String

        static func < (a: PageKey, b: PageKey) -> Bool {
            a.folders == b.folders ? a.file < b.file : a.folders.lexicographicallyPrecedes(b.folders)
        }
    }

    private func section(_ folders: [String], documents: [Document], byFolder: [[String]: [String: [String: Int]]], pages allPages: [[String]: [String: FolderPage]],
                         childFolders: [[String]: [[String]]], parentSlugs: [String], parentLayout: FolderLayout) throws -> MarkdownFolder {
        var groups = allPages[folders] ?? [:]
        let indexName = Self.indexName(among: groups.keys)
        let indexDocuments = indexName.flatMap { byFolder[folders]?[$0]?.mapValues { documents[$0] } }
        let layout = try Self.layout(of: indexDocuments, defaultLanguage: loader.defaultLanguage)
            ?? (folders == ["docs"] ? .docs : parentLayout)
        let titles = (indexDocuments ?? [:]).compactMapValues { $0.fields.string("title") ?? $0.body.firstHeading }
        let display = ([loader.contentFolder] + folders).joined(separator: "/")
        let index = indexName.flatMap { groups.removeValue(forKey: $0) }
        let pages = try FolderPageMapper.uniqueSlugs(groups.values.filter { drafts || !$0.draft }, folder: display)
        let slugs = folders.isEmpty ? [] : parentSlugs + [Slug.make(folders.last!, fallback: "section")]
        let children = (childFolders[folders] ?? []).sorted { $0.last! < $1.last! }
        let language = loader.defaultLanguage
        let keyed = pages.map { (page: $0, key: Self.sortKey($0, language)) }
        return MarkdownFolder(
            folders: folders, slugs: slugs, index: index, layout: layout,
            pages: keyed.sorted { ($0.page.weight, $0.key, $0.page.slug) < ($1.page.weight, $1.key, $1.page.slug) }.map(\.page),
            // Each subsection on a core of its own (tldr-en copied 14 times has 168 top-level sections).
            subsections: try Parallel.map(children, slices: children.count) { part in
                try part.map { try section($0, documents: documents, byFolder: byFolder, pages: allPages, childFolders: childFolders,
                                           parentSlugs: slugs, parentLayout: layout) }
            }.joined()
                .filter { $0.totalPages > 0 || $0.index != nil }
                .sorted { ($0.weight, $0.title(language, defaultLanguage: language).lowercased()) < ($1.weight, $1.title(language, defaultLanguage: language).lowercased()) },
            titles: titles, contentFolder: loader.contentFolder)
    }

    /// The file that is a folder's index page, as GitHub and Hugo read folders: `_index.md`, else `index.md`, else
    /// `README.md` (any case).
    static func indexName(among names: some Collection<String>) -> String? {
        if names.contains("_index") { return "_index" }
        if names.contains("index") { return "index" }
        return names.filter { $0.lowercased() == "readme" }.min()
    }

    /// The `layout:` an index page's front matter gives (in the default language's file), if any.
    static func layout(of index: [String: Document]?, defaultLanguage: String) throws -> FolderLayout? {
        guard let index, let document = index[defaultLanguage] ?? index.values.sorted(by: { $0.language < $1.language }).first,
              let name = document.fields.string("layout") else { return nil }
        guard let layout = FolderLayout(rawValue: name) else {
            throw VitrinaError(.content, "\(document.file): layout is \(String(reflecting: name)); use "
                + FolderLayout.allCases.map(\.rawValue).joined(separator: " or "))
        }
        return layout
    }

    static func sortKey(_ page: FolderPage, _ language: String) -> String {
        page.version(language, defaultLanguage: language)?.title.lowercased() ?? page.slug
    }
}
