import Foundation
import Testing
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// The parsed-Markdown memo on disk, in shards: over seeded rounds of files added, edited, removed and shards damaged,
/// a build finds every unchanged document, and saving writes exactly the shards where a document was parsed anew or
/// went away.
/// La memoria de Markdown en disco, por partes: cada ronda escribe solo las partes que cambiaron.
@Suite("Parsed-Markdown memo in shards")
struct DocumentMemoShardTests {
    @Test("300 seeded rounds: unchanged documents are found, only changed shards are written")
    func onlyChangedShardsAreWritten() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vitrina-memo-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var random = SeededBytes(seed: 0x5AD)
        var site: [String: Int] = [:] // file -> version
        var last: [String: Int] = [:] // the site at the last save
        var damaged: Int?
        for round in 0..<300 {
            for _ in 0..<random.next(4) {
                let file = "Content/s\(random.next(5))/p\(random.next(60)).md"
                if random.next(4) == 0 { site[file] = nil } else { site[file, default: 0] += 1 }
            }
            let memo = DocumentMemo.load(from: folder, context: "test")
            var parsed: Set<String> = []
            for (file, version) in site where memo.document(file, stamp: Self.stamp(version)) == nil {
                memo.remember(Self.document(file, version: version), stamp: Self.stamp(version))
                parsed.insert(file)
            }
            let mustParse = Set(site.keys.filter { last[$0] != site[$0] || DocumentMemo.shard(of: $0) == damaged })
            #expect(parsed == mustParse, "round \(round): parsed \(parsed.sorted()), expected \(mustParse.sorted())")
            let before = Self.stamps(folder)
            try memo.save(to: folder, context: "test")
            let written = Set(Self.stamps(folder).filter { before[$0.key] != $0.value }.keys.map { ($0 as NSString).lastPathComponent })
            let gone = Set(last.keys).subtracting(site.keys)
            let expected = Set((parsed.union(gone)).map { Self.name(DocumentMemo.shard(of: $0)) }).union(damaged.map { [Self.name($0)] } ?? [])
            #expect(written == expected, "round \(round)")
            last = site
            damaged = nil
            if random.next(5) == 0, let victim = Self.stamps(folder).keys.sorted().first(where: { _ in random.next(3) == 0 }) {
                var bytes = try Files.read(victim)
                bytes[random.next(bytes.count)] ^= 0x20
                try Files.writeFile(bytes, to: victim)
                damaged = Int(String(victim.split(separator: "/").last!.prefix(2)), radix: 16)
            }
        }
        let final = DocumentMemo.load(from: folder, context: "test")
        for (file, version) in site {
            let body = final.document(file, stamp: Self.stamp(version))?.body
            #expect(body?.html == "<p>\(file) \(version)</p>")
            #expect(body?.anchorIDs == Self.anchorIDs(version))
        }
        #expect(DocumentMemo.load(from: folder, context: "other settings").document(site.keys.first ?? "", stamp: Self.stamp(1)) == nil)
    }

    /// A shard file that holds another shard's entries (copied or renamed over it, as anything read back from disk may
    /// be) is not trusted for them: those documents are not served from it, and the next save writes that shard again.
    @Test func entriesInAnotherShardsFileAreNotServedAndTheShardIsWrittenAgain() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vitrina-memo-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let files = (0..<200).map { "Content/p\($0).md" }
        let mine = try #require(files.first)
        let shard = DocumentMemo.shard(of: mine)
        // A shard read after `mine`'s, so that its entry, if trusted, would replace the right one.
        let other = try #require(files.first { DocumentMemo.shard(of: $0) > shard })
        let memo = DocumentMemo()
        for file in [mine, other] { memo.remember(Self.document(file, version: 1), stamp: Self.stamp(1)) }
        try memo.save(to: folder, context: "test")
        // Another version of `mine`, saved elsewhere, and its shard's file put where `other`'s shard belongs.
        let elsewhere = folder + "-elsewhere"
        defer { try? FileManager.default.removeItem(atPath: elsewhere) }
        let newer = DocumentMemo()
        newer.remember(Self.document(mine, version: 2), stamp: Self.stamp(2))
        try newer.save(to: elsewhere, context: "test")
        let target = DocumentMemo.shardPath(DocumentMemo.shard(of: other), in: folder)
        try Files.writeFile(try Files.read(DocumentMemo.shardPath(shard, in: elsewhere)), to: target)

        let loaded = DocumentMemo.load(from: folder, context: "test")
        #expect(loaded.document(mine, stamp: Self.stamp(1))?.body.html == "<p>\(mine) 1</p>")
        #expect(loaded.document(mine, stamp: Self.stamp(2)) == nil)
        #expect(loaded.document(other, stamp: Self.stamp(1)) == nil)
        let before = FileStamp(path: target)
        try loaded.save(to: folder, context: "test")
        #expect(FileStamp(path: target) != before)
        #expect(DocumentMemo.load(from: folder, context: "test").document(mine, stamp: Self.stamp(1)) != nil)
    }

    private static func name(_ shard: Int) -> String { (DocumentMemo.shardPath(shard, in: "/memo") as NSString).lastPathComponent }

    private static func stamp(_ version: Int) -> FileStamp {
        FileStamp(size: 10 + version, seconds: version, nanoseconds: 0, changeSeconds: version, changeNanoseconds: 0, inode: 7)
    }

    private static func document(_ file: String, version: Int) -> Document {
        Document(file: file, name: file, language: "es", fields: FieldReader(file: file, fields: [:]),
                 body: RenderedMarkdown(html: "<p>\(file) \(version)</p>", headings: [], anchorIDs: anchorIDs(version)), fingerprint: "f\(version)")
    }

    /// None for some versions, one or two ids for others, one of them hostile text (quotes, a NUL, a bidirectional
    /// override, a lone combining mark, an emoji): the memo keeps them as they were.
    private static func anchorIDs(_ version: Int) -> [String] {
        (0..<version % 3).map { $0 == 1 ? "fn\"<x>\u{0}\u{202E}\u{301}😀-\(version)" : "fn-\($0)-\(version)" }
    }

    private static func stamps(_ folder: String) -> [String: FileStamp] {
        var stamps: [String: FileStamp] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            stamps[folder + "/" + name] = FileStamp(path: folder + "/" + name)
        }
        return stamps
    }
}
