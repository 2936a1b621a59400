import ArgumentParser
import Foundation
import Synchronization
import VitrinaKit
import VitrinaBuild
import VitrinaServing

/// `vitrina serve`: a build, the dev server on it, and a rebuild with live reload on every edit.
/// `vitrina serve`: una construcción, el servidor de desarrollo y una reconstrucción con recarga en cada edición.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Build, serve the site on 127.0.0.1, and rebuild and reload open pages on every edit of Content/, Templates/ or site.yml.")

    @OptionGroup var site: SiteOptions
    @Option(help: "The address to listen on. Requests must name the server in their Host header (127.0.0.1, localhost, [::1]; with another address, that address or this machine's name), or get 403.")
    var host = "127.0.0.1"
    @Option(help: "The port to listen on (0 picks a free one).") var port = 8080
    @Flag(help: "Open no connection: use only the cache and the committed snapshot.") var offline = false
    @Flag(help: "Also build pages marked draft: true.") var drafts = false

    func run() async throws {
        var options = BuildOptions(siteDirectory: site.siteDirectory, outputDirectory: site.output.map(Console.absolute), offline: offline,
                                   drafts: drafts, apiOverrides: try site.overrides()).withWriterThreadsUncached()
        let progress = TerminalProgress.standardOutput()
        options.progress = progress
        let client = LiveHTTPClient()
        let session = DevSession(options: options, client: client, features: siteFeatures) { result, changed in
            progress.clear()
            if !changed.isEmpty { Console.line("Changed: " + changed.prefix(5).joined(separator: ", ") + (changed.count > 5 ? " …" : "")) }
            switch result {
            case .success(let report): Console.line(report.summary)
            case .failure(let failure): Console.error(failure); Console.line("Still serving the last good build; fix the file and save.")
            }
        }
        // Watching starts before the first build, so an edit saved while it runs is built next, not missed.
        let watch = session.startWatching()
        await session.build()
        let stop = Self.exitOnInterrupt { await session.finishSaving() }
        defer { stop.forEach { $0.cancel() } }
        let output = options.outputDirectory, host = host
        let server = DevServer(outputDirectory: output, host: host, port: port, hub: session.hub)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await server.run { port in Console.line("Serving \(output) at http://\(host):\(port)/ (Ctrl-C to stop)") }
            }
            group.addTask { try await session.watch(watch) }
            try await group.next()
            group.cancelAll()
        }
        await client.shutdown()
    }
}

extension Serve {
    /// Ctrl-C or SIGTERM ends the server once `beforeExit` is done (the build records still being written), even with
    /// pages still listening for reloads.
    static func exitOnInterrupt(_ beforeExit: @escaping @Sendable () async -> Void) -> [any DispatchSourceSignal] {
        [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
            source.setEventHandler {
                Task {
                    await beforeExit()
                    Foundation.exit(0)
                }
            }
            source.resume()
            return source
        }
    }
}
