import Foundation
import Testing
import TestSupport
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// A small site in a temporary folder, built with the real theme against the replay server.
/// Un sitio pequeño en una carpeta temporal, construido con el tema real contra el servidor de réplica.
struct TestSite {
    let root: String

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    static let defaultConfig = """
        title: Prueba
        description: Un sitio de prueba.
        default_language: es
        languages: [es, en]
        pictures: false
        app_screens: true
        sources:
          pokeapi:
            base_url: https://pokeapi.co
            limit: 151
            page_size: 2
            max_age: 7d
            concurrency: 3
          rickandmorty:
            base_url: https://rickandmortyapi.com
            page_size: 20
            max_age: 7d
        \(storeSource)
          sprites:
            base_url: https://raw.githubusercontent.com/PokeAPI/sprites/master
            max_age: 7d
        """

    /// The default site's store, declared in Content/site.yml with no Swift: the same declaration is tested here.
    /// La tienda del sitio por defecto, declarada en Content/site.yml sin Swift: se prueba la misma declaración.
    static let storeSource: String = {
        let lines = ((try? Files.readText("\(repository)/Content/site.yml")) ?? "").split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("  store:") }) else {
            preconditionFailure("Content/site.yml declares no `store:` source for the test sites to copy; TestSite.storeSource must be updated")
        }
        let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("  ") && !$0.hasPrefix("   ") } ?? lines.endIndex
        return lines[start..<end].map { $0.replacingOccurrences(of: "max_age: 1d", with: "max_age: 7d") }.joined(separator: "\n")
    }()

    /// Which theme the site is drawn with.
    enum Theme { case repository, builtIn, ownOrNone }

    /// A whole site written as text: each file's path below the site's folder (`Content/linux/tar.md`,
    /// `Templates/page.mustache`) with its text, and a theme: a copy of this repository's `Templates/`, the theme built
    /// into Vitrina, or only the templates among `files` (none: the built-in theme is used as a site without one).
    init(files: [String: String], theme: Theme = .ownOrNone) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("vitrina-\(UUID().uuidString)").path
        for (path, text) in files { try write(path, text) }
        switch theme {
        case .repository: try FileManager.default.copyItem(atPath: "\(Self.repository)/Templates", toPath: "\(root)/Templates")
        case .builtIn: try VitrinaKit.Theme.builtIn.write(to: root + "/Templates")
        case .ownOrNone: break
        }
    }

    /// A site of this repository's kind: site.yml, the given files (path → text, relative to Content/) and a copy of
    /// the real theme.
    init(config: String = TestSite.defaultConfig, content: [String: String] = [:]) throws {
        var files = ["Content/site.yml": config]
        for (path, text) in content { files["Content/\(path)"] = text }
        try self.init(files: files, theme: .repository)
    }

    /// Removes the whole site.
    func remove() { try? FileManager.default.removeItem(atPath: root) }

    /// The shards of the site's parsed-Markdown memo on disk, by path.
    static func memoShards(_ site: TestSite) throws -> [String: [UInt8]] {
        let folder = site.root + "/.vitrina/documents"
        var shards: [String: [UInt8]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) { shards[folder + "/" + name] = try Files.read(folder + "/" + name) }
        return shards
    }

    func write(_ path: String, _ text: String) throws { try Files.write(Array(text.utf8), to: "\(root)/\(path)") }

    /// Deletes one file of the site (`Content/linux/tar.md`).
    func delete(_ path: String) throws { try Files.remove("\(root)/\(path)") }

    var output: String { "\(root)/Output" }

    /// How long a build against the replay server waits for an answer. Generous: the replay server answers on the
    /// cooperative threads that the builds of the tests running beside it read and draw pages on, so on a loaded
    /// two-core CI machine an answer can wait seconds (four tests once timed out at 5 s together); tests of timeouts
    /// pass their own.
    static let answerWait = Duration.seconds(30)

    /// Build options against `server`.
    func options(server: ReplayServer?, offline: Bool = false, strict: Bool = false, drafts: Bool = false,
                 baseURL: String? = nil, timeout: Duration = TestSite.answerWait) -> BuildOptions {
        BuildOptions(siteDirectory: root, offline: offline, strict: strict, drafts: drafts, baseURL: baseURL,
                     apiOverrides: server.map { Self.overrides($0.baseURL) } ?? [:],
                     retry: RetryPolicy(attempts: 4, baseDelay: .milliseconds(20), maxDelay: .seconds(3)), requestTimeout: timeout)
    }

    /// Every source pointed at `base` (a replay server, or a port where nothing answers), as `--api` does.
    static func overrides(_ base: String) -> [String: String] {
        ["pokeapi": base, "rickandmorty": base, "store": base, "sprites": base + "/PokeAPI/sprites/master"]
    }

    /// Runs the real pipeline with the real HTTP client (seen through `observer`, when given).
    func build(_ options: BuildOptions, observer: ((any HTTPClient) -> any HTTPClient)? = nil) async throws -> BuildReport {
        let client = LiveHTTPClient()
        let result: Result<BuildReport, Error>
        do {
            result = .success(try await BuildPipeline(options: options, client: observer?(client) ?? client).build())
        } catch {
            result = .failure(error)
        }
        await client.shutdown()
        return try result.get()
    }

    /// A build of the site in `folder` (not made by a TestSite), with no network, into its own `Output/`.
    static func building(_ folder: String) async throws -> BuildReport {
        try await BuildPipeline(options: BuildOptions(siteDirectory: folder, offline: true), client: NoNetwork()).build()
    }

    /// A build with no network (any request is a test failure), offline, into the site's output or `output`.
    func build(into output: String? = nil, memo: BuildMemo? = nil, drafts: Bool = false) async throws -> BuildReport {
        var options = BuildOptions(siteDirectory: root, outputDirectory: output, offline: true, drafts: drafts)
        options.memo = memo
        return try await BuildPipeline(options: options, client: NoNetwork()).build()
    }

    /// The failure a build ends with (nil when it succeeded).
    func failure(_ options: BuildOptions, observer: ((any HTTPClient) -> any HTTPClient)? = nil) async -> BuildFailure? {
        do {
            _ = try await build(options, observer: observer)
            return nil
        } catch let failure as BuildFailure {
            return failure
        } catch {
            return BuildFailure(error: VitrinaError(.write, "unexpected \(error)"), warnings: [])
        }
    }

    func read(_ path: String) throws -> String { try Files.readText("\(output)/\(path)") }
    func exists(_ path: String) -> Bool { Files.exists("\(output)/\(path)") }

    /// Where the last build published the stylesheet or script the theme names `path`, read from the output's folder:
    /// `assets/site.css` → `assets/site.3f9a1c2b.css`; the path itself when no fingerprinted name is there.
    func asset(_ path: String) -> String {
        let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        let folder = String(path[..<slash]), name = path[slash...]
        guard let dot = name.lastIndex(of: ".") else { return path }
        let (stem, ext) = (name[..<dot], name[dot...])
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "\(output)/\(folder)")) ?? []
        let published = names.filter { candidate in
            guard candidate.hasPrefix(stem + "."), candidate.hasSuffix(ext) else { return false }
            let hash = candidate.dropFirst(stem.count + 1).dropLast(ext.count)
            return hash.count == 8 && hash.allSatisfy(\.isHexDigit)
        }
        return published.count == 1 ? folder + published[0] : path
    }

    /// Every file of the output with its bytes, for byte-for-byte comparisons.
    func snapshotOfOutput(_ directory: String? = nil) throws -> [String: [UInt8]] {
        let dir = directory ?? output
        var files: [String: [UInt8]] = [:]
        for path in Files.list(dir) { files[path] = try Files.read("\(dir)/\(path)") }
        return files
    }

    /// What the last build into the output recorded of each page.
    func state() -> BuildState? { BuildState.load(BuildState.path(siteDirectory: root, outputDirectory: output)) }

    /// The pages the last build drew: those whose record changed since `before`.
    func drawn(since before: BuildState?) -> Set<String> {
        Set((state()?.records ?? [:]).filter { before?.records[$0.key]?.digest != $0.value.digest }.keys)
    }

    /// The output must equal a build from scratch into a fresh folder, byte for byte, with the same warnings when the
    /// incremental build's report is given. `options` are the incremental build's; nil means `build(into:)`'s.
    /// Whether an output file is as a full build writes it: the same bytes, or for the manifest, to which an edit appends
    /// its lines, the same files with the same fingerprints in the same order.
    /// Si un fichero de la salida es como lo escribe una construcción entera; el manifiesto, por lo que dice.
    static func same(_ path: String, _ incremental: [UInt8]?, _ full: [UInt8]) -> Bool {
        guard let incremental, incremental != full else { return incremental != nil }
        guard path == OutputWriter.manifestName else { return false }
        let (edited, whole) = (OutputWriter.entries(incremental), OutputWriter.entries(full))
        return edited.files == whole.files && edited.order == whole.order && edited.refused.isEmpty
    }

    func expectSameAsFullBuild(_ options: BuildOptions? = nil, comment: Comment? = nil, report: BuildReport? = nil) async throws {
        let folder = "\(root)/Fresh-\(UUID().uuidString)"
        defer { try? Files.remove(folder) }
        let full: BuildReport
        if var fresh = options {
            fresh.outputDirectory = folder
            full = try await build(fresh)
        } else {
            full = try await build(into: folder)
        }
        if let report { #expect(report.warnings.map(\.message) == full.warnings.map(\.message), comment) }
        let incremental = try snapshotOfOutput(), fullFiles = try snapshotOfOutput(folder)
        #expect(Set(incremental.keys) == Set(fullFiles.keys), comment)
        for (path, bytes) in fullFiles where !Self.same(path, incremental[path], bytes) {
            Issue.record("\(path) differs from a full build. \(comment?.description ?? "")")
        }
    }
}

/// Starts a replay server over the committed fixtures for the duration of `body`.
/// Arranca un servidor de réplica sobre los fixtures durante `body`.
func withReplayServer<T>(_ body: (ReplayServer) async throws -> T) async throws -> T {
    let server = ReplayServer(root: Fixtures.recordings)
    try await server.start()
    do {
        let value = try await body(server)
        await server.stop()
        return value
    } catch {
        await server.stop()
        throw error
    }
}

/// A site in a temporary folder, removed afterwards.
func withSite<T>(config: String = TestSite.defaultConfig, content: [String: String] = [:], _ body: (TestSite) async throws -> T) async throws -> T {
    let site = try TestSite(config: config, content: content)
    defer { site.remove() }
    return try await body(site)
}
