/// One feature of the site: the sources and folders it reads, how it loads, and what it adds to the site.
/// The pipeline and the planner only ever iterate over a list of these (a `FeatureSet`, the registry's).
/// Una función del sitio: las fuentes y carpetas que lee, cómo se carga y lo que añade al sitio.
public protocol Feature: Sendable {
    /// Its key: navigation entry, home card and strings (`nav_<key>`, `card_<key>_title`).
    var key: String { get }
    /// The `sources:` entries of `site.yml` it reads, with the resources each may list (empty: no resources to choose).
    var sources: [String: [String]] { get }
    /// The folders of `Content/` it owns (not built as folders of Markdown).
    var folders: [String] { get }
    /// The strings naming its route segments (`route_store`), which every language must have.
    var routeKeys: [String] { get }
    /// Values of strings it reads, for a theme that has none: see `Strings.filling`.
    /// Valores de textos que lee, para un tema que no los tiene.
    var defaultStrings: [String: String] { get }
    /// Fetches and maps, or reads Markdown; nil when the site has nothing for it.
    func load(_ context: FeatureContext) async throws -> (any LoadedFeature)?
}

extension Feature {
    public var sources: [String: [String]] { [:] }
    public var folders: [String] { [] }
    public var routeKeys: [String] { [] }
    public var defaultStrings: [String: String] { [:] }
    /// Loaded in the fetch stage (it reads API sources) or in the content stage (Markdown only).
    package var readsSources: Bool { !sources.isEmpty }
}

/// What a feature may use while it loads.
/// Lo que una función puede usar mientras se carga.
public struct FeatureContext: Sendable {
    public let config: SiteConfig
    public let fetcher: Fetcher
    public var documents: DocumentLoader
    /// Drafts are built (`--drafts`).
    public let drafts: Bool
    /// The top-level folders of `Content/` that features own (`diary`) or that hold data (`data`).
    public var reserved: Set<String> = []

    /// The site's `Content/` folder.
    public var contentDirectory: String { Files.join(documents.siteDirectory, documents.contentFolder) }

    package init(config: SiteConfig, fetcher: Fetcher, documents: DocumentLoader, drafts: Bool, reserved: Set<String> = []) {
        self.config = config
        self.fetcher = fetcher
        self.documents = documents
        self.drafts = drafts
        self.reserved = reserved
    }
}

/// What a feature loaded: its images, its Markdown for the link resolver, and its part of the site.
/// Lo que cargó una función: sus imágenes, su Markdown para el resolvedor de enlaces y su parte del sitio.
public protocol LoadedFeature: Sendable {
    /// Remote images downloaded into `media/`, each with where the API named it.
    var remoteImages: [RemoteImage] { get }
    /// Pictures of `Content/` published as media (diary photos).
    var localImages: [LocalImage] { get }
    /// Registers its Markdown pages and folders with the site's one link resolver.
    func register(_ links: inout ContentLinks, pageContext: PageContext)
    /// Throws when the theme cannot draw what was loaded (a template missing, a field it shows that the data lacks);
    /// returns what it draws, but not as declared (a strings key that no language has), as warnings.
    func check(_ theme: Theme, strings: Strings) throws -> [String]
    /// Its navigation entries, home cards, pages, data scripts and maps.
    func contribution(pageContext: PageContext, inputs: FeatureInputs) -> FeatureContribution
    /// What the build's report says once, which is no problem of the site (a shallow clone shows no page dates).
    var notes: [String] { get }
}

extension LoadedFeature {
    public var remoteImages: [RemoteImage] { [] }
    public var localImages: [LocalImage] { [] }
    public func register(_ links: inout ContentLinks, pageContext: PageContext) {}
    public func check(_ theme: Theme, strings: Strings) throws -> [String] { [] }
    public var notes: [String] { [] }
}

/// A picture an API names, with the API URL and the JSON path that named it, for the warning when it is refused or
/// cannot be had.
/// Una imagen que nombra una API, con la URL y la ruta JSON que la nombraron, para el aviso si se rechaza o falta.
public struct RemoteImage: Sendable, Hashable {
    public let url: String
    /// `https://rickandmortyapi.com/api/character?page=2 at results[3].image`.
    public let namedAt: String

    public init(url: String, namedAt: String) {
        self.url = url
        self.namedAt = namedAt
    }

