/// Renders pages inside the site layout: navigation, language switch, meta and canonical URL.
/// Dibuja páginas dentro del diseño del sitio: navegación, idiomas, metadatos y URL canónica.
public struct PageRenderer: Sendable {
    let templates: TemplateLibrary
    let config: SiteConfig
    let strings: Strings
    let routes: SiteRoutes
    let baseURL: String
    let navigation: [NavigationEntry]
    let tools: [NavigationEntry]
    let searchRoute: (@Sendable (String) -> Route)?
    package let tables: [String: [String: String]]
    /// Each language's strings as one template value, built once (`{{t.key}}`).
    let tableValues: [String: TemplateValue]
    /// Each language's `#vitrina-strings`: the UI strings the pages' scripts read, as JSON.
    let scriptStringsJSON: [String: String]
    /// The site's feeds by language, in the order their pages come.
    let feeds: [String: [Feed]]
    /// Where the stylesheets and scripts pages link to are published.
    package let assets: AssetNames
    /// The stylesheets and scripts of every page, besides the page's own.
    package let layoutAssets: LayoutAssets
    /// The stylesheets each template folder brings to its pages.
    package let templateStyles: TemplateStyles
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

    /// UI strings the layout's own scripts read from `#vitrina-strings` (storage, favourite buttons, result counts, maps);
    /// each feature adds those its scripts read (`FeatureContribution.scriptStrings`).
    /// Textos que leen de `#vitrina-strings` los scripts del diseño; cada función añade los de sus scripts.
    public static let layoutScriptStrings = [
        "favourite_add", "favourite_remove", "results_count", "results_count_one", "no_results", "storage_unavailable",
        "map_zoom_in", "map_zoom_out", "map_fit",
        "search_results_for", "search_show_more", "search_suggestions", "search_failed",
    ]

    /// A top-level section of the site, by key and route per language.
    public struct NavigationEntry: Sendable {
        public let key: String
        public let labelKey: String
        public let route: @Sendable (String) -> Route
        /// A label of its own (a section's title) instead of a UI string.
        public var label: (@Sendable (String) -> String)? = nil

        /// The entry's text in `language`.
        package func text(_ language: String, strings table: [String: String]) -> String { label?(language) ?? table[labelKey] ?? key }

        package init(key: String, labelKey: String, route: @escaping @Sendable (String) -> Route, label: (@Sendable (String) -> String)? = nil) {
            self.key = key
            self.labelKey = labelKey
            self.route = route
            self.label = label
        }
    }

    public init(templates: TemplateLibrary, config: SiteConfig, strings: Strings, baseURL: String, navigation: [NavigationEntry],
                tools: [NavigationEntry] = [], searchRoute: (@Sendable (String) -> Route)? = nil, feeds: [Feed] = [],
                assets: AssetNames = AssetNames(), templateStyles: TemplateStyles = TemplateStyles(),
                scriptStrings: [String] = PageRenderer.layoutScriptStrings,
                searchFilesApart: Set<String>? = nil) {
        self.templates = templates
        self.templateStyles = templateStyles
        self.assets = assets
        self.config = config
        self.strings = strings
        routes = SiteRoutes(config: config, strings: strings)
        layoutAssets = LayoutAssets(highlighting: config.highlight.enabled, search: searchRoute != nil,
                                    apart: searchFilesApart ?? [LayoutAssets.searchPaths.stylesheet, LayoutAssets.searchPaths.script],
                                    strings: routes.languages.map(ScriptStrings.path))
        self.baseURL = baseURL
        self.navigation = navigation
        self.tools = tools
        self.searchRoute = searchRoute
        self.feeds = Dictionary(grouping: feeds, by: \.language)
        let tables = Dictionary(uniqueKeysWithValues: routes.languages.map { ($0, strings.table($0)) })
        self.tables = tables
        menus = Dictionary(uniqueKeysWithValues: tables.map { language, table in (language, Menus(navigation, tools, language: language, strings: table)) })
        tableValues = tables.mapValues { .object(TemplateObject(strings: $0)) }
        scriptStringsJSON = tables.mapValues { ScriptStrings.json($0, keys: scriptStrings) }
    }

