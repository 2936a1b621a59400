/// How to list the items of any JSON API, as a source's `items:` in site.yml declares it: no Swift needed.
/// Cómo listar los elementos de cualquier API JSON, tal como lo declara `items:` de una fuente en site.yml.
public struct ItemsDeclaration: Sendable, Equatable {
    /// How the API hands out the next page of the list.
    /// Cómo entrega la API la siguiente página de la lista.
    public enum Paging: Sendable, Equatable {
        /// One response holds the whole list.
        case none
        /// The body names the next page's full URL at this path (null, absent or "" on the last page).
        case next(JSONPath)
        /// The `Link: <URL>; rel="next"` response header.
        case link
        /// The body holds a cursor at this path, sent back as `?parameter=VALUE`.
        case cursor(JSONPath, parameter: String)
        /// `?offset=N&limit=page_size` until a page has fewer items than page_size.
        case offset(offsetParameter: String, limitParameter: String)
        /// `?page=N` from 1 until a page is empty (or answers 404 after page 1).
        case pages(parameter: String)

        /// The name site.yml uses.
        public var name: String {
            switch self {
            case .none: "none"
            case .next: "next"
            case .link: "link"
            case .cursor: "cursor"
            case .offset: "offset"
            case .pages: "pages"
            }
        }

        public static let names = ["none", "next", "link", "cursor", "offset", "pages"]
    }

    /// Where each item's detail body is: a URL template under base_url, or a field holding the full URL.
    /// Dónde está el cuerpo de detalle de cada elemento: una plantilla de URL o un campo con la URL completa.
    public enum Detail: Sendable, Equatable {
        case template(URLTemplate)
        case urlField(JSONPath)
    }

    /// A field to sort by, ascending unless written with a `-` in front.
    /// Un campo por el que ordenar, ascendente salvo con `-` delante.
    public struct SortOrder: Sendable, Equatable {
        public let path: JSONPath
        public let descending: Bool

        public init(path: JSONPath, descending: Bool) {
            self.path = path
            self.descending = descending
        }
    }

    /// A number a template shows in each language's way (`numbers:`): decimals, a percentage of a maximum, a strings text.
    /// Un número que una plantilla muestra a la manera de cada idioma: decimales, porcentaje de un máximo, un texto.
    public struct NumberFormat: Sendable, Equatable {
        /// The name templates use: `{{numbers.price}}`.
        public let name: String
        public let path: JSONPath
        /// Decimals shown, 0 to 6.
        public var digits: Int = 0
        /// Shown as a whole percentage of this maximum (`percent_of: 5` makes 4.5 → 90).
        public var percentOf: Double?
        /// A strings key whose text holds `{value}`, like `price_usd: "{value} US$"`.
        public var text: String?

        public init(name: String, path: JSONPath) {
            self.name = name
            self.path = path
        }

        /// The largest magnitude a shown number may have.
        public static let maxMagnitude = 1e15
        static let maxPercent = 1e18

        /// `value` as pages in `language` show it; `pattern` is the `text:` key's text, whose `{value}` it fills.
        /// `value` tal como lo muestran las páginas en `language`; `pattern` es el texto de la clave `text:`.
        public func shown(_ value: Double, language: String, pattern: String?) -> String {
            // A tiny maximum can make any percentage; it is clamped to what a whole number holds.
            // Un máximo diminuto puede dar cualquier porcentaje; se limita a lo que cabe en un entero.
            let number = percentOf.map { String(Int(min(Self.maxPercent, max(-Self.maxPercent, (value / $0 * 100).rounded())))) }
                ?? Formatting.decimal(value, digits: digits, language: language)
            guard let pattern, pattern.contains("{value}") else { return number }
            return pattern.replacingOccurrences(of: "{value}", with: number)
        }
    }

    /// How the groups are ordered: as their first item comes, or by name.
    /// Cómo se ordenan los grupos: según llega su primer elemento, o por nombre.
    public enum GroupOrder: String, Sendable, Equatable, CaseIterable {
        case first, name
    }

