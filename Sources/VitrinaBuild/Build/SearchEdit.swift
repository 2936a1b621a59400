import VitrinaKit

/// The search index's part of an edit drawn on its own (`vitrina serve`, or from the kept plan): the edited pages'
/// texts patched into the index the last build wrote (`SearchIndex.patch`), read back from the output.
/// La parte del índice de búsqueda de una edición dibujada sola: los textos editados aplicados al índice de la salida.
struct SearchEdit {
    let written: [DataFile]
    let removed: [String]

    static let none = SearchEdit(written: [], removed: [])

    /// The patch for `pages` (the drawn ones), or nil when the whole build must make the index again.
    static func patch(for pages: [Page], config: SiteConfig, strings: Strings, outputDirectory: String) -> SearchEdit? {
        guard config.search else { return SearchEdit.none }
        let listed = pages.filter { $0.searchKind != nil }
        guard !listed.isEmpty else { return SearchEdit.none }
        var written: [DataFile] = []
        var removed: [String] = []
        for (language, pages) in Dictionary(grouping: listed, by: \.language).sorted(by: { $0.key < $1.key }) {
            let table = strings.table(language)
            let entries = pages.map { SearchIndex.Entry(page: $0, kind: table["kind_" + ($0.searchKind ?? "")] ?? $0.searchKind ?? "", bounds: config.searchBounds) }
            guard let patch = SearchIndex.patch(language: language, edited: entries, read: { path in
                // Only the index's own files, inside the output, as the last build wrote them.
                // Solo los ficheros del índice, dentro de la salida, tal como los escribió la última construcción.
                guard path.hasPrefix(SearchIndex.folder), SafePath.isPlainRelative(path) else { return nil }
                let full = Files.join(outputDirectory, path)
                guard SafePath.kind(full) == .file else { return nil }
                return try? Files.read(full)
            }) else { return nil }
            written += patch.written
            removed += patch.removed
        }
        return SearchEdit(written: written, removed: removed)
    }

    /// The rewritten files as the edit's assembly, if any. / Los ficheros reescritos como ensamblado de la edición.
    var assembly: (@Sendable () -> SiteAssembly)? {
        let written = written
        guard !written.isEmpty else { return nil }
        return { @Sendable in SiteAssembly(dataFiles: written) }
    }

    /// The output's files after the edit, sorted: the last build's less those removed, with those written. The few
    /// paths are found by halving and merged in one pass (a set and a sort of 124,000 paths took most of an edit's write).
    /// Los ficheros de la salida tras la edición: las pocas rutas se buscan por mitades en la lista ordenada.
    func files(after last: [String]) -> [String] {
        guard !written.isEmpty || !removed.isEmpty else { return last }
        guard zip(last, last.dropFirst()).allSatisfy({ $0 < $1 }) else {
            return Set(last).subtracting(removed).union(written.map(\.path)).sorted()
        }
        return last.merging(removing: removed, adding: written.map(\.path))
    }
}
