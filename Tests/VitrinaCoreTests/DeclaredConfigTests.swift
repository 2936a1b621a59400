import Foundation
import Testing
import TestSupport
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// `items:` of a source in site.yml, the Link header (RFC 8288) and the URL helpers of declared sources.
/// `items:` de una fuente en site.yml, la cabecera Link (RFC 8288) y las utilidades de URL de las fuentes declaradas.
@Suite("Declared sources: config, Link header, URLs")
struct DeclaredConfigTests {
    private static func yaml(_ items: String, extra: String = "") -> String {
        """
        title: Shop
        sources:
          shop:
            base_url: https://api.example.com
            max_age: 1d
            page_size: 20
            limit: 50\(extra)
            items:
        \(items.split(separator: "\n", omittingEmptySubsequences: false).map { "      " + $0 }.joined(separator: "\n"))
        """
    }

    private func items(_ items: String) throws -> ItemsDeclaration {
        try #require(try SiteConfig.parse(Self.yaml(items), file: "Content/site.yml").sources["shop"]?.items)
    }

    private func failure(_ items: String) -> String {
        do {
            _ = try SiteConfig.parse(Self.yaml(items), file: "Content/site.yml")
            return "no error"
        } catch let error as VitrinaError {
            return error.message
        } catch {
            return "\(error)"
        }
    }

    private func path(_ text: String) -> JSONPath { try! JSONPath(parsing: text) }

    // MARK: Config

    @Test func readsEveryKey() throws {
        let declared = try items("""
            list: /products?lang=en
            paging: cursor
            cursor: meta.next_cursor
            cursor_param: after
            at: data.results
            id: id
            title: title
            slug: handle
            detail: /products/{id}/{meta.sku}
            images: [image, thumbnail.url, 'gallery[0]']
            group: category
            sort: -rating.rate
            """)
        #expect(declared.list == "/products?lang=en")
        #expect(declared.paging == .cursor(path("meta.next_cursor"), parameter: "after"))
        #expect(declared.at == path("data.results"))
        #expect(declared.id == path("id") && declared.title == path("title") && declared.slug == FieldText(parts: [.field(path("handle"))]))
        #expect(declared.detail == .template(try URLTemplate(parsing: "/products/{id}/{meta.sku}")))
        #expect(declared.images == [path("image"), path("thumbnail.url"), path("gallery[0]")])
        #expect(declared.group == path("category"))
        #expect(declared.sort == ItemsDeclaration.SortOrder(path: path("rating.rate"), descending: true))
    }

    /// The keys that shape the pages: slug texts, description, kind, icon, per_page, group_order, album and numbers.
    @Test func readsThePageKeys() throws {
        let declared = try items("""
            list: /products
            id: id
            title: title
            slug: "{id}-{title}"
            description: description
            kind: product
            icon: ◈
            per_page: all
            group: category
            group_order: name
            album: true
            numbers:
              price: {at: price, digits: 2, text: price_usd}
              stars: {at: rating.rate, percent_of: 5}
            """)
        #expect(declared.slug == FieldText(parts: [.field(path("id")), .literal("-"), .field(path("title"))]))
        #expect(declared.description == path("description") && declared.kind == "product" && declared.icon == "◈")
        #expect(declared.perPage == .max && declared.groupOrder == .name && declared.album)
        #expect(declared.numbers.map(\.name) == ["price", "stars"])
        #expect(declared.numbers[0].path == path("price") && declared.numbers[0].digits == 2 && declared.numbers[0].text == "price_usd")
        #expect(declared.numbers[1].percentOf == 5 && declared.numbers[1].text == nil)
        #expect(try items("list: /p\nid: id\ntitle: t\nper_page: 12").perPage == 12)
    }

    /// A slug text's holes are slugged one by one (so a long title is cut on its own, as before), joined by the literals.
    @Test func slugTextsSlugEachField() throws {
        let slug = try FieldText(parsing: "{id}-{title}")
        let title = "Samsung 49-Inch CHG90 144Hz Curved Gaming Monitor (LC49HG90DMNXZA) – Super Ultrawide Screen QLED"
        #expect(slug.slug { $0 == path("id") ? "14" : title } == Slug.make(id: 14, name: title))
        #expect(slug.slug { $0 == path("id") ? "7" : "¡¡!!" } == "7", "an empty hole leaves no hyphen behind")
        #expect(try FieldText(parsing: "name").slug { _ in "Rick Sánchez" } == "rick-sanchez")
        let many = try FieldText(parsing: String(repeating: "{a}-", count: 16))
        #expect(many.slug { _ in String(repeating: "x", count: 80) }.utf8.count <= 200)
    }