    /// The page's HTML bytes inside the layout.
    public func render(_ page: Page) throws -> [UInt8] {
        var frame: LayoutFrame?
        return try render(page, reusing: &frame)
    }

    /// The same, with the layout's frame of the page drawn before when this page shares it (pages are drawn in route
    /// order, so nearly always), else with a new one left in `frame` for the next page.
    /// Lo mismo, con el marco del diseño de la página anterior cuando esta lo comparte.
    package func render(_ page: Page, reusing frame: inout LayoutFrame?) throws -> [UInt8] {
        let key = LayoutFrame.Key(page, styles: templateStyles.styles(of: page))
        let shared = frame.flatMap { $0.serves(key) ? $0 : nil } ?? self.frame(for: page, key: key)
        frame = shared
        return try templates.render(layout(for: page, in: shared).templateValue, template: page.template)
    }

    /// What the layout shows of a page beyond its frame.
    func layout(for page: Page, in frame: LayoutFrame) -> LayoutView {
        let language = page.language
        let t = tables[language] ?? strings.table(language)
        let home = routes.route(language)
        let description = page.description.isEmpty ? config.description : page.description
        let outputs = config.outputs
        return LayoutView(
            frame: frame,
            title: page.title,
            fullTitle: page.route == home ? config.title : "\(page.title) · \(config.title)",
            description: description,
            canonical: page.route.absoluteURL(base: baseURL),
            baseHref: page.alternates.isEmpty && !baseURL.isEmpty ? (baseURL.hasSuffix("/") ? baseURL : baseURL + "/") : nil,
            languages: routes.languages.compactMap { other in
                page.alternates[other].map {
                    LanguageLink(code: other, label: t["language_\(other)"] ?? other, href: page.route.link(to: $0), current: other == language,
                                 absolute: $0.absoluteURL(base: baseURL))
                }
            },
            hasLanguages: page.alternates.count > 1,
            kind: page.kind,
            social: outputs.socialCards ? SocialCard(page: page, description: description, config: config) : nil,
            jsonLD: outputs.structuredData ? StructuredData(page: page, description: description, config: config).scripts : [],
            feeds: feedLinks(page, isHome: page.route == home),
            taxonomy: page.taxonomy,
            content: page.content)
    }

    /// The layout's parts that depend only on what `key` holds: links from the page's folder to the home page, the
    /// assets, the navigation and the search page, and the language's strings.
    func frame(for page: Page, key: LayoutFrame.Key) -> LayoutFrame {
        let language = page.language
        let t = tables[language] ?? strings.table(language)
        let menu = menus[language] ?? Menus(navigation, tools, language: language, strings: t)
        var targets: [String] = []
        func link(to route: Route) -> String {
            targets.append(route.file)
            return page.route.link(to: route)
        }
        func link(toFile path: String) -> String { link(to: Route(file: path)) }
        func links(_ entries: [Menus.Entry]) -> TemplateValue {
            .list(entries.map { LinkView(href: link(to: $0.route), label: $0.text, current: $0.key == page.navigationKey).templateValue })
        }
        var fields: TemplateObject = [:]
        fields.reserveCapacity(LayoutFrame.capacity)
        fields["lang"] = .string(language)
        fields["siteTitle"] = .string(config.title)
        fields["home"] = .string(link(to: routes.route(language)))
        fields["stylesheet"] = .string(link(toFile: assets[LayoutAssets.stylesheet]))
        if let path = layoutAssets.codeStylesheet { fields["codeStylesheet"] = .string(link(toFile: assets[path])) }
        if let path = layoutAssets.codeScript { fields["codeScript"] = .string(link(toFile: assets[path])) }
        if let path = layoutAssets.searchStylesheet { fields["searchStylesheet"] = .string(link(toFile: assets[path])) }
        if let path = layoutAssets.searchScript { fields["searchScript"] = .string(link(toFile: assets[path])) }
        fields["icon"] = .string(link(toFile: "assets/favicon.svg"))
        fields["nav"] = links(menu.navigation)
        fields["root"] = .string(page.route.rootPrefix)
        fields["settingsScript"] = .string(link(toFile: assets[LayoutAssets.settingsScript]))
        fields["scripts"] = ([LayoutAssets.appScript] + page.scripts).map { link(toFile: assets[$0]) }.templateValue
        fields["styles"] = key.styles.map { link(toFile: assets[$0]) }.templateValue
        fields["stringsScript"] = .string(link(toFile: assets[ScriptStrings.path(language)]))
        // For a layout that still carries them inline (`#vitrina-strings`). / Para un diseño que aún los lleva dentro.
        fields["stringsJSON"] = .string(scriptStringsJSON[language] ?? "{}")
        if let searchRoute { fields["search"] = .string(link(to: searchRoute(language))) }
        fields["tools"] = links(menu.tools)
        fields["t"] = tableValues[language] ?? .object(TemplateObject(strings: t))
        return LayoutFrame(key: key, fields: fields, targets: targets, shareable: !targets.contains { key.holds($0) })
    }

