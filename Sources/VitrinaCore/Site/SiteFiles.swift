/// The files about the whole site, beside its pages: the sitemap, each feed as Atom and JSON Feed, `robots.txt` and
/// `llms.txt`, as `outputs:` asks; a file of `Content/` published at the same path (its own robots.txt) is kept instead.
/// Los ficheros sobre todo el sitio: mapa, canales, robots.txt y llms.txt; un fichero propio publicado en la misma ruta gana.
struct SiteFiles {
    let pages: [Page]
    let feeds: [Feed]
    let config: SiteConfig
    /// The navigation's sections in the default language, for llms.txt.
    let sections: [LLMsText.Section]
    /// Where files of `Content/` are published.
    let published: Set<String>

    func files() -> [DataFile] {
        let outputs = config.outputs
        var files = [DataFile(path: "sitemap.xml", bytes: Array(Sitemap.xml(
            for: pages.map { Sitemap.Entry($0) }, baseURL: config.baseURL,
            languages: outputs.sitemapLanguages ? config.defaultLanguage : nil).utf8))]
        for feed in feeds {
            files.append(DataFile(path: feed.atomPath, bytes: AtomFeed.bytes(feed, config: config)))
            files.append(DataFile(path: feed.jsonPath, bytes: JSONFeed.bytes(feed, config: config)))
        }
        if outputs.robots { files.append(DataFile(path: "robots.txt", bytes: Array(Robots.text(baseURL: config.baseURL).utf8))) }
        if outputs.llms {
            files.append(DataFile(path: "llms.txt", bytes: Array(LLMsText.text(pages: pages, sections: sections, config: config).utf8)))
        }
        return files.filter { !published.contains($0.path) }
    }
}
