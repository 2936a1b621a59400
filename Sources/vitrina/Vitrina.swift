import ArgumentParser
import Foundation
import Synchronization
import VitrinaCore

/// The `vitrina` command: a thin adapter that parses flags, calls the core and prints.
/// La orden `vitrina`: un adaptador fino que lee opciones, llama al núcleo e imprime.
@main
struct Vitrina: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vitrina",
        abstract: "Builds a static site from PokéAPI, Rick and Morty, Fake Store data and Markdown.",
        version: VitrinaVersion.number,
        subcommands: [Build.self, Check.self, Serve.self, New.self, Fetch.self, Clean.self])

    /// Exit codes: 0 success, 1 the build failed, 2 the command line was wrong.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let failure as BuildFailure {
            Console.error(failure)
            Foundation.exit(failure.error.stage == .usage ? 2 : 1)
        } catch let code as ExitCode {
            Foundation.exit(code.rawValue)
        } catch {
            let code = exitCode(for: error)
            if code == .success || error is CleanExit {
                exit(withError: error)
            }
            FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
            Foundation.exit(2)
        }
    }
}

/// Flags shared by commands that read a site.
/// Opciones comunes a las órdenes que leen un sitio.
struct SiteOptions: ParsableArguments {
    @Option(name: .long, help: "The folder holding Content/ and Templates/ (default: the current folder).")
    var site: String = "."

    @Option(name: .long, help: "Where to write the site (default: Output inside the site folder).")
    var output: String?

    @Option(name: .customLong("api"), help: ArgumentHelp("Point a source at another base URL, e.g. pokeapi=http://127.0.0.1:8080.", valueName: "NAME=URL"))
    var apis: [String] = []

    func overrides() throws -> [String: String] {
        var result: [String: String] = [:]
        for pair in apis {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty, parts[1].hasPrefix("http://") || parts[1].hasPrefix("https://") else {
                throw ValidationError("--api takes NAME=URL, like pokeapi=http://127.0.0.1:8080 (got \(pair))")
            }
            if case .failure(let refusal) = WebOrigin.of(parts[1]) {
                throw ValidationError("--api \(parts[0])=… is not an address Vitrina requests: \(refusal)")
            }
            result[parts[0]] = parts[1]
        }
        return result
    }

    var siteDirectory: String { Console.absolute((site as NSString).expandingTildeInPath) }
}

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
            drafts: drafts, baseURL: baseURL, apiOverrides: try site.overrides())
        options.force = force
        let progress = TerminalProgress.standardOutput()
        options.progress = progress
        let client = LiveHTTPClient()
        let result: Result<BuildReport, Error>
        do { result = .success(try await BuildPipeline(options: options, client: client).build()) } catch { result = .failure(error) }
        await client.shutdown()
        progress.clear()
        if case .failure(let failure as BuildFailure) = result { Console.annotate(failure.warnings, site: options.siteDirectory, error: strict) }
        let report = try result.get()
        print(report.summary)
        Console.annotate(report.warnings, site: options.siteDirectory, error: false)
        print("Open \(Console.absolute(options.outputDirectory))/index.html")
    }
}

struct Check: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print only the site's problems (broken links, missing anchors and images, each at its Markdown line): exit 0 with none, 1 with some.",
        discussion: "Builds into a temporary folder, leaving Output/ alone; with --built DIR, checks the links and anchors of a folder already built instead.")

    @OptionGroup var site: SiteOptions
    @Flag(help: "Open no connection: use only the cache and the committed snapshot.") var offline = false
    @Flag(help: "Also check pages marked draft: true.") var drafts = false
    @Option(help: "A built output folder to check as it is, instead of building.") var built: String?

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
                                   apiOverrides: try site.overrides())
        defer { try? FileManager.default.removeItem(atPath: BuildState.path(siteDirectory: options.siteDirectory, outputDirectory: temporary)) }
        let client = LiveHTTPClient()
        let result: Result<BuildReport, Error>
        do { result = .success(try await BuildPipeline(options: options, client: client).build()) } catch { result = .failure(error) }
        await client.shutdown()
        let warnings = try result.get().warnings
        for warning in warnings { Console.line(warning.message) }
        Console.annotate(warnings, site: options.siteDirectory, error: false)
        if !warnings.isEmpty { throw ExitCode(1) }
    }
}

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
                                   drafts: drafts, apiOverrides: try site.overrides())
        let progress = TerminalProgress.standardOutput()
        options.progress = progress
        let client = LiveHTTPClient()
        let session = DevSession(options: options, client: client) { result, changed in
            progress.clear()
            if !changed.isEmpty { Console.line("Changed: " + changed.prefix(5).joined(separator: ", ") + (changed.count > 5 ? " …" : "")) }
            switch result {
            case .success(let report): Console.line(report.summary)
            case .failure(let failure): Console.error(failure); Console.line("Still serving the last good build; fix the file and save.")
            }
        }
        await session.build()
        let stop = Self.exitOnInterrupt()
        defer { stop.forEach { $0.cancel() } }
        let output = options.outputDirectory, host = host
        let server = DevServer(outputDirectory: output, host: host, port: port, hub: session.hub)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await server.run { port in Console.line("Serving \(output) at http://\(host):\(port)/ (Ctrl-C to stop)") }
            }
            group.addTask { try await session.watch() }
            try await group.next()
            group.cancelAll()
        }
        await client.shutdown()
    }
}

