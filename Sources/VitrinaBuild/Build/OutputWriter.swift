import Foundation
import Synchronization
import VitrinaKit

/// Writes a build into a staging folder and brings it into the output only when the build succeeds. It touches only
/// what its manifest says it wrote: files it did not write keep their bytes, modes, times and links.
/// Escribe la construcción en una carpeta temporal y la lleva a la salida solo si todo fue bien; solo toca lo que
/// su manifiesto dice que escribió.
public struct OutputWriter: Sendable {
    public let outputDirectory: String
    /// Write into a non-empty folder that no Vitrina build wrote (`--force`).
    public let force: Bool
    public static let manifestName = ".vitrina-manifest"

    public init(outputDirectory: String, force: Bool = false) {
        self.outputDirectory = outputDirectory.hasSuffix("/") ? String(outputDirectory.dropLast()) : outputDirectory
        self.force = force
    }

    var stagingDirectory: String {
        let parent = (outputDirectory as NSString).deletingLastPathComponent
        let name = (outputDirectory as NSString).lastPathComponent
        return Files.join(parent.isEmpty ? "." : parent, ".\(name).staging")
    }

    /// A fresh, empty staging folder. When the output holds an earlier build, the staging folder receives only the
    /// files whose content changed, and the commit moves them in; otherwise it receives the whole site. With
    /// `leavingOthers` (a quick edit), every file of the last build stays unless it is written again. `expectedFiles`
    /// sizes the staging area's table of fingerprints.
    public func beginStaging(after last: LastBuild, leavingOthers: Bool = false, removing: [String] = [],
                             expectedFiles: Int = 0) throws -> StagingArea {
        try Files.remove(stagingDirectory)
        try Files.createDirectory(stagingDirectory)
        var staging = StagingArea(directory: stagingDirectory, previous: last.files.isEmpty ? nil : outputDirectory, previousHashes: last.files,
                                  leavingOthers: leavingOthers, expectedFiles: expectedFiles)
        staging.removing = removing
        staging.previousID = last.id
        return staging
    }

    /// What the output's manifest says of the build that wrote it, read once per build.
    /// Lo que dice el manifiesto de la salida sobre la construcción que la escribió, leído una vez.
    public struct LastBuild: Sendable {
        /// The manifest's fingerprint, to match a saved build state with; nil when the output holds no build.
        public let id: String?
        /// Each file it wrote with the fingerprint of its content; only plain relative paths are trusted.
        public let files: [String: String]
        /// Lines of the manifest that name no plain path inside the output (`../x`, `/etc/x`): never acted upon.
        public var refused: [String] = []
        /// The trusted paths in the manifest's order (sorted, as builds write it).
        var order: [String] = []

        /// Every file, sorted: the manifest's order when it is sorted and names each once, else the paths sorted.
        var sortedFiles: [String] {
            order.count == files.count && zip(order, order.dropFirst()).allSatisfy({ $0 < $1 }) ? order : files.keys.sorted()
        }
    }

    public func lastBuild() -> LastBuild {
        guard SafePath.kind(manifestPath) == .file, let bytes = try? Files.read(manifestPath) else { return LastBuild(id: nil, files: [:]) }
        let (files, refused, order) = Self.entries(bytes)
        return LastBuild(id: Fingerprint.hex(bytes), files: files, refused: refused, order: order)
    }

    package var manifestPath: String { "\(outputDirectory)/\(Self.manifestName)" }

    /// What to tell of each manifest line that was not trusted.
    public func refusalNotes(_ last: LastBuild) -> [String] {
        last.refused.map {
            "\(manifestPath): ignored the line \(String(reflecting: $0)), which names no file inside the output (a damaged or altered "
                + "manifest); nothing was deleted for it"
        }
    }

    public func discard(_ staging: StagingArea) {
        try? Files.remove(staging.directory)
    }

