import Foundation

/// Small file-system helpers with errors that name the path.
/// Utilidades de ficheros cuyos errores nombran la ruta.
public enum Files {
    /// The file's bytes, read with plain POSIX calls (Foundation's `contents(atPath:)` copies through `Data`).
    /// Only regular files are read: a FIFO or device is opened without blocking and refused.
    public static func read(_ path: String) throws -> [UInt8] {
        try read(path, flags: O_RDONLY | O_NONBLOCK | O_CLOEXEC).bytes
    }

    /// The same with the file's stamp, taken from the open file before reading it: one lookup of the path, not two.
    static func readStamped(_ path: String) throws -> (bytes: [UInt8], stamp: FileStamp) {
        let (bytes, info) = try read(path, flags: O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        return (bytes, FileStamp(info))
    }

    /// The same, without following a last symbolic link (the dev server's files).
    public static func readRegularFile(_ path: String) throws -> [UInt8] {
        try read(path, flags: O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC).bytes
    }

    /// At most the first `count` bytes of a regular file (an image's header).
    public static func readPrefix(_ path: String, count: Int) throws -> [UInt8] {
        try read(path, flags: O_RDONLY | O_NONBLOCK | O_CLOEXEC, limit: count).bytes
    }

    /// Copies a regular file to a new file at `target` in pieces, never following a link at `target`; `exclusive`
    /// refuses a `target` that exists.
    public static func copy(_ source: String, to target: String, exclusive: Bool = false) throws {
        let input = open(source, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard input >= 0 else { throw VitrinaError(.write, "cannot read \(source): the file is missing or unreadable") }
        defer { close(input) }
        var info = stat()
        guard fstat(input, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw VitrinaError(.write, "cannot read \(source): it is missing or not a regular file")
        }
        let output = open(target, O_WRONLY | O_CREAT | (exclusive ? O_EXCL : O_TRUNC) | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard output >= 0 else {
            throw VitrinaError(.write, "cannot write \(target): \(String(cString: strerror(errno))); check that the folder is writable")
        }
        defer { close(output) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { Foundation.read(input, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw VitrinaError(.write, "cannot read \(source): \(String(cString: strerror(errno)))") }
            if count == 0 { return }
            var offset = 0
            while offset < count {
                let written = buffer.withUnsafeBytes { Foundation.write(output, $0.baseAddress! + offset, count - offset) }
                guard written > 0 else { throw VitrinaError(.write, "cannot write \(target): \(String(cString: strerror(errno))); check the disk has room") }
                offset += written
            }
        }
    }

    /// Opens with `flags` (never waiting: a FIFO would block until a writer comes), and reads a regular file whole, or
    /// its first `limit` bytes; with what `fstat` said of it before reading.
    private static func read(_ path: String, flags: Int32, limit: Int = .max) throws -> (bytes: [UInt8], info: stat) {
        let descriptor = open(path, flags)
        var info = stat()
        guard descriptor >= 0 else { throw VitrinaError(.write, "cannot read \(path): the file is missing or unreadable") }
        defer { close(descriptor) }
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw VitrinaError(.write, "cannot read \(path): it is missing or not a regular file")
        }
        // One byte more than fstat's size, so a file read whole meets its end in the first buffer (no zeroing, no copy).
        var piece = min(max(Int(info.st_size), 0) &+ 1, limit)
        var bytes: [UInt8] = []
        while piece > 0 {
            let part = try [UInt8](unsafeUninitializedCapacity: piece) { buffer, count in count = try fill(buffer, from: descriptor, path: path) }
            if bytes.isEmpty { bytes = part } else { bytes += part }
            guard part.count == piece else { break }
            // The file grew since fstat: the rest in pieces that double.
            piece = min(max(4096, bytes.count), limit - bytes.count)
        }
        return (bytes, info)
    }

    /// Reads into `buffer` until it is full or the file ends; the count read.
    private static func fill(_ buffer: UnsafeMutableBufferPointer<UInt8>, from descriptor: Int32, path: String) throws -> Int {
        var filled = 0
        while filled < buffer.count {
            let count = Foundation.read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw VitrinaError(.write, "cannot read \(path): \(String(cString: strerror(errno)))") }
            if count == 0 { break }
            filled += count
        }
        return filled
    }

    /// The path with every symbolic link and `.`/`..` resolved (`realpath(3)`); nil when it does not exist.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    public static func readText(_ path: String) throws -> String {
        String(decoding: try read(path), as: UTF8.self)
    }

    public static func write(_ bytes: [UInt8], to path: String) throws {
        try createDirectory((path as NSString).deletingLastPathComponent)
        try writeFile(bytes, to: path)
    }

    /// Writes a new file, refusing one that exists (or a link in its place).
    public static func createNew(_ bytes: [UInt8], at path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw VitrinaError(.write, "cannot write \(path): \(String(cString: strerror(errno))); nothing there was overwritten")
        }
        close(descriptor)
        try writeFile(bytes, to: path)
    }

