import Foundation
import Synchronization

/// Made pictures kept in `.vitrina/pictures/` between builds, by the fingerprint of their source's bytes and the settings
/// they were made with: a warm build, or a CI job that restores `.vitrina/`, encodes nothing and reads no source. Each
/// file is named by its key and width; an index (`index.bin`) holds what was made of each source, and a file is read
/// back only when the output needs its bytes, checked against the fingerprint the index gives.
/// Imágenes hechas guardadas en `.vitrina/pictures/` entre construcciones, por la huella de su fuente y los ajustes.
package final class PictureCache: Sendable {
    let directory: String
    private let entries: Mutex<[String: (picture: MadePicture, used: Bool)]>
    private let changed = Mutex(false)
    static let header = "vitrina-pictures 1"

    /// The cache in `directory`, its index read now; a damaged or foreign index counts as empty.
    package init(directory: String) {
        self.directory = directory
        entries = Mutex(Self.read(Files.join(directory, "index.bin")))
    }

    /// The key of a source: its bytes' fingerprint (known without reading them) with the settings and the maker's version.
    package static func key(sourceHash: String, settings: PictureSettings) -> String {
        Fingerprint.hex([sourceHash, settings.fingerprint, PictureMaker.version].joined(separator: "|"))
    }

    package func picture(for key: String) -> MadePicture? {
        entries.withLock { entries in
            guard let entry = entries[key] else { return nil }
            entries[key]?.used = true
            return entry.picture
        }
    }

    /// Keeps what was made of a source and its files (in the order `PictureMaker.make` returns them), each written
    /// atomically.
    package func store(_ picture: MadePicture, files: [[UInt8]], for key: String) throws {
        try Files.createDirectory(directory)
        for (variant, bytes) in zip(picture.allVariants, files) {
            let path = Files.join(directory, Self.fileName(key: key, variant))
            try Files.writeFile(bytes, to: path + ".new")
            guard rename(path + ".new", path) == 0 else { throw VitrinaError(.write, "cannot replace \(path): \(String(cString: strerror(errno)))") }
        }
        entries.withLock { $0[key] = (picture, true) }
        changed.withLock { $0 = true }
    }

    /// The bytes of a made file, read when the output needs them; nil when the file is gone or is not what the index says.
    package func body(key: String, _ variant: MadeVariant) -> LazyBody {
        let path = Files.join(directory, Self.fileName(key: key, variant))
        return LazyBody(url: path) {
            guard let bytes = try? Files.read(path), Fingerprint.sized(bytes) == variant.hash else { return nil }
            return bytes
        }
    }

    /// Most sources kept: past it, only those this build used are.
    static let capacity = 20_000

    /// Writes the index when a source was made anew, and removes the made files no entry names any more (only files
    /// named as this cache names them: anything else in the folder is left alone). Sources this build did not show are
    /// kept up to `capacity`, so two outputs of one site, or a build with drafts, do not make each other's pictures again.
    package func save() throws {
        guard changed.withLock({ $0 }) else { return }
        let used = entries.withLock { all in all.count > Self.capacity ? all.filter(\.value.used) : all }
        var writer = ByteWriter()
        writer.int(used.count)
        for (key, entry) in used.sorted(by: { $0.key < $1.key }) {
            writer.string(key)
            let all = entry.picture.allVariants
            writer.int(entry.picture.fallback == nil ? 0 : 1)
            writer.int(all.count)
            for variant in all {
                writer.strings([variant.format.rawValue, variant.hash])
                for number in [variant.width, variant.height, variant.size] { writer.int(number) }
            }
        }
        try Files.createDirectory(directory)
        try MemoFile.write(writer.bytes, to: Files.join(directory, "index.bin"), header: Self.header, context: PictureMaker.version)
        let named = Set(used.flatMap { key, entry in entry.picture.allVariants.map { Self.fileName(key: key, $0) } })
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] where Self.isMadeFileName(name) && !named.contains(name) {
            unlink(Files.join(directory, name))
        }
    }

    static func fileName(key: String, _ variant: MadeVariant) -> String { "\(key)-\(variant.width).\(variant.format.fileExtension)" }

    /// `0123456789abcdef-640.webp`: sixteen hexadecimal digits, a width, one of the made formats' extensions.
    static func isMadeFileName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard bytes.count > 18, bytes[16] == UInt8(ascii: "-"), Fingerprint.isSixteenHexDigits(bytes[..<16]),
              let dot = bytes.lastIndex(of: UInt8(ascii: ".")), dot > 17, bytes[17..<dot].allSatisfy({ (48...57).contains($0) })
        else { return false }
        return ["webp", "jpg", "png"].contains(String(decoding: bytes[(dot + 1)...], as: UTF8.self))
    }

    /// The index as a build saved it; every number range-checked, every hash as `Fingerprint.sized` writes it.
    private static func read(_ path: String) -> [String: (picture: MadePicture, used: Bool)] {
        guard var reader = MemoFile.read(path, header: header, context: PictureMaker.version),
              let count = reader.int(), (0...reader.remaining).contains(count) else { return [:] }
        var entries: [String: (picture: MadePicture, used: Bool)] = [:]
        for _ in 0..<count {
            // The key names the files read and removed: sixteen hexadecimal digits, never a path.
            guard let key = reader.string(), Fingerprint.isSixteenHexDigits(key.utf8), let hasFallback = reader.int(), (0...1).contains(hasFallback),
                  let variantCount = reader.int(), (hasFallback...32).contains(variantCount) else { return [:] }
            var variants: [MadeVariant] = []
            for _ in 0..<variantCount {
                guard let texts = reader.strings(), texts.count == 2, let format = PictureFormat(rawValue: texts[0]),
                      let width = reader.int(), let height = reader.int(), let size = reader.int(),
                      (1...PictureSettings.widthRange.upperBound).contains(width), (1...65_500).contains(height),
                      NumberRange.amounts.contains(size), ImageFacts.isHash(texts[1], of: size)
                else { return [:] }
                variants.append(MadeVariant(format: format, width: width, height: height, hash: texts[1], size: size))
            }
            let fallback = hasFallback == 1 ? variants.first : nil
            entries[key] = (MadePicture(fallback: fallback, webp: Array(variants.dropFirst(hasFallback))), false)
        }
        return entries
    }
}