    /// The list's path (and query) under base_url, like `/products` or `/api/v2/pokemon?limit=50`.
    public var list: String
    public var paging: Paging
    /// The array inside each list body; the root when the body itself is the array.
    public var at: JSONPath
    public var id: JSONPath
    public var title: JSONPath
    /// The field slugged for the item's URL, or a text with `{fields}` each slugged (`{id}-{title}`); nil means the title.
    public var slug: FieldText?
    public var detail: Detail?
    public var images: [JSONPath]
    public var group: JSONPath?
    public var sort: SortOrder?
    /// The field shown as an item page's description (meta and cards); search finds an item by it.
    public var description: JSONPath?
    /// More fields search finds an item by (`search: [category, brand]`): text, numbers, or lists of them.
    public var search: [JSONPath] = []
    /// What an item is (`product`): its page kind, its search kind and favourites' label (`kind_<kind>`); nil is the source's name.
    public var kind: String?
    /// The home card's icon.
    public var icon: String = "◇"
    /// Items per list page; nil is the site's page_size, `Int.max` (`all`) one list page.
    public var perPage: Int?
    public var groupOrder: GroupOrder = .first
    /// One album page per group, of its items' first images.
    public var album: Bool = false
    public var numbers: [NumberFormat] = []
    /// The ISO 4217 code of the `price` number (`USD`), for a product's JSON-LD offer.
    public var currency: String?
    /// Fields whose text (or list of texts) are an item's terms, by taxonomy (`taxonomies: {categories: category}`).
    public var taxonomies: [String: JSONPath] = [:]

    public init(list: String, paging: Paging = .none, at: JSONPath = .root, id: JSONPath, title: JSONPath, slug: FieldText? = nil,
                detail: Detail? = nil, images: [JSONPath] = [], group: JSONPath? = nil, sort: SortOrder? = nil) {
        self.list = list
        self.paging = paging
        self.at = at
        self.id = id
        self.title = title
        self.slug = slug
        self.detail = detail
        self.images = images
        self.group = group
        self.sort = sort
    }

    /// The keys `items:` accepts.
    public static let keys = [
        "list", "paging", "next", "cursor", "cursor_param", "offset_param", "limit_param", "page_param", "at", "id", "title", "slug",
        "detail", "detail_url", "images", "group", "sort", "description", "kind", "icon", "per_page", "group_order", "album", "numbers", "currency",
        "taxonomies", "search",
    ]
    /// The most numbers one declaration may format.
    public static let maxNumbers = 32
    /// The most image paths one declaration may name, and the most searchable fields.
    public static let maxImages = 20
    public static let maxSearchFields = 20
    /// The longest list path or detail template, in bytes.
    public static let maxURLBytes = 2_000
}

/// A URL path under base_url with `{json.path}` holes filled from a list item, each value percent-encoded.
/// Una ruta bajo base_url con huecos `{json.path}` que se llenan con un elemento de la lista, cada valor codificado.
public struct URLTemplate: Sendable, Equatable, CustomStringConvertible {
    /// Literal text or a hole.
    /// Texto literal o un hueco.
    public enum Part: Sendable, Equatable {
        case literal(String)
        case field(JSONPath)
    }

    public let parts: [Part]
    public let description: String
    /// The most holes a template may have.
    public static let maxFields = 16

    /// Parses `/products/{id}`; the text must start with one `/` and hold no spaces, controls or `#`.
    /// Analiza `/products/{id}`; el texto empieza por una sola `/` y no lleva espacios, controles ni `#`.
    public init(parsing text: String) throws(JSONPath.ParseError) {
        try URLTemplate.checkPathText(Array(text.utf8))
        self.parts = try FieldText.parts(of: text)
        self.description = text
    }

    /// A path (with its query) fit to append to base_url: starts with one `/`, at most 2,000 bytes, no spaces,
    /// controls or `#`.
    static func checkPathText(_ bytes: [UInt8]) throws(JSONPath.ParseError) {
        guard bytes.first == UInt8(ascii: "/"), bytes.dropFirst().first != UInt8(ascii: "/") else {
            throw JSONPath.ParseError("it must be a path under base_url starting with one /, like /products")
        }
        guard bytes.count <= ItemsDeclaration.maxURLBytes else { throw JSONPath.ParseError("it is longer than \(ItemsDeclaration.maxURLBytes) bytes") }
        if let bad = bytes.firstIndex(where: { $0 <= 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "\\") }) {
            throw JSONPath.ParseError("byte \(bad + 1) is a space, a control character, # or \\, which a URL path cannot hold")
        }
    }

    /// The path with each hole replaced by `value(path)` percent-encoded.
    /// La ruta con cada hueco sustituido por `value(path)` codificado.
    public func expand<Failure: Error>(_ value: (JSONPath) throws(Failure) -> String) throws(Failure) -> String {
        var text = ""
        for part in parts {
            switch part {
            case .literal(let literal): text += literal
            case .field(let path): text += PercentEncoding.component(try value(path))
            }
        }
        return text
    }
}

