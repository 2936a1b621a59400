/// Renders pages inside the site layout: navigation, language switch, meta and canonical URL.
/// Dibuja páginas dentro del diseño del sitio: navegación, idiomas, metadatos y URL canónica.
public struct PageRenderer: Sendable {
    let templates: TemplateLibrary
    let pageContext: PageContext
    let baseURL: String
    let navigation: [NavigationEntry]
    let tools: [NavigationEntry]
    let searchRoute: (@Sendable (String) -> Route)?
    let tables: [String: [String: String]]
    /// Each language's strings as one template value, built once (`{{t.key}}`).
    let tableValues: [String: TemplateValue]
    let scriptStrings: [String: String]
    /// The site's feeds by language, in the order their pages come.
    let feeds: [String: [Feed]]
    /// Where the stylesheets and scripts pages link to are published.
    let assets: AssetNames
    /// The stylesheets and scripts of every page, besides the page's own.
    let layoutAssets: LayoutAssets
    /// The navigation's and the tools' entries in each language, their routes and texts worked out once.
    let menus: [String: Menus]

    /// A language's entries: what a page links to, besides the link itself, which depends on the page.
    /// Las entradas de un idioma: lo que una página enlaza, salvo el enlace, que depende de la página.
    struct Menus: Sendable {
        struct Entry: Sendable {
            let key: String
            let route: Route
            let text: String
        }

        let navigation: [Entry]
        let tools: [Entry]

        init(_ navigation: [NavigationEntry], _ tools: [NavigationEntry], language: String, strings table: [String: String]) {
            func entries(_ list: [NavigationEntry]) -> [Entry] {
                list.map { Entry(key: $0.key, route: $0.route(language), text: $0.text(language, strings: table)) }
            }
            (self.navigation, self.tools) = (entries(navigation), entries(tools))
        }
    }

    /// UI strings the page scripts read from `#vitrina-strings`.
    static let scriptStringKeys = [
        "favourite_add", "favourite_remove", "favourites_empty", "watched", "not_watched", "watched_progress", "results_count",
        "no_results", "storage_unavailable", "remove_confirm_title", "restore_done", "coords_invalid_number", "coords_lat_range",
        "coords_lon_range", "coords_result", "episodes_count", "map_view_profile", "status_alive", "status_dead", "status_unknown",
        "search_results_for", "results_count_one", "favourites_count", "favourites_count_one", "remove_label",
        "profile_saved", "profile_reset_done", "component_name", "component_age", "map_zoom_in", "map_zoom_out", "map_fit",
    ]

    /// A top-level section of the site, by key and route per language.
    public struct NavigationEntry: Sendable {
        public let key: String
        public let labelKey: String
        public let route: @Sendable (String) -> Route
        /// A label of its own (a section's title) instead of a UI string.
        public var label: (@Sendable (String) -> String)? = nil

        /// The entry's text in `language`.
        func text(_ language: String, strings table: [String: String]) -> String { label?(language) ?? table[labelKey] ?? key }
    }

    public init(templates: TemplateLibrary, pageContext: PageContext, baseURL: String, navigation: [NavigationEntry],
                tools: [NavigationEntry] = [], searchRoute: (@Sendable (String) -> Route)? = nil, feeds: [Feed] = [],
                assets: AssetNames = AssetNames()) {
        self.templates = templates
        self.assets = assets
        layoutAssets = LayoutAssets(highlighting: pageContext.config.highlight.enabled)
        // Drawing never reads the link tables.
        self.pageContext = pageContext.withoutLinks
        self.baseURL = baseURL
        self.navigation = navigation
        self.tools = tools
        self.searchRoute = searchRoute
        self.feeds = Dictionary(grouping: feeds, by: \.language)
        let tables = Dictionary(uniqueKeysWithValues: pageContext.languages.map { ($0, pageContext.strings.table($0)) })
        self.tables = tables
        menus = Dictionary(uniqueKeysWithValues: tables.map { language, table in (language, Menus(navigation, tools, language: language, strings: table)) })
        tableValues = tables.mapValues { .object($0.mapValues { .string($0) }) }
        scriptStrings = tables.mapValues { table in
            ScriptJSON.object(Self.scriptStringKeys.reduce(into: [:]) { $0[$1] = table[$1] ?? $1 })
        }
    }

