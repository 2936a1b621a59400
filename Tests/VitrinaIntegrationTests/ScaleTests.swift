import Foundation
import Testing
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// Growth shown by counts, not timings: what one edit draws does not grow with the site, and incremental builds of a
/// site larger than the other tests' still equal a full build byte for byte.
/// El crecimiento, por cuentas y no por tiempos: lo que dibuja una edición no crece con el sitio.
@Suite("Builds at size")
struct ScaleTests {
    /// A docs site of `folders` folders of `pages` pages each, like tldr's: a title, a line, a command, links to two
    /// neighbours (one with a fragment) and now and then a tag.
    static func site(folders: Int, pages: Int) -> [String: String] {
        var files = ["Content/site.yml": "title: Órdenes\ndefault_language: es\nlanguages: [es]\npage_size: 20\n"]
        for folder in 0..<folders {
            files["Content/f\(folder)/_index.md"] = "---\ntitle: Carpeta \(folder)\n---\nÓrdenes de la carpeta \(folder).\n"
            for page in 0..<pages {
                let next = (page + 1) % pages, other = (folder + 1) % folders
                let tags = page.isMultiple(of: 7) ? "tags: [grupo\(page % 3)]\n" : ""
                files["Content/f\(folder)/p\(page).md"] = """
                    ---
                    title: orden \(folder)-\(page)
                    \(tags)---
                    > Hace algo con ficheros, versión \(page).

                    - Ejemplo:

                    `orden\(page) --opción {{fichero}}`

                    Véase [la siguiente](../p\(next)/) y [otra carpeta](../../f\(other)/p\(page)/#ejemplo).

                    ## Ejemplo

                    Texto.

                    """
            }
        }
        return files
    }

    /// The pages drawn after editing one page's body, then its title, on a site of `folders` × 40 pages.
    func drawnByOneEdit(folders: Int) async throws -> (body: Int, title: Int, pages: Int) {
        let site = try TestSite(files: Self.site(folders: folders, pages: 40))
        defer { site.remove() }
        let first = try await site.build()
        let page = "Content/f1/p30.md" // not tagged: what a tag adds is the taxonomy tests' matter
        let text = try Files.readText("\(site.root)/\(page)")
        try site.write(page, text.replacingOccurrences(of: "Texto.", with: "Texto cambiado."))
        let body = try await site.build()
        try site.write(page, text.replacingOccurrences(of: "title: orden 1-30", with: "title: orden renombrada"))
        let title = try await site.build()
        return (body.rendered, title.rendered, first.pages)
    }

    @Test func oneEditDrawsAsManyPagesOnASiteFourTimesLarger() async throws {
        let small = try await drawnByOneEdit(folders: 3)
        let large = try await drawnByOneEdit(folders: 12)
        #expect(large.pages > 3 * small.pages)
        #expect(small.body == large.body, "a body edit draws the page (and the pages linking to its ids): \(small) vs \(large)")
        #expect(small.title == large.title, "a title edit draws the page and the lists that show it: \(small) vs \(large)")
        #expect(large.body <= 3 && large.title <= 8, "\(large)")
    }

    @Test func randomEditsOfALargerSiteMatchAFullBuild() async throws {
        let site = try TestSite(files: Self.site(folders: 8, pages: 100))
        defer { site.remove() }
        _ = try await site.build()
        var random = SeededRandom(seed: 20_261_126)
        for round in 0..<4 {
            for _ in 0...random.next(4) {
                let path = "Content/f\(random.next(9))/p\(random.next(110)).md"
                switch random.next(4) {
                case 0: try site.delete(path)
                case 1: try site.write(path, "---\ntitle: nueva \(round)\ntags: [grupo\(random.next(4))]\n---\n[vuelta](../p0/#ejemplo)\n")
                case 2: try site.write(path, "# Sin portada \(round)\n\n[rota](../p\(random.next(110))/#falta)\n")
                default: try site.write(path, "---\ntitle: orden \(round)\nweight: \(random.next(5))\n---\nCambiada.\n")
                }
            }
            let report = try await site.build()
            try await site.expectSameAsFullBuild(comment: "after round \(round)", report: report)
        }
    }
}
