import Foundation

/// Small file-system helpers with errors that name the path.
/// Utilidades de ficheros cuyos errores nombran la ruta.
public enum Files {
    /// The file's bytes, read with plain POSIX calls (Foundation's `contents(atPath:)` copies through `Data`).
    public static func read(_ path: String) throws -> [UInt8] {
        try read(path, flags: O_RDONLY) { $0 != S_IFDIR }
    }

    /// The bytes of a regular file, never of a FIFO, device or folder: opened without waiting (a FIFO would block until
    /// a writer comes) and without following a last symbolic link, then checked on the open descriptor.
    public static func readRegularFile(_ path: String) throws -> [UInt8] {
        try read(path, flags: O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC) { $0 == S_IFREG }
    }

    /// Opens with `flags`, reads everything when `accepts` takes the file's type (`S_IFREG`, `S_IFDIR`, …).
    private static func read(_ path: String, flags: Int32, accepts: (mode_t) -> Bool) throws -> [UInt8] {
        let descriptor = open(path, flags)
        var info = stat()
        guard descriptor >= 0 else { throw VitrinaError(.write, "cannot read \(path): the file is missing or unreadable") }
        defer { close(descriptor) }
        guard fstat(descriptor, &info) == 0, accepts(info.st_mode & S_IFMT) else {
            throw VitrinaError(.write, "cannot read \(path): the file is missing or unreadable")
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var filled = 0
        while true {
            if filled == bytes.count { bytes.append(contentsOf: [UInt8](repeating: 0, count: max(4096, bytes.count))) }
            let count = bytes.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw VitrinaError(.write, "cannot read \(path): \(String(cString: strerror(errno)))") }
            if count == 0 { break }
            filled += count
        }
        bytes.removeLast(bytes.count - filled)
        return bytes
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

    /// Writes into an existing folder with plain POSIX calls (Foundation's `createFile` is slow on Linux).
    public static func writeFile(_ bytes: [UInt8], to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else {
            throw VitrinaError(.write, "cannot write \(path): \(String(cString: strerror(errno))); check that the folder is writable")
        }
        defer { close(descriptor) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress! + offset, bytes.count - offset) }
            guard written > 0 else {
                throw VitrinaError(.write, "cannot write \(path): \(String(cString: strerror(errno))); check the disk has room")
            }
            offset += written
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
    /// Walks with `readdir` (Foundation's enumerator stats every entry, slowly on Linux).
    public static func list(_ root: String, skippingFolders skipped: Set<String> = []) -> [String] {
        var files: [String] = [], folders: [String]? = nil
        walk(root, prefix: "", skipped: skipped, into: &files, folders: &folders)
        return files.sorted()
    }

    /// Every file and every folder below `root`, as paths from it.
    static func tree(_ root: String) -> (files: [String], folders: [String]) {
        var files: [String] = [], folders: [String]? = []
        walk(root, prefix: "", skipped: [], into: &files, folders: &folders)
        return (files.sorted(), (folders ?? []).sorted())
    }

    private static func walk(_ folder: String, prefix: String, skipped: Set<String>, into files: inout [String], folders: inout [String]?) {
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name != ".", name != ".." else { continue }
            let path = prefix + name
            var isFolder = entry.pointee.d_type == UInt8(DT_DIR)
            if entry.pointee.d_type == UInt8(DT_UNKNOWN) || entry.pointee.d_type == UInt8(DT_LNK) { isFolder = isDirectory(folder + "/" + name) }
            if isFolder {
                if prefix.isEmpty && skipped.contains(name) { continue }
                folders?.append(path)
                walk(folder + "/" + name, prefix: path + "/", skipped: skipped, into: &files, folders: &folders)
            } else {
                files.append(path)
            }
        }
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