    /// The feeds a page links to: the one it lists or belongs to; on the home page, every feed of its language.
    func feedLinks(_ page: Page, isHome: Bool) -> [FeedLink] {
        let key = page.facts.feed?.key
        return (feeds[page.language] ?? []).filter { isHome || $0.key == key }.map { feed in
            FeedLink(title: feed.title, atom: page.route.link(toFile: feed.atomPath), json: page.route.link(toFile: feed.jsonPath))
        }
    }
}

/// What the base layout reads: the frame the page shares with its neighbours, and its own fields.
/// Lo que lee el diseño base: el marco que comparte con sus vecinas y sus propios campos.
struct LayoutView: Sendable {
    let frame: LayoutFrame
    let title: String
    let fullTitle: String
    let description: String
    let canonical: String?
    /// Only for pages served at any depth (404.html), so their relative links still resolve.
    let baseHref: String?
    let languages: [LanguageLink]
    let hasLanguages: Bool
    let kind: String
    let social: SocialCard?
    /// Each JSON-LD object, escaped for a `<script>`.
    let jsonLD: [String]
    let feeds: [FeedLink]
    /// The page's terms and related pages (`partials/page-terms`).
    let taxonomy: PageTaxonomyView?
    let content: any Sendable
}

/// The layout's fields that are the same for every page of one language, section, scripts and styles whose folders are
/// siblings (a relative link from `a/b/` and from `a/c/` is the same unless it leads into one of them), as template
/// values made once: at 100,000 pages, making them and the page's own fields for each page was about a seventh of a build.
/// Los campos del diseño iguales para las páginas de carpetas hermanas con el mismo idioma, sección, scripts y estilos.
package struct LayoutFrame: Sendable {
    struct Key: Sendable {
        /// The page's file up to its last `/` (`a/b/`): what a relative link from it depends on.
        let folder: Substring
        /// The folder above it (`a/`), with the folders' depth; empty one folder down and at the root.
        let parent: Substring
        let language: String
        let navigationKey: String
        let scripts: [String]
        let styles: [String]

        init(_ page: Page, styles: [String]) {
            let file = page.route.file
            let bytes = file.utf8
            let slash = UInt8(ascii: "/")
            let folderEnd = bytes.lastIndex(of: slash).map { bytes.index(after: $0) } ?? file.startIndex
            folder = file[..<folderEnd]
            parent = file[..<(folder.utf8.dropLast().lastIndex(of: slash).map { bytes.index(after: $0) } ?? file.startIndex)]
            (language, navigationKey, scripts, self.styles) = (page.language, page.navigationKey, page.scripts, styles)
        }

        /// A page of the root folder: its parent is its folder.
        var atRoot: Bool { folder.isEmpty }

        /// Whether `file` is inside this page's folder (every file is inside the root's).
        func holds(_ file: String) -> Bool { file.utf8.starts(with: folder.utf8) }

        /// The same frame for both pages, their folders aside.
        func sharesFrame(with other: Key) -> Bool {
            parent == other.parent && atRoot == other.atRoot && language == other.language && navigationKey == other.navigationKey
                && scripts == other.scripts && styles == other.styles
        }
    }

    /// Room for the frame's fields and a page's, so that adding a page's to a copy does not grow the table.
    static let capacity = 40

    let key: Key
    let fields: TemplateObject
    /// The files the frame links to, for telling whether another page's links to them would differ.
    let targets: [String]
    /// No link of the frame leads into its own page's folder: a sibling folder's page may use it.
    let shareable: Bool

    /// Whether a page of `key` gets exactly these fields: made for that folder, or for a sibling folder's page with no
    /// link of the frame leading into either folder.
    func serves(_ other: Key) -> Bool {
        if key.folder == other.folder { return key.sharesFrame(with: other) }
        return shareable && key.sharesFrame(with: other) && !targets.contains { other.holds($0) }
    }
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
        var fields = frame.fields
        fields["title"] = .string(title)
        fields["fullTitle"] = .string(fullTitle)
        fields["description"] = .string(description)
        fields["hasDescription"] = .bool(!description.isEmpty)
        fields["languages"] = languages.templateValue
        fields["hasLanguages"] = .bool(hasLanguages)
        fields["kind"] = .string(kind)
        fields["jsonLD"] = jsonLD.templateValue
        fields["feeds"] = .list(feeds.map { .object(["title": .string($0.title), "atom": .string($0.atom), "json": .string($0.json)]) })
        if let social { fields["social"] = social.templateValue }
        if let canonical { fields["canonical"] = .string(canonical) }
        if let baseHref { fields["baseHref"] = .string(baseHref) }
        if let taxonomy, let converted = TemplateValue.from(taxonomy) { fields["taxonomy"] = converted }
        // Most pages' view models spell out their fields: asked for first, before the casts to plain values `from` tries.
        if let convertible = content as? any TemplateConvertible { fields["content"] = convertible.templateValue }
        else if let converted = TemplateValue.from(content) { fields["content"] = converted }
        return .object(fields)
    }
}

