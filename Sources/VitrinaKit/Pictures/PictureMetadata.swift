import CImageCodecs

/// The EXIF fields a site may keep in its published pictures (`pictures: {keep: [artist, copyright]}`): who made the
/// picture and its rights, its caption, the date it was taken and the camera's make and model. The position (GPS), serial
/// numbers, the thumbnail and everything else are never kept.
/// Los campos EXIF que un sitio puede conservar: autor, derechos, descripción, fecha y cámara; nunca la posición.
public enum KeptMetadata: String, Sendable, CaseIterable, Comparable {
    case artist, copyright, description, date, camera

    /// The TIFF tags each name keeps (all ASCII), and whether they live in the Exif sub-IFD.
    var tags: [Int] {
        switch self {
        case .artist: [0x013B]
        case .copyright: [0x8298]
        case .description: [0x010E]
        case .date: [0x9003]
        case .camera: [0x010F, 0x0110]
        }
    }

    static let exifIFDPointer = 0x8769
    static let inExifIFD: Set<Int> = [0x9003]

    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}

/// The kept fields of one picture, as (tag, ASCII bytes without the closing NUL), read from its EXIF and written back
/// into each variant as a small EXIF block of its own (big-endian TIFF): a JPEG's APP1, a WebP's `EXIF` chunk (with the
/// `VP8X` header it needs), a PNG's `eXIf` chunk.
/// Los campos conservados de una imagen, leídos de su EXIF y escritos de nuevo en cada variante.
struct PictureMetadata: Sendable, Equatable {
    /// By tag, ascending.
    let fields: [(tag: Int, value: [UInt8])]

    /// The longest value kept; a longer one is left out.
    static let maxValue = 2_000

    static func == (a: Self, b: Self) -> Bool { a.fields.map(\.tag) == b.fields.map(\.tag) && a.fields.map(\.value) == b.fields.map(\.value) }

    /// The fields of `keep` the picture's EXIF holds; nil when it holds none of them.
    init?(of bytes: [UInt8], format: PictureFormat, keeping keep: Set<KeptMetadata>) {
        guard !keep.isEmpty, let block = Self.exifBlock(bytes, format), let tiff = TIFFReader(block), let ifd0 = tiff.firstIFD else { return nil }
        let wanted = Set(keep.flatMap(\.tags))
        var found: [Int: [UInt8]] = [:]
        let first = tiff.entries(at: ifd0)
        for entry in first where wanted.contains(entry.tag) && !KeptMetadata.inExifIFD.contains(entry.tag) { found[entry.tag] = tiff.ascii(entry) }
        if let pointer = first.first(where: { $0.tag == KeptMetadata.exifIFDPointer }), let exif = tiff.long(pointer) {
            for entry in tiff.entries(at: exif) where wanted.contains(entry.tag) && KeptMetadata.inExifIFD.contains(entry.tag) {
                found[entry.tag] = tiff.ascii(entry)
            }
        }
        let fields = found.compactMap { tag, value in value.isEmpty || value.count > Self.maxValue ? nil : (tag, value) }.sorted { $0.0 < $1.0 }
        guard !fields.isEmpty else { return nil }
        self.fields = fields.map { (tag: $0.0, value: $0.1) }
    }

    init(fields: [(tag: Int, value: [UInt8])]) { self.fields = fields.sorted { $0.tag < $1.tag } }

    private static func exifBlock(_ bytes: [UInt8], _ format: PictureFormat) -> ArraySlice<UInt8>? {
        switch format {
        case .jpeg: ExifOrientation.exifBlock(in: bytes)
        case .png: PNGChunks.first("eXIf", in: bytes)
        case .webp: nil
        }
    }

