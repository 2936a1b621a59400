import Foundation
import Synchronization
import VitrinaKit

/// What the last build made each page from, and the links and ids it found in it: the record incremental builds compare with.
/// De qué hizo la última construcción cada página, con sus enlaces e ids: el registro con el que comparan las reconstrucciones.
public struct BuildState: Sendable {
    /// One page's record: the digest of all its inputs, their keys, and what the link check needs to skip it next time.
    public struct Record: Sendable, Equatable {
        public let digest: String
        public let inputs: [String]
        /// The ids its HTML defines, which other pages' `#fragment` links may point at.
        public let ids: [String]
        /// The files its links point into with a `#fragment`: when their ids change, this page is checked again.
        public var anchored: [String] = []
        /// What the link check found wrong on it.
        public var problems: [String] = []
    }

    static let header = "vitrina-state 2"
    /// Matches the output manifest's build id; a state from another output is ignored.
    public var buildID: String
    public var records: [String: Record]

    public init(buildID: String = "", records: [String: Record] = [:]) {
        self.buildID = buildID
        self.records = records
    }

    /// Where the record of an output folder is kept: `.vitrina/state/<output fingerprint>` in the site.
    public static func path(siteDirectory: String, outputDirectory: String) -> String {
        Files.join(siteDirectory, ".vitrina", "state", Fingerprint.hex(outputDirectory) + ".txt")
    }

    /// Tab-separated lines; the lists inside a line are separated by U+001F (tabs and newlines in problems become spaces).
    /// By file, so that one build's record is always the same bytes: in the order of `files` when it is sorted and names
    /// every record (the output's files, which `vitrina serve` keeps sorted), else the records' paths sorted (sorting
    /// them was most of serve's work after an edit at 100,000 pages).
    func encoded(inOrderOf files: [String] = []) -> [UInt8] { Self.header(buildID) + encodedRecords(inOrderOf: files) }

    /// The first line, naming the build.
    static func header(_ buildID: String) -> [UInt8] { Array("\(header) \(buildID)\n".utf8) }

    /// The lines after the first: the records, which a build encodes while its files are committed (the build id, in
    /// the first line, is only known then).
    /// Las líneas de los registros, que una construcción codifica mientras confirma sus ficheros.
    func encodedRecords(inOrderOf files: [String] = []) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(records.count * 160)
        for file in order(hint: files) {
            guard let record = records[file] else { continue }
            Self.append(file, record, to: &bytes)
        }
        return bytes
    }

    /// One record's line, with its newline.
    static func append(_ file: String, _ record: Record, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: file.utf8)
        bytes.append(9)
        bytes.append(contentsOf: record.digest.utf8)
        for field in [record.inputs, record.ids, record.anchored, record.problems.map(oneLine)] {
            bytes.append(9)
            for (position, item) in field.enumerated() {
                if position > 0 { bytes.append(0x1F) }
                bytes.append(contentsOf: item.utf8)
            }
        }
        bytes.append(10)
    }

    /// `files` when it is strictly increasing and holds every record's path, else the paths sorted.
    func order(hint files: [String]) -> [String] {
        guard files.count >= records.count else { return records.keys.sorted() }
        var named = 0
        for index in files.indices {
            if index > 0, !(files[index - 1] < files[index]) { return records.keys.sorted() }
            if records.index(forKey: files[index]) != nil { named += 1 }
        }
        return named == records.count ? files : records.keys.sorted()
    }

    private static func oneLine(_ text: String) -> String {
        String(decoding: text.utf8.map { $0 == 9 || $0 == 10 || $0 == 13 || $0 == 0x1F ? 32 : $0 }, as: UTF8.self)
    }

    /// Reads the lines back on bytes; nil for another format or a damaged file, which means a full build.
    static func decode(_ bytes: [UInt8]) -> BuildState? {
        bytes.withUnsafeBufferPointer { buffer -> BuildState? in
            guard let firstEnd = buffer.firstIndex(of: 10, from: 0) else { return nil }
            let first = String(decoding: UnsafeBufferPointer(rebasing: buffer[..<firstEnd]), as: UTF8.self)
            guard first.hasPrefix(header + " ") else { return nil }
            var state = BuildState(buildID: String(first.dropFirst(header.count + 1)))
            var start = firstEnd + 1
            while start < buffer.count {
                let end = buffer.firstIndex(of: 10, from: start) ?? buffer.count
                guard let (file, record) = line(UnsafeBufferPointer(rebasing: buffer[start..<end])) else { return nil }
                state.records[file] = record
                start = end + 1
            }
            return state
        }
    }

    /// One line read back: its file and record; nil unless it has six fields.
    static func line(_ bytes: UnsafeBufferPointer<UInt8>) -> (String, Record)? {
        let fields = bytes.split(on: 9)
        guard fields.count == 6 else { return nil }
        let list = { (index: Int) -> [String] in
            fields[index].isEmpty ? [] : fields[index].split(on: 0x1F).map { String(decoding: $0, as: UTF8.self) }
        }
        return (String(decoding: fields[0], as: UTF8.self),
                Record(digest: String(decoding: fields[1], as: UTF8.self), inputs: list(2), ids: list(3), anchored: list(4), problems: list(5)))
    }

    static func load(_ path: String) -> BuildState? {
        guard let bytes = try? Files.read(path) else { return nil }
        return decode(bytes)
    }

    func save(_ path: String, inOrderOf files: [String] = []) throws { try Self.save(encodedRecords(inOrderOf: files), of: buildID, to: path) }

    /// Records already encoded (`encodedRecords`), saved as the state of build `buildID`.
    static func save(_ records: [UInt8], of buildID: String, to path: String) throws { try Files.write(header(buildID) + records, to: path) }
}