    /// The page's HTML bytes inside the layout.
    public func render(_ page: Page) throws -> [UInt8] {
        try templates.render(layout(for: page).templateValue, template: page.template)
    }

    func layout(for page: Page) -> LayoutView {
        let language = page.language
        let t = tables[language] ?? pageContext.strings.table(language)
        let home = pageContext.route(language)
        let description = page.description.isEmpty ? pageContext.config.description : page.description
        let outputs = pageContext.config.outputs
        let menu = menus[language] ?? Menus(navigation, tools, language: language, strings: t)
        return LayoutView(
            lang: language,
            title: page.title,
            fullTitle: page.route == home ? pageContext.config.title : "\(page.title) · \(pageContext.config.title)",
            description: description,
            canonical: page.route.absoluteURL(base: baseURL),
            baseHref: page.alternates.isEmpty && !baseURL.isEmpty ? (baseURL.hasSuffix("/") ? baseURL : baseURL + "/") : nil,
            siteTitle: pageContext.config.title,
            home: page.route.link(to: home),
            stylesheet: link(page, LayoutAssets.stylesheet),
            codeStylesheet: layoutAssets.codeStylesheet.map { link(page, $0) },
            codeScript: layoutAssets.codeScript.map { link(page, $0) },
            icon: page.route.link(toFile: "assets/favicon.svg"),
            nav: menu.navigation.map { LinkView(href: page.route.link(to: $0.route), label: $0.text, current: $0.key == page.navigationKey) },
            languages: pageContext.languages.compactMap { other in
                page.alternates[other].map {
                    LanguageLink(code: other, label: t["language_\(other)"] ?? other, href: page.route.link(to: $0), current: other == language,
                                 absolute: $0.absoluteURL(base: baseURL))
                }
            },
            hasLanguages: page.alternates.count > 1,
            root: page.route.rootPrefix,
            kind: page.kind,
            settingsScript: link(page, LayoutAssets.settingsScript),
            scripts: ([LayoutAssets.appScript] + page.scripts).map { link(page, $0) },
            styles: page.styles.map { link(page, $0) },
            stringsJSON: scriptStrings[language] ?? "{}",
            search: searchRoute.map { page.route.link(to: $0(language)) },
            tools: menu.tools.map { LinkView(href: page.route.link(to: $0.route), label: $0.text, current: $0.key == page.navigationKey) },
            t: tableValues[language] ?? .object(t.mapValues { .string($0) }),
            social: outputs.socialCards ? SocialCard(page: page, description: description, config: pageContext.config) : nil,
            jsonLD: outputs.structuredData ? StructuredData(page: page, description: description, config: pageContext.config).scripts : [],
            feeds: feedLinks(page, isHome: page.route == home),
            taxonomy: page.taxonomy,
            content: page.content)
    }

    /// A link from `page` to a stylesheet or script, under the name it is published with.
    func link(_ page: Page, _ asset: String) -> String { page.route.link(toFile: assets[asset]) }

    /// The feeds a page links to: the one it lists or belongs to; on the home page, every feed of its language.
    func feedLinks(_ page: Page, isHome: Bool) -> [FeedLink] {
        let key = page.facts.feed?.key
        return (feeds[page.language] ?? []).filter { isHome || $0.key == key }.map { feed in
            FeedLink(title: feed.title, atom: page.route.link(toFile: feed.atomPath), json: page.route.link(toFile: feed.jsonPath))
        }
    }
}

