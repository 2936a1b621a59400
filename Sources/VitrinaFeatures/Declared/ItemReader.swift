import VitrinaKit

/// Reads the declared fields of one item: from its detail body when there is one, else (or when the detail lacks
/// the field) from its list element; a field missing from both, or of the wrong type, names the URL and the path.
/// Lee los campos declarados de un elemento: del cuerpo de detalle si lo hay, si no (o si le falta) del elemento
/// de la lista; un campo que falta en ambos, o de otro tipo, nombra la URL y la ruta.
struct ItemReader {
    let context: DeclaredContext
    let listed: ListedItem
    let detail: FetchedDetail?
    /// The item's place in the list, for slugs given in list order.
    let position: Int

    init(context: DeclaredContext, listed: (offset: Int, element: ListedItem), detail: FetchedDetail?) {
        self.context = context
        self.listed = listed.element
        self.detail = detail
        self.position = listed.offset
    }

    /// A found value with the URL and full path it was read at.
    struct Found {
        let value: JSONValue
        let url: String
        let path: JSONPath
    }

    /// The value at `path`, detail first; nil when missing from both.
    func find(_ path: JSONPath) -> Found? {
        if let detail, let value = detail.body.value(at: path) { return Found(value: value, url: detail.url, path: path) }
        if let value = listed.value.value(at: path) { return Found(value: value, url: listed.page, path: listed.path.appending(path)) }
        return nil
    }

    /// The value at `path`, or the missing-field error naming where it was looked for first.
    func require(_ path: JSONPath, _ field: String) throws -> Found {
        if let found = find(path) { return found }
        if let detail { throw context.missing(detail.url, path, field) }
        throw context.missing(listed.page, listed.path.appending(path), field)
    }

    /// Text, or a number written as text (only whole numbers for ids).
    func text(_ path: JSONPath, _ field: String, wholeNumbersOnly: Bool = false) throws -> String {
        let found = try require(path, field)
        switch found.value {
        case .string(let text) where !text.isEmpty: return text
        case .int(let number): return String(number)
        case .double(let number) where !wholeNumbersOnly: return String(number)
        case .string:
            throw VitrinaError(.map, "\(found.url): at \(DeclaredContext.text(found.path)): the field is empty; \(context.names(field))")
        default:
            throw context.wrongType(found.url, found.path, field, expected: wholeNumbersOnly ? "text or a whole number" : "text", found: found.value)
        }
    }

    func record() throws -> ItemRecord {
        let declaration = context.declaration
        let id = try text(declaration.id, "id", wholeNumbersOnly: true)
        let title = try text(declaration.title, "title")
        let slugText = try declaration.slug.map { try $0.slug { (path: JSONPath) throws -> String in try text(path, "slug") } } ?? Slug.make(title, fallback: "")
        var group: String?
        if let path = declaration.group, try require(path, "group").value != .null { group = try text(path, "group") }
        var images: [RemoteImage] = []
        for path in declaration.images {
            for image in try imageURLs(path) where !images.contains(where: { $0.url == image.url }) { images.append(image) }
        }
        return ItemRecord(
            position: position, id: id, title: title, slugBase: slugText.isEmpty ? Slug.make(id, fallback: "item") : slugText, group: group,
            fields: detail?.body ?? listed.value, images: images, responses: [listed.page] + (detail.map { [$0.url] } ?? []),
            description: try declaration.description.flatMap { path in try require(path, "description").value == .null ? nil : try text(path, "description") },
            numbers: try numbers(), terms: try terms(), searchFields: try searchFields(), reader: self)
    }

    /// The texts of the fields `search:` names: text, a number, or a list of them (its first `maxSearchValues`); null
    /// or a missing field is none; each cut at `maxSearchField` characters.
    /// Los textos de los campos que nombra `search:`: texto, número o una lista de ellos; nulo o ausente es ninguno.
    private func searchFields() throws -> [String] {
        var texts: [String] = []
        for path in context.declaration.search {
            guard let found = find(path) else { continue }
            for value in Self.values(found.value).prefix(Self.maxSearchValues) {
                switch value {
                case .string(let text): texts.append(String(String.UnicodeScalarView(text.unicodeScalars.prefix(Self.maxSearchField))))
                case .int(let number): texts.append(String(number))
                case .double(let number) where number.isFinite: texts.append(String(number))
                case .null, .double: continue
                default: throw context.wrongType(found.url, found.path, "search", expected: "text, a number, or a list of them", found: value)
                }
            }
        }
        return texts
    }

    /// A field's values: a list's items, or the field alone; null is none.
    private static func values(_ value: JSONValue) -> [JSONValue] {
        switch value {
        case .null: []
        case .array(let items): items
        default: [value]
        }
    }

    /// The most values read of one searchable list, and the longest text kept of one value.
    static let maxSearchValues = 100
    static let maxSearchField = 10_000

