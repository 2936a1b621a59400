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

    /// A fresh, empty staging folder. When the output holds an earlier build, the staging folder receives only the
    /// files whose content changed, and the commit moves them in; otherwise it receives the whole site and replaces the output.
    public func beginStaging(after last: LastBuild) throws -> StagingArea {
        try Files.remove(stagingDirectory)
        try Files.createDirectory(stagingDirectory)
        return StagingArea(directory: stagingDirectory, previous: last.files.isEmpty ? nil : outputDirectory, previousHashes: last.files)
    }

    /// What the output's manifest says of the build that wrote it, read once per build.
    /// Lo que dice el manifiesto de la salida sobre la construcción que la escribió, leído una vez.
    public struct LastBuild: Sendable {
        /// The manifest's fingerprint, to match a saved build state with; nil when the output holds no build.
        public let id: String?
        /// Each file it wrote with the fingerprint of its content.
        public let files: [String: String]
    }

    public func lastBuild() -> LastBuild {
        guard let bytes = try? Files.read("\(outputDirectory)/\(Self.manifestName)") else { return LastBuild(id: nil, files: [:]) }
        return LastBuild(id: Fingerprint.hex(bytes), files: Self.entries(bytes))
    }

    public func discard(_ staging: StagingArea) {
        try? Files.remove(staging.directory)
    }

    /// Records what was written and brings it into the output; returns the build id (the manifest's fingerprint).
    @discardableResult
    public func commit(_ staging: StagingArea, written: [String]) throws -> String {
        let manifest = Self.manifest(files: written.sorted(), hashes: staging.hashes)
        try Files.write(manifest, to: "\(staging.directory)/\(Self.manifestName)")
        if staging.previous != nil {
            try update(from: staging, written: Set(written))
        } else {
            try replace(with: staging, written: Set(written))
        }
        return Fingerprint.hex(manifest)
    }

    /// The manifest's lines: each file (sorted) with the fingerprint of its content.
    static func manifest(files: [String], hashes: [String: String]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(files.count * 64)
        for path in files {
            bytes.append(contentsOf: path.utf8)
            if let hash = hashes[path] {
                bytes.append(9)
                bytes.append(contentsOf: hash.utf8)
            }
            bytes.append(10)
        }
        return bytes
    }

    /// A quick edit: swaps a few changed files into the output in place and returns the new build id. The manifest
    /// first marks them as changing (a line with no fingerprint, which no build trusts), so a process stopped halfway
    /// leaves nothing a later build would keep by mistake; each file is renamed in atomically; the manifest is then
    /// written anew for `files` and `hashes`.
    func swapIn(_ changed: [(path: String, bytes: [UInt8])], files: [String], hashes: [String: String]) throws -> String {
        let manifestPath = "\(outputDirectory)/\(Self.manifestName)"
        try append(Array(changed.map { "\($0.path)\t\n" }.joined().utf8), to: manifestPath)
        let swap = "\(outputDirectory)/.vitrina-swap"
        for file in changed {
            try Files.writeFile(file.bytes, to: swap)
            try move(swap, to: "\(outputDirectory)/\(file.path)")
        }
        let manifest = Self.manifest(files: files, hashes: hashes)
        try Files.writeFile(manifest, to: swap)
        try move(swap, to: manifestPath)
        return Fingerprint.hex(manifest)
    }

    private func append(_ bytes: [UInt8], to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_APPEND)
        guard descriptor >= 0, bytes.withUnsafeBytes({ Foundation.write(descriptor, $0.baseAddress, $0.count) }) == bytes.count else {
            if descriptor >= 0 { close(descriptor) }
            throw VitrinaError(.write, "could not update \(path): \(String(cString: strerror(errno))); run `vitrina clean` and build again")
        }
        close(descriptor)
    }

    private func move(_ source: String, to target: String) throws {
        guard rename(source, target) == 0 else {
            throw VitrinaError(.write, "could not move \(source) to \(target): \(String(cString: strerror(errno))); run `vitrina clean` and build again")
        }
    }

    /// Moves the changed files (and the manifest) into the output one by one, each rename atomic, then removes
    /// the files the new build no longer has. Files Vitrina did not write are never touched.
    func update(from staging: StagingArea, written: Set<String>) throws {
        var folders = Set<String>()
        for path in staging.changed.sorted() + [Self.manifestName] {
            let folder = (path as NSString).deletingLastPathComponent
            if !folder.isEmpty, folders.insert(folder).inserted { try Files.createDirectory("\(outputDirectory)/\(folder)") }
            try move("\(staging.directory)/\(path)", to: "\(outputDirectory)/\(path)")
        }
        for path in staging.previousHashes.keys where !written.contains(path) {
            unlink("\(outputDirectory)/\(path)")
            var folder = (path as NSString).deletingLastPathComponent
            while !folder.isEmpty, rmdir("\(outputDirectory)/\(folder)") == 0 { folder = (folder as NSString).deletingLastPathComponent }
        }
        try? Files.remove(staging.directory)
    }

    /// Carries over files Vitrina did not write (a `CNAME`) and swaps the staging folder in for the output.
    func replace(with staging: StagingArea, written ours: Set<String>) throws {
        let foreign = foreignFiles().filter { !ours.contains($0) }
        for path in foreign {
            let target = "\(staging.directory)/\(path)"
            try Files.createDirectory((target as NSString).deletingLastPathComponent)
            try FileManager.default.copyItem(atPath: "\(outputDirectory)/\(path)", toPath: target)
        }
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
    public func ownFiles() -> [String] { lastBuild().files.keys.sorted() }

    /// The manifest's `path<TAB>hash` lines.
    static func entries(_ bytes: [UInt8]) -> [String: String] {
        var entries: [String: String] = [:]
        bytes.withUnsafeBufferPointer { buffer in
            var start = 0
            while start < buffer.count {
                let end = buffer.firstIndex(of: 10, from: start) ?? buffer.count
                if end > start {
                    let tab = buffer.firstIndex(of: 9, from: start).flatMap { $0 < end ? $0 : nil }
                    let path = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<(tab ?? end)]), as: UTF8.self)
                    entries[path] = tab.map { String(decoding: UnsafeBufferPointer(rebasing: buffer[($0 + 1)..<end]), as: UTF8.self) } ?? ""
                }
                start = end + 1
            }
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