extension Serve {
    /// Ctrl-C or SIGTERM ends the server at once, even with pages still listening for reloads.
    static func exitOnInterrupt() -> [any DispatchSourceSignal] {
        [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
            source.setEventHandler { Foundation.exit(0) }
            source.resume()
            return source
        }
    }
}

struct New: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Write a minimal site (site.yml, a home text, a docs page, the default theme) into DIR.")

    @Argument(help: "The folder to create the site in.") var directory: String

    func run() async throws {
        let path = Console.absolute((directory as NSString).expandingTildeInPath)
        do { try NewSite(directory: path).create() } catch let error as VitrinaError { throw BuildFailure(error: error, warnings: []) }
        print("Created a site in \(path). Next: vitrina serve --site \(path)")
    }
}

struct Fetch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Fill the working cache from the live APIs (and optionally rewrite the snapshot).")

    @OptionGroup var site: SiteOptions
    @Flag(name: .customLong("update-snapshot"), help: "Rewrite the committed snapshot under Content/data/ from what was fetched.")
    var updateSnapshot = false

    func run() async throws {
        let options = BuildOptions(siteDirectory: site.siteDirectory, apiOverrides: try site.overrides())
        let client = LiveHTTPClient()
        let result: Result<(FetchStats, [BuildWarning], Int), Error>
        do { result = .success(try await BuildPipeline(options: options, client: client).fetch(updateSnapshot: updateSnapshot)) } catch { result = .failure(error) }
        await client.shutdown()
        let (stats, warnings, count) = try result.get()
        print("Fetched \(count) responses: \(stats.requests) requests, \(stats.network) downloaded, \(stats.revalidated) revalidated, \(stats.stale) stale")
        for warning in warnings { print("  warning: \(warning.message)") }
        if updateSnapshot { print("Snapshot rewritten in \(options.snapshotDirectory)") }
    }
}

struct Clean: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Remove what Vitrina wrote to Output/ and the working cache.")

    @OptionGroup var site: SiteOptions

    func run() async throws {
        let options = BuildOptions(siteDirectory: site.siteDirectory, outputDirectory: site.output.map(Console.absolute))
        let notes = try OutputWriter(outputDirectory: options.outputDirectory).clean()
        try Files.remove(options.cacheDirectory)
        try Files.remove(options.documentMemoPath)
        try Files.remove(options.decodedMemoPath)
        print("Removed what Vitrina wrote to \(options.outputDirectory) (what its manifest lists; nothing else), \(options.cacheDirectory), \(options.documentMemoPath) and \(options.decodedMemoPath)")
        for note in notes { print("  kept: \(note)") }
    }
}

/// A progress line redrawn in place on a terminal; plain lines, one per stage, when stdout is a file or a pipe (CI).
/// Una línea de progreso redibujada en un terminal; líneas simples, una por etapa, si la salida es un fichero (CI).
final class TerminalProgress: BuildProgress, Sendable {
    let isTerminal: Bool
    private let last = Mutex((stage: "", drawn: ContinuousClock.now))

    init(isTerminal: Bool) { self.isTerminal = isTerminal }

    static func standardOutput() -> TerminalProgress { TerminalProgress(isTerminal: isatty(STDOUT_FILENO) == 1) }

    func stage(_ name: String) {
        if isTerminal { draw("\(name)…") } else { Console.line("· \(name)") }
        last.withLock { $0.stage = name }
    }

    func advance(_ stage: String, done: Int, total: Int?) {
        guard isTerminal else { return }
        // At most one redraw every 50 ms.
        let due = last.withLock { state -> Bool in
            guard ContinuousClock.now - state.drawn > .milliseconds(50) || done == total else { return false }
            state.drawn = .now
            return true
        }
        guard due else { return }
        if let total, total > 0 {
            let width = 30, filled = min(width, done * width / total)
            draw("\(stage) [" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "] \(done)/\(total)")
        } else {
            draw("\(stage) \(done)")
        }
    }

    private func draw(_ line: String) {
        FileHandle.standardOutput.write(Data(("\r\u{1B}[2K" + line).utf8))
    }

    /// Clears the progress line before the report is printed.
    func clear() { if isTerminal { FileHandle.standardOutput.write(Data("\r\u{1B}[2K".utf8)) } }
}

/// Printing errors without stack noise.
/// Errores impresos sin ruido de pila.
enum Console {
    static func error(_ failure: BuildFailure) {
        var text = "error: \(failure.error.message)\n"
        if !failure.warnings.isEmpty && failure.error.stage != .check {
            text += failure.warnings.map { "warning: \($0.message)\n" }.joined()
        }
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// The warnings again as GitHub Actions annotations, when running there.
    static func annotate(_ warnings: [BuildWarning], site: String, error: Bool) {
        let environment = ProcessInfo.processInfo.environment
        guard WorkflowAnnotations.isEnabled(environment) else { return }
        for line in WorkflowAnnotations.lines(for: warnings, siteDirectory: site, environment: environment, error: error) { Console.line(line) }
    }

    /// One line to stdout, unbuffered, so a long-running command's output shows as it happens, even into a pipe.
    static func line(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    static func absolute(_ path: String) -> String {
        let standardized = (path as NSString).standardizingPath
        return standardized.hasPrefix("/") ? standardized : (FileManager.default.currentDirectoryPath + "/" + standardized as NSString).standardizingPath
    }
}
