/// The site search index, one data script per language: every page listed for search, by title.
/// El índice de búsqueda, un script de datos por idioma: cada página listada, por título.
public enum SearchIndex {
    public static func files(for pages: [Page], factory: PageFactory) -> [DataFile] {
        factory.languages.map { language in
            let entries: [[String: Any]] = pages
                .filter { $0.language == language && $0.searchKind != nil }
                .sorted { ($0.title, $0.route.file) < ($1.title, $1.route.file) }
                .map { page in
                    let kind = page.searchKind!
                    return ["t": page.title, "k": kind, "kl": factory.text("kind_\(kind)", language), "h": page.route.file]
                }
            return DataFile(path: path(language), bytes: ScriptJSON.dataScript(name: "search", value: entries))
        }
    }

    public static func path(_ language: String) -> String { "assets/data/search.\(language).js" }
}
