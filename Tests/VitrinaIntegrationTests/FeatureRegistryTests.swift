import Foundation
import Testing
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// A feature that exists only in this test: three quotes, read from nowhere, with a list page and one page each.
/// Una función que solo existe en esta prueba: tres citas, con una lista y una página por cita.
struct QuotesFeature: Feature {
    var key: String { "quotes" }
    var routeKeys: [String] { [] }

    func load(_ context: FeatureContext) async throws -> (any LoadedFeature)? {
        Quotes(lines: ["Veni, vidi, vici", "Carpe diem", "Alea iacta est"])
    }
}

struct Quotes: LoadedFeature {
    let lines: [String]

    func contribution(pageContext: PageContext, inputs: FeatureInputs) -> FeatureContribution {
        let list: @Sendable (String) -> Route = { pageContext.routes.route($0, "citas") }
        return .section("quotes", icon: "❝", route: list) {
            pageContext.routes.languages.flatMap { language in
                let index = list(language)
                let home = LinkView(href: index.link(to: pageContext.routes.route(language)), label: "home")
                return [Page(route: index, language: language, template: "404", title: "Citas", navigationKey: "quotes",
                             alternates: pageContext.routes.alternates(list), content: NotFoundView(heading: "Citas", text: lines.joined(separator: " · "), home: home))]
                    + lines.map { line in
                        let route = pageContext.routes.route(language, "citas", Slug.make(line))
                        return Page(route: route, language: language, template: "404", title: line, navigationKey: "quotes",
                                    alternates: pageContext.routes.alternates { pageContext.routes.route($0, "citas", Slug.make(line)) },
                                    content: NotFoundView(heading: line, text: line, home: home))
                            .with(searchKind: "quote")
                    }
            }
        }
    }
}

@Suite("Feature registry")
struct FeatureRegistryTests {
    static let config = "title: Registro\ndefault_language: es\nlanguages: [es, en]\napp_screens: true\n"

    /// A feature added in the test alone shows in the navigation, on the home cards, in the search index and in the sitemap.
    @Test func aFeatureAddedToTheListAppearsEverywhere() async throws {
        try await withSite(config: Self.config) { site in
            let options = site.options(server: nil, offline: true)
            let report = try await BuildPipeline(options: options, client: NoNetwork(), features: FeatureRegistry.standard.adding([QuotesFeature()])).build()
            #expect(report.pages > 0)
            let home = try site.read("index.html")
            let header = try #require(home.range(of: "</header>").map { String(home[..<$0.lowerBound]) })
            #expect(header.contains("href=\"citas/index.html\""), "navigation entry")
            let main = try #require(home.range(of: "<main").map { String(home[$0.lowerBound...]) })
            #expect(main.contains("href=\"citas/index.html\""), "home card")
            #expect(try site.read("en/index.html").contains("href=\"citas/index.html\""), "the English home links to en/citas/")
            let search = Files.list(site.output + "/assets/search").filter { $0.hasPrefix("es.r") }
            #expect(!search.isEmpty)
            let index = try search.map { try site.read("assets/search/\($0)") }.joined()
            #expect(index.contains("Carpe diem") && index.contains("citas/carpe-diem/"))
            let sitemap = try site.read("sitemap.xml")
            #expect(sitemap.contains("citas/carpe-diem/") && sitemap.contains("en/citas/alea-iacta-est/"))
            #expect(site.exists("citas/veni-vidi-vici/index.html") && site.exists("en/citas/index.html"))
        }
    }

