import VitrinaKit

/// One item of a declared source, ready for pages: its id, title, slug, group, fields and images.
/// Un elemento de una fuente declarada, listo para páginas: id, título, slug, grupo, campos e imágenes.
public struct DeclaredItem: Sendable, Equatable {
    /// The id as text.
    public let id: String
    public let title: String
    /// `Slug.make` of the slug field; collisions get -2, -3 … in list order.
    public let slug: String
    /// The group field's text; nil without `group:` or when the field is null.
    public let group: String?
    /// The list item, or the detail body when there is a detail endpoint.
    public let fields: JSONValue
    /// Image URLs found at the image paths (made absolute against base_url), in the declaration's order, without
    /// repeats; the fetch policy decides which are requested.
    public var images: [String] { namedImages.map(\.url) }
    /// The same, each with the response and JSON path it was read at.
    public let namedImages: [RemoteImage]
    /// URLs of the responses this item was made from (its list page, then its detail URL): for item-level builds.
    public let responses: [String]
    /// The `description:` field's text.
    public let description: String?
    /// The `numbers:` values by name, in range.
    public let numbers: [String: Double]
    /// Its terms by taxonomy, from the fields `taxonomies:` names.
    public let terms: [String: [String]]
    /// The texts of the fields `search:` names, for the full-text index.
    public let searchFields: [String]

    public init(id: String, title: String, slug: String, group: String?, fields: JSONValue, images: [RemoteImage], responses: [String],
                description: String? = nil, numbers: [String: Double] = [:], terms: [String: [String]] = [:], searchFields: [String] = []) {
        self.terms = terms
        self.searchFields = searchFields
        self.description = description
        self.numbers = numbers
        self.id = id
        self.title = title
        self.slug = slug
        self.group = group
        self.fields = fields
        self.namedImages = images
        self.responses = responses
    }
}

/// The items sharing one value of the group field, in the order the value first appears.
/// Los elementos que comparten un valor del campo de grupo, en el orden en que aparece por primera vez.
public struct DeclaredGroup: Sendable, Equatable {
    public let name: String
    /// `Slug.make` of the name; collisions get -2, -3 … in order.
    public let slug: String
    public let items: [DeclaredItem]

    /// One group per distinct group text, in order of first appearance; items without a group are left out.
    /// Un grupo por cada texto de grupo distinto, en orden de aparición; los elementos sin grupo quedan fuera.
    public static func groups(of items: [DeclaredItem], order: ItemsDeclaration.GroupOrder = .first) -> [DeclaredGroup] {
        var names: [String] = []
        var members: [String: [DeclaredItem]] = [:]
        for item in items {
            guard let group = item.group else { continue }
            if members[group] == nil { names.append(group) }
            members[group, default: []].append(item)
        }
        if order == .name { names.sort { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) } }
        var slugs = UniqueSlugs()
        return names.map { DeclaredGroup(name: $0, slug: slugs.take(Slug.make($0, fallback: "group")), items: members[$0] ?? []) }
    }
}

/// Hands out slugs without repeats: a taken one gets -2, -3 … (the first free one).
/// Reparte slugs sin repetir: uno ya tomado recibe -2, -3 … (el primero libre).
struct UniqueSlugs {
    private var taken: Set<String> = []

    mutating func take(_ slug: String) -> String {
        if taken.insert(slug).inserted { return slug }
        // Each number tried is new; at most `taken.count + 1` tries find a free one.
        // Cada número probado es nuevo; como mucho `taken.count + 1` intentos encuentran uno libre.
        for number in 2...(taken.count + 2) {
            let candidate = "\(slug)-\(number)"
            if taken.insert(candidate).inserted { return candidate }
        }
        preconditionFailure("unreachable: more candidates than taken slugs")
    }
}