    /// The item's terms by taxonomy: the text (or each text of a list) at the declared field, trimmed, each once,
    /// control characters dropped, at most `Taxonomy.maxTermLength` characters and `maxTermsPerPage` terms; null or a
    /// missing field is none.
    private func terms() throws -> [String: [String]] {
        var terms: [String: [String]] = [:]
        for (taxonomy, path) in context.declaration.taxonomies {
            guard let found = find(path) else { continue }
            let texts = try Self.values(found.value).compactMap { value -> String? in
                switch value {
                case .string(let written): return written
                case .int(let number): return String(number)
                case .null: return nil
                default: throw context.wrongType(found.url, found.path, "taxonomies.\(taxonomy)", expected: "text, or a list of texts", found: value)
                }
            }
            let list = Taxonomy.terms(fromData: texts)
            if !list.isEmpty { terms[taxonomy] = list }
        }
        return terms
    }

    /// The declared numbers, each a finite number no larger than `NumberFormat.maxMagnitude`.
    private func numbers() throws -> [String: Double] {
        var numbers: [String: Double] = [:]
        for format in context.declaration.numbers {
            let found = try require(format.path, "numbers.\(format.name)")
            let value: Double
            switch found.value {
            case .int(let number): value = Double(number)
            case .double(let number): value = number
            default: throw context.wrongType(found.url, found.path, "numbers.\(format.name)", expected: "a number", found: found.value)
            }
            guard value.isFinite, abs(value) <= ItemsDeclaration.NumberFormat.maxMagnitude else {
                throw VitrinaError(.map, "\(found.url): at \(DeclaredContext.text(found.path)): \(value) is out of range (at most "
                    + "\(Int(ItemsDeclaration.NumberFormat.maxMagnitude)) either way); \(context.names("numbers.\(format.name)"))")
            }
            numbers[format.name] = value
        }
        return numbers
    }

    /// The image URLs at `path`: one text or a list of texts; null or "" is no image; made absolute against base_url.
    /// Whatever they name (another scheme, another host) is the fetch policy's to refuse, with a warning naming where.
    private func imageURLs(_ path: JSONPath) throws -> [RemoteImage] {
        let found = try require(path, "images")
        let texts: [(text: String, path: JSONPath)]
        switch found.value {
        case .null: texts = []
        case .string(let text): texts = [(text, found.path)]
        case .array(let elements):
            texts = try elements.enumerated().compactMap { index, element in
                switch element {
                case .string(let text): return (text, found.path.appending(index: index))
                case .null: return nil
                default:
                    throw context.wrongType(found.url, found.path.appending(index: index), "images", expected: "an image URL as text", found: element)
                }
            }
        default:
            throw context.wrongType(found.url, found.path, "images", expected: "an image URL as text, or a list of them", found: found.value)
        }
        return texts.compactMap { text, path in
            guard !text.isEmpty else { return nil }
            let absolute = LinkHeader.resolve(text, against: context.source.baseURL + "/") ?? text
            return RemoteImage(url: absolute, response: found.url, path: DeclaredContext.text(path))
        }
    }
}

/// An item read, before its slug is made unique.
/// Un elemento leído, antes de hacer único su slug.
struct ItemRecord {
    let position: Int
    let id: String
    let title: String
    let slugBase: String
    let group: String?
    let fields: JSONValue
    let images: [RemoteImage]
    let responses: [String]
    let description: String?
    let numbers: [String: Double]
    let terms: [String: [String]]
    let searchFields: [String]
    let reader: ItemReader

    func sortKey(_ path: JSONPath, context: DeclaredContext) throws -> SortKey {
        let found = try reader.require(path, "sort")
        switch found.value {
        case .int(let number): return .number(Double(number))
        case .double(let number): return .number(number)
        case .string(let text): return .text(Array(text.unicodeScalars))
        case .null: return .null
        default: throw context.wrongType(found.url, found.path, "sort", expected: "text or a number", found: found.value)
        }
    }
}

/// A sort field's value: numbers before text before null.
/// El valor de un campo de orden: números antes que texto, y texto antes que null.
enum SortKey: Equatable {
    case number(Double)
    case text([Unicode.Scalar])
    case null

    private var rank: Int {
        switch self {
        case .number: 0
        case .text: 1
        case .null: 2
        }
    }

    /// Whether `a` goes before `b`; descending flips numbers and text, nulls stay last.
    static func precedes(_ a: SortKey, _ b: SortKey, descending: Bool) -> Bool {
        switch (a, b) {
        case (.number(let x), .number(let y)): return descending ? x > y : x < y
        case (.text(let x), .text(let y)):
            return descending ? y.lexicographicallyPrecedes(x) : x.lexicographicallyPrecedes(y)
        default: return a.rank < b.rank
        }
    }
}
