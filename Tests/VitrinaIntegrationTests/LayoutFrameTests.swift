import Foundation
import Testing
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// The layout's frame reused from page to page draws every page exactly as a frame made for it alone, whatever the
/// folders (siblings, nested, section pages the navigation links to, the root) and whatever order the pages come in.
/// El marco del diseño reutilizado dibuja cada página igual que uno hecho solo para ella.
@Suite("Layout frames")
struct LayoutFrameTests {
    /// Folder names that share prefixes with each other (`a`, `ab`, `a-b`), so sibling folders' links differ in few bytes.
    static let names = ["a", "b", "ab", "a-b", "c"]

    /// A docs site of random folders up to four deep, in Spanish and English, with section pages now and then and pages
    /// at the root.
    static func site(_ random: inout SeededRandom) -> [String: String] {
        var files = ["Content/site.yml": "title: Marcos\ndefault_language: es\nlanguages: [es, en]\nbase_url: https://example.org/docs/\n",
                     "Content/index.md": "---\ntitle: Inicio\n---\nHola.\n"]
        for number in 0..<(20 + random.next(30)) {
            let folder = (0..<random.next(5)).map { _ in names[random.next(names.count)] }.joined(separator: "/")
            let prefix = folder.isEmpty ? "Content/" : "Content/\(folder)/"
            let name = random.next(6) == 0 ? "_index" : "p\(number)"
            let language = random.next(4) == 0 ? ".en" : ""
            files["\(prefix)\(name)\(language).md"] = "---\ntitle: Página \(number)\n---\nTexto [inicio](/index.md).\n"
        }
        // Root pages named like the folders the layout links into: from `assets/`, the stylesheet is `site.css`, not
        // `../assets/site.css` as from its siblings.
        for name in ["assets", "search", "tags"] {
            files["Content/\(name).md"] = "---\ntitle: \(name)\n---\nTexto.\n"
        }
        return files
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
    func reusedFramesDrawWhatFreshOnesDraw(seed: UInt64) async throws {
        var random = SeededRandom(seed: seed)
        let site = try TestSite(files: Self.site(&random), theme: .ownOrNone)
        defer { site.remove() }
        let pipeline = BuildPipeline(options: BuildOptions(siteDirectory: site.root, offline: true), client: NoNetwork())
        let config = try pipeline.loadConfig()
        let look = try pipeline.loadTheme(config)
        let session = try pipeline.openLoadingSession(config)
        var data = try await pipeline.fetch(session)
        data = try await pipeline.loadContent(session.context, session.features, data)
        let planned = try pipeline.plan(config, look, data, features: session.features)
        await session.close()
        let pages = planned.plan.pages
        #expect(pages.count > 20)
        // In route order (as the render stage draws) and shuffled, so frames meet pages of every other folder too.
        var shuffled = pages
        for index in shuffled.indices.reversed() { shuffled.swapAt(index, random.next(index + 1)) }
        var reused = 0
        for order in [pages, shuffled] {
            var frame: LayoutFrame?
            for page in order {
                let drawn = try planned.renderer.render(page, reusing: &frame)
                // A frame kept from another folder's page: the reuse that needs the folders to be siblings.
                if let frame, frame.key.folder != LayoutFrame.Key(page, styles: page.styles).folder { reused += 1 }
                #expect(drawn == (try planned.renderer.render(page)), "\(page.route.file), seed \(seed)")
            }
        }
        #expect(reused > 0, "no page reused a sibling folder's frame (seed \(seed))")
    }
}
