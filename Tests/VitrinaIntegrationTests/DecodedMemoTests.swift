import Foundation
import Testing
import TestSupport
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// Responses decoded by the last build are read back from `.vitrina/decoded.bin`: the site is the same byte for byte
/// with the memo, without it, and with a damaged one; a changed response is decoded again.
/// Las respuestas ya decodificadas se leen de `.vitrina/decoded.bin`: el sitio es el mismo con la memoria, sin ella y dañada.
struct DecodedMemoTests {
    @Test func theSiteIsTheSameWithTheMemoWithoutItAndWithADamagedOne() async throws {
        try await withReplayServer { server in
            try await withSite { site in
                let memo = site.root + "/.vitrina/decoded.bin"
                _ = try await site.build(site.options(server: server))
                let first = try site.snapshotOfOutput()
                let saved = try Files.read(memo)
                #expect(saved.count > 1_000, "the first build keeps what it decoded")

                // A fresh output and no build records: every page is drawn again, from the memo's copies.
                try FileManager.default.removeItem(atPath: site.output)
                try FileManager.default.removeItem(atPath: site.root + "/.vitrina/state")
                _ = try await site.build(site.options(server: server))
                #expect(try site.snapshotOfOutput() == first)

                // A damaged memo is ignored and written again.
                var damaged = saved
                damaged.replaceSubrange(damaged.count / 2..<damaged.count / 2 + 64, with: [UInt8](repeating: 0xFF, count: 64))
                try Files.writeFile(damaged, to: memo)
                try FileManager.default.removeItem(atPath: site.output)
                try FileManager.default.removeItem(atPath: site.root + "/.vitrina/state")
                _ = try await site.build(site.options(server: server))
                #expect(try site.snapshotOfOutput() == first)
            }
        }
    }

    /// Images are measured once and their bytes read only to be written: an image whose stored copy changes is measured
    /// and written again, and the pages showing it get its new size; the rest of the media folder is left as it was.
    @Test func aChangedImageIsMeasuredAndWrittenAgain() async throws {
        try await withReplayServer { server in
            try await withSite { site in
                _ = try await site.build(site.options(server: server))
                let before = try site.snapshotOfOutput()
                let cache = ResponseCache(directory: site.root + "/.vitrina/cache")
                var image = try #require(try Self.firstPNG(in: cache))
                // The same PNG said to be 3 × 2 pixels, with one more byte: another stored copy of the image.
                image.body.replaceSubrange(16..<24, with: [0, 0, 0, 3, 0, 0, 0, 2])
                image.body.append(0)
                try cache.write(image)

                _ = try await site.build(site.options(server: server))
                try Self.checkOnlyImageAndItsPagesChanged(before: before, after: try site.snapshotOfOutput(), image: image.body)
            }
        }
    }

    private static func checkOnlyImageAndItsPagesChanged(before: [String: [UInt8]], after: [String: [UInt8]], image: [UInt8]) throws {
        let changed: [String] = after.keys.filter { after[$0] != before[$0] }.sorted()
        let media: [String] = changed.filter { $0.hasPrefix("media/") }
        #expect(media.count == 1, "only that image is written again: \(media)")
        #expect(media.first.flatMap { after[$0] } == image)
        let pages: [String] = changed.filter { $0.hasSuffix(".html") }
        #expect(!pages.isEmpty)
        for page in pages {
            #expect(String(decoding: after[page] ?? [], as: UTF8.self).contains(#"width="3" height="2""#), "\(page)")
        }
    }

    /// The cached PNG image with the first URL.
    private static func firstPNG(in cache: ResponseCache) throws -> StoredResponse? {
        var found: [StoredResponse] = []
        for path in try FileManager.default.subpathsOfDirectory(atPath: cache.directory) where path.hasSuffix(".entry") {
            let bytes = try Files.read(cache.directory + "/" + path)
            guard let newline = bytes.firstIndex(of: 10) else { continue }
            let header = try JSONDecoder().decode(StoredResponse.Header.self, from: Data(bytes[..<newline]))
            if let response = cache.read(header.url), response.body.starts(with: [0x89, 0x50, 0x4E, 0x47]) { found.append(response) }
        }
        return found.min { $0.url < $1.url }
    }

