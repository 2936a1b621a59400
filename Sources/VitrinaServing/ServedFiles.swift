import Foundation
import Synchronization
import VitrinaKit
import VitrinaBuild

/// The files `vitrina serve` answers with: only those the last build wrote (its manifest lists them), never a dotfile,
/// never through a link that leaves the output, never anything but a regular file. The manifest is read again only
/// when its stamp changes, that is once per build or quick edit.
/// Los ficheros con los que responde `vitrina serve`: solo los que escribió la última construcción (los lista su
/// manifiesto), nunca uno oculto, nunca por un enlace que salga de la salida, nunca algo que no sea un fichero normal.
final class ServedFiles: Sendable {
    let outputDirectory: String
    private let cached = Mutex<Listing?>(nil)

    /// What one reading of the manifest gave: the paths it lists, the output's real path, and the stamp of the manifest
    /// file they were read from.
    /// Lo que dio una lectura del manifiesto: sus rutas, la ruta real de la salida y el sello del manifiesto leído.
    struct Listing: Sendable {
        let stamp: FileStamp?
        let paths: Set<String>
        let realOutput: String?
    }

    init(outputDirectory: String) {
        self.outputDirectory = outputDirectory.hasSuffix("/") ? String(outputDirectory.dropLast()) : outputDirectory
    }

    /// The file a URL path names, with its path from the output: a listed file, or a folder's listed `index.html`.
    /// El fichero que nombra una ruta de URL: uno listado, o el `index.html` listado de una carpeta.
    func file(at urlPath: String) -> (path: String, bytes: [UInt8])? {
        guard let relative = Self.relativePath(urlPath) else { return nil }
        let listing = current()
        let folderIndex = Files.join(relative, "index.html")
        let candidates = relative.isEmpty || urlPath.hasSuffix("/") ? [folderIndex] : [relative, folderIndex]
        guard let path = candidates.first(where: listing.paths.contains), let bytes = read(path, in: listing) else { return nil }
        return (path, bytes)
    }

    /// A file the last build wrote, by its path from the output (the 404 page); nil when it is not listed or not safe.
    func listedFile(_ path: String) -> [UInt8]? {
        let listing = current()
        return listing.paths.contains(path) ? read(path, in: listing) : nil
    }

    /// The path from the output a URL path names, percent-decoded; nil when it cannot be decoded or a segment is hidden
    /// (starts with `.`, which also refuses `..`) or holds a control character.
    static func relativePath(_ urlPath: String) -> String? {
        guard let decoded = urlPath.removingPercentEncoding else { return nil }
        let segments = decoded.pathSegments
        // The first byte, not the first `Character`: `.` with a combining mark after it still names a hidden file.
        guard !segments.contains(where: { $0.utf8.first == UInt8(ascii: ".") || $0.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } }) else {
            return nil
        }
        return segments.joined(separator: "/")
    }

    /// The listing for the manifest as it is now, read again when its stamp changed.
    private func current() -> Listing {
        let writer = OutputWriter(outputDirectory: outputDirectory)
        let stamp = FileStamp(path: writer.manifestPath)
        return cached.withLock { cached in
            if let cached, cached.stamp == stamp { return cached }
            let listing = Listing(stamp: stamp, paths: Set(writer.lastBuild().files.keys),
                                  realOutput: Files.realPath(outputDirectory))
            cached = listing
            return listing
        }
    }

    /// The file's bytes when its real path stays inside the real output folder and it is a regular file.
    private func read(_ path: String, in listing: Listing) -> [UInt8]? {
        guard let realOutput = listing.realOutput, let real = Files.realPath("\(outputDirectory)/\(path)"),
              real.utf8.starts(with: (realOutput + "/").utf8) else { return nil }  // bytes: `hasPrefix` would match é with e + U+0301
        return try? Files.readRegularFile(real)
    }
}
