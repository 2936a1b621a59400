import Foundation
import Testing
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// Slugs, media path segments and staging paths: the three gates between outside text and the file system.
/// Slugs, segmentos de rutas de medios y rutas de preparación: las tres puertas entre el texto de fuera y el disco.
@Suite("Slug")
struct SlugTests {
    // MARK: Slug.make

    @Test(arguments: [
        ("Pikachu", "pikachu"),
        ("Mr. Mime", "mr-mime"),
        ("Pokémon Ratón", "pokemon-raton"),
        ("Ñandú", "nandu"),
        ("ÀÉÎÕÜ çà", "aeiou-ca"),
        ("men's clothing", "men-s-clothing"),
        ("  --Hello,   World!!--  ", "hello-world"),
        ("a___b...c", "a-b-c"),
        ("Farfetch’d", "farfetch-d"),
        ("Nidoran♀", "nidoran"),
        ("Porygon2", "porygon2"),
        ("ＦＵＬＬ　ｗｉｄｔｈ", "full-width"),
        ("Rick & Morty: S01E01", "rick-morty-s01e01"),
    ])
    func makesLowercaseASCIIWithSingleHyphens(input: String, expected: String) {
        #expect(Slug.make(input) == expected)
    }

    @Test(arguments: ["../../etc/passwd", "a/b", "..", ".", "\0x", "", "/", "./../.", "C:\\Windows\\system32", "%2e%2e%2f", "\u{202E}evil", "ピカチュウ"])
    func neverEscapesAndIsNeverEmpty(input: String) {
        let slug = Slug.make(input)
        #expect(!slug.isEmpty)
        #expect(!slug.contains("/"))
        #expect(!slug.contains("\\"))
        #expect(!slug.contains(".."))
        #expect(!slug.contains("\0"))
        #expect(!slug.hasPrefix("-") && !slug.hasSuffix("-"))
        #expect(slug.unicodeScalars.allSatisfy { ($0 >= "a" && $0 <= "z") || ($0 >= "0" && $0 <= "9") || $0 == "-" })
    }

    @Test func pathTraversalKeepsOnlyItsWords() {
        #expect(Slug.make("../../etc/passwd") == "etc-passwd")
        #expect(Slug.make("a/b") == "a-b")
        #expect(Slug.make("\0x") == "x")
    }

    @Test func textWithoutUsableCharactersUsesTheFallback() {
        #expect(Slug.make("..") == "page")
        #expect(Slug.make(".") == "page")
        #expect(Slug.make("") == "page")
        #expect(Slug.make("ピカチュウ") == "page")
        #expect(Slug.make("!!!", fallback: "section") == "section")
    }

    @Test func longTextIsCutWithoutATrailingHyphen() {
        let text = String(repeating: "abcd ", count: 40)
        let slug = Slug.make(text)
        #expect(slug.count <= 80)
        #expect(!slug.hasSuffix("-"))
        #expect(slug.hasPrefix("abcd-abcd-"))
    }

    // MARK: Slug.make(id:name:)

    @Test(arguments: [
        (25, "Pikachu", "25-pikachu"),
        (122, "Mr. Mime", "122-mr-mime"),
        (1, "Rick Sánchez", "1-rick-sanchez"),
        (25, "ピカチュウ", "25"),
        (7, "", "7"),
        (8, "../..", "8"),
    ])
    func idAndName(id: Int, name: String, expected: String) {
        #expect(Slug.make(id: id, name: name) == expected)
    }

    @Test func idKeepsCollidingNamesApart() {
        #expect(Slug.make(id: 1, name: "Rick") != Slug.make(id: 2, name: "Rick"))
    }

    // MARK: MediaPath.safeSegment

    @Test(arguments: [
        ("25.png", "25.png"),
        ("61IBBVJvSDL._AC_SY879_.jpg", "61IBBVJvSDL._AC_SY879_.jpg"),
        ("71kWymZ+c+L._AC_SX679_.jpg", "71kWymZ-c-L._AC_SX679_.jpg"),
        ("dream-world", "dream-world"),
        ("a b", "a-b"),
        ("é.png", "-.png"),
    ])
    func safeSegmentKeepsSafeCharacters(input: String, expected: String) {
        #expect(MediaPath.safeSegment(input) == expected)
    }

    @Test(arguments: ["..", ".", "", "...", "....", "a..b", "../x", "a/b", "\0", "%2e%2e"])
    func safeSegmentNeverEscapes(input: String) {
        let segment = MediaPath.safeSegment(input)
        #expect(!segment.isEmpty)
        #expect(segment != ".")
        #expect(!segment.contains(".."))
        #expect(!segment.contains("/"))
        #expect(!segment.contains("\0"))
    }

    @Test func safeSegmentFallsBackToFile() {
        #expect(MediaPath.safeSegment("") == "file")
        #expect(MediaPath.safeSegment(".") == "file")
        #expect(MediaPath.safeSegment("..") == "-")
    }

    // MARK: StagingArea.isSafe

    @Test(arguments: ["index.html", "pokemon/25-pikachu/index.html", "media/sprites/pokemon/25.png", "en/404.html", "a/.well-known/x", "file..txt"])
    func stagingAcceptsPathsInside(path: String) {
        #expect(SafePath.isPlainRelative(path))
    }

    @Test(arguments: ["", "..", "../x", "a/../../x", "a/..", "/etc/passwd", "/", "a//b", "a/", "./a", "a/./b", "a\0b", "\0"])
    func stagingRejectsPathsThatCouldLeave(path: String) {
        #expect(!SafePath.isPlainRelative(path))
    }

    @Test func stagingWriteRefusesUnsafePathsAndWritesSafeOnes() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vitrina-slug-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let staging = StagingArea(directory: root.appendingPathComponent("stage").path)
        try FileManager.default.createDirectory(atPath: staging.directory, withIntermediateDirectories: true)

        try staging.write(Array("ok".utf8), to: "a/b/index.html")
        #expect(FileManager.default.contents(atPath: staging.directory + "/a/b/index.html") == Data("ok".utf8))

        #expect(throws: VitrinaError.self) { try staging.write(Array("x".utf8), to: "../escaped.html") }
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("escaped.html").path))
        let error = try #require(throws: VitrinaError.self) { try staging.write([], to: "/tmp/x") }
        #expect(error.message.contains("/tmp/x"))
    }
}
