import Foundation
import Testing
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// The output folder as an attacker or a careless user leaves it: nothing Vitrina did not write is deleted or replaced.
/// La carpeta de salida como la deja un atacante o un descuido: nada que Vitrina no escribió se borra ni se sustituye.
@Suite("Output safety")
struct OutputSafetyTests {
    static let config = "title: Prueba\ndefault_language: es\nlanguages: [es, en]\n"
    static let content = ["docs/a.md": "# A\n\nUno.\n", "notas/b.md": "# B\n"]

    /// A folder of Markdown built with the default theme, no network.
    static func withMarkdownSite(_ body: (TestSite) async throws -> Void) async throws {
        try await withSite(config: config, content: content) { site in
            try Files.remove(site.root + "/Templates")
            try await body(site)
        }
    }

    /// A folder beside the site that no build may touch.
    static func victim(_ site: TestSite) throws -> String {
        let folder = site.root + "/victim"
        try Files.write(Array("precious".utf8), to: folder + "/file.txt")
        return folder
    }

    @Test func aManifestLineLeavingTheOutputDeletesNothing() async throws {
        try await Self.withMarkdownSite { site in
            let victim = try Self.victim(site)
            _ = try await site.build(site.options(server: nil))
            let manifest = site.output + "/.vitrina-manifest"
            try Files.write(try Files.read(manifest) + Array("../victim/file.txt\tabc-8\n../victim\n/etc/hostname\n".utf8), to: manifest)
            let report = try await site.build(site.options(server: nil))
            #expect(try Files.readText(victim + "/file.txt") == "precious")
            #expect(report.warnings.contains { $0.kind == .output && $0.message.contains("\"../victim/file.txt\"") })
            try OutputWriter(outputDirectory: site.output).clean()
            #expect(try Files.readText(victim + "/file.txt") == "precious", "clean follows no line out of the output")
        }
    }

    @Test func cleanRemovesOnlyWhatTheManifestLists() async throws {
        try await Self.withMarkdownSite { site in
            try Files.createDirectory(site.root + "/empty/a/b")
            try OutputWriter(outputDirectory: site.root + "/empty").clean()
            #expect(Files.isDirectory(site.root + "/empty/a/b"), "a folder Vitrina never wrote stays")
            #expect(symlink(site.root + "/empty", site.root + "/link") == 0)
            try OutputWriter(outputDirectory: site.root + "/link").clean()
            #expect(SafePath.kind(site.root + "/link") == .link && Files.isDirectory(site.root + "/empty/a/b"))

            _ = try await site.build(site.options(server: nil))
            try Files.createDirectory(site.output + "/mine/empty")
            try OutputWriter(outputDirectory: site.output).clean()
            #expect(!site.exists("index.html") && !site.exists("docs/a/index.html") && !site.exists(".vitrina-manifest"))
            #expect(Files.isDirectory(site.output + "/mine/empty"))
        }
    }

    @Test func aThemeFileNamedWithANewlineIsRefused() async throws {
        try await Self.withMarkdownSite { site in
            let victim = try Self.victim(site)
            try Files.write(Array("x".utf8), to: site.root + "/Templates/assets/x\n../victim/file.txt")
            let failure = try #require(await site.failure(site.options(server: nil)))
            #expect(failure.error.message.contains("control characters"), "\(failure.error.message)")
            _ = await site.failure(site.options(server: nil))
            #expect(try Files.readText(victim + "/file.txt") == "precious")
        }
    }

    @Test func aFirstBuildIntoSomeoneElsesFolderStopsUnlessForced() async throws {
        try await Self.withMarkdownSite { site in
            try Files.write(Array("mine".utf8), to: site.output + "/index.html")
            try Files.write(Array("notes".utf8), to: site.output + "/notes/keep.txt")
            try Files.createDirectory(site.output + "/empty")
            try Files.write(Array("target".utf8), to: site.root + "/elsewhere/t.txt")
            #expect(symlink(site.root + "/elsewhere", site.output + "/linked") == 0)
            chmod(site.output + "/notes/keep.txt", 0o600)
            var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0)]
            #expect(utimensat(AT_FDCWD, site.output + "/notes/keep.txt", &times, 0) == 0)

