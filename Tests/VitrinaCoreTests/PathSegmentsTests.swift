import Testing
import TestSupport
@testable import VitrinaKit

/// A path's segments are cut on `/` bytes, read from the text's contiguous bytes: the same as splitting its UTF-8 on
/// that byte, for strings and substrings, with marks around the slashes and empty segments.
/// Los segmentos de una ruta se cortan en los bytes `/`: lo mismo que partir su UTF-8 por ese byte.
@Suite("Path segments")
struct PathSegmentsTests {
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
