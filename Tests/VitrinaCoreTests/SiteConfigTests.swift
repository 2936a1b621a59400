import Foundation
import Testing
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// `Content/site.yml`: every key, the defaults, and errors that point at the file and line to fix.
/// `Content/site.yml`: todas las claves, los valores por defecto y errores que señalan fichero y línea.
@Suite("SiteConfig")
struct SiteConfigTests {
    private static let full = """
        # A full site.yml, the same shape as Vitrina's own.
        title: Vitrina
        description: Pokémon, Rick y Morty y una tienda.
        base_url: https://example.org/vitrina/
        default_language: es
        languages: [es, en]
        unsafe_html: true
        sources:
          pokeapi:
            base_url: https://pokeapi.co
            limit: 151
            page_size: 50
            max_age: 7d
            concurrency: 4
          rickandmorty:
            base_url: https://rickandmortyapi.com/
            limit: 300          # characters shown
            page_size: 20
            max_age: 1d
            concurrency: 4
          fakestore:
            base_url: https://fakestoreapi.com
            max_age: 1d
            concurrency: 2
          sprites:
            base_url: https://raw.githubusercontent.com/PokeAPI/sprites/master
            max_age: 30d
            concurrency: 6
        """

    @Test func readsEveryKey() throws {
        let config = try SiteConfig.parse(Self.full, file: "Content/site.yml")
        #expect(config.title == "Vitrina")
        #expect(config.description == "Pokémon, Rick y Morty y una tienda.")
        #expect(config.baseURL == "https://example.org/vitrina/")
        #expect(config.defaultLanguage == "es")
        #expect(config.languages == ["es", "en"])
        #expect(config.unsafeHTML == true)
        #expect(config.sources.keys.sorted() == ["fakestore", "pokeapi", "rickandmorty", "sprites"])

        let poke = try #require(config.source("pokeapi"))
        #expect(poke == SourceConfig(baseURL: "https://pokeapi.co", limit: 151, pageSize: 50, maxAge: .seconds(7 * 86_400), concurrency: 4))

        let rick = try #require(config.source("rickandmorty"))
        #expect(rick.baseURL == "https://rickandmortyapi.com", "a trailing slash is dropped")
        #expect(rick.limit == 300)
        #expect(rick.pageSize == 20)
        #expect(rick.maxAge == .seconds(86_400))

        let store = try #require(config.source("fakestore"))
        #expect(store.limit == nil)
        #expect(store.pageSize == 20)
        #expect(store.concurrency == 2)

        let sprites = try #require(config.source("sprites"))
        #expect(sprites.baseURL == "https://raw.githubusercontent.com/PokeAPI/sprites/master")
        #expect(sprites.maxAge == .seconds(30 * 86_400))
        #expect(sprites.concurrency == 6)
        #expect(config.source("missing") == nil)
    }

