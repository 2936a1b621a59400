import Foundation
import Testing
import TestSupport
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// Whole builds of a small site against the replay server, asserting on the files written.
@Suite("Whole build")
struct WholeBuildTests {
    static let docs = [
        "docs/intro.md": """
            ---
            title: Introducción
            description: Primera página.
            weight: 1
            ---
            ## Qué es

            Ver [la otra página](other.md#detalles) y [arriba](#qué-es).
            """,
        "docs/intro.en.md": """
            ---
            title: Introduction
            description: First page.
            ---
            ## What it is

            See [the other page](other.md).
            """,
        "docs/other.md": """
            ---
            title: Otra
            weight: 2
            ---
            ## Detalles

            | a | b |
            |---|---|
            | 1 | 2 |
            """,
        "docs/secret.md": "---\ntitle: Borrador\ndraft: true\n---\nTodavía no.\n",
        "diary/2026-03-01-madrid.md": """
            ---
            title: Madrid
            date: 2026-03-01
            message: Un día en Madrid.
            place:
              name: Puerta del Sol
              latitude: 40.4169
              longitude: -3.7035
            ---
            Hola.
            """,
        "diary/2026-04-01-lisboa.md": "---\ntitle: Lisboa\ndate: 2026-04-01\ndraft: true\n---\nBorrador.\n",
    ]

    @Test func buildsEveryFeatureInBothLanguages() async throws {
        try await withReplayServer { server in
            try await withSite(content: Self.docs) { site in
                let report = try await site.build(site.options(server: server))
                #expect(report.warnings.isEmpty, "\(report.warnings)")
                #expect(report.pages > 200)

                let pikachu = try site.read("pokemon/25-pikachu/index.html")
                #expect(pikachu.contains("<html lang=\"es\" data-root=\"../../\" data-page=\"pokemon\">"))
                #expect(pikachu.contains("<h1>Pikachu</h1>"))
                #expect(pikachu.contains("Pokémon Ratón"))
                #expect(pikachu.contains("href=\"../tipos/electric/index.html\""))
                #expect(pikachu.contains("0,4 m") && pikachu.contains("6,0 kg"))
                #expect(pikachu.contains("href=\"../../en/pokemon/25-pikachu/index.html\""))
                let english = try site.read("en/pokemon/25-pikachu/index.html")
                #expect(english.contains("<html lang=\"en\" data-root=\"../../../\"") && english.contains("Mouse Pokémon") && english.contains("0.4 m"))
                let bulbasaur = try site.read("pokemon/1-bulbasaur/index.html")
                #expect(bulbasaur.contains("href=\"../2-ivysaur/index.html\""), "evolution chain links its members")

                let grid = try site.read("personajes/index.html")
                #expect(grid.components(separatedBy: "class=\"card character-card\"").count - 1 == 20)
                #expect(grid.contains("href=\"pagina/2/index.html\""))
                #expect(try site.read("personajes/pagina/2/index.html").components(separatedBy: "character-card\"").count - 1 == 5)
                let rick = try site.read("personajes/1-rick-sanchez/index.html")
                #expect(rick.contains("status-alive") && rick.contains("Vivo"))
                #expect(rick.contains("href=\"../../episodios/1-pilot/index.html\""))
                #expect(rick.contains("href=\"../../lugares/1-earth-c-137/index.html\""))
                let antenna = try site.read("personajes/19-antenna-rick/index.html")
                #expect(antenna.contains("<dd>Desconocido</dd>"), "unknown origin shown as unknown, without a link")
                #expect(try site.read("episodios/1-pilot/index.html").contains("S01E01"))
                #expect(try site.read("lugares/3-citadel-of-ricks/index.html").contains("Alien Morty"))

                let product = try site.read("tienda/men-s-clothing/1-fjallraven-foldsack-no-1-backpack-fits-15-laptops/index.html")
                #expect(product.contains("109,95\u{A0}US$"))
                #expect(try site.read("en/store/men-s-clothing/1-fjallraven-foldsack-no-1-backpack-fits-15-laptops/index.html").contains("$109.95"))

                #expect(try site.read("docs/intro/index.html").contains("href=\"../other/index.html#detalles\""))
                #expect(try site.read("en/docs/intro/index.html").contains("What it is"))
                #expect(!site.exists("docs/borrador/index.html") && !site.exists("docs/secret/index.html"))
                #expect(try site.read("diario/index.html").contains("Madrid"))
                #expect(!site.exists("diario/2026-04-01-lisboa/index.html"))

                #expect(site.exists("404.html") && site.exists("sitemap.xml") && site.exists(site.asset("assets/site.css")))
                #expect(site.exists("media/sprites/sprites/pokemon/25.png"))
                #expect(try site.read("sitemap.xml").contains("<loc>pokemon/25-pikachu/index.html</loc>"))
            }
        }
    }

