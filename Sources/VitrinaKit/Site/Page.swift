/// One page of the site: where it goes, in which language, which template draws it and with what.
/// Its fields live in one shared box, so that a copy (sorting, listing, digesting 100,000 pages) is one reference
/// count instead of one per field; a change copies the box only when another page shares it.
/// Una página del sitio: dónde va, en qué idioma, qué plantilla la dibuja y con qué.
public struct Page: Sendable {
    /// The fields of a page, as one value.
    private struct Fields: Sendable {
        let route: Route
        let language: String
        let template: String
        let title: String
        let description: String
        let navigationKey: String
        let alternates: [String: Route]
        let makeContent: @Sendable () -> any Sendable
        var inSitemap: Bool
        var kind: String
        var scripts: [String] = []
        var styles: [String] = []
        var searchKind: String?
        var searchSource: SearchSource?
        var inputs: [BuildInput] = []
        var facts = PageFacts()
        var terms: [String: [String]] = [:]
        var taxonomy: PageTaxonomyView?
        var unresolvedLinks: [String] = []
    }

    /// Changed only through `unique()`, that is while no other page holds it, so it is never changed while shared.
    /// Solo cambia a través de `unique()`, cuando ninguna otra página lo comparte.
    private final class Box: @unchecked Sendable {
        @exclusivity(unchecked) var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private var box: Box

    /// The box, copied first if another page shares it.
    private mutating func unique() -> Box {
        if !isKnownUniquelyReferenced(&box) { box = Box(box.fields) }
        return box
    }

    public var route: Route { box.fields.route }
    public var language: String { box.fields.language }
    public var template: String { box.fields.template }
    public var title: String { box.fields.title }
    public var description: String { box.fields.description }
    /// The key of the navigation entry it belongs to (`pokemon`, `characters`, ...), for the current-page mark.
    public var navigationKey: String { box.fields.navigationKey }
    /// The same page in every language, for the language switch.
    public var alternates: [String: Route] { box.fields.alternates }
    /// What its template draws, made when it is drawn: a page whose inputs did not change never makes it.
    public var content: any Sendable { box.fields.makeContent() }
    public var inSitemap: Bool {
        get { box.fields.inSitemap }
        _modify { yield &unique().fields.inSitemap }
    }
    /// What kind of screen it is (`pokemon-list`, `character`, `map`…), for `<html data-page>` and the scripts.
    public var kind: String {
        get { box.fields.kind }
        _modify { yield &unique().fields.kind }
    }
    /// Extra scripts and stylesheets, as paths from the site root (`assets/js/map.js`).
    public var scripts: [String] {
        get { box.fields.scripts }
        _modify { yield &unique().fields.scripts }
    }
    public var styles: [String] {
        get { box.fields.styles }
        _modify { yield &unique().fields.styles }
    }
    /// Listed in the site search index under this kind (`pokemon`, `character`, `doc`…), or not at all.
    public var searchKind: String? {
        get { box.fields.searchKind }
        _modify { yield &unique().fields.searchKind }
    }
    /// Its text for the full-text index (`SearchIndex`), beside its title; nil: only its title, when it has a search kind.
    public var searchSource: SearchSource? {
        get { box.fields.searchSource }
        _modify { yield &unique().fields.searchSource }
    }
    /// What the page is made from besides the site-wide inputs (config, template, strings); none means "everything".
    public var inputs: [BuildInput] {
        get { box.fields.inputs }
        _modify { yield &unique().fields.inputs }
    }
    /// Its picture, date, schema, breadcrumbs and feed, for meta tags, JSON-LD and feeds.
    public var facts: PageFacts {
        get { box.fields.facts }
        _modify { yield &unique().fields.facts }
    }
    /// Its terms by taxonomy, as its front matter lists them (`tags: [viaje]`).
    public var terms: [String: [String]] {
        get { box.fields.terms }
        _modify { yield &unique().fields.terms }
    }
    /// Links to its terms' pages and to related pages, made by the planner once every page is known.
    public var taxonomy: PageTaxonomyView? {
        get { box.fields.taxonomy }
        _modify { yield &unique().fields.taxonomy }
    }

