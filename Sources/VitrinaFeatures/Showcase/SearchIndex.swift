import VitrinaKit

/// The site search index, one data script per language: every page listed for search, by kind in the features' order
/// (the order results are grouped in), then by title.
/// El índice de búsqueda, un script de datos por idioma: cada página listada, por tipo en el orden de las funciones y por título.
public enum SearchIndex {
    /// `kinds`: the search kinds in the features' order; a kind not in it goes last.
    public static func files(for pages: [Page], kinds: [String], pageContext: PageContext) -> [DataFile] {
        let rank = Dictionary(kinds.enumerated().map { ($1, $0) }, uniquingKeysWith: min)
        return pageContext.routes.languages.map { language in
            let entries: [[String: Any]] = pages
                .filter { $0.language == language && $0.searchKind != nil }
                .map { (rank: rank[$0.searchKind ?? ""] ?? kinds.count, page: $0) }
                .sorted { ($0.rank, $0.page.title, $0.page.route.file) < ($1.rank, $1.page.title, $1.page.route.file) }
                .map(\.page)
                .map { page in
                    let kind = page.searchKind!
                    return ["t": page.title, "k": kind, "kl": pageContext.strings.text("kind_\(kind)", language), "h": page.route.file]
                }
            return DataFile(path: path(language), bytes: ScriptJSON.dataScript(name: "search", value: entries))
        }
    }

    public static func path(_ language: String) -> String { "assets/data/search.\(language).js" }
}
