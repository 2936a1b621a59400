import Foundation
import Testing
import TestSupport
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// Colour profiles into sRGB, against LittleCMS (through Pillow's ImageCms) on real profiles (colord's Adobe RGB and
/// ProPhoto RGB, CC0), and the profile reader against hostile bytes.
/// Perfiles de color a sRGB, comparados con LittleCMS, y el lector de perfiles frente a bytes hostiles.
@Suite("Pictures: colour profiles")
struct ColourProfileTests {
    static func fixture(_ name: String) throws -> [UInt8] { try Files.read(Fixtures.colour.appendingPathComponent(name).path) }

    /// The largest difference of any channel between two pictures of one size, at the given points (all when nil).
    static func largestDifference(_ a: DecodedPicture, _ b: DecodedPicture, at points: [(Int, Int)]? = nil) -> Int {
        #expect(a.width == b.width && a.height == b.height)
        let all = (0..<a.height).flatMap { y in (0..<a.width).map { x in (x, y) } }
        return (points ?? all).map { x, y in zip(a.pixel(x: x, y: y).prefix(3), b.pixel(x: x, y: y).prefix(3)).map { abs(Int($0) - Int($1)) }.max()! }.max()!
    }

    @Test("A PNG in Adobe RGB: every pixel within 1 of LittleCMS's sRGB")
    func adobeRGBPNG() throws {
        let bytes = try Self.fixture("adobe-rgb.png")
        let profile = try #require(EmbeddedProfile.bytes(in: bytes, format: .png).flatMap(ColourProfile.init), "the iCCP chunk is read")
        let conversion = try #require(SRGBConversion(profile), "Adobe RGB is not sRGB")
        let picture = try PictureCodec.decode(bytes, format: .png, pixelLimit: 1_000_000)
        let untouched = Self.largestDifference(picture, try PictureCodec.decode(try Self.fixture("adobe-rgb.srgb.png"), format: .png, pixelLimit: 1_000_000))
        picture.convert(conversion)
        let expected = try PictureCodec.decode(try Self.fixture("adobe-rgb.srgb.png"), format: .png, pixelLimit: 1_000_000)
        #expect(untouched > 20, "the profile matters: unconverted, colours are off by \(untouched)")
        #expect(Self.largestDifference(picture, expected) <= 1)
    }

