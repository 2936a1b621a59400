import Foundation
import Testing
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// The header lists a few sections (or the ones `menu:` names) and links to the home page for the rest.
@Suite("Header menu")
struct MenuTests {
    static func site(sections: Int, config: String = "") throws -> TestSite {
        var files = ["Content/site.yml": "title: Muchas\nlanguages: [es]\ndefault_language: es\n" + config]
        for number in 1...sections { files["Content/s\(String(format: "%02d", number))/pagina.md"] = "# Página \(number)\n" }
        return try TestSite(files: files)
    }

    /// The header's links, in order, from a built page.
    static func headerLinks(_ site: TestSite, _ path: String) throws -> [String] {
        let html = try Files.readText("\(site.output)/\(path)")
        let header = try #require(html.range(of: "<header").flatMap { start in html.range(of: "</header>", range: start.upperBound..<html.endIndex).map { html[start.lowerBound..<$0.lowerBound] } })
        return PageLinks.extract(file: path, html: String(header)).links
    }

    @Test func aFewSectionsAreAllListed() async throws {
        let site = try Self.site(sections: 3)
        defer { site.remove() }
        _ = try await site.build()
        let links = try Self.headerLinks(site, "s01/pagina/index.html")
        #expect(links.contains("../../s03/index.html"))
        #expect(try !Files.readText("\(site.output)/s01/pagina/index.html").contains("Más…"))
    }

    @Test func manySectionsListTheFirstEightAndMore() async throws {
        let site = try Self.site(sections: 11)
        defer { site.remove() }
        let report = try await site.build()
        #expect(report.warnings.isEmpty)
        let links = try Self.headerLinks(site, "s01/pagina/index.html")
        #expect(links.contains("../../s08/index.html"))
        #expect(!links.contains("../../s09/index.html"))
        #expect(try Files.readText("\(site.output)/s01/pagina/index.html").contains("Más…"))
        let home = try Files.readText("\(site.output)/index.html")
        #expect(home.contains("s11/index.html"), "the home page lists every section")
    }

    @Test func menuNamesTheSectionsAndTheirOrder() async throws {
        let site = try Self.site(sections: 4, config: "menu: [s03, s01]\n")
        defer { site.remove() }
        _ = try await site.build()
        let links = try Self.headerLinks(site, "s02/pagina/index.html").filter { $0.hasSuffix("/index.html") && $0.hasPrefix("../../s") }
        #expect(links == ["../../s03/index.html", "../../s01/index.html"])
    }

    @Test func anUnknownMenuNameIsAnErrorNamingTheFolders() async throws {
        let site = try Self.site(sections: 2, config: "menu: [nada]\n")
        defer { site.remove() }
        await #expect(throws: BuildFailure.self) { try await site.build() }
        do {
            _ = try await site.build()
        } catch let failure as BuildFailure {
            #expect(failure.description.contains("menu names nada"))
            #expect(failure.description.contains("s01, s02"))
        }
    }
}
