import Foundation

/// A request reduced to what the API imitations need.
/// Una petición reducida a lo que necesitan las imitaciones de las API.
struct ReplayRequest: Sendable {
    /// Percent-decoded path segments, without empty ones (a trailing slash does not matter).
    let segments: [String]
    let query: Query
    /// `http://127.0.0.1:PORT`, the address this server answers on.
    let baseURL: String

    init(path: String, query: String?, baseURL: String) {
        segments = path.split(separator: "/").map { $0.removingPercentEncoding ?? String($0) }
        self.query = Query(query)
        self.baseURL = baseURL
    }
}

/// Sends each path to the API that owns it.
/// Envía cada ruta a la API a la que pertenece.
struct ReplayRouter: Sendable {
    private let pokeAPI: PokeAPIRoutes
    private let rickAndMorty: RickAndMortyRoutes
    private let fakeStore: FakeStoreRoutes
    private let sprites: SpriteRoutes
    private let declared = DeclaredRoutes(folder: Fixtures.declared)

    init(store: RecordingStore) {
        pokeAPI = PokeAPIRoutes(store: store)
        rickAndMorty = RickAndMortyRoutes(store: store)
        fakeStore = FakeStoreRoutes(store: store)
        sprites = SpriteRoutes(store: store)
    }

    func reply(to request: ReplayRequest) -> Reply {
        let segments = request.segments
        if segments.starts(with: ["api", "v2"]), segments.count >= 3 {
            return pokeAPI.reply(kind: segments[2], rest: Array(segments.dropFirst(3)), request: request)
        }
        if segments.count >= 2, segments[0] == "api", RickAndMortyRoutes.kinds.contains(segments[1]) {
            return rickAndMorty.reply(kind: segments[1], rest: Array(segments.dropFirst(2)), request: request)
        }
        if segments.first == "products" {
            return fakeStore.reply(rest: Array(segments.dropFirst()), request: request)
        }
        if segments.first == "img" {
            return fakeStore.image(segments)
        }
        if segments.first == "declared" {
            return declared.reply(rest: Array(segments.dropFirst()), request: request)
        }
        if segments.starts(with: ["PokeAPI", "sprites"]) {
            return sprites.reply(segments)
        }
        return .notFound
    }
}

/// PokéAPI: limit/offset pages, resources by id or name, plain `Not Found`.
/// PokéAPI: páginas con limit/offset, recursos por id o nombre, `Not Found` en texto.
struct PokeAPIRoutes: Sendable {
    static let host = "pokeapi.co"
    static let defaultLimit = 20
    let store: RecordingStore

    func reply(kind: String, rest: [String], request: ReplayRequest) -> Reply {
        switch rest.count {
        case 0: page(of: kind, request: request)
        case 1: resource(of: kind, idOrName: rest[0])
        default: .notFound
        }
    }

    private func entries(of kind: String) -> [RecordEntry]? {
        store.collection(host: Self.host, ["api", "v2", kind], arrayKey: "results")
    }

    private func page(of kind: String, request: ReplayRequest) -> Reply {
        guard let entries = entries(of: kind) else { return .notFound }
        let limit = min(request.query.int("limit").flatMap { $0 > 0 ? $0 : nil } ?? Self.defaultLimit, 1_000_000)
        let offset = min(max(0, request.query.int("offset") ?? 0), 1_000_000)
        let link = { (offset: Int) in "https://pokeapi.co/api/v2/\(kind)/?offset=\(offset)&limit=\(limit)" }
        let next = offset + limit < entries.count ? link(offset + limit) : nil
        let previous = offset > 0 ? link(max(0, offset - limit)) : nil
        let head = "{\"count\":\(entries.count),\"next\":\(RawJSON.stringOrNull(next)),"
            + "\"previous\":\(RawJSON.stringOrNull(previous)),\"results\":"
        var body = Data(head.utf8)
        body.append(RawJSON.array(entries.dropFirst(offset).prefix(limit).map(\.raw)))
        body.append(UInt8(ascii: "}"))
        return .json(body)
    }

    private func resource(of kind: String, idOrName: String) -> Reply {
        let id = Int(idOrName) ?? entries(of: kind)?.first { $0.fields["name"] == idOrName.lowercased() }?.id
        guard let id, let data = store.resource(host: Self.host, ["api", "v2", kind, String(id)]) else {
            return .notFound
        }
        return .json(data)
    }
}

/// Rick and Morty API: numbered pages of 20, filters, several ids at once, JSON errors.
/// API de Rick and Morty: páginas de 20, filtros, varios ids a la vez, errores en JSON.
struct RickAndMortyRoutes: Sendable {
    static let host = "rickandmortyapi.com"
    static let kinds = ["character", "episode", "location"]
    static let pageSize = 20
    let store: RecordingStore

    /// A query parameter that narrows a listing.
    private struct Filter {
        let field: String
        let matchesSubstring: Bool

        func accepts(_ entry: RecordEntry, wanted: String) -> Bool {
            guard let value = entry.fields[field] else { return false }
            return matchesSubstring
                ? value.range(of: wanted, options: .caseInsensitive) != nil
                : value.caseInsensitiveCompare(wanted) == .orderedSame
        }
    }

    private static let filters: [String: [Filter]] = [
        "character": [
            Filter(field: "name", matchesSubstring: true), Filter(field: "status", matchesSubstring: false),
            Filter(field: "species", matchesSubstring: false), Filter(field: "type", matchesSubstring: false),
            Filter(field: "gender", matchesSubstring: false),
        ],
        "episode": [Filter(field: "name", matchesSubstring: true), Filter(field: "episode", matchesSubstring: true)],
        "location": [
            Filter(field: "name", matchesSubstring: true), Filter(field: "type", matchesSubstring: false),
            Filter(field: "dimension", matchesSubstring: false),
        ],
    ]

