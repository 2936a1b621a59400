import Foundation
import Synchronization

/// The folder a build writes into before its files reach the output; refuses paths that would leave it.
/// La carpeta en la que escribe una construcción antes de llevar sus ficheros a la salida; rechaza rutas que saldrían de ella.
public struct StagingArea: Sendable {
    public let directory: String
    /// The output holding an earlier build, and what each of its files held: a file whose content is unchanged is
    /// not written again, so a rebuild touches only what changed.
    let previous: String?
    let previousHashes: [String: String]
    /// Every file of the last build stays unless written again (a quick edit): nothing is removed.
    let keepingAll: Bool
    private let createdFolders = PathSet()
    private let written = HashBook()
    private let changedFiles = PathSet()

    public init(directory: String, previous: String? = nil, previousHashes: [String: String] = [:], keepingAll: Bool = false) {
        self.directory = directory
        self.previous = previous
        self.previousHashes = previousHashes
        self.keepingAll = keepingAll
    }

    /// Fingerprints of the files this build drew, assembled or copied, by path (whether or not their content changed);
    /// a file kept without being drawn has the last build's, so that at 100,000 files an edit's rebuild fills no
    /// shared table with every file it keeps.
    /// Las huellas de lo que esta construcción dibujó o copió; un fichero conservado tiene la de la anterior.
    var recorded: [String: String] { written.all }

    /// The fingerprint of each of `files`: this build's, or the last build's for a file it kept.
    func hashes(of files: [String]) -> [String: String] {
        var hashes = recorded
        hashes.reserveCapacity(files.count)
        for file in files where hashes[file] == nil { hashes[file] = previousHashes[file] }
        return hashes
    }

    /// Files written into the staging folder because they are new or changed.
    var changed: Set<String> { changedFiles.all }

    /// A drawn page or an assembled file, fingerprinted with `contentHash` (the manifest's only reader of it).
    public func write(_ bytes: [UInt8], to path: String) throws {
        try write(hash: Self.contentHash(bytes), size: bytes.count, to: path) { bytes }
    }

    /// A file whose fingerprint (`hash(_:)`) and size are known: its bytes are asked for only when it must be written.
    func write(hash: String, size: Int, to path: String, bytes: () throws -> [UInt8]) throws {
        guard let target = try place(path, hash: hash, size: size) else { return }
        try Files.writeFile(try bytes(), to: target)
    }

    /// A file from beside the Markdown, copied only when its stamp (size, times, inode) differs from the one the last
    /// build recorded; one of a megabyte or more is hard-linked when the output is on the same disk.
    public func copy(_ file: ContentFile, from source: String, to path: String) throws {
        let hash = Fingerprint.hex("copy " + file.stamp.token) + "-" + String(file.size)
        guard let target = try place(path, hash: hash, size: file.size) else { return }
        if file.size >= Self.linkSize, SafePath.kind(source) == .file, link(source, target) == 0 { return }
        try Files.copy(source, to: target)
    }

    /// Records `hash` for `path`; when the last build's file is the same, nil (nothing to write), else the staging path
    /// to write, its folder created.
    private func place(_ path: String, hash: String, size: Int) throws -> String? {
        guard SafePath.isPlainRelative(path) else {
            throw VitrinaError(.write, "refused to write \(path): output paths must stay inside the output folder")
        }
        written.record(hash, for: path)
        if let previous, previousHashes[path] == hash, Self.size(of: "\(previous)/\(path)") == size { return nil }
        try createFolder(Self.folder(of: path))
        changedFiles.insert(path)
        return "\(directory)/\(path)"
    }

    /// Creates `folder` and the folders above it that this build has not created yet, each with one `mkdir`: a fresh
    /// output is mostly folders (one per page), and asking the disk again for one it made costs as much as making it.
    /// A folder is noted once it exists, so a task writing beside another's never finds it missing (two tasks may both
    /// ask for it; `mkdir` lets the second know it is there).
    private func createFolder(_ folder: String) throws {
        guard !folder.isEmpty, !createdFolders.contains(folder) else { return }
        try createFolder(Self.folder(of: folder))
        try Files.createDirectory("\(directory)/\(folder)")
        createdFolders.insert(folder)
    }

    static func folder(of path: String) -> String {
        path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(path[..<$0]) } ?? ""
    }

    /// From this size on, a file is hard-linked rather than copied.
    static let linkSize = 1 << 20

    /// A file the earlier build wrote and this one keeps as it is, unrendered: its size, or nil when there is none to keep.
    /// Its fingerprint stays the last build's (`previousHashes`), and is not recorded again.
    func keep(_ path: String) -> Int? {
        guard let previous, let hash = previousHashes[path], let size = Self.size(inHash: hash),
              Self.size(of: "\(previous)/\(path)") == size else { return nil }
        return size
    }

    /// What the manifest records of a file's content: its fingerprint and its size. Pictures and media are recorded
    /// so, as their names carry it.
    static func hash(_ bytes: [UInt8]) -> String { Fingerprint.hex(bytes) + "-" + String(bytes.count) }

    /// The same for a page or another file whose fingerprint only the manifest holds: `Fingerprint.content`, eight
    /// bytes at a time (FNV-1a's byte at a time was 2 % of a tldr-en build's samples).
    /// Lo mismo para una página: la huella de ocho en ocho bytes, que solo lee el manifiesto.
    static func contentHash(_ bytes: [UInt8]) -> String { Fingerprint.content(bytes) + "-" + String(bytes.count) }

    /// The size a manifest fingerprint ends with (`hex-size`); nil for one without a dash and digits after it. Read
    /// for every kept file, so without splitting the text into an array.
    static func size(inHash hash: String) -> Int? {
        guard let dash = hash.utf8.lastIndex(of: UInt8(ascii: "-")) else { return nil }
        return Int(hash[hash.utf8.index(after: dash)...])
    }

    /// The size a manifest fingerprint ends with, or 0 when there is none (no file, another shape).
    static func recordedSize(_ hash: String?) -> Int { hash.flatMap { size(inHash: $0) } ?? 0 }

    static func size(of path: String) -> Int? {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : nil
    }
}

/// A set of paths shared by render tasks: folders already created, files changed.
/// Un conjunto de rutas compartido por las tareas: carpetas ya creadas, ficheros cambiados.
final class PathSet: Sendable {
    private let paths = Mutex<Set<String>>([])

    func insert(_ path: String) { paths.withLock { _ = $0.insert(path) } }
    func contains(_ path: String) -> Bool { paths.withLock { $0.contains(path) } }
    var all: Set<String> { paths.withLock { $0 } }
}

/// Content fingerprints recorded while a build writes, by path.
/// Huellas del contenido anotadas mientras se escribe, por ruta.
final class HashBook: Sendable {
    private let entries = Mutex<[String: String]>([:])

    func record(_ hash: String, for path: String) { entries.withLock { $0[path] = hash } }
    var all: [String: String] { entries.withLock { $0 } }
}