    /// Records what was written and brings it into the output; returns the build id (the manifest's fingerprint) and
    /// what was left alone. A first build into a folder holding files of someone else's stops here unless `force`.
    @discardableResult
    public func commit(_ staging: StagingArea, written: [String]) throws -> (id: String, notes: [String]) {
        let written = written.sorted()
        if staging.previous == nil {
            let id = try writeManifest(into: staging, files: written)
            if try swapIntoEmptyOutput(staging) { return (id, []) }
            if SafePath.kind(manifestPath) != .file, !Files.isEmptyFolder(outputDirectory) { try refuseForeignFolder(written: written) }
        }
        return try update(from: staging, written: written)
    }

    /// Writes the manifest of `files` into the staging folder; returns its fingerprint, the build id.
    private func writeManifest(into staging: StagingArea, files: [String]) throws -> String {
        let manifest = Self.manifest(files: files, recorded: staging.recorded, kept: staging.previousHashes)
        try Files.write(manifest, to: "\(staging.directory)/\(Self.manifestName)")
        return Fingerprint.hex(manifest)
    }

    /// The manifest's lines: each file (sorted) with the fingerprint of its content, as this build recorded it or, for
    /// a file it kept without recording, as the last build did.
    static func manifest(files: [String], recorded: [String: String], kept: [String: String] = [:]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(files.count * 64)
        for path in files { line(path, recorded[path] ?? kept[path], into: &bytes) }
        return bytes
    }

    /// One manifest line: a path, a tab and its fingerprint (none when unknown: a line no build trusts), a newline.
    private static func line(_ path: String, _ hash: String?, into bytes: inout [UInt8]) {
        bytes.append(contentsOf: path.utf8)
        if let hash {
            bytes.append(9)
            bytes.append(contentsOf: hash.utf8)
        }
        bytes.append(10)
    }

    /// What an appended line says in place of a fingerprint for a file the build removed.
    static let removedMark = "-"

    /// An edit's lines added at the manifest's end — each changed file with its fingerprint, each removed one marked —
    /// instead of the whole manifest made and written again (at 100,000 files, most of an edit's writing, 7 MB); the
    /// last line of a path is the one that counts. Nil when the manifest already weighs twice what a whole one would
    /// (it is then written whole, its appended lines gone). Returns the build id, the fingerprint of the whole manifest:
    /// the last build's carried on over what was appended since (`marks`, then the edit's lines), not the 7 MB read back.
    /// Las líneas de una edición añadidas al final del manifiesto, en vez de escribirlo entero de nuevo.
    private func appendedManifest(_ staging: StagingArea, written: [String], after marks: [UInt8]) throws -> String? {
        guard SafePath.kind(manifestPath) == .file, let size = StagingArea.size(of: manifestPath),
              size < 2 * written.reduce(0, { $0 + $1.utf8.count + 26 }) else { return nil }
        var lines: [UInt8] = []
        for path in staging.removing.sorted() where staging.previousHashes[path] != nil { Self.line(path, Self.removedMark, into: &lines) }
        for path in staging.changed.sorted() { Self.line(path, staging.recorded[path] ?? staging.previousHashes[path], into: &lines) }
        try append(lines, to: manifestPath)
        guard let last = staging.previousID, var id = FingerprintStream(continuing: last) else { return Fingerprint.hex(try Files.read(manifestPath)) }
        for byte in marks + lines { id.add(byte: byte) }
        return id.hex
    }

    private func append(_ bytes: [UInt8], to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_NOFOLLOW)
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

    /// Refuses a path whose folders leave the output through a symbolic link (or that is no plain relative path).
    private func checkInside(_ path: String) throws {
        guard SafePath.parentsStayInside(root: outputDirectory, relative: path) else {
            throw VitrinaError(.write, "refused to write \(outputDirectory)/\(path): a folder on its way is a symbolic link or not a folder, "
                + "and Vitrina writes only into real folders inside the output; remove that link or choose another --output")
        }
    }