    /// The links its Markdown keeps as written because they reach nothing: reported against the Markdown source, so
    /// the link check leaves them out.
    public var unresolvedLinks: [String] {
        get { box.fields.unresolvedLinks }
        _modify { yield &unique().fields.unresolvedLinks }
    }

    public init(route: Route, language: String, template: String, title: String, description: String = "",
                navigationKey: String, alternates: [String: Route], content: any Sendable, inSitemap: Bool = true) {
        self.init(route: route, language: language, template: template, title: title, description: description,
                  navigationKey: navigationKey, alternates: alternates, inSitemap: inSitemap, makeContent: { content })
    }

    /// A page whose view model is made only if the page is drawn (`makeContent` must not depend on anything that
    /// changes after planning).
    public init(route: Route, language: String, template: String, title: String, description: String = "",
                navigationKey: String, alternates: [String: Route], inSitemap: Bool = true,
                makeContent: @escaping @Sendable () -> any Sendable) {
        let kind = template.utf8.contains(UInt8(ascii: "/")) ? template.replacingOccurrences(of: "/", with: "-") : template
        box = Box(Fields(route: route, language: language, template: template, title: title, description: description,
                         navigationKey: navigationKey, alternates: alternates, makeContent: makeContent, inSitemap: inSitemap,
                         kind: kind))
    }

    /// The same page, also made from `inputs`.
    public func with(inputs more: [BuildInput]) -> Page {
        var page = self
        page.inputs += more
        return page
    }

    /// The same page showing `text`: made also from where its links lead, and knowing which of them reach nothing.
    public func showing(_ text: LinkedHTML?) -> Page {
        guard let text else { return self }
        var page = self
        if let input = text.input { page.inputs.append(input) }
        if !text.unresolved.isEmpty { page.unresolvedLinks += text.unresolved }
        return page
    }

    /// The same page, listed under `terms`.
    public func with(terms: [String: [String]]) -> Page {
        var page = self
        page.terms = terms
        return page
    }

    /// The same page in the full-text index under `kind`, with its text (the Markdown's HTML and its headings).
    public func searching(_ kind: String, _ source: SearchSource) -> Page {
        var page = self
        page.searchKind = page.searchKind ?? kind
        page.searchSource = source
        return page
    }

    /// The same page with extra scripts, styles, a page kind or a search listing.
    public func with(kind: String? = nil, scripts: [String] = [], styles: [String] = [], searchKind: String? = nil) -> Page {
        var page = self
        if let kind { page.kind = kind }
        page.scripts += scripts
        page.styles += styles
        if let searchKind { page.searchKind = searchKind }
        return page
    }
}

/// What a feature's page builders are handed, one part per job: the settings, the UI strings, where pages go in each
/// language (`routes`), how pages show pictures (`pictures`) and where links written in Markdown lead (`links`). Code
/// that does one of those jobs takes that part alone.
/// Lo que reciben los constructores de páginas de una función, una parte por tarea.
public struct PageContext: Sendable {
    public let config: SiteConfig
    public let strings: Strings
    public let routes: SiteRoutes
    public let pictures: PictureViews
    /// Where links written in Markdown lead; filled by the planner once it knows every Markdown page.
    public var links: ContentLinks

    public init(config: SiteConfig, strings: Strings, media: MediaCatalog) {
        self.config = config
        self.strings = strings
        routes = SiteRoutes(config: config, strings: strings)
        pictures = PictureViews(media: media)
        links = ContentLinks(defaultLanguage: config.defaultLanguage, contentFolder: config.contentFolder)
    }
}

/// Where pages go in each language: the default language at the site root, the others below their code, folder names
/// from the strings (`route_store`: `tienda`, `store`).
/// Dónde van las páginas en cada idioma: el idioma por defecto en la raíz, los demás bajo su código.
public struct SiteRoutes: Sendable {
    public let languages: [String]
    public let defaultLanguage: String
    private let strings: Strings

