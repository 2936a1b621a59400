import Foundation
import Testing
import TestSupport
@testable import VitrinaCore

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
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vitrina-trail-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let snapshot = Snapshot(directory: root + "/data")
        let urls = ["https://x.test/a", "https://x.test/b"]
        for (index, url) in urls.enumerated() {
            try snapshot.write(StoredResponse(url: url, status: 200, contentType: "application/json", etag: nil, lastModified: nil,
                                              fetchedAt: 0, body: Array(#"{"n":\#(index)}"#.utf8)))
        }
        try snapshot.saveManifest()
        let memo = DecodedMemo()
        let client = LiveHTTPClient()
        defer { Task { await client.shutdown() } }
        let runs = Counter()
        func load(_ key: String = "numbers", fetch: Bool = false) async throws -> [Int] {
            let fetcher = Fetcher(client: client, breaker: CircuitBreaker(), cache: ResponseCache(directory: root + "/cache"),
                                  snapshot: Snapshot(directory: root + "/data"),
                                  settings: Fetcher.Settings(sources: [:], offline: true), diagnostics: Diagnostics(), decoded: memo)
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

        let file = root + "/data/" + Snapshot.file(for: urls[1])
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
        let site = try MarkdownSite(files: ["Content/site.yml": "title: T\n", "Content/notes/a.md": "# Alpha\n\nThe original text.\n"])
        defer { site.removeAll() }
        _ = try await site.build()
        let path = site.root + "/.vitrina/documents.bin"
        var bytes = try Files.read(path)
        let needle = Array("original".utf8)
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