    public init(url: String, response: String, path: String) {
        self.init(url: url, namedAt: "\(response) at \(path)")
    }
}

/// A picture from `Content/<folder>/<path>` published as `media/<folder>/<path>`, found in the catalogue by `key`.
/// Una imagen de `Content/<carpeta>/<ruta>` publicada en `media/`, buscada en el catálogo por `key`.
public struct LocalImage: Sendable, Equatable {
    public let path: String
    public let folder: String
    public let key: String
    /// The file that names it, for the warning when it is missing.
    public let owner: String

    package init(path: String, folder: String, key: String, owner: String) {
        self.path = path
        self.folder = folder
        self.key = key
        self.owner = owner
    }
}

/// A feature's part of the site.
/// La parte del sitio de una función.
public struct FeatureContribution: Sendable {
    public var navigation: [PageRenderer.NavigationEntry] = []
    public var cards: [FeatureCard] = []
    /// Builds its pages; the planner runs every feature's job in parallel.
    public var pages: (@Sendable () -> [Page])?
    /// Scripts of data the client side reads (`assets/data/*.js`).
    public var dataFiles: [DataFile] = []
    /// Its maps, listed on the maps screen.
    public var maps: [MapLink] = []
    /// The site's guide, where the components screen's sample link goes.
    public var guide: (@Sendable (String) -> Route)?
    /// The UI strings its scripts read from the page (`#vitrina-strings`).
    public var scriptStrings: [String] = []

    public init(navigation: [PageRenderer.NavigationEntry] = [], cards: [FeatureCard] = [], pages: (@Sendable () -> [Page])? = nil,
                dataFiles: [DataFile] = [], maps: [MapLink] = [], guide: (@Sendable (String) -> Route)? = nil, scriptStrings: [String] = []) {
        self.navigation = navigation
        self.cards = cards
        self.pages = pages
        self.dataFiles = dataFiles
        self.maps = maps
        self.guide = guide
        self.scriptStrings = scriptStrings
    }

    /// The usual entry: a navigation link and a home card to the same route.
    public static func section(_ key: String, icon: String, route: @escaping @Sendable (String) -> Route,
                               pages: @escaping @Sendable () -> [Page]) -> FeatureContribution {
        FeatureContribution(navigation: [.init(key: key, labelKey: "nav_\(key)", route: route)],
                            cards: [FeatureCard(key: key, icon: icon, route: route)], pages: pages)
    }
}

/// One feature card of the app's home screen, linking to its section.
/// Una tarjeta de función de la pantalla de inicio, que enlaza a su sección.
public struct FeatureCard: Sendable {
    public let key: String
    public let icon: String
    public let route: @Sendable (String) -> Route
    /// Its own title and text by language, instead of the strings `card_<key>_title` and `card_<key>_text`.
    public var title: (@Sendable (String) -> String)?
    public var text: (@Sendable (String) -> String)?

    public init(key: String, icon: String, route: @escaping @Sendable (String) -> Route, title: (@Sendable (String) -> String)? = nil,
                text: (@Sendable (String) -> String)? = nil) {
        self.key = key
        self.icon = icon
        self.route = route
        self.title = title
        self.text = text
    }
}

/// The whole site as every other feature contributed it, for content drawn from it (the app's screens).
/// Todo el sitio tal como lo aportaron las demás funciones, para el contenido que se dibuja a partir de él.
public struct WholeSite: Sendable {
    /// Every page of the other features, in their order.
    public let pages: [Page]
    public let cards: [FeatureCard]
    public let maps: [MapLink]
    /// The site's guide, when a feature has one.
    public let guide: (@Sendable (String) -> Route)?
}

/// Loaded content drawn from the whole site, after every other feature: the app's home, album and map indexes and
/// search. The planner calls it once the other features' pages are built; a site with such content is never redrawn
/// page by page (an edit anywhere may change it).
/// Contenido cargado que se dibuja a partir de todo el sitio, tras las demás funciones.
public protocol WholeSiteContent: LoadedFeature {
    func contribution(drawnFrom site: WholeSite, pageContext: PageContext) -> WholeSiteContribution
}

