import Foundation
import VitrinaKit

/// What the folders keep for a later build to redraw an edited page without loading the site: the folders' names, URL
/// segments and titles, and for each page its section, name and what lists show of it. Read back from disk, so every
/// count, place and segment is checked.
/// Lo que guardan las carpetas para que una construcción posterior redibuje una página editada sin cargar el sitio.
struct FolderEditRecord: Sendable, Equatable {
    /// More of anything than a site has: a record claiming more is damaged.
    static let maxCount = 10_000_000

    let sections: [Section]
    let pages: [Page]

    /// A folder: its names from `Content/`, its URL segments and its titles by language.
    struct Section: Sendable, Equatable {
        let folders: [String]
        let slugs: [String]
        let titles: [String: String]
    }

    /// A page: its section (a place in `sections`), its name, and what lists show of it.
    struct Page: Sendable, Equatable {
        let section: Int
        let name: String
        let listed: FolderPage.Listed
    }

    /// The folders from `Content/` down to the section at `place`, each holding only the next, and that section holding
    /// only `page`: all a section's page is drawn from besides itself (its breadcrumbs).
    /// Las carpetas desde `Content/` hasta la sección, cada una con solo la siguiente: de lo que se dibuja una página.
    func skeleton(section place: Int, page: FolderPage) -> (root: MarkdownFolder, section: MarkdownFolder) {
        let target = sections[place]
        let byFolders = Dictionary(sections.map { ($0.folders, $0) }, uniquingKeysWith: { first, _ in first })
        func folder(_ depth: Int) -> MarkdownFolder {
            let folders = Array(target.folders.prefix(depth))
            let known = byFolders[folders]
            let below = depth < target.folders.count ? [folder(depth + 1)] : []
            return MarkdownFolder(folders: folders, slugs: known?.slugs ?? Array(target.slugs.prefix(depth)), index: nil,
                                  pages: depth == target.folders.count ? [page] : [], subsections: below, titles: known?.titles ?? [:])
        }
        let root = folder(0)
        var section = root
        while let next = section.subsections.first { section = next }
        return (root, section)
    }

    // MARK: Bytes / bytes

    func encoded() -> [UInt8] {
        var writer = ByteWriter(reserving: 64 + pages.count * 64)
        writer.int(sections.count)
        for section in sections {
            writer.strings(section.folders)
            writer.strings(section.slugs)
            writer.pairs(section.titles)
        }
        writer.int(pages.count)
        for page in pages {
            writer.int(page.section)
            writer.strings([page.name, page.listed.slug, page.listed.listing])
            let listed = page.listed
            writer.int((listed.draft ? 1 : 0) | (listed.explicitSlug ? 2 : 0) | (listed.dated ? 4 : 0) | (listed.termed ? 8 : 0))
        }
        return writer.bytes
    }

    /// The record read back; nil for any count out of range, a section out of place or a segment that could leave its
    /// folder.
    static func decode(_ bytes: [UInt8]) -> FolderEditRecord? {
        var reader = ByteReader(bytes)
        guard let sectionCount = reader.count(atMost: maxCount) else { return nil }
        var sections: [Section] = []
        for _ in 0..<sectionCount {
            guard let folders = reader.strings(), let slugs = reader.strings(), (folders + slugs).allSatisfy(SafePath.isPlainSegment),
                  let titles = reader.pairs() else { return nil }
            sections.append(Section(folders: folders, slugs: slugs, titles: titles))
        }
        guard let pageCount = reader.count(atMost: maxCount) else { return nil }
        var pages: [Page] = []
        pages.reserveCapacity(pageCount)
        for _ in 0..<pageCount {
            guard let section = reader.int(), sections.indices.contains(section), let texts = reader.strings(), texts.count == 3, SafePath.isPlainSegment(texts[1]),
                  let flags = reader.int(), (0...15).contains(flags) else { return nil }
            let listed = FolderPage.Listed(slug: texts[1], draft: flags & 1 != 0, explicitSlug: flags & 2 != 0, listing: texts[2],
                                           dated: flags & 4 != 0, termed: flags & 8 != 0)
            pages.append(Page(section: section, name: texts[0], listed: listed))
        }
        guard reader.isAtEnd else { return nil }
        return FolderEditRecord(sections: sections, pages: pages)
    }
}
