import Foundation
import VitrinaKit

/// The last build's records as its state file holds them, one line per page: an edit of a few pages reads only their
/// lines, and the file is written again with those lines replaced, instead of decoding and encoding every record (at
/// 100,000 pages, most of such an edit's time).
/// Los registros de la última construcción tal como los guarda su fichero: una edición lee y sustituye solo sus líneas.
struct RecordLines: Sendable {
    let buildID: String
    /// The lines after the first, each ending in a newline.
    let lines: [UInt8]

    /// The records of `path`; nil for another format or a file without lines.
    static func load(_ path: String) -> RecordLines? {
        guard SafePath.kind(path) == .file, let bytes = try? Files.read(path), let firstEnd = bytes.firstIndex(of: 10) else { return nil }
        let first = String(decoding: bytes[..<firstEnd], as: UTF8.self)
        guard first.hasPrefix(BuildState.header + " "), bytes.last == 10 else { return nil }
        let records = RecordLines(buildID: String(first.dropFirst(BuildState.header.count + 1)), lines: Array(bytes[(firstEnd + 1)...]))
        return records.isWellFormed ? records : nil
    }

    /// Every line has the six fields a record's line has, as `BuildState.decode` asks.
    var isWellFormed: Bool {
        var wellFormed = true
        forEachLine { _, line, _ in
            wellFormed = line.reduce(0) { $0 + ($1 == 9 ? 1 : 0) } == 5
            return wellFormed
        }
        return wellFormed
    }

    /// Each line's bytes (without its newline) with its file, in order; stops early when `visit` returns false.
    private func forEachLine(_ visit: (_ file: UnsafeBufferPointer<UInt8>, _ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool) {
        lines.withUnsafeBufferPointer { buffer in
            var start = 0
            while start < buffer.count {
                let end = buffer.firstIndex(of: 10, from: start) ?? buffer.count
                let line = UnsafeBufferPointer(rebasing: buffer[start..<end])
                let tab = line.firstIndex(of: 9) ?? line.count
                guard visit(UnsafeBufferPointer(rebasing: line[..<tab]), line, start..<end) else { return }
                start = end + 1
            }
        }
    }

    /// Paths as bytes, looked up without making an array of every line's path: only one of a wanted length is.
    private struct Wanted {
        let paths: Set<[UInt8]>
        let lengths: Set<Int>

        init(_ files: some Sequence<String>) {
            paths = Set(files.map { Array($0.utf8) })
            lengths = Set(paths.map(\.count))
        }

        func contains(_ path: UnsafeBufferPointer<UInt8>) -> Bool { lengths.contains(path.count) && paths.contains(Array(path)) }
    }

    /// The records of `files`, each read from its line; nil when one has none or a line is damaged.
    func records(of files: Set<String>) -> [String: BuildState.Record]? {
        let wanted = Wanted(files)
        var found: [String: BuildState.Record] = [:]
        var damaged = false
        forEachLine { file, line, _ in
            guard wanted.contains(file) else { return true }
            guard let (name, record) = BuildState.line(line) else { damaged = true; return false }
            found[name] = record
            return found.count < files.count
        }
        return !damaged && found.count == files.count ? found : nil
    }

    /// The field at `index` (0-based, tab-separated) of `line`, or nil when the line has fewer.
    private static func field(_ index: Int, of line: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
        var start = 0
        for _ in 0..<index {
            guard let tab = line.firstIndex(of: 9, from: start) else { return nil }
            start = tab + 1
        }
        let end = line.firstIndex(of: 9, from: start) ?? line.count
        return UnsafeBufferPointer(rebasing: line[start..<end])
    }

    /// Whether a line lists one of `files` among the files its page links into with a `#fragment` (its fifth field):
    /// that page is checked again when their ids change, which needs every record.
    func anchors(into files: Set<String>) -> Bool {
        let wanted = Wanted(files)
        var found = false
        forEachLine { _, line, _ in
            // A line without its fields is taken to anchor anywhere: the whole records are read, and refuse it.
            guard let anchored = Self.field(4, of: line) else { found = true; return false }
            if !anchored.isEmpty, anchored.split(on: 0x1F).contains(where: wanted.contains) { found = true }
            return !found
        }
        return found
    }

    /// The lines again, with each of `records`' files' line replaced by its record; nil when one has no line.
    func replacing(_ records: [String: BuildState.Record]) -> [UInt8]? {
        let wanted = Dictionary(records.map { (Array($0.key.utf8), ($0.key, $0.value)) }, uniquingKeysWith: { first, _ in first })
        let lengths = Set(wanted.keys.map(\.count))
        var bytes: [UInt8] = []
        bytes.reserveCapacity(lines.count + 4096)
        var copied = 0
        var replaced = 0
        lines.withUnsafeBufferPointer { buffer in
            forEachLine { file, _, range in
                guard lengths.contains(file.count), let (name, record) = wanted[Array(file)] else { return true }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[copied..<range.lowerBound]))
                BuildState.append(name, record, to: &bytes)
                copied = range.upperBound + 1
                replaced += 1
                return replaced < wanted.count
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[copied...]))
        }
        return replaced == wanted.count ? bytes : nil
    }
}