    @Test func imagesAreLocalWithSizeAndLazyLoading() async throws {
        try await withReplayServer { server in
            try await withSite { site in
                _ = try await site.build(site.options(server: server))
                let html = try site.read("pokemon/index.html")
                let images = html.components(separatedBy: "<img ").dropFirst()
                #expect(!images.isEmpty)
                for image in images {
                    #expect(image.contains("width=\"") && image.contains("height=\"") && image.contains("loading=\"lazy\""))
                    #expect(!image.contains("src=\"http"), "the site never hot-links")
                }
                #expect(html.contains("src=\"../media/sprites/sprites/pokemon/25.png\" width=\"96\" height=\"96\""))
            }
        }
    }

    @Test func everyLinkIsRelativeAndPointsAtAFile() async throws {
        try await withReplayServer { server in
            try await withSite(content: Self.docs) { site in
                _ = try await site.build(site.options(server: server))
                let output = URL(fileURLWithPath: site.output).standardizedFileURL.path
                var checked = 0
                for path in Files.list(site.output) where path.hasSuffix(".html") {
                    let page = URL(fileURLWithPath: "\(output)/\(path)")
                    for link in PageLinks.extract(file: path, html: try site.read(path)).links where !link.hasPrefix("#") {
                        #expect(!link.hasPrefix("/"), "\(path): \(link) is absolute")
                        // Other sites, mail, and `geo:` (a diary place, for the phone's map app).
                        if ["https://", "http://", "mailto:", "geo:"].contains(where: link.hasPrefix) { continue }
                        // Foundation resolves the link as a browser does from file://; the file must be there, inside the output.
                        let target = try #require(URL(string: link, relativeTo: page), "\(path): \(link) is not a URL").standardizedFileURL.path
                        #expect(target.hasPrefix(output + "/"), "\(path): \(link) leaves the output")
                        #expect(Files.exists(target) && !Files.isDirectory(target), "\(path): \(link) does not point at a file (\(target))")
                        checked += 1
                    }
                }
                #expect(checked > 5_000, "\(checked) links followed")
            }
        }
    }

    @Test func twoBuildsAreByteIdentical() async throws {
        try await withReplayServer { server in
            try await withSite(content: Self.docs) { site in
                _ = try await site.build(site.options(server: server))
                let first = try site.snapshotOfOutput()
                try Files.remove(site.root + "/.vitrina")
                _ = try await site.build(site.options(server: server))
                let second = try site.snapshotOfOutput()
                #expect(first.keys.sorted() == second.keys.sorted())
                for (path, bytes) in first where second[path] != bytes { Issue.record("\(path) differs between builds") }
            }
        }
    }

    @Test func baseURLMakesCanonicalAndSitemapAbsolute() async throws {
        try await withReplayServer { server in
            try await withSite { site in
                _ = try await site.build(site.options(server: server, baseURL: "https://example.org/sub/"))
                let page = try site.read("pokemon/25-pikachu/index.html")
                #expect(page.contains("<link rel=\"canonical\" href=\"https://example.org/sub/pokemon/25-pikachu/\">"))
                #expect(page.contains("hreflang=\"en\" href=\"https://example.org/sub/en/pokemon/25-pikachu/\""))
                #expect(page.contains("href=\"../../index.html\""), "page links stay relative")
                #expect(try site.read("sitemap.xml").contains("<loc>https://example.org/sub/pokemon/25-pikachu/</loc>"))
                #expect(try site.read("404.html").contains("<base href=\"https://example.org/sub/\">"))
            }
        }
    }

    @Test func draftsAreBuiltOnlyWhenAskedFor() async throws {
        try await withReplayServer { server in
            try await withSite(content: Self.docs) { site in
                _ = try await site.build(site.options(server: server, drafts: true))
                #expect(site.exists("docs/secret/index.html"))
                let diary = try site.read("diario/index.html")
                #expect(diary.contains("Lisboa") && diary.contains("badge-draft"))
                let lisbon = diary.range(of: "Lisboa")!.lowerBound, madrid = diary.range(of: "Madrid")!.lowerBound
                #expect(lisbon < madrid, "newest first")
            }
        }
    }