    @Test("A JPEG in ProPhoto RGB (APP2): every patch within 1 of LittleCMS's sRGB, through the picture maker")
    func proPhotoJPEG() throws {
        let bytes = try Self.fixture("prophoto.jpg")
        let expected = try PictureCodec.decode(try Self.fixture("prophoto.srgb.png"), format: .png, pixelLimit: 1_000_000)
        let centres = (0..<8).flatMap { row in (0..<12).map { column in (column * 16 + 8, row * 16 + 8) } }
        let picture = try PictureCodec.decode(bytes, format: .jpeg, pixelLimit: 1_000_000)
        picture.convert(try #require(PictureMaker.conversion(of: bytes, format: .jpeg)))
        #expect(Self.largestDifference(picture, expected, at: centres) <= 1)
        // The maker converts before anything else; its JPEG fallback is lossy, so the patches' middles within a few.
        let settings = PictureSettings()
        let made = try PictureMaker(settings: settings).make(bytes)
        let fallback = try PictureCodec.decode(made.files[0], format: .jpeg, pixelLimit: 1_000_000)
        #expect(Self.largestDifference(fallback, expected, at: centres) <= 6)
    }

    @Test("sRGB's own profile and pictures without one are left as they are")
    func sRGBIsLeftAlone() throws {
        let srgb = try #require(ColourProfile(Self.profileBytes(matrix: SRGBConversion.sRGBMatrix, curve: .sRGB)))
        #expect(SRGBConversion(srgb) == nil)
        let plain = try TestPictures.gradient(width: 200, height: 150, alpha: false).encoded(as: .jpeg, quality: 90)
        #expect(PictureMaker.conversion(of: plain, format: .jpeg) == nil)
        #expect(EmbeddedProfile.bytes(in: plain, format: .jpeg) == nil)
    }

    @Test("A profile split over several APP2 segments is joined in their order; a missing part means none")
    func splitProfile() throws {
        let profile = Self.profileBytes(matrix: SRGBConversion.sRGBMatrix, curve: .gamma(2.2))
        let half = profile.count / 2
        func segment(_ sequence: UInt8, _ part: ArraySlice<UInt8>) -> [UInt8] {
            let body = Array("ICC_PROFILE".utf8) + [0, sequence, 2] + part
            return [0xFF, 0xE2, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body
        }
        let start: [UInt8] = [0xFF, 0xD8], scan: [UInt8] = [0xFF, 0xDA, 0, 2]
        let second = segment(2, profile[half...]), first = segment(1, profile[..<half])
        #expect(EmbeddedProfile.jpeg(start + second + first + scan) == Array(profile), "joined by sequence number, not by place")
        #expect(EmbeddedProfile.jpeg(start + first + scan) == nil)
        #expect(ColourProfile(Array(profile)) != nil)
    }

    @Test("Curves read as ICC defines them: gamma, table, and the five parametric functions")
    func curves() {
        #expect(abs(ToneCurve.gamma(2.2).linear(0.5) - pow(0.5, 2.2)) < 1e-12)
        #expect(abs(ToneCurve.table([0, 0.25, 1]).linear(0.75) - 0.625) < 1e-12)
        for value in stride(from: 0.0, through: 1.0, by: 0.05) {
            #expect(abs(ToneCurve.sRGBEncoded(ToneCurve.sRGB.linear(value)) - value) < 1e-9, "sRGB's curve and its inverse at \(value)")
        }
        #expect(abs(ToneCurve.parametric(type: 4, [1, 1, 0, 0.5, 0.5, 0.1, 0.2]).linear(0.2) - 0.3) < 1e-12, "below d: c·x + f")
        #expect(abs(ToneCurve.parametric(type: 4, [1, 1, 0, 0.5, 0.5, 0.1, 0.2]).linear(0.6) - 0.7) < 1e-12, "from d on: (a·x + b)^g + e")
        #expect(ToneCurve.gamma(-3).linear(0.5) <= 1 && ToneCurve.table([2, -1]).linear(0.9) == 0)
    }

    @Test("10,000 seeded mutations of real profiles: each reads as a profile or as none, never out of bounds")
    func hostileProfiles() throws {
        var random = SeededGenerator(seed: 0x1CC_0A7E)
        let adobe = try #require(EmbeddedProfile.bytes(in: try Self.fixture("adobe-rgb.png"), format: .png))
        let prophoto = try #require(EmbeddedProfile.bytes(in: try Self.fixture("prophoto.jpg"), format: .jpeg))
        let png = try Self.fixture("adobe-rgb.png")
        var read = 0
        for round in 0..<10_000 {
            var bytes = round % 2 == 0 ? adobe : prophoto
            switch Int.random(in: 0..<4, using: &random) {
            case 0: bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &random)))
            case 1:
                // The header and the tag table hold every size and offset.
                for _ in 0..<Int.random(in: 1...6, using: &random) { bytes[Int.random(in: 0..<min(400, bytes.count), using: &random)] = UInt8.random(in: 0...255, using: &random) }
            case 2:
                for _ in 0..<Int.random(in: 1...16, using: &random) { bytes[Int.random(in: 0..<bytes.count, using: &random)] ^= UInt8.random(in: 1...255, using: &random) }
            default:
                bytes.insert(contentsOf: (0..<Int.random(in: 1...64, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) },
                             at: Int.random(in: 0..<bytes.count, using: &random))
            }
            if let profile = ColourProfile(bytes) {
                read += 1
                if let conversion = SRGBConversion(profile) {
                    var pixels: [UInt8] = [0, 0, 0, 255, 255, 255, 255, 255, 12, 200, 99, 7]
                    pixels.withUnsafeMutableBufferPointer { conversion.apply($0) }
                    #expect(pixels[3] == 255 && pixels[7] == 255, "alpha untouched")
                }
            }
            // The same mutations inside a PNG's compressed chunk: inflated within bounds or nothing.
            var mutatedPNG = png
            mutatedPNG[Int.random(in: 33..<min(200, mutatedPNG.count), using: &random)] ^= UInt8.random(in: 1...255, using: &random)
            #expect((EmbeddedProfile.png(mutatedPNG)?.count ?? 0) <= ColourProfile.maxSize)
        }
        #expect(read > 0 && read < 10_000)
    }

    /// A minimal ICC v2 profile: header, the three colorants and one curve shared by the three channels.
    static func profileBytes(matrix: [Double], curve: ToneCurve) -> [UInt8] {
        func u32(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8((value >> $0) & 0xFF) } }
        func fixed(_ value: Double) -> [UInt8] { u32(Int(Int32((value * 65_536).rounded())) & 0xFFFF_FFFF) }
        let curveTag: [UInt8]
        switch curve {
        case .gamma(let gamma): curveTag = Array("curv".utf8) + u32(0) + u32(1) + [UInt8(Int(gamma * 256) >> 8), UInt8(Int(gamma * 256) & 0xFF), 0, 0]
        case .parametric(let type, let p): curveTag = Array("para".utf8) + u32(0) + [0, UInt8(type), 0, 0] + p.prefix([1, 3, 4, 5, 7][type]).flatMap(fixed)
        case .table: curveTag = Array("curv".utf8) + u32(0) + u32(0)
        }
        let colorants = (0..<3).map { column in Array("XYZ ".utf8) + u32(0) + (0..<3).flatMap { fixed(matrix[$0 * 3 + column]) } }
        let tags = [("rXYZ", colorants[0]), ("gXYZ", colorants[1]), ("bXYZ", colorants[2]), ("rTRC", curveTag), ("gTRC", curveTag), ("bTRC", curveTag)]
        var offset = 128 + 4 + tags.count * 12
        var table: [UInt8] = u32(tags.count), data: [UInt8] = []
        for (name, bytes) in tags {
            table += Array(name.utf8) + u32(offset) + u32(bytes.count)
            data += bytes
            offset += bytes.count
        }
        var header = [UInt8](repeating: 0, count: 128)
        header.replaceSubrange(0..<4, with: u32(128 + table.count + data.count))
        header.replaceSubrange(16..<20, with: Array("RGB ".utf8))
        header.replaceSubrange(20..<24, with: Array("XYZ ".utf8))
        header.replaceSubrange(36..<40, with: Array("acsp".utf8))
        return header + table + data
    }
}
