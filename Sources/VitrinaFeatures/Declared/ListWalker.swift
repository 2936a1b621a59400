import VitrinaKit

/// Pages through a declared list with its paging kind; bounded by pages, items, and URLs already seen.
/// Recorre una lista declarada con su forma de paginar; acotado por páginas, elementos y URL ya vistas.
struct ListWalker: Sendable {
    let context: DeclaredContext
    let maxPages: Int
    let maxItems: Int

    /// The items listed, and the --offline miss that stopped the listing early, if one did.
    struct Listing: Sendable {
        var items: [ListedItem] = []
        var offlineMiss: FetchError?
    }

    /// One page of the list as requested and answered.
    private struct Page {
        let url: String
        let response: StoredResponse
        let elements: [JSONValue]
    }

    func walk() async throws -> Listing {
        let declaration = context.declaration, source = context.source
        let cap = min(source.limit ?? maxItems, maxItems)
        let first = firstURL()
        var listing = Listing()
        var seen: Set<String> = []
        var previous: [JSONValue]?
        var pageNumber = 1, offset = 0
        var url: String? = first
        // Each turn fetches one page not fetched before; at most `maxPages` turns.
        // Cada vuelta pide una página no pedida antes; como mucho `maxPages` vueltas.
        while let current = url {
            guard seen.count < maxPages else {
                throw VitrinaError(.map, "\(first): the list goes on past \(maxPages) pages, which Vitrina does not follow; "
                    + "set \(context.source.key(context.name, "limit")) in \(context.source.declaredIn), or check \(context.key("paging"))")
            }
            seen.insert(current)
            let response: StoredResponse
            do {
                response = try await context.fetcher.fetch(current, required: !endsWithNotFound(pageNumber))
            } catch let error as FetchError {
                if endsWithNotFound(pageNumber), Self.isNotFound(error) { break }
                // Under --offline the items listed so far still get their details asked for, so every miss is listed.
                if case .missingOffline = error, !listing.items.isEmpty { listing.offlineMiss = error; break }
                throw error
            }
            let body = try context.parse(response.body, from: current)
            let elements = try array(in: body, from: current)
            if let previous, !elements.isEmpty, previous == elements {
                throw VitrinaError(.map, "\(current): this page holds the same items as the page before: a loop in the API's paging; "
                    + "check \(context.key("paging")) in \(context.source.declaredIn) (an API that ignores the page parameter sends its first page again)")
            }
            previous = elements
            for (index, element) in elements.enumerated() where listing.items.count < cap {
                listing.items.append(ListedItem(value: element, page: current, path: declaration.at.appending(index: index)))
            }
            if listing.items.count >= cap { break }
            let next: String?
            switch declaration.paging {
            case .none:
                next = nil
            case .next(let path):
                next = try followText(in: body, at: path, field: "next", from: current).map {
                    try context.followable($0, from: current, at: path, field: "next")
                }
            case .link:
                next = try response.link.flatMap { LinkHeader.next(in: $0, base: current) }.map { written in
                    try context.followable(written, from: current, at: nil, field: "paging")
                }
            case .cursor(let path, let parameter):
                next = try followText(in: body, at: path, field: "cursor", from: current).map {
                    DeclaredURL.setting(parameter, to: $0, in: first)
                }
            case .offset(let offsetParameter, let limitParameter):
                offset += elements.count
                next = elements.count < source.pageSize ? nil
                    : DeclaredURL.setting([(offsetParameter, String(offset)), (limitParameter, String(source.pageSize))], in: first)
            case .pages(let parameter):
                pageNumber += 1
                next = elements.isEmpty ? nil : DeclaredURL.setting(parameter, to: String(pageNumber), in: first)
            }
            if let next, seen.contains(next) {
                throw VitrinaError(.map, "\(current): the next page is \(next), which was already fetched: a loop in the API's paging; "
                    + "check \(context.key("paging")) in \(context.source.declaredIn)")
            }
            url = next
        }
        return listing
    }

    /// The list's first URL: base_url + list, with the first offset or page when the paging sends one.
    private func firstURL() -> String {
        let list = context.source.baseURL + context.declaration.list
        switch context.declaration.paging {
        case .offset(let offsetParameter, let limitParameter):
            return DeclaredURL.setting([(offsetParameter, "0"), (limitParameter, String(context.source.pageSize))], in: list)
        case .pages(let parameter): return DeclaredURL.setting(parameter, to: "1", in: list)
        default: return list
        }
    }

    /// `paging: pages` may end with a 404 after page 1; such a page is not required under --offline either.
    private func endsWithNotFound(_ pageNumber: Int) -> Bool {
        if case .pages = context.declaration.paging { return pageNumber > 1 }
        return false
    }

    private static func isNotFound(_ error: FetchError) -> Bool {
        switch error {
        case .status(_, 404), .missingOffline: true
        default: false
        }
    }

    /// The array at `at:` in a list body.
    private func array(in body: JSONValue, from url: String) throws -> [JSONValue] {
        let at = context.declaration.at
        guard let value = body.value(at: at) else { throw context.missing(url, at, "at") }
        guard case .array(let elements) = value else {
            throw context.wrongType(url, at, "at", expected: "a list", found: value)
        }
        return elements
    }

    /// The next page's URL or cursor: nil when null, absent or empty (the last page); text or a whole number otherwise.
    private func followText(in body: JSONValue, at path: JSONPath, field: String, from url: String) throws -> String? {
        switch body.value(at: path) {
        case nil, .null?: return nil
        case .string(let text)?: return text.isEmpty ? nil : text
        case .int(let number)? where field == "cursor": return String(number)
        case let other?: throw context.wrongType(url, path, field, expected: field == "cursor" ? "text or a whole number" : "a URL as text", found: other)
        }
    }
}
