/// Checks again only the pages whose links could have a new outcome: the pages drawn by this build, every page when
/// the set of output files changed, and pages linking to a `#fragment` of a page whose ids changed; the others keep
/// the problems recorded by the last build.
/// Comprueba de nuevo solo las páginas cuyos enlaces pueden dar otro resultado; las demás conservan sus problemas.
struct IncrementalLinkCheck {
    /// The output files of the last build, or nil when there is none to compare with.
    let previousFiles: Set<String>?
    /// The last build's records, for the ids the redrawn pages had.
    let previous: BuildState?
    /// The HTML of a page kept from the last build, read from its output.
    let readKept: (String) -> [UInt8]?

    /// Fills each record's problems and anchors; returns every problem, sorted by page.
    func run(drawn: [PageLinks], records: inout [String: BuildState.Record], files: [String]) -> [String] {
        let fileSet = Set(files)
        let drawnFiles = Set(drawn.map(\.file))
        let filesChanged = previousFiles != fileSet
        let newIDs = previous.map { previous in Set(drawn.filter { previous.records[$0.file]?.ids != $0.ids.sorted() }.map(\.file)) } ?? []
        var pages = drawn
        var ids: [String: Set<String>] = [:]
        ids.reserveCapacity(records.count)
        for (file, record) in records where !drawnFiles.contains(file) {
            if !record.ids.isEmpty { ids[file] = Set(record.ids) }
            guard filesChanged || record.anchored.contains(where: newIDs.contains) else { continue }
            pages.append(readKept(file).map { PageLinks.extract(file: file, html: $0) } ?? PageLinks(file: file, links: [], ids: Set(record.ids)))
        }
        Self.check(pages, records: &records, files: fileSet, ids: &ids)
        return Self.problems(records)
    }

    /// For a quick edit, which keeps every output file: checks the drawn pages and the pages linking to a `#fragment`
    /// of a drawn page whose ids changed; `ids` holds every page's ids as the last build left them, and is updated.
    static func recheck(drawn: [PageLinks], records: inout [String: BuildState.Record], files: Set<String>, ids: inout [String: Set<String>],
                        readKept: (String) -> [UInt8]?) {
        let drawnFiles = Set(drawn.map(\.file))
        let newIDs = Set(drawn.filter { (ids[$0.file] ?? []) != $0.ids }.map(\.file))
        var pages = drawn
        if !newIDs.isEmpty {
            for (file, record) in records where !drawnFiles.contains(file) && record.anchored.contains(where: newIDs.contains) {
                pages.append(readKept(file).map { PageLinks.extract(file: file, html: $0) } ?? PageLinks(file: file, links: [], ids: Set(record.ids)))
            }
        }
        Self.check(pages, records: &records, files: files, ids: &ids)
    }

    private static func check(_ pages: [PageLinks], records: inout [String: BuildState.Record], files: Set<String>, ids: inout [String: Set<String>]) {
        guard !pages.isEmpty else { return }
        for page in pages { ids[page.file] = page.ids }
        for check in LinkChecker().check(pages: pages, files: files, ids: ids) {
            records[check.file]?.problems = check.problems
            records[check.file]?.anchored = check.anchored
        }
    }

    /// Every recorded problem, sorted by page.
    static func problems(_ records: [String: BuildState.Record]) -> [String] {
        records.filter { !$0.value.problems.isEmpty }.sorted { $0.key < $1.key }.flatMap(\.value.problems)
    }
}
