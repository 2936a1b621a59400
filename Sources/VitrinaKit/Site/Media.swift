/// An image copied into `Output/media/`, with its intrinsic size.
/// Una imagen copiada en `Output/media/`, con su tamaño propio.
public struct MediaFile: Sendable, Equatable {
    /// Output path, `media/sprites/pokemon/25.png`.
    public let path: String
    public let width: Int
    public let height: Int
    /// The fingerprint and size of its bytes, as the output's manifest records them: known without reading the bytes.
    public let hash: String
    public let size: Int
    /// The bytes, read only when the file must be written.
    let content: LazyBody
    /// The WebP variants made of a picture for the web, narrowest first (`PictureMaker`); none for one published as it came.
    public package(set) var webp: [MediaFile] = []

    public init(path: String, width: Int, height: Int, bytes: [UInt8]) {
        self.init(path: path, facts: ImageFacts(width: width, height: height, bytes: bytes), content: LazyBody(bytes))
    }

    package init(path: String, facts: ImageFacts, content: LazyBody) {
        self.path = path
        width = facts.width
        height = facts.height
        hash = facts.hash
        size = facts.size
        self.content = content
    }

    public func bytes() throws -> [UInt8] { try content.bytes() }

    /// Its size and fingerprint, as the build knows them without its bytes.
    var facts: ImageFacts { ImageFacts(width: width, height: height, hash: hash, size: size) }

    public static func == (a: MediaFile, b: MediaFile) -> Bool {
        a.path == b.path && a.width == b.width && a.height == b.height && a.hash == b.hash && a.webp == b.webp
    }
}

/// What the build needs to know of an image without its bytes: its size in pixels and its content's fingerprint.
/// Lo que la construcción sabe de una imagen sin sus bytes: su tamaño en píxeles y la huella de su contenido.
package struct ImageFacts: Codable, Sendable {
    let width: Int
    let height: Int
    let hash: String
    let size: Int

    init(width: Int, height: Int, bytes: [UInt8]) {
        self.init(width: width, height: height, hash: Fingerprint.sized(bytes), size: bytes.count)
    }

    init(width: Int, height: Int, hash: String, size: Int) {
        self.width = width
        self.height = height
        self.hash = hash
        self.size = size
    }

    /// The facts of an image Vitrina can read (PNG, JPEG, GIF, WebP, SVG), nil for anything else.
    package init?(_ bytes: [UInt8]) {
        guard let size = ImageSize.of(bytes) else { return nil }
        self.init(width: size.width, height: size.height, bytes: bytes)
    }

    private enum CodingKeys: String, CodingKey { case width, height, hash, size }

    /// Read back from the memo on disk, so checked: sizes in range, and a hash as `hash(_:)` writes it (sixteen hex
    /// digits, `-`, the size), which goes into the output's manifest line as it is.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        width = try container.decode(Int.self, forKey: .width)
        height = try container.decode(Int.self, forKey: .height)
        hash = try container.decode(String.self, forKey: .hash)
        size = try container.decode(Int.self, forKey: .size)
        guard NumberRange.amounts.contains(width), NumberRange.amounts.contains(height), NumberRange.amounts.contains(size),
              Self.isHash(hash, of: size)
        else { throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "image facts out of range")) }
    }

    /// Whether `hash` is what `Fingerprint.sized` writes for `size` bytes (sixteen hex digits, `-`, the size), as it must be
    /// to go into the output's manifest as it is.
    static func isHash(_ hash: String, of size: Int) -> Bool {
        Fingerprint.isSixteenHexDigits(hash.utf8.prefix(16)) && hash.utf8.dropFirst(16).elementsEqual("-\(size)".utf8)
    }
}

extension MediaFile {
    /// The WebP variants as a `srcset` (`a-320.x.webp 320w, a-640.y.webp 640w`), each path linked by `link` from the page.
    func webpSrcset(_ link: (String) -> String) -> String { webp.map { "\(link($0.path)) \($0.width)w" }.joined(separator: ", ") }

    /// The `sizes` a page gives when it does not know better: shown at most at its own width, never wider than the screen.
    var defaultSizes: String { "(max-width: \(width)px) 100vw, \(width)px" }
}

extension MediaFile: Fingerprinted {
    /// What a page shows of it: its path and size, and its variants' (their bytes are files of their own).
    public func write(to writer: inout FingerprintWriter) {
        writer.add(path, width, height)
        for variant in webp { writer.add(variant.path, variant.width) }
    }
}

/// Every image the site shows, by source URL or local path; missing ones become placeholders.
/// Todas las imágenes del sitio, por URL o ruta local; las que faltan son marcadores.
public struct MediaCatalog: Sendable {
    public private(set) var files: [String: MediaFile] = [:]

    public init() {}

    public mutating func add(_ file: MediaFile, for key: String) { files[key] = file }

