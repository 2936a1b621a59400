import Foundation
import Yams

/// The site's settings, read from `Content/site.yml`.
/// Los ajustes del sitio, leídos de `Content/site.yml`.
public struct SiteConfig: Sendable, Equatable {
    public var title: String
    public var description: String
    public var baseURL: String
    public var defaultLanguage: String
    public var languages: [String]
    public var unsafeHTML: Bool
    public var sources: [String: SourceConfig]
    /// The sources' names in the order site.yml lists them (their features' order in the navigation).
    public var sourceOrder: [String] = []
    /// The fingerprint of the text it was read from: site.yml and every `Content/<folder>/source.yml`, so a build knows
    /// when any of them changed without reading them again.
    public var textFingerprint = ""
    /// Pages listed per section index page.
    public var pageSize: Int = 20
    /// The app's screens: feature cards on the home page, album, map, favourites, settings, components, profile, search.
    /// Off unless site.yml says `app_screens: true`, sources or not: they are drawn with templates a new site's theme lacks.
    /// Apagadas salvo `app_screens: true`, con fuentes o sin ellas: se dibujan con plantillas que el tema de un sitio nuevo no tiene.
    public var appScreens: Bool = false
    /// The sections the header lists, by folder name, in order; nil lists the first `menuLimit`, then "More".
    public var menu: [String]?
    public static let menuLimit = 8
    /// Feeds, social cards, JSON-LD, robots.txt, llms.txt and the sitemap's language alternates (`outputs:`).
    public var outputs = SiteOutputs()
    /// Who writes the site, for feeds and JSON-LD (`author:`); the site's title when not given.
    public var author: String?
    /// How much one answer may weigh (`fetch:`).
    public var fetchLimits = FetchLimits()
    /// How fenced code is highlighted (`highlight:`).
    public var highlight = HighlightSettings()
    /// Whether formulas are made, and the site's macros (`math:`).
    public var math = MathSettings()
    /// How pictures are published (`pictures:`).
    public var pictures = PictureSettings()
    /// The theme's stylesheets and scripts and the data scripts published under fingerprinted names (`fingerprints:`).
    public var fingerprints = true
    /// Full-text search (`SearchIndex`): the index, the header's box and a search page; `search: false` leaves them out.
    public var search = true
    /// How much of one page the index takes (`search: {words_per_page: N}`).
    public var searchBounds = SearchText.Bounds.standard
    /// The ways pages are sorted by subject (`taxonomies:`): tags and categories unless site.yml says otherwise.
    public var taxonomies = Taxonomy.defaults
    /// The folder of the site's pages, relative to the site folder: `Content`, or a docs folder's own (`docs`, `src`).
    public var contentFolder = "Content"
    /// The MkDocs or mdBook config the site was read from, if any.
    public var docs: DocsProject?
    /// Whether the settings name the language (site.yml, `theme.language`, `book.language`); else it was guessed from the text.
    public var languageGiven = true
    /// Whether the site has a settings file (`Content/site.yml`); a folder without one is read as a docs folder.
    public var siteFile = true

    /// The author's name as feeds and JSON-LD give it.
    public var authorName: String { author ?? title }

    public init(
        title: String = "Vitrina", description: String = "", baseURL: String = "",
        defaultLanguage: String = "es", languages: [String] = ["es", "en"], unsafeHTML: Bool = false,
        sources: [String: SourceConfig] = [:]
    ) {
        self.title = title
        self.description = description
        self.baseURL = baseURL
        self.defaultLanguage = defaultLanguage
        self.languages = languages
        self.unsafeHTML = unsafeHTML
        self.sources = sources
    }

    /// The default language first, then the others in the order given.
    public var orderedLanguages: [String] {
        [defaultLanguage] + languages.filter { $0 != defaultLanguage }
    }

    public func source(_ name: String) -> SourceConfig? { sources[name] }
}

/// One API source: where it lives and how politely to ask it.
/// Una fuente de API: dónde está y con cuánta cortesía preguntarle.
public struct SourceConfig: Sendable, Equatable {
    public var baseURL: String
    public var limit: Int?
    public var pageSize: Int
    public var maxAge: Duration
    public var concurrency: Int
    /// The API resources to fetch (`[character, episode]`); nil means all the feature knows.
    public var resources: [String]?
    /// How to list the items of any JSON API (`items:`); nil for the sources a feature of Vitrina reads.
    /// Cómo listar los elementos de cualquier API JSON (`items:`); nil en las fuentes que lee una función de Vitrina.
    public var items: ItemsDeclaration?
    /// The folder of `Content/` whose `source.yml` declares it (its pages' folder); nil for sources of site.yml.
    public var folder: String?
    /// Other hosts its pictures live on (`media_hosts: [images.example.org]`), requested over https like base_url's.
    public var mediaHosts: [String] = []