/// The folder a build writes into before its files reach the output; refuses paths that would leave it.
/// La carpeta en la que escribe una construcción antes de llevar sus ficheros a la salida; rechaza rutas que saldrían de ella.
public struct StagingArea: Sendable {
    public let directory: String
    /// The output holding an earlier build, and what each of its files held: a file whose content is unchanged is
    /// not written again, so a rebuild touches only what changed.
    let previous: String?
    let previousHashes: [String: String]
    private let createdFolders = PathSet()
    private let written = HashBook()
    private let changedFiles = PathSet()

    public init(directory: String, previous: String? = nil, previousHashes: [String: String] = [:]) {
        self.directory = directory
        self.previous = previous
        self.previousHashes = previousHashes
    }

    /// Fingerprints of the files of this build, by path.
    var hashes: [String: String] { written.all }
    /// Files written into the staging folder because they are new or changed.
    var changed: Set<String> { changedFiles.all }

    public func write(_ bytes: [UInt8], to path: String) throws {
        guard Self.isSafe(path) else {
            throw VitrinaError(.write, "refused to write \(path): output paths must stay inside the output folder")
        }
        let hash = Self.hash(bytes)
        written.record(hash, for: path)
        if let previous, previousHashes[path] == hash, Self.size(of: "\(previous)/\(path)") == bytes.count { return }
        let folder = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(path[..<$0]) } ?? ""
        if !folder.isEmpty, createdFolders.insert(folder) {
            try Files.createDirectory("\(directory)/\(folder)")
        }
        _ = changedFiles.insert(path)
        try Files.writeFile(bytes, to: "\(directory)/\(path)")
    }

    /// A file the earlier build wrote and this one keeps as it is, unrendered: its size, or nil when there is none to keep.
    func keep(_ path: String) -> Int? {
        guard let previous, let hash = previousHashes[path], let size = Self.size(inHash: hash),
              Self.size(of: "\(previous)/\(path)") == size else { return nil }
        written.record(hash, for: path)
        return size
    }

    /// What the manifest records of a file's content: its fingerprint and its size.
    static func hash(_ bytes: [UInt8]) -> String { Fingerprint.hex(bytes) + "-" + String(bytes.count) }

    static func size(inHash hash: String) -> Int? { hash.split(separator: "-").last.flatMap { Int($0) } }

    static func size(of path: String) -> Int? {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : nil
    }

    static func isSafe(_ path: String) -> Bool {
        !path.isEmpty && !path.hasPrefix("/") && !path.contains("\0")
            && !path.split(separator: "/", omittingEmptySubsequences: false).contains { $0 == ".." || $0 == "." || $0.isEmpty }
    }
}

/// A set of paths shared by render tasks: folders already created, files changed.
/// Un conjunto de rutas compartido por las tareas: carpetas ya creadas, ficheros cambiados.
final class PathSet: Sendable {
    private let folders = Mutex<Set<String>>([])

    func insert(_ folder: String) -> Bool { folders.withLock { $0.insert(folder).inserted } }
    var all: Set<String> { folders.withLock { $0 } }
}

/// Content fingerprints recorded while a build writes, by path.
/// Huellas del contenido anotadas mientras se escribe, por ruta.
final class HashBook: Sendable {
    private let entries = Mutex<[String: String]>([:])

    func record(_ hash: String, for path: String) { entries.withLock { $0[path] = hash } }
    var all: [String: String] { entries.withLock { $0 } }
}
