import Foundation
import Testing
import TestSupport
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// The output folder: staged writes, swaps only on success, foreign files kept, strict mode, clear errors.
@Suite("Output folder")
struct OutputTests {
    @Test func filesVitrinaDidNotWriteAreKept() async throws {
        try await withReplayServer { server in
            try await withSite { site in
                _ = try await site.build(site.options(server: server))
                try Files.write(Array("example.org\n".utf8), to: site.output + "/CNAME")
                try Files.write(Array("old".utf8), to: site.output + "/notes/keep.txt")
                _ = try await site.build(site.options(server: server))
                #expect(try site.read("CNAME") == "example.org\n")
                #expect(try site.read("notes/keep.txt") == "old")
                _ = try await site.build(site.options(server: server))
                #expect(try site.read("CNAME") == "example.org\n", "still kept on the second build")

                try OutputWriter(outputDirectory: site.output).clean()
                #expect(!site.exists("index.html") && !site.exists("pokemon/25-pikachu/index.html"))
                #expect(try site.read("CNAME") == "example.org\n", "clean removes only what Vitrina wrote")
            }
        }
    }

    @Test func pagesWhoseSourceIsGoneAreRemoved() async throws {
        try await withReplayServer { server in
            try await withSite(content: ["docs/a.md": "# A\n", "docs/b.md": "# B\n"]) { site in
                _ = try await site.build(site.options(server: server))
                #expect(site.exists("docs/b/index.html"))
                try Files.remove(site.root + "/Content/docs/b.md")
                _ = try await site.build(site.options(server: server))
                #expect(!site.exists("docs/b/index.html") && site.exists("docs/a/index.html"))
            }
        }
    }

    @Test func aTemplateErrorNamesFileAndLineAndLeavesOutputIntact() async throws {
        try await withReplayServer { server in
            try await withSite { site in
                _ = try await site.build(site.options(server: server))
                let before = try site.snapshotOfOutput()
                let template = site.root + "/Templates/pokemon/detail.mustache"
                var text = try Files.readText(template)
                text = text.replacingOccurrences(of: "{{/sprites}}", with: "{{/stats}}")
                try Files.write(Array(text.utf8), to: template)
                let failure = try #require(await site.failure(site.options(server: server)))
                #expect(failure.error.stage == .render)
                #expect(failure.error.message.contains("Templates/pokemon/detail.mustache:"))
                #expect(failure.error.message.contains("closed with a different name"))
                #expect(try site.snapshotOfOutput() == before)
            }
        }
    }

    @Test func frontMatterErrorsNameFileAndLine() async throws {
        let broken = "---\ntitle: Roto\nweight: [1, 2\n---\nTexto\n"
        try await withReplayServer { server in
            try await withSite(content: ["docs/broken.md": broken]) { site in
                let failure = try #require(await site.failure(site.options(server: server)))
                #expect(failure.error.stage == .content)
                #expect(failure.error.message.contains("Content/docs/broken.md"))
                #expect(failure.error.message.contains("line 4"), "\(failure.error.message)")
            }
        }
    }

    @Test func brokenLinksWarnAndFailUnderStrict() async throws {
        let page = "---\ntitle: Enlaces\n---\n## Uno\n\n[roto](../nowhere/index.html) y [ancla](#nada) y [bien](#uno)\n"
        try await withReplayServer { server in
            try await withSite(content: ["docs/links.md": page]) { site in
                let report = try await site.build(site.options(server: server))
                let links = report.warnings.filter { $0.kind == .link }.map(\.message)
                // Reported once each, against the Markdown source, never again by the output check.
                #expect(links.contains { $0.hasPrefix("Content/docs/links.md:6:1: link to ../nowhere/index.html: there is no Content/nowhere/index.html") }, "\(links)")
                #expect(links.contains { $0.hasPrefix("Content/docs/links.md:6:") && $0.contains("link to #nada: no heading \"nada\" on this page") }, "\(links)")
                #expect(!links.contains { $0.contains("#uno") })
                #expect(links.count == 2, "\(links)")
                let before = try site.snapshotOfOutput()
                let failure = try #require(await site.failure(site.options(server: server, strict: true)))
                #expect(failure.error.stage == .check && failure.error.message.contains("nowhere"))
                #expect(try site.snapshotOfOutput() == before)
            }
        }
    }

    @Test func aMissingTranslationStringIsAWarningNamingTheKey() async throws {
        try await withReplayServer { server in
            try await withSite { site in
                let file = site.root + "/Templates/i18n/en.yml"
                let text = try Files.readText(file).split(separator: "\n").filter { !$0.hasPrefix("store_intro:") }.joined(separator: "\n")
                try Files.write(Array(text.utf8), to: file)
                let report = try await site.build(site.options(server: server))
                #expect(report.warnings.contains { $0.kind == .i18n && $0.message.contains("en.yml has no store_intro") })
                #expect(try site.read("en/store/index.html").contains("Productos de la Fake Store"), "falls back to the default language")
            }
        }
    }
}