    @Test func theShippedSiteFileLoads() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let config = try SiteConfig.load(path: root.appendingPathComponent("Content/site.yml").path)
        #expect(config.orderedLanguages == ["es", "en"])
        #expect(config.source("pokeapi")?.limit == 151)
        #expect(config.source("sprites") != nil)
        #expect(config.appScreens, "the sample site asks for the app's screens itself")
    }

    @Test func loadFromATemporaryFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vitrina-config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("site.yml").path
        try Data("title: Temporal\nlanguages: [es]\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(try SiteConfig.load(path: path).title == "Temporal")

        // A folder without site.yml builds with defaults, titled after the site's folder; a missing folder is an error.
        let site = folder.appendingPathComponent("notas")
        try FileManager.default.createDirectory(at: site.appendingPathComponent("Content"), withIntermediateDirectories: true)
        let defaults = try SiteConfig.load(path: site.appendingPathComponent("Content/site.yml").path)
        #expect(defaults.title == "notas" && defaults.languages == ["es"] && !defaults.appScreens)
        let missing = folder.appendingPathComponent("nope/Content/site.yml").path
        let error = try #require(throws: VitrinaError.self) { try SiteConfig.load(path: missing) }
        #expect(error.stage == .config)
        #expect(error.message.contains(folder.appendingPathComponent("nope/Content").path))
    }

    @Test func defaults() throws {
        let config = try SiteConfig.parse("title: Mínimo\n", file: "site.yml")
        #expect(config.title == "Mínimo")
        #expect(config.description == "")
        #expect(config.baseURL == "")
        #expect(config.defaultLanguage == "es")
        #expect(config.languages == ["es"])
        #expect(config.unsafeHTML == false)
        #expect(config.sources.isEmpty)

        let source = try #require(try SiteConfig.parse("sources:\n  api:\n    base_url: https://localhost:8080\n", file: "s.yml").source("api"))
        #expect(source.limit == nil)
        #expect(source.pageSize == 20)
        #expect(source.maxAge == .seconds(86_400))
        #expect(source.concurrency == 4)
        #expect(try SiteConfig.parse("description: x\n", file: "s.yml").title == "Vitrina")
    }

    /// The app's screens are drawn only when asked for: a site with sources (the guide's shop on a new site) has none.
    @Test func appScreensAreOffUnlessTurnedOn() throws {
        let sources = "sources:\n  shop:\n    base_url: https://fakestoreapi.com\n    items: {list: /products, id: id, title: title}\n"
        #expect(try !SiteConfig.parse(sources, file: "s.yml").appScreens)
        #expect(try SiteConfig.parse("app_screens: true\n" + sources, file: "s.yml").appScreens)
        #expect(try SiteConfig.parse("app_screens: true\n", file: "s.yml").appScreens)
    }

    @Test func searchIsOnOffOrBoundedPerPage() throws {
        #expect(try SiteConfig.parse("title: T\n", file: "s.yml").searchBounds == .standard)
        #expect(try !SiteConfig.parse("search: false\n", file: "s.yml").search)
        let bounded = try SiteConfig.parse("search: {words_per_page: 20000}\n", file: "s.yml")
        #expect(bounded.search && bounded.searchBounds == SearchText.Bounds(words: 20_000) && bounded.searchBounds.terms == 10_000)
        for bad in ["search: {words_per_page: 99}", "search: {words_per_page: 100001}", "search: {words: 5}", "search: 3"] {
            #expect(throws: VitrinaError.self, "\(bad)") { try SiteConfig.parse("\(bad)\n", file: "s.yml") }
        }
    }

    @Test func orderedLanguagesPutsTheDefaultFirst() throws {
        #expect(try SiteConfig.parse("default_language: en\nlanguages: [es, fr, en]\n", file: "s.yml").orderedLanguages == ["en", "es", "fr"])
        #expect(try SiteConfig.parse("default_language: es\nlanguages: [en, es]\n", file: "s.yml").orderedLanguages == ["es", "en"])
        #expect(try SiteConfig.parse("languages: [es]\n", file: "s.yml").orderedLanguages == ["es"])
    }

    @Test(arguments: [
        ("90", Duration.seconds(90)),
        ("30s", .seconds(30)),
        ("15m", .seconds(900)),
        ("12h", .seconds(43_200)),
        ("7d", .seconds(604_800)),
        ("0", .seconds(0)),
    ])
    func maxAgeDurations(text: String, expected: Duration) throws {
        let yaml = "sources:\n  api:\n    base_url: https://api.example\n    max_age: \(text)\n"
        #expect(try SiteConfig.parse(yaml, file: "s.yml").source("api")?.maxAge == expected)
    }

    @Test(arguments: ["soon", "7w", "-5", "1.5h", "h"])
    func badMaxAgeNamesFileAndLine(text: String) throws {
        // max_age sits on line 5.
        let yaml = "title: x\nsources:\n  api:\n    base_url: https://api.example\n    max_age: \(text)\n"
        let error = try #require(throws: VitrinaError.self) { try SiteConfig.parse(yaml, file: "Content/site.yml") }
        #expect(error.stage == .config)
        #expect(error.message.hasPrefix("Content/site.yml:5: max_age"), "got: \(error.message)")
        #expect(error.message.contains(text))
    }

    @Test func sourceWithoutBaseURLNamesFileLineAndSource() throws {
        let yaml = "title: x\nsources:\n  pokeapi:\n    base_url: https://pokeapi.co\n  broken:\n    limit: 3\n"
        let error = try #require(throws: VitrinaError.self) { try SiteConfig.parse(yaml, file: "Content/site.yml") }
        #expect(error.stage == .config)
        #expect(error.message.hasPrefix("Content/site.yml:6:"), "got: \(error.message)")
        #expect(error.message.contains("source broken"))
        #expect(error.message.contains("base_url"))
    }

    @Test func sourceWithANonHTTPBaseURLIsRefused() throws {
        let yaml = "sources:\n  local:\n    base_url: file:///etc\n"
        let error = try #require(throws: VitrinaError.self) { try SiteConfig.parse(yaml, file: "s.yml") }
        #expect(error.message.contains("source local"))
    }

    @Test(arguments: [
        ("title: x\nsources:\n  api:\n    base_url: https://a.example\n    limit: 0\n", 5, "limit"),
        ("title: x\nsources:\n  api:\n    base_url: https://a.example\n    page_size: many\n", 5, "page_size"),
        ("title: x\nunsafe_html: maybe\n", 2, "unsafe_html"),
        ("title: x\n\nlanguages: es\n", 3, "languages"),
        ("title: [a, b]\n", 1, "title"),
        ("title: x\nsources: [a, b]\n", 2, "sources"),
    ])
    func badValuesNameTheirLine(yaml: String, line: Int, key: String) throws {
        let error = try #require(throws: VitrinaError.self) { try SiteConfig.parse(yaml, file: "site.yml") }
        #expect(error.message.hasPrefix("site.yml:\(line): \(key)"), "got: \(error.message)")
    }

    @Test func defaultLanguageMustBeOneOfTheLanguages() throws {
        let error = try #require(throws: VitrinaError.self) {
            try SiteConfig.parse("default_language: fr\nlanguages: [es, en]\n", file: "Content/site.yml")
        }
        #expect(error.stage == .config)
        #expect(error.message.contains("Content/site.yml"))
        #expect(error.message.contains("default_language fr"))
        #expect(error.message.contains("es") && error.message.contains("en"))
    }

    @Test func yamlSyntaxErrorGivesTheLine() throws {
        let yaml = "title: Vitrina\ndescription: ok\nbase_url: a: b\nlanguages: [es]\n"
        let error = try #require(throws: VitrinaError.self) { try SiteConfig.parse(yaml, file: "Content/site.yml") }
        #expect(error.stage == .config)
        #expect(error.message.contains("Content/site.yml"))
        #expect(error.message.contains("line 3,"), "got: \(error.message)")
    }

    @Test func notAMappingIsAnError() throws {
        let error = try #require(throws: VitrinaError.self) { try SiteConfig.parse("- a\n- b\n", file: "site.yml") }
        #expect(error.message.contains("site.yml"))
        #expect(throws: VitrinaError.self) { try SiteConfig.parse("", file: "site.yml") }
    }

    // MARK: DurationText

    @Test(arguments: [
        ("90", Duration?.some(.seconds(90))),
        ("0", .seconds(0)),
        ("30s", .seconds(30)),
        ("15m", .seconds(900)),
        ("12h", .seconds(43_200)),
        ("7d", .seconds(604_800)),
        ("1d", .seconds(86_400)),
        (" 2H ", .seconds(7_200)),
        ("10M", .seconds(600)),
        ("", nil),
        ("d", nil),
        ("-1", nil),
        ("-1d", nil),
        ("7w", nil),
        ("1.5h", nil),
        ("ten", nil),
        ("7 d", nil),
        ("1h30m", nil),
    ])
    func durationText(text: String, expected: Duration?) {
        #expect(DurationText.parse(text) == expected)
    }
}