/// The last state of each output folder, kept in memory by a long-running process (`vitrina serve`).
/// El último estado de cada carpeta de salida, guardado en memoria por un proceso largo (`vitrina serve`).
public final class BuildMemo: Sendable {
    public let documents = DocumentMemo()
    public let decoded = DecodedMemo()
    public let highlighted = HighlightMemo()
    private let states = Mutex<[String: BuildState]>([:])

    public init() {}

    private let live = Mutex<LiveSite?>(nil)

    func state(_ path: String) -> BuildState? { states.withLock { $0[path] } }
    /// The last good build's site, taken out: a failed or refused quick edit leaves none, and a build puts a new one.
    func takeLive() -> LiveSite? { live.withLock { $0.take() } }
    func remember(_ site: LiveSite) { live.withLock { $0 = site } }
    /// Builds the remembered site's lookup tables now, while nothing waits, rather than at the first edit.
    public func prepareLive() { live.withLock { _ = $0?.prepared() } }

    /// `vitrina serve`'s answer to an edit: the report when the feature that owns every file of `changed` redrew its
    /// pages from the last good build kept here (`QuickEdit`); nil when the change needs a build, which keeps the next.
    /// La respuesta de `vitrina serve` a una edición: el informe si la función dueña de los ficheros redibujó sus páginas.
    public func quickEdit(_ changed: [String], options: BuildOptions) throws -> BuildReport? {
        guard !changed.isEmpty, var live = takeLive() else { return nil }
        guard let report = try QuickEdit(options: options).apply(changed, to: &live) else { return nil }
        remember(live)
        return report
    }
    func remember(_ state: BuildState, at path: String) { states.withLock { $0[path] = state } }
    func forgetState(at path: String) { states.withLock { $0[path] = nil } }

    private let stateWriter = StateWriter()

    /// Saves `state` on another thread (its records in the order of `files` when that is sorted and names them all);
    /// states saved meanwhile wait, and only the newest of them is written.
    func saveInBackground(_ state: BuildState, at path: String, of site: String, inOrderOf files: [String] = []) {
        stateWriter.save(StateWriter.Pending(state: state, path: path, site: site, order: files))
    }

    /// Returns once every state handed to `saveInBackground` is on disk.
    public func finishSaving() async { await stateWriter.finish() }
}

/// Writes build states one at a time on a task of its own, the newest last, skipping those a newer one replaced.
/// Escribe los estados de construcción de uno en uno en otra tarea, el más nuevo el último.
final class StateWriter: Sendable {
    /// A state waiting to be saved: where, the site folder it belongs to, and the sorted paths to write its records in.
    struct Pending: Sendable {
        let state: BuildState
        let path: String
        let site: String
        let order: [String]
    }

    private struct Queue {
        var next: Pending?
        var running: Task<Void, Never>?
    }

    private let queue = Mutex(Queue())

    func save(_ pending: Pending) {
        queue.withLock { queue in
            queue.next = pending
            guard queue.running == nil else { return }
            queue.running = Task.detached { [self] in
                // A site folder removed meanwhile is not made again for its state (it would hold nothing else).
                // Una carpeta de sitio borrada entretanto no se vuelve a crear para guardar su estado.
                while let next = takeNext() {
                    if Files.isDirectory(next.site) { try? next.state.save(next.path, inOrderOf: next.order) }
                }
            }
        }
    }

    /// The state to write next, or nil (and the writer idle) when there is none.
    private func takeNext() -> Pending? {
        queue.withLock { queue in
            guard let next = queue.next else {
                queue.running = nil
                return nil
            }
            queue.next = nil
            return next
        }
    }

    func finish() async {
        while let running = queue.withLock({ $0.running }) { await running.value }
    }
}
