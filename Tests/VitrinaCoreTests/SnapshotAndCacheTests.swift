import Foundation
import Testing
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// The committed snapshot, the working cache and gzip, on real files in a temporary folder.
/// La instantánea versionada, la caché de trabajo y gzip, sobre ficheros reales en una carpeta temporal.
@Suite("Snapshot and cache")
struct SnapshotAndCacheTests {
    private func withTemporaryDirectory<T>(_ body: (String) throws -> T) throws -> T {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vitrina-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: url) }
        return try body(url.path)
    }

    private func response(_ url: String, body: String, status: Int = 200, etag: String? = nil,
                          contentType: String = "application/json; charset=utf-8") -> StoredResponse {
        StoredResponse(url: url, status: status, contentType: contentType, etag: etag,
                       lastModified: etag == nil ? nil : "Mon, 14 Sep 2026 10:00:00 GMT", fetchedAt: 1_789_000_000.5,
                       body: Array(body.utf8))
    }

    // MARK: Snapshot.file(for:)

    @Test(arguments: [
        ("https://pokeapi.co/api/v2/pokemon/", "pokeapi.co/api/v2/pokemon/index.json.gz"),
        ("https://pokeapi.co/api/v2/pokemon/25", "pokeapi.co/api/v2/pokemon/25/index.json.gz"),
        ("https://pokeapi.co/api/v2/pokemon/25/", "pokeapi.co/api/v2/pokemon/25/index.json.gz"),
        ("https://pokeapi.co/api/v2/pokemon/?limit=50&offset=0", "pokeapi.co/api/v2/pokemon/index@limit=50&offset=0.json.gz"),
        ("https://pokeapi.co/api/v2/pokemon?limit=50&offset=0", "pokeapi.co/api/v2/pokemon/index@limit=50&offset=0.json.gz"),
        ("https://fakestoreapi.com/products/categories", "fakestoreapi.com/products/categories/index.json.gz"),
        ("https://fakestoreapi.com/img/81fPKd-2AYL._AC_SL1500_.jpg", "fakestoreapi.com/img/81fPKd-2AYL._AC_SL1500_.jpg.gz"),
        ("https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/25.png",
         "raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/25.png.gz"),
        ("https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/other/dream-world/25.svg",
         "raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/other/dream-world/25.svg.gz"),
        ("https://rickandmortyapi.com/api/character/avatar/1.jpeg", "rickandmortyapi.com/api/character/avatar/1.jpeg.gz"),
        ("https://example.org/a.png?v=2", "example.org/a@v=2.png.gz"),
        ("https://example.org/api/?next=/a/b", "example.org/api/index@next=%2Fa%2Fb.json.gz"),
        ("http://localhost:8080/api/character/?page=2", "localhost:8080/api/character/index@page=2.json.gz"),
    ])
    func fileForURL(url: String, expected: String) {
        #expect(Snapshot.file(for: url) == expected)
    }

    @Test(arguments: [
        "https://example.org/a/../../etc/passwd",
        "https://example.org/../secret.json",
        "https://example.org/..",
        "https://example.org/api/?p=../../x",
        "https://example.org/../../a.png?x=../..",
    ])
    func dotDotIsNeutralised(url: String) {
        let file = Snapshot.file(for: url)
        #expect(!file.split(separator: "/").contains(".."), "\(file)")
        #expect(!file.contains(".."), "\(file)")
        #expect(!file.hasPrefix("/"))
    }

    // MARK: Snapshot round trip

    @Test func snapshotWriteThenReadBack() throws {
        try withTemporaryDirectory { directory in
            let snapshot = Snapshot(directory: directory + "/data")
            let original = response("https://pokeapi.co/api/v2/pokemon/25", body: #"{"name":"pikachu"}"#, etag: "W/\"abc\"")
            try snapshot.write(original)
            #expect(snapshot.read(original.url) == original)
            #expect(snapshot.read("https://pokeapi.co/api/v2/pokemon/26") == nil)
            #expect(snapshot.urls == [original.url])

            let stored = try Files.read(directory + "/data/pokeapi.co/api/v2/pokemon/25/index.json.gz")
            #expect(stored.starts(with: [0x1F, 0x8B]))
            #expect(try Gzip.decompress(stored) == original.body)

            // A new instance sees nothing until the manifest is saved.
            #expect(Snapshot(directory: directory + "/data").read(original.url) == nil)
            try snapshot.saveManifest()
            #expect(Snapshot(directory: directory + "/data").read(original.url) == original)
        }
    }

    @Test func replaceAllWritesExactlyTheseResponsesAndASortedManifest() throws {
        try withTemporaryDirectory { directory in
            let folder = directory + "/data"
            let snapshot = Snapshot(directory: folder)
            try snapshot.write(response("https://pokeapi.co/api/v2/pokemon/1", body: "{}"))
            try Files.write(Array("stray".utf8), to: folder + "/stray.txt")

            let responses = [
                response("https://pokeapi.co/api/v2/pokemon/?limit=50&offset=0", body: #"{"results":[]}"#, etag: "\"e1\""),
                response("https://fakestoreapi.com/img/a.jpg", body: "JPEG", contentType: "image/jpeg"),
                response("https://pokeapi.co/api/v2/pokemon/404", body: "Not Found", status: 404, contentType: "text/plain"),
            ]
            try snapshot.replaceAll(with: responses)

            #expect(Files.list(folder) == [
                "fakestoreapi.com/img/a.jpg.gz",
                "manifest.json",
                "pokeapi.co/api/v2/pokemon/404/index.json.gz",
                "pokeapi.co/api/v2/pokemon/index@limit=50&offset=0.json.gz",
            ])
            #expect(snapshot.urls == responses.map(\.url).sorted())

            let reopened = Snapshot(directory: folder)
            for original in responses { #expect(reopened.read(original.url) == original) }
            #expect(reopened.read("https://pokeapi.co/api/v2/pokemon/1") == nil)

            let text = try Files.readText(folder + "/manifest.json")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: [String: Any]])
            #expect(json.keys.sorted() == responses.map(\.url).sorted())
            let list = try #require(json["https://pokeapi.co/api/v2/pokemon/?limit=50&offset=0"])
            #expect(list["status"] as? Int == 200)
            #expect(list["etag"] as? String == "\"e1\"")
            #expect(list["contentType"] as? String == "application/json; charset=utf-8")
            #expect(list["file"] as? String == "pokeapi.co/api/v2/pokemon/index@limit=50&offset=0.json.gz")
            #expect(json["https://pokeapi.co/api/v2/pokemon/404"]?["status"] as? Int == 404)
            #expect(json["https://fakestoreapi.com/img/a.jpg"]?["contentType"] as? String == "image/jpeg")

            // Sorted keys and unescaped slashes: the manifest diffs cleanly in git.
            let urlOrder = responses.map(\.url).sorted().compactMap { text.range(of: "\"\($0)\"")?.lowerBound }
            #expect(urlOrder == urlOrder.sorted())
            #expect(urlOrder.count == 3)
            #expect(!text.contains("\\/"))
            let statusAt = try #require(text.range(of: "\"status\""))
            let contentTypeAt = try #require(text.range(of: "\"contentType\""))
            #expect(contentTypeAt.lowerBound < statusAt.lowerBound)
        }
    }

    @Test func replaceAllIsDeterministic() throws {
        try withTemporaryDirectory { directory in
            let responses = (1...5).map { response("https://pokeapi.co/api/v2/pokemon/\($0)", body: "{\"id\":\($0)}") }
            let first = Snapshot(directory: directory + "/a")
            try first.replaceAll(with: responses)
            let second = Snapshot(directory: directory + "/b")
            try second.replaceAll(with: responses.reversed())
            for file in Files.list(directory + "/a") {
                #expect(try Files.read(directory + "/a/" + file) == Files.read(directory + "/b/" + file), "\(file)")
            }
            #expect(Files.list(directory + "/a") == Files.list(directory + "/b"))
        }
    }

    @Test func corruptSnapshotBodyReadsAsNil() throws {
        try withTemporaryDirectory { directory in
            let snapshot = Snapshot(directory: directory)
            let original = response("https://pokeapi.co/api/v2/type/10", body: #"{"name":"fire"}"#)
            try snapshot.write(original)
            try Files.write(Array("not gzip".utf8), to: directory + "/" + Snapshot.file(for: original.url))
            #expect(snapshot.read(original.url) == nil)
        }
    }

    /// A stored entry is known by its file's stamp without being read: the same file keeps its fingerprint, a rewritten
    /// one (even with the same bytes) gets another, and an entry whose file changed after it was found reads as nil
    /// rather than handing out bytes its fingerprint does not describe. Both stores.
    @Test func storedEntriesAreKnownByTheirFilesStamp() throws {
        try withTemporaryDirectory { directory in
            let snapshot = Snapshot(directory: directory + "/snapshot")
            let cache = ResponseCache(directory: directory + "/cache")
            let original = response("https://pokeapi.co/api/v2/type/10", body: #"{"name":"fire"}"#)
            let stores: [(any ResponseStore, String)] = [(snapshot, directory + "/snapshot/" + Snapshot.file(for: original.url)),
                                                          (cache, cache.path(for: original.url))]
            for (store, file) in stores {
                try store.write(original)
                let first = try #require(store.entry(original.url))
                #expect(store.entry(original.url)?.fingerprint == first.fingerprint)
                #expect(first.response() == original)

                let bytes = try Files.read(file)
                try FileManager.default.removeItem(atPath: file)
                try Files.writeFile(bytes, to: file)
                let again = try #require(store.entry(original.url))
                #expect(again.fingerprint != first.fingerprint, "a rewritten file is another stored copy")
                #expect(again.response() == original)
                if store is Snapshot { #expect(first.response() == nil, "the file changed after the entry was found") }
            }
        }
    }

    // MARK: ResponseCache

    @Test func cacheWriteThenReadBack() throws {
        try withTemporaryDirectory { directory in
            let cache = ResponseCache(directory: directory)
            let original = response("https://rickandmortyapi.com/api/character/?page=2", body: #"{"info":{}}"#, etag: "\"r2\"")
            try cache.write(original)
            #expect(cache.read(original.url) == original)
            #expect(ResponseCache(directory: directory).read(original.url) == original)
            #expect(cache.read("https://rickandmortyapi.com/api/character/?page=3") == nil)

            let path = cache.path(for: original.url)
            #expect(path.hasPrefix(directory + "/"))
            #expect(path.hasSuffix(".entry"))
            let bytes = try Files.read(path)
            let newline = try #require(bytes.firstIndex(of: UInt8(ascii: "\n")))
            let header = try JSONDecoder().decode(StoredResponse.Header.self, from: Data(bytes[..<newline]))
            #expect(header == original.header)
            #expect(Array(bytes[(newline + 1)...]).starts(with: [0x1F, 0x8B]))
        }
    }

    @Test func cacheBodyIsGzippedOnDisk() throws {
        try withTemporaryDirectory { directory in
            let cache = ResponseCache(directory: directory)
            let body = String(repeating: #"{"name":"bulbasaur","url":"https://pokeapi.co/api/v2/pokemon/1/"},"#, count: 2_000)
            let original = response("https://pokeapi.co/api/v2/pokemon/?limit=2000", body: body)
            try cache.write(original)
            let size = try Files.read(cache.path(for: original.url)).count
            #expect(size < original.body.count / 10, "on disk \(size) bytes for a \(original.body.count)-byte body")
            #expect(cache.read(original.url)?.body == original.body)
        }
    }

    @Test func cacheNeverReturnsAnotherURLsEntry() throws {
        try withTemporaryDirectory { directory in
            let cache = ResponseCache(directory: directory)
            let stored = response("https://pokeapi.co/api/v2/pokemon/1", body: "bulbasaur")
            try cache.write(stored)
            // Simulate a fingerprint collision: another URL's path holds this entry.
            let other = "https://pokeapi.co/api/v2/pokemon/2"
            try Files.write(try Files.read(cache.path(for: stored.url)), to: cache.path(for: other))
            #expect(cache.read(other) == nil)
            #expect(cache.read(stored.url) == stored)
        }
    }

    @Test(arguments: [
        Array("garbage without a newline".utf8),
        Array("not json\n".utf8) + [0x1F, 0x8B],
        Array("{\"url\":\"https://x.example/a\"}\n".utf8) + Array("body".utf8),
        [UInt8](),
    ])
    func corruptCacheEntryReadsAsNil(bytes: [UInt8]) throws {
        try withTemporaryDirectory { directory in
            let cache = ResponseCache(directory: directory)
            let url = "https://x.example/a"
            try Files.write(bytes, to: cache.path(for: url))
            #expect(cache.read(url) == nil)
        }
    }

    @Test func cacheEntryWithAGoodHeaderButBrokenBodyReadsAsNil() throws {
        try withTemporaryDirectory { directory in
            let cache = ResponseCache(directory: directory)
            let original = response("https://x.example/b", body: String(repeating: "b", count: 1_000))
            try cache.write(original)
            let path = cache.path(for: original.url)
            var bytes = try Files.read(path)
            bytes.removeLast(12)
            try Files.write(bytes, to: path)
            #expect(cache.read(original.url) == nil)
        }
    }

    @Test func ageIsMeasuredFromTheFetchTime() {
        let stored = response("https://x.example/a", body: "x")
        #expect(stored.age(at: stored.fetchedAt + 2.5) == .milliseconds(2_500))
        #expect(stored.age(at: stored.fetchedAt + 86_400) == .seconds(86_400))
        #expect(stored.age(at: stored.fetchedAt - 60) == .zero)
        // A fetch time read back from disk may be anything: the age stays in range and never traps.
        for hostile in [-1e300, 1e300, -Double.greatestFiniteMagnitude, 0] {
            var copy = stored
            copy.fetchedAt = hostile
            let age = copy.age(at: 1_789_000_000)
            #expect(age >= .zero && age <= .seconds(1_000_000_000))
        }
    }

    // MARK: Gzip

    @Test(arguments: [0, 1, 100, 70_000])
    func gzipRoundTrip(size: Int) throws {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let compressed = try Gzip.compress(bytes)
        #expect(compressed.starts(with: [0x1F, 0x8B]))
        #expect(try Gzip.decompress(compressed) == bytes)
    }

    @Test func gzipIsDeterministic() throws {
        let bytes = Array(String(repeating: "Pokémon ", count: 500).utf8)
        let first = try Gzip.compress(bytes)
        let second = try Gzip.compress(bytes)
        #expect(first == second)
        #expect(first.count < bytes.count)
        #expect(try Gzip.compress(Array("a".utf8)) != Gzip.compress(Array("b".utf8)))
    }

    @Test func gzipRejectsEveryTruncation() throws {
        let bytes = Array(String(repeating: #"{"name":"charmander"}"#, count: 300).utf8)
        let compressed = try Gzip.compress(bytes)
        for length in 0..<compressed.count {
            #expect(throws: (any Error).self, "prefix of \(length) of \(compressed.count) bytes") {
                try Gzip.decompress(Array(compressed.prefix(length)))
            }
        }
        #expect(try Gzip.decompress(compressed) == bytes)
    }

    @Test func gzipRejectsGarbage() {
        #expect(throws: (any Error).self) { try Gzip.decompress(Array("definitely not gzip".utf8)) }
    }

    // MARK: The Link header / la cabecera Link

    @Test func linkHeaderIsKeptByTheCacheAndTheSnapshot() throws {
        try withTemporaryDirectory { directory in
            var paged = response("https://api.example.com/items?page=2", body: "[1]", etag: "\"p2\"")
            paged.link = #"<https://api.example.com/items?page=3>; rel="next", <https://api.example.com/items?page=9>; rel="last""#
            let cache = ResponseCache(directory: directory + "/cache")
            try cache.write(paged)
            #expect(ResponseCache(directory: directory + "/cache").read(paged.url) == paged)

            let snapshot = Snapshot(directory: directory + "/data")
            try snapshot.replaceAll(with: [paged, response("https://api.example.com/items", body: "[0]")])
            let reopened = Snapshot(directory: directory + "/data")
            #expect(reopened.read(paged.url) == paged)
            #expect(reopened.read("https://api.example.com/items")?.link == nil)
            let manifest = try Files.readText(directory + "/data/manifest.json")
            #expect(manifest.components(separatedBy: "\"link\"").count == 2, "only the entry with a Link header has the key")
        }
    }

    /// Manifests and cache headers written before `link` existed read the same, and unchanged ones are written byte for byte.
    @Test func manifestsAndCacheHeadersWithoutLinkStayAsTheyWere() throws {
        try withTemporaryDirectory { directory in
            let folder = directory + "/data"
            let old = """
                {
                  "https://api.example.com/items" : {
                    "contentType" : "application/json",
                    "etag" : "\\"e1\\"",
                    "fetchedAt" : 1789000000.5,
                    "file" : "api.example.com/items/index.json.gz",
                    "status" : 200
                  }
                }
                """
            try Files.write(Array(old.utf8), to: folder + "/manifest.json")
            try Files.write(try Gzip.compress(Array("[]".utf8)), to: folder + "/api.example.com/items/index.json.gz")
            let snapshot = Snapshot(directory: folder)
            let read = try #require(snapshot.read("https://api.example.com/items"))
            #expect(read.link == nil && read.etag == "\"e1\"" && read.body == Array("[]".utf8))
            try snapshot.saveManifest()
            #expect(try Files.readText(folder + "/manifest.json") == old, "an unchanged manifest is byte-identical")

            let header = #"{"contentType":"application\/json","fetchedAt":1789000000.5,"status":200,"url":"https:\/\/api.example.com\/items"}"#
            let cache = ResponseCache(directory: directory + "/cache")
            try Files.write(Array((header + "\n").utf8) + (try Gzip.compress(Array("[]".utf8))), to: cache.path(for: "https://api.example.com/items"))
            #expect(cache.read("https://api.example.com/items")?.link == nil)
            try cache.write(try #require(cache.read("https://api.example.com/items")))
            let written = try Files.read(cache.path(for: "https://api.example.com/items"))
            #expect(String(decoding: written.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self) == header)
        }
    }
}
