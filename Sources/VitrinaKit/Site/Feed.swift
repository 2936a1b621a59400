/// One feed: a list page and its dated entries in one language, newest first, written as Atom and as JSON Feed.
/// Un canal: una página de lista y sus entradas con fecha en un idioma, la más reciente primero, en Atom y JSON Feed.
public struct Feed: Sendable {
    public let key: String
    public let language: String
    public let title: String
    public let description: String
    /// The page the feed describes (the diary's list, a folder's index).
    public let page: Route
    public let entries: [Entry]

    /// One entry: its page, title, summary, text (links relative to its page), date and picture.
    /// Una entrada: su página, título, resumen, texto, fecha e imagen.
    public struct Entry: Sendable {
        public let route: Route
        public let title: String
        public let summary: String
        public let html: String
        public let date: SimpleDate
        /// A path from the site root (`media/diary/photos/x.jpg`).
        public let image: String?
    }

    /// The newest entries a feed carries.
    public static let maxEntries = 100

    /// `diario/atom.xml`, beside the page the feed describes.
    public var atomPath: String { page.directoryPath + "atom.xml" }
    /// `diario/feed.json`.
    public var jsonPath: String { page.directoryPath + "feed.json" }

    /// When the feed last changed: its newest entry's date.
    public var updated: SimpleDate { entries.first?.date ?? SimpleDate("1970-01-01")! }

    /// Every feed of `pages`: one per page that describes one, with the entries of the same key and language; feeds with
    /// no entries are left out.
    public static func collect(_ pages: [Page], config: SiteConfig) -> [Feed] {
        var entries: [String: [Entry]] = [:]
        for page in pages {
            guard case .entry(let key, let html)? = page.facts.feed, let date = page.facts.published else { continue }
            let entry = Entry(route: page.route, title: page.title, summary: page.description, html: html, date: date, image: page.facts.image)
            for feed in [key] + page.facts.alsoIn { entries[page.language + "\u{1F}" + feed, default: []].append(entry) }
        }
        return pages.compactMap { page -> Feed? in
            guard case .channel(let key)? = page.facts.feed, let found = entries[page.language + "\u{1F}" + key], !found.isEmpty else { return nil }
            let newest = found.sorted { ($0.date, $1.route) > ($1.date, $0.route) }.prefix(maxEntries)
            let isHome = page.route.directoryPath.isEmpty || page.route.directoryPath == page.language + "/"
            return Feed(key: key, language: page.language, title: isHome ? config.title : "\(page.title) · \(config.title)",
                        description: page.description, page: page.route, entries: Array(newest))
        }
    }

    /// What the pages linking to the feeds show of them, for the build's records.
    package static func facts(_ feeds: [Feed]) -> [String] {
        feeds.map { "feed|\($0.key)|\($0.language)|\($0.title)|\($0.atomPath)|\($0.jsonPath)" }
    }
}

/// A `<link rel="alternate">` to a feed, relative to the page that holds it.
/// Un `<link rel="alternate">` a un canal, relativo a la página que lo lleva.
struct FeedLink: Sendable {
    let title: String
    let atom: String
    let json: String
}

/// Where a feed's links and ids point: absolute under the base URL, else relative to the feed's own file, with ids that
/// stay the same from build to build (`urn:uuid:` made from the site's title and the page's path).
/// A dónde apuntan los enlaces e ids de un canal: absolutos con URL base, si no relativos al fichero del canal.
struct FeedAddress {
    let baseURL: String
    let siteTitle: String
    /// The feed's own file, which relative links start from.
    let file: String

    func link(_ route: Route) -> String { route.absoluteURL(base: baseURL) ?? Route(file: file).link(to: route) }

    func link(toFile path: String) -> String { Route(file: path).absoluteURL(base: baseURL) ?? Route(file: file).link(toFile: path) }

    /// The page's absolute URL, or a name-based `urn:uuid:` when there is no base URL.
    func id(_ route: Route) -> String {
        if let url = route.absoluteURL(base: baseURL) { return url }
        let name = siteTitle + "\u{1F}" + route.file
        var digits = Array((Fingerprint.hex(name) + Fingerprint.hex("vitrina-feed\u{1F}" + name)).utf8)
        // Version 8 (a name-based UUID of our own making), variant 10.
        digits[12] = UInt8(ascii: "8")
        digits[16] = UInt8(ascii: "8")
        var text: [UInt8] = []
        for (index, digit) in digits.enumerated() {
            if index == 8 || index == 12 || index == 16 || index == 20 { text.append(UInt8(ascii: "-")) }
            text.append(digit)
        }
        return "urn:uuid:" + String(decoding: text, as: UTF8.self)
    }

    /// A date as RFC 3339, at midnight UTC.
    static func timestamp(_ date: SimpleDate) -> String { date.description + "T00:00:00Z" }
}