/// What the base layout reads.
/// Lo que lee el diseño base.
struct LayoutView: Sendable {
    let lang: String
    let title: String
    let fullTitle: String
    let description: String
    let canonical: String?
    /// Only for pages served at any depth (404.html), so their relative links still resolve.
    let baseHref: String?
    let siteTitle: String
    let home: String
    let stylesheet: String
    /// The highlighting stylesheet and the copy button's script, when code is highlighted.
    let codeStylesheet: String?
    let codeScript: String?
    let icon: String
    let nav: [LinkView]
    let languages: [LanguageLink]
    let hasLanguages: Bool
    let root: String
    let kind: String
    let settingsScript: String
    let scripts: [String]
    let styles: [String]
    let stringsJSON: String
    let search: String?
    let tools: [LinkView]
    let t: TemplateValue
    let social: SocialCard?
    /// Each JSON-LD object, escaped for a `<script>`.
    let jsonLD: [String]
    let feeds: [FeedLink]
    /// The page's terms and related pages (`partials/page-terms`).
    let taxonomy: PageTaxonomyView?
    let content: any Sendable
}

/// One entry of the language switch.
/// Una entrada del selector de idioma.
struct LanguageLink: Sendable {
    let code: String
    let label: String
    let href: String
    let current: Bool
    let absolute: String?
}

extension LayoutView: TemplateConvertible {
    var templateValue: TemplateValue {
        var fields: [String: TemplateValue] = [
            "lang": .string(lang), "title": .string(title), "fullTitle": .string(fullTitle), "description": .string(description),
            "siteTitle": .string(siteTitle), "home": .string(home), "stylesheet": .string(stylesheet), "icon": .string(icon),
            "nav": nav.templateValue, "languages": languages.templateValue, "hasLanguages": .bool(hasLanguages), "root": .string(root),
            "kind": .string(kind), "settingsScript": .string(settingsScript), "scripts": scripts.templateValue, "styles": styles.templateValue,
            "stringsJSON": .string(stringsJSON), "tools": tools.templateValue, "t": t, "jsonLD": jsonLD.templateValue,
            "feeds": .list(feeds.map { .object(["title": .string($0.title), "atom": .string($0.atom), "json": .string($0.json)]) }),
        ]
        if let social { fields["social"] = social.templateValue }
        if let canonical { fields["canonical"] = .string(canonical) }
        if let codeStylesheet { fields["codeStylesheet"] = .string(codeStylesheet) }
        if let codeScript { fields["codeScript"] = .string(codeScript) }
        if let baseHref { fields["baseHref"] = .string(baseHref) }
        if let search { fields["search"] = .string(search) }
        if let taxonomy, let converted = TemplateValue.from(taxonomy) { fields["taxonomy"] = converted }
        if let converted = TemplateValue.from(content) { fields["content"] = converted }
        return .object(fields)
    }
}

extension LanguageLink: TemplateConvertible {
    var templateValue: TemplateValue {
        var fields: [String: TemplateValue] = ["code": .string(code), "label": .string(label), "href": .string(href), "current": .bool(current)]
        if let absolute { fields["absolute"] = .string(absolute) }
        return .object(fields)
    }
}

extension SocialCard: TemplateConvertible {
    var templateValue: TemplateValue {
        var fields: [String: TemplateValue] = [
            "siteName": .string(siteName), "title": .string(title), "description": .string(description), "type": .string(type),
            "locale": .string(locale), "alternateLocales": alternateLocales.templateValue, "card": .string(card),
        ]
        if let url { fields["url"] = .string(url) }
        if let image { fields["image"] = .string(image) }
        return .object(fields)
    }
}

/// The stylesheets and scripts every page of the default layout loads.
/// Las hojas de estilo y scripts que carga cada página.
struct LayoutAssets: Sendable {
    static let stylesheet = "assets/site.css"
    static let settingsScript = "assets/js/settings.js"
    static let appScript = "assets/js/app.js"
    /// The code blocks' stylesheet and script, when highlighting is on.
    let codeStylesheet: String?
    let codeScript: String?

    init(highlighting: Bool) {
        codeStylesheet = highlighting ? CodeBlockAssets.stylesheetPath : nil
        codeScript = highlighting ? CodeBlockAssets.scriptPath : nil
    }

    var paths: [String] { [Self.stylesheet, Self.settingsScript, Self.appScript] + [codeStylesheet, codeScript].compactMap { $0 } }
}