    public init(config: SiteConfig, strings: Strings) {
        languages = config.orderedLanguages
        defaultLanguage = config.defaultLanguage
        self.strings = strings
    }

    /// A folder name of a route in `language`, from the strings; checked by `Strings.checkRouteSegments` before any page
    /// is planned.
    public func segment(_ key: String, _ language: String) -> String { strings.text(key, language) }

    /// A route in `language`; the default language lives at the root.
    public func route(_ language: String, _ segments: String...) -> Route { route(language, segments) }

    public func route(_ language: String, _ segments: [String], then last: String? = nil) -> Route {
        Route.page(language: language, defaultLanguage: defaultLanguage, segments, then: last)
    }

    /// The same route for every language.
    public func alternates(_ make: (String) -> Route) -> [String: Route] {
        Dictionary(uniqueKeysWithValues: languages.map { ($0, make($0)) })
    }
}

/// How pages show the pictures of the media catalogue: each with its size and WebP variants, or the placeholder at
/// the size expected when it could not be had.
/// Cómo muestran las páginas las imágenes del catálogo: con su tamaño y variantes, o el sustituto.
public struct PictureViews: Sendable {
    public let media: MediaCatalog

    /// Where a picture of the catalogue is published (`media/…`), or nil when it could not be had.
    public func path(_ key: String?) -> String? { media[key]?.path }

    /// An image as a page at `route` shows it: a local file with its size, or the placeholder at the expected size.
    public func image(_ key: String?, alt: String, from route: Route, expected: (width: Int, height: Int)) -> ImageView {
        if let file = media[key] {
            var view = ImageView(src: route.link(toFile: file.path), width: file.width, height: file.height, alt: alt, placeholder: false)
            if !file.webp.isEmpty {
                view.webpSrcset = file.webpSrcset { route.link(toFile: $0) }
                view.sizes = file.defaultSizes
            }
            return view
        }
        return ImageView(src: route.link(toFile: "assets/placeholder.svg"), width: expected.width, height: expected.height, alt: alt, placeholder: true)
    }
}

/// An `<img>`: relative src, intrinsic size (no layout shift), alt text.
/// Un `<img>`: src relativo, tamaño propio (sin saltos de maquetación) y texto alternativo.
public struct ImageView: Sendable {
    public let src: String
    public let width: Int
    public let height: Int
    public let alt: String
    public let placeholder: Bool
    /// `data-` attributes a feature's script reads on the picture (`data-shiny-src`), by name without `data-`.
    public var dataAttributes: [DataAttribute] = []
    /// The WebP variants as a `srcset` (`a-320.x.webp 320w, a-640.y.webp 640w`), and the `sizes` they are chosen by; nil
    /// for a picture published as it came (SVG, GIF, icons, pixel art).
    public var webpSrcset: String?
    public var sizes: String?

    package init(src: String, width: Int, height: Int, alt: String, placeholder: Bool, webpSrcset: String? = nil, sizes: String? = nil) {
        self.src = src
        self.width = width
        self.height = height
        self.alt = alt
        self.placeholder = placeholder
        self.webpSrcset = webpSrcset
        self.sizes = sizes
    }
}

/// A link with its text, and whether it is the current page.
/// Un enlace con su texto, y si es la página actual.
public struct LinkView: Sendable {
    public let href: String
    public let label: String
    public var current: Bool = false

    package init(href: String, label: String, current: Bool = false) {
        self.href = href
        self.label = label
        self.current = current
    }
}

/// Numbered pages with previous and next: the first and last page and two on each side of the current one, with a
/// gap (…) for the numbers left out, so a section of a hundred pages does not list a hundred links on each.
/// Páginas numeradas con anterior y siguiente: la primera, la última y dos a cada lado de la actual, con huecos (…).
public struct PaginationView: Sendable {
    public let pages: [PageNumberView]
    public let previous: LinkView?
    public let next: LinkView?
    public let isNeeded: Bool

