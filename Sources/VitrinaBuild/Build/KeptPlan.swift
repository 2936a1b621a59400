import Foundation
import VitrinaKit

/// What a build keeps of its plan so that the next one, in a new process, can redraw an edited page without loading
/// and planning the whole site, as `vitrina serve` does from memory: the header's entries, the site's digest and its
/// assets' published names, and what each feature that can redraw its own pages kept (`EditableContent.keptForEdits`),
/// with the stamps the build read those pages' files under. Kept beside the build state as `<output>.plan`.
/// Lo que una construcción guarda de su plan para que la siguiente redibuje una página editada sin planear todo el sitio.
struct KeptPlan: Sendable, Equatable {
    static let header = "vitrina-plan 2"
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
    /// The UI strings the pages' scripts read (`SitePlanner.Plan.scriptStrings`).
    let scriptStrings: [String]
    /// The search page's file in each language, which every page's search box submits to; empty without search.
    var search: [String: String] = [:]
    /// What each feature kept, by the feature's key, with its pages' files.
    var parts: [Part]

    /// A header entry: its key and strings key, and its route and label in each language (no label: the string's).
    struct Entry: Sendable, Equatable {
        let key: String
        let labelKey: String
        let routes: [String: String]
        let labels: [String: String]?
    }

    /// What one feature kept: its record, which only it reads, and each of its pages' files with their stamps.
    struct Part: Sendable, Equatable {
        let feature: String
        var pages: [[File]]
        let record: [UInt8]
    }

    /// A page's file below the site (`Content/linux/tar.md`) and its stamp.
    struct File: Sendable, Equatable {
        let path: String
        var stamp: FileStamp
    }

    /// A kept page by its part and its place among that part's pages.
    struct Place: Hashable, Comparable {
        let part: Int
        let page: Int

        static func < (a: Place, b: Place) -> Bool { (a.part, a.page) < (b.part, b.page) }
    }

