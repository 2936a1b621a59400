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

    /// A folder's listing fingerprint is fed field by field; it must stay the fingerprint of its facts' lines joined, as
    /// the kept plans and records of earlier builds hold it (pages in zero to three languages, fields holding the
    /// separators, extra lines, empty folders).
    @Test("300 seeded folders: the listing's fingerprint is its joined lines'")
    func listingFingerprintIsTheJoinedLinesFingerprint() {
        var random = SeededGenerator(seed: 0x5107)
        let texts = ["", "a", "tar", "|", "\n", "a|b", "canción", "e\u{301}", "日本", "x\ny", "\"q\"", "🇪🇸"]
        for round in 0..<300 {
            var pages: [FolderPage] = []
            for index in 0..<Int.random(in: 0...12, using: &random) {
                var versions: [String: FolderPage.Version] = [:]
                for language in ["es", "en", "zh"].prefix(Int.random(in: 0...3, using: &random)) {
                    versions[language] = FolderPage.Version(title: random.pick(texts), description: random.pick(texts), date: nil, html: "",
                                                            headings: [], links: [], language: language, file: "p\(index).md", fingerprint: "f")
                }
                pages.append(FolderPage(name: "p\(index)", slug: random.pick(texts) + "\(index)", weight: Int.random(in: -5...5_000, using: &random),
                                        draft: Bool.random(using: &random), versions: versions))
            }
            let extra = (0..<Int.random(in: 0...3, using: &random)).map { _ in random.pick(texts) }
            var lines: [String] = []
            for page in pages {
                lines.append("\(page.slug)|\(page.weight)|\(page.draft)")
                for (language, version) in page.versions.sorted(by: { $0.key < $1.key }) { lines.append("\(language)|\(version.title)|\(version.description)") }
            }
            let listing = FolderPageMapper.listing(pages, folder: "f", extra: extra)
            #expect(listing.fingerprint == Fingerprint.hex((lines + extra).joined(separator: "\n")), "round \(round)")
            #expect(listing.key == "list:f")
        }
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
