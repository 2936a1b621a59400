import Foundation
import Synchronization

/// Writes a build into a staging folder and swaps it in only when the build succeeds.
/// Escribe la construcción en una carpeta temporal y la cambia por la salida solo si todo fue bien.
public struct OutputWriter: Sendable {
    public let outputDirectory: String
    static let manifestName = ".vitrina-manifest"

    public init(outputDirectory: String) {
        self.outputDirectory = outputDirectory.hasSuffix("/") ? String(outputDirectory.dropLast()) : outputDirectory
    }

    var stagingDirectory: String {
        let parent = (outputDirectory as NSString).deletingLastPathComponent
        let name = (outputDirectory as NSString).lastPathComponent
        return Files.join(parent.isEmpty ? "." : parent, ".\(name).staging")
    }

    /// A fresh, empty staging folder that knows what the last build wrote, to reuse unchanged files.
    public func beginStaging() throws -> StagingArea {
        try Files.remove(stagingDirectory)
        try Files.createDirectory(stagingDirectory)
        return StagingArea(directory: stagingDirectory, previous: outputDirectory, previousHashes: manifest())
    }

    public func discard(_ staging: StagingArea) {
        try? Files.remove(staging.directory)
    }

    /// Carries over files Vitrina did not write (a `CNAME`), records what it wrote, and swaps folders.
    public func commit(_ staging: StagingArea, written: [String]) throws {
        let ours = Set(written)
        let foreign = foreignFiles().filter { !ours.contains($0) }
        for path in foreign {
            let target = "\(staging.directory)/\(path)"
            try Files.createDirectory((target as NSString).deletingLastPathComponent)
            try FileManager.default.copyItem(atPath: "\(outputDirectory)/\(path)", toPath: target)
        }
        let hashes = staging.hashes
        let lines = written.sorted().map { path in hashes[path].map { "\(path)\t\($0)" } ?? path }
        try Files.write(Array((lines.joined(separator: "\n") + "\n").utf8), to: "\(staging.directory)/\(Self.manifestName)")
        let previous = stagingDirectory + ".old"
        try Files.remove(previous)
        if Files.exists(outputDirectory) { try FileManager.default.moveItem(atPath: outputDirectory, toPath: previous) }
        do {
            try FileManager.default.moveItem(atPath: staging.directory, toPath: outputDirectory)
        } catch {
            if Files.exists(previous) { try? FileManager.default.moveItem(atPath: previous, toPath: outputDirectory) }
            throw VitrinaError(.write, "could not move the new site into \(outputDirectory) (\(error.localizedDescription)); the previous output is unchanged")
        }
        try? Files.remove(previous)
    }

    /// Files in the output folder that no earlier build recorded as its own.
    public func foreignFiles() -> [String] {
        guard Files.isDirectory(outputDirectory) else { return [] }
        let ours = Set(ownFiles())
        return Files.list(outputDirectory).filter { $0 != Self.manifestName && !ours.contains($0) }
    }

    /// What the last build wrote, from its manifest.
    public func ownFiles() -> [String] { manifest().keys.sorted() }

    /// The last build's files with the fingerprint of their content (`path<TAB>hash` lines).
    func manifest() -> [String: String] {
        guard let text = try? Files.readText("\(outputDirectory)/\(Self.manifestName)") else { return [:] }
        var entries: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 1).map(String.init)
            entries[parts[0]] = parts.count > 1 ? parts[1] : ""
        }
        return entries
    }

    /// `vitrina clean`: removes what Vitrina wrote and keeps everything else.
    public func clean() throws {
        guard Files.isDirectory(outputDirectory) else { return }
        let foreign = foreignFiles()
        if foreign.isEmpty { return try Files.remove(outputDirectory) }
        for path in ownFiles() { try Files.remove("\(outputDirectory)/\(path)") }
        try Files.remove("\(outputDirectory)/\(Self.manifestName)")
    }
}

/// The folder a build writes into before it is swapped in; refuses paths that would leave it.
/// La carpeta en la que escribe una construcción; rechaza rutas que saldrían de ella.
public struct StagingArea: Sendable {
    public let directory: String
    /// The current output and what each of its files held: a file whose content is unchanged is hard-linked
    /// from there instead of written again, so a rebuild touches only what changed.
    let previous: String?
    let previousHashes: [String: String]
    private let createdFolders = FolderSet()
    private let written = HashBook()

    public init(directory: String, previous: String? = nil, previousHashes: [String: String] = [:]) {
        self.directory = directory
        self.previous = previous
        self.previousHashes = previousHashes
    }

    /// Fingerprints of the files written in this staging area, by path.
    var hashes: [String: String] { written.all }

    public func write(_ bytes: [UInt8], to path: String) throws {
        guard Self.isSafe(path) else {
            throw VitrinaError(.write, "refused to write \(path): output paths must stay inside the output folder")
        }
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty, createdFolders.insert(folder) {
            try Files.createDirectory("\(directory)/\(folder)")
        }
        let hash = Fingerprint.hex(bytes) + "-" + String(bytes.count)
        written.record(hash, for: path)
        if let previous, previousHashes[path] == hash, Self.size(of: "\(previous)/\(path)") == bytes.count,
           link("\(previous)/\(path)", "\(directory)/\(path)") == 0 {
            return
        }
        try Files.writeFile(bytes, to: "\(directory)/\(path)")
    }

    static func size(of path: String) -> Int? {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : nil
    }

    static func isSafe(_ path: String) -> Bool {
        !path.isEmpty && !path.hasPrefix("/") && !path.contains("\0")
            && !path.split(separator: "/", omittingEmptySubsequences: false).contains { $0 == ".." || $0 == "." || $0.isEmpty }
    }
}

/// Folders already created in a staging area, so each is made once.
/// Carpetas ya creadas en la zona temporal, para crear cada una una sola vez.
final class FolderSet: Sendable {
    private let folders = Mutex<Set<String>>([])

    func insert(_ folder: String) -> Bool { folders.withLock { $0.insert(folder).inserted } }
}

/// Content fingerprints recorded while a build writes, by path.
/// Huellas del contenido anotadas mientras se escribe, por ruta.
final class HashBook: Sendable {
    private let entries = Mutex<[String: String]>([:])

    func record(_ hash: String, for path: String) { entries.withLock { $0[path] = hash } }
    var all: [String: String] { entries.withLock { $0 } }
}