    /// The fields as TIFF data: IFD0 with those of IFD0 and, for the date, a pointer to an Exif IFD holding it.
    var tiff: [UInt8] {
        let main = fields.filter { !KeptMetadata.inExifIFD.contains($0.tag) }, exif = fields.filter { KeptMetadata.inExifIFD.contains($0.tag) }
        let mainCount = main.count + (exif.isEmpty ? 0 : 1)
        let exifIFD = 8 + 2 + mainCount * 12 + 4
        var data = 8 + 2 + mainCount * 12 + 4 + (exif.isEmpty ? 0 : 2 + exif.count * 12 + 4)
        var values: [UInt8] = []
        func entries(_ list: [(tag: Int, value: [UInt8])]) -> [UInt8] {
            list.flatMap { field -> [UInt8] in
                let value = field.value + [0]
                var entry = Self.u16(field.tag) + Self.u16(2) + Self.u32(value.count)
                if value.count <= 4 { entry += value + [UInt8](repeating: 0, count: 4 - value.count) }
                else {
                    entry += Self.u32(data)
                    let padded = value + (value.count % 2 == 1 ? [0] : [])
                    values += padded
                    data += padded.count
                }
                return entry
            }
        }
        var out: [UInt8] = Array("MM".utf8) + Self.u16(42) + Self.u32(8) + Self.u16(mainCount)
        var pointer: [UInt8] = []
        if !exif.isEmpty { pointer = Self.u16(KeptMetadata.exifIFDPointer) + Self.u16(4) + Self.u32(1) + Self.u32(exifIFD) }
        // Entries in ascending tag order: the pointer (0x8769) comes after every kept IFD0 tag but none.
        let before = main.filter { $0.tag < KeptMetadata.exifIFDPointer }, after = main.filter { $0.tag > KeptMetadata.exifIFDPointer }
        out += entries(before) + pointer + entries(after) + Self.u32(0)
        if !exif.isEmpty { out += Self.u16(exif.count) + entries(exif) + Self.u32(0) }
        return out + values
    }

    /// The made file with the fields written into it.
    func written(into bytes: [UInt8], format: PictureFormat, width: Int, height: Int, hasAlpha: Bool) -> [UInt8] {
        switch format {
        case .jpeg: jpeg(bytes)
        case .png: png(bytes)
        case .webp: webp(bytes, width: width, height: height, hasAlpha: hasAlpha)
        }
    }

    /// An APP1 `Exif` segment after the start marker and the JFIF segment.
    private func jpeg(_ bytes: [UInt8]) -> [UInt8] {
        let body = Array("Exif".utf8) + [0, 0] + tiff
        var at = 2
        if bytes.count > 6, bytes[2] == 0xFF, bytes[3] == 0xE0 { at = 4 + (Int(bytes[4]) << 8 | Int(bytes[5])) }
        guard at <= bytes.count, body.count + 2 <= 0xFFFF else { return bytes }
        return Array(bytes[..<at]) + [0xFF, 0xE1] + Self.u16(body.count + 2) + body + Array(bytes[at...])
    }

    /// An `eXIf` chunk right after `IHDR`.
    private func png(_ bytes: [UInt8]) -> [UInt8] {
        let afterHeader = 8 + 12 + 13
        guard bytes.count > afterHeader else { return bytes }
        let block = tiff
        let typed = Array("eXIf".utf8) + block
        let crc = typed.withUnsafeBufferPointer { vit_crc32($0.baseAddress, $0.count) }
        return Array(bytes[..<afterHeader]) + Self.u32(block.count) + typed + Self.u32(Int(crc)) + Array(bytes[afterHeader...])
    }

    /// An `EXIF` chunk at the end, the `VP8X` header's EXIF flag set (a header added to a simple file) and RIFF's size
    /// made again.
    private func webp(_ bytes: [UInt8], width: Int, height: Int, hasAlpha: Bool) -> [UInt8] {
        guard bytes.count >= 20, bytes.starts(with: Array("RIFF".utf8)) else { return bytes }
        var chunks = Array(bytes[12...])
        let first = String(decoding: chunks[0..<4], as: UTF8.self)
        if first == "VP8X" {
            chunks[8] |= 0x08
        } else {
            func u24(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF), UInt8((value >> 16) & 0xFF)] }
            let flags: UInt8 = 0x08 | (first == "VP8L" && hasAlpha ? 0x10 : 0)
            chunks = Array("VP8X".utf8) + Self.le32(10) + [flags, 0, 0, 0] + u24(width - 1) + u24(height - 1) + chunks
        }
        let block = tiff
        chunks += Array("EXIF".utf8) + Self.le32(block.count) + block + (block.count % 2 == 1 ? [0] : [])
        return Array("RIFF".utf8) + Self.le32(4 + chunks.count) + Array("WEBP".utf8) + chunks
    }

    private static func u16(_ value: Int) -> [UInt8] { [UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)] }
    private static func u32(_ value: Int) -> [UInt8] { u16(value >> 16) + u16(value & 0xFFFF) }
    private static func le32(_ value: Int) -> [UInt8] { [0, 8, 16, 24].map { UInt8((value >> $0) & 0xFF) } }
}

