import Foundation
import Testing
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// The pool of link texts: what it hands back reads exactly as decoding the bytes would, on any bytes; a repeated
/// valid text longer than 15 bytes is the same stored copy; and pages read through one extractor give the same links
/// and ids as pages read one by one.
/// La reserva de textos: lo que devuelve se lee igual que decodificar los bytes, con cualquier byte.
@Suite("Text pool")
struct TextPoolTests {
    /// Bytes from an alphabet that makes repeats likely and holds ASCII, two- and three-byte UTF-8, lone continuation
    /// bytes, a truncated sequence start and bytes never valid in UTF-8, at lengths around the 15-byte inline limit.
    static func bytes(_ random: inout SeededBytes) -> [UInt8] {
        let alphabet: [[UInt8]] = [[0x61], [0x2F], [0x2E], [0x23], Array("é".utf8), Array("€".utf8), [0x80], [0xC3], [0xFF], [0x00]]
        var result: [UInt8] = []
        let parts = random.next(24)
        for _ in 0..<parts { result += alphabet[random.next(alphabet.count)] }
        return result
    }

    @Test("any bytes, 20,000 seeded cases: the pooled text decodes alike, and valid repeats share one copy")
    func pooledTextsReadAsDecoded() {
        var random = SeededBytes(seed: 0x5EED_7E47)
        var pool = TextPool()
        var seen: [[UInt8]: String] = [:]
        for _ in 0..<20_000 {
            let bytes = Self.bytes(&random)
            let text = bytes.withUnsafeBufferPointer { pool.text($0) }
            #expect(text == String(decoding: bytes, as: UTF8.self))
            #expect(Array(text.utf8) == Array(String(decoding: bytes, as: UTF8.self).utf8))
            let valid = String(validating: bytes, as: UTF8.self) != nil
            if let earlier = seen[bytes], valid, bytes.count > 15 {
                #expect(Self.storage(of: text) == Self.storage(of: earlier), "a repeated text of \(bytes.count) bytes was stored twice")
            }
            seen[bytes] = text
        }
        #expect(seen.count > 1_000)
    }

    @Test("pages read through one extractor give the links and ids each gives alone")
    func sharedExtractorMatchesSingleReads() {
        var random = SeededBytes(seed: 42)
        var extractor = LinkExtractor()
        for index in 0..<500 {
            var html = "<html><body>"
            for _ in 0..<random.next(30) {
                let value = String(decoding: Self.bytes(&random).filter { $0 != 0x22 }, as: UTF8.self)
                html += [" href=\"", " src=\"", " id=\""][random.next(3)] + value + "\">x</a>"
            }
            let shared = extractor.extract(file: "p\(index).html", html: html)
            let alone = PageLinks.extract(file: "p\(index).html", html: html)
            #expect(shared.links == alone.links)
            #expect(shared.ids == alone.ids)
            // The allocator may round a block up by less than 48 bytes (two texts); the extractor's growing scratch would
            // hand back far more. / El asignador redondea menos de 48 bytes; el borrador del extractor daría mucho más.
            #expect(shared.links.capacity - shared.links.count <= 2, "\(shared.links.count) links in room for \(shared.links.capacity)")
        }
    }

    private static func storage(of text: String) -> UnsafeRawPointer? {
        var text = text
        return text.withUTF8 { $0.baseAddress.map(UnsafeRawPointer.init) }
    }
}

/// A small seeded generator for these tests.
struct SeededBytes {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(max(bound, 1)))
    }
}