    /// A read trail: what a load made from stored responses is read back while each of them is the same stored copy;
    /// one rewritten, or one read without a stamp (`fetch`), and the load runs again.
    @Test func aLoadIsReadBackWhileEveryResponseItReadIsUnchanged() async throws {
        let urls = ["https://x.test/a", "https://x.test/b"]
        let fixture = try TrailFixture(urls.enumerated().map { index, url in (url, #"{"n":\#(index)}"#) })
        defer { fixture.remove() }
        let runs = Counter()
        func load(_ key: String = "numbers", fetch: Bool = false) async throws -> [Int] {
            let fetcher = fixture.fetcher()
            return try await fetcher.remembering(key) {
                _ = runs.increment()
                if fetch { _ = try await fetcher.fetch(urls[0]) }
                var numbers: [Int] = []
                for url in urls { numbers.append(try await fetcher.json([String: Int].self, from: url)["n"] ?? -1) }
                return numbers
            }
        }
        #expect(try await load() == [0, 1])
        #expect(try await load() == [0, 1])
        #expect(runs.increment() == 2, "the second load was read back")

        let file = fixture.root + "/data/" + Snapshot.file(for: urls[1])
        try FileManager.default.removeItem(atPath: file)
        try Files.write(try Gzip.compress(Array(#"{"n":7}"#.utf8)), to: file)
        #expect(try await load() == [0, 7])
        #expect(runs.increment() == 4, "a rewritten response runs the load again")
        #expect(try await load() == [0, 7])
        #expect(runs.increment() == 5)

        // A read the trail cannot vouch for leaves nothing to read back.
        #expect(try await load("fetching", fetch: true) == [0, 7])
        #expect(try await load("fetching", fetch: true) == [0, 7])
        #expect(runs.increment() == 8, "both loads that fetched ran")
    }

    /// A read trail's value is read back from disk, so its numbers are checked: one out of range is not handed out, and
    /// the load runs again.
    @Test func aTrailWhoseValueIsOutOfRangeIsMadeAgain() async throws {
        let url = "https://x.test/count"
        let fixture = try TrailFixture([(url, #"{"n":5}"#)])
        defer { fixture.remove() }
        let memo = fixture.memo
        let runs = Counter()
        func load() async throws -> TrailCount {
            let fetcher = fixture.fetcher()
            return try await fetcher.remembering("count") {
                _ = runs.increment()
                return try await fetcher.json(TrailCount.self, from: url)
            }
        }
        #expect(try await load().n == 5)
        let key = "read trail count"
        let compact = try #require(memo.compact(key, fingerprint: ReadTrail.mark))
        let hostile = String(decoding: compact, as: UTF8.self).replacingOccurrences(of: #""n":5"#, with: #""n":-9223372036854775808"#)
        #expect(hostile != String(decoding: compact, as: UTF8.self))
        memo.remember(key, fingerprint: ReadTrail.mark, compact: Array(hostile.utf8))
        #expect(try await load().n == 5)
        #expect(runs.increment() == 3, "the hostile value was not read back")
    }

    /// Image facts come back from the memo on disk and their hash goes into the output's manifest line as it is: a hash
    /// that is not sixteen hex digits, `-` and the size (a tab, a newline, another size), or a size out of range, is
    /// refused, so the image is measured again. Seeded: random hashes and sizes, and the one good shape.
    @Test func imageFactsFromTheMemoAreChecked() throws {
        func decodes(_ width: Int, _ height: Int, _ hash: String, _ size: Int) -> Bool {
            let object: [String: Any] = ["width": width, "height": height, "hash": hash, "size": size]
            guard let data = try? JSONSerialization.data(withJSONObject: object) else { return false }
            return (try? JSONDecoder().decode(ImageFacts.self, from: data)) != nil
        }
        let good = ImageFacts(width: 3, height: 2, bytes: [1, 2, 3])
        #expect(decodes(3, 2, good.hash, 3))
        for hostile in [good.hash + "\tx", good.hash + "\nnews/index.html\tffffffffffffffff-1", "0123456789abcdeF-3", "0123456789abcde-3",
                        "0123456789abcdef-4", "0123456789abcdef-3 ", "", "-3"] {
            #expect(!decodes(3, 2, hostile, 3), "\(hostile.debugDescription)")
        }
        #expect(!decodes(-1, 2, good.hash, 3) && !decodes(3, Int.max, good.hash, 3) && !decodes(3, 2, "0123456789abcdef-" + String(Int.min), Int.min))
        var generator = SeededGenerator(seed: 14)
        let alphabet = Array("0123456789abcdefABX-\t\n ")
        for _ in 0..<2_000 {
            let size = Int.random(in: -5...5, using: &generator)
            let hash = String((0..<Int.random(in: 0...20, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            let wellFormed = size >= 0 && hash.utf8.count == 16 + 1 + String(size).utf8.count && hash.hasSuffix("-\(size)")
                && hash.utf8.prefix(16).allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
            #expect(decodes(1, 1, hash, size) == wellFormed, "\(hash.debugDescription) \(size)")
        }
    }

    @Test func aChangedResponseIsDecodedAgain() throws {
        let memo = DecodedMemo()
        memo.remember("ProductDTO https://x/products", fingerprint: "aaaa", compact: Array("{}".utf8))
        #expect(memo.compact("ProductDTO https://x/products", fingerprint: "bbbb") == nil)
        #expect(memo.compact("ProductDTO https://x/products", fingerprint: "aaaa") == Array("{}".utf8))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("decoded-\(UUID().uuidString)/decoded.bin").path
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        try memo.save(to: path, context: "v")
        #expect(DecodedMemo.load(from: path, context: "v").compact("ProductDTO https://x/products", fingerprint: "aaaa") == Array("{}".utf8))
        #expect(DecodedMemo.load(from: path, context: "other version").compact("ProductDTO https://x/products", fingerprint: "aaaa") == nil)
    }

    /// Property: a memo file cut anywhere or with any byte changed loads empty, and never traps.
    @Test func damagedFilesLoadWithoutTrapping() throws {
        let memo = DecodedMemo()
        for index in 0..<20 { memo.remember("T \(index)", fingerprint: "f\(index)", compact: Array("{\"id\":\(index)}".utf8)) }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("decoded-\(UUID().uuidString).bin").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try memo.save(to: path, context: "v")
        let good = try Files.read(path)
        var generator = SeededGenerator(seed: 77)
        for _ in 0..<2_000 {
            var bytes = good
            if Bool.random(using: &generator) {
                bytes.removeLast(Int.random(in: 0..<bytes.count, using: &generator))
            } else {
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            try Files.writeFile(bytes, to: path)
            let loaded = DecodedMemo.load(from: path, context: "v")
            // Any change is caught by the checksum: nothing damaged is ever handed out.
            if bytes != good { #expect((0..<20).allSatisfy { loaded.compact("T \($0)", fingerprint: "f\($0)") == nil }) }
        }
    }

    /// A parsed-Markdown memo with one byte changed inside a page's HTML is ignored, not shown (it has a checksum too).
    @Test func aDocumentMemoWithOneByteChangedIsNotTrusted() async throws {
        let site = try TestSite(files: ["Content/site.yml": "title: T\n", "Content/notes/a.md": "# Alpha\n\nThe original text.\n"])
        defer { site.remove() }
        _ = try await site.build()
        let needle = Array("original".utf8)
        let shards = try TestSite.memoShards(site)
        let path = try #require(shards.first { $0.value.contains(needle) }?.key)
        var bytes = try Files.read(path)
        let at = try #require((0...(bytes.count - needle.count)).first { Array(bytes[$0..<($0 + needle.count)]) == needle })
        bytes[at] = UInt8(ascii: "X")
        try Files.writeFile(bytes, to: path)
        try FileManager.default.removeItem(atPath: site.output)
        try FileManager.default.removeItem(atPath: site.root + "/.vitrina/state")
        _ = try await site.build()
        let page = try Files.readText(site.output + "/notes/a/index.html")
        #expect(page.contains("The original text.") && !page.contains("Xriginal"))
    }
}

/// A decoded value with one number in range, for the read trail's check.
struct TrailCount: Codable, Sendable, NumbersInRange {
    let n: Int
    func numberOutOfRange() -> NumberProblem? { NumberRange.check(n, NumberRange.amounts, "n") }
}

/// JSON responses in a snapshot of a temporary folder, read by offline fetchers that share one decoded memo, as builds
/// one after another do.
/// Respuestas JSON en una instantánea temporal, leídas por clientes sin red que comparten una memoria.
struct TrailFixture {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("vitrina-trail-\(UUID().uuidString)").path
    let memo = DecodedMemo()
    let client = LiveHTTPClient()

    init(_ responses: [(url: String, json: String)]) throws {
        let snapshot = Snapshot(directory: root + "/data")
        for (url, json) in responses {
            try snapshot.write(StoredResponse(url: url, status: 200, contentType: "application/json", etag: nil, lastModified: nil,
                                              fetchedAt: 0, body: Array(json.utf8)))
        }
        try snapshot.saveManifest()
    }

    /// A fetcher as one build makes it: its own snapshot and cache readers, the shared memo.
    func fetcher() -> Fetcher {
        Fetcher(client: client, breaker: CircuitBreaker(), cache: ResponseCache(directory: root + "/cache"), snapshot: Snapshot(directory: root + "/data"),
                settings: Fetcher.Settings(sources: ["x": SourceConfig(baseURL: "https://x.test")], offline: true), diagnostics: Diagnostics(), decoded: memo)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: root)
        Task { [client] in await client.shutdown() }
    }
}
