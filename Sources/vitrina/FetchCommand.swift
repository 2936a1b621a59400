import ArgumentParser
import Foundation
import Synchronization
import VitrinaKit
import VitrinaBuild

/// `vitrina fetch`: the working cache filled from the live APIs, or the snapshot rewritten.
/// `vitrina fetch`: la caché de trabajo llenada desde las API, o la instantánea reescrita.
struct Fetch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Fill the working cache from the live APIs (and optionally rewrite the snapshot).")

    @OptionGroup var site: SiteOptions
    @Flag(name: .customLong("update-snapshot"), help: "Rewrite the committed snapshot under Content/data/ from what was fetched.")
    var updateSnapshot = false

    func run() async throws {
        let options = BuildOptions(siteDirectory: site.siteDirectory, apiOverrides: try site.overrides())
        let client = LiveHTTPClient()
        let result: Result<(FetchStats, [BuildWarning], Int), Error>
        do { result = .success(try await BuildPipeline(options: options, client: client, features: siteFeatures).fetch(updateSnapshot: updateSnapshot)) } catch { result = .failure(error) }
        await client.shutdown()
        let (stats, warnings, count) = try result.get()
        print("Fetched \(count) responses: \(stats.requests) requests, \(stats.network) downloaded, \(stats.revalidated) revalidated, \(stats.stale) stale")
        for warning in warnings { print("  warning: \(warning.message)") }
        if updateSnapshot { print("Snapshot rewritten in \(options.snapshotDirectory)") }
    }
}