    /// A missing output, or an empty real folder, is replaced by the staging folder in one rename.
    private func swapIntoEmptyOutput(_ staging: StagingArea) throws -> Bool {
        switch SafePath.kind(outputDirectory) {
        case .missing: break
        case .folder: guard rmdir(outputDirectory) == 0 else { return false }
        default: return false
        }
        guard rename(staging.directory, outputDirectory) == 0 else {
            throw VitrinaError(.write, "could not move the new site into \(outputDirectory) (\(String(cString: strerror(errno)))); nothing was changed there")
        }
        return true
    }

    /// A first build into a folder that holds someone's files: stop, saying what would be replaced, unless `--force`.
    private func refuseForeignFolder(written: [String]) throws {
        guard !force else { return }
        let replaced = written.filter { SafePath.kind("\(outputDirectory)/\($0)") != .missing }.sorted()
        let shown = replaced.prefix(8).joined(separator: ", ") + (replaced.count > 8 ? ", …" : "")
        throw VitrinaError(.write, "\(outputDirectory) is not empty and holds no \(Self.manifestName), so no Vitrina build wrote it. "
            + (replaced.isEmpty ? "The build would add \(written.count) files beside its own; "
                : "The build would replace \(replaced.count) of its files (\(shown)) and add \(written.count - replaced.count); ")
            + "build into an empty folder with --output DIR, or pass --force to write there (files Vitrina does not write are left as they are)")
    }

    /// Moves the changed files into the output one by one, each rename atomic, then the manifest, then removes the files
    /// the new build no longer has. The old manifest first marks the changed files as changing (a line with no
    /// fingerprint, which no build trusts), so a process stopped halfway leaves nothing a later build would keep by
    /// mistake; the new manifest is made once the files are in place, or an edit's lines appended to it.
    /// Only real folders inside the output are entered; what is not a regular file is left alone with a note.
    func update(from staging: StagingArea, written: [String]) throws -> (id: String, notes: [String]) {
        var folders = Set<String>()
        var notes: [String] = []
        let changed = staging.changed.sorted()
        var marks: [UInt8] = []
        if !changed.isEmpty, SafePath.kind(manifestPath) == .file {
            for path in changed { Self.line(path, "", into: &marks) }
            try append(marks, to: manifestPath)
        }
        for path in changed {
            try checkInside(path)
            let folder = (path as NSString).deletingLastPathComponent
            if !folder.isEmpty, folders.insert(folder).inserted { try Files.createDirectory("\(outputDirectory)/\(folder)") }
            if let note = try moveIn(path, from: staging) { notes.append(note) }
        }
        let id: String
        if staging.leavingOthers, let appended = try appendedManifest(staging, written: written, after: marks) {
            id = appended
        } else {
            id = try writeManifest(into: staging, files: written)
            if let note = try moveIn(Self.manifestName, from: staging) { notes.append(note) }
        }
        for path in staging.leavingOthers ? staging.removing : Self.gone(from: staging.previousHashes, written: written) {
            if let note = removeOwnFile(path, recordedHash: staging.previousHashes[path]) { notes.append(note) }
        }
        try? Files.remove(staging.directory)
        return (id, notes)
    }

    /// Moves one staged file over its place in the output; a folder in the way stops the build, anything else that is
    /// not a regular file or link is left alone with a note.
    private func moveIn(_ path: String, from staging: StagingArea) throws -> String? {
        let target = "\(outputDirectory)/\(path)"
        switch SafePath.kind(target) {
        case .folder:
            throw VitrinaError(.write, "cannot write \(target): a folder of that name is in the way; move it, or choose another --output")
        case .special:
            return "\(target) is not a regular file, folder or link (a FIFO, socket or device); left alone, so the build's version is not there"
        default:
            try move("\(staging.directory)/\(path)", to: target)
            return nil
        }
    }

