import Foundation
import Testing
import TestSupport
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// Paths are cut at `/` and `.` on Unicode scalars, never on `Character`s: a combining mark right after a `/` makes one
/// `Character` of the two, and a cut on characters would not see the `/`.
/// Las rutas se cortan en `/` y `.` sobre escalares Unicode, nunca sobre `Character`s.
@Suite("Paths cut on scalars")
struct PathCuttingTests {
    static let pieces = ["a", "\u{301}x", "x\u{301}", ".", "..", "é", "e\u{301}", "%C3%A9", "\u{301}", "b.c", ".\u{301}", "\u{200D}"]

    /// The reference cut: on the scalars of `text`.
    static func cut(_ text: String, at separator: Unicode.Scalar, keepingEmpty: Bool = false) -> [String] {
        text.unicodeScalars.split(separator: separator, omittingEmptySubsequences: !keepingEmpty).map { String(String.UnicodeScalarView($0)) }
    }

    static func segments(_ random: inout SeededGenerator) -> [String] {
        (0..<Int.random(in: 1...4, using: &random)).map { _ in
            (0..<Int.random(in: 1...2, using: &random)).map { _ in random.pick(pieces) }.joined()
        }
    }

    @Test func rootPrefixesAndResolvedLinksCountEverySlash() {
        var random = SeededGenerator(seed: 0x5_1A5)
        for _ in 0..<3_000 {
            let file = Self.segments(&random).joined(separator: "/") + "/index.html"
            let depth = Self.cut(file, at: "/").count - 1
            #expect(Route(file: file).rootPrefix == String(repeating: "../", count: depth), "\(file.unicodeScalars.map(\.value))")
            let link = (random.chance(0.2) ? "/" : "") + Self.segments(&random).joined(separator: random.chance(0.2) ? "//" : "/")
                + (random.chance(0.5) ? "/" : "")
            #expect(LinkChecker.resolve(link, from: file) == Self.resolved(link, from: file), "\(link.unicodeScalars.map(\.value))")
        }
    }

    /// `resolve` written on scalars, as the reference.
    static func resolved(_ link: String, from file: String) -> String? {
        var parts = Array(cut(file, at: "/").dropLast())
        for segment in cut(link, at: "/", keepingEmpty: true) {
            switch segment.unicodeScalars.map(\.value) {
            case [46, 46]: if parts.isEmpty { return nil } else { parts.removeLast() }
            case [46], []: continue
            default: parts.append(segment.unicodeScalars.contains("%") ? segment.removingPercentEncoding ?? segment : segment)
            }
        }
        let path = parts.joined(separator: "/")
        return link.unicodeScalars.last == "/" ? path + (path.isEmpty ? "index.html" : "/index.html") : path
    }

    /// A picture under a source's base URL goes below that source's media folder whatever follows the base's `/`;
    /// matched on characters, a combining mark right after it sent the picture to `media/web/` instead.
    @Test func aMediaURLBelowASourceStaysInItsFolder() {
        var random = SeededGenerator(seed: 0x5_1A7)
        let sources = [(name: "pokeapi", baseURL: "https://pokeapi.co/api/v2"), (name: "store", baseURL: "https://fakestoreapi.com")]
        for _ in 0..<2_000 {
            let source = random.pick(sources)
            let rest = Self.segments(&random).joined(separator: "/")
            let expected = (["media", source.name] + Self.cut(rest, at: "/").map(MediaPath.safeSegment)).joined(separator: "/")
            #expect(MediaFetcher.outputPath(for: source.baseURL + "/" + rest, sources: sources) == expected, "\(rest.unicodeScalars.map(\.value))")
        }
        #expect(MediaFetcher.outputPath(for: "https://pokeapi.co/api/v3/a.png", sources: sources).hasPrefix("media/web/pokeapi.co/"))
    }

    @Test func aDocumentsNameAndLanguageComeFromItsLastSegment() throws {
        var random = SeededGenerator(seed: 0x5_1A6)
        let loader = DocumentLoader(siteDirectory: "/", languages: ["es", "en"], defaultLanguage: "es", renderer: MarkdownRenderer())
        for _ in 0..<1_000 {
            var segments = Self.segments(&random)
            let language = random.pick(["", ".en", ".es", ".fr"])
            segments[segments.count - 1] += language + ".md"
            let display = "Content/" + segments.joined(separator: "/")
            let document = try loader.parse(Array("Texto.\n".utf8), display: display)
            let stem = String(String.UnicodeScalarView(Self.cut(display, at: "/").last!.unicodeScalars.dropLast(3)))
            let parts = Self.cut(stem, at: ".")
            let expected = parts.count > 1 && ["es", "en"].contains(parts.last!) ? (parts.dropLast().joined(separator: "."), parts.last!) : (stem, "es")
            #expect(document.name == expected.0 && document.language == expected.1, "\(display.unicodeScalars.map(\.value))")
            #expect(!document.name.unicodeScalars.contains("/"))
        }
    }

    /// `pathSegments`, read from the text's contiguous bytes, is the text's UTF-8 split on `/`, for strings and
    /// substrings, with marks around the slashes and empty segments.
    @Test("2,000 seeded paths: the segments of splitting their bytes on /")
    func segmentsAreTheBytesSplitOnSlashes() {
        var random = SeededGenerator(seed: 0x5108)
        let pieces = ["/", "//", "a", "b/", "..", ".", "/\u{301}", "\u{600}/", "é", "e\u{301}", "日本", "%2F", "index.html", "🇪🇸", ""]
        for round in 0..<2_000 {
            let text = (0..<Int.random(in: 0...10, using: &random)).map { _ in random.pick(pieces) }.joined()
            let expected = text.utf8.split(separator: UInt8(ascii: "/")).map { String(decoding: $0, as: UTF8.self) }
            #expect(text.pathSegments.map { Array($0.utf8) } == expected.map { Array($0.utf8) }, "round \(round): \(text.debugDescription)")
            let cut = Int.random(in: 0...text.count, using: &random)
            let substring = text[text.index(text.startIndex, offsetBy: cut)...]
            let expectedTail = substring.utf8.split(separator: UInt8(ascii: "/")).map { String(decoding: $0, as: UTF8.self) }
            #expect(substring.pathSegments.map { Array($0.utf8) } == expectedTail.map { Array($0.utf8) }, "round \(round), from character \(cut)")
        }
    }
}
