import Foundation
import Testing
import TestSupport
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// A site whose store is a declared source (the Fake Store's recorded API, no Swift), drawn by templates of its own.
/// Un sitio cuya tienda es una fuente declarada (la Fake Store grabada, sin Swift), con plantillas propias.
@Suite("Declared source pages")
struct DeclaredPagesTests {
    static let config = """
        title: Declarada
        default_language: es
        languages: [es, en]
        page_size: 8
        app_screens: true
        sources:
          shop:
            base_url: https://fakestoreapi.com
            max_age: 7d
            items:
              list: /products
              id: id
              title: title
              images: [image]
              group: category
              sort: -price
        """

    static let templates = [
        "shop/list.mustache": """
            {{<base}}{{$main}}{{#content}}<h1>{{heading}}</h1>
            <ul>{{#items}}<li><a href="{{href}}">{{title}}</a> {{item.price}}{{#image}}<img src="{{src}}" alt="{{alt}}">{{/image}}</li>{{/items}}</ul>
            <p>{{#groups}}<a href="{{href}}">{{name}} ({{count}})</a> {{/groups}}</p>
            {{> partials/pagination}}{{/content}}{{/main}}{{/base}}
            """,
        "shop/group.mustache": """
            {{<base}}{{$main}}{{#content}}<h1>{{name}}</h1><ul>{{#items}}<li><a href="{{href}}">{{title}}</a></li>{{/items}}</ul>
            <a href="{{back.href}}">{{back.label}}</a>{{/content}}{{/main}}{{/base}}
            """,
        "shop/item.mustache": """
            {{<base}}{{$main}}{{#content}}<h1>{{item.title}}</h1><p class="rate">{{item.rating.rate}} ({{item.rating.count}})</p>
            <p class="price">{{item.price}}</p><p>{{item.description}}</p>{{#group}}<a class="group" href="{{href}}">{{label}}</a>{{/group}}
            {{#image}}<img src="{{src}}" width="{{width}}" height="{{height}}" alt="{{alt}}">{{/image}}{{/content}}{{/main}}{{/base}}
            """,
    ]

    /// A site with the shop's templates and route strings, built against the replay server.
    static func site(templates: [String: String] = templates, config: String = config, content: [String: String] = [:]) throws -> TestSite {
        let site = try TestSite(config: config, content: content)
        for (path, text) in templates { try Files.write(Array(text.utf8), to: "\(site.root)/Templates/\(path)") }
        for (language, folder) in [("es", "tienda"), ("en", "shop")] {
            let path = "\(site.root)/Templates/i18n/\(language).yml"
            try Files.write(try Files.read(path) + Array("\nroute_shop: \(folder)\nshop_title: \(language == "es" ? "Tienda" : "Shop")\nnav_shop: Shop\n".utf8), to: path)
        }
        return site
    }

