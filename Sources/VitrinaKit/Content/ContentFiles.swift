import Foundation

/// A file that lives beside the Markdown (an image, a PDF, an archive) and is published as it is.
/// Un fichero que vive junto al Markdown (una imagen, un PDF, un archivo) y se publica tal cual.
public struct ContentFile: Sendable, Hashable {
    /// The path below `Content/`: `guide/img/shot.png`.
    public let path: String
    /// Size, times and inode: the file is copied again only when these change.
    public let stamp: FileStamp
    /// Pixel size of PNG, JPEG, GIF, WebP and SVG images, read from their first bytes.
    public let width: Int?
    public let height: Int?
    /// What the bytes of a file named as a picture say it is; nil for one that is no picture (or not named as one).
    public var kind: PictureKind? = nil

    public var size: Int { stamp.size }
}

/// Finds the files beside the Markdown: everything under `Content/` but Markdown, hidden files and folders, the API
/// snapshot (`data/`) and the site's own settings (`site.yml`, `profile.yml`).
/// Encuentra los ficheros junto al Markdown: todo lo de `Content/` salvo Markdown, ocultos, `data/` y los ajustes.
public enum ContentFiles {
    /// How much of an image is read for its size: enough for every header but a JPEG with a very large preamble.
    static let headerBytes = 64 * 1024

    /// With the build's `listing`, the folder is not walked again and each file's stamp is the walk's.
    public static func scan(contentDirectory: String, skippingFolders skipped: Set<String> = ["data"],
                            listing: ContentListing? = nil) throws -> [ContentFile] {
        let files = try listing?.files(in: "", skippingFolders: skipped)
            ?? Files.scan(contentDirectory, skippingFolders: skipped).refusingLoops(in: (contentDirectory as NSString).lastPathComponent, stage: .content).files
        return files.compactMap { path -> ContentFile? in
            guard isPublished(path), let stamp = listing?.stamp(of: path) ?? FileStamp(path: Files.join(contentDirectory, path)) else { return nil }
            guard isImage(path) else { return ContentFile(path: path, stamp: stamp, width: nil, height: nil) }
            let head = try? Files.readPrefix(Files.join(contentDirectory, path), count: headerBytes)
            let size = head.flatMap(ImageSize.of)
            return ContentFile(path: path, stamp: stamp, width: size?.width, height: size?.height, kind: head.flatMap(PictureKind.of))
        }
    }

    /// Not Markdown, not hidden, not the site's settings, and a name the output can hold.
    static func isPublished(_ path: String) -> Bool {
        guard !path.hasSuffix(".md"), path != "site.yml", path != "profile.yml", SafePath.isPlainRelative(path) else { return false }
        return !path.split(separator: "/").contains { $0.utf8.first == UInt8(ascii: ".") }
    }

    static func isImage(_ path: String) -> Bool {
        let lower = path.lowercased()
        return [".png", ".jpg", ".jpeg", ".gif", ".webp", ".svg"].contains { lower.hasSuffix($0) }
    }
}
