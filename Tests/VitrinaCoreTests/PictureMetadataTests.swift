import Foundation
import Testing
import TestSupport
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// The EXIF fields a site chooses to keep, written back into every variant, and nothing else: never the position.
/// Los campos EXIF que un sitio decide conservar, escritos en cada variante, y nada más: nunca la posición.
@Suite("Pictures: kept metadata")
struct PictureMetadataTests {
    static let serial = "SN-4815162342"

    /// Little-endian TIFF with IFD0 (make, model, orientation, artist, copyright, pointers), an Exif IFD (date taken, the
    /// body's serial number) and a GPS IFD (a latitude), as a phone writes them.
    static func phoneTIFF() -> [UInt8] {
        typealias Entry = (tag: Int, type: Int, count: Int, payload: [UInt8])
        func u16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF)] }
        func u32(_ v: Int) -> [UInt8] { u16(v & 0xFFFF) + u16(v >> 16) }
        func ascii(_ tag: Int, _ text: String) -> Entry { let bytes = Array(text.utf8) + [0]; return (tag, 2, bytes.count, bytes) }
        func ifdSize(_ entries: [Entry]) -> Int { 2 + entries.count * 12 + 4 }
        let gps: [Entry] = [(0x0001, 2, 2, Array("N".utf8) + [0]), (0x0002, 5, 3, [40, 1, 26, 1, 4_600, 100].flatMap(u32))]
        let exif: [Entry] = [ascii(0x9003, "2026:11:26 09:30:00"), ascii(0xA431, serial)]
        var main: [Entry] = [ascii(0x010F, "Fone"), ascii(0x0110, "Fone 12 Pro"), (0x0112, 3, 1, u16(6) + [0, 0]),
                    ascii(0x013B, "Ana Pérez"), ascii(0x8298, "© 2026 Ana Pérez"), (0x8769, 4, 1, []), (0x8825, 4, 1, [])]
        let exifAt = 8 + ifdSize(main), gpsAt = exifAt + ifdSize(exif)
        main[5].payload = u32(exifAt)
        main[6].payload = u32(gpsAt)
        var dataAt = gpsAt + ifdSize(gps)
        var data: [UInt8] = []
        func ifd(_ entries: [Entry]) -> [UInt8] {
            u16(entries.count) + entries.flatMap { entry -> [UInt8] in
                var field = u16(entry.tag) + u16(entry.type) + u32(entry.count)
                if entry.payload.count <= 4 { field += entry.payload + [UInt8](repeating: 0, count: 4 - entry.payload.count) }
                else { field += u32(dataAt); data += entry.payload; dataAt += entry.payload.count }
                return field
            } + u32(0)
        }
        let header = Array("II".utf8) + u16(42) + u32(8)
        let ifds = ifd(main) + ifd(exif) + ifd(gps)
        return header + ifds + data
    }

    static func photo() throws -> [UInt8] {
        let jpeg = try TestPictures.gradient(width: 400, height: 300).encoded(as: .jpeg, quality: 90)
        return TestPictures.withExif(jpeg, tiff: phoneTIFF())
    }

    /// The EXIF block of a made file, whichever its format.
    static func exif(of bytes: [UInt8]) -> ArraySlice<UInt8>? {
        switch PictureFormat(sniffing: bytes) {
        case .jpeg: return ExifOrientation.exifBlock(in: bytes)
        case .png: return PNGChunks.first("eXIf", in: bytes)
        case .webp:
            var at = 12
            while at + 8 <= bytes.count {
                let size = Int(bytes[at + 4]) | Int(bytes[at + 5]) << 8 | Int(bytes[at + 6]) << 16 | Int(bytes[at + 7]) << 24
                if bytes[at..<(at + 4)].elementsEqual("EXIF".utf8) { return bytes[(at + 8)..<min(bytes.count, at + 8 + size)] }
                at += 8 + size + size % 2
            }
            return nil
        case nil: return nil
        }
    }

    /// Every tag of every IFD in the block, with its ASCII value when it has one.
    static func tags(_ block: ArraySlice<UInt8>) throws -> [Int: String] {
        let tiff = try #require(TIFFReader(block))
        var found: [Int: String] = [:]
        var queue = [try #require(tiff.firstIFD)]
        while let ifd = queue.popLast() {
            for entry in tiff.entries(at: ifd) {
                found[entry.tag] = tiff.ascii(entry).map { String(decoding: $0, as: UTF8.self) } ?? ""
                if [0x8769, 0x8825].contains(entry.tag), let next = tiff.long(entry) { queue.append(next) }
            }
        }
        return found
    }

    @Test("keep: [artist, copyright, date, camera] writes those fields into the fallback and every WebP, and no others")
    func keptFieldsAreWrittenBack() throws {
        var settings = PictureSettings(widths: [160, 320])
        settings.keep = [.artist, .copyright, .date, .camera]
        let made = try PictureMaker(settings: settings).make(try Self.photo())
        #expect(made.files.count == 3)
        for file in made.files {
            let block = try #require(Self.exif(of: file), "each made file carries the kept fields")
            let tags = try Self.tags(block)
            #expect(tags[0x013B] == "Ana Pérez" && tags[0x8298] == "© 2026 Ana Pérez" && tags[0x9003] == "2026:11:26 09:30:00")
            #expect(tags[0x010F] == "Fone" && tags[0x0110] == "Fone 12 Pro")
            #expect(Set(tags.keys) == [0x010F, 0x0110, 0x013B, 0x8298, 0x8769, 0x9003], "no position, serial or orientation: \(tags.keys.sorted())")
            #expect(file.firstRange(of: Array(Self.serial.utf8)) == nil, "the serial number is nowhere in the file")
            // Still a picture its decoder reads, at its size, upright (orientation applied to the pixels, not written).
            let picture = try PictureCodec.decode(file, format: try #require(PictureFormat(sniffing: file)), pixelLimit: 1_000_000)
            #expect(picture.height > picture.width)
        }
    }

    @Test("By default nothing but pixels: no EXIF block at all, and only the named fields when some are")
    func nothingByDefaultAndOnlyWhatIsNamed() throws {
        let plain = try PictureMaker(settings: PictureSettings(widths: [320])).make(try Self.photo())
        for file in plain.files { #expect(Self.exif(of: file) == nil) }
        var settings = PictureSettings(widths: [320])
        settings.keep = [.copyright]
        let some = try PictureMaker(settings: settings).make(try Self.photo())
        for file in some.files { #expect(Set(try Self.tags(try #require(Self.exif(of: file))).keys) == [0x8298]) }
    }

    @Test("A PNG's fields go into an eXIf chunk and come back the same")
    func pngKeepsFields() throws {
        let metadata = PictureMetadata(fields: [(0x8298, Array("CC BY 4.0".utf8)), (0x9003, Array("2026:01:02 03:04:05".utf8))])
        let png = try TestPictures.gradient(width: 200, height: 150, alpha: true).encoded(as: .png, quality: 80)
        let written = metadata.written(into: png, format: .png, width: 200, height: 150, hasAlpha: true)
        #expect(PictureMetadata(of: written, format: .png, keeping: [.copyright, .date]) == metadata)
        #expect(try PictureCodec.decode(written, format: .png, pixelLimit: 1_000_000).width == 200)
        let webp = try TestPictures.gradient(width: 200, height: 150, alpha: true).encoded(as: .webp, quality: 80)
        let tagged = metadata.written(into: webp, format: .webp, width: 200, height: 150, hasAlpha: true)
        #expect(try PictureCodec.decode(tagged, format: .webp, pixelLimit: 1_000_000).hasAlpha)
        #expect(try Self.tags(try #require(Self.exif(of: tagged)))[0x8298] == "CC BY 4.0")
    }

    @Test("site.yml: keep names the fields; the position and unknown names are errors naming the line")
    func settings() throws {
        let config = try SiteConfig.parse("title: T\npictures:\n  keep: [artist, copyright]\n", file: "site.yml")
        #expect(config.pictures.keep == [.artist, .copyright])
        #expect(config.pictures.fingerprint != PictureSettings().fingerprint, "kept fields are part of the cache's key")
        for (yaml, message) in [("[gps]", "site.yml:3: pictures.keep: gps is never kept"), ("[colour]", "site.yml:3: pictures.keep: colour is not a field"),
                                ("copyright", "site.yml:3: pictures.keep must be a list")] {
            #expect(throws: VitrinaError.self) { try SiteConfig.parse("title: T\npictures:\n  keep: \(yaml)\n", file: "site.yml") }
            do { _ = try SiteConfig.parse("title: T\npictures:\n  keep: \(yaml)\n", file: "site.yml") } catch {
                #expect("\(error)".contains(message), "\(error)")
            }
        }
    }

    @Test("10,000 seeded mutations of a phone's EXIF: read within bounds, written back as the same fields")
    func hostileExif() throws {
        var random = SeededGenerator(seed: 0xE71F_0001)
        let tiff = Self.phoneTIFF()
        let jpeg = try TestPictures.gradient(width: 40, height: 30).encoded(as: .jpeg, quality: 80)
        var read = 0
        for _ in 0..<10_000 {
            var mutated = tiff
            for _ in 0..<Int.random(in: 1...6, using: &random) { mutated[Int.random(in: 0..<mutated.count, using: &random)] = UInt8.random(in: 0...255, using: &random) }
            if Bool.random(using: &random) { mutated = Array(mutated.prefix(Int.random(in: 0..<mutated.count, using: &random))) }
            guard let metadata = PictureMetadata(of: TestPictures.withExif(jpeg, tiff: mutated), format: .jpeg, keeping: Set(KeptMetadata.allCases)) else { continue }
            read += 1
            #expect(metadata.fields.allSatisfy { $0.value.count <= PictureMetadata.maxValue && !$0.value.contains(0) })
            let written = metadata.written(into: jpeg, format: .jpeg, width: 40, height: 30, hasAlpha: false)
            #expect(PictureMetadata(of: written, format: .jpeg, keeping: Set(KeptMetadata.allCases)) == metadata)
        }
        #expect(read > 1_000)
    }
}
