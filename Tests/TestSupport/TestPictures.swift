import VitrinaKit
import VitrinaFeatures
import VitrinaBuild

/// Pictures made here, in memory: RGBA patterns, and JPEGs given an EXIF block as a phone writes it.
public enum TestPictures {
    /// A gradient with a distinct colour per pixel region, opaque unless `alpha`.
    public static func gradient(width: Int, height: Int, alpha: Bool = false) throws -> DecodedPicture {
        var rgba: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                rgba += [UInt8(x * 255 / max(1, width - 1)), UInt8(y * 255 / max(1, height - 1)), 128, alpha ? UInt8((x + y) % 256) : 255]
            }
        }
        return try DecodedPicture.from(rgba: rgba, width: width, height: height, hasAlpha: alpha)
    }

    /// TIFF data for an EXIF block: IFD0 with the orientation and a GPS IFD holding a latitude (40° 26' 46").
    public static func exifTIFF(orientation: Int, littleEndian: Bool = true) -> [UInt8] {
        func u16(_ value: Int) -> [UInt8] { littleEndian ? [UInt8(value & 0xFF), UInt8(value >> 8)] : [UInt8(value >> 8), UInt8(value & 0xFF)] }
        func u32(_ value: Int) -> [UInt8] { littleEndian ? u16(value & 0xFFFF) + u16(value >> 16) : u16(value >> 16) + u16(value & 0xFFFF) }
        var tiff: [UInt8] = (littleEndian ? Array("II".utf8) : Array("MM".utf8)) + u16(42) + u32(8)
        let gpsIFD = 8 + 2 + 2 * 12 + 4
        tiff += u16(2)
        tiff += u16(0x0112) + u16(3) + u32(1) + u16(orientation) + u16(0)
        tiff += u16(0x8825) + u16(4) + u32(1) + u32(gpsIFD)
        tiff += u32(0)
        let rationals = gpsIFD + 2 + 2 * 12 + 4
        tiff += u16(2)
        tiff += u16(0x0001) + u16(2) + u32(2) + Array("N".utf8) + [0, 0, 0]
        tiff += u16(0x0002) + u16(5) + u32(3) + u32(rationals)
        tiff += u32(0)
        for (numerator, denominator) in [(40, 1), (26, 1), (4_600, 100)] { tiff += u32(numerator) + u32(denominator) }
        return tiff
    }

    /// The JPEG with an APP1 `Exif` segment put right after its start marker, as cameras place it.
    public static func withExif(_ jpeg: [UInt8], tiff: [UInt8]) -> [UInt8] {
        let body = Array("Exif".utf8) + [0, 0] + tiff
        let length = body.count + 2
        return Array(jpeg.prefix(2)) + [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + body + Array(jpeg.dropFirst(2))
    }

    /// zlib's CRC-32, for chunks of PNGs made by hand.
    public static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// A PNG that declares `width` x `height` and holds no pixel data.
    public static func pngHeader(width: UInt32, height: UInt32) -> [UInt8] {
        func be32(_ value: UInt32) -> [UInt8] { [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)] }
        let ihdr = Array("IHDR".utf8) + be32(width) + be32(height) + [8, 6, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be32(13) + ihdr + be32(crc32(ihdr))
    }
}

/// A phone's photo as it comes off the phone: 4032 x 3024 stored sideways (EXIF orientation 6) with the GPS position of
/// where it was taken; its left half red and right half blue, so the upright picture is red on top, blue below.
public enum PhonePhoto {
    public static let width = 4_032, height = 3_024

    public static func bytes() throws -> [UInt8] {
        let rgba = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
            for y in 0..<height {
                for x in 0..<width {
                    let at = (y * width + x) * 4
                    let red = x < width / 2
                    // A little texture, so the encoders have something to keep.
                    let grain = UInt8((x ^ y) & 15)
                    buffer[at] = red ? 200 + grain : 20 + grain
                    buffer[at + 1] = 30 + grain
                    buffer[at + 2] = red ? 30 + grain : 210 + grain
                    buffer[at + 3] = 255
                }
            }
            count = width * height * 4
        }
        let jpeg = try DecodedPicture.from(rgba: rgba, width: width, height: height, hasAlpha: false).encoded(as: .jpeg, quality: 85)
        return TestPictures.withExif(jpeg, tiff: TestPictures.exifTIFF(orientation: 6))
    }
}
