import Foundation
import Testing
import TestSupport
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild

/// Feature code lives with its feature: each page loads the stylesheet of its own templates' folder and no other
/// feature's, the layout's stylesheet and script carry no feature's rules, and the strings a page embeds for scripts
/// are those its site's features read.
/// El código de cada función vive con ella: cada página carga solo la hoja de estilo de su función.
@Suite("Feature assets")
struct FeatureAssetsTests {
    /// The theme's folders that bring a stylesheet of their own (`Templates/<folder>/<folder>.css`).
    static let folders = ["album", "characters", "diary", "docs", "home", "pokemon", "showcase", "store"]

    /// The feature stylesheets a page links to, by folder (`assets/pokemon/pokemon.1a2b3c4d.css` → `pokemon`).
    static func featureStylesheets(_ html: String) -> [String] {
        html.components(separatedBy: "<link rel=\"stylesheet\" href=\"").dropFirst().compactMap { link in
            let href = link.prefix { $0 != "\"" }
            let parts = href.split(separator: "/").drop { $0 == ".." }
            guard parts.count == 3, parts.first == "assets" else { return nil }
            return String(parts[parts.startIndex + 1])
        }
    }

    @Test func everyPageLoadsTheStylesheetOfItsOwnFeatureOnly() async throws {
        try await withReplayServer { server in
            try await withSite(content: WholeBuildTests.docs) { site in
                let report = try await site.build(site.options(server: server))
                #expect(report.warnings.isEmpty, "\(report.warnings)")
                let expected: [(page: String, folder: String?)] = [
                    ("index.html", "home"), ("pokemon/index.html", "pokemon"), ("pokemon/25-pikachu/index.html", "pokemon"),
                    ("pokemon/tipos/electric/index.html", "pokemon"), ("pokemon/25-pikachu/album/index.html", "album"),
                    ("personajes/1-rick-sanchez/index.html", "characters"), ("personajes/mapa/index.html", "characters"),
                    ("episodios/1-pilot/index.html", "characters"), ("tienda/index.html", "store"), ("diario/index.html", "diary"),
                    ("ajustes/index.html", "showcase"), ("favoritos/index.html", "showcase"), ("docs/intro/index.html", "docs"),
                    ("en/pokemon/25-pikachu/index.html", "pokemon"), ("404.html", nil),
                ]
                for (page, folder) in expected {
                    let loaded = Self.featureStylesheets(try site.read(page))
                    #expect(loaded == (folder.map { [$0] } ?? []), "\(page) loads \(loaded)")
                    if let folder { #expect(site.exists(site.asset("assets/\(folder)/\(folder).css")), "\(folder).css is published") }
                }
                // Every page of the site: at most one feature's stylesheet, the one of its own kind of page.
                let pages = try FileManager.default.subpathsOfDirectory(atPath: site.output).filter { $0.hasSuffix(".html") }
                #expect(pages.count > 200)
                for page in pages {
                    let loaded = Self.featureStylesheets(try site.read(page))
                    #expect(loaded.count <= 1 && loaded.allSatisfy(Self.folders.contains), "\(page) loads \(loaded)")
                }
            }
        }
    }

    /// A sprite with a shiny variant is swapped by Pokémon's own script, so every page that shows one loads it.
    @Test func everyPageWithShinySpritesLoadsThePokemonScript() async throws {
        try await withReplayServer { server in
            try await withSite { site in
                _ = try await site.build(site.options(server: server))
                let script = site.asset("assets/pokemon/pokemon.js")
                #expect(script != "assets/pokemon/pokemon.js", "the script is published under its fingerprinted name")
                var shown = 0
                for page in try FileManager.default.subpathsOfDirectory(atPath: site.output) where page.hasSuffix(".html") {
                    let html = try site.read(page)
                    guard html.contains("data-shiny-src=\"") else { continue }
                    shown += 1
                    let loadsScript = html.contains(String(script.split(separator: "/").last!))
                    #expect(loadsScript, "\(page) shows a shiny sprite without pokemon.js")
                }
                #expect(shown >= 10, "the Pokémon pages show shiny sprites")
                #expect(try site.read("pokemon/25-pikachu/index.html").contains("data-shiny-src=\""), "a Pokémon's own page shows its shiny sprite")
            }
        }
    }

    /// The UI strings handed to scripts are the layout's and those the site's features read, in one script per
    /// language that each page links (none carries them inline): a site of Markdown folders carries none of the
    /// Pokémon, characters or app screens' strings.
    @Test func pagesLinkTheStringsOfTheirSitesFeatures() async throws {
        func embedded(_ site: TestSite, _ page: String) throws -> [String: String] {
            let html = try site.read(page)
            #expect(!html.contains("vitrina-strings"))
            let published = site.asset(ScriptStrings.path("es"))
            let link = String(repeating: "../", count: page.split(separator: "/").count - 1) + published
            #expect(html.contains("<script defer src=\"\(link)\"></script>"))
            let script = try site.read(published)
            let prefix = "window.VITRINA_STRINGS = ", suffix = ";\n"
            #expect(script.hasPrefix(prefix) && script.hasSuffix(suffix))
            let json = script.dropFirst(prefix.count).dropLast(suffix.count)
            return try JSONDecoder().decode([String: String].self, from: Data(json.utf8))
        }
        let featureStrings = PokemonPages.scriptStrings + CharacterPages.scriptStrings + ShowcasePages.scriptStrings
        try await withReplayServer { server in
            try await withSite(content: WholeBuildTests.docs) { site in
                _ = try await site.build(site.options(server: server))
                let strings = try embedded(site, "docs/intro/index.html")
                #expect(Set(strings.keys) == Set(PageRenderer.layoutScriptStrings + featureStrings + MarkdownFolders.scriptStrings))
                #expect(strings["status_alive"] == "Vivo")
            }
        }
        // The repository's theme has no home page of Markdown folders (the app's is its home): one is added.
        var files = ["Content/site.yml": "title: Guía\ndefault_language: es\nlanguages: [es, en]\n"]
        for (path, text) in WholeBuildTests.docs where path.hasPrefix("docs/") { files["Content/" + path] = text }
        let site = try TestSite(files: files, theme: .repository)
        defer { site.remove() }
        do {
            for name in ["index", "section"] { try site.write("Templates/\(name).mustache", "{{<base}}\n{{$main}}{{/main}}\n{{/base}}\n") }
            _ = try await site.build()
            let strings = try embedded(site, "docs/intro/index.html")
            #expect(Set(strings.keys) == Set(PageRenderer.layoutScriptStrings + MarkdownFolders.scriptStrings))
            #expect(featureStrings.allSatisfy { strings[$0] == nil })
        }
    }

    /// The layout's stylesheet and script are what every page uses: no feature's rules or behaviours are left in them.
    @Test func theLayoutsStylesheetAndScriptCarryNoFeaturesCode() throws {
        let assets = TestSite.repository + "/Templates/assets"
        let css = try Files.readText(assets + "/site.css")
        for selector in [".type-badge", ".pokemon-table", ".evolution", ".watched-toggle", ".episode-list", ".diary-", ".product-", ".feature-card",
                         ".docs-sidebar", ".album-", "#profile-", "#settings-form", ".search-result", ".favourite-card"] {
            #expect(!css.contains(selector), "site.css still styles \(selector)")
        }
        let js = try Files.readText(assets + "/js/app.js")
        for code in ["data-shiny-src", "initSettingsPage", "initFavouritesPage", "favourites-list", "profile_saved", "remove_confirm_title",
                     "status_alive", "watched"] {
            #expect(!js.contains(code), "app.js still holds \(code)")
        }
        // Each of those folders brings its stylesheet.
        for folder in Self.folders { #expect(Files.exists("\(TestSite.repository)/Templates/\(folder)/\(folder).css"), "\(folder).css") }
    }
}
