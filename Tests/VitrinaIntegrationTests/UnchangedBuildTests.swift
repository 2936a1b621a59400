import Foundation
import Testing
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// A build whose sources' stamp matches the last build's does no work, and any change of what it reads makes it build.
@Suite("Unchanged builds")
struct UnchangedBuildTests {
    /// An offline build of `site` into its output; files count as settled at once unless `settle` says otherwise.
    func build(_ site: TestSite, settle: Duration = .zero, drafts: Bool = false, baseURL: String? = nil) async throws -> BuildReport {
        var options = BuildOptions(siteDirectory: site.root, offline: true, drafts: drafts, baseURL: baseURL)
        options.settleTime = settle
        return try await BuildPipeline(options: options, client: NoNetwork()).build()
    }

    /// True when the build stopped after comparing stamps.
    func skipped(_ report: BuildReport) -> Bool { report.stages.map(\.name) == ["stamp"] }

    @Test func aSecondBuildWithNothingChangedDoesNoWorkAndSaysWhatTheFirstSaid() async throws {
        let site = try TestSite(files: IncrementalBuildTests.files)
        defer { site.remove() }
        let first = try await build(site)
        #expect(!skipped(first))
        let before = try site.snapshotOfOutput()
        let second = try await build(site)
        #expect(skipped(second))
        #expect((second.pages, second.files, second.bytes, second.rendered) == (first.pages, first.files, first.bytes, 0))
        #expect(second.warnings.isEmpty)
        #expect(try site.snapshotOfOutput() == before)
    }

    /// The time a build reports is its stages' without counting twice the one that ran beside another (assembling
    /// beside drawing): never more than the build took.
    @Test func theReportedTimeCountsAStageBesideAnotherOnce() async throws {
        let site = try TestSite(files: IncrementalBuildTests.files)
        defer { site.remove() }
        let start = ContinuousClock.now
        let report = try await build(site)
        let took = ContinuousClock.now - start
        let assemble = try #require(report.stages.first { $0.name == "assemble" }).duration
        #expect(report.overlapped == assemble)
        #expect(report.total == report.stages.reduce(.zero) { $0 + $1.duration } - assemble)
        #expect(report.total <= took)
    }

    @Test func anEditOfTheSameSizeAnotherOptionOrAMissingOutputFileMakesItBuild() async throws {
        let site = try TestSite(files: IncrementalBuildTests.files)
        defer { site.remove() }
        _ = try await build(site)
        #expect(skipped(try await build(site)))
        // Same length as "Archiva ficheros.": only the file's times tell the edit.
        try site.write("Content/linux/tar.md", "---\ntitle: tar\n---\nArchivo ficheros.\n")
        let edited = try await build(site)
        #expect(!skipped(edited) && edited.rendered > 0)
        #expect(try site.read("linux/tar/index.html").contains("Archivo ficheros."))
        #expect(skipped(try await build(site)))
        #expect(!skipped(try await build(site, drafts: true)))
        #expect(!skipped(try await build(site, baseURL: "https://example.org/docs/")))
        #expect(skipped(try await build(site, baseURL: "https://example.org/docs/")), "the same options again: nothing to do")
        // Back to the first options, so that only the output tells the next builds apart.
        _ = try await build(site)
        #expect(skipped(try await build(site)))
        try site.delete("Output/linux/ls/index.html")
        let restored = try await build(site)
        #expect(!skipped(restored))
        #expect(site.exists("linux/ls/index.html"))
        #expect(skipped(try await build(site)))
        try site.write("Output/linux/ls/index.html", "cut short")
        #expect(!skipped(try await build(site)), "a file of the output at another size")
        #expect(try site.read("linux/ls/index.html").contains("<html"))
        try await site.expectSameAsFullBuild()
    }

    @Test func aNewFileOrARemovedOneMakesItBuild() async throws {
        let site = try TestSite(files: IncrementalBuildTests.files)
        defer { site.remove() }
        let first = try await build(site)
        try site.write("Content/osx/ls.md", "# ls\n\nLista.\n")
        let added = try await build(site)
        #expect(!skipped(added) && added.pages > first.pages)
        try site.delete("Content/osx/ls.md")
        let removed = try await build(site)
        #expect(!skipped(removed) && removed.pages == first.pages)
        #expect(!site.exists("osx/ls/index.html"))
    }

    @Test func aBuildWithWarningsOrFilesChangedJustBeforeRecordsNoStamp() async throws {
        var files = IncrementalBuildTests.files
        files["Content/osx/open.md"] = "Abre [ficheros](../falta/).\n"
        let site = try TestSite(files: files)
        defer { site.remove() }
        let first = try await build(site)
        #expect(!first.warnings.isEmpty)
        let second = try await build(site)
        #expect(!skipped(second), "a build with warnings says them again")
        #expect(second.warnings.map(\.message) == first.warnings.map(\.message))

        let fresh = try TestSite(files: IncrementalBuildTests.files)
        defer { fresh.remove() }
        _ = try await build(fresh, settle: .seconds(3600))
        #expect(!skipped(try await build(fresh)), "files changed within the settle time leave no stamp")
        #expect(skipped(try await build(fresh)))
    }

