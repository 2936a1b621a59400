/// What the stamp's walk of `Content/` found: every file below it with its stamp, so that a rebuild lists the Markdown
/// and the files beside it, and knows each file's stamp, without walking the folder and asking for each file again (at
/// 100,000 pages, two more walks and a `stat` per document; on a warm cache the listing's own sort takes back much of
/// it, on a cold one the walks cost more).
/// Lo que encontró el recorrido de la huella en `Content/`: cada fichero con su sello, para no recorrerlo otra vez.
public struct ContentListing: Sendable {
    /// Every file below `Content/`, sorted as `Files.scan` sorts.
    let paths: [String]
    let stamps: [String: FileStamp]

    /// nil when the walk met a link that leads back to a folder on its way: the loaders walk again, and name it.
    package init?(_ scan: FolderScan) {
        guard scan.loops.isEmpty else { return nil }
        var stamps: [String: FileStamp] = [:]
        stamps.reserveCapacity(scan.stamps.count)
        for (path, stamp) in scan.stamps { stamps[path] = stamp }
        self.stamps = stamps
        // In the walk's order before sorting, as `Files.scan` sorts (the table's keys come in another order in each
        // process, and `String`'s order is not transitive on some text that is not in NFC).
        paths = scan.stamps.map(\.path).sorted()
    }

    /// The files below `Content/<folder>`, relative to it and sorted, leaving out the folders directly in it named in
    /// `skipped`: what `Files.scan` of that folder lists. Prefixes are compared on bytes.
    func files(in folder: String, skippingFolders skipped: Set<String> = []) -> [String] {
        let prefix = folder.isEmpty ? [] : Array(folder.utf8) + [UInt8(ascii: "/")]
        var files: [String] = []
        for path in paths where path.utf8.starts(with: prefix) {
            let below = path.utf8.dropFirst(prefix.count)
            if let slash = below.firstIndex(of: UInt8(ascii: "/")), skipped.contains(String(decoding: below[..<slash], as: UTF8.self)) { continue }
            files.append(String(decoding: below, as: UTF8.self))
        }
        // Cutting the same prefix off sorted paths keeps them sorted for text in NFC; `String`'s order compares text
        // as canonically equivalent, which a combining mark after the cut could upset: checked rather than assumed (a
        // sorted list costs one comparison per file).
        return files.indices.dropFirst().allSatisfy { files[$0 - 1] <= files[$0] } ? files : files.sorted()
    }

    /// The stamp the walk took of `Content/<path>`.
    func stamp(of path: String) -> FileStamp? { stamps[path] }
}
