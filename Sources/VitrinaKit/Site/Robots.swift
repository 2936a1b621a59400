/// `robots.txt`: every crawler allowed everywhere, and with a base URL the sitemap's absolute address (a `Sitemap:` line
/// must be absolute, so without one there is none, as Zola writes it).
/// `robots.txt`: todo permitido y, con URL base, la dirección absoluta del mapa del sitio.
enum Robots {
    static func text(baseURL: String) -> String {
        var text = "User-agent: *\nDisallow:\nAllow: /\n"
        if let sitemap = Route(file: "sitemap.xml").absoluteURL(base: baseURL) { text += "\nSitemap: \(sitemap)\n" }
        return text
    }
}
