import Foundation
import Hummingbird

/// An imitation of "any JSON API" under `/declared/`, one listing per paging style, from `Tests/Fixtures/declared`:
/// `catalog.json` (12 items, `{{base}}` standing for the server's address) and `items/ID.json` (details).
/// Una imitación de "cualquier API JSON" bajo `/declared/`, un listado por forma de paginar, desde los fixtures.
struct DeclaredRoutes: Sendable {
    /// Items per page where the server chooses.
    static let pageSize = 5
    let folder: URL

    func reply(rest: [String], request: ReplayRequest) -> Reply {
        guard let catalog = catalog(request.baseURL) else { return .notFound }
        let page = request.query.int("page") ?? 1
        let slice = { (page: Int) in Array(catalog.dropFirst((page - 1) * Self.pageSize).prefix(Self.pageSize)) }
        let base = request.baseURL
        switch rest {
        case ["all"]:
            var body = Data(#"{"data":{"count":12,"items":"#.utf8)
            body.append(RawJSON.array(catalog))
            body.append(contentsOf: "}}".utf8)
            return .json(body)
        case ["next"]:
            guard page >= 1 else { return .notFound }
            let next = page * Self.pageSize < catalog.count ? "\(base)/declared/next?page=\(page + 1)" : nil
            return object(["info": #"{"next":\#(RawJSON.stringOrNull(next))}"#, "results": array(slice(page))])
        case ["offset"]:
            let offset = max(0, request.query.int("offset") ?? 0), limit = min(max(1, request.query.int("limit") ?? 3), 100)
            return object(["results": array(Array(catalog.dropFirst(offset).prefix(limit)))])
        case ["pages"]:
            return .json(RawJSON.array(page >= 1 ? slice(page) : []))
        case ["pages404"]:
            let items = page >= 1 ? slice(page) : []
            return items.isEmpty ? .jsonError("Not Found", status: .notFound) : .json(RawJSON.array(items))
        case ["link"]:
            guard page >= 1 else { return .notFound }
            var reply = Reply.json(RawJSON.array(slice(page)))
            let last = (catalog.count + Self.pageSize - 1) / Self.pageSize
            var links = ["<\(base)/declared/link?page=1>; rel=first"]
            if page > 1 { links.append("<\(base)/declared/link?page=\(page - 1)>; rel=\"prev\"") }
            // Page 1 names the next page relatively, with no space before rel; the one before last as "next last", after a
            // quoted title holding a comma and a semicolon.
            if page + 1 == last {
                links.append("<\(base)/declared/link?page=\(last)>; title=\"the end, at last; really\"; rel=\"next last\"")
            } else if page < last {
                links.append("</declared/link?page=\(page + 1)>;rel=\"next\"")
            }
            if page + 1 != last { links.append("<\(base)/declared/link?page=\(last)>; rel=\"last\"") }
            reply.headers[.init("Link")!] = links.joined(separator: ", ")
            return reply
        case ["cursor"]:
            let after = request.query.text("cursor").flatMap { $0.hasPrefix("after:") ? Int($0.dropFirst(6)) : nil } ?? 0
            let items = Array(catalog.dropFirst(after).prefix(Self.pageSize))
            let next = after + items.count < catalog.count ? "after:\(after + items.count)" : nil
            return object(["items": array(items), "meta": #"{"next_cursor":\#(RawJSON.stringOrNull(next))}"#])
        case ["loop"]:
            // Page 2 sends the reader back to page 1.
            let next = page == 1 ? "\(base)/declared/loop?page=2" : "\(base)/declared/loop"
            return object(["next": RawJSON.string(next), "results": array(slice(page))])
        case ["repeat"]:
            // Ignores the page parameter: every page is the first.
            return .json(RawJSON.array(slice(1)))
        case ["foreign"]:
            return object(["next": RawJSON.string("http://evil.example/declared/foreign?page=2"), "results": array(slice(1))])
        case ["searchable"]:
            // One item whose searchable fields are hostile: markup, a 20,000-letter text, a list of 150, mixed values.
            // Un elemento con campos de búsqueda hostiles: marcado, un texto de 20.000 letras, una lista de 150, valores mezclados.
            let many = RawJSON.array((0..<150).map { Data(RawJSON.string("v\($0)").utf8) })
            let long = RawJSON.string("<script>alert(1)</script>" + String(repeating: "é", count: 20_000))
            return .json(Data(#"[{"id":1,"name":"X","long":\#(long),"many":\#(String(decoding: many, as: UTF8.self)),"mixed":["a",2,2.5,null,"\u0000"]}]"#.utf8))
        case ["broken"]:
            var items = slice(1)
            items[3] = Data(#"{"id":4,"kind":"furniture"}"#.utf8)
            return object(["results": array(items)])
        case let path where path.count == 2 && path[0] == "items":
            guard let data = read("items/\(path[1]).json", base: base) else { return .jsonError("Not Found", status: .notFound) }
            return .json(data)
        default:
            return .notFound
        }
    }

    private func catalog(_ base: String) -> [Data]? {
        read("catalog.json", base: base).flatMap(RawJSON.elements(ofArray:))
    }

    private func read(_ name: String, base: String) -> Data? {
        guard name.split(separator: "/").allSatisfy({ $0 != ".." && !$0.isEmpty }),
              let text = try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        else { return nil }
        return Data(text.replacingOccurrences(of: "{{base}}", with: base).utf8)
    }

    private func array(_ items: [Data]) -> String { String(decoding: RawJSON.array(items), as: UTF8.self) }

    /// An object of raw members, in the order given.
    private func object(_ members: KeyValuePairs<String, String>) -> Reply {
        .json("{" + members.map { "\(RawJSON.string($0.key)):\($0.value)" }.joined(separator: ",") + "}")
    }
}
