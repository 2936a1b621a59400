import Yams

/// What a published site carries besides its pages, each on unless `outputs:` in site.yml turns it off.
/// Lo que lleva un sitio publicado además de sus páginas; todo activo salvo que `outputs:` en site.yml lo apague.
public struct SiteOutputs: Sendable, Equatable {
    /// An Atom feed and a JSON Feed per language for the diary and for each folder whose pages have dates.
    public var feeds = true
    /// Open Graph and Twitter card `<meta>` tags on every page.
    public var socialCards = true
    /// JSON-LD (`Product`, `BlogPosting`, `BreadcrumbList`) where a schema fits.
    public var structuredData = true
    /// `robots.txt` at the root, unless `Content/robots.txt` is published as a file.
    public var robots = true
    /// `llms.txt` at the root, as llmstxt.org describes it.
    public var llms = true
    /// `xhtml:link` alternates between the languages of each page in `sitemap.xml`.
    public var sitemapLanguages = true

    public init() {}

    /// Every output off.
    public static var none: SiteOutputs {
        var outputs = SiteOutputs()
        for key in keys { outputs[key] = false }
        return outputs
    }

    /// The keys `outputs:` accepts, as site.yml spells them.
    public static let keys = ["feeds", "social_cards", "json_ld", "robots_txt", "llms_txt", "sitemap_languages"]

    subscript(key: String) -> Bool {
        get {
            switch key {
            case "feeds": feeds
            case "social_cards": socialCards
            case "json_ld": structuredData
            case "robots_txt": robots
            case "llms_txt": llms
            default: sitemapLanguages
            }
        }
        set {
            switch key {
            case "feeds": feeds = newValue
            case "social_cards": socialCards = newValue
            case "json_ld": structuredData = newValue
            case "robots_txt": robots = newValue
            case "llms_txt": llms = newValue
            default: sitemapLanguages = newValue
            }
        }
    }
}

extension YAMLReader {
    /// `outputs:` as a mapping of known keys to true or false, or `outputs: false` for none; a typo names the known keys.
    func outputs(_ root: Node.Mapping) throws -> SiteOutputs {
        guard let node = root["outputs"] else { return SiteOutputs() }
        if let all = node.bool { return all ? SiteOutputs() : .none }
        guard let map = node.mapping else {
            throw VitrinaError(.config, "\(file):\(line(node)): outputs must be a mapping like {feeds: false}, or true or false for all of them")
        }
        var outputs = SiteOutputs()
        for (keyNode, value) in map {
            guard let key = keyNode.string, SiteOutputs.keys.contains(key) else {
                throw VitrinaError(.config, "\(file):\(line(keyNode)): outputs.\(keyNode.string ?? "?") is not an output Vitrina writes; "
                    + "use some of: \(SiteOutputs.keys.joined(separator: ", "))")
            }
            guard let flag = value.bool else {
                throw VitrinaError(.config, "\(file):\(line(value)): outputs.\(key) must be true or false")
            }
            outputs[key] = flag
        }
        return outputs
    }
}
