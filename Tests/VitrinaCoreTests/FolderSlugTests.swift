import Testing
import TestSupport
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// Pages of one folder whose slugs collide are numbered (`a-2`, `a-3`…) as trying every number from 2 for each would,
/// with one try per page.
/// Las páginas de una carpeta con el mismo slug se numeran como si se probara cada número desde 2.
@Suite("Folder page slugs")
struct FolderSlugTests {
    @Test("300 seeded folders of colliding slugs")
    func collidingSlugsAreNumberedAsTryingEveryNumber() throws {
        var random = SeededGenerator(seed: 0x5106)
        for round in 0..<300 {
            var pages: [FolderPage] = []
            for index in 0..<Int.random(in: 1...80, using: &random) {
                let slug = random.pick(["a", "a-2", "a-3", "b", "a-2-2", "n\(index)", "a"])
                pages.append(FolderPage(name: "n\(index)", slug: slug, weight: 0, draft: false, versions: [:]))
            }
            let numbered = try FolderPageMapper.uniqueSlugs(pages, folder: "Content/x")
            #expect(numbered.map(\.slug) == Self.tryingEveryNumber(pages).map(\.slug), "round \(round)")
            #expect(Set(numbered.map(\.slug)).count == pages.count)
        }
    }

    @Test func tenThousandPagesOfOneSlugAreNumberedFrom2To10000() throws {
        let pages = (0..<10_000).map { FolderPage(name: "p\($0)", slug: "a", weight: 0, draft: false, versions: [:]) }
        let slugs = try FolderPageMapper.uniqueSlugs(pages, folder: "Content/x").map(\.slug)
        #expect(Set(slugs) == Set(["a"] + (2...10_000).map { "a-\($0)" }))
    }

    /// The numbering as it was written first: every number from 2 tried for each colliding page.
    private static func tryingEveryNumber(_ pages: [FolderPage]) -> [FolderPage] {
        var seen: Set<String> = []
        var result: [FolderPage] = []
        let ordered = pages.map { (page: $0, rank: ($0.explicitSlug ? 0 : 1) * 2 + ($0.name != $0.slug ? 1 : 0)) }
            .sorted { ($0.rank, $0.page.name) < ($1.rank, $1.page.name) }.map(\.page)
        for var page in ordered {
            if seen.contains(page.slug) {
                var number = 2
                while seen.contains("\(page.slug)-\(number)") { number += 1 }
                page.slug = "\(page.slug)-\(number)"
            }
            seen.insert(page.slug)
            result.append(page)
        }
        return result
    }
}