    public init(count: Int, current: Int, route: Route, link: (Int) -> Route, previousLabel: String, nextLabel: String) {
        pages = Self.window(count: max(count, 1), current: current).map { number in
            guard let number else { return PageNumberView(href: "", label: "…", current: false, gap: true) }
            return PageNumberView(href: route.link(to: link(number)), label: "\(number)", current: number == current, gap: false)
        }
        previous = current > 1 ? LinkView(href: route.link(to: link(current - 1)), label: previousLabel) : nil
        next = current < count ? LinkView(href: route.link(to: link(current + 1)), label: nextLabel) : nil
        isNeeded = count > 1
    }

    /// The page numbers shown, nil for a gap; a gap that would hide a single number shows it instead.
    static func window(count: Int, current: Int, radius: Int = 2) -> [Int?] {
        let near = max(1, current - radius)...min(count, max(1, current + radius))
        var shown: [Int?] = []
        var previous = 0
        for number in Set([1, count] + Array(near)).sorted() {
            if number - previous == 2 { shown.append(previous + 1) } else if number - previous > 2 { shown.append(nil) }
            shown.append(number)
            previous = number
        }
        return shown
    }
}

/// One entry of a pagination: a page number (the current one marked) or a gap.
/// Una entrada de la paginación: un número de página (la actual marcada) o un hueco.
public struct PageNumberView: Sendable {
    public let href: String
    public let label: String
    public let current: Bool
    public let gap: Bool
}

/// One thing a page is made from (a content file, a folder's listing, an API source, a template, the strings),
/// with the fingerprint of its current content: a page whose inputs all match the last build's is not drawn again.
/// Algo de lo que está hecha una página, con la huella de su contenido actual: si todo coincide, no se vuelve a dibujar.
public struct BuildInput: Sendable, Hashable {
    public let key: String
    public let fingerprint: String

    public init(key: String, fingerprint: String) {
        self.key = key
        self.fingerprint = fingerprint
    }

    public static func file(_ path: String, _ fingerprint: String) -> BuildInput { BuildInput(key: "file:\(path)", fingerprint: fingerprint) }
}

/// A `data-` attribute of an element, by its name without `data-` (a name of the theme's, never data) and its value.
/// Un atributo `data-` de un elemento: su nombre sin `data-` (del tema, nunca un dato) y su valor.
public struct DataAttribute: Sendable, Equatable {
    public let name: String
    public let value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

extension ImageView: TemplateConvertible {
    package var templateValue: TemplateValue {
        var fields: TemplateObject = ["src": .string(src), "width": .int(width), "height": .int(height), "alt": .string(alt),
                                               "placeholder": .bool(placeholder)]
        // Always there, even empty, so the section never finds a `dataAttributes` of an enclosing context.
        fields["dataAttributes"] = .list(dataAttributes.map { .object(["name": .string($0.name), "value": .string($0.value)]) })
        if let webpSrcset, let sizes {
            fields["webp"] = .string(webpSrcset)
            fields["sizes"] = .string(sizes)
        }
        return .object(fields)
    }
}

extension LinkView: TemplateConvertible {
    package var templateValue: TemplateValue { .object(["href": .string(href), "label": .string(label), "current": .bool(current)]) }
}

extension PageNumberView: TemplateConvertible {
    package var templateValue: TemplateValue { .object(["href": .string(href), "label": .string(label), "current": .bool(current), "gap": .bool(gap)]) }
}

extension PaginationView: TemplateConvertible {
    package var templateValue: TemplateValue {
        var fields: TemplateObject = ["pages": pages.templateValue, "isNeeded": .bool(isNeeded)]
        if let previous { fields["previous"] = previous.templateValue }
        if let next { fields["next"] = next.templateValue }
        return .object(fields)
    }
}