    @Test func defaultsAndOtherSources() throws {
        let declared = try items("list: /products\nid: id\ntitle: title")
        #expect(declared == ItemsDeclaration(list: "/products", id: path("id"), title: path("title")))
        #expect(try items("list: /p\nid: id\ntitle: t\nat: ''").at == .root)
        #expect(try items("list: /p\nid: id\ntitle: t\npaging: next").paging == .next(path("next")))
        #expect(try items("list: /p\nid: id\ntitle: t\npaging: next\nnext: info.next").paging == .next(path("info.next")))
        #expect(try items("list: /p\nid: id\ntitle: t\npaging: offset").paging == .offset(offsetParameter: "offset", limitParameter: "limit"))
        #expect(try items("list: /p\nid: id\ntitle: t\npaging: offset\noffset_param: skip\nlimit_param: take").paging
            == .offset(offsetParameter: "skip", limitParameter: "take"))
        #expect(try items("list: /p\nid: id\ntitle: t\npaging: pages\npage_param: p").paging == .pages(parameter: "p"))
        #expect(try items("list: /p\nid: id\ntitle: t\npaging: link").paging == .link)
        #expect(try items("list: /p\nid: id\ntitle: t\ndetail_url: url").detail == .urlField(path("url")))
        #expect(try items("list: /p\nid: id\ntitle: t\nimages: image").images == [path("image")])
        let plain = try SiteConfig.parse("sources:\n  fakestore:\n    base_url: https://fakestoreapi.com\n", file: "site.yml")
        #expect(plain.sources["fakestore"]?.items == nil, "a source without items: is untouched")
    }

    /// Each mistake names the file, the line of the key (of the mapping's first key for a key left out) and what to do.
    @Test(arguments: [
        ("list: /p\nid: id\ntitle: t\ncolour: red", ":12: sources.shop.items.colour is not a key items: knows; use some of: list, paging"),
        ("id: id\ntitle: t", ":9: sources.shop.items.list is missing; add it, like list: /products"),
        ("list: /p\ntitle: t", ":9: sources.shop.items.id is missing"),
        ("list: /p\nid: id", ":9: sources.shop.items.title is missing"),
        ("list: products\nid: id\ntitle: t", ":9: sources.shop.items.list \"products\": it must be a path under base_url starting with one /"),
        ("list: //evil.example/p\nid: id\ntitle: t", ":9: sources.shop.items.list"),
        ("list: /p q\nid: id\ntitle: t", "a space, a control character"),
        ("list: /p\nid: id\ntitle: t\npaging: scroll", ":12: sources.shop.items.paging \"scroll\" is not a way of paging; use one of: none, next, link, cursor, offset, pages"),
        ("list: /p\nid: id\ntitle: t\npaging: cursor", ":9: sources.shop.items.cursor is missing; add it, like cursor: meta.next_cursor"),
        ("list: /p\nid: id\ntitle: t\nnext: info.next", ":12: sources.shop.items.next applies to paging: next only"),
        ("list: /p\nid: id\ntitle: t\npaging: next\ncursor_param: c", ":13: sources.shop.items.cursor_param applies to paging: cursor only"),
        ("list: /p\nid: id\ntitle: t\npaging: pages\npage_param: 'a b'", ":13: sources.shop.items.page_param \"a b\" must be a query parameter name"),
        ("list: /p\nid: id\ntitle: t\npaging: offset\noffset_param: n\nlimit_param: n", "are both n; give them different names"),
        ("list: /p\nid: a..b\ntitle: t", ":10: sources.shop.items.id \"a..b\" is not a JSON path: the path has an empty segment"),
        ("list: /p\nid: id\ntitle: 'x['", ":11: sources.shop.items.title \"x[\" is not a JSON path"),
        ("list: /p\nid: 'images[1000000]'\ntitle: t", "is larger than 99999"),
        ("list: /p\nid: [a]\ntitle: t", ":10: sources.shop.items.id must be a JSON path"),
        ("list: /p\nid: id\ntitle: t\ndetail: /p/{id", ":12: sources.shop.items.detail \"/p/{id\": { at byte 4 is never closed"),
        ("list: /p\nid: id\ntitle: t\ndetail: /p/{}", "{} at byte 4: the path is empty"),
        ("list: /p\nid: id\ntitle: t\ndetail: https://evil.example/{id}", "it must be a path under base_url"),
        ("list: /p\nid: id\ntitle: t\ndetail: /p/{id}\ndetail_url: url", ":13: sources.shop.items.detail and sources.shop.items.detail_url both say"),
        ("list: /p\nid: id\ntitle: t\nimages: {a: b}", ":12: sources.shop.items.images must be a list of JSON paths"),
        ("list: /p\nid: id\ntitle: t\nimages: [a, 'b..c']", ":12: sources.shop.items.images \"b..c\" is not a JSON path"),
        ("list: /p\nid: id\ntitle: t\nsort: '-'", ":12: sources.shop.items.sort \"\" is not a JSON path"),
        ("- list", ":9: sources.shop.items must be a mapping"),
        ("list: /p\nid: id\ntitle: t\nslug: '{id}/{title}'", ":12: sources.shop.items.slug \"{id}/{title}\": the text between {fields} becomes part of a URL"),
        ("list: /p\nid: id\ntitle: t\nslug: '{id'", ":12: sources.shop.items.slug \"{id\": { at byte 1 is never closed"),
        ("list: /p\nid: id\ntitle: t\nkind: ../x", ":12: sources.shop.items.kind \"../x\" names strings"),
        ("list: /p\nid: id\ntitle: t\nicon: ''", ":12: sources.shop.items.icon must be 1 to 8 characters"),
        ("list: /p\nid: id\ntitle: t\nper_page: 0", ":12: sources.shop.items.per_page must be a whole number from 1 to 1000, or all"),
        ("list: /p\nid: id\ntitle: t\ngroup_order: size", ":12: sources.shop.items.group_order \"size\" is not an order"),
        ("list: /p\nid: id\ntitle: t\nalbum: yes please", ":12: sources.shop.items.album must be true or false"),
        ("list: /p\nid: id\ntitle: t\nalbum: true", ":12: sources.shop.items.album makes one album per group; add group: too"),
        ("list: /p\nid: id\ntitle: t\nnumbers: [price]", ":12: sources.shop.items.numbers must be a mapping of names"),
        ("list: /p\nid: id\ntitle: t\nnumbers: {price: {digits: 2}}", ":12: sources.shop.items.numbers.price.at is missing"),
        ("list: /p\nid: id\ntitle: t\nnumbers: {price: {at: p, digits: 9}}", "sources.shop.items.numbers.price.digits must be a whole number from 0 to 6"),
        ("list: /p\nid: id\ntitle: t\nnumbers: {price: {at: p, percent_of: 0}}", "sources.shop.items.numbers.price.percent_of must be a number above 0"),
        ("list: /p\nid: id\ntitle: t\nnumbers: {price: {at: p, text: '{value} $'}}", "sources.shop.items.numbers.price.text must be a strings key"),
        ("list: /p\nid: id\ntitle: t\nnumbers: {price: {at: p, unit: eur}}", "sources.shop.items.numbers.price.unit is not a setting of a number"),
        ("list: /p\nid: id\ntitle: t\nnumbers: {'a.b': {at: p}}", "sources.shop.items.numbers.a.b: a number's name is used as {{numbers.name}}"),
        ("list: /p\nid: id\ntitle: t\nnumbers: {price: {at: 'p..q'}}", "sources.shop.items.numbers.price.at \"p..q\" is not a JSON path"),
    ])
    func mistakesNameFileLineAndKey(items: String, expected: String) {
        let message = failure(items)
        #expect(message.hasPrefix("Content/site.yml:"), "\(message)")
        #expect(message.contains(expected), "\(message)")
    }

    /// A declared source's name becomes a template folder and strings keys: hostile names (a dot-dot, a slash, markup,
    /// controls, an accent, upper case) are refused with the name to write instead; a plain one is read.
    @Test(arguments: ["../up", "a/b", "<b>x</b>", "shop\t", "tiénda", "Shop", "", "-"])
    func aDeclaredSourceNeedsAPlainName(_ name: String) throws {
        let yaml = "title: x\nsources:\n  \(String(reflecting: name)):\n    base_url: https://api.example\n    items: {list: /p, id: id, title: t}\n"
        #expect(throws: VitrinaError.self) { try SiteConfig.parse(yaml, file: "Content/site.yml") }
        do { _ = try SiteConfig.parse(yaml, file: "Content/site.yml") } catch let error as VitrinaError {
            #expect(error.message.contains("use lowercase letters, digits and hyphens"), "\(error.message)")
        }
        let plain = yaml.replacingOccurrences(of: String(reflecting: name), with: "my-shop-2")
        #expect(try SiteConfig.parse(plain, file: "Content/site.yml").sources["my-shop-2"]?.items != nil)
    }

    @Test func rangesAreChecked() {
        let images = (0...ItemsDeclaration.maxImages).map { "i\($0)" }.joined(separator: ", ")
        #expect(failure("list: /p\nid: id\ntitle: t\nimages: [\(images)]").contains("names 21 paths; at most 20"))
        let long = "/" + String(repeating: "a", count: 2_000)
        #expect(failure("list: \(long)\nid: id\ntitle: t").contains("longer than 2000 bytes"))
        #expect(failure("list: /p\nid: id\ntitle: t\ndetail: \(long)").contains("longer than 2000 bytes"))
        let deep = (0...32).map { "k\($0)" }.joined(separator: ".")
        #expect(failure("list: /p\nid: \(deep)\ntitle: t").contains("more than 32 segments"))
        let holes = String(repeating: "/{id}", count: 17)
        #expect(failure("list: /p\nid: id\ntitle: t\ndetail: \(holes)").contains("more than 16 {fields}"))
    }

    // MARK: URL templates and URLs

    @Test func templatesPercentEncodeEachValue() throws {
        let template = try URLTemplate(parsing: "/products/{id}/{meta.sku}?v={v}")
        let item = try JSONValue.parse(Array(#"{"id":7,"meta":{"sku":"a/b c?d&é"},"v":".."}"#.utf8))
        let expanded = try template.expand { (path: JSONPath) throws(JSONPath.ParseError) -> String in
            switch item.value(at: path) {
            case .int(let number)?: String(number)
            case .string(let text)?: text
            default: throw JSONPath.ParseError("missing")
            }
        }
        #expect(expanded == "/products/7/a%2Fb%20c%3Fd%26%C3%A9?v=%2E%2E")
    }

    @Test func urlsUnderBaseAndQueryParameters() {
        let base = "https://api.example.com/v1"
        #expect(DeclaredURL.isUnder("https://api.example.com/v1", base: base))
        #expect(DeclaredURL.isUnder("https://api.example.com/v1/items?page=2", base: base))
        #expect(DeclaredURL.isUnder("https://api.example.com/v1?page=2", base: base))
        #expect(!DeclaredURL.isUnder("https://api.example.com/v10/items", base: base))
        #expect(!DeclaredURL.isUnder("https://api.example.com.evil.org/v1/items", base: "https://api.example.com"))
        #expect(!DeclaredURL.isUnder("https://api.example.com@evil.org/", base: "https://api.example.com"))
        #expect(!DeclaredURL.isUnder("https://api.example.com/v1/a b", base: base))
        #expect(!DeclaredURL.isUnder("http://evil.example/v1", base: base))
        #expect(DeclaredURL.setting("page", to: "2", in: "https://x.org/p") == "https://x.org/p?page=2")
        #expect(DeclaredURL.setting("page", to: "3", in: "https://x.org/p?page=2&lang=en") == "https://x.org/p?lang=en&page=3")
        #expect(DeclaredURL.setting([("offset", "40"), ("limit", "20")], in: "https://x.org/p?limit=50&q=a")
            == "https://x.org/p?q=a&offset=40&limit=20")
        #expect(DeclaredURL.setting("cursor", to: "after:5 &x", in: "https://x.org/p") == "https://x.org/p?cursor=after%3A5%20%26x")
    }

    /// Seeded property: any value set as a query parameter reads back the same through Foundation's query parser, and
    /// whatever else the URL held is kept.
    @Test func hostileParameterValuesRoundTrip() throws {
        var random = SeededGenerator(seed: 0xC0_50_12)
        for _ in 0..<3_000 {
            let value = HostileText.string(&random)
            let url = DeclaredURL.setting("cursor", to: value, in: "https://x.org/p?lang=en&cursor=old")
            let components = try #require(URLComponents(string: url), "\(url)")
            #expect(components.host == "x.org" && components.path == "/p")
            #expect(components.queryItems?.map(\.name) == ["lang", "cursor"])
            // Decoded on bytes: Foundation's decoding drops a leading U+FEFF, which the URL does carry (%EF%BB%BF).
            let encoded = try #require(url.split(separator: "&").last?.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).last)
            #expect(Self.percentDecoded(encoded) == Array(value.utf8), "\(String(reflecting: value))")
            let expanded = try URLTemplate(parsing: "/items/{x}").expand { (_: JSONPath) in value }
            #expect(DeclaredURL.isUnder("https://x.org" + expanded, base: "https://x.org"))
            #expect(!expanded.dropFirst(7).utf8.contains(UInt8(ascii: "/")), "a value never adds a path segment")
        }
    }

    private static func percentDecoded(_ text: Substring) -> [UInt8] {
        var bytes: [UInt8] = [], index = 0
        let input = Array(text.utf8)
        while index < input.count {
            if input[index] == UInt8(ascii: "%"), index + 2 < input.count, let byte = UInt8(String(decoding: input[(index + 1)...(index + 2)], as: UTF8.self), radix: 16) {
                bytes.append(byte)
                index += 3
            } else {
                bytes.append(input[index])
                index += 1
            }
        }
        return bytes
    }

    // MARK: Link header (RFC 8288 and its examples)

    @Test func rfc8288Examples() {
        // RFC 8288 §3.5.
        let one = LinkHeader.links(in: #"<http://example.com/TheBook/chapter2>; rel="previous"; title="previous chapter""#)
        #expect(one == [LinkHeader.Link(target: "http://example.com/TheBook/chapter2",
                                        parameters: [.init(name: "rel", value: "previous"), .init(name: "title", value: "previous chapter")])])
        #expect(LinkHeader.links(in: #"</>; rel="http://example.net/foo""#).first?.relations == ["http://example.net/foo"])
        let two = LinkHeader.links(in: #"</TheBook/chapter2>; rel="previous"; title*=UTF-8'de'letztes%20Kapitel, </TheBook/chapter4>; rel="next"; title*=UTF-8'de'n%c3%a4chstes%20Kapitel"#)
        #expect(two.map(\.target) == ["/TheBook/chapter2", "/TheBook/chapter4"])
        #expect(two.map(\.relations) == [["previous"], ["next"]])
        #expect(LinkHeader.next(in: #"</TheBook/chapter2>; rel="previous", </TheBook/chapter4>; rel="next""#, base: "http://example.com/TheBook/chapter3")
            == "http://example.com/TheBook/chapter4")
        let both = LinkHeader.links(in: #"<http://example.org/>; rel="start http://example.net/relation/other""#)
        #expect(both.first?.relations == ["start", "http://example.net/relation/other"])
    }

    @Test(arguments: [
        (#"<https://api.github.com/x?page=2>; rel="next", <https://api.github.com/x?page=5>; rel="last""#, "https://api.github.com/x?page=2"),
        (#"<https://a.org/p?page=1>; rel=prev, <https://a.org/p?page=3>; rel=next"#, "https://a.org/p?page=3"),
        (#"<https://a.org/p?page=3>;rel="next last""#, "https://a.org/p?page=3"),
        (#"<https://a.org/p?page=3>; title="a, b; c"; REL="Next""#, "https://a.org/p?page=3"),
        (#"<https://a.org/p?page=1>; rel="prev"  ,  <https://a.org/p?page=3>; rel="next""#, "https://a.org/p?page=3"),
        (#"garbage, <https://a.org/p?page=3>; rel=next"#, "https://a.org/p?page=3"),
        (#"<https://a.org/p?a=1,2>; rel="next""#, "https://a.org/p?a=1,2"),
        (#"<?page=3>; rel=next"#, "https://a.org/p?page=3"),
    ])
    func nextIsFound(header: String, next: String) {
        #expect(LinkHeader.next(in: header, base: "https://a.org/p?page=2") == next)
    }

    @Test(arguments: [
        "", #"<https://a.org/p?page=1>; rel="prev""#, #"<https://a.org/p>; rel="nextpage""#, "<https://a.org/p", #"https://a.org/p; rel=next"#,
        #"<https://a.org/p>; title="rel=next""#,
    ])
    func noNext(header: String) {
        #expect(LinkHeader.next(in: header, base: "https://a.org/") == nil)
    }

    /// Seeded property: hostile headers never crash and give at most `maxLinks` links.
    @Test func hostileHeadersAreBounded() {
        var random = SeededGenerator(seed: 0x11_4E)
        let pieces = ["<", ">", ";", ",", "\"", "\\", "rel", "=", "next", " ", "https://a.org/", "title"]
        for _ in 0..<3_000 {
            let header = random.chance(0.5)
                ? (0..<Int.random(in: 0...40, using: &random)).map { _ in random.pick(pieces) }.joined()
                : HostileText.string(&random, maxPieces: 30)
            #expect(LinkHeader.links(in: header).count <= LinkHeader.maxLinks)
            _ = LinkHeader.next(in: header, base: "https://a.org/")
        }
        let many = Array(repeating: "<https://a.org/x>; rel=prev", count: 500).joined(separator: ", ")
        #expect(LinkHeader.links(in: many).count == LinkHeader.maxLinks)
    }
}