    public subscript(key: String?) -> MediaFile? { key.flatMap { files[$0] } }

    /// The pictures shown, one per distinct path, sorted (their variants not listed).
    public var sources: [MediaFile] {
        var seen = Set<String>()
        return files.values.sorted { $0.path < $1.path }.filter { seen.insert($0.path).inserted }
    }

    /// Output files, one per distinct path, sorted: each picture, then its variants.
    public var outputs: [MediaFile] {
        var seen = Set<String>()
        return sources.flatMap { [$0] + $0.webp }.filter { seen.insert($0.path).inserted }
    }

    /// Every key showing a picture whose path `changes` names shows the file given instead, or the placeholder for nil.
    package mutating func replace(_ changes: [String: MediaFile?]) {
        guard !changes.isEmpty else { return }
        for (key, shown) in files { if let change = changes[shown.path] { files[key] = change } }
    }

    /// The keys (URLs, or paths below `Content/`) that show the picture at `path`, sorted.
    package func keys(showing path: String) -> [String] { files.filter { $0.value.path == path }.map(\.key).sorted() }
}

/// Reads width and height from PNG, GIF, JPEG, WebP and SVG headers.
/// Lee ancho y alto de las cabeceras PNG, GIF, JPEG, WebP y SVG.
public enum ImageSize {
    public static func of(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        switch PictureKind.of(bytes) {
        case .png where bytes.count >= 24: (be32(bytes, 16), be32(bytes, 20))
        case .gif where bytes.count >= 10: (Int(bytes[6]) | Int(bytes[7]) << 8, Int(bytes[8]) | Int(bytes[9]) << 8)
        case .jpeg: jpeg(bytes)
        case .webp where bytes.count >= 30: webp(bytes)
        case .svg: XMLProlog.rootStart(bytes).flatMap { svg(String(decoding: bytes[$0...].prefix(4096), as: UTF8.self)) }
        default: nil
        }
    }

    private static func be32(_ b: [UInt8], _ i: Int) -> Int {
        Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
    }

    /// The first chunk of a WebP: `VP8 ` (lossy: 14-bit sides after the key frame's start code), `VP8L` (lossless: 14-bit
    /// sides minus one, packed) or `VP8X` (extended: 24-bit sides minus one).
    private static func webp(_ b: [UInt8]) -> (Int, Int)? {
        func le(_ at: Int, _ count: Int) -> Int { (0..<count).reduce(0) { $0 | Int(b[at + $1]) << (8 * $1) } }
        switch String(decoding: b[12..<16], as: UTF8.self) {
        case "VP8 " where b[23] == 0x9D && b[24] == 0x01 && b[25] == 0x2A:
            return (le(26, 2) & 0x3FFF, le(28, 2) & 0x3FFF)
        case "VP8L" where b[20] == 0x2F:
            let bits = le(21, 4)
            return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
        case "VP8X":
            return (le(24, 3) + 1, le(27, 3) + 1)
        default:
            return nil
        }
    }

    private static func jpeg(_ b: [UInt8]) -> (Int, Int)? {
        var i = 2
        while i + 9 < b.count {
            guard b[i] == 0xFF else { i += 1; continue }
            let marker = b[i + 1]
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { i += 2; continue }
            let length = Int(b[i + 2]) << 8 | Int(b[i + 3])
            if (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker) {
                return (Int(b[i + 7]) << 8 | Int(b[i + 8]), Int(b[i + 5]) << 8 | Int(b[i + 6]))
            }
            i += 2 + length
        }
        return nil
    }

    private static func svg(_ text: String) -> (Int, Int)? {
        guard let open = text.range(of: "<svg") else { return nil }
        let tag = text[open.upperBound...].prefix { $0 != ">" }
        func attribute(_ name: String) -> String? {
            guard let r = tag.range(of: " \(name)=\"") ?? tag.range(of: "\n\(name)=\"") else { return nil }
            return String(tag[r.upperBound...].prefix { $0 != "\"" })
        }
        func number(_ s: String?) -> Int? {
            guard let s else { return nil }
            return Double(s.prefix { $0.isNumber || $0 == "." }).flatMap(pixels)
        }
        if let w = number(attribute("width")), let h = number(attribute("height")),
           attribute("width")?.hasSuffix("%") != true, attribute("height")?.hasSuffix("%") != true {
            return (w, h)
        }
        if let box = attribute("viewBox") {
            let parts = box.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
            if parts.count == 4, let width = pixels(parts[2]), let height = pixels(parts[3]) { return (width, height) }
        }
        return nil
    }

    /// A size an SVG declares, in whole pixels, when it is one a page can show (1 to 100,000): `1e999` is not.
    private static func pixels(_ value: Double) -> Int? {
        (0.5...100_000).contains(value) ? Int(value.rounded()) : nil
    }
}