/// `resources:` in site.yml chooses what a source fetches.
@Suite("Source resources")
struct SourceResourcesTests {
    @Test func leavingOutEpisodesBuildsCharactersWithoutEpisodePages() async throws {
        let config = TestSite.defaultConfig.replacingOccurrences(
            of: "    base_url: https://rickandmortyapi.com\n", with: "    base_url: https://rickandmortyapi.com\n    resources: [character, location]\n")
        try await withReplayServer { server in
            try await withSite(config: config) { site in
                let report = try await site.build(site.options(server: server))
                #expect(report.warnings.isEmpty, "\(report.warnings)")
                #expect(!server.requests.contains { $0.uri.hasPrefix("/api/episode") })
                #expect(site.exists("personajes/1-rick-sanchez/index.html") && site.exists("lugares/index.html"))
                #expect(!site.exists("episodios/1-pilot/index.html"))
            }
        }
    }

    @Test func anUnknownResourceIsAConfigError() async throws {
        let config = TestSite.defaultConfig.replacingOccurrences(
            of: "    base_url: https://fakestoreapi.com\n", with: "    base_url: https://fakestoreapi.com\n    resources: [products, carts]\n")
        try await withSite(config: config) { site in
            let failure = try #require(await site.failure(site.options(server: nil)))
            #expect(failure.error.stage == .config && failure.error.message.contains("carts"))
        }
    }
}

/// Rebuilds reuse unchanged files and rewrite changed ones.
@Suite("Unchanged files")
struct UnchangedFilesTests {
    @Test func aRebuildKeepsUnchangedFilesAndRewritesChangedOnes() async throws {
        try await withReplayServer { server in
            try await withSite(content: ["docs/a.md": "# A\n\nUno.\n"]) { site in
                _ = try await site.build(site.options(server: server))
                let before = try site.snapshotOfOutput()
                try Files.write(Array("# A\n\nDos.\n".utf8), to: site.root + "/Content/docs/a.md")
                try Files.write(Array("tampered".utf8), to: site.output + "/pokemon/25-pikachu/index.html")
                _ = try await site.build(site.options(server: server))
                let after = try site.snapshotOfOutput()
                // The search index's files carry their bytes' fingerprint: the edited page's are renamed.
                let index = { (path: String) in path.hasPrefix("assets/search/") }
                #expect(after.keys.filter { !index($0) }.sorted() == before.keys.filter { !index($0) }.sorted())
                #expect(try site.read("docs/a/index.html").contains("Dos."))
                #expect(try site.read("pokemon/25-pikachu/index.html") != "tampered", "a file edited by hand is written again")
                #expect(after["pokemon/1-bulbasaur/index.html"] == before["pokemon/1-bulbasaur/index.html"])
                #expect(try site.read(".vitrina-manifest").contains("docs/a/index.html\t"))
            }
        }
    }
}

/// The staging folder written from many tasks at once, as the render stage writes pages and images.
@Suite("Staging area")
struct StagingAreaTests {
    /// Files that share folders (an image folder holds hundreds), written from every core at once into a fresh staging
    /// folder: each task must find its folder there, even while another task is creating it.
    @Test func filesSharingFoldersAreWrittenFromEveryCoreAtOnce() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vitrina-staging-\(UUID().uuidString)").path
        defer { try? Files.remove(root) }
        // Eight folders two levels down, 64 files in each, shuffled so neighbouring slices share folders.
        var generator = SeededGenerator(seed: 14)
        let paths = (0..<512).map { "media/set-\($0 % 8)/deep/\($0).png" }.shuffled(using: &generator)
        for round in 0..<6 {
            let staging = try OutputWriter(outputDirectory: "\(root)/out-\(round)").beginStaging(after: .init(id: nil, files: [:]))
            _ = try Parallel.map(paths, slices: 64) { slice in
                for path in slice { try staging.write(Array(path.utf8), to: path) }
            }
            for path in paths { #expect(try Files.readText("\(staging.directory)/\(path)") == path) }
            #expect(Set(staging.recorded.keys) == Set(paths))
        }
    }

    /// The size at the end of a manifest fingerprint, on fingerprints the build makes and on seeded hostile text.
    @Test func theSizeInAFingerprintIsReadOnlyFromItsLastPart() {
        var random = SeededGenerator(seed: 27)
        for count in [0, 1, 9, 10, 4096, 1 << 20] {
            #expect(StagingArea.size(inHash: Fingerprint.sized(Array(repeating: 7, count: count))) == count)
        }
        #expect(StagingArea.size(inHash: "00ff") == nil)
        #expect(StagingArea.size(inHash: "00ff-") == nil)
        #expect(StagingArea.size(inHash: "00ff--12") == 12)
        #expect(StagingArea.size(inHash: "00ff-1x") == nil)
        let alphabet = Array("0123456789-+x \u{0}é".unicodeScalars)
        for _ in 0..<20_000 {
            let text = String(String.UnicodeScalarView((0..<Int.random(in: 0...12, using: &random)).map { _ in alphabet.randomElement(using: &random)! }))
            let size = StagingArea.size(inHash: text)
            let last = text.split(separator: "-", omittingEmptySubsequences: false).last.map(String.init) ?? text
            #expect(size == (text.contains("-") ? Int(last) : nil), "\(text.debugDescription)")
        }
    }
}