    @Test func aDamagedOrForeignRecordIsIgnored() async throws {
        let site = try TestSite(files: IncrementalBuildTests.files)
        defer { site.remove() }
        _ = try await build(site)
        let path = UnchangedRecord.path(statePath: BuildState.path(siteDirectory: site.root, outputDirectory: site.output))
        let saved = try Files.read(path)
        let record = try #require(UnchangedRecord.decode(saved))
        #expect(UnchangedRecord.decode(record.encoded()) == record)
        for damaged in ["", "vitrina-unchanged 1\n", String(decoding: saved, as: UTF8.self).replacingOccurrences(of: "\(record.pages) ", with: "-5 "),
                        String(decoding: saved, as: UTF8.self).replacingOccurrences(of: "vitrina-unchanged 1", with: "vitrina-unchanged 9")] {
            try Files.write(Array(damaged.utf8), to: path)
            #expect(!skipped(try await build(site)), "record: \(damaged.debugDescription)")
        }
        // Another output's manifest: the record names the build it belongs to.
        try Files.write(record.encoded(), to: path)
        #expect(skipped(try await build(site)))
        try Files.write(UnchangedRecord(stamp: record.stamp, buildID: "0000000000000000", pages: 1, files: 1, bytes: 1).encoded(), to: path)
        #expect(!skipped(try await build(site)))
    }

    /// The stamp a build takes beside itself counts from the build's start: a file changed after the build began (so
    /// perhaps after the build read it) makes it `settling`, and it is never recorded.
    @Test func aStampCountedFromBeforeAChangeIsSettlingAndAFirstBuildStillRecordsOne() async throws {
        let site = try TestSite(files: IncrementalBuildTests.files)
        defer { site.remove() }
        let options = BuildOptions(siteDirectory: site.root, offline: true)
        let start = SourceStamp.clock()
        // File times follow the kernel's coarse clock, up to a tick behind `start`: the file is written until its stamp
        // says it changed after `start` (the event the test is about), within a bound. Each look at the stamp follows a
        // write, so a task held back past the bound still writes once more before giving up.
        let path = site.root + "/Content/linux/tar.md"
        let changedAfterStart = { (FileStamp(path: path)?.latestChange ?? 0) >= start }
        let deadline = ContinuousClock.now + .seconds(30)
        try site.write("Content/linux/tar.md", "---\ntitle: tar\n---\nOtro texto.\n")
        while !changedAfterStart() && ContinuousClock.now < deadline {
            await Task.yield()
            try site.write("Content/linux/tar.md", "---\ntitle: tar\n---\nOtro texto.\n")
        }
        #expect(changedAfterStart(), "the file's stamp counts from after the start")
        #expect(SourceStamp.take(options, binary: "test", settleTime: .zero, start: start).settling)
        #expect(!SourceStamp.take(options, binary: "test", settleTime: .zero).settling, "counted from now, the change is settled")
        // A first build has no record to compare with: it takes the stamp beside itself, and the next build is skipped.
        let first = try await build(site)
        #expect(!first.stages.map(\.name).contains("stamp"))
        #expect(skipped(try await build(site)))
    }

    @Test func optionsThatWouldReadAlikeJoinedByTabsGiveDifferentStamps() {
        func stamp(site: String, output: String, baseURL: String? = nil, overrides: [String: String] = [:]) -> String {
            let options = BuildOptions(siteDirectory: site, outputDirectory: output, baseURL: baseURL, apiOverrides: overrides)
            return SourceStamp.take(options, binary: "test", settleTime: .zero).value
        }
        let missing = "/nonexistent-\(UUID().uuidString)"
        #expect(stamp(site: missing + "/a\tb", output: "c") != stamp(site: missing + "/a", output: "b\tc"))
        #expect(stamp(site: missing, output: "o", baseURL: "-") != stamp(site: missing, output: "o"))
        #expect(stamp(site: missing, output: "o", overrides: ["a": "b\tc=d"]) != stamp(site: missing, output: "o", overrides: ["a": "b", "c": "d"]))
        #expect(stamp(site: missing, output: "o\"") == stamp(site: missing, output: "o\""), "the same options, the same stamp")
    }

    @Test func mutatedRecordsNeverClaimMoreThanTheyMayAndNeverCrash() throws {
        let record = UnchangedRecord(stamp: "1234abcd1234abcd", buildID: "feedfacefeedface", pages: 103_950, files: 103_957, bytes: 352_700_000)
        let valid = record.encoded()
        var random = SeededRandom(seed: 20_261_126)
        for _ in 0..<10_000 {
            var bytes = valid
            for _ in 0...random.next(4) {
                switch random.next(3) {
                case 0 where !bytes.isEmpty: bytes[random.next(bytes.count)] = UInt8(random.next(256))
                case 1 where !bytes.isEmpty: bytes.remove(at: random.next(bytes.count))
                default: bytes.insert(UInt8(random.next(256)), at: random.next(bytes.count + 1))
                }
            }
            guard let decoded = UnchangedRecord.decode(bytes) else { continue }
            #expect((0...UnchangedRecord.maxCount).contains(decoded.pages) && (0...UnchangedRecord.maxCount).contains(decoded.files))
            #expect(decoded.bytes >= 0)
        }
        #expect(UnchangedRecord.decode(Array(repeating: 10, count: 100_000)) == nil)
    }
}