/// TIFF data (EXIF's body) read with every offset checked: II or MM, 42, then IFDs of 12-byte entries.
/// Datos TIFF leídos comprobando cada desplazamiento.
struct TIFFReader {
    struct Entry {
        let tag: Int
        let type: Int
        let count: Int
        /// Where the entry's four-byte value field is.
        let at: Int
    }

    let data: [UInt8]
    let little: Bool

    init?(_ tiff: ArraySlice<UInt8>) {
        data = Array(tiff)
        guard data.count >= 8 else { return nil }
        switch (data[0], data[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        guard u16(2) == 42 else { return nil }
    }

    var firstIFD: Int? { u32(4).flatMap { $0 >= 8 ? $0 : nil } }

    func u16(_ at: Int) -> Int? {
        guard at >= 0, at + 2 <= data.count else { return nil }
        return little ? Int(data[at]) | Int(data[at + 1]) << 8 : Int(data[at]) << 8 | Int(data[at + 1])
    }

    func u32(_ at: Int) -> Int? {
        guard let first = u16(at), let second = u16(at + 2) else { return nil }
        return little ? first | second << 16 : first << 16 | second
    }

    /// The entries of the IFD at `offset` (at most 512), up to the first that does not fit.
    func entries(at offset: Int) -> [Entry] {
        guard let count = u16(offset) else { return [] }
        var entries: [Entry] = []
        for index in 0..<min(count, 512) {
            let at = offset + 2 + index * 12
            guard let tag = u16(at), let type = u16(at + 2), let values = u32(at + 4), at + 12 <= data.count else { break }
            entries.append(Entry(tag: tag, type: type, count: values, at: at + 8))
        }
        return entries
    }

    /// A SHORT entry's value.
    func short(_ entry: Entry) -> Int? { entry.type == 3 ? u16(entry.at) : nil }

    /// A LONG entry's value (an IFD's offset).
    func long(_ entry: Entry) -> Int? { entry.type == 4 ? u32(entry.at) : nil }

    /// An ASCII entry's bytes up to its first NUL: inside the entry up to 4 bytes, else where it points; nil when the
    /// entry is not ASCII, longer than `PictureMetadata.maxValue` or outside the data.
    func ascii(_ entry: Entry) -> [UInt8]? {
        guard entry.type == 2, entry.count >= 1, entry.count <= PictureMetadata.maxValue + 1 else { return nil }
        let start = entry.count <= 4 ? entry.at : (u32(entry.at) ?? -1)
        guard start >= 0, start + entry.count <= data.count else { return nil }
        return Array(data[start..<(start + entry.count)].prefix { $0 != 0 })
    }
}

/// The chunks of a PNG before its image data (at most 1,000), each length checked.
/// Los bloques de un PNG antes de sus datos de imagen.
enum PNGChunks {
    static func first(_ wanted: String, in bytes: [UInt8]) -> ArraySlice<UInt8>? {
        var offset = 8
        for _ in 0..<1_000 {
            guard offset + 12 <= bytes.count else { return nil }
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            guard length <= bytes.count - offset - 12 else { return nil }
            if type == wanted { return bytes[(offset + 8)..<(offset + 8 + length)] }
            if type == "IDAT" || type == "IEND" { return nil }
            offset += 12 + length
        }
        return nil
    }
}
