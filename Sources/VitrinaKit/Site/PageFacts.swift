/// What a page says of itself besides its title and description, for meta tags, JSON-LD and feeds: its picture, its
/// date, what it is, the trail above it and the feed it belongs to.
/// Lo que una página dice de sí además de su título y descripción: imagen, fecha, qué es, migas y el canal al que pertenece.
public struct PageFacts: Sendable {
    /// Its picture as a path from the site root (`media/pokemon/25.png`): the artwork, avatar, product or photo it shows.
    public var image: String?
    /// When it was written (front matter `date:`).
    public var published: SimpleDate?
    public var schema: PageSchema = .webPage
    /// The pages above it, home first, as its breadcrumbs show them (not the page itself).
    public var breadcrumbs: [Crumb] = []
    /// The feed it lists (a list page) or appears in (an entry), by the feed's key.
    public var feed: FeedRole?
    /// Other feeds an entry appears in besides its own: those of its terms (`term:tags:viaje`).
    public var alsoIn: [String] = []

    public init() {}
}

/// What schema.org type a page is, with the facts that type needs.
/// Qué tipo de schema.org es una página, con los datos que ese tipo necesita.
public enum PageSchema: Sendable, Equatable {
    case webPage
    /// A dated entry of a diary or blog.
    case blogPosting
    /// An item a declared source calls `kind: product`, with its declared numbers.
    case product(ProductFacts)
}

/// A product's numbers as a declared source gives them: `price` (in `currency:`), `rating` and `ratingCount`.
/// Los números de un producto tal como los da una fuente declarada.
public struct ProductFacts: Sendable, Equatable {
    public var price: Double?
    public var currency: String?
    public var rating: Double?
    public var ratingCount: Double?

    package init(price: Double? = nil, currency: String? = nil, rating: Double? = nil, ratingCount: Double? = nil) {
        self.price = price
        self.currency = currency
        self.rating = rating
        self.ratingCount = ratingCount
    }
}

/// One step of a breadcrumb trail.
/// Un paso de unas migas de pan.
public struct Crumb: Sendable, Equatable {
    public let label: String
    public let route: Route

    package init(label: String, route: Route) {
        self.label = label
        self.route = route
    }
}

/// A page's part in a feed: the page the feed describes, or one of its entries with the text the feed carries.
/// El papel de una página en un canal: la página que el canal describe, o una de sus entradas con su texto.
public enum FeedRole: Sendable {
    case channel(key: String)
    /// `html` has its links relative to the entry's own page.
    case entry(key: String, html: String)

    public var key: String {
        switch self {
        case .channel(let key), .entry(let key, _): key
        }
    }
}

extension Page {
    /// The same page with its facts changed by `change`.
    public func with(facts change: (inout PageFacts) -> Void) -> Page {
        var page = self
        change(&page.facts)
        return page
    }
}