    public init(baseURL: String, limit: Int? = nil, pageSize: Int = 20, maxAge: Duration = .seconds(86_400), concurrency: Int = 4,
                resources: [String]? = nil, items: ItemsDeclaration? = nil) {
        self.items = items
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.limit = limit
        self.pageSize = pageSize
        self.maxAge = maxAge
        self.concurrency = concurrency
        self.resources = resources
    }

    public func includes(_ resource: String) -> Bool { resources?.contains(resource) ?? true }

    /// The file that declares it: `Content/site.yml`, or `Content/<folder>/source.yml`.
    public var declaredIn: String { folder.map { "Content/\($0)/source.yml" } ?? "Content/site.yml" }

    /// What decides which URLs a Swift client reads from the source and what it keeps of them.
    package var readingKey: String {
        [baseURL, limit.map(String.init) ?? "-", String(pageSize), (resources ?? []).joined(separator: ",")].joined(separator: " ")
    }

    /// One of its keys as that file spells it: `sources.shop.items.id` in site.yml, `items.id` in a source.yml.
    public func key(_ name: String, _ path: String) -> String { folder == nil ? "sources.\(name).\(path)" : path }
}

extension SiteConfig {
    /// Reads and validates `site.yml`; errors name the file, the line and the key.
    /// Without a site.yml, a folder of Markdown still builds: defaults, titled after the site's folder.
    public static func load(path: String) throws -> SiteConfig {
        guard Files.exists(path) else {
            let content = (path as NSString).deletingLastPathComponent
            guard Files.isDirectory(content) else {
                throw VitrinaError(.config, "\(content) not found: a site is a folder holding Content/ (run `vitrina build --site DIR`, or `vitrina new DIR` to start one)")
            }
            var config = try parse("title: Vitrina", file: path)
            config.title = ((content as NSString).deletingLastPathComponent as NSString).lastPathComponent
            config.languageGiven = false
            config.siteFile = false
            return config
        }
        return try parse(try Files.readText(path), file: path) { config in
            try config.addFolderSources(contentDirectory: (path as NSString).deletingLastPathComponent)
        }
    }

    /// The settings of the site in `siteDirectory` whose pages are in `contentFolder`: `Content/site.yml`, or a docs
    /// folder's `mkdocs.yml` or `book.toml` with a `site.yml` beside it overriding; with no language named, the
    /// language the pages are written in.
    /// Los ajustes del sitio: `Content/site.yml`, o el `mkdocs.yml`/`book.toml` de una carpeta de documentación.
    public static func load(siteDirectory: String, contentFolder: String) throws -> SiteConfig {
        let contentDirectory = Files.join(siteDirectory, contentFolder)
        guard let file = DocsProject.configFile(in: siteDirectory) else {
            var config = try load(path: Files.join(contentDirectory, "site.yml"))
            if !config.languageGiven { config.guessLanguage(contentDirectory: contentDirectory) }
            return config
        }
        var project = try DocsProject.load(siteDirectory: siteDirectory, file: file)
        guard Files.isDirectory(Files.join(siteDirectory, project.contentFolder)) else {
            throw VitrinaError(.config, "\(file): its pages' folder \(project.contentFolder)/ is not there; write the pages there or name their folder "
                + (project.generator == .mdbook ? "in [book] src =" : "in docs_dir:"))
        }
        var text = try Files.readText(Files.join(siteDirectory, file))
        if project.generator == .mdbook {
            let summary = Files.join(project.contentFolder, "SUMMARY.md")
            if SafePath.kind(Files.join(siteDirectory, summary)) == .file {
                let summaryText = try Files.readText(Files.join(siteDirectory, summary))
                project.outline = try MdBookSummary.read(summaryText, file: summary)
                text += summaryText
            }
        }
        let language = (project.language?.isEmpty ?? true) ? nil : project.language!.lowercased()
        var config = SiteConfig(title: project.title ?? (siteDirectory as NSString).standardizingPath.split(separator: "/").last.map(String.init) ?? "Docs",
                                description: project.description ?? "", baseURL: project.siteURL ?? "",
                                defaultLanguage: language ?? "en", languages: [language ?? "en"])
        config.contentFolder = project.contentFolder
        config.languageGiven = language != nil
        config.textFingerprint = Fingerprint.hex(Array(text.utf8))
        config.docs = project
        if !config.languageGiven { config.guessLanguage(contentDirectory: Files.join(siteDirectory, project.contentFolder)) }
        let beside = Files.join(siteDirectory, "site.yml")
        guard SafePath.kind(beside) == .file else { return config }
        return try parse(try Files.readText(beside), file: "site.yml", base: config)
    }