extension LanguageLink: TemplateConvertible {
    var templateValue: TemplateValue {
        var fields: TemplateObject = ["code": .string(code), "label": .string(label), "href": .string(href), "current": .bool(current)]
        if let absolute { fields["absolute"] = .string(absolute) }
        return .object(fields)
    }
}

extension SocialCard: TemplateConvertible {
    var templateValue: TemplateValue {
        var fields: TemplateObject = [
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
package struct LayoutAssets: Sendable {
    static let stylesheet = "assets/site.css"
    static let settingsScript = "assets/js/settings.js"
    static let appScript = "assets/js/app.js"
    /// The code blocks' stylesheet and script, when highlighting is on.
    let codeStylesheet: String?
    let codeScript: String?
    /// The search box's stylesheet and script (`SearchIndex`), when the site has a search page and they are not folded
    /// into the layout's own (`Theme.bundlingSearch`).
    let searchStylesheet: String?
    let searchScript: String?
    package static let searchPaths = (stylesheet: "assets/search.css", script: "assets/js/search.js")

    /// Each language's strings script (`ScriptStrings`).
    let strings: [String]

    init(highlighting: Bool, search: Bool = false, apart: Set<String> = [searchPaths.stylesheet, searchPaths.script], strings: [String] = []) {
        self.strings = strings
        codeStylesheet = highlighting ? CodeBlockAssets.stylesheetPath : nil
        codeScript = highlighting ? CodeBlockAssets.scriptPath : nil
        searchStylesheet = search && apart.contains(Self.searchPaths.stylesheet) ? Self.searchPaths.stylesheet : nil
        searchScript = search && apart.contains(Self.searchPaths.script) ? Self.searchPaths.script : nil
    }

    package var paths: [String] {
        [Self.stylesheet, Self.settingsScript, Self.appScript] + [codeStylesheet, codeScript, searchStylesheet, searchScript].compactMap { $0 }
            + strings
    }
}
