import VitrinaKit

/// Lists a declared source's items through the `Fetcher` (cache, snapshot, revalidation, stale copies, --offline and
/// --api apply unchanged): pages through the list, fetches details concurrently, reads the declared fields.
/// Lista los elementos de una fuente declarada a través del `Fetcher`: pagina la lista, pide los detalles en paralelo
/// y lee los campos declarados.
public struct DeclaredSourceLoader: Sendable {
    /// The most list pages one source may take.
    public static let maxPages = 10_000
    /// The most items one source may give, whatever its `limit`.
    public static let maxItems = 100_000
    /// Detail requests this loader keeps started at once (the fetcher's client limits each host further).
    public static let detailsInFlight = 16

    /// This loader's bounds: the defaults above, lower ones in tests.
    let pageBound: Int
    let itemBound: Int

    public init() { self.init(maxPages: Self.maxPages, maxItems: Self.maxItems) }

    init(maxPages: Int, maxItems: Int) {
        pageBound = maxPages
        itemBound = maxItems
    }

    /// The source's items, in the API's order or the declared sort; `[]` for a source without `items:`.
    /// Los elementos de la fuente, en el orden de la API o el declarado; `[]` si la fuente no tiene `items:`.
    public func load(fetcher: Fetcher, source: SourceConfig, name: String) async throws -> [DeclaredItem] {
        guard let declaration = source.items else { return [] }
        let context = DeclaredContext(name: name, source: source, declaration: declaration, fetcher: fetcher)
        let listing = try await ListWalker(context: context, maxPages: pageBound, maxItems: itemBound).walk()
        let details = try await fetchDetails(of: listing.items, context: context)
        // A list page missing under --offline is thrown after the details of the items before it were asked for,
        // so the pipeline's one error lists every missing URL it can know.
        // Una página de la lista que falta con --offline se lanza tras pedir los detalles de los elementos anteriores.
        if let stop = listing.offlineMiss { throw stop }
        var records = try zip(listing.items.enumerated(), details).map { try ItemReader(context: context, listed: $0, detail: $1).record() }
        if let sort = declaration.sort { records = try sorted(records, by: sort, context: context) }
        try checkUniqueIDs(records, context: context)
        var slugs = UniqueSlugs()
        // Slugs are given in list order, so a collision's -2 goes to the item the API listed later.
        // Los slugs se dan en el orden de la lista: el -2 de una colisión es para el que la API listó después.
        var slugByPosition: [Int: String] = [:]
        for record in records.sorted(by: { $0.position < $1.position }) { slugByPosition[record.position] = slugs.take(record.slugBase) }
        return records.map { record in
            DeclaredItem(id: record.id, title: record.title, slug: slugByPosition[record.position] ?? record.slugBase, group: record.group,
                         fields: record.fields, images: record.images, responses: record.responses, description: record.description,
                         numbers: record.numbers, terms: record.terms, searchFields: record.searchFields)
        }
    }

    // MARK: Details / detalles

    /// Each item's detail (URL and body), or nil without a detail endpoint; fetched concurrently, a window at a time,
    /// past failures, so every URL missing under --offline is recorded; then the first failure in list order is thrown.
    private func fetchDetails(of items: [ListedItem], context: DeclaredContext) async throws -> [FetchedDetail?] {
        guard let detail = context.declaration.detail else { return Array(repeating: nil, count: items.count) }
        let urls = try items.map { try context.detailURL(for: $0, detail: detail) }
        let outcomes = await withTaskGroup(of: (Int, Result<FetchedDetail, any Error>).self) { group in
            var outcomes = [Result<FetchedDetail, any Error>?](repeating: nil, count: urls.count)
            var next = 0
            func start() {
                guard next < urls.count else { return }
                let index = next, url = urls[index]
                next += 1
                group.addTask {
                    do {
                        let body = try await context.fetcher.body(url)
                        return (index, .success(FetchedDetail(url: url, body: try context.parse(body, from: url))))
                    } catch { return (index, .failure(error)) }
                }
            }
            for _ in 0..<Self.detailsInFlight { start() }
            for await (index, outcome) in group {
                outcomes[index] = outcome
                start()
            }
            return outcomes
        }
        return try outcomes.map { try $0?.get() }
    }

    // MARK: Order and ids / orden e ids

    /// A stable sort by the declared field: numbers as numbers, then text by Unicode scalars, then nulls.
    private func sorted(_ records: [ItemRecord], by order: ItemsDeclaration.SortOrder, context: DeclaredContext) throws -> [ItemRecord] {
        let keys = try records.map { try $0.sortKey(order.path, context: context) }
        let indices = records.indices.sorted { left, right in
            let (a, b) = (keys[left], keys[right])
            if a == b { return left < right }
            return SortKey.precedes(a, b, descending: order.descending)
        }
        return indices.map { records[$0] }
    }

