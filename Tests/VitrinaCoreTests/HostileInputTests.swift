import Foundation
import Testing
import TestSupport
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// Paths, names, numbers and YAML from input or from disk, tried as an attacker would, with seeded random cases.
/// Rutas, nombres, números y YAML de la entrada o del disco, probados como lo haría un atacante.
@Suite struct HostileInputTests {
    static let cases = 10_000

    /// A random path built from hostile pieces and separators.
    static func path(_ random: inout SeededGenerator) -> String {
        (0..<Int.random(in: 0...5, using: &random)).map { _ in
            random.pick(["..", ".", "", "a", "b.html", HostileText.string(&random, maxPieces: 3), "/", "~", "%2e%2e"])
        }.joined(separator: random.pick(["/", "/", "//", "\\"]))
    }

    @Test func plainRelativePathsStayInsideTheirFolder() {
        var random = SeededGenerator(seed: 21)
        for number in 0..<Self.cases {
            let path = Self.path(&random)
            guard SafePath.isPlainRelative(path) else { continue }
            let resolved = ("/root/out/" + path as NSString).standardizingPath
            // Compared on bytes: a combining mark after the slash would hide the prefix from `hasPrefix`.
            #expect(resolved.utf8.starts(with: "/root/out/".utf8), "case \(number): \(String(reflecting: path)) → \(resolved)")
            #expect(!path.utf8.contains { $0 < 0x20 || $0 == 0x7F }, "case \(number)")
            #expect(!path.split(separator: "/", omittingEmptySubsequences: false).contains { $0 == ".." || $0 == "." || $0.isEmpty })
        }
        #expect(!SafePath.isPlainRelative("../victim/file.txt") && !SafePath.isPlainRelative("/etc/passwd"))
        #expect(!SafePath.isPlainRelative("a\nb") && !SafePath.isPlainRelative("a/./b") && !SafePath.isPlainRelative(""))
        #expect(SafePath.isPlainRelative("pokemon/25-pikachu/index.html") && SafePath.isPlainRelative("...") && SafePath.isPlainRelative(".x"))
    }

    @Test func theManifestTrustsOnlyPlainPathsInsideTheOutput() {
        var random = SeededGenerator(seed: 22)
        for number in 0..<Self.cases {
            let lines = (0..<Int.random(in: 1...4, using: &random)).map { _ in Self.path(&random) + random.pick(["", "\tabc-1", "\t", "\t\(OutputWriter.removedMark)"]) }
            let text = lines.joined(separator: "\n")
            let (files, refused, order) = OutputWriter.entries(Array(text.utf8))
            #expect(Set(order) == Set(files.keys), "case \(number): the order names the trusted paths")
            for path in files.keys {
                #expect(SafePath.isPlainRelative(path) && path != OutputWriter.manifestName, "case \(number): \(String(reflecting: path))")
            }
            #expect(files.count + refused.count <= text.utf8.split(separator: 10).count, "case \(number)")
        }
        let (files, refused, order) = OutputWriter.entries(Array("index.html\tab-3\n../victim/file.txt\tcd-1\n/etc/x\n../victimdir\n".utf8))
        #expect(Array(files.keys) == ["index.html"] && refused == ["../victim/file.txt", "/etc/x", "../victimdir"] && order == ["index.html"])
    }

    @Test func snapshotFileNamesAreAlwaysPathsItsReaderAccepts() {
        var random = SeededGenerator(seed: 29)
        for number in 0..<Self.cases {
            let url = random.pick(["https://", "http://", "", "file://"]) + Self.path(&random)
                + random.pick(["", "/", ".png", "?q=" + HostileText.string(&random, maxPieces: 3)])
            let file = Snapshot.file(for: url)
            #expect(Snapshot.isSafeFile(file), "case \(number): \(String(reflecting: url)) → \(String(reflecting: file))")
        }
        #expect(Snapshot.file(for: "https://example.org//a/./b\nc.png") == "example.org/a/b_c.png.gz")
    }

    @Test func theDevServerRefusesHiddenSegmentsWhateverFollowsTheDot() {
        #expect(ServedFiles.relativePath("/.env") == nil && ServedFiles.relativePath("/a/.vitrina-manifest") == nil)
        #expect(ServedFiles.relativePath("/.\u{301}env") == nil, "a combining mark after the dot")
        #expect(ServedFiles.relativePath("/%2E%CC%81env") == nil, "the same, percent-encoded")
        #expect(ServedFiles.relativePath("/docs/a/") == "docs/a")
        // U+0600 joins the `/` after it into one Character: the `..` behind it is still a segment of its own.
        #expect(ServedFiles.relativePath("/x\u{600}/../y") == nil, "a prepended mark before the slash")
        #expect(ServedFiles.relativePath("/x%D8%80/%2E%2E/y") == nil, "the same, percent-encoded")
    }

