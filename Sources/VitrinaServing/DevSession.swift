import Foundation
import VitrinaKit
import VitrinaBuild

/// `vitrina serve`: builds once, serves the output, and on every edit redraws what changed and tells open pages
/// to reload — or, when the build fails, keeps the last good site and shows the error.
/// `vitrina serve`: construye, sirve la salida y, en cada cambio, redibuja lo necesario y avisa a las páginas abiertas.
public struct DevSession: Sendable {
    public let options: BuildOptions
    public let client: any HTTPClient
    /// The features the site is made of (the registry's, handed in by the command line).
    let features: FeatureSet
    public let watcher: SiteWatcher
    public let hub: ReloadHub
    /// What to do with each build's outcome (print the report or the error).
    public let onBuild: @Sendable (Result<BuildReport, BuildFailure>, [String]) -> Void
    let memo: BuildMemo

    public init(options: BuildOptions, client: any HTTPClient, features: FeatureSet, hub: ReloadHub = ReloadHub(),
                interval: Duration = .milliseconds(100), onBuild: @escaping @Sendable (Result<BuildReport, BuildFailure>, [String]) -> Void) {
        self.features = features
        var options = options
        let memo = options.memo ?? BuildMemo()
        options.memo = memo
        self.options = options
        self.memo = memo
        self.client = client
        self.watcher = SiteWatcher(siteDirectory: options.siteDirectory, interval: interval)
        self.hub = hub
        self.onBuild = onBuild
    }

    /// One build, reported and broadcast; returns whether it succeeded. Edited section pages are drawn again on
    /// their own (`QuickEdit`); any other change runs the incremental build.
    @discardableResult
    public func build(changed: [String] = []) async -> Bool {
        do {
            let (report, quick) = try await redraw(changed)
            onBuild(.success(report), changed)
            hub.send(.reload)
            if !quick { memo.prepareLive() }
            return true
        } catch {
            let failure = error as? BuildFailure ?? BuildFailure(error: error as? VitrinaError ?? VitrinaError(.write, "\(error)"), warnings: [])
            onBuild(.failure(failure), changed)
            hub.send(.failed(failure.error.message))
            return false
        }
    }

    /// A quick edit's report when the change allows one, else a build's.
    func redraw(_ changed: [String]) async throws -> (report: BuildReport, quick: Bool) {
        if let report = try quickEdit(changed) { return (report, true) }
        return (try await BuildPipeline(options: options, client: client, features: features).build(), false)
    }

    /// The report of a quick edit, or nil when the change needs a build.
    func quickEdit(_ changed: [String]) throws -> BuildReport? { try memo.quickEdit(changed, options: options) }

    /// Returns once the build records being saved on another thread are on disk (before the process ends).
    public func finishSaving() async { await memo.finishSaving() }

    /// Starts watching `Content/` and `Templates/`: every change from now on reaches `watch(_:)`, one saved while the
    /// first build runs included.
    public func startWatching() -> SiteWatch { watcher.start() }

    /// Rebuilds after every change `watch` reports until cancelled.
    public func watch(_ watch: SiteWatch) async throws {
        defer { watch.stop() }
        while !Task.isCancelled {
            await build(changed: try await watch.next())
        }
    }
}