    @Test func slugsNeverLeaveTheOutputFolder() async throws {
        // Slugs aimed at a folder of their own beside the site (climbing out of it) and at an absolute path.
        let name = "vitrina-evil-\(UUID().uuidString.prefix(8).lowercased())"
        let depth = String(repeating: "../", count: 12)
        let content = ["docs/climb.md": "---\ntitle: Climb\nslug: \(depth)tmp/\(name)\n---\nx\n",
                       "docs/rooted.md": "---\ntitle: Rooted\nslug: /tmp/\(name)-rooted\n---\nx\n"]
        try await withReplayServer { server in
            try await withSite(content: content) { site in
                _ = try await site.build(site.options(server: server))
                for escaped in ["/tmp/\(name)", "/tmp/\(name)-rooted", "\(site.root)/tmp", "\(site.root)/../tmp/\(name)"] {
                    #expect(!Files.exists(escaped), "\(escaped) was written outside the output")
                }
                let outside = Files.list(site.root).filter { !$0.hasPrefix("Output/") && !$0.hasPrefix("Content/") && !$0.hasPrefix("Templates/") && !$0.hasPrefix(".vitrina/") }
                #expect(outside.isEmpty, "\(outside)")
                let pages = Files.list(site.output).filter { $0.contains(name) }
                #expect(!pages.isEmpty && pages.allSatisfy { $0.hasPrefix("docs/") || $0.hasPrefix("en/docs/") }, "the pages stay under docs/: \(pages)")
            }
        }
    }
}

/// Each feature's client code sits with its templates and reaches only the pages that use it; app.js keeps what every
/// page needs.
/// El código de cliente de cada función va con sus plantillas y solo llega a las páginas que lo usan.
@Suite("Client code per feature")
struct ClientCodeTests {
    @Test func aFeaturesScriptIsPublishedFromItsTemplatesAndLoadedOnlyWhereItIsUsed() async throws {
        try await withReplayServer { server in
            try await withSite { site in
                _ = try await site.build(site.options(server: server))
                let scripts = ["pokemon": "assets/pokemon/pokemon.js", "characters": "assets/characters/characters.js",
                               "showcase": "assets/showcase/showcase.js"]
                for (folder, path) in scripts {
                    #expect(try site.read(site.asset(path)) == Files.readText("\(site.root)/Templates/\(folder)/\(folder).js"), "\(path) is the template folder's")
                }
                let uses = ["pokemon/index.html": "pokemon", "pokemon/25-pikachu/index.html": "pokemon", "personajes/index.html": "characters",
                            "buscar/index.html": "showcase", "componentes/index.html": "showcase", "favoritos/index.html": "showcase",
                            "ajustes/index.html": "showcase", "en/pokemon/index.html": "pokemon"]
                for (page, feature) in uses {
                    let html = try site.read(page)
                    for (other, path) in scripts { #expect(html.contains(site.asset(path)) == (other == feature), "\(page) and \(path)") }
                }
                for page in ["index.html", "tienda/index.html", "404.html"] {
                    let html = try site.read(page)
                    #expect(!scripts.values.contains { html.contains(site.asset($0)) }, "\(page) loads no feature's script")
                }
                // app.js, on every page, holds none of the features' own screens; the core's search script rides at its end
                // (`Theme.bundlingSearch`).
                let published = try site.read(site.asset("assets/js/app.js"))
                let search = try Files.readText("\(site.root)/Templates/assets/js/search.js")
                #expect(published.hasSuffix("\n;\n" + search))
                let app = String(published.utf8.dropLast(search.utf8.count + 3))!
                for marker in ["pokemon-table", "character-filter", "episode-list", "search-results", "component-text", "profile-form",
                               "data-shiny-src", "favourites-list", "settings-form"] {
                    #expect(!app.contains(marker), "app.js still serves \(marker)")
                }
                // map.js draws maps; the characters' map and the coordinates tool come from their features, before it.
                let map = try site.read(site.asset("assets/js/map.js"))
                for marker in ["map-carousel", "coords-form", "character"] { #expect(!map.contains(marker), "map.js still serves \(marker)") }
                for (page, script) in [("personajes/mapa/index.html", "assets/characters/character-map.js"),
                                       ("mapa/coordenadas/index.html", "assets/showcase/coordinates.js")] {
                    let html = try site.read(page)
                    let own = try #require(html.range(of: site.asset(script)), "\(page) loads \(script)")
                    let map = try #require(html.range(of: site.asset("assets/js/map.js")), "\(page) loads map.js")
                    #expect(own.lowerBound < map.lowerBound, "\(page): its own map script registers before map.js starts")
                }
            }
        }
    }
}