    private func checkUniqueIDs(_ records: [ItemRecord], context: DeclaredContext) throws {
        var seen: [String: ItemRecord] = [:]
        for record in records {
            if let earlier = seen[record.id] {
                throw VitrinaError(.map, "\(record.responses.last ?? ""): the id \(String(reflecting: record.id)) comes twice "
                    + "(also in \(earlier.responses.last ?? "")); ids must be unique — check \(context.key("id")) in \(context.source.declaredIn), "
                    + "or the paging (an API that ignores the page parameter repeats its items)")
            }
            seen[record.id] = record
        }
    }
}

/// Everything a declared source's loading shares: names for messages, the fetcher, the declaration.
/// Todo lo que comparte la carga de una fuente declarada: nombres para mensajes, el fetcher, la declaración.
struct DeclaredContext: Sendable {
    let name: String
    let source: SourceConfig
    let declaration: ItemsDeclaration
    let fetcher: Fetcher

    /// `sources.shop.items.title`, as the file that declares the source spells it.
    func key(_ field: String) -> String { source.key(name, "items.\(field)") }

    /// The text every field error ends with.
    func names(_ field: String) -> String { "the declaration in \(source.declaredIn) (\(key(field))) names it" }

    func parse(_ body: [UInt8], from url: String) throws -> JSONValue {
        do { return try JSONValue.parse(body) } catch {
            throw VitrinaError(.map, "\(url): the response is not JSON Vitrina reads (\(error.description)); the API may have changed "
                + "or sent a broken body — check \(key("list")) in \(source.declaredIn), or run `vitrina fetch` again")
        }
    }

    func missing(_ url: String, _ path: JSONPath, _ field: String) -> VitrinaError {
        VitrinaError(.map, "\(url): at \(Self.text(path)): the field is missing; \(names(field))")
    }

    func wrongType(_ url: String, _ path: JSONPath, _ field: String, expected: String, found: JSONValue) -> VitrinaError {
        VitrinaError(.map, "\(url): at \(Self.text(path)): expected \(expected), found \(found.kindName); \(names(field))")
    }

    static func text(_ path: JSONPath) -> String { path.segments.isEmpty ? "the top level" : path.description }

    /// A URL an API sent (a next page, a detail): made absolute, canonical under --api, and refused outside base_url.
    /// `path` nil means the `Link` header.
    func followable(_ written: String, from url: String, at path: JSONPath?, field: String) throws -> String {
        let place = path.map { "at \(Self.text($0))" } ?? "in the Link header"
        guard let absolute = LinkHeader.resolve(written, against: url) else {
            throw VitrinaError(.map, "\(url): \(place): \(String(reflecting: written)) is not a URL; \(names(field))")
        }
        let canonical = fetcher.canonicalURL(absolute)
        guard DeclaredURL.isUnder(canonical, base: source.baseURL) else {
            throw VitrinaError(.map, "\(url): \(place): the URL \(canonical) is outside the source's base_url \(source.baseURL), "
                + "and Vitrina never follows a source to another host; check \(source.key(name, "base_url")) in \(source.declaredIn)")
        }
        return canonical
    }

    /// The detail URL of a list item, from the template or the URL field.
    func detailURL(for item: ListedItem, detail: ItemsDeclaration.Detail) throws -> String {
        switch detail {
        case .template(let template):
            let path = try template.expand { (path: JSONPath) throws(VitrinaError) -> String in
                guard let value = item.value.value(at: path) else { throw missing(item.page, item.path.appending(path), "detail") }
                switch value {
                case .string(let text): return text
                case .int(let number): return String(number)
                default: throw wrongType(item.page, item.path.appending(path), "detail", expected: "text or a whole number", found: value)
                }
            }
            return source.baseURL + path
        case .urlField(let path):
            guard let value = item.value.value(at: path) else { throw missing(item.page, item.path.appending(path), "detail_url") }
            guard case .string(let text) = value, !text.isEmpty else {
                throw wrongType(item.page, item.path.appending(path), "detail_url", expected: "a URL as text", found: value)
            }
            return try followable(text, from: item.page, at: item.path.appending(path), field: "detail_url")
        }
    }
}

/// One element of a list page, with where it came from.
/// Un elemento de una página de la lista, con su origen.
struct ListedItem: Sendable {
    let value: JSONValue
    /// The list page's URL.
    let page: String
    /// Its path in that page's body: `results[3]`.
    let path: JSONPath
}

/// A detail response, parsed.
/// Una respuesta de detalle, analizada.
struct FetchedDetail: Sendable {
    let url: String
    let body: JSONValue
}