    /// One language, the one the pages are written in (`LanguageGuess`).
    mutating func guessLanguage(contentDirectory: String) {
        let language = LanguageGuess.language(ofFolder: contentDirectory)
        defaultLanguage = language
        languages = [language]
    }

    /// The most folders of `Content/` looked into for a `source.yml`.
    static let maxFolders = 10_000

    /// Sources declared beside their pages: `Content/<folder>/source.yml` holds what one entry of `sources:` would, with
    /// `items:`; the folder's name is the source's. Links and other files are never read as a declaration.
    /// Fuentes declaradas junto a sus páginas: `Content/<carpeta>/source.yml`, con el nombre de la carpeta.
    mutating func addFolderSources(contentDirectory: String) throws {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: contentDirectory)) ?? []).prefix(Self.maxFolders).sorted()
        for name in names where !name.hasPrefix(".") && SafePath.kind("\(contentDirectory)/\(name)") == .folder {
            let path = "\(contentDirectory)/\(name)/source.yml", file = "Content/\(name)/source.yml"
            switch SafePath.kind(path) {
            case .missing: continue
            case .file: break
            default: throw VitrinaError(.config, "\(file) is not a regular file (a link or a special file); write the declaration there as a plain file")
            }
            let text = try Files.readText(path)
            let node = try SafeYAML.compose(text, file: file, stage: .config)
            guard let root = node, let map = root.mapping else {
                throw VitrinaError(.config, "\(file): expected a mapping with base_url: and items:, like one entry of sources: in site.yml")
            }
            if sources[name] != nil {
                throw VitrinaError(.config, "\(file) declares the source \(name), which Content/site.yml declares too; keep one of them")
            }
            var source = try YAMLReader(file: file, holdsOneSource: true).source(map, name: name, at: root)
            guard source.items != nil else {
                throw VitrinaError(.config, "\(file):\(root.mark?.line ?? 1): a source beside its pages must declare its items:; "
                    + "see the guide's \"Pages from any JSON API\"")
            }
            source.folder = name
            sources[name] = source
            textFingerprint = BuildInput.of("config", textFingerprint, name, text).fingerprint
            sourceOrder.append(name)
        }
    }

    /// `more` adds what site.yml does not hold (the sources of `Content/<folder>/source.yml`) before the defaults that
    /// depend on the sources are set.
    public static func parse(_ yaml: String, file: String, base: SiteConfig = SiteConfig(),
                             more: (inout SiteConfig) throws -> Void = { _ in }) throws -> SiteConfig {
        let node = try SafeYAML.compose(yaml, file: file, stage: .config)
        guard let root = node?.mapping else {
            throw VitrinaError(.config, "\(file): expected a mapping of settings (title:, languages:, sources: ...)")
        }
        let reader = YAMLReader(file: file)
        var config = base
        config.textFingerprint = Fingerprint.hex(Array(yaml.utf8)) + base.textFingerprint
        config.title = try reader.string(root, "title") ?? config.title
        config.description = try reader.string(root, "description") ?? config.description
        config.baseURL = try reader.string(root, "base_url") ?? config.baseURL
        let language = try reader.string(root, "default_language")
        config.defaultLanguage = language ?? config.defaultLanguage
        config.languages = try reader.strings(root, "languages") ?? [config.defaultLanguage]
        if language != nil || root["languages"] != nil { config.languageGiven = true }
        config.unsafeHTML = try reader.bool(root, "unsafe_html") ?? false
        config.pageSize = try reader.int(root, "page_size", maximum: 1_000) ?? config.pageSize
        config.menu = try reader.strings(root, "menu")
        config.outputs = try reader.outputs(root)
        config.author = try reader.string(root, "author").flatMap { $0.isEmpty ? nil : $0 }
        config.fetchLimits = try reader.fetchLimits(root)
        config.highlight = try reader.highlight(root)
        config.math = try reader.math(root)
        config.pictures = try reader.pictures(root)
        config.fingerprints = try reader.bool(root, "fingerprints") ?? true
        (config.search, config.searchBounds) = try reader.search(root)
        config.appScreens = try reader.bool(root, "app_screens") ?? false
        config.taxonomies = try reader.taxonomies(root)
        if !config.languages.contains(config.defaultLanguage) {
            throw VitrinaError(.config, "\(file): default_language \(config.defaultLanguage) is not in languages \(config.languages)")
        }
        if let sources = root["sources"] {
            guard let mapping = sources.mapping else {
                throw VitrinaError(.config, "\(file):\(reader.line(sources)): sources must be a mapping of NAME: {base_url: ...}")
            }
            for (key, value) in mapping {
                guard let name = key.string, let settings = value.mapping else {
                    throw VitrinaError(.config, "\(file):\(reader.line(value)): each source must be a mapping with base_url")
                }
                config.sources[name] = try reader.source(settings, name: name, at: value)
                config.sourceOrder.append(name)
            }
        }
        try more(&config)
        let declared = Set(config.taxonomies.map(\.name))
        for (name, source) in config.sources.sorted(by: { $0.key < $1.key }) {
            for taxonomy in (source.items?.taxonomies.keys).map(Array.init) ?? [] where !declared.contains(taxonomy) {
                throw VitrinaError(.config, "\(file): sources.\(name).items.taxonomies.\(taxonomy): the site has no taxonomy \(taxonomy); "
                    + "add it to taxonomies: (\(declared.sorted().joined(separator: ", ")))")
            }
        }
        return config
    }
}

