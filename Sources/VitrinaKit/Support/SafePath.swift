import Foundation

/// Checks for paths that come from input or from disk (manifests, snapshots, file names) before anything is read,
/// written or deleted with them.
/// Comprobaciones de rutas venidas de la entrada o del disco antes de leer, escribir o borrar nada con ellas.
public enum SafePath {
    /// A plain relative path: no leading `/`, no empty, `.` or `..` segment, no backslash, no control character.
    public static func isPlainRelative(_ path: String) -> Bool {
        var segmentLength = 0
        var dots = 0
        for byte in path.utf8 {
            if byte == UInt8(ascii: "/") {
                guard segmentLength > 0, !(dots == segmentLength && dots <= 2) else { return false }
                segmentLength = 0
                dots = 0
                continue
            }
            guard !isControl(byte), byte != UInt8(ascii: "\\") else { return false }
            segmentLength += 1
            if byte == UInt8(ascii: ".") { dots += 1 }
        }
        return segmentLength > 0 && !(dots == segmentLength && dots <= 2)
    }

    /// One folder or URL segment, as routes and output paths are made of: never `..`, a `/` or a control character.
    package static func isPlainSegment(_ text: String) -> Bool { isPlainRelative(text) && !text.utf8.contains(UInt8(ascii: "/")) }

    /// True when a name holds a control character (a newline, a tab, NUL, DEL, or C1 controls).
    public static func hasControlCharacters(_ name: String) -> Bool {
        name.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }

    /// True when every folder from `root` down to the parent of `relative` is a real folder, not a symbolic link,
    /// so an operation on `root/relative` cannot reach outside `root`. Missing folders count as inside (they will be
    /// created). `relative` must be a plain relative path.
    /// `path` (with `..` and `.`) read from `folder`, both relative to one root, if it stays inside that root:
    /// `inside("src", "../listings/a.rs")` is `listings/a.rs`; `inside("", "../x")` is nil.
    /// `path` leído desde `folder`, si se queda dentro de la raíz común.
    public static func inside(_ folder: String, _ path: String) -> String? {
        var parts = folder.pathSegments.map { String($0) }
        for segment in path.pathSegments {
            switch segment {
            case "", ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            default: parts.append(String(segment))
            }
        }
        let joined = parts.joined(separator: "/")
        return isPlainRelative(joined) ? joined : nil
    }

    public static func parentsStayInside(root: String, relative: String) -> Bool {
        guard isPlainRelative(relative) else { return false }
        var folder = root
        for segment in relative.pathSegments.dropLast() {
            folder += "/" + segment
            var info = stat()
            if lstat(folder, &info) != 0 { return errno == ENOENT }
            guard info.st_mode & S_IFMT == S_IFDIR else { return false }
        }
        return true
    }

    /// What `lstat` says `path` is, without following a final symbolic link.
    public static func kind(_ path: String) -> FileKind {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .folder
        case S_IFLNK: return .link
        default: return .special
        }
    }

    private static func isControl(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x7F }
}

/// What an entry of a folder is.
/// Qué es una entrada de una carpeta.
public enum FileKind: Sendable, Equatable {
    case missing, file, folder, link
    /// A FIFO, socket or device: never read, copied or deleted.
    case special
}