    /// The last build's files this one did not write, sorted. When it wrote as many, in strictly increasing order (so
    /// none twice) and each one of the last build's, there are none: one lookup each instead of a set of every path,
    /// half the time at 100,000 paths (a quick edit, which keeps every file, does not ask).
    /// Los ficheros de la última construcción que esta no escribió, ordenados.
    static func gone(from previous: [String: String], written: [String]) -> [String] {
        if written.count == previous.count, zip(written, written.dropFirst()).allSatisfy({ $0 < $1 }),
           written.allSatisfy({ previous[$0] != nil }) {
            return []
        }
        let kept = Set(written)
        return previous.keys.filter { !kept.contains($0) }.sorted()
    }

    /// Removes a file an earlier build wrote, and the folders it leaves empty; anything that is not that file (a link,
    /// a FIFO, a file of another size, a path through a link) is left alone and described.
    private func removeOwnFile(_ path: String, recordedHash: String?) -> String? {
        let target = "\(outputDirectory)/\(path)"
        guard SafePath.parentsStayInside(root: outputDirectory, relative: path) else { return "\(target): a folder on its way is a link; left alone" }
        switch SafePath.kind(target) {
        case .missing: return nil
        case .file: break
        default: return "\(target) is no longer a regular file; left alone"
        }
        if let recorded = recordedHash.flatMap(StagingArea.size(inHash:)), StagingArea.size(of: target) != recorded {
            return "\(target) was changed after Vitrina wrote it; left alone"
        }
        unlink(target)
        var folder = (path as NSString).deletingLastPathComponent
        while !folder.isEmpty, rmdir("\(outputDirectory)/\(folder)") == 0 { folder = (folder as NSString).deletingLastPathComponent }
        return nil
    }

    /// What the last build wrote, from its manifest.
    public func ownFiles() -> [String] { lastBuild().files.keys.sorted() }

    /// The manifest's `path<TAB>hash` lines (the last of a path counts; a removed mark takes it out), the lines refused
    /// because they name no plain path inside the output, and the trusted paths in order: sorted, when the lines are a
    /// sorted manifest and the lines edits appended after it.
    static func entries(_ bytes: [UInt8]) -> (files: [String: String], refused: [String], order: [String]) {
        var entries: [String: String] = [:]
        var refused: [String] = []
        var order: [String] = []
        var appended: [String] = []
        bytes.withUnsafeBufferPointer { buffer in
            var start = 0
            while start < buffer.count {
                let end = buffer.firstIndex(of: 10, from: start) ?? buffer.count
                if end > start {
                    let tab = buffer.firstIndex(of: 9, from: start, before: end)
                    let path = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<(tab ?? end)]), as: UTF8.self)
                    if SafePath.isPlainRelative(path), path != manifestName {
                        let hash = tab.map { String(decoding: UnsafeBufferPointer(rebasing: buffer[($0 + 1)..<end]), as: UTF8.self) } ?? ""
                        if appended.isEmpty, hash != removedMark, order.last.map({ $0 < path }) ?? true { order.append(path) } else { appended.append(path) }
                        entries[path] = hash == removedMark ? nil : hash
                    } else {
                        refused.append(path)
                    }
                }
                start = end + 1
            }
        }
        return (entries, refused, appended.isEmpty ? order : merged(order, appended: appended, files: entries))
    }

    /// The sorted paths once the appended lines are read: each removed one taken out and each new one put in its place.
    /// Las rutas ordenadas tras las líneas añadidas: las quitadas fuera y las nuevas en su sitio.
    static func merged(_ order: [String], appended: [String], files: [String: String]) -> [String] {
        order.merging(removing: appended.filter { files[$0] == nil }, adding: appended.filter { files[$0] != nil })
    }

    /// `vitrina clean`: removes the files the manifest lists (each still a regular file inside the output), the
    /// folders they leave empty and the manifest; everything else stays. Returns what was left alone.
    @discardableResult
    public func clean() throws -> [String] {
        guard SafePath.kind(manifestPath) == .file else { return [] }
        let last = lastBuild()
        var notes = refusalNotes(last)
        for path in last.files.keys.sorted() {
            if let note = removeOwnFile(path, recordedHash: last.files[path]) { notes.append(note) }
        }
        unlink(manifestPath)
        rmdir(outputDirectory)
        return notes
    }
}
