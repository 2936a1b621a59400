import Foundation
import Testing
import TestSupport
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// What a published site carries besides its pages: feeds, social cards, JSON-LD, robots.txt, llms.txt and the sitemap's
/// languages, built from a small site of Markdown (and the recorded store for products).
/// Lo que lleva un sitio publicado además de sus páginas, construido desde un sitio pequeño de Markdown.
@Suite("Published outputs")
struct PublishedOutputsTests {
    /// A title no output may let through raw: a script end, a CDATA end, a control character and U+2028.
    static let hostileTitle = "</script><b>x</b> ]]> & \u{1}fin\u{2028}línea"
    static let hostileYAML = #""</script><b>x</b> ]]> & \x01fin\u2028línea""#

    static let config = """
        title: Bitácora
        description: Un diario y un blog.
        default_language: es
        languages: [es, en]

        """

    /// A 1×1 PNG, so the diary photo is a real picture in the media catalogue.
    static let png: [UInt8] = Array(Data(base64Encoded:
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==")!)

    static let content: [String: String] = [
        "diary/2026-03-01-uno.md": "---\ntitle: \(hostileYAML)\ndate: 2026-03-01\nmessage: Primer día.\nphoto: photos/uno.png\n---\nTexto con [enlace](2026-02-01-dos.md).\n",
        "diary/2026-03-01-uno.en.md": "---\ntitle: Day one\ndate: 2026-03-01\nmessage: First day.\n---\nText.\n",
        "diary/2026-02-01-dos.md": "---\ntitle: Dos\ndate: 2026-02-01\nmessage: Segundo.\n---\nMás.\n",
        "diary/2026-04-01-borrador.md": "---\ntitle: Borrador\ndate: 2026-04-01\ndraft: true\n---\nNo.\n",
        "blog/_index.md": "---\ntitle: Blog\ndescription: Notas.\n---\n",
        "blog/a.md": "---\ntitle: Nota A\ndate: 2026-05-02\ndescription: La primera.\n---\nA.\n",
        "blog/b.md": "---\ntitle: Nota B\ndate: 2026-01-09\n---\nB.\n",
        "blog/sin-fecha.md": "---\ntitle: Sin fecha\n---\nC.\n",
        "notas/_index.md": "---\ntitle: Notas sin fechas\n---\n",
        "notas/x.md": "---\ntitle: X\n---\nX.\n",
    ]

    static func site(config: String = PublishedOutputsTests.config, content: [String: String] = PublishedOutputsTests.content,
                     _ body: (TestSite) async throws -> Void) async throws {
        try await withSite(config: config, content: content) { site in
            try Files.write(png, to: "\(site.root)/Content/diary/photos/uno.png")
            // The theme has no plain sections; the built-in theme's templates draw them (breadcrumbs included).
            // El tema no tiene secciones simples; las dibujan las plantillas del tema incluido.
            for name in ["index", "section", "page", "partials/breadcrumbs", "partials/subsections", "partials/listing"] {
                try Files.write(Array(DefaultTheme.files["\(name).mustache"]!.utf8), to: "\(site.root)/Templates/\(name).mustache")
            }
            try await body(site)
        }
    }

    static func build(_ site: TestSite, baseURL: String? = nil, drafts: Bool = false) async throws {
        var options = site.options(server: nil, offline: true, drafts: drafts, baseURL: baseURL)
        options.force = true
        _ = try await BuildPipeline(options: options, client: NoNetwork()).build()
    }

    /// The JSON-LD objects of a page, parsed back.
    static func jsonLD(_ html: String) throws -> [[String: Any]] {
        var found: [[String: Any]] = []
        var rest = html[...]
        while let start = rest.range(of: "<script type=\"application/ld+json\">"), let end = rest[start.upperBound...].range(of: "</script>") {
            let text = String(rest[start.upperBound..<end.lowerBound])
            let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
            found.append(try #require(object as? [String: Any]))
            rest = rest[end.upperBound...]
        }
        return found
    }

    /// The content of `<meta property|name="key" content="…">`, if the page has it.
    static func meta(_ html: String, _ key: String) -> String? {
        for attribute in ["property", "name"] {
            let prefix = "<meta \(attribute)=\"\(key)\" content=\""
            if let start = html.range(of: prefix), let end = html[start.upperBound...].firstIndex(of: "\"") {
                return String(html[start.upperBound..<end])
            }
        }
        return nil
    }

    static func count(_ text: String, _ part: String) -> Int { text.components(separatedBy: part).count - 1 }

    @Test func diaryAndDatedFoldersGetAnAtomAndAJSONFeedPerLanguageWithoutDrafts() async throws {
        try await Self.site { site in
            try await Self.build(site, drafts: true)
            let atom = try site.read("diario/atom.xml")
            #expect(atom.hasPrefix("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"es\">"))
            #expect(Self.count(atom, "<entry>") == 2, "the draft is left out even under --drafts")
            #expect(!atom.contains("Borrador"))
            #expect(atom.contains("<updated>2026-03-01T00:00:00Z</updated>\n  <author>"), "updated is the newest entry's date")
            #expect(atom.contains("<link rel=\"alternate\" type=\"text/html\" href=\"2026-03-01-uno/index.html\"/>"), "links relative to the feed")
            #expect(atom.contains("<link rel=\"self\" type=\"application/atom+xml\" href=\"atom.xml\"/>"))
            #expect(Self.count(atom, "<id>urn:uuid:") == 3)
            #expect(atom.contains("&lt;/script&gt;&lt;b&gt;x&lt;/b&gt; ]]&gt; &amp; fin\u{2028}línea"), "escaped, the control character dropped")
            #expect(!atom.utf8.contains(1))
            #expect(atom.range(of: "<entry>")!.lowerBound < atom.range(of: "Dos")!.lowerBound)
            let english = try site.read("en/diary/atom.xml")
            #expect(english.contains("xml:lang=\"en\"") && english.contains("<title>Day one</title>"))
            #expect(english.contains("<title>Dos</title>"), "an entry with no English text is in the English feed in Spanish")

            let json = try #require(try JSONSerialization.jsonObject(with: Data(site.read("diario/feed.json").utf8)) as? [String: Any])
            #expect(json["version"] as? String == "https://jsonfeed.org/version/1.1")
            #expect(json["title"] as? String == "Diario · Bitácora")
            #expect(json["feed_url"] == nil && json["home_page_url"] == nil, "no absolute URL to give without base_url")
            let items = try #require(json["items"] as? [[String: Any]])
            #expect(items.count == 2)
            #expect(items[0]["title"] as? String == "</script><b>x</b> ]]> & \u{1}fin\u{2028}línea")
            #expect(items[0]["date_published"] as? String == "2026-03-01T00:00:00Z")
            #expect(items[0]["url"] as? String == "2026-03-01-uno/index.html")
            #expect(items[0]["image"] as? String == "../media/diary/photos/uno.png")
            #expect((items[0]["content_html"] as? String)?.contains("href=\"../2026-02-01-dos/index.html\"") == true)
            #expect(Set(items.compactMap { $0["id"] as? String }).count == 2)

            let blog = try site.read("blog/atom.xml")
            #expect(Self.count(blog, "<entry>") == 2, "pages without a date are not in the feed")
            #expect(blog.contains("<title>Blog · Bitácora</title>") && blog.contains("<subtitle>Notas.</subtitle>"))
            #expect(blog.range(of: "Nota A")!.lowerBound < blog.range(of: "Nota B")!.lowerBound, "newest first")
            #expect(site.exists("en/blog/feed.json"))
            #expect(!site.exists("notas/atom.xml"), "a folder with no dates has no feed")

            let list = try site.read("diario/index.html")
            #expect(list.contains("<link rel=\"alternate\" type=\"application/atom+xml\" title=\"Diario · Bitácora\" href=\"atom.xml\">"))
            #expect(list.contains("<link rel=\"alternate\" type=\"application/feed+json\" title=\"Diario · Bitácora\" href=\"feed.json\">"))
            #expect(try site.read("blog/a/index.html").contains("href=\"../atom.xml\""))
            let home = try site.read("index.html")
            #expect(home.contains("href=\"diario/atom.xml\"") && home.contains("href=\"blog/feed.json\""), "the home page links every feed")
            #expect(!(try site.read("notas/x/index.html")).contains("application/atom+xml"))
        }
    }

    @Test func pagesCarrySocialCardsAndJSONLDThatParseBack() async throws {
        try await Self.site { site in
            try await Self.build(site)
            let entry = try site.read("diario/2026-03-01-uno/index.html")
            #expect(Self.meta(entry, "og:type") == "article")
            #expect(Self.meta(entry, "og:locale") == "es_ES")
            #expect(Self.meta(entry, "og:locale:alternate") == "en_US")
            #expect(Self.meta(entry, "og:title") == "&lt;/script&gt;&lt;b&gt;x&lt;/b&gt; ]]&gt; &amp; \u{1}fin\u{2028}línea")
            #expect(Self.meta(entry, "og:description") == "Primer día.")
            #expect(Self.meta(entry, "og:url") == nil && Self.meta(entry, "og:image") == nil && Self.meta(entry, "twitter:image") == nil,
                    "no absolute URL without base_url")
            #expect(Self.meta(entry, "twitter:card") == "summary")
            let head = String(entry[..<entry.range(of: "</head>")!.lowerBound])
            #expect(Self.count(head, "</script>") == Self.count(head, "<script"), "no value closes a script")
            let objects = try Self.jsonLD(entry)
            let posting = try #require(objects.first { $0["@type"] as? String == "BlogPosting" })
            #expect(posting["headline"] as? String == Self.hostileTitle)
            #expect(posting["datePublished"] as? String == "2026-03-01")
            #expect(posting["inLanguage"] as? String == "es")
            #expect(posting["image"] as? String == "../../media/diary/photos/uno.png", "relative to the page without base_url")
            #expect(!head.contains("\u{2028}</script>") && head.contains("\\u2028"), "U+2028 escaped in JSON-LD")

            let page = try site.read("blog/a/index.html")
            let trail = try #require(try Self.jsonLD(page).first { $0["@type"] as? String == "BreadcrumbList" })
            let steps = try #require(trail["itemListElement"] as? [[String: Any]])
            #expect(steps.map { $0["name"] as? String } == ["Inicio", "Blog", "Nota A"])
            #expect(steps.map { $0["position"] as? Int } == [1, 2, 3])
            #expect(steps.first?["item"] as? String == "../../index.html")
            #expect(Self.meta(page, "og:type") == "article")
            #expect(Self.meta(try site.read("notas/x/index.html"), "og:type") == "website")
        }
    }

    /// A page's description, else the site's; with neither, no description meta at all (an empty one says nothing to a
    /// search engine or a link preview, and MkDocs and mdBook leave it out too).
    /// La descripción de la página, si no la del sitio; sin ninguna, ninguna meta de descripción vacía.
    @Test func descriptionMetasFallBackToTheSiteAndAreLeftOutWhenEmpty() async throws {
        let keys = ["description", "og:description", "twitter:description"]
        try await Self.site { site in
            try await Self.build(site)
            let own = try site.read("blog/a/index.html"), none = try site.read("blog/b/index.html")
            #expect(keys.map { Self.meta(own, $0) } == Array(repeating: "La primera.", count: 3))
            #expect(keys.map { Self.meta(none, $0) } == Array(repeating: "Un diario y un blog.", count: 3), "the site's")
        }
        let config = Self.config.replacingOccurrences(of: "description: Un diario y un blog.\n", with: "")
        try await Self.site(config: config) { site in
            try await Self.build(site)
            let own = try site.read("blog/a/index.html"), none = try site.read("blog/b/index.html")
            #expect(keys.map { Self.meta(own, $0) } == Array(repeating: "La primera.", count: 3))
            #expect(keys.allSatisfy { Self.meta(none, $0) == nil }, "no empty description meta")
            #expect(!none.contains("description\" content=\"\""))
            #expect(Self.meta(none, "og:title") == "Nota B" && none.contains("<meta name=\"generator\" content=\"Vitrina\">\n"))
        }
        // The built-in theme (a bare folder of Markdown) does the same.
        // El tema incluido (una carpeta de Markdown sin más) hace lo mismo.
        try await withDocsSite(config: config, content: ["a.md": "---\ntitle: A\ndescription: Con <b>\n---\nA.\n", "b.md": "# B\n\nB.\n"]) { site in
            try await Self.build(site)
            let own = try site.read("a/index.html"), none = try site.read("b/index.html")
            #expect(keys.map { Self.meta(own, $0) } == Array(repeating: "Con &lt;b&gt;", count: 3))
            #expect(keys.allSatisfy { Self.meta(none, $0) == nil } && !none.contains("content=\"\""))
        }
    }

    @Test func aBaseURLMakesMetaFeedsRobotsAndLLMsAbsoluteWhilePageLinksStayRelative() async throws {
        try await Self.site { site in
            try await Self.build(site, baseURL: "https://example.org/sub/")
            let entry = try site.read("diario/2026-03-01-uno/index.html")
            #expect(Self.meta(entry, "og:url") == "https://example.org/sub/diario/2026-03-01-uno/")
            #expect(Self.meta(entry, "og:image") == "https://example.org/sub/media/diary/photos/uno.png")
            #expect(Self.meta(entry, "twitter:image") == "https://example.org/sub/media/diary/photos/uno.png")
            #expect(Self.meta(entry, "twitter:card") == "summary_large_image")
            #expect(entry.contains("href=\"../index.html\""), "links in the page stay relative")
            let posting = try #require(try Self.jsonLD(entry).first { $0["@type"] as? String == "BlogPosting" })
            #expect(posting["url"] as? String == "https://example.org/sub/diario/2026-03-01-uno/")

            let atom = try site.read("diario/atom.xml")
            #expect(atom.contains("<id>https://example.org/sub/diario/</id>"))
            #expect(atom.contains("<link rel=\"self\" type=\"application/atom+xml\" href=\"https://example.org/sub/diario/atom.xml\"/>"))
            #expect(atom.contains("<id>https://example.org/sub/diario/2026-03-01-uno/</id>"))
            let json = try #require(try JSONSerialization.jsonObject(with: Data(site.read("diario/feed.json").utf8)) as? [String: Any])
            #expect(json["feed_url"] as? String == "https://example.org/sub/diario/feed.json")
            #expect(json["home_page_url"] as? String == "https://example.org/sub/diario/")

            #expect(try site.read("robots.txt") == "User-agent: *\nDisallow:\nAllow: /\n\nSitemap: https://example.org/sub/sitemap.xml\n")
            let llms = try site.read("llms.txt")
            #expect(llms.hasPrefix("# Bitácora\n\n> Un diario y un blog.\n\n## "))
            #expect(llms.contains("- [Nota A](https://example.org/sub/blog/a/): La primera.\n"))
            #expect(llms.contains("## Blog\n"))
            #expect(!llms.contains("/en/"), "the default language only")

            let sitemap = try site.read("sitemap.xml")
            #expect(sitemap.contains("<xhtml:link rel=\"alternate\" hreflang=\"en\" href=\"https://example.org/sub/en/blog/a/\"/>"))
            #expect(sitemap.contains("<xhtml:link rel=\"alternate\" hreflang=\"x-default\" href=\"https://example.org/sub/blog/a/\"/>"))
        }
    }

    @Test func withoutABaseURLRobotsAllowsAllWithNoSitemapLineAndLLMsLinksFiles() async throws {
        try await Self.site { site in
            try await Self.build(site)
            #expect(try site.read("robots.txt") == "User-agent: *\nDisallow:\nAllow: /\n")
            let llms = try site.read("llms.txt")
            #expect(llms.contains("- [Nota A](blog/a/index.html): La primera.\n"))
            #expect(llms.contains("- [\\</script\\>") == false)
            #expect(!llms.utf8.contains(1) && !llms.contains("\u{2028}"), "one line each")
            #expect(try site.read("sitemap.xml").contains("hreflang=\"x-default\" href=\"blog/a/index.html\""))
        }
    }

    @Test func eachOutputTurnsOffInSiteYML() async throws {
        try await Self.site(config: Self.config + "outputs: {feeds: false, social_cards: false, json_ld: false, robots_txt: false, llms_txt: false, sitemap_languages: false}\n") { site in
            try await Self.build(site)
            for file in ["diario/atom.xml", "diario/feed.json", "blog/atom.xml", "robots.txt", "llms.txt"] { #expect(!site.exists(file), "\(file)") }
            let entry = try site.read("diario/2026-03-01-uno/index.html")
            #expect(!entry.contains("og:") && !entry.contains("twitter:") && !entry.contains("ld+json") && !entry.contains("application/atom+xml"))
            #expect(!(try site.read("sitemap.xml")).contains("<xhtml:link"))
        }
        try await Self.site(config: Self.config + "outputs: false\n") { site in
            try await Self.build(site)
            #expect(!site.exists("robots.txt") && !site.exists("diario/atom.xml"))
        }
    }

    @Test func aMistypedOutputIsAnErrorNamingTheKnownOnes() throws {
        #expect(throws: VitrinaError.self) { try SiteConfig.parse("title: x\noutputs: {feed: false}\n", file: "Content/site.yml") }
        do {
            _ = try SiteConfig.parse("title: x\noutputs:\n  feed: false\n", file: "Content/site.yml")
        } catch let error as VitrinaError {
            #expect(error.description.contains("Content/site.yml:3: outputs.feed is not an output"))
            #expect(error.description.contains("feeds, social_cards, json_ld, robots_txt, llms_txt, sitemap_languages"))
        }
        #expect(throws: VitrinaError.self) { try SiteConfig.parse("title: x\noutputs: {feeds: maybe}\n", file: "Content/site.yml") }
        let config = try SiteConfig.parse("title: x\noutputs: {robots_txt: false}\n", file: "Content/site.yml")
        #expect(!config.outputs.robots && config.outputs.feeds && config.outputs.llms)
    }

    @Test func aRobotsTxtOfTheSiteIsPublishedInsteadOfVitrinasOwn() async throws {
        var content = Self.content
        content["robots.txt"] = "User-agent: *\nDisallow: /private/\n"
        try await Self.site(content: content) { site in
            try await Self.build(site)
            #expect(try site.read("robots.txt") == "User-agent: *\nDisallow: /private/\n")
        }
    }

    @Test func twoBuildsGiveTheSameBytesAndAnEditedEntryChangesItsFeed() async throws {
        try await Self.site { site in
            try await Self.build(site)
            let first = try site.snapshotOfOutput().filter { !$0.key.hasPrefix(".") }
            try await Self.build(site)
            let second = try site.snapshotOfOutput().filter { !$0.key.hasPrefix(".") }
            #expect(first == second)
            try Files.write(Array("---\ntitle: Dos, cambiada\ndate: 2026-02-01\nmessage: Segundo.\n---\nMás.\n".utf8),
                            to: "\(site.root)/Content/diary/2026-02-01-dos.md")
            try await Self.build(site)
            #expect(try site.read("diario/atom.xml").contains("<title>Dos, cambiada</title>"))
            #expect(try site.read("diario/feed.json").contains("Dos, cambiada"))
            try await site.expectSameAsFullBuild({ var options = site.options(server: nil, offline: true); options.force = true; return options }())
        }
    }

    @Test func storeItemsOfKindProductCarryProductJSONLDWithPriceAndRating() async throws {
        try await withReplayServer { server in
            try await withSite { site in
                _ = try await site.build(site.options(server: server, baseURL: "https://example.org/"))
                let items = Files.list(site.output + "/tienda").filter { $0.hasSuffix("/index.html") && $0.split(separator: "/").count == 3 }
                var html = ""
                for path in items where html.isEmpty {
                    let text = try site.read("tienda/" + path)
                    if text.contains("\"Product\"") { html = text }
                }
                #expect(!html.isEmpty, "an item page with a Product")
                let product = try #require(try Self.jsonLD(html).first { $0["@type"] as? String == "Product" })
                let offer = try #require(product["offers"] as? [String: Any])
                #expect(offer["priceCurrency"] as? String == "USD")
                #expect((offer["price"] as? NSNumber)?.doubleValue ?? 0 > 0)
                let rating = try #require(product["aggregateRating"] as? [String: Any])
                #expect((rating["ratingValue"] as? NSNumber)?.doubleValue ?? 0 > 0)
                #expect((rating["ratingCount"] as? NSNumber)?.intValue ?? 0 > 0)
                #expect((product["image"] as? String)?.hasPrefix("https://example.org/media/") == true)
                #expect(Self.meta(html, "og:image")?.hasPrefix("https://example.org/media/") == true)
                let pokemon = try #require(Files.list(site.output + "/pokemon").first { $0.hasSuffix("/index.html") && $0.split(separator: "/").count == 2 && $0.first!.isNumber })
                #expect(Self.meta(try site.read("pokemon/" + pokemon), "og:image")?.hasPrefix("https://example.org/media/") == true)
            }
        }
    }
}