/// Typed access to YAML mappings with errors that point at the line.
/// Acceso tipado a mapas YAML con errores que señalan la línea.
struct YAMLReader {
    let file: String
    /// The file holds one source by itself (`Content/<folder>/source.yml`), whose keys have no `sources.<name>.` in front.
    var holdsOneSource = false

    /// A source's key as the file spells it.
    func sourceKey(_ name: String, _ path: String) -> String { holdsOneSource ? path : "sources.\(name).\(path)" }

    /// Yams marks are already 1-based.
    func line(_ node: Node) -> Int { node.mark?.line ?? 1 }

    func string(_ map: Node.Mapping, _ key: String) throws -> String? {
        guard let node = map[key] else { return nil }
        if case .scalar(let scalar) = node { return scalar.string }
        throw VitrinaError(.config, "\(file):\(line(node)): \(key) must be text")
    }

    func strings(_ map: Node.Mapping, _ key: String) throws -> [String]? {
        guard let node = map[key] else { return nil }
        guard let items = node.sequence?.compactMap(\.string) else {
            throw VitrinaError(.config, "\(file):\(line(node)): \(key) must be a list, like [es, en]")
        }
        return items
    }

    func bool(_ map: Node.Mapping, _ key: String) throws -> Bool? {
        guard let node = map[key] else { return nil }
        guard let value = node.bool else { throw VitrinaError(.config, "\(file):\(line(node)): \(key) must be true or false") }
        return value
    }

