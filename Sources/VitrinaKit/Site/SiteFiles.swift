/// The files about the whole site, beside its pages: the sitemap, each feed as Atom and JSON Feed, `robots.txt` and
/// `llms.txt`, as `outputs:` asks; a file of `Content/` published at the same path (its own robots.txt) is kept instead.
/// Los ficheros sobre todo el sitio: mapa, canales, robots.txt y llms.txt; un fichero propio publicado en la misma ruta gana.
package struct SiteFiles: Sendable {
    let pages: [Page]
    let feeds: [Feed]
    let config: SiteConfig
    /// The navigation's sections in the default language, for llms.txt.
    let sections: [LLMsText.Section]
    /// Where files of `Content/` are published.
    let published: Set<String>
    /// A search kind's label in a language (`kind_doc` → "Docs"), for the search index's records.
    let kindLabel: @Sendable (_ kind: String, _ language: String) -> String

    /// Each file made on its own thread, in a fixed order: at 100,000 pages the sitemap and llms.txt cost tens of
    /// milliseconds each.
    package func files() -> [DataFile] { measuredFiles().files }

    /// The same, with the processor time the search index took on every core (zero without one), for the build's report.
    /// Lo mismo, con el tiempo de procesador que costó el índice de búsqueda, para el informe de la construcción.
    package func measuredFiles() -> (files: [DataFile], searchCPU: Duration) {
        let outputs = config.outputs
        var makers: [@Sendable () -> [DataFile]] = [{
            [DataFile(path: "sitemap.xml", bytes: Array(Sitemap.xml(
                for: pages.map { Sitemap.Entry($0) }, baseURL: config.baseURL,
                languages: outputs.sitemapLanguages ? config.defaultLanguage : nil).utf8))]
        }]
        for feed in feeds {
            makers.append {
                [DataFile(path: feed.atomPath, bytes: AtomFeed.bytes(feed, config: config)),
                 DataFile(path: feed.jsonPath, bytes: JSONFeed.bytes(feed, config: config))]
            }
        }
        if outputs.robots { makers.append { [DataFile(path: "robots.txt", bytes: Array(Robots.text(baseURL: config.baseURL).utf8))] } }
        if outputs.llms {
            makers.append { [DataFile(path: "llms.txt", bytes: Array(LLMsText.text(pages: pages, sections: sections, config: config).utf8))] }
        }
        var files = Array(Parallel.map(makers, slices: makers.count) { $0.flatMap { $0() } }.joined())
        // The search index after the others, not beside them: it works on every core itself (work spread inside one of
        // these threads ran on that thread alone).
        // El índice de búsqueda después de los demás: reparte su trabajo en todos los núcleos él mismo.
        var searchCPU = Duration.zero
        if config.search {
            for language in Set(pages.map(\.language)).sorted() {
                let (index, cpu) = searchFiles(language)
                files += index
                searchCPU += cpu
            }
        }
        return (files.filter { !published.contains($0.path) }, searchCPU)
    }

    /// The full-text index of `language`'s pages that are listed for search (`SearchIndex`), each page's text made when
    /// the index reads it.
    /// El índice de texto completo de las páginas listadas de un idioma; el texto de cada una se hace al leerla.
    func searchFiles(_ language: String) -> (files: [DataFile], cpu: Duration) {
        var listed = pages.filter { $0.language == language && $0.searchKind != nil }
        // Pages come sorted by their file from the plan: only checked then. / Las páginas ya llegan ordenadas: solo se comprueba.
        if !zip(listed, listed.dropFirst()).allSatisfy({ $0.route.file < $1.route.file }) { listed.sort { $0.route.file < $1.route.file } }
        let labels = Dictionary(Set(listed.map { $0.searchKind ?? "" }).map { ($0, kindLabel($0, language)) }, uniquingKeysWith: { first, _ in first })
        return SearchIndex(language: language, count: listed.count, entry: { [listed, bounds = config.searchBounds] page in
            SearchIndex.Entry(page: listed[page], kind: labels[listed[page].searchKind ?? ""] ?? "", bounds: bounds)
        }).measuredFiles()
    }

    package init(pages: [Page], feeds: [Feed], config: SiteConfig, sections: [LLMsText.Section], published: Set<String>,
                 kindLabel: @escaping @Sendable (String, String) -> String = { kind, _ in kind }) {
        self.kindLabel = kindLabel
        self.pages = pages
        self.feeds = feeds
        self.config = config
        self.sections = sections
        self.published = published
    }
}
