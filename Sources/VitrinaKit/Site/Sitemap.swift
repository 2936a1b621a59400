/// `sitemap.xml`: every page, absolute under the base URL, relative without one, with an `xhtml:link` to each of its
/// languages and `x-default` to the default language's.
/// `sitemap.xml`: todas las páginas, absolutas con URL base y relativas sin ella, con un enlace a cada idioma.
public enum Sitemap {
    /// What the sitemap needs of a page, without copying the page.
    struct Entry {
        let route: Route
        let alternates: [String: Route]
        let inSitemap: Bool

        init(_ page: Page) {
            route = page.route
            alternates = page.alternates
            inSitemap = page.inSitemap
        }
    }

    /// `languages: nil` leaves the alternates out; else it names the default language, the one `x-default` points at.
    static func xml(for entries: [Entry], baseURL: String, languages defaultLanguage: String?) -> String {
        var xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">

        """
        xml.reserveCapacity(entries.count * 96)
        for entry in entries.filter(\.inSitemap).sorted(by: { $0.route < $1.route }) {
            xml += "  <url>\n    <loc>\(HTMLText.escape(location(entry.route, baseURL)))</loc>\n"
            if let defaultLanguage, entry.alternates.count > 1 {
                for (language, route) in entry.alternates.sorted(by: { $0.key < $1.key }) {
                    xml += "    <xhtml:link rel=\"alternate\" hreflang=\"\(HTMLText.escape(language))\" href=\"\(HTMLText.escape(location(route, baseURL)))\"/>\n"
                }
                if let route = entry.alternates[defaultLanguage] {
                    xml += "    <xhtml:link rel=\"alternate\" hreflang=\"x-default\" href=\"\(HTMLText.escape(location(route, baseURL)))\"/>\n"
                }
            }
            xml += "  </url>\n"
        }
        return xml + "</urlset>\n"
    }

    static func location(_ route: Route, _ baseURL: String) -> String {
        route.absoluteURL(base: baseURL) ?? route.file
    }
}
