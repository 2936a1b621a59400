/// The Open Graph and Twitter card tags of a page: its title, description, type, locale, and its URL and picture only
/// when a base URL makes them absolute.
/// Las etiquetas Open Graph y Twitter de una página; su URL e imagen solo cuando una URL base las hace absolutas.
struct SocialCard: Sendable {
    let siteName: String
    let title: String
    let description: String
    /// `article` for a dated page, else `website`.
    let type: String
    let url: String?
    let image: String?
    let locale: String
    let alternateLocales: [String]

    init(page: Page, description: String, config: SiteConfig) {
        siteName = config.title
        title = page.title
        self.description = description
        type = page.facts.published == nil ? "website" : "article"
        url = page.route.absoluteURL(base: config.baseURL)
        image = page.facts.image.flatMap { Route(file: $0).absoluteURL(base: config.baseURL) }
        locale = OpenGraphLocale.of(page.language)
        alternateLocales = config.orderedLanguages.filter { $0 != page.language && page.alternates[$0] != nil }.map(OpenGraphLocale.of)
    }

    /// A large card when the page has a picture to show.
    var card: String { image == nil ? "summary" : "summary_large_image" }
}

/// A language code as Open Graph writes locales (`es_ES`, `en_US`, `pt_BR` from `pt-BR`): a region given is kept, a
/// bare code gets its most common one, an unknown code stays as it is.
/// Un código de idioma como los locales de Open Graph.
enum OpenGraphLocale {
    static let regions = [
        "es": "ES", "en": "US", "fr": "FR", "de": "DE", "it": "IT", "pt": "PT", "nl": "NL", "ca": "ES", "gl": "ES", "eu": "ES",
        "ja": "JP", "zh": "CN", "ko": "KR", "ru": "RU", "pl": "PL", "sv": "SE", "da": "DK", "fi": "FI", "nb": "NO", "cs": "CZ",
    ]

    static func of(_ language: String) -> String {
        if let region = regions[language] { return language + "_" + region }
        let parts = language.split(whereSeparator: { $0 == "-" || $0 == "_" })
        guard let code = parts.first?.lowercased() else { return language }
        if parts.count > 1 { return code + "_" + parts[1].uppercased() }
        return regions[code].map { code + "_" + $0 } ?? code
    }
}

/// A page's JSON-LD: `BreadcrumbList` where it has breadcrumbs, `BlogPosting` for a diary entry, `Product` for an item of
/// `kind: product`; URLs absolute under a base URL, else relative to the page (JSON-LD resolves them against it).
/// El JSON-LD de una página: migas, entrada de blog o producto.
struct StructuredData {
    let page: Page
    let description: String
    let config: SiteConfig

    /// Each object as the text of a `<script type="application/ld+json">`, safe inside HTML.
    var scripts: [String] {
        [breadcrumbsScript, schema.map { ScriptJSON.object($0, inHTML: true) }].compactMap { $0 }
    }

    func url(_ route: Route) -> String { route.absoluteURL(base: config.baseURL) ?? page.route.link(to: route) }

    var image: String? {
        page.facts.image.map { Route(file: $0).absoluteURL(base: config.baseURL) ?? page.route.link(toFile: $0) }
    }

    /// The `BreadcrumbList`, written straight as the encoder writes it (keys in order, the same escapes): it is on nearly
    /// every page of a docs site, where building a tree of values for it costs more than the rest of its page's meta.
    /// La lista de migas escrita directamente, como la escribiría el codificador.
    var breadcrumbsScript: String? {
        let crumbs = page.facts.breadcrumbs
        guard !crumbs.isEmpty else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(96 + 80 * (crumbs.count + 1))
        out.append(contentsOf: #"{"@context":"https://schema.org","@type":"BreadcrumbList","itemListElement":["#.utf8)
        for (index, crumb) in (crumbs + [Crumb(label: page.title, route: page.route)]).enumerated() {
            out.append(contentsOf: (index == 0 ? #"{"@type":"ListItem","item":"# : #",{"@type":"ListItem","item":"#).utf8)
            ScriptJSON.string(url(crumb.route), into: &out, inHTML: true)
            out.append(contentsOf: #","name":"#.utf8)
            ScriptJSON.string(crumb.label, into: &out, inHTML: true)
            out.append(contentsOf: #","position":"#.utf8)
            out.append(contentsOf: String(index + 1).utf8)
            out.append(UInt8(ascii: "}"))
        }
        out.append(contentsOf: "]}".utf8)
        return String(decoding: out, as: UTF8.self)
    }

    var schema: JSONValue? {
        if case .webPage = page.facts.schema { return nil }
        var object: [(String, JSONValue)] = [("@context", .string("https://schema.org")), ("name", .string(page.title)), ("url", .string(url(page.route)))]
        if !description.isEmpty { object.append(("description", .string(description))) }
        if let image { object.append(("image", .string(image))) }
        switch page.facts.schema {
        case .webPage:
            return nil
        case .blogPosting:
            object.append(("@type", .string("BlogPosting")))
            object.append(("headline", .string(page.title)))
            object.append(("inLanguage", .string(page.language)))
            if let date = page.facts.published { object.append(("datePublished", .string(date.description))) }
            object.append(("author", .fields([("@type", .string(config.author == nil ? "Organization" : "Person")), ("name", .string(config.authorName))])))
            object.append(("mainEntityOfPage", .string(url(page.route))))
        case .product(let product):
            object.append(("@type", .string("Product")))
            if let price = product.price, let currency = product.currency {
                object.append(("offers", .fields([("@type", .string("Offer")), ("price", .double(price)), ("priceCurrency", .string(currency)),
                                                  ("url", .string(url(page.route)))])))
            }
            if let rating = product.rating {
                var aggregate: [(String, JSONValue)] = [("@type", .string("AggregateRating")), ("ratingValue", .double(rating))]
                if let count = product.ratingCount { aggregate.append(("ratingCount", .double(count))) }
                object.append(("aggregateRating", .fields(aggregate)))
            }
        }
        return .fields(object)
    }
}
