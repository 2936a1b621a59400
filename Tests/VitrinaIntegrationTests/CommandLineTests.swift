import Foundation
import Testing
import TestSupport
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// The `vitrina` executable as a user runs it: help, exit codes, messages.
@Suite("Command line")
struct CommandLineTests {
    static let binary = TestSite.repository + "/.build/debug/vitrina"

    typealias Run = ProgramRun

    func run(_ arguments: [String], in directory: String? = nil, environment: [String: String] = [:]) async throws -> Run {
        try await ProgramRun.of(Self.binary, arguments, in: directory, environment: environment)
    }

    @Test(arguments: [[], ["--help"], ["build", "--help"], ["fetch", "--help"], ["clean", "--help"], ["serve", "--help"], ["new", "--help"], ["check", "--help"]])
    func helpExitsZero(_ arguments: [String]) async throws {
        let result = try await run(arguments.isEmpty ? ["--help"] : arguments)
        #expect(result.status == 0)
        #expect(result.output.contains("USAGE"))
    }

    /// The program allocates through jemalloc (Sources/CAllocator), one arena per core: jemalloc prints its settings
    /// at exit when asked to, glibc's malloc prints nothing.
    @Test func theProgramAllocatesThroughJemallocWithAnArenaPerCore() async throws {
        let result = try await run(["--version"], environment: ["MALLOC_CONF": "stats_print:true"])
        #expect(result.status == 0)
        #expect(result.error.contains("jemalloc statistics"), "\(result.error.prefix(300))")
        #expect(result.error.contains("opt.percpu_arena: \"percpu\""))
    }

    @Test func buildHelpListsEveryFlag() async throws {
        let help = try await run(["build", "--help"]).output
        for flag in ["--site", "--output", "--offline", "--strict", "--drafts", "--base-url", "--api"] { #expect(help.contains(flag), "\(flag)") }
    }

    @Test func usageErrorsExitTwo() async throws {
        #expect(try await run(["build", "--no-such-flag"]).status == 2)
        #expect(try await run(["frobnicate"]).status == 2)
        let badAPI = try await run(["build", "--api", "pokeapi"])
        #expect(badAPI.status == 2 && badAPI.error.contains("NAME=URL"))
        let userInfo = try await run(["build", "--api", "pokeapi=http://pokeapi.co@127.0.0.1:9"])
        #expect(userInfo.status == 2 && userInfo.error.contains("user name or password"), "\(userInfo.error)")
    }

    @Test func aFailedBuildExitsOneWithAClearMessage() async throws {
        let missing = try await run(["build", "--site", "/nonexistent-vitrina-site"])
        #expect(missing.status == 1)
        #expect(missing.error.contains("/nonexistent-vitrina-site/Content not found"))
        #expect(!missing.error.contains("Fatal error"))
    }

    @Test func offlineBuildOfAnEmptyCacheExitsOneListingURLs() async throws {
        let site = try TestSite()
        defer { site.remove() }
        let result = try await run(["build", "--site", site.root, "--offline"])
        #expect(result.status == 1)
        #expect(result.error.contains("https://fakestoreapi.com/products"))
        #expect(!Files.exists(site.output))
    }

    @Test func anUnknownAPINameIsAUsageError() async throws {
        let site = try TestSite()
        defer { site.remove() }
        let result = try await run(["build", "--site", site.root, "--api", "nope=http://127.0.0.1:9"])
        #expect(result.status == 2)
        #expect(result.error.contains("--api nope"))
    }

    @Test func buildPrintsTheReportAndThePageToOpen() async throws {
        try await withReplayServer { server in
            let site = try TestSite()
            defer { site.remove() }
            let base = server.baseURL
            let result = try await run(["build", "--site", site.root, "--api", "pokeapi=\(base)", "--api", "rickandmorty=\(base)",
                                  "--api", "store=\(base)", "--api", "sprites=\(base)/PokeAPI/sprites/master"])
            #expect(result.status == 0, "\(result.error)")
            #expect(result.output.contains("pages"))
            #expect(result.output.contains("stages: config") && result.output.contains(", render"), "a first build has no stamp to compare: its stage line starts with config")
            #expect(result.output.contains("requests"))
            #expect(result.output.contains("Open \(site.root)/Output/index.html"))
        }
    }

    /// A docs-only site (default theme) with one broken link on line 3 of its README.
    func docsSite(_ readme: String) throws -> TestSite {
        let site = try TestSite(config: "title: Docs\ndefault_language: en\nlanguages: [en]\n", content: ["README.md": readme, "guide.md": "# Guide\n\n## Install\n"])
        try Files.remove(site.root + "/Templates")
        return site
    }

    @Test func checkPrintsOnlyTheProblemsWithAnnotationsAndExitsOne() async throws {
        let site = try docsSite("# Home\n\n[guide](guide.md#instal) and [ok](guide.md#install)\n")
        defer { site.remove() }
        let workspace = (site.root as NSString).deletingLastPathComponent
        let result = try await run(["check", "--site", site.root], environment: ["GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": workspace])
        #expect(result.status == 1, "\(result.output) \(result.error)")
        let lines = result.output.split(separator: "\n").map(String.init)
        let message = "Content/README.md:3:1: link to guide.md#instal: no heading \"instal\" in Content/guide.md; did you mean \"install\"?"
        #expect(lines.first == message, "\(lines)")
        let file = (site.root as NSString).lastPathComponent + "/Content/README.md"
        #expect(lines.dropFirst().first == "::warning file=\(file),line=3,col=1::\(message)", "\(lines)")
        #expect(lines.count == 2, "only the problems: \(lines)")
        #expect(!Files.exists(site.root + "/Output"), "check never writes Output/")
    }

    @Test func checkOfAGoodSiteSaysNothingAndExitsZero() async throws {
        let site = try docsSite("# Home\n\n[guide](guide.md#install)\n")
        defer { site.remove() }
        let result = try await run(["check", "--site", site.root])
        #expect(result.status == 0, "\(result.output) \(result.error)")
        #expect(result.output.isEmpty)
    }

    @Test func checkOfABuiltFolderReadsItsLinks() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vitrina-built-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Files.write(Array("<a href=\"a/index.html\">a</a> <a href=\"gone.html\">x</a>".utf8), to: folder + "/index.html")
        try Files.write(Array("<p id=\"x\">a</p>".utf8), to: folder + "/a/index.html")
        let result = try await run(["check", "--built", folder])
        #expect(result.status == 1)
        #expect(result.output == "index.html links to gone.html, which is not in the output\n")
    }

    @Test func strictBuildUnderGitHubActionsAnnotatesErrors() async throws {
        let site = try docsSite("# Home\n\n[gone](gone.md)\n")
        defer { site.remove() }
        let result = try await run(["build", "--strict", "--site", site.root], environment: ["GITHUB_ACTIONS": "true"])
        #expect(result.status == 1)
        #expect(result.output.contains("::error file=Content/README.md,line=3,col=1::Content/README.md:3:1: link to gone.md: there is no Content/gone.md"),
                "\(result.output)")
    }
}
