import Foundation

/// What a build keeps of its plan so that the next one, in a new process, can redraw an edited page of the folders
/// without loading and planning the whole site, as `vitrina serve` does from memory: where each page's files live and
/// what its folder lists of it, the folders' titles, the header's entries, the site's digest and its assets' published
/// names, with the stamps the build read them under. Only pages an edit of their text alone can change are in it
/// (undated, without terms, in a plain section). Kept beside the build state as `<output>.plan`.
/// Lo que una construcción guarda de su plan para que la siguiente redibuje una página editada sin planear todo el sitio.
struct KeptPlan: Sendable, Equatable {
    static let header = "vitrina-plan 1"
    /// More of anything than a site has: a file claiming more is damaged.
    static let maxCount = 10_000_000

    /// The id of the manifest of the build it belongs to.
    var buildID: String
    /// The stamp without `Content/`'s files (`SourceStamp.Frame.head`), their count, and their sum without the files
    /// of the pages below: another sum means a file outside those pages changed, was added or went away.
    var head: String
    var contentCount: Int
    var restSum: UInt64
    /// The fingerprint of the site's input to every page's digest (`BuildPipeline.siteInput`).
    let siteInput: String
    /// Each stylesheet's and script's published name, by the path templates name it by.
    let assets: [String: String]
    let navigation: [Entry]
    let sections: [Section]
    var pages: [PageEntry]

    /// A header entry: its key and strings key, and its route and label in each language (no label: the string's).
    struct Entry: Sendable, Equatable {
        let key: String
        let labelKey: String
        let routes: [String: String]
        let labels: [String: String]?
    }

    /// A folder: its names from `Content/`, its URL segments and its titles by language.
    struct Section: Sendable, Equatable {
        let folders: [String]
        let slugs: [String]
        let titles: [String: String]
    }

    /// A page: its section (a place in `sections`), name and slug, what its folder lists of it (`FolderPageMapper.listing`
    /// of it alone), and each version's file with the stamp it was read under.
    struct PageEntry: Sendable, Equatable {
        let section: Int
        let name: String
        let slug: String
        let draft: Bool
        let explicitSlug: Bool
        let listing: String
        var files: [File]
    }

    /// A version's file below the site (`Content/linux/tar.md`) and its stamp.
    struct File: Sendable, Equatable {
        let path: String
        var stamp: FileStamp
    }

