import ArgumentParser
import Foundation
import Synchronization
import VitrinaKit
import VitrinaBuild

/// `vitrina check`: only the problems of a build (or of a folder already built), exit 1 when there are some.
/// `vitrina check`: solo los problemas de una construcción (o de una carpeta ya construida).
struct Check: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print only the site's problems (broken links, missing anchors and images, each at its Markdown line): exit 0 with none, 1 with some.",
        discussion: "Builds into a temporary folder, leaving Output/ alone; with --built DIR, checks the links and anchors of a folder already built instead.")

    @OptionGroup var site: SiteOptions
    @Flag(help: "Open no connection: use only the cache and the committed snapshot.") var offline = false
    @Flag(help: "Also check pages marked draft: true.") var drafts = false
    @Option(help: "A built output folder to check as it is, instead of building.") var built: String?

    /// What a docs folder's `mkdocs.yml` or `book.toml` sets that Vitrina does not read, named once; it builds without it.
    /// Lo que la configuración de una carpeta de documentación fija y Vitrina no lee, nombrado una vez.
    static func docsConfigNotes(_ siteDirectory: String) -> [String] {
        guard let file = DocsProject.configFile(in: siteDirectory),
              let project = try? DocsProject.load(siteDirectory: siteDirectory, file: file) else { return [] }
        return project.unusedKeys.map { "note: \($0) is not read by Vitrina (the site builds without it)" }
            + (project.mkDocsExtensions?.unsupported ?? []).map { "note: \(file): markdown_extensions: \($0) is not supported by Vitrina; its syntax is listed where pages use it" }
    }

    func run() async throws {
        if let built {
            let problems = LinkChecker().check(folder: Console.absolute(built))
            for problem in problems { Console.line(problem) }
            Console.annotate(problems.map { BuildWarning(.link, $0) }, site: site.siteDirectory, error: false)
            if !problems.isEmpty { throw ExitCode(1) }
            return
        }
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("vitrina-check-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        let options = BuildOptions(siteDirectory: site.siteDirectory, outputDirectory: temporary, offline: offline, drafts: drafts,
                                   apiOverrides: try site.overrides()).withWriterThreadsUncached()
        defer { try? FileManager.default.removeItem(atPath: BuildState.path(siteDirectory: options.siteDirectory, outputDirectory: temporary)) }
        let client = LiveHTTPClient()
        let result: Result<BuildReport, Error>
        do { result = .success(try await BuildPipeline(options: options, client: client, features: siteFeatures).build()) } catch { result = .failure(error) }
        await client.shutdown()
        let warnings = try result.get().warnings
        for note in Self.docsConfigNotes(options.siteDirectory) { Console.line(note) }
        for warning in warnings { Console.line(warning.message) }
        Console.annotate(warnings, site: options.siteDirectory, error: false)
        if !warnings.isEmpty { throw ExitCode(1) }
    }
}