    /// `search:`: true, false, or `{words_per_page: N}` (on, each page's words bounded to N).
    func search(_ map: Node.Mapping) throws -> (Bool, SearchText.Bounds) {
        guard let node = map["search"], let settings = node.mapping else { return (try bool(map, "search") ?? true, .standard) }
        for key in settings.keys where key.string != "words_per_page" {
            throw VitrinaError(.config, "\(file):\(line(key)): search: knows words_per_page only, like search: {words_per_page: 10000}")
        }
        guard let node = settings["words_per_page"] else { return (true, .standard) }
        let range = SearchText.Bounds.least.words...SearchText.Bounds.most.words
        guard let words = node.int, range.contains(words) else {
            throw VitrinaError(.config, "\(file):\(line(node)): search.words_per_page must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return (true, SearchText.Bounds(words: words))
    }

    /// A whole number from 1 to `maximum`; anything else names the file, the line and the key (as `named` spells it).
    func int(_ map: Node.Mapping, _ key: String, maximum: Int) throws -> Int? {
        guard let node = map[key] else { return nil }
        return try int(node, maximum: maximum, named: key)
    }

    /// The same for a value already found, named as the error should name it (`pictures.quality`).
    func int(_ node: Node, maximum: Int, named: String) throws -> Int {
        guard let value = node.int, (1...maximum).contains(value) else {
            throw VitrinaError(.config, "\(file):\(line(node)): \(named) must be a whole number from 1 to \(maximum)")
        }
        return value
    }

    func duration(_ map: Node.Mapping, _ key: String) throws -> Duration? {
        guard let node = map[key], let text = node.string else { return nil }
        guard let duration = DurationText.parse(text) else {
            throw VitrinaError(.config, "\(file):\(line(node)): \(key) \"\(text)\" is not a duration up to \(DurationText.maxDays)d; write seconds or 30m, 12h, 7d")
        }
        return duration
    }

    func source(_ map: Node.Mapping, name: String, at node: Node) throws -> SourceConfig {
        guard let base = try string(map, "base_url"), base.hasPrefix("http://") || base.hasPrefix("https://") else {
            throw VitrinaError(.config, "\(file):\(line(node)): source \(name) needs base_url: https://...")
        }
        let baseLine = map["base_url"].map(line) ?? line(node)
        switch WebOrigin.of(base) {
        case .failure(let refusal):
            throw VitrinaError(.config, "\(file):\(baseLine): \(sourceKey(name, "base_url")) \(Printable.short(base)) is not usable: \(refusal)")
        case .success(let origin) where origin.scheme != "https":
            throw VitrinaError(.config, "\(file):\(baseLine): \(sourceKey(name, "base_url")) must start with https://; to read a local mirror or "
                + "test server over http, keep https:// here and pass --api \(name)=\(Printable.short(base)) (guide: Security)")
        case .success: break
        }
        var source = SourceConfig(baseURL: base)
        source.mediaHosts = try mediaHosts(map, source: name)
        source.limit = try int(map, "limit", maximum: 100_000)
        source.pageSize = try int(map, "page_size", maximum: 1_000) ?? source.pageSize
        source.maxAge = try duration(map, "max_age") ?? source.maxAge
        source.concurrency = try int(map, "concurrency", maximum: 64) ?? source.concurrency
        source.resources = try strings(map, "resources")
        source.items = try map["items"].map { try itemsDeclaration($0, source: name) }
        return source
    }
}

extension YAMLReader {
    /// `media_hosts: [images.example.org, cdn.example.org:8443]`: host names (or addresses) with an optional port.
    func mediaHosts(_ map: Node.Mapping, source name: String) throws -> [String] {
        guard let node = map["media_hosts"] else { return [] }
        let key = sourceKey(name, "media_hosts")
        guard let items = node.sequence, items.count <= 64 else {
            throw VitrinaError(.config, "\(file):\(line(node)): \(key) must be a list of at most 64 host names, like [images.example.org]")
        }
        return try items.map { item in
            guard let text = item.string, case .success(let origin) = WebOrigin.hostAndPort(text, scheme: "https") else {
                throw VitrinaError(.config, "\(file):\(line(item)): \(key): \(Printable.short(item.string ?? "?", limit: 80)) is not a host name; "
                    + "write the host alone (images.example.org, or with a port: images.example.org:8443), without https:// or a path")
            }
            return origin.port == 443 ? origin.host : "\(origin.host):\(origin.port)"
        }
    }
}

/// `90`, `30s`, `15m`, `12h`, `7d` as durations, up to ten years.
/// `90`, `30s`, `15m`, `12h`, `7d` como duraciones, hasta diez años.
public enum DurationText {
    public static let maxDays: Int64 = 3_650

    public static func parse(_ text: String) -> Duration? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        let units: [Character: Int64] = ["s": 1, "m": 60, "h": 3_600, "d": 86_400]
        var seconds: Int64?
        if let unit = trimmed.last, let factor = units[unit], let value = Int64(trimmed.dropLast()) {
            let (product, overflow) = value.multipliedReportingOverflow(by: factor)
            seconds = overflow ? nil : product
        } else {
            seconds = Int64(trimmed)
        }
        guard let seconds, (0...maxDays * 86_400).contains(seconds) else { return nil }
        return .seconds(seconds)
    }
}
