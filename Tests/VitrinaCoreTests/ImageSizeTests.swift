import Foundation
import Testing
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// Intrinsic sizes read from real recorded images; expected values checked with `file` and Pillow.
/// Tamaños propios leídos de imágenes grabadas reales; los valores esperados se comprobaron con `file` y Pillow.
@Suite("ImageSize")
struct ImageSizeTests {
    /// The repository root, found from this file and never from the working directory.
    private static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private static let recordings = repository.appendingPathComponent("Tests/Fixtures/recordings")

    private static func bytes(_ path: String) throws -> [UInt8] {
        let url = recordings.appendingPathComponent(path)
        return [UInt8](try Data(contentsOf: url))
    }

    private static let sprites = "raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon"

    @Test(arguments: ["1.png", "25.png", "back/4.png", "shiny/25.png"])
    func pngSprites(name: String) throws {
        let size = try #require(ImageSize.of(try Self.bytes("\(Self.sprites)/\(name)")))
        #expect(size.width == 96 && size.height == 96)
    }

    @Test(arguments: ["1.jpeg", "3.jpeg", "19.jpeg", "25.jpeg"])
    func jpegAvatars(name: String) throws {
        let bytes = try Self.bytes("rickandmortyapi.com/api/character/avatar/\(name)")
        #expect(bytes.starts(with: [0xFF, 0xD8]))
        let size = try #require(ImageSize.of(bytes))
        #expect(size.width == 300 && size.height == 300)
    }

    /// Avatar 2 is served as `.jpeg` but is really a PNG: the header decides, not the name.
    @Test func avatarWithAJPEGNameThatIsAPNG() throws {
        let bytes = try Self.bytes("rickandmortyapi.com/api/character/avatar/2.jpeg")
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let size = try #require(ImageSize.of(bytes))
        #expect(size.width == 300 && size.height == 300)
    }

    @Test(arguments: [
        ("51UDEzMJVpL._AC_UL640_QL65_ML3_.jpg", 640, 369),
        ("61IBBVJvSDL._AC_SY879_.jpg", 653, 879),
        ("61mtL65D4cL._AC_SX679_.jpg", 644, 988),
        ("71pWzhdJNwL._AC_UL640_QL65_ML3_.jpg", 370, 640),
        ("71kWymZ+c+L._AC_SX679_.jpg", 679, 461),
        ("81fPKd-2AYL._AC_SL1500_.jpg", 1049, 1500),
    ])
    func productJPEGsAreNotSquare(name: String, width: Int, height: Int) throws {
        let size = try #require(ImageSize.of(try Self.bytes("fakestoreapi.com/img/\(name)")))
        #expect(size.width == width)
        #expect(size.height == height)
    }

    @Test(arguments: [("25.svg", 135, 169), ("1.svg", 226, 218), ("3.svg", 456, 415)])
    func dreamWorldSVG(name: String, width: Int, height: Int) throws {
        let size = try #require(ImageSize.of(try Self.bytes("\(Self.sprites)/other/dream-world/\(name)")))
        #expect(size.width == width)
        #expect(size.height == height)
    }

    @Test func handmadeGIFHeaderIsLittleEndian() {
        // "GIF89a", width 300 (0x012C), height 2 (0x0002), then flags.
        let gif: [UInt8] = Array("GIF89a".utf8) + [0x2C, 0x01, 0x02, 0x00, 0x00, 0x00, 0x00]
        let size = ImageSize.of(gif)
        #expect(size?.width == 300)
        #expect(size?.height == 2)
    }

    @Test func handmadePNGHeaderIsBigEndian() {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        png += [0x00, 0x00, 0x01, 0x2C, 0x00, 0x01, 0x00, 0x00]
        let size = ImageSize.of(png)
        #expect(size?.width == 300)
        #expect(size?.height == 65_536)
    }

    @Test func svgWithOnlyAViewBox() {
        let svg = Array(#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64.4 32"><rect/></svg>"#.utf8)
        let size = ImageSize.of(svg)
        #expect(size?.width == 64)
        #expect(size?.height == 32)
    }

    @Test func svgWithPercentWidthFallsBackToTheViewBox() {
        let svg = Array(#"<svg width="100%" height="100%" viewBox="0,0,120,80"></svg>"#.utf8)
        let size = ImageSize.of(svg)
        #expect(size?.width == 120)
        #expect(size?.height == 80)
    }

    @Test func svgWithAPercentHeightFallsBackToTheViewBox() {
        let svg = Array(#"<svg width="96" height="100%" viewBox="0 0 96 48"></svg>"#.utf8)
        let size = ImageSize.of(svg)
        #expect(size?.width == 96)
        #expect(size?.height == 48)
    }

    @Test func svgWithoutViewBoxAndPercentSizeIsNil() {
        #expect(ImageSize.of(Array(#"<svg width="100%" height="100%"></svg>"#.utf8)) == nil)
    }

    @Test func svgAttributesOnTheirOwnLines() {
        let svg = Array("<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"\nwidth=\"40\"\nheight=\"30\">\n</svg>".utf8)
        let size = ImageSize.of(svg)
        #expect(size?.width == 40)
        #expect(size?.height == 30)
    }

    @Test func shippedPlaceholderSVGHasASize() throws {
        let bytes = [UInt8](try Data(contentsOf: Self.repository.appendingPathComponent("Templates/assets/placeholder.svg")))
        let size = try #require(ImageSize.of(bytes))
        #expect(size.width > 0 && size.height > 0)
    }

    @Test(arguments: [
        [UInt8](),
        Array("not an image at all".utf8),
        Array("GIF89".utf8),
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A],
        [0xFF, 0xD8, 0xFF, 0xE0, 0x00],
        [0xFF, 0xD8] + [UInt8](repeating: 0x00, count: 64),
        Array("<svg></svg>".utf8),
        Array(#"<svg viewBox="0 0 0 10"></svg>"#.utf8),
        Array("<html><body>404</body></html>".utf8),
        Array(#"{"error":"not found"}"#.utf8),
    ])
    func garbageIsNil(bytes: [UInt8]) {
        #expect(ImageSize.of(bytes) == nil)
    }

    @Test func truncatedRealJPEGIsNilOrCorrect() throws {
        let bytes = try Self.bytes("rickandmortyapi.com/api/character/avatar/1.jpeg")
        // Cut inside the first segments: never a wrong size, never a crash.
        for length in stride(from: 0, through: min(bytes.count, 800), by: 7) {
            if let size = ImageSize.of(Array(bytes.prefix(length))) {
                #expect(size.width == 300 && size.height == 300, "prefix \(length)")
            }
        }
    }
}
