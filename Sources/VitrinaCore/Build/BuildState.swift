import Foundation
import Synchronization

/// What the last build made each page from, and the links and ids it found in it: the record incremental builds compare with.
/// De qué hizo la última construcción cada página, con sus enlaces e ids: el registro con el que comparan las reconstrucciones.
public struct BuildState: Sendable {
    /// One page's record: the digest of all its inputs, their keys, and what its HTML links to and names.
    public struct Record: Sendable, Equatable {
        public let digest: String
        public let inputs: [String]
        public let links: [String]
        public let ids: [String]
    }

    static let header = "vitrina-state 1"
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

    /// Tab-separated lines; the lists inside a line are separated by U+001F.
    func encoded() -> [UInt8] {
        var text = "\(Self.header) \(buildID)\n"
        for (file, record) in records.sorted(by: { $0.key < $1.key }) {
            text += [file, record.digest, record.inputs.joined(separator: "\u{1F}"), record.links.joined(separator: "\u{1F}"),
                     record.ids.joined(separator: "\u{1F}")].joined(separator: "\t") + "\n"
        }
        return Array(text.utf8)
    }

    static func decode(_ bytes: [UInt8]) -> BuildState? {
        let text = String(decoding: bytes, as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true)[...]
        guard let first = lines.popFirst(), first.hasPrefix(header + " ") else { return nil }
        var state = BuildState(buildID: String(first.dropFirst(header.count + 1)))
        state.records.reserveCapacity(lines.count)
        let list = { (field: Substring) -> [String] in field.isEmpty ? [] : field.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init) }
        for line in lines {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 5 else { return nil }
            state.records[String(fields[0])] = Record(digest: String(fields[1]), inputs: list(fields[2]), links: list(fields[3]), ids: list(fields[4]))
        }
        return state
    }

    static func load(_ path: String) -> BuildState? {
        guard let bytes = try? Files.read(path) else { return nil }
        return decode(bytes)
    }

    func save(_ path: String) throws { try Files.write(encoded(), to: path) }
}

/// The last state of each output folder, kept in memory by a long-running process (`vitrina serve`).
/// El último estado de cada carpeta de salida, guardado en memoria por un proceso largo (`vitrina serve`).
public final class BuildMemo: Sendable {
    public let documents = DocumentMemo()
    private let states = Mutex<[String: BuildState]>([:])

    public init() {}

    func state(_ path: String) -> BuildState? { states.withLock { $0[path] } }
    func remember(_ state: BuildState, at path: String) { states.withLock { $0[path] = state } }
}