    /// The pages whose files changed since the plan was kept (each with its files' new stamps), when nothing else did:
    /// the same head, as many files in `Content/`, and the same sum once the pages' files are taken out. Nil when
    /// something else changed or a page's file is gone; empty when nothing changed.
    func changedPages(_ frame: SourceStamp.Frame, stamps: [(path: String, stamp: FileStamp)]) -> [(place: Place, stamps: [FileStamp])]? {
        guard frame.head == head, frame.contentCount == contentCount, stamps.count == contentCount else { return nil }
        var sum = frame.contentSum
        var changed: [Place: [FileStamp]] = [:]
        let complete = matchFiles(in: stamps) { place, index, path, stamp in
            sum &-= SourceStamp.entryHash(path, stamp)
            let files = parts[place.part].pages[place.page]
            if files[index].stamp != stamp { changed[place, default: files.map(\.stamp)][index] = stamp }
        }
        guard complete, sum == restSum else { return nil }
        return changed.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// The plan made whole after its build: the stamp's frame, and each page's files with the stamp the walk found them
    /// at; nil when a file is not in the walk (it changed while the build ran). The build id is the saver's to give.
    /// El plan completo tras su construcción: el marco de la huella y la huella de cada fichero; el id lo pone quien lo guarda.
    consuming func stamped(by stamp: SourceStamp, stamps: [(path: String, stamp: FileStamp)]) -> KeptPlan? {
        var found: [(place: Place, file: Int, stamp: FileStamp)] = []
        found.reserveCapacity(stamps.count)
        var restSum = stamp.frame.contentSum
        let complete = matchFiles(in: stamps) { place, index, path, fileStamp in
            found.append((place, index, fileStamp))
            restSum &-= SourceStamp.entryHash(path, fileStamp)
        }
        guard complete else { return nil }
        var whole = self
        (whole.head, whole.contentCount, whole.restSum) = (stamp.frame.head, stamp.frame.contentCount, restSum)
        for match in found { whole.parts[match.place.part].pages[match.place.page][match.file].stamp = match.stamp }
        return whole
    }

    /// A plan stamped and encoded but for its build's id (`encodedBody()`), with the plan itself, which the build leaves
    /// unfreed at its end.
    /// Un plan sellado y codificado salvo el id de su construcción.
    struct Ready: Sendable {
        let plan: KeptPlan
        let body: [UInt8]
    }

    /// The plan `stamped(by:stamps:)` and encoded (stamping changes its 100,000 pages' files in place, as it is consumed).
    consuming func ready(by stamp: SourceStamp, stamps: [(path: String, stamp: FileStamp)]) -> Ready? {
        stamped(by: stamp, stamps: stamps).map { Ready(plan: $0, body: $0.encodedBody()) }
    }

    /// The plan with the files of `changed` pages at their new stamps, for the build that drew them (whose id `keep`
    /// gives it when it is saved).
    func restamped(_ changed: [(place: Place, stamps: [FileStamp])]) -> KeptPlan {
        var kept = self
        for (place, stamps) in changed {
            for index in kept.parts[place.part].pages[place.page].indices { kept.parts[place.part].pages[place.page][index].stamp = stamps[index] }
        }
        return kept
    }

    /// Hands each of the walk's `stamps` that is a page's file to `found` with its page and file places; true when every
    /// page's file was found. Files are looked up by their path's number (a table of 100,000 texts cost as much
    /// as the rest of an edit's reading) and a match is then compared byte for byte.
    /// Da a `found` cada fichero del recorrido que es de una página; busca por el número de su ruta y compara los bytes.
    private func matchFiles(in stamps: [(path: String, stamp: FileStamp)],
                            _ found: (_ place: Place, _ file: Int, _ path: String, _ stamp: FileStamp) -> Void) -> Bool {
        var places: [UInt64: (place: Place, file: Int)] = [:]
        places.reserveCapacity(parts.reduce(0) { $0 + $1.pages.count } * 2)
        var count = 0
        for part in parts.indices {
            for page in parts[part].pages.indices {
                for (index, file) in parts[part].pages[page].enumerated() {
                    places[Fingerprint.contentNumber(utf8: Self.belowContent(file.path))] = (Place(part: part, page: page), index)
                    count += 1
                }
            }
        }
        guard places.count == count else { return false }
        var matched = 0
        for (path, stamp) in stamps {
            guard let (place, index) = places[Fingerprint.contentNumber(utf8: path.utf8)],
                  Self.belowContent(parts[place.part].pages[place.page][index].path).elementsEqual(path.utf8) else { continue }
            found(place, index, path, stamp)
            matched += 1
        }
        return matched == count
    }

    /// A page file's path below the folder of the pages: `Content/linux/tar.md` → `linux/tar.md`.
    private static func belowContent(_ path: String) -> Substring.UTF8View {
        let bytes = path.utf8
        guard let slash = bytes.firstIndex(of: UInt8(ascii: "/")) else { return path[...].utf8 }
        return path[bytes.index(after: slash)...].utf8
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

    /// Saves a plan's `body` (`encodedBody()`) as the plan of the build `buildID`: the body is made beside the build's
    /// last stages, before its id is known (at 100,000 pages, made after them it was the build's last 0.3 s, on one core).
    /// Guarda el cuerpo de un plan con el id de su construcción: el cuerpo se hace antes de conocer el id, en paralelo.
    static func save(body: [UInt8], buildID: String, to path: String, context: String) throws {
        try MemoFile.write(withID(buildID, body), to: path, header: Self.header, context: context)
    }

    func encoded() -> [UInt8] { Self.withID(buildID, encodedBody()) }

    private static func withID(_ buildID: String, _ body: [UInt8]) -> [UInt8] {
        var writer = ByteWriter(reserving: buildID.utf8.count + 8)
        writer.string(buildID)
        return writer.bytes + body
    }

    /// Everything but the build id, which comes first.
    func encodedBody() -> [UInt8] {
        var writer = ByteWriter(reserving: 64 + parts.reduce(0) { $0 + $1.record.count + $1.pages.count * 64 })
        writer.string(head)
        writer.int(contentCount)
        writer.int(Int(bitPattern: UInt(restSum)))
        writer.string(siteInput)
        writer.pairs(assets)
        writer.int(navigation.count)
        for entry in navigation {
            writer.strings([entry.key, entry.labelKey])
            writer.pairs(entry.routes)
            writer.int(entry.labels == nil ? 0 : 1)
            if let labels = entry.labels { writer.pairs(labels) }
        }
        writer.strings(scriptStrings)
        writer.pairs(search)
        writer.int(parts.count)
        for part in parts {
            writer.string(part.feature)
            writer.int(part.pages.count)
            for files in part.pages {
                writer.int(files.count)
                for file in files {
                    writer.string(file.path)
                    for number in file.stamp.numbers { writer.int(number) }
                }
            }
            writer.part(part.record)
        }
        return writer.bytes
    }

    /// The plan read back; nil for any count out of range or a path outside `Content/`. Each feature checks its own
    /// record when it reads it.
    static func decode(_ reader: inout ByteReader) -> KeptPlan? {
        guard let buildID = reader.string(), let head = reader.string(), let contentCount = reader.count(atMost: maxCount),
              let rest = reader.int(), let siteInput = reader.string(), let assets = reader.pairs(), assets.values.allSatisfy(SafePath.isPlainRelative),
              let entryCount = reader.count(atMost: maxCount) else { return nil }
        var navigation: [Entry] = []
        for _ in 0..<entryCount {
            guard let names = reader.strings(), names.count == 2, let routes = reader.pairs(), routes.values.allSatisfy(SafePath.isPlainRelative),
                  let hasLabels = reader.int() else { return nil }
            var labels: [String: String]?
            if hasLabels == 1 {
                guard let read = reader.pairs() else { return nil }
                labels = read
            }
            navigation.append(Entry(key: names[0], labelKey: names[1], routes: routes, labels: labels))
        }
        guard let scriptStrings = reader.strings(), let search = reader.pairs(), search.values.allSatisfy(SafePath.isPlainRelative),
              let partCount = reader.count(atMost: maxCount) else { return nil }
        var parts: [Part] = []
        for _ in 0..<partCount {
            guard let feature = reader.string(), let pageCount = reader.count(atMost: maxCount) else { return nil }
            var pages: [[File]] = []
            pages.reserveCapacity(pageCount)
            for _ in 0..<pageCount {
                guard let fileCount = reader.count(atMost: maxCount), fileCount > 0 else { return nil }
                var files: [File] = []
                for _ in 0..<fileCount {
                    guard let path = reader.string(), path.utf8.contains(UInt8(ascii: "/")), SafePath.isPlainRelative(path) else { return nil }
                    var numbers: [Int] = []
                    for _ in 0..<6 {
                        guard let number = reader.int() else { return nil }
                        numbers.append(number)
                    }
                    files.append(File(path: path, stamp: FileStamp(size: numbers[0], seconds: numbers[1], nanoseconds: numbers[2], changeSeconds: numbers[3],
                                                                   changeNanoseconds: numbers[4], inode: numbers[5])))
                }
                pages.append(files)
            }
            guard let record = reader.part() else { return nil }
            parts.append(Part(feature: feature, pages: pages, record: record))
        }
        guard reader.isAtEnd else { return nil }
        return KeptPlan(buildID: buildID, head: head, contentCount: contentCount, restSum: UInt64(UInt(bitPattern: rest)), siteInput: siteInput,
                        assets: assets, navigation: navigation, scriptStrings: scriptStrings, search: search, parts: parts)
    }
}

extension KeptPlan {
    /// What a build keeps of its plan, without stamps yet: what each feature able to redraw its own pages kept (the
    /// loaded content at `place` in `site.data` is `features[place]`'s); nil for a site whose edits are not drawn page
    /// by page (one with content drawn from the whole site, such as the app's screens or the search page, or where no
    /// feature kept anything). The core's search page is the same whatever the pages: its route is kept.
    /// Lo que una construcción guarda de su plan, aún sin huellas; nil si el sitio no se redibuja página a página.
    init?(_ site: PlannedSite, features: [any Feature], siteInput: BuildInput) {
        guard !site.data.features.contains(where: { $0 is any WholeSiteContent }), site.plan.tools.isEmpty else { return nil }
        let unstamped = FileStamp(size: 0, seconds: 0, nanoseconds: 0, changeSeconds: 0, changeNanoseconds: 0, inode: 0)
        parts = site.data.loaded.keys.sorted().compactMap { place -> Part? in
            guard let content = site.data.loaded[place] as? any EditableContent, let kept = content.keptForEdits(pageContext: site.pageContext) else { return nil }
            return Part(feature: features[place].key, pages: kept.pageFiles.map { $0.map { File(path: $0, stamp: unstamped) } }, record: kept.record)
        }
        guard !parts.isEmpty else { return nil }
        let languages = site.config.orderedLanguages
        navigation = site.plan.navigation.map { entry in
            Entry(key: entry.key, labelKey: entry.labelKey, routes: Dictionary(languages.map { ($0, entry.route($0).file) }, uniquingKeysWith: { a, _ in a }),
                  labels: entry.label.map { label in Dictionary(languages.map { ($0, label($0)) }, uniquingKeysWith: { a, _ in a }) })
        }
        (buildID, head, contentCount, restSum) = ("", "", 0, 0)
        self.siteInput = siteInput.fingerprint
        assets = site.renderer.assets.published
        scriptStrings = site.plan.scriptStrings
        if let route = site.plan.searchRoute { search = Dictionary(languages.map { ($0, route($0).file) }, uniquingKeysWith: { a, _ in a }) }
    }

    /// The search page's route in each language, for the renderer's search box; nil without search.
    var searchRoute: (@Sendable (String) -> Route)? {
        guard !search.isEmpty else { return nil }
        let routes = search
        return { Route(file: routes[$0] ?? "index.html") }
    }
}
