import Foundation
import Testing
import TestSupport
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

@Suite("Pictures: decoding, resizing, encoding")
struct PictureCodecTests {
    static let limit = 100_000_000

    @Test("PNG is lossless both ways, alpha kept; the format is told by the bytes")
    func pngRoundTrip() throws {
        let picture = try TestPictures.gradient(width: 40, height: 30, alpha: true)
        let bytes = try picture.encoded(as: .png, quality: 80)
        #expect(PictureFormat(sniffing: bytes) == .png)
        let back = try PictureCodec.decode(bytes, format: .png, pixelLimit: Self.limit)
        #expect(back.width == 40 && back.height == 30 && back.hasAlpha)
        for (x, y) in [(0, 0), (39, 0), (17, 12), (39, 29)] { #expect(back.pixel(x: x, y: y) == picture.pixel(x: x, y: y)) }
    }

    @Test("JPEG and WebP come back at their size with colours close to the original's")
    func lossyRoundTrips() throws {
        let picture = try TestPictures.gradient(width: 64, height: 48)
        for format in [PictureFormat.jpeg, .webp] {
            let bytes = try picture.encoded(as: format, quality: 90)
            #expect(PictureFormat(sniffing: bytes) == format)
            #expect(PictureCodec.size(of: bytes, format: format)?.width == 64)
            let back = try PictureCodec.decode(bytes, format: format, pixelLimit: Self.limit)
            #expect(back.width == 64 && back.height == 48 && !back.hasAlpha)
            for (x, y) in [(8, 8), (32, 24), (56, 40)] {
                let (a, b) = (back.pixel(x: x, y: y), picture.pixel(x: x, y: y))
                #expect((0..<3).allSatisfy { abs(Int(a[$0]) - Int(b[$0])) <= 12 }, "\(format) at \(x),\(y): \(a) vs \(b)")
            }
        }
    }

    @Test("A WebP's size is read from its header, lossy (VP8) and with alpha (VP8X)")
    func webpHeaders() throws {
        for alpha in [false, true] {
            let bytes = try TestPictures.gradient(width: 70, height: 33, alpha: alpha).encoded(as: .webp, quality: 75)
            #expect(bytes[12..<16].elementsEqual((alpha ? "VP8X" : "VP8 ").utf8))
            let size = try #require(ImageSize.of(bytes))
            #expect(size.width == 70 && size.height == 33)
        }
    }

    @Test("Resizing keeps the proportions and the colours of flat regions")
    func resizing() throws {
        let rgba = (0..<(100 * 60)).flatMap { index -> [UInt8] in index % 100 < 50 ? [200, 30, 30, 255] : [20, 40, 220, 255] }
        let picture = try DecodedPicture.from(rgba: rgba, width: 100, height: 60, hasAlpha: false)
        let small = try picture.resized(toWidth: 25)
        #expect(small.width == 25 && small.height == 15)
        #expect(small.pixel(x: 2, y: 7) == [200, 30, 30, 255])
        #expect(small.pixel(x: 22, y: 7) == [20, 40, 220, 255])
        #expect(try picture.resized(toWidth: 100) === picture)
    }

    @Test("A JPEG decoded at a quarter of its size by libjpeg-turbo's scaled decoding")
    func scaledDecoding() throws {
        let bytes = try TestPictures.gradient(width: 400, height: 300).encoded(as: .jpeg, quality: 80)
        let quarter = try PictureCodec.decode(bytes, format: .jpeg, pixelLimit: Self.limit, scaleDown: 4)
        #expect(quarter.width == 100 && quarter.height == 75)
    }

    @Test("Each EXIF orientation shows the stored picture upright, as EXIF 2.3's table says")
    func orientations() throws {
        // Six pixels, each its own colour: stored as 3 wide, 2 high.
        let stored: [UInt8] = (0..<6).flatMap { index -> [UInt8] in [UInt8(index * 40), 0, 0, 255] }
        let picture = try DecodedPicture.from(rgba: stored, width: 3, height: 2, hasAlpha: false)
        func storedIndex(_ pixel: [UInt8]) -> Int { Int(pixel[0]) / 40 }
        // For each orientation: the stored (x, y) shown at each displayed (x, y), from the table's words ("the 0th row
        // is the visual right-hand side, the 0th column the visual top" for 6, and so on).
        let expected: [Int: (width: Int, map: (Int, Int) -> (Int, Int))] = [
            1: (3, { ($0, $1) }), 2: (3, { (2 - $0, $1) }), 3: (3, { (2 - $0, 1 - $1) }), 4: (3, { ($0, 1 - $1) }),
            5: (2, { ($1, $0) }), 6: (2, { ($1, 1 - $0) }), 7: (2, { (2 - $1, 1 - $0) }), 8: (2, { (2 - $1, $0) }),
        ]
        for (orientation, shape) in expected {
            let upright = try picture.oriented(orientation)
            #expect(upright.width == shape.width && upright.height == 6 / shape.width)
            for y in 0..<upright.height {
                for x in 0..<upright.width {
                    let (sx, sy) = shape.map(x, y)
                    #expect(storedIndex(upright.pixel(x: x, y: y)) == sy * 3 + sx, "orientation \(orientation) at \(x),\(y)")
                }
            }
        }
    }

    @Test("The orientation is read from a phone's EXIF block in either byte order; a lying block reads as none")
    func exifOrientation() throws {
        let jpeg = try TestPictures.gradient(width: 16, height: 8).encoded(as: .jpeg, quality: 80)
        for little in [true, false] {
            let photo = TestPictures.withExif(jpeg, tiff: TestPictures.exifTIFF(orientation: 6, littleEndian: little))
            #expect(ExifOrientation.of(jpeg: photo) == 6)
            #expect(try PictureCodec.decode(photo, format: .jpeg, pixelLimit: Self.limit).width == 16)
        }
        #expect(ExifOrientation.of(jpeg: jpeg) == 1)
        var lying = TestPictures.exifTIFF(orientation: 6)
        lying[4] = 0xF0  // IFD0 beyond the block
        #expect(ExifOrientation.of(jpeg: TestPictures.withExif(jpeg, tiff: lying)) == 1)
        #expect(ExifOrientation.of(jpeg: TestPictures.withExif(jpeg, tiff: TestPictures.exifTIFF(orientation: 9))) == 1)
    }

    @Test("What is written carries no metadata: no EXIF, no GPS, whatever the source held")
    func metadataStripped() throws {
        let jpeg = try TestPictures.gradient(width: 32, height: 24).encoded(as: .jpeg, quality: 80)
        let tiff = TestPictures.exifTIFF(orientation: 6)
        let photo = TestPictures.withExif(jpeg, tiff: tiff)
        let decoded = try PictureCodec.decode(photo, format: .jpeg, pixelLimit: Self.limit)
        for format in [PictureFormat.jpeg, .webp, .png] {
            let written = try decoded.oriented(6).encoded(as: format, quality: 80)
            #expect(written.firstRange(of: Array("Exif".utf8)) == nil, "\(format)")
            #expect(written.firstRange(of: Array("XMP".utf8)) == nil, "\(format)")
            #expect(written.firstRange(of: Array(tiff.prefix(8))) == nil, "\(format)")
            #expect(written.firstRange(of: Array("GPS".utf8)) == nil, "\(format)")
        }
    }

    @Test("A decompression bomb is refused from its header, before any pixel is decoded")
    func pixelLimit() throws {
        let bomb = TestPictures.pngHeader(width: 100_000, height: 100_000)
        #expect(throws: PictureError.self) { try PictureCodec.decode(bomb, format: .png, pixelLimit: Self.limit) }
        let big = try TestPictures.gradient(width: 200, height: 200).encoded(as: .jpeg, quality: 50)
        let error = #expect(throws: PictureError.self) { try PictureCodec.decode(big, format: .jpeg, pixelLimit: 39_999) }
        #expect(error?.message.contains("limit") == true)
        #expect(try PictureCodec.decode(big, format: .jpeg, pixelLimit: 40_000).width == 200)
    }

    @Test("Empty, truncated and foreign bytes are errors, never a crash or a grey picture")
    func damagedFiles() throws {
        let jpeg = try TestPictures.gradient(width: 64, height: 64).encoded(as: .jpeg, quality: 80)
        let png = try TestPictures.gradient(width: 64, height: 64).encoded(as: .png, quality: 80)
        let webp = try TestPictures.gradient(width: 64, height: 64).encoded(as: .webp, quality: 80)
        for (bytes, format) in [([UInt8](), PictureFormat.jpeg), (Array(jpeg.prefix(jpeg.count / 2)), .jpeg), (Array(png.prefix(png.count / 2)), .png),
                                (Array(webp.prefix(webp.count / 2)), .webp), (Array("<html>not a picture</html>".utf8), .jpeg),
                                (Array("<html>not a picture</html>".utf8), .png), (png, .jpeg)] {
            #expect(throws: PictureError.self, "\(format), \(bytes.count) bytes") { try PictureCodec.decode(bytes, format: format, pixelLimit: Self.limit) }
        }
        #expect(PictureFormat(sniffing: Array("GIF89a".utf8)) == nil)
        #expect(PictureFormat(sniffing: []) == nil)
    }

    /// The index of `.vitrina/pictures/` as a build would write it (a valid checksum), with one entry of one WebP.
    static func cacheIndex(key: String, width: Int, hash: String = "0123456789abcdef-10", size: Int = 10) -> [UInt8] {
        var writer = ByteWriter()
        writer.int(1)
        writer.string(key)
        writer.int(0)
        writer.int(1)
        writer.strings(["webp", hash])
        for number in [width, 10, size] { writer.int(number) }
        return writer.bytes
    }

    @Test("The picture cache's index is read back as hostile: a key that is not sixteen hex digits (it names files), a width or hash out of range: nothing trusted")
    func hostileCacheIndex() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vitrina-pictures-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func cache(_ payload: [UInt8]) throws -> PictureCache {
            try MemoFile.write(payload, to: folder + "/index.bin", header: PictureCache.header, context: PictureMaker.version)
            return PictureCache(directory: folder)
        }
        let good = "0123456789abcdef"
        #expect(try cache(Self.cacheIndex(key: good, width: 320)).picture(for: good)?.webp.first?.width == 320)
        for key in ["../../../etc/xx1", "0123456789ABCDEF", "0123456789abcde/", "0123456789abcdef0", ""] {
            #expect(try cache(Self.cacheIndex(key: key, width: 320)).picture(for: key) == nil, "\(key)")
        }
        #expect(try cache(Self.cacheIndex(key: good, width: 0)).picture(for: good) == nil)
        #expect(try cache(Self.cacheIndex(key: good, width: 320, hash: "../x-10")).picture(for: good) == nil)
        #expect(try cache(Self.cacheIndex(key: good, width: 320, size: -1)).picture(for: good) == nil)
        #expect(PictureCache.isMadeFileName("0123456789abcdef-640.webp") && !PictureCache.isMadeFileName("index.bin")
                && !PictureCache.isMadeFileName("0123456789abcdeg-640.webp") && !PictureCache.isMadeFileName("0123456789abcdef-64x.webp"))
    }

    @Test("10,000 seeded mutations of real JPEG, PNG and WebP files: each decodes within bounds or is an error")
    func mutatedPictures() throws {
        var random = SeededGenerator(seed: 0x5EED_1A6E)
        let source = try TestPictures.gradient(width: 24, height: 16, alpha: true)
        let originals = try [PictureFormat.jpeg, .png, .webp].map { ($0, try source.encoded(as: $0, quality: 70)) }
        var decoded = 0
        for round in 0..<10_000 {
            let (format, original) = originals[round % originals.count]
            var bytes = original
            switch Int.random(in: 0..<4, using: &random) {
            case 0: bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &random)))
            case 1:
                for _ in 0..<Int.random(in: 1...8, using: &random) { bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random) }
            case 2:
                // A header's size fields are where bombs hide: flip bytes among the first 40.
                for _ in 0..<Int.random(in: 1...3, using: &random) { bytes[Int.random(in: 0..<min(40, bytes.count), using: &random)] ^= UInt8.random(in: 1...255, using: &random) }
            default:
                let at = Int.random(in: 0..<bytes.count, using: &random)
                bytes.insert(contentsOf: (0..<Int.random(in: 1...32, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }, at: at)
            }
            // The EXIF reader sees the same hostile bytes: an orientation from 1 to 8, whatever they claim.
            #expect((1...8).contains(ExifOrientation.of(jpeg: bytes)))
            do {
                let picture = try PictureCodec.decode(bytes, format: format, pixelLimit: 1_000_000)
                #expect(picture.width * picture.height <= 1_000_000)
                decoded += 1
            } catch {
                #expect(!error.message.isEmpty)
            }
        }
        // Some mutations leave a readable picture (a flipped byte in the pixel data of a PNG's filter, say) and most not.
        #expect(decoded > 0 && decoded < 10_000)
    }
}
