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
        [breadcrumbs, schema].compactMap { $0 }.map { ScriptJSON.object($0, inHTML: true) }
    }

    func url(_ route: Route) -> String { route.absoluteURL(base: config.baseURL) ?? page.route.link(to: route) }

    var image: String? {
        page.facts.image.map { Route(file: $0).absoluteURL(base: config.baseURL) ?? page.route.link(toFile: $0) }
    }

    var breadcrumbs: [String: Any]? {
        let crumbs = page.facts.breadcrumbs
        guard !crumbs.isEmpty else { return nil }
        let steps = crumbs + [Crumb(label: page.title, route: page.route)]
        return [
            "@context": "https://schema.org", "@type": "BreadcrumbList",
            "itemListElement": steps.enumerated().map { index, crumb -> [String: Any] in
                ["@type": "ListItem", "position": index + 1, "name": crumb.label, "item": url(crumb.route)]
            },
        ]
    }

    var schema: [String: Any]? {
        if case .webPage = page.facts.schema { return nil }
        var object: [String: Any] = ["@context": "https://schema.org", "name": page.title, "url": url(page.route)]
        if !description.isEmpty { object["description"] = description }
        if let image { object["image"] = image }
        switch page.facts.schema {
        case .webPage:
            return nil
        case .blogPosting:
            object["@type"] = "BlogPosting"
            object["headline"] = page.title
            object["inLanguage"] = page.language
            if let date = page.facts.published { object["datePublished"] = date.description }
            object["author"] = ["@type": config.author == nil ? "Organization" : "Person", "name": config.authorName]
            object["mainEntityOfPage"] = url(page.route)
        case .product(let product):
            object["@type"] = "Product"
            if let price = product.price, let currency = product.currency {
                object["offers"] = ["@type": "Offer", "price": price, "priceCurrency": currency, "url": url(page.route)]
            }
            if let rating = product.rating {
                var aggregate: [String: Any] = ["@type": "AggregateRating", "ratingValue": rating]
                if let count = product.ratingCount { aggregate["ratingCount"] = count }
                object["aggregateRating"] = aggregate
            }
        }
        return object
    }
}