    /// A folder whose name ends in U+0600 joins the `/` after it into one Character; the folder is still looked at on
    /// its own, so a link there is found before anything is written through it.
    @Test func aLinkedFolderIsFoundWhateverJoinsItsSlash() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("vitrina-links-\(UUID().uuidString)").path
        let (root, outside) = (base + "/root", base + "/outside")
        defer { try? FileManager.default.removeItem(atPath: base) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: outside + "/b", withIntermediateDirectories: true)
        for name in ["a\u{600}", "a\u{301}", "a"] {
            try FileManager.default.createSymbolicLink(atPath: root + "/" + name, withDestinationPath: outside)
            #expect(!SafePath.parentsStayInside(root: root, relative: name + "/b/file.html"), "\(name.unicodeScalars.map(\.value))")
            try FileManager.default.removeItem(atPath: root + "/" + name)
        }
        #expect(SafePath.parentsStayInside(root: root, relative: "a\u{600}/b/file.html"), "missing folders are created inside")
    }

    @Test func mediaNamesAreSafeShortAndDistinct() {
        var random = SeededGenerator(seed: 23)
        var seen: [String: String] = [:]
        for number in 0..<Self.cases {
            let long = random.chance(0.3)
            let segment = HostileText.string(&random, maxPieces: long ? 200 : 12) + (long ? String(repeating: "a", count: 120) + ".png" : "")
            let name = MediaPath.safeSegment(segment)
            #expect(!name.isEmpty && name != "." && name != ".." && name.utf8.count <= MediaPath.maxSegment, "case \(number)")
            #expect(name.utf8.allSatisfy { $0 < 0x80 && ($0 == 0x2D || $0 == 0x2E || $0 == 0x5F || Character(Unicode.Scalar($0)).isLetter || Character(Unicode.Scalar($0)).isNumber) })
            #expect(!name.contains(".."), "case \(number): \(name)")
            if long {
                #expect(name.hasSuffix(".png"), "case \(number): the extension survives the cap")
                if let other = seen[name] { #expect(other == segment, "two long names share \(name)") }
                seen[name] = segment
            }
        }
        let segment = String(repeating: "x", count: 300) + ".jpg"
        #expect(MediaPath.safeSegment(segment).utf8.count == MediaPath.maxSegment)
        #expect(MediaPath.safeSegment("71kWymZ+c+L._AC_SX679_.jpg") == "71kWymZ-c-L._AC_SX679_.jpg")
        #expect(MediaPath.safeSegment("..") == "-" && MediaPath.safeSegment("") == "file")
    }

    @Test func slugsAreShortPlainSegments() {
        var random = SeededGenerator(seed: 27)
        for number in 0..<Self.cases {
            let text = HostileText.string(&random, maxPieces: random.chance(0.1) ? 80 : 12)
            let slug = Slug.make(text)
            #expect(!slug.isEmpty && slug.utf8.count <= 80 && SafePath.isPlainRelative(slug), "case \(number): \(String(reflecting: text))")
            #expect(slug.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }, "case \(number): \(slug)")
        }
    }

    @Test func durationsNeverTrapAndStayWithinTenYears() {
        var random = SeededGenerator(seed: 24)
        for number in 0..<Self.cases {
            let value: String = random.chance(0.5) ? String(Int64.random(in: .min ... .max, using: &random))
                : String(UInt64.random(in: 0...UInt64(Int64.max) >> UInt64.random(in: 0...62, using: &random), using: &random))
            let text = value + random.pick(["", "s", "m", "h", "d", "D", " d", "x"])
            if let duration = DurationText.parse(text) {
                #expect(duration >= .zero && duration <= .seconds(DurationText.maxDays * 86_400), "case \(number): \(text)")
            }
        }
        #expect(DurationText.parse("9999999999999999d") == nil)
        #expect(DurationText.parse("7d") == .seconds(604_800))
    }

    @Test func configNumbersAreRangeCheckedNamingFileAndKey() throws {
        var random = SeededGenerator(seed: 25)
        for number in 0..<Self.cases / 10 {
            let key = random.pick(["page_size", "limit", "concurrency", "max_age"])
            let value = random.pick(["9999999999999999d", "0", "-1", "1e300", "2", "\(Int.max)", "\(Int64.random(in: .min ... .max, using: &random))", "12h"])
            let yaml = "title: x\nsources:\n  pokeapi:\n    base_url: https://pokeapi.co\n    \(key): \(value)\n"
            do {
                let config = try SiteConfig.parse(yaml, file: "Content/site.yml")
                let source = try #require(config.source("pokeapi"))
                #expect((1...1_000).contains(source.pageSize) && (1...64).contains(source.concurrency), "case \(number)")
                #expect((source.limit ?? 1) >= 1 && (source.limit ?? 1) <= 100_000, "case \(number)")
            } catch let error as VitrinaError {
                #expect(error.message.contains("Content/site.yml:5") && error.message.contains(key), "case \(number): \(error.message)")
            }
        }
    }

    @Test func apiNumbersOutOfRangeNameTheURLAndThePath() throws {
        var random = SeededGenerator(seed: 26)
        for number in 0..<Self.cases {
            let stat = random.pick([Int.max, Int.min, 1 << 62, -1, 0, 45, 255, Int.random(in: .min ... .max, using: &random)])
            let json = #"{"id":1,"name":"x","height":7,"weight":69,"types":[],"abilities":[],"sprites":{},"species":{"name":"x","url":"u"},"stats":[{"base_stat":\#(stat),"stat":{"name":"hp","url":"u"}}]}"#
            let dto = try JSONDecoder().decode(PokemonDTO.self, from: Data(json.utf8))
            let problem = dto.numberOutOfRange()
            #expect((problem == nil) == NumberRange.amounts.contains(stat), "case \(number): \(stat)")
            if let problem { #expect(problem.path == "stats[0].base_stat") }
        }
    }

    @Test func imageSizesFromHostileSVGsNeverTrap() {
        var random = SeededGenerator(seed: 28)
        let numbers = ["1e999", String(repeating: "9", count: 400), "1e300", "-5", "0", "0.2", "NaN", "inf", "300", "12.5", "100000", "100001"]
        for number in 0..<Self.cases {
            let (width, height) = (random.pick(numbers), random.pick(numbers))
            let svg = random.chance(0.5) ? "<svg width=\"\(width)\" height=\"\(height)\">" : "<svg viewBox=\"0 0 \(width) \(height)\">"
            if let size = ImageSize.of(Array(svg.utf8)) {
                #expect((1...100_000).contains(size.width) && (1...100_000).contains(size.height), "case \(number): \(svg)")
            }
        }
    }

    @Test func aliasBombsAndDeepNestingAreRefusedWithTheLine() throws {
        var bomb = "---\ntitle: ok\na: &a [x, x, x, x, x, x, x, x, x]\n"
        for level in 1...8 { bomb += "\(Character(Unicode.Scalar(UInt8(97 + level)))): &\(Character(Unicode.Scalar(UInt8(97 + level)))) [" + Array(repeating: "*\(Character(Unicode.Scalar(UInt8(96 + level))))", count: 9).joined(separator: ", ") + "]\n" }
        bomb += "---\nBody\n"
        #expect(bomb.utf8.count < 1_000)
        let start = ContinuousClock.now
        #expect {
            _ = try FrontMatter.parse(bomb, file: "Content/docs/bomb.md")
        } throws: { error in
            let message = (error as? VitrinaError)?.message ?? ""
            return message.contains("Content/docs/bomb.md:") && message.contains("expands to more than")
        }
        #expect(ContinuousClock.now - start < .seconds(5))
        let deep = "---\ntitle: x\nlist: " + String(repeating: "[", count: 100_000) + "\n---\n"
        #expect {
            _ = try FrontMatter.parse(deep, file: "Content/deep.md")
        } throws: { error in ((error as? VitrinaError)?.message ?? "").contains("Content/deep.md:3: front matter YAML nested more than") }
        #expect(throws: VitrinaError.self) { _ = try SiteConfig.parse("title: &t [a]\n" + "x: " + String(repeating: "- ", count: 5_000) + "y\n", file: "site.yml") }
    }

    @Test func aSnapshotEntryOutsideItsFolderIsRefusedByName() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vitrina-snap-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Files.write(Array("outside".utf8), to: folder + "/outside/p.json.gz")
        let manifest = #"{"https://pokeapi.co/api/v2/pokemon/1/":{"contentType":"application/json","fetchedAt":0,"file":"../../../outside/p.json.gz","status":200}}"#
        try Files.write(Array(manifest.utf8), to: folder + "/a/b/data/manifest.json")
        let snapshot = Snapshot(directory: folder + "/a/b/data")
        #expect(snapshot.read("https://pokeapi.co/api/v2/pokemon/1/") == nil)
        #expect {
            try snapshot.checkEntries()
        } throws: { error in
            let message = (error as? VitrinaError)?.message ?? ""
            return message.contains("https://pokeapi.co/api/v2/pokemon/1/") && message.contains("../../../outside/p.json.gz")
        }
    }

    @Test func aFIFOIsNeverOpenedForReading() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vitrina-fifo-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Files.createDirectory(folder)
        #expect(mkfifo(folder + "/pipe.md", 0o644) == 0)
        #expect(throws: VitrinaError.self) { _ = try Files.read(folder + "/pipe.md") }
        let scan = Files.scan(folder)
        #expect(scan.files.isEmpty && scan.specials == ["pipe.md"])
    }

    @Test func symlinkLoopsAreFoundNotWalked() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vitrina-loop-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Files.write(Array("# A\n".utf8), to: folder + "/docs/a.md")
        #expect(symlink(".", folder + "/docs/self") == 0 && symlink("..", folder + "/docs/up") == 0)
        let scan = Files.scan(folder)
        #expect(scan.files == ["docs/a.md"])
        #expect(Set(scan.loops) == ["docs/self", "docs/up"])
    }
}
