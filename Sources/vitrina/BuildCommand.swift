import ArgumentParser
import Foundation
import Synchronization
import VitrinaKit
import VitrinaBuild

/// `vitrina build`: the pipeline into the output folder, its report, and annotations under GitHub Actions.
/// `vitrina build`: la construcción en la carpeta de salida, su informe y anotaciones en GitHub Actions.
struct Build: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Build the site into Output/ (staged, swapped in only on success).")

    @OptionGroup var site: SiteOptions
    @Flag(help: "Open no connection: use only the cache and the committed snapshot.") var offline = false
    @Flag(help: "Treat warnings (broken links, stale data, missing images or strings) as errors.") var strict = false
    @Flag(help: "Also build pages marked draft: true.") var drafts = false
    @Flag(help: "Write into a non-empty output folder that no Vitrina build wrote (its other files are left as they are).") var force = false
    @Option(name: .customLong("base-url"), help: "Base URL for canonical links and the sitemap, e.g. https://example.org/docs/.")
    var baseURL: String?

    func run() async throws {
        var options = BuildOptions(
            siteDirectory: site.siteDirectory, outputDirectory: site.output.map(Console.absolute), offline: offline, strict: strict,
            drafts: drafts, baseURL: baseURL, apiOverrides: try site.overrides()).withWriterThreadsUncached()
        options.force = force
        options.leftovers = .untilExit()
        let progress = TerminalProgress.standardOutput()
        options.progress = progress
        let client = LiveHTTPClient()
        let result: Result<BuildReport, Error>
        do { result = .success(try await BuildPipeline(options: options, client: client, features: siteFeatures).build()) } catch { result = .failure(error) }
        await client.shutdown()
        progress.clear()
        if case .failure(let failure as BuildFailure) = result { Console.annotate(failure.warnings, site: options.siteDirectory, error: strict) }
        let report = try result.get()
        print(report.summary)
        Console.annotate(report.warnings, site: options.siteDirectory, error: false)
        print("Open \(Console.absolute(options.outputDirectory))/index.html")
    }
}