    private static let nothingHere = Reply.jsonError("There is nothing here", status: .notFound)

    func reply(kind: String, rest: [String], request: ReplayRequest) -> Reply {
        if rest.isEmpty {
            return page(of: kind, request: request)
        }
        if rest.count == 1 {
            return resources(of: kind, ids: rest[0])
        }
        if kind == "character", rest.count == 2, rest[0] == "avatar",
           let data = store.asset(host: Self.host, ["api", "character", "avatar", rest[1]]) {
            return .file(data, named: rest[1])
        }
        return Self.nothingHere
    }

    private func page(of kind: String, request: ReplayRequest) -> Reply {
        guard let entries = store.collection(host: Self.host, ["api", kind]) else { return Self.nothingHere }
        let active = (Self.filters[kind] ?? []).compactMap { filter in
            request.query.text(filter.field).map { (filter: filter, wanted: $0) }
        }
        let matches = entries.filter { entry in active.allSatisfy { $0.filter.accepts(entry, wanted: $0.wanted) } }
        let pages = (matches.count + Self.pageSize - 1) / Self.pageSize
        let page = request.query.int("page") ?? 1
        guard page >= 1, page <= pages else { return Self.nothingHere }

        let filterQuery = active.map { "&\($0.filter.field)=\($0.wanted.queryEncoded)" }.joined()
        let link = { (page: Int) in "https://rickandmortyapi.com/api/\(kind)/?page=\(page)\(filterQuery)" }
        let next = page < pages ? link(page + 1) : nil
        let previous = page > 1 ? link(page - 1) : nil
        let head = "{\"info\":{\"count\":\(matches.count),\"pages\":\(pages),"
            + "\"next\":\(RawJSON.stringOrNull(next)),\"prev\":\(RawJSON.stringOrNull(previous))},\"results\":"
        var body = Data(head.utf8)
        body.append(RawJSON.array(matches.dropFirst((page - 1) * Self.pageSize).prefix(Self.pageSize).map(\.raw)))
        body.append(UInt8(ascii: "}"))
        return .json(body)
    }

    /// `/api/character/1` gives one object; `/api/character/1,2,3` (or `[1,2,3]`) an array of those found.
    private func resources(of kind: String, ids text: String) -> Reply {
        let isList = text.contains(",") || text.hasPrefix("[")
        let parts = text.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).split(separator: ",", omittingEmptySubsequences: false)
        let ids = parts.compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard ids.count == parts.count else {
            return .jsonError("Hey! you must provide an id", status: .internalServerError)
        }
        let found = Set(ids).sorted().compactMap { store.resource(host: Self.host, ["api", kind, String($0)]) }
        if isList {
            return .json(RawJSON.array(found))
        }
        guard let data = found.first else {
            return .jsonError("\(kind.prefix(1).uppercased())\(kind.dropFirst()) not found", status: .notFound)
        }
        return .json(data)
    }
}

/// Fake Store API: whole arrays with `limit`/`sort`, categories, an empty 200 for unknown products.
/// Fake Store API: listas completas con `limit`/`sort`, categorías, 200 vacío si el producto no existe.
struct FakeStoreRoutes: Sendable {
    static let host = "fakestoreapi.com"
    let store: RecordingStore

    func reply(rest: [String], request: ReplayRequest) -> Reply {
        switch rest.count {
        case 0:
            return products(request: request)
        case 1 where rest[0] == "categories":
            return store.resource(host: Self.host, ["products", "categories"]).map { .json($0) } ?? .notFound
        case 1:
            return .json(store.resource(host: Self.host, ["products", rest[0]]) ?? Data())
        case 2 where rest[0] == "category":
            return products(request: request) { $0.fields["category"] == rest[1] }
        default:
            return .notFound
        }
    }

    func image(_ segments: [String]) -> Reply {
        guard let name = segments.last, let data = store.asset(host: Self.host, segments) else { return .notFound }
        return .file(data, named: name)
    }

    private func products(request: ReplayRequest, matching isIncluded: ((RecordEntry) -> Bool)? = nil) -> Reply {
        let limit = request.query.int("limit").flatMap { $0 > 0 ? $0 : nil }
        let descending = request.query["sort"]?.lowercased() == "desc"
        if isIncluded == nil, limit == nil, !descending,
           let whole = store.resource(host: Self.host, ["products"]) {
            return .json(whole)
        }
        guard let entries = store.collection(host: Self.host, ["products"]) else { return .notFound }
        var selected = entries.filter { isIncluded?($0) ?? true }.sorted { ($0.id ?? 0) < ($1.id ?? 0) }
        if descending {
            selected.reverse()
        }
        return .json(RawJSON.array(selected.prefix(limit ?? selected.count).map(\.raw)))
    }
}

/// raw.githubusercontent.com: sprite files as recorded.
/// raw.githubusercontent.com: los sprites tal como se grabaron.
struct SpriteRoutes: Sendable {
    static let host = "raw.githubusercontent.com"
    let store: RecordingStore

    func reply(_ segments: [String]) -> Reply {
        guard let name = segments.last, let data = store.asset(host: Self.host, segments) else {
            return .text("404: Not Found", status: .notFound)
        }
        return .file(data, named: name)
    }
}