/// A text with `{json.path}` holes (`{id}-{title}`), or one plain JSON path (`name`); the item's slug is made of it.
/// Un texto con huecos `{json.path}`, o una sola ruta JSON; de él se hace el slug del elemento.
public struct FieldText: Sendable, Equatable {
    public let parts: [URLTemplate.Part]

    public init(parts: [URLTemplate.Part]) { self.parts = parts }

    /// `{id}-{title}` is holes and literals; text with no `{` is one JSON path.
    public init(parsing text: String) throws(JSONPath.ParseError) {
        if text.utf8.contains(UInt8(ascii: "{")) || text.utf8.contains(UInt8(ascii: "}")) {
            parts = try Self.parts(of: text)
        } else {
            parts = [.field(try JSONPath(parsing: text))]
        }
    }

    /// Literal text and `{path}` holes, at most `URLTemplate.maxFields` holes.
    static func parts(of text: String) throws(JSONPath.ParseError) -> [URLTemplate.Part] {
        let bytes = Array(text.utf8)
        var parts: [URLTemplate.Part] = []
        var literal: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "}") { throw JSONPath.ParseError("} at byte \(index + 1) closes no {") }
            guard byte == UInt8(ascii: "{") else { literal.append(byte); index += 1; continue }
            guard let close = bytes[index...].firstIndex(of: UInt8(ascii: "}")) else {
                throw JSONPath.ParseError("{ at byte \(index + 1) is never closed")
            }
            if !literal.isEmpty { parts.append(.literal(String(decoding: literal, as: UTF8.self))) }
            literal = []
            let inner = String(decoding: bytes[(index + 1)..<close], as: UTF8.self)
            if inner.utf8.contains(UInt8(ascii: "{")) { throw JSONPath.ParseError("{ at byte \(index + 1) holds another {") }
            do { parts.append(.field(try JSONPath(parsing: inner))) } catch {
                throw JSONPath.ParseError("{\(inner)} at byte \(index + 1): \(error.description)")
            }
            index = close + 1
        }
        if !literal.isEmpty { parts.append(.literal(String(decoding: literal, as: UTF8.self))) }
        guard parts.count(where: { if case .field = $0 { true } else { false } }) <= URLTemplate.maxFields else {
            throw JSONPath.ParseError("the template has more than \(URLTemplate.maxFields) {fields}")
        }
        return parts
    }

    /// The slug: each hole's value slugged on its own, joined by the literals; hyphens trimmed at both ends.
    /// El slug: el valor de cada hueco hecho slug por separado y unido con los literales; sin guiones en los extremos.
    package func slug<Failure: Error>(_ value: (JSONPath) throws(Failure) -> String) throws(Failure) -> String {
        var text = ""
        for part in parts {
            switch part {
            case .literal(let literal): text += literal
            case .field(let path): text += Slug.make(try value(path), fallback: "")
            }
        }
        var bytes = Array(text.utf8.prefix(Self.maxSlugBytes))
        while bytes.last == UInt8(ascii: "-") { bytes.removeLast() }
        return String(decoding: bytes.drop { $0 == UInt8(ascii: "-") }, as: UTF8.self)
    }

    /// The longest slug a text makes, in bytes (a file name holds 255).
    static let maxSlugBytes = 200

    /// Whether every literal is slug text already (lowercase ASCII letters, digits, hyphens).
    var literalsAreSlugText: Bool {
        parts.allSatisfy { part in
            guard case .literal(let text) = part else { return true }
            return text.utf8.allSatisfy { (97...122).contains($0) || (48...57).contains($0) || $0 == UInt8(ascii: "-") }
        }
    }
}

/// Percent-encoding of one URL component on bytes: only RFC 3986's unreserved bytes stay as they are.
/// Codificación porcentual de un componente de URL sobre bytes: solo quedan tal cual los bytes no reservados.
public enum PercentEncoding {
    public static func component(_ text: String) -> String {
        if text == "." || text == ".." { return String(repeating: "%2E", count: text.utf8.count) }
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isUnreserved(byte) {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"): true
        default: false
        }
    }
}