    /// The config without the shop, and the shop's declaration as `Content/shop/source.yml` holds it.
    static func shopInItsFolder() throws -> (config: String, declaration: String) {
        let lines = config.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0.hasPrefix("  shop:") })
        return (lines[..<start].joined(separator: "\n").replacingOccurrences(of: "sources:", with: "sources: {}"),
                lines[(start + 1)...].map { String($0.dropFirst(4)) }.joined(separator: "\n") + "\n")
    }

    static func options(_ site: TestSite, _ server: ReplayServer, offline: Bool = false) -> BuildOptions {
        var options = site.options(server: nil, offline: offline)
        options.apiOverrides = ["shop": server.baseURL]
        return options
    }

    @Test func listGroupAndItemPagesFromTheItemsJSON() async throws {
        try await withReplayServer { server in
            let site = try Self.site()
            defer { site.remove() }
            let report = try await site.build(Self.options(site, server))
            #expect(report.warnings.filter { $0.kind == .link }.isEmpty, "\(report.warnings)")
            // 20 products, 8 a page, sorted by price descending; four categories.
            #expect(site.exists("tienda/index.html") && site.exists("tienda/pagina/3/index.html") && !site.exists("tienda/pagina/4/index.html"))
            #expect(site.exists("en/shop/electronics/index.html") && site.exists("tienda/jewelery/index.html"))
            let list = try site.read("tienda/index.html")
            #expect(list.contains("<h1>Tienda</h1>") && list.contains("electronics (6)"))
            let first = try #require(list.range(of: "<h1>Tienda</h1>\n<ul><li><a href=\"").map { list[$0.upperBound...] })
            #expect(first.hasPrefix("electronics/samsung-49-inch-chg90"), "the dearest product (999.99) comes first")
            let item = try site.read("tienda/men-s-clothing/fjallraven-foldsack-no-1-backpack-fits-15-laptops/index.html")
            #expect(item.contains("<h1>Fjallraven - Foldsack No. 1 Backpack, Fits 15 Laptops</h1>"))
            #expect(item.contains("<p class=\"rate\">3.9 (120)</p>") && item.contains("<p class=\"price\">109.95</p>"))
            #expect(item.contains("class=\"group\" href=\"../index.html\""))
            #expect(item.contains("src=\"../../../media/"), "the product's picture is downloaded into media/")
            let home = try site.read("index.html")
            #expect(home.contains("href=\"tienda/index.html\""), "navigation and home card")
            let search = Files.list(site.output + "/assets/search").filter { $0.hasPrefix("es.r") }
            #expect(try search.map { try site.read("assets/search/\($0)") }.joined().contains("Fjallraven"), "the product is in the search index")
            #expect(try site.read("sitemap.xml").contains("en/shop/jewelery/"))
        }
    }

    /// The same source declared beside its pages, in `Content/shop/source.yml`, makes the same site byte for byte; the
    /// folder is the source's (not a section). A declaration without items:, one site.yml declares too, and a link are refused.
    @Test func aSourceDeclaredInItsFolderMakesTheSameSite() async throws {
        let (withoutShop, declaration) = try Self.shopInItsFolder()
        try await withReplayServer { server in
            let inConfig = try Self.site()
            let inFolder = try Self.site(config: withoutShop, content: ["shop/source.yml": declaration])
            defer { inConfig.remove(); inFolder.remove() }
            _ = try await inConfig.build(Self.options(inConfig, server))
            let report = try await inFolder.build(Self.options(inFolder, server))
            #expect(report.warnings.isEmpty, "\(report.warnings)")
            let (one, other) = (try inConfig.snapshotOfOutput(), try inFolder.snapshotOfOutput())
            #expect(Set(one.keys) == Set(other.keys))
            for (path, bytes) in one where !path.hasPrefix(".") && other[path] != bytes { Issue.record("\(path) differs") }
            #expect(!inFolder.exists("shop/index.html") && inFolder.exists("tienda/index.html"), "the folder is the source's, not a section")
        }
        let cases: [(config: String, content: [String: String], expected: String)] = [
            (withoutShop, ["shop/source.yml": "base_url: https://fakestoreapi.com\n"], "Content/shop/source.yml:1: a source beside its pages must declare its items:"),
            (Self.config, ["shop/source.yml": declaration], "Content/shop/source.yml declares the source shop, which Content/site.yml declares too"),
            (withoutShop, ["Shop/source.yml": declaration], "Content/Shop/source.yml:"),
            (withoutShop, ["shop/source.yml": "- list"], "Content/shop/source.yml: expected a mapping with base_url: and items:"),
        ]
        for (config, content, expected) in cases {
            let site = try Self.site(config: config, content: content)
            defer { site.remove() }
            let failure = try #require(await site.failure(site.options(server: nil, offline: true)))
            #expect(failure.error.stage == .config && failure.error.message.contains(expected), "\(failure.error.message)")
        }
        let linked = try Self.site(config: withoutShop, content: ["elsewhere.yml": declaration])
        defer { linked.remove() }
        try FileManager.default.createDirectory(atPath: linked.root + "/Content/shop", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: linked.root + "/Content/shop/source.yml", withDestinationPath: linked.root + "/Content/elsewhere.yml")
        let failure = try #require(await linked.failure(linked.options(server: nil, offline: true)))
        #expect(failure.error.message.contains("Content/shop/source.yml is not a regular file"), "\(failure.error.message)")
    }

    /// A source declared in its folder: its errors name `Content/shop/source.yml` and its keys as that file spells them;
    /// an edit of the source.yml draws the pages again (the result equals a full build); hostile folder names are refused.
    @Test func aFolderSourceNamesItsFileAndItsEditsRedraw() async throws {
        let (withoutShop, declaration) = try Self.shopInItsFolder()
        try await withReplayServer { server in
            let site = try Self.site(config: withoutShop, content: ["shop/source.yml": declaration])
            defer { site.remove() }
            _ = try await site.build(Self.options(site, server))
            try Files.write(Array((declaration + "  kind: gadget\n").utf8), to: site.root + "/Content/shop/source.yml")
            let edited = try await site.build(Self.options(site, server, offline: true))
            #expect(edited.rendered > 0)
            #expect(try site.read("tienda/men-s-clothing/mens-cotton-jacket/index.html").contains("data-page=\"gadget\""))
            let fresh = site.root + "/Fresh"
            var options = Self.options(site, server, offline: true)
            options.outputDirectory = fresh
            _ = try await site.build(options)
            let (incremental, full) = (try site.snapshotOfOutput(), try site.snapshotOfOutput(fresh))
            for (path, bytes) in full where !path.hasPrefix(".") && incremental[path] != bytes { Issue.record("\(path) differs from a full build") }

            try Files.write(Array(declaration.replacingOccurrences(of: "title: title", with: "title: heading").utf8),
                            to: site.root + "/Content/shop/source.yml")
            let missing = try #require(await site.failure(Self.options(site, server, offline: true)))
            #expect(missing.error.message.contains("at [0].heading: the field is missing; the declaration in Content/shop/source.yml (items.title) names it"),
                    "\(missing.error.message)")
            try Files.write(Array(declaration.utf8), to: site.root + "/Content/shop/source.yml")
            try Files.write(Array("{{<base}}{{$main}}{{#content}}{{numbers.price}}{{/content}}{{/main}}{{/base}}".utf8),
                            to: site.root + "/Templates/shop/item.mustache")
            let undeclared = try #require(await site.failure(Self.options(site, server, offline: true)))
            #expect(undeclared.error.message.contains("item.mustache shows {{numbers.price}}, which Content/shop/source.yml (items.numbers) does not declare"),
                    "\(undeclared.error.message)")
        }
        for name in ["tiénda", "my shop", "a.b", "-"] {
            let site = try Self.site(config: withoutShop, content: ["\(name)/source.yml": declaration])
            defer { site.remove() }
            let failure = try #require(await site.failure(site.options(server: nil, offline: true)))
            #expect(failure.error.message.hasPrefix("Content/\(name)/source.yml:") && failure.error.message.contains("use lowercase letters"),
                    "\(name): \(failure.error.message)")
        }
    }

    /// The Fake Store, declared in Content/site.yml with no Swift, draws what the Swift feature it replaced drew: the
    /// `<main>` of nine store pages (list, categories, albums and products in both languages), kept from the last build
    /// of the Swift feature (Tests/Fixtures/store-swift; only the media folder is renamed, fakestore → store, with the source).
    /// La Fake Store declarada dibuja lo mismo que la función en Swift a la que sustituye, byte a byte.
    @Test func theDeclaredStoreDrawsWhatTheSwiftStoreDrew() async throws {
        try await withReplayServer { server in
            try await withSite { site in
                let report = try await site.build(site.options(server: server))
                #expect(report.warnings.isEmpty, "\(report.warnings)")
                let golden = Fixtures.recordings.deletingLastPathComponent().appendingPathComponent("store-swift").path
                let files = Files.list(golden).filter { $0.hasSuffix(".html") }
                #expect(files.count == 9)
                for file in files {
                    let page = String(file.dropLast(5)).replacingOccurrences(of: "__", with: "/") + "/index.html"
                    let html = try site.read(page)
                    let start = try #require(html.range(of: "<main")), end = try #require(html.range(of: "</main>"))
                    // A product's terms and related products (its category as a taxonomy) came after the Swift feature.
                    let main = String(html[start.lowerBound..<end.upperBound]).replacing(/<aside class="page-terms"[\s\S]*?<\/aside>\n/, with: "")
                    #expect(main + "\n" == (try Files.readText("\(golden)/\(file)")), "\(page)")
                }
            }
        }
    }

    /// A number's `text:` names a strings key no language has: a warning naming the declaration and the key (a strict
    /// build fails), and the bare number meanwhile; once the key is there, its text is shown and the warning is gone.
    @Test func aNumbersTextKeyNoStringsFileHasIsAWarning() async throws {
        try await withReplayServer { server in
            var templates = Self.templates
            templates["shop/item.mustache"] = "{{<base}}{{$main}}{{#content}}<p class=\"price\">{{numbers.price}}</p>{{/content}}{{/main}}{{/base}}"
            let config = Self.config + "\n      numbers:\n        price: {at: price, digits: 2, text: price_eur}\n"
            let site = try Self.site(templates: templates, config: config)
            defer { site.remove() }
            let page = "tienda/men-s-clothing/fjallraven-foldsack-no-1-backpack-fits-15-laptops/index.html"
            let report = try await site.build(Self.options(site, server))
            let warning = try #require(report.warnings.first { $0.message.contains("price_eur") })
            #expect(warning.kind == .i18n)
            #expect(warning.message.contains("Content/site.yml (sources.shop.items.numbers): price is shown with the strings key price_eur"))
            #expect(try site.read(page).contains("<p class=\"price\">109,95</p>"), "the bare number, in Spanish")
            var strict = Self.options(site, server)
            strict.strict = true
            #expect(await site.failure(strict)?.error.message.contains("price_eur") == true)

            for (language, text) in [("es", "{value} €"), ("en", "€{value}")] {
                let path = "\(site.root)/Templates/i18n/\(language).yml"
                try Files.write(try Files.read(path) + Array("\nprice_eur: \"\(text)\"\n".utf8), to: path)
            }
            let fixed = try await site.build(Self.options(site, server))
            #expect(!fixed.warnings.contains { $0.message.contains("price_eur") })
            #expect(try site.read(page).contains("<p class=\"price\">109,95 €</p>"))
            #expect(try site.read("en/shop/men-s-clothing/fjallraven-foldsack-no-1-backpack-fits-15-laptops/index.html").contains("€109.95"))
        }
    }

    /// A template showing a field an item does not have fails naming the URL and the JSON path.
    @Test func aFieldTheTemplateShowsButAnItemLacksIsAnError() async throws {
        try await withReplayServer { server in
            var templates = Self.templates
            templates["shop/item.mustache"] = "{{<base}}{{$main}}{{#content}}{{item.rating.stars}}{{#item.missing}}ok{{/item.missing}}{{/content}}{{/main}}{{/base}}"
            let site = try Self.site(templates: templates)
            defer { site.remove() }
            let failure = try #require(await site.failure(Self.options(site, server)))
            #expect(failure.error.message.contains("https://fakestoreapi.com/products: at rating.stars: the field is missing"))
            #expect(failure.error.message.contains("item.mustache shows {{item.rating.stars}}"))
            #expect(!failure.error.message.contains("item.missing"), "a section only tests for a field")
        }
    }

    /// One product's JSON changed: its page, the list page and the category page that show it are drawn again, in each
    /// language, and nothing else; the output equals a full build byte for byte.
    @Test func oneItemChangedRedrawsOnlyThePagesShowingIt() async throws {
        try await withReplayServer { server in
            let site = try Self.site()
            defer { site.remove() }
            _ = try await site.build(Self.options(site, server))
            let cache = ResponseCache(directory: site.root + "/.vitrina/cache")
            var response = try #require(cache.read("https://fakestoreapi.com/products"))
            let text = String(decoding: response.body, as: UTF8.self)
            #expect(text.contains("Slim-fitting style, contrast raglan"))
            response.body = Array(text.replacingOccurrences(of: "Slim-fitting style, contrast raglan", with: "Slim style, raglan").utf8)
            try cache.write(response)
            let rebuilt = try await site.build(Self.options(site, server, offline: true))
            #expect(try site.read("tienda/men-s-clothing/mens-casual-premium-slim-fit-t-shirts/index.html").contains("Slim style, raglan"))
            // The app's own screens (home, search, favourites, albums, maps…) show nothing of the product: not drawn again.
            #expect(rebuilt.rendered == 6, "item, its list page and its category page, in two languages: \(rebuilt.rendered)")
            let incremental = try site.snapshotOfOutput()
            let fresh = site.root + "/Fresh"
            var options = Self.options(site, server, offline: true)
            options.outputDirectory = fresh
            _ = try await site.build(options)
            let full = try site.snapshotOfOutput(fresh)
            #expect(Set(full.keys.filter { !$0.hasPrefix(".") }) == Set(incremental.keys.filter { !$0.hasPrefix(".") }))
            for (path, bytes) in full where !path.hasPrefix(".") && incremental[path] != bytes { Issue.record("\(path) differs from a full build") }
        }
    }
}