    /// Taken out of the list, nothing of it is built: a build into the same output removes its pages, its navigation
    /// entry, its home card and its search and sitemap entries.
    @Test func takenOutOfTheListNothingOfItRemains() async throws {
        try await withSite(config: Self.config) { site in
            let options = site.options(server: nil, offline: true)
            _ = try await BuildPipeline(options: options, client: NoNetwork(), features: FeatureRegistry.standard.adding([QuotesFeature()])).build()
            #expect(site.exists("citas/index.html") && site.exists("en/citas/carpe-diem/index.html"))
            _ = try await BuildPipeline(options: options, client: NoNetwork()).build()
            #expect(!Files.list(site.output).contains { $0.contains("citas") }, "no page of it is left")
            for file in ["index.html", "en/index.html", "sitemap.xml"] { #expect(try !site.read(file).contains("citas/"), "\(file)") }
            let search = Files.list(site.output + "/assets/data").filter { $0.hasPrefix("search") }
            #expect(try !search.map { try site.read("assets/data/\($0)") }.joined().contains("Carpe diem"))
        }
    }

    /// A source that no feature reads is an error naming the known sources.
    @Test func aSourceNothingReadsIsAConfigError() async throws {
        let config = TestSite.defaultConfig + "\n  weather:\n    base_url: https://api.weather.example\n"
        try await withSite(config: config) { site in
            let failure = try #require(await site.failure(site.options(server: nil, offline: true)))
            #expect(failure.error.stage == .config)
            #expect(failure.error.message.contains("sources.weather is read by no feature"))
            #expect(failure.error.message.contains("pokeapi, rickandmorty, sprites, store"))
        }
    }
}

/// Route folder names come from each language's strings.
@Suite("Route segments from strings")
struct RouteSegmentTests {
    static let config = TestSite.defaultConfig.replacingOccurrences(of: "languages: [es, en]", with: "languages: [es, en, pt]")

    /// Portuguese strings of its own give Portuguese folders; Spanish and English keep theirs.
    @Test func aThirdLanguageGetsItsOwnFolders() async throws {
        try await withReplayServer { server in
            try await withSite(config: Self.config) { site in
                let english = try Files.readText(site.root + "/Templates/i18n/en.yml")
                let portuguese = english.replacingOccurrences(of: "route_store: store", with: "route_store: loja")
                    .replacingOccurrences(of: "route_characters: characters", with: "route_characters: personagens")
                    .replacingOccurrences(of: "route_map: map", with: "route_map: mapa")
                try Files.write(Array(portuguese.utf8), to: site.root + "/Templates/i18n/pt.yml")
                _ = try await site.build(site.options(server: server))
                #expect(site.exists("pt/loja/index.html") && site.exists("pt/personagens/mapa/index.html"))
                #expect(site.exists("en/store/index.html") && site.exists("tienda/index.html"))
                #expect(!site.exists("pt/store/index.html"))
                #expect(try site.read("pt/loja/index.html").contains("hreflang=\"es\""))
            }
        }
    }

    /// A strings file without the route keys is an error naming them, not English folders in silence; a declared
    /// source's own folder is not among them: without a string, it is the source's name.
    @Test func missingRouteKeysAreAnErrorNamingThem() async throws {
        try await withReplayServer { server in
            try await withSite(config: Self.config) { site in
                let english = try Files.readText(site.root + "/Templates/i18n/en.yml")
                let withoutRoutes = english.split(separator: "\n").filter { !$0.hasPrefix("route_") }.joined(separator: "\n")
                try Files.write(Array(withoutRoutes.utf8), to: site.root + "/Templates/i18n/pt.yml")
                let failure = try #require(await site.failure(site.options(server: server)))
                #expect(failure.error.message.contains("i18n/pt.yml has no "))
                #expect(failure.error.message.contains("route_characters") && !failure.error.message.contains("route_store"))
            }
        }
    }

    /// A segment that is no plain folder name (a slash, a dot-dot) is refused.
    @Test func aSegmentWithASlashIsRefused() async throws {
        try await withReplayServer { server in
            try await withSite(config: Self.config) { site in
                let english = try Files.readText(site.root + "/Templates/i18n/en.yml")
                try Files.write(Array(english.replacingOccurrences(of: "route_store: store", with: "route_store: ../loja").utf8),
                                to: site.root + "/Templates/i18n/pt.yml")
                let failure = try #require(await site.failure(site.options(server: server)))
                #expect(failure.error.message.contains("route_store is \"../loja\", which is no plain folder name"))
            }
        }
    }
}
