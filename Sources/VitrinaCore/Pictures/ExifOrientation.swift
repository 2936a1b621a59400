/// The orientation a phone writes into a JPEG's EXIF block (tag 0x0112, values 1–8), read from the bytes with every
/// offset checked: the file is hostile, and a block that lies about its sizes reads as "no orientation".
/// La orientación que un teléfono escribe en el bloque EXIF de un JPEG, leída comprobando cada desplazamiento.
public enum ExifOrientation {
    /// The orientation of a JPEG, 1 when it says none or cannot be read.
    public static func of(jpeg bytes: [UInt8]) -> Int {
        guard let tiff = exifBlock(in: bytes) else { return 1 }
        return orientation(inTIFF: tiff) ?? 1
    }

    /// The TIFF data of the first APP1 segment that starts with `Exif\0\0`, looked for among the markers before the
    /// image data (at most 64 segments).
    static func exifBlock(in bytes: [UInt8]) -> ArraySlice<UInt8>? {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var index = 2
        for _ in 0..<64 {
            guard index + 4 <= bytes.count, bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            // Start of scan or end of image: the metadata segments are all before it.
            if marker == 0xDA || marker == 0xD9 { return nil }
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            guard length >= 2, index + 2 + length <= bytes.count else { return nil }
            let body = bytes[(index + 4)..<(index + 2 + length)]
            if marker == 0xE1, body.starts(with: [0x45, 0x78, 0x69, 0x66, 0, 0]) { return body.dropFirst(6) }
            index += 2 + length
        }
        return nil
    }

    /// Tag 0x0112 of IFD0 in TIFF data (`II*\0` or `MM\0*`), when it is a SHORT from 1 to 8.
    static func orientation(inTIFF tiff: ArraySlice<UInt8>) -> Int? {
        let data = Array(tiff)
        guard data.count >= 8 else { return nil }
        let little: Bool
        switch (data[0], data[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= data.count else { return nil }
            return little ? Int(data[at]) | Int(data[at + 1]) << 8 : Int(data[at]) << 8 | Int(data[at + 1])
        }
        func u32(_ at: Int) -> Int? {
            guard let first = u16(at), let second = u16(at + 2) else { return nil }
            return little ? first | second << 16 : first << 16 | second
        }
        guard u16(2) == 42, let ifd = u32(4), ifd >= 8, let count = u16(ifd) else { return nil }
        for entry in 0..<min(count, 512) {
            let at = ifd + 2 + entry * 12
            guard let tag = u16(at), let type = u16(at + 2) else { return nil }
            // Type 3 is SHORT: its value sits in the first two bytes of the entry's value field.
            if tag == 0x0112, type == 3, let value = u16(at + 8) { return (1...8).contains(value) ? value : nil }
        }
        return nil
    }

    /// Whether the orientation turns the picture a quarter, so its shown width is its stored height.
    public static func swapsSides(_ orientation: Int) -> Bool { (5...8).contains(orientation) }
}