    /// The pages whose files changed since the plan was kept (places in `pages`, each with its files' new stamps), when
    /// nothing else did: the same head, as many files in `Content/`, and the same sum once the pages' files are taken out.
    /// Nil when something else changed or a page's file is gone; empty when nothing changed.
    func changedPages(_ frame: SourceStamp.Frame, stamps: [(path: String, stamp: FileStamp)]) -> [(page: Int, stamps: [FileStamp])]? {
        guard frame.head == head, frame.contentCount == contentCount, stamps.count == contentCount else { return nil }
        var sum = frame.contentSum
        var changed: [Int: [FileStamp]] = [:]
        let complete = matchFiles(in: stamps) { place, index, path, stamp in
            sum &-= SourceStamp.entryHash(path, stamp)
            let page = pages[place]
            if page.files[index].stamp != stamp { changed[place, default: page.files.map(\.stamp)][index] = stamp }
        }
        guard complete, sum == restSum else { return nil }
        return changed.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// The plan made whole after its build: the build id, the stamp's frame, and each page's files with the stamp the
    /// walk found them at; nil when a file is not in the walk (it changed while the build ran).
    /// El plan completo tras su construcción: el id, el marco de la huella y la huella de cada fichero.
    consuming func stamped(by stamp: SourceStamp, stamps: [(path: String, stamp: FileStamp)], buildID: String?) -> KeptPlan? {
        guard let buildID else { return nil }
        var found: [(page: Int, file: Int, stamp: FileStamp)] = []
        found.reserveCapacity(stamps.count)
        var restSum = stamp.frame.contentSum
        let complete = matchFiles(in: stamps) { place, index, path, fileStamp in
            found.append((place, index, fileStamp))
            restSum &-= SourceStamp.entryHash(path, fileStamp)
        }
        guard complete else { return nil }
        var whole = self
        (whole.buildID, whole.head, whole.contentCount, whole.restSum) = (buildID, stamp.frame.head, stamp.frame.contentCount, restSum)
        for match in found { whole.pages[match.page].files[match.file].stamp = match.stamp }
        return whole
    }

    /// Hands each of the walk's `stamps` that is a page's file to `found` with its page and file places; true when every
    /// page's file was found. Files are looked up by their path's FNV-1a number (a table of 100,000 texts cost as much
    /// as the rest of an edit's reading) and a match is then compared byte for byte.
    /// Da a `found` cada fichero del recorrido que es de una página; busca por el número de su ruta y compara los bytes.
    private func matchFiles(in stamps: [(path: String, stamp: FileStamp)],
                            _ found: (_ page: Int, _ file: Int, _ path: String, _ stamp: FileStamp) -> Void) -> Bool {
        var places: [UInt64: (page: Int, file: Int)] = [:]
        places.reserveCapacity(pages.count * 2)
        var count = 0
        for place in pages.indices {
            for index in pages[place].files.indices {
                places[Fingerprint.number(pages[place].files[index].path.utf8.dropFirst(Self.contentPrefix))] = (place, index)
                count += 1
            }
        }
        guard places.count == count else { return false }
        var matched = 0
        for (path, stamp) in stamps {
            guard let (place, index) = places[Fingerprint.number(path.utf8)],
                  pages[place].files[index].path.utf8.dropFirst(Self.contentPrefix).elementsEqual(path.utf8) else { continue }
            found(place, index, path, stamp)
            matched += 1
        }
        return matched == count
    }

    private static let contentPrefix = "Content/".utf8.count

    /// The folders from `Content/` down to the section at `place`, each holding only the next, and that section holding
    /// only `page`: all a section's page is drawn from besides itself (its breadcrumbs).
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

    /// The header's entries again, for a renderer.
    var navigationEntries: [PageRenderer.NavigationEntry] {
        navigation.map { entry in
            let routes = entry.routes
            var made = PageRenderer.NavigationEntry(key: entry.key, labelKey: entry.labelKey, route: { Route(file: routes[$0] ?? "index.html") })
            if let labels = entry.labels { made.label = { labels[$0] ?? "" } }
            return made
        }
    }

    // MARK: Reading and writing / lectura y escritura

    /// Beside the output's build state: `.vitrina/state/<output fingerprint>.plan`.
    static func path(statePath: String) -> String { (statePath as NSString).deletingPathExtension + ".plan" }

    static func load(_ path: String, context: String) -> KeptPlan? {
        guard SafePath.kind(path) == .file, var reader = MemoFile.read(path, header: header, context: context) else { return nil }
        return decode(&reader)
    }

    func save(to path: String, context: String) throws {
        try MemoFile.write(encoded(), to: path, header: Self.header, context: context)
    }

    func encoded() -> [UInt8] {
        var writer = ByteWriter(reserving: 64 + pages.count * 96)
        writer.string(buildID)
        writer.string(head)
        writer.int(contentCount)
        writer.int(Int(bitPattern: UInt(restSum)))
        writer.string(siteInput)
        Self.write(assets, &writer)
        writer.int(navigation.count)
        for entry in navigation {
            writer.strings([entry.key, entry.labelKey])
            Self.write(entry.routes, &writer)
            writer.int(entry.labels == nil ? 0 : 1)
            if let labels = entry.labels { Self.write(labels, &writer) }
        }
        writer.int(sections.count)
        for section in sections {
            writer.strings(section.folders)
            writer.strings(section.slugs)
            Self.write(section.titles, &writer)
        }
        writer.int(pages.count)
        for page in pages {
            writer.int(page.section)
            writer.strings([page.name, page.slug, page.listing])
            writer.int((page.draft ? 1 : 0) | (page.explicitSlug ? 2 : 0))
            writer.int(page.files.count)
            for file in page.files {
                writer.string(file.path)
                for number in file.stamp.numbers { writer.int(number) }
            }
        }
        return writer.bytes
    }

    /// The plan read back; nil for any count out of range, a section out of place or a path outside `Content/`.
    static func decode(_ reader: inout ByteReader) -> KeptPlan? {
        guard let buildID = reader.string(), let head = reader.string(), let contentCount = count(&reader),
              let rest = reader.int(), let siteInput = reader.string(), let assets = dictionary(&reader), assets.values.allSatisfy(SafePath.isPlainRelative),
              let entryCount = count(&reader) else { return nil }
        var navigation: [Entry] = []
        for _ in 0..<entryCount {
            guard let names = reader.strings(), names.count == 2, let routes = dictionary(&reader), routes.values.allSatisfy(SafePath.isPlainRelative),
                  let hasLabels = reader.int() else { return nil }
            var labels: [String: String]?
            if hasLabels == 1 {
                guard let read = dictionary(&reader) else { return nil }
                labels = read
            }
            navigation.append(Entry(key: names[0], labelKey: names[1], routes: routes, labels: labels))
        }
        guard let sectionCount = count(&reader) else { return nil }
        var sections: [Section] = []
        for _ in 0..<sectionCount {
            guard let folders = reader.strings(), let slugs = reader.strings(), (folders + slugs).allSatisfy(isSegment), let titles = dictionary(&reader) else { return nil }
            sections.append(Section(folders: folders, slugs: slugs, titles: titles))
        }
        guard let pageCount = count(&reader) else { return nil }
        var pages: [PageEntry] = []
        pages.reserveCapacity(pageCount)
        for _ in 0..<pageCount {
            guard let section = reader.int(), sections.indices.contains(section), let texts = reader.strings(), texts.count == 3, isSegment(texts[1]),
                  let flags = reader.int(), (0...3).contains(flags), let fileCount = count(&reader), fileCount > 0 else { return nil }
            var files: [File] = []
            for _ in 0..<fileCount {
                guard let path = reader.string(), path.hasPrefix("Content/"), SafePath.isPlainRelative(path) else { return nil }
                var numbers: [Int] = []
                for _ in 0..<6 {
                    guard let number = reader.int() else { return nil }
                    numbers.append(number)
                }
                files.append(File(path: path, stamp: FileStamp(size: numbers[0], seconds: numbers[1], nanoseconds: numbers[2], changeSeconds: numbers[3],
                                                               changeNanoseconds: numbers[4], inode: numbers[5])))
            }
            pages.append(PageEntry(section: section, name: texts[0], slug: texts[1], draft: flags & 1 != 0, explicitSlug: flags & 2 != 0,
                                   listing: texts[2], files: files))
        }
        guard reader.isAtEnd else { return nil }
        return KeptPlan(buildID: buildID, head: head, contentCount: contentCount, restSum: UInt64(UInt(bitPattern: rest)), siteInput: siteInput,
                        assets: assets, navigation: navigation, sections: sections, pages: pages)
    }

    /// One folder or URL segment, as routes and output paths are made of: never `..`, a `/` or a control character.
    private static func isSegment(_ text: String) -> Bool { SafePath.isPlainRelative(text) && !text.utf8.contains(UInt8(ascii: "/")) }

    private static func count(_ reader: inout ByteReader) -> Int? {
        guard let count = reader.int(), (0...min(maxCount, reader.remaining)).contains(count) else { return nil }
        return count
    }

    private static func write(_ pairs: [String: String], _ writer: inout ByteWriter) {
        let sorted = pairs.sorted { $0.key < $1.key }
        writer.strings(sorted.map(\.key))
        writer.strings(sorted.map(\.value))
    }

    private static func dictionary(_ reader: inout ByteReader) -> [String: String]? {
        guard let keys = reader.strings(), let values = reader.strings(), keys.count == values.count else { return nil }
        return Dictionary(zip(keys, values), uniquingKeysWith: { first, _ in first })
    }
}

extension KeptPlan {
    /// What a build keeps of its plan, without stamps yet; nil for a site whose edits are not drawn page by page (one
    /// with content drawn from the whole site, such as the app's screens or the search page, or without folders).
    /// Lo que una construcción guarda de su plan, aún sin huellas; nil si el sitio no se redibuja página a página.
    init?(_ site: PlannedSite, siteInput: BuildInput) {
        guard !site.data.features.contains(where: { $0 is any ClosingFeature }), site.plan.tools.isEmpty, site.plan.searchRoute == nil,
              let folders = site.data.features.lazy.compactMap({ $0 as? MarkdownFolders }).first else { return nil }
        let languages = site.config.orderedLanguages
        navigation = site.plan.navigation.map { entry in
            Entry(key: entry.key, labelKey: entry.labelKey, routes: Dictionary(languages.map { ($0, entry.route($0).file) }, uniquingKeysWith: { a, _ in a }),
                  labels: entry.label.map { label in Dictionary(languages.map { ($0, label($0)) }, uniquingKeysWith: { a, _ in a }) })
        }
        let all = folders.root.all
        sections = all.map { Section(folders: $0.folders, slugs: $0.slugs, titles: $0.titles) }
        let places = all.indices.filter { all[$0].layout == .section }.flatMap { section in all[section].pages.indices.map { (section, $0) } }
        let unstamped = FileStamp(size: 0, seconds: 0, nanoseconds: 0, changeSeconds: 0, changeNanoseconds: 0, inode: 0)
        pages = Parallel.map(places, slices: Parallel.slicesPerCore) { part in
            part.compactMap { section, index -> PageEntry? in
                let page = all[section].pages[index]
                guard !MarkdownFolders.isDated(page), page.terms.isEmpty, page.versions.values.allSatisfy({ $0.file.hasPrefix("Content/") }) else { return nil }
                return PageEntry(section: section, name: page.name, slug: page.slug, draft: page.draft, explicitSlug: page.explicitSlug,
                                 listing: FolderPageMapper.listing([page], folder: "").fingerprint,
                                 files: page.versions.values.map { File(path: $0.file, stamp: unstamped) }.sorted { $0.path < $1.path })
            }
        }.flatMap { $0 }
        (buildID, head, contentCount, restSum) = ("", "", 0, 0)
        self.siteInput = siteInput.fingerprint
        assets = site.renderer.assets.published
    }
}
