import VitrinaKit

/// Checks again only the pages whose links could have a new outcome: the pages drawn, every page when a file of the
/// last build's output is gone (or there is no last build), the pages with problems when files were only added (a
/// link that resolved still does), and pages linking to a `#fragment` of a drawn page whose ids changed; the others
/// keep the problems recorded by the last build. A build and a quick edit check alike.
/// Comprueba de nuevo solo las páginas cuyos enlaces pueden dar otro resultado; las demás conservan sus problemas.
struct IncrementalLinkCheck {
    /// The output's files.
    let files: Set<String>
    /// How they differ from the last build's.
    let change: FileChange
    /// The HTML of a page the last build drew and this one did not, read from the output.
    let readUnchanged: (String) -> [UInt8]?

    /// Fills the records' problems and anchors. `ids` holds the ids each page had in the last build and comes back
    /// with the drawn pages' own.
    func run(drawn: [PageLinks], records: inout [String: BuildState.Record], ids: inout [String: Set<String>]) {
        var pages = drawn
        // With every page drawn (a fresh build: 100,000 of them) there is no unchanged page to look at, nor sets to make.
        // Con todas las páginas dibujadas no hay página conservada que mirar.
        if records.count > drawn.count {
            let newIDs = Set(drawn.filter { (ids[$0.file] ?? []) != $0.ids }.map(\.file))
            if change != .none || !newIDs.isEmpty {
                let drawnFiles = Set(drawn.map(\.file))
                var extractor = LinkExtractor()
                for (file, record) in records where !drawnFiles.contains(file) && (change == .removed || (change == .added && !record.problems.isEmpty)
                    || record.anchored.contains(where: newIDs.contains)) {
                    pages.append(readUnchanged(file).map { extractor.extract(file: file, html: $0) } ?? PageLinks(file: file, links: [], ids: Set(record.ids)))
                }
            }
        }
        guard !pages.isEmpty else { return }
        ids.reserveCapacity(ids.count + pages.count)
        for page in pages { ids[page.file] = page.ids }
        for check in LinkChecker().check(pages: pages, files: files, ids: ids) {
            guard let place = records.index(forKey: check.file) else { continue }
            records.values[place].problems = check.problems
            records.values[place].anchored = check.anchored
        }
    }

    /// How an output's files differ from the last build's.
    enum FileChange {
        case none
        /// Files were added and none is gone.
        case added
        /// A file is gone, or there is no last build to compare with.
        case removed

        /// `files` against the last build's (nil when there is none); no set of the last build's files is made.
        /// A last file counts as there only with its own bytes (`LinkChecker.holds`).
        init(_ files: Set<String>, last: [String: String]?) {
            guard let last, !last.keys.contains(where: { !LinkChecker.holds(files, $0) }) else { self = .removed; return }
            self = files.count > last.count ? .added : .none
        }
    }

    /// The ids of each page of `records` as `previous` recorded them.
    static func ids(of records: [String: BuildState.Record], in previous: BuildState?) -> [String: Set<String>] {
        guard let previous else { return [:] }
        var ids: [String: Set<String>] = [:]
        ids.reserveCapacity(records.count)
        for file in records.keys {
            if let recorded = previous.records[file]?.ids, !recorded.isEmpty { ids[file] = Set(recorded) }
        }
        return ids
    }

    /// Every recorded problem, sorted by page.
    static func problems(_ records: [String: BuildState.Record]) -> [String] {
        records.filter { !$0.value.problems.isEmpty }.sorted { $0.key < $1.key }.flatMap(\.value.problems)
    }
}
