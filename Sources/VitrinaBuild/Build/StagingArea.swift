import Foundation
import Synchronization
import VitrinaKit

/// The folder a build writes into before its files reach the output; refuses paths that would leave it.
/// La carpeta en la que escribe una construcción antes de llevar sus ficheros a la salida; rechaza rutas que saldrían de ella.
public struct StagingArea: Sendable {
    public let directory: String
    /// The output holding an earlier build, and what each of its files held: a file whose content is unchanged is
    /// not written again, so a rebuild touches only what changed.
    let previous: String?
    let previousHashes: [String: String]
    /// Every file of the last build stays unless written again (a quick edit): nothing is removed but `removing`.
    let leavingOthers: Bool
    /// The last build's files a quick edit replaces under other names (the search index's fingerprinted files).
    var removing: [String] = []
    /// The last build's id (its manifest's fingerprint), which an edit's appended manifest carries on from.
    var previousID: String?
    private let createdFolders = PathSet()
    private let folderTurns = FolderTurns()
    private let written: HashBook
    private let changedFiles = PathSet()

    /// `expectedFiles`, the files the build means to write, sizes the table of fingerprints once: grown from empty at
    /// 100,000 files, it was copied again and again while eight writers waited for its lock.
    /// Reserva de una vez la tabla de huellas: al crecer desde vacía se copiaba una y otra vez mientras los escritores esperaban.
    public init(directory: String, previous: String? = nil, previousHashes: [String: String] = [:], leavingOthers: Bool = false,
                expectedFiles: Int = 0) {
        self.directory = directory
        self.previous = previous
        self.previousHashes = previousHashes
        self.leavingOthers = leavingOthers
        written = HashBook(capacity: expectedFiles)
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

    /// Files written into the staging folder because they are new or changed: with no earlier build, every file
    /// recorded (not noted one by one in a second shared table).
    /// Los ficheros nuevos o cambiados: sin construcción anterior, todos los anotados.
    var changed: Set<String> { previous == nil ? Set(written.all.keys) : changedFiles.all }

    /// A drawn page or an assembled file, fingerprinted with `contentHash` (the manifest's only reader of it).
    public func write(_ bytes: [UInt8], to path: String) throws {
        try write(hash: Self.contentHash(bytes), size: bytes.count, to: path) { bytes }
    }

    /// A file whose fingerprint (`hash(_:)`) and size are known: its bytes are asked for only when it must be written.
    func write(hash: String, size: Int, to path: String, bytes: () throws -> [UInt8]) throws {
        var ledger = Ledger()
        defer { note(ledger) }
        guard let target = try place(path, hash: hash, size: size, into: &ledger) else { return }
        try Files.writeFile(try bytes(), to: target)
    }

    /// Drawn pages written one after another by one writer thread: the tables shared with the other writers are
    /// touched once for them all, and a folder one of them made is not asked of the disk again for the next.
    /// Páginas escritas seguidas por un hilo: las tablas compartidas se tocan una vez por tanda.
    func write(_ files: [DrawnPage]) throws {
        var ledger = Ledger()
        defer { note(ledger) }
        let targets = try files.map { try target($0.path, hash: Self.contentHash($0.bytes), size: $0.bytes.count, into: &ledger) }
        // A batch is pages of one section: their folders are made in that section's turn, their files after it.
        // Una tanda son páginas de una sección: sus carpetas se crean en el turno de la sección, sus ficheros después.
        // Their folders are not noted in the table every writer shares: no other file is written into a page's folder
        // (one that is, asked for on its own, finds it on the disk).
        // Sus carpetas no se anotan en la tabla compartida: ningún otro fichero va a la carpeta de una página.
        let section = Self.folder(of: Self.folder(of: files.first?.path ?? ""))
        var made = Set<String>()
        try folderTurns.inTurn(for: section) {
            for (file, target) in zip(files, targets) where target != nil {
                try createFolder(Self.folder(of: file.path), noting: &made, askingDiskFirst: true)
            }
        }
        for (file, target) in zip(files, targets) {
            if let target { try Files.writeFile(file.bytes, to: target) }
        }
    }

    /// A file from beside the Markdown, copied only when its stamp (size, times, inode) differs from the one the last
    /// build recorded; one of a megabyte or more is hard-linked when the output is on the same disk.
    public func copy(_ file: ContentFile, from source: String, to path: String) throws {
        let hash = Fingerprint.hex("copy " + file.stamp.token) + "-" + String(file.size)
        var ledger = Ledger()
        defer { note(ledger) }
        guard let target = try place(path, hash: hash, size: file.size, into: &ledger) else { return }
        if file.size >= Self.linkSize, SafePath.kind(source) == .file, link(source, target) == 0 { return }
        try Files.copy(source, to: target)
    }

    /// Turns at making folders inside one folder. `mkdir` holds the lock of the folder it makes a folder in, and the
    /// kernel's waiters spin while its holder runs: writers making one section's page folders at once would spin there,
    /// on a core a drawing thread could use. A writer that waits for its turn here sleeps.
    /// Turnos para crear carpetas dentro de una misma carpeta: quien espera aquí duerme en vez de girar en el núcleo.
    private final class FolderTurns: @unchecked Sendable { // semaphores, safe from any thread
        private let turns = (0..<16).map { _ in DispatchSemaphore(value: 1) }

        func inTurn<T>(for folder: String, _ body: () throws -> T) rethrows -> T {
            let turn = turns[Int(Fingerprint.number(folder.utf8) % UInt64(turns.count))]
            turn.wait()
            defer { turn.signal() }
            return try body()
        }
    }

    /// What a writer noted while placing files, added to the shared tables at once: fingerprints, files written,
    /// folders made.
    private struct Ledger {
        var hashes: [(path: String, hash: String)] = []
        var changed: [String] = []
        var folders: Set<String> = []
    }

    private func note(_ ledger: Ledger) {
        written.record(ledger.hashes)
        changedFiles.insert(ledger.changed)
        createdFolders.insert(ledger.folders)
    }

    /// Notes `hash` for `path`; when the last build's file is the same, nil (nothing to write), else the staging path
    /// to write (its folder not made yet).
    private func target(_ path: String, hash: String, size: Int, into ledger: inout Ledger) throws -> String? {
        guard SafePath.isPlainRelative(path) else {
            throw VitrinaError(.write, "refused to write \(path): output paths must stay inside the output folder")
        }
        ledger.hashes.append((path, hash))
        guard let previous else { return "\(directory)/\(path)" }
        if previousHashes[path] == hash, Self.size(of: "\(previous)/\(path)") == size { return nil }
        ledger.changed.append(path)
        return "\(directory)/\(path)"
    }

    /// The same, its folder made (one file written on its own: the shared table of folders is asked first).
    private func place(_ path: String, hash: String, size: Int, into ledger: inout Ledger) throws -> String? {
        guard let target = try target(path, hash: hash, size: size, into: &ledger) else { return nil }
        try createFolder(Self.folder(of: path), noting: &ledger.folders, askingDiskFirst: false)
        return target
    }

    /// Creates `folder` and the folders above it that this build has not created yet, each with one `mkdir`: a fresh
    /// output is mostly folders (one per page), and asking the disk again for one it made costs as much as making it.
    /// A writer of a batch asks the disk first (a page's folder is new, its parent made by the first page of the
    /// section, `mkdir` makes missing parents): the table shared by every writer, checked for each page, kept eight
    /// writers waiting for each other (a tldr-en copied 14 times took twice as long).
    /// A folder is noted once it exists; two tasks may both ask for one, `mkdir` lets the second know it is there.
    private func createFolder(_ folder: String, noting made: inout Set<String>, askingDiskFirst: Bool) throws {
        guard !folder.isEmpty, !made.contains(folder) else { return }
        if askingDiskFirst {
            try Files.createDirectory("\(directory)/\(folder)") // its parents too, when missing
        } else {
            guard !createdFolders.contains(folder) else { return }
            try createFolder(Self.folder(of: folder), noting: &made, askingDiskFirst: false)
            try Files.createDirectory("\(directory)/\(folder)")
        }
        made.insert(folder)
    }

    static func folder(of path: String) -> String {
        path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(path[..<$0]) } ?? ""
    }

