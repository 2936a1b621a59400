/// The orientation a phone writes into a JPEG's EXIF block (tag 0x0112, values 1–8), read from the bytes with every
/// offset checked: the file is hostile, and a block that lies about its sizes reads as "no orientation".
/// La orientación que un teléfono escribe en el bloque EXIF de un JPEG, leída comprobando cada desplazamiento.
public enum ExifOrientation {
    /// The orientation of a JPEG, 1 when it says none or cannot be read.
    public static func of(jpeg bytes: [UInt8]) -> Int {
        guard let tiff = exifBlock(in: bytes) else { return 1 }
        return orientation(inTIFF: tiff) ?? 1
    }

    /// The TIFF data of the first APP1 segment that starts with `Exif\0\0`.
    static func exifBlock(in bytes: [UInt8]) -> ArraySlice<UInt8>? {
        var block: ArraySlice<UInt8>?
        JPEGSegments.each(in: bytes) { marker, body in
            if block == nil, marker == 0xE1, body.starts(with: [0x45, 0x78, 0x69, 0x66, 0, 0]) { block = body.dropFirst(6) }
        }
        return block
    }

    /// Tag 0x0112 of IFD0 in TIFF data (`II*\0` or `MM\0*`), when it is a SHORT from 1 to 8.
    static func orientation(inTIFF tiff: ArraySlice<UInt8>) -> Int? {
        guard let reader = TIFFReader(tiff), let ifd = reader.firstIFD,
              let entry = reader.entries(at: ifd).first(where: { $0.tag == 0x0112 }), let value = reader.short(entry) else { return nil }
        return (1...8).contains(value) ? value : nil
    }

    /// Whether the orientation turns the picture a quarter, so its shown width is its stored height.
    public static func swapsSides(_ orientation: Int) -> Bool { (5...8).contains(orientation) }
}

/// The marker segments of a JPEG before its image data (at most 64), each as its marker and body, every length checked.
/// Los segmentos de un JPEG antes de sus datos de imagen, con cada longitud comprobada.
enum JPEGSegments {
    static func each(in bytes: [UInt8], _ body: (UInt8, ArraySlice<UInt8>) -> Void) {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return }
        var index = 2
        for _ in 0..<64 {
            guard index + 4 <= bytes.count, bytes[index] == 0xFF else { return }
            let marker = bytes[index + 1]
            // Start of scan or end of image: the metadata segments are all before it.
            if marker == 0xDA || marker == 0xD9 { return }
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            guard length >= 2, index + 2 + length <= bytes.count else { return }
            body(marker, bytes[(index + 4)..<(index + 2 + length)])
            index += 2 + length
        }
    }
}