/// What content drawn from the whole site adds to it.
/// Lo que añade el contenido que se dibuja a partir de todo el sitio.
public struct WholeSiteContribution: Sendable {
    public var pages: [Page] = []
    /// Entries of the header's tools (favourites, settings).
    public var tools: [PageRenderer.NavigationEntry] = []
    /// Where the header's search box goes.
    public var searchRoute: (@Sendable (String) -> Route)?
    /// The UI strings its scripts read from the page (`#vitrina-strings`).
    public var scriptStrings: [String] = []

    public init(pages: [Page] = [], tools: [PageRenderer.NavigationEntry] = [], searchRoute: (@Sendable (String) -> Route)? = nil,
                scriptStrings: [String] = []) {
        self.pages = pages
        self.tools = tools
        self.searchRoute = searchRoute
        self.scriptStrings = scriptStrings
    }
}

/// A map screen of a feature, by the string key of its title.
/// Una pantalla de mapa de una función, por la clave de su título.
public struct MapLink: Sendable {
    public let titleKey: String
    public let route: @Sendable (String) -> Route

    public init(titleKey: String, route: @escaping @Sendable (String) -> Route) {
        self.titleKey = titleKey
        self.route = route
    }
}

/// Inputs of the build a feature's pages may depend on besides what they show of their own items: the whole media
/// catalogue. Pages of API data record what they show of each item (`BuildInput.of`), not one fingerprint per source.
/// Entradas de la construcción de las que pueden depender las páginas de una función además de sus propios elementos.
public struct FeatureInputs: Sendable {
    /// The fingerprint of the whole media catalogue (none before the media stage).
    public let media: [BuildInput]

    public init(media: BuildInput?) { self.media = media.map { [$0] } ?? [] }
}

/// The features a site is made of: a fixed list (the registry's), and the features its settings declare (a source's
/// `items:` in site.yml), which a site needs no Swift for. The build knows features only through this value.
/// Las funciones de las que se hace un sitio: una lista fija y las que declaran sus ajustes.
public struct FeatureSet: Sendable {
    public let fixed: [any Feature]
    public let declared: @Sendable (SiteConfig) -> [any Feature]

    public init(_ fixed: [any Feature], declared: @escaping @Sendable (SiteConfig) -> [any Feature] = { _ in [] }) {
        self.fixed = fixed
        self.declared = declared
    }

    /// The same set with `more` after the fixed features.
    public func adding(_ more: [any Feature]) -> FeatureSet { FeatureSet(fixed + more, declared: declared) }

    /// The site's features: the fixed ones and one per source that declares its items, in navigation order.
    /// Las funciones del sitio: las fijas y una por cada fuente que declara sus elementos, en el orden de la navegación.
    package func features(for config: SiteConfig) -> [any Feature] {
        Self.ordered(fixed + declared(config), config: config)
    }

    /// The features that read sources in the order site.yml lists those sources, then the rest in their given order.
    /// Las funciones que leen fuentes en el orden en que site.yml las lista, luego el resto en su orden.
    package static func ordered(_ features: [any Feature], config: SiteConfig) -> [any Feature] {
        let rank = features.map { feature in feature.sources.keys.compactMap { config.sourceOrder.firstIndex(of: $0) }.min() ?? Int.max }
        return features.indices.sorted { (rank[$0], $0) < (rank[$1], $1) }.map { features[$0] }
    }

    /// Every source name and resource in `config` must be read by some feature; errors name the known ones.
    package static func check(_ config: SiteConfig, against features: [any Feature]) throws {
        var known: [String: [String]] = [:]
        for feature in features {
            for (source, resources) in feature.sources {
                known[source, default: []] += resources.filter { !(known[source] ?? []).contains($0) }
            }
        }
        for name in config.sources.keys.sorted() {
            guard let resources = known[name] else {
                throw VitrinaError(.config, "Content/site.yml: sources.\(name) is read by no feature of Vitrina; "
                    + "known sources are: \(known.keys.sorted().joined(separator: ", ")) — rename it or remove it")
            }
            let unknown = (config.sources[name]?.resources ?? []).filter { !resources.contains($0) }
            if !unknown.isEmpty {
                throw VitrinaError(.config, "Content/site.yml: sources.\(name).resources names \(unknown.joined(separator: ", ")), which Vitrina does not know; use some of: \(resources.joined(separator: ", "))")
            }
        }
    }

}