    /// From this size on, a file is hard-linked rather than copied.
    static let linkSize = 1 << 20

    /// A file the earlier build wrote and this one keeps as it is, unrendered: its size, or nil when there is none to keep.
    /// Its fingerprint stays the last build's (`previousHashes`), and is not recorded again.
    func reuse(_ path: String) -> Int? {
        guard let previous, let hash = previousHashes[path], let size = Self.size(inHash: hash),
              Self.size(of: "\(previous)/\(path)") == size else { return nil }
        return size
    }

    /// The same for a page or another file whose fingerprint only the manifest holds: `Fingerprint.content`, eight
    /// bytes at a time, as every byte of every page goes through it.
    /// Lo mismo para una página: la huella de ocho en ocho bytes, que solo lee el manifiesto.
    static func contentHash(_ bytes: [UInt8]) -> String { Fingerprint.content(bytes) + "-" + String(bytes.count) }

    /// The size a manifest fingerprint ends with (`hex-size`); nil for one without a dash and digits after it. Read
    /// for every unchanged file, so without splitting the text into an array.
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

    /// The size of `path` below the open folder `folder` (the kernel walks only the path's own parts).
    static func size(of path: String, in folder: Int32) -> Int? {
        var info = stat()
        return fstatat(folder, path, &info, 0) == 0 ? Int(info.st_size) : nil
    }
}

/// A set of paths shared by render tasks: folders already created, files changed.
/// Un conjunto de rutas compartido por las tareas: carpetas ya creadas, ficheros cambiados.
final class PathSet: Sendable {
    private let paths = Mutex<Set<String>>([])

    func insert(_ more: some Collection<String>) {
        guard !more.isEmpty else { return }
        paths.withLock { $0.formUnion(more) }
    }
    func contains(_ path: String) -> Bool { paths.withLock { $0.contains(path) } }
    var all: Set<String> { paths.withLock { $0 } }
}

/// Content fingerprints recorded while a build writes, by path.
/// Huellas del contenido anotadas mientras se escribe, por ruta.
final class HashBook: Sendable {
    private let entries: Mutex<[String: String]>

    init(capacity: Int = 0) { entries = Mutex(Dictionary(minimumCapacity: min(max(0, capacity), 1 << 24))) }

    func record(_ more: [(path: String, hash: String)]) {
        guard !more.isEmpty else { return }
        entries.withLock { for (path, hash) in more { $0[path] = hash } }
    }
    var all: [String: String] { entries.withLock { $0 } }
}
