import Foundation
import VitrinaKit

/// The stamp of everything a build of a site without API data reads: the binary, the options, and the stamp (size,
/// times, inode) of every file below `Content/` and `Templates/`. Equal stamps mean equal inputs, as for `make`.
/// La huella de todo lo que lee una construcción sin datos de APIs: el binario, las opciones y cada fichero.
struct SourceStamp: Sendable {
    let value: String
    /// A file changed so shortly before the walk that a change after the build's read could share its stamp (file
    /// times are as coarse as the clock's tick, or a second on some disks): such a stamp is never recorded.
    let settling: Bool
    /// What the walk found in `Content/`, for a build that goes on to load to list and stamp from (made into a
    /// `ContentListing` only then: an unchanged rebuild needs no sorted list); empty unless asked for.
    var contentScan = FolderScan()
    /// The same stamp cut in two for the kept plan (`KeptPlan`): everything but `Content/`'s files in one fingerprint,
    /// and `Content/`'s files as a sum of each one's `entryHash`, which any file's part can be taken back out of.
    /// La misma huella en dos partes: todo salvo los ficheros de `Content/`, y la suma de la huella de cada uno.
    var frame = Frame()

    struct Frame: Sendable, Equatable {
        var head = ""
        var contentSum: UInt64 = 0
        var contentCount = 0
    }

    /// Walks `Content/` and `Templates/`; files whose modification or change time is within `settleTime` of `start`
    /// (now, unless the build began earlier: then any file changed since it began makes the stamp `settling`) make the
    /// stamp `settling`.
    static func take(_ options: BuildOptions, binary: String, settleTime: Duration, start: Int64 = clock(),
                     withContentScan: Bool = false) -> SourceStamp {
        let settled = start - settleTime.nanoseconds
        var text = Array("vitrina-stamp 1\n\(binary)\n\(optionsLine(options))\n".utf8)
        var settling = false
        var contentScan = FolderScan()
        var head = text
        var frame = Frame()
        for (name, folder) in [("Content", options.contentDirectory), ("Templates", options.templatesDirectory)] {
            let scan = Files.scan(folder, stamping: true)
            let counts = Array("\(name) \(scan.stamps.count) \(scan.loops.count) \(scan.specials.count)\n".utf8)
            text += counts
            head += counts
            if name == "Content", withContentScan { contentScan = scan }
            for (path, stamp) in scan.stamps {
                text.append(contentsOf: path.utf8)
                text.append(0)
                withUnsafeBytes(of: stamp) { text.append(contentsOf: $0) } // six integers, laid out alike by one binary
                settling = settling || stamp.latestChange >= settled
                if name == "Content" {
                    frame.contentSum &+= entryHash(path, stamp)
                } else {
                    head.append(contentsOf: path.utf8)
                    head.append(0)
                    withUnsafeBytes(of: stamp) { head.append(contentsOf: $0) }
                }
            }
            if name == "Content" { frame.contentCount = scan.stamps.count }
        }
        // A docs folder's config and what its pages include from beside it (mdBook's `listings/`): every other file of the
        // site folder, but what builds write.
        // La configuración de una carpeta de documentación y lo que sus páginas incluyen de al lado.
        if options.contentFolder != "Content" {
            let outputName = (options.outputDirectory as NSString).lastPathComponent
            let scan = Files.scan(options.siteDirectory, skippingFolders: [options.contentFolder, "Templates", ".vitrina", ".git", "Output", outputName],
                                  stamping: true)
            head += Array("Beside \(scan.stamps.count)\n".utf8)
            for (path, stamp) in scan.stamps {
                head.append(contentsOf: path.utf8)
                head.append(0)
                withUnsafeBytes(of: stamp) { head.append(contentsOf: $0) }
                settling = settling || stamp.latestChange >= settled
            }
            text = head + text
        }
        let value = text.withUnsafeBytes { Fingerprint.content($0) }
        frame.head = head.withUnsafeBytes { Fingerprint.content($0) }
        return SourceStamp(value: value, settling: settling, contentScan: contentScan, frame: frame)
    }

    /// One file of `Content/` and its stamp as a number, for `Frame.contentSum`: its path's, eight bytes at a time,
    /// with the stamp's six numbers mixed in (FNV-1a's byte at a time cost an edit 40 ms at 109,230 files).
    /// Un fichero de `Content/` y su huella como número, ocho bytes a la vez.
    static func entryHash(_ path: String, _ stamp: FileStamp) -> UInt64 {
        var hash = Fingerprint.contentNumber(utf8: path.utf8)
        withUnsafeBytes(of: stamp) { bytes in
            for offset in stride(from: 0, to: bytes.count - 7, by: 8) {
                hash = Fingerprint.mixWord(hash, bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            }
        }
        return Fingerprint.finish(hash)
    }

    /// The wall clock in nanoseconds, as file times count.
    static func clock() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }

    /// What the command line asked for that changes the output; each text quoted and escaped, so that a tab or a quote
    /// in a folder's name cannot make two sets of options read alike.
    private static func optionsLine(_ options: BuildOptions) -> String {
        let overrides = options.apiOverrides.sorted { $0.key < $1.key }.flatMap { [$0.key, $0.value] }
        let texts = [options.siteDirectory, options.outputDirectory, options.baseURL ?? ""] + overrides
        return "\(options.offline) \(options.strict) \(options.drafts) \(options.baseURL != nil) "
            + texts.map { String(reflecting: $0) }.joined(separator: " ")
    }
}

/// What a build that read no API data and said no warning records beside its state: its stamp, the manifest's id and
/// the counts its report gives; the next build with the same stamp into an intact output has nothing to do.
/// Lo que anota una construcción sin datos de APIs ni avisos: su huella, el id del manifiesto y sus cuentas.
struct UnchangedRecord: Sendable, Equatable {
    static let header = "vitrina-unchanged 1"
    let stamp: String
    let buildID: String
    let pages: Int
    let files: Int
    let bytes: Int

    /// More pages or files than any site has: a record claiming more is damaged.
    static let maxCount = 100_000_000

    /// Beside the output's build state: `.vitrina/state/<output fingerprint>.stamp`.
    static func path(statePath: String) -> String { (statePath as NSString).deletingPathExtension + ".stamp" }

    func encoded() -> [UInt8] { Array("\(Self.header)\n\(stamp)\n\(buildID)\n\(pages) \(files) \(bytes)\n".utf8) }

    /// The record read back; nil for another format, a damaged file or counts out of range.
    static func decode(_ bytes: [UInt8]) -> UnchangedRecord? {
        guard bytes.count <= 4096 else { return nil }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count == 5, lines[0] == header, lines[4].isEmpty else { return nil }
        let counts = lines[3].split(separator: " ").compactMap { Int($0) }
        guard counts.count == 3, counts[0...1].allSatisfy({ (0...maxCount).contains($0) }), counts[2] >= 0 else { return nil }
        return UnchangedRecord(stamp: String(lines[1]), buildID: String(lines[2]), pages: counts[0], files: counts[1], bytes: counts[2])
    }

    static func load(_ path: String) -> UnchangedRecord? {
        guard SafePath.kind(path) == .file, let bytes = try? Files.read(path) else { return nil }
        return decode(bytes)
    }
}