            let failure = try #require(await site.failure(site.options(server: nil)))
            #expect(failure.error.message.contains("index.html") && failure.error.message.contains("--force"), "\(failure.error.message)")
            #expect(try site.read("index.html") == "mine", "nothing replaced without --force")

            var forced = site.options(server: nil)
            forced.force = true
            _ = try await site.build(forced)
            #expect(try site.read("index.html") != "mine", "--force replaces the files the build writes")
            #expect(try site.read("notes/keep.txt") == "notes" && Files.isDirectory(site.output + "/empty"))
            #expect(SafePath.kind(site.output + "/linked") == .link && SafePath.kind(site.root + "/elsewhere/t.txt") == .file)
            var info = stat()
            #expect(stat(site.output + "/notes/keep.txt", &info) == 0 && info.st_mode & 0o777 == 0o600 && info.st_mtim.tv_sec == 1_000_000_000)
            _ = try await site.build(site.options(server: nil))
            #expect(try site.read("notes/keep.txt") == "notes" && SafePath.kind(site.output + "/linked") == .link)
        }
    }

    @Test func anOutputThatIsALinkToAnEmptyFolderIsBuiltThroughTheLink() async throws {
        try await Self.withMarkdownSite { site in
            try Files.createDirectory(site.root + "/www")
            #expect(symlink(site.root + "/www", site.output) == 0)
            _ = try await site.build(site.options(server: nil))
            #expect(SafePath.kind(site.output) == .link && Files.exists(site.root + "/www/docs/a/index.html"))
        }
    }

    @Test func aLinkedFolderInTheOutputIsNeverWrittenThrough() async throws {
        try await Self.withMarkdownSite { site in
            _ = try await site.build(site.options(server: nil))
            try Files.write(Array("target".utf8), to: site.root + "/elsewhere/index.html")
            try Files.remove(site.output + "/docs")
            #expect(symlink(site.root + "/elsewhere", site.output + "/docs") == 0)
            try Files.write(Array("# A\n\nDos.\n".utf8), to: site.root + "/Content/docs/a.md")
            let failure = try #require(await site.failure(site.options(server: nil)))
            #expect(failure.error.message.contains("symbolic link"), "\(failure.error.message)")
            #expect(Files.list(site.root + "/elsewhere") == ["index.html"])
        }
    }

    @Test func aFIFOInTheOutputDoesNotHangTheBuild() async throws {
        try await Self.withMarkdownSite { site in
            _ = try await site.build(site.options(server: nil))
            #expect(mkfifo(site.output + "/pipe", 0o644) == 0)
            try Files.remove(site.output + "/docs/a/index.html")
            #expect(mkfifo(site.output + "/docs/a/index.html", 0o644) == 0)
            try Files.write(Array("# A\n\nDos.\n".utf8), to: site.root + "/Content/docs/a.md")
            let report = try await site.build(site.options(server: nil))
            #expect(report.warnings.contains { $0.kind == .output && $0.message.contains("docs/a/index.html is not a regular file") })
            #expect(SafePath.kind(site.output + "/pipe") == .special)
        }
    }

    @Test func aSymlinkLoopInContentIsAnErrorNamingIt() async throws {
        try await Self.withMarkdownSite { site in
            #expect(symlink(".", site.root + "/Content/notas/self") == 0 && symlink("..", site.root + "/Content/notas/up") == 0)
            let failure = try #require(await site.failure(site.options(server: nil)))
            #expect(failure.error.message.contains("Content/notas/self") || failure.error.message.contains("Content/notas/up"), "\(failure.error.message)")
            #expect(failure.error.message.contains("loop"))
        }
    }
}