    /// Whether `path` is a regular file (following links).
    public static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// Writes into an existing folder with plain POSIX calls (Foundation's `createFile` is slow on Linux).
    public static func writeFile(_ bytes: [UInt8], to path: String) throws { try writeFile(parts: [bytes], to: path) }

    /// Writes `parts` one after another as one file, without joining them in memory first.
    public static func writeFile(parts: [[UInt8]], to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else {
            throw VitrinaError(.write, "cannot write \(path): \(String(cString: strerror(errno))); check that the folder is writable")
        }
        defer { close(descriptor) }
        for bytes in parts {
            var offset = 0
            while offset < bytes.count {
                let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress! + offset, bytes.count - offset) }
                guard written > 0 else {
                    throw VitrinaError(.write, "cannot write \(path): \(String(cString: strerror(errno))); check the disk has room")
                }
                offset += written
            }
        }
    }

    /// Creates the folder and any missing parents with `mkdir` (Foundation's version stats every level on Linux).
    public static func createDirectory(_ path: String) throws {
        guard !path.isEmpty, mkdir(path, 0o755) != 0 else { return }
        switch errno {
        case EEXIST where isDirectory(path):
            return
        case ENOENT:
            if let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")), slash > path.utf8.startIndex {
                try createDirectory(String(path[..<slash]))
                if mkdir(path, 0o755) == 0 || (errno == EEXIST && isDirectory(path)) { return }
            }
        default:
            break
        }
        throw VitrinaError(.write, "cannot create the folder \(path): \(String(cString: strerror(errno))); check that its parent is writable")
    }

    public static func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    public static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Every regular file below `root`, as sorted paths relative to it; `skippingFolders` names top-level folders to leave out.
    public static func list(_ root: String, skippingFolders skipped: Set<String> = []) -> [String] {
        scan(root, skippingFolders: skipped).files
    }

    /// Walks `root` with `readdir` (Foundation's enumerator stats every entry, slowly on Linux), following symbolic
    /// links to files and folders but never into a folder already on the way down (a loop) nor deeper than `maxDepth`.
    /// Recorre `root` siguiendo enlaces simbólicos, sin entrar en una carpeta que ya está en el camino (un bucle).
    /// With `stamping`, every file is listed with its stamp (one `stat` each) in `FolderScan.stamps` instead of `files`.
    public static func scan(_ root: String, skippingFolders skipped: Set<String> = [], stamping: Bool = false) -> FolderScan {
        scan(root, skippingFolders: skipped, stamping: stamping, splitting: stamping)
    }

    /// `splitting`: the root's folders walked on every core (`Walker.walkSplitting`), with the same result.
    static func scan(_ root: String, skippingFolders skipped: Set<String>, stamping: Bool, splitting: Bool) -> FolderScan {
        var found = FolderScan()
        var info = stat()
        guard stat(root, &info) == 0 else { return found }
        var walker = Walker(skipped: skipped, stamping: stamping, onPath: [FolderID(info)])
        if splitting { walker.walkSplitting(root, into: &found) } else { walker.walk(root, prefix: "", into: &found) }
        found.files.sort()
        found.folders.sort()
        return found
    }

    /// How deep a walk goes below its root.
    static let maxDepth = 64

    /// A directory entry's name, up to its closing NUL, read in place: `readdir` hands out entries only as long as
    /// their names, so copying the whole `dirent` (with 256 bytes of name) reads past the end of its buffer, and
    /// crashes when that buffer ends a mapping (seen on the 100,000-page site).
    /// El nombre de una entrada de carpeta leído en su sitio: copiar el `dirent` entero lee más allá de su búfer.
    static func entryName(_ entry: UnsafePointer<dirent>) -> UnsafeBufferPointer<UInt8> {
        let start = UnsafeRawPointer(entry) + direntNameOffset
        return UnsafeBufferPointer(start: start.assumingMemoryBound(to: UInt8.self), count: strlen(start.assumingMemoryBound(to: CChar.self)))
    }

    /// A directory entry's type (`DT_REG`, `DT_DIR`…), read in place.
    static func entryType(_ entry: UnsafePointer<dirent>) -> UInt8 {
        UnsafeRawPointer(entry).load(fromByteOffset: direntTypeOffset, as: UInt8.self)
    }

    private static let direntNameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
    private static let direntTypeOffset = MemoryLayout<dirent>.offset(of: \dirent.d_type)!

    private struct FolderID: Equatable {
        let device: UInt64
        let inode: UInt64
        init(_ info: stat) { (device, inode) = (UInt64(info.st_dev), UInt64(info.st_ino)) }
    }

    private struct Walker {
        let skipped: Set<String>
        let stamping: Bool
        var onPath: [FolderID]

        mutating func walk(_ folder: String, prefix: String, into found: inout FolderScan) {
            read(folder, prefix: prefix, into: &found) { walker, full, path, found in walker.walk(full, prefix: path + "/", into: &found) }
        }

        /// The root's own entries read here, each of its folders walked on a core of its own, and what they hold put
        /// where one walk would have met it: the same finds in the same order (a stamp of 100,000 files, each looked at
        /// with `stat`, took the first second of every rebuild on one core).
        /// Las entradas de la raíz aquí, cada carpeta suya en otro núcleo, y todo en el orden de un solo recorrido.
        mutating func walkSplitting(_ root: String, into found: inout FolderScan) {
            var before: [FolderScan] = []
            var folders: [(full: String, prefix: String, onPath: [FolderID])] = []
            var rest = FolderScan()
            read(root, prefix: "", into: &rest) { walker, full, path, found in
                before.append(found)
                found = FolderScan()
                folders.append((full, path + "/", walker.onPath))
            }
            let (skipped, stamping) = (skipped, stamping)
            let inside = Parallel.map(folders, slices: folders.count) { part in
                part.map { folder in
                    var walker = Walker(skipped: skipped, stamping: stamping, onPath: folder.onPath)
                    var found = FolderScan()
                    walker.walk(folder.full, prefix: folder.prefix, into: &found)
                    return found
                }
            }.joined()
            for (part, folder) in zip(before, inside) {
                found.append(part)
                found.append(folder)
            }
            found.append(rest)
        }

        /// Each entry of `folder` into `found`; a folder to go into is handed to `enter` (full path, path below the
        /// root) while it is on the walker's path.
        private mutating func read(_ folder: String, prefix: String, into found: inout FolderScan,
                                   enter: (inout Walker, String, String, inout FolderScan) -> Void) {
            guard let directory = opendir(folder) else { return }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let name = String(decoding: Files.entryName(entry), as: UTF8.self)
                guard name != ".", name != ".." else { continue }
                let path = prefix + name, full = folder + "/" + name
                let type = Files.entryType(entry)
                if type == UInt8(DT_REG) && !stamping { found.files.append(path); continue }
                var info = stat()
                // Relative to the open folder: the kernel does not walk the whole path again for each entry.
                guard fstatat(dirfd(directory), name, &info, 0) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFREG:
                    if stamping { found.stamps.append((path, FileStamp(info))) } else { found.files.append(path) }
                case S_IFDIR:
                    if prefix.isEmpty && skipped.contains(name) { continue }
                    let id = FolderID(info)
                    guard !onPath.contains(id), onPath.count <= Files.maxDepth else { found.loops.append(path); continue }
                    found.folders.append(path)
                    onPath.append(id)
                    enter(&self, full, path, &found)
                    onPath.removeLast()
                default: found.specials.append(path)
                }
            }
        }
    }

    /// True when `path` is a folder (or a link to one) with nothing in it.
    public static func isEmptyFolder(_ path: String) -> Bool {
        guard let directory = opendir(path) else { return false }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = Files.entryName(entry)
            if !name.elementsEqual([46]) && !name.elementsEqual([46, 46]) { return false }
        }
        return true
    }

    public static func remove(_ path: String) throws {
        if exists(path) { try FileManager.default.removeItem(atPath: path) }
    }

    public static func join(_ parts: String...) -> String {
        let joined = parts.filter { !$0.isEmpty }.joined(separator: "/")
        return hasDoubleSlash(joined) ? joined.replacingOccurrences(of: "//", with: "/") : joined
    }

    private static func hasDoubleSlash(_ path: String) -> Bool {
        var previous: UInt8 = 0
        for byte in path.utf8 {
            if byte == 47 && previous == 47 { return true }
            previous = byte
        }
        return false
    }
}

/// What a walk of a folder found.
/// Lo que encontró el recorrido de una carpeta.
public struct FolderScan: Sendable {
    public var files: [String] = []
    public var folders: [String] = []
    /// Links to a folder already on the way down (or folders deeper than `Files.maxDepth`): not entered.
    public var loops: [String] = []
    /// FIFOs, sockets and devices: never read.
    public var specials: [String] = []
    /// Each file's stamp when the scan was asked for them, in the order the walk met them (the same while no folder
    /// changes: readdir's order; not sorted, which would cost more than the walk).
    package var stamps: [(path: String, stamp: FileStamp)] = []

    /// `other`'s finds after these.
    mutating func append(_ other: FolderScan) {
        files += other.files
        folders += other.folders
        loops += other.loops
        specials += other.specials
        stamps += other.stamps
    }

    /// The scan itself, or an error naming the first link that leads back to a folder on its way (`display` is the
    /// scanned folder as messages name it).
    public func refusingLoops(in display: String, stage: VitrinaError.Stage) throws -> FolderScan {
        guard let loop = loops.first else { return self }
        throw VitrinaError(stage, "\(display)/\(loop) leads back to a folder it is in (a symbolic link loop, or folders nested over "
            + "\(Files.maxDepth) deep); remove or replace that link")
    }

    package init(files: [String] = [], folders: [String] = [], loops: [String] = [], specials: [String] = [], stamps: [(path: String, stamp: FileStamp)] = []) {
        self.files = files
        self.folders = folders
        self.loops = loops
        self.specials = specials
        self.stamps = stamps
    }
}
