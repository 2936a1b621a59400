import Foundation

/// `vitrina serve`: builds once, serves the output, and on every edit rebuilds incrementally and tells open pages
/// to reload — or, when the build fails, keeps the last good site and shows the error.
/// `vitrina serve`: construye, sirve la salida y, en cada cambio, reconstruye lo necesario y avisa a las páginas abiertas.
public struct DevSession: Sendable {
    public let options: BuildOptions
    public let client: any HTTPClient
    public let watcher: SiteWatcher
    public let hub: ReloadHub
    /// What to do with each build's outcome (print the report or the error).
    public let onBuild: @Sendable (Result<BuildReport, BuildFailure>, [String]) -> Void

    public init(options: BuildOptions, client: any HTTPClient, hub: ReloadHub = ReloadHub(), interval: Duration = .milliseconds(100),
                onBuild: @escaping @Sendable (Result<BuildReport, BuildFailure>, [String]) -> Void) {
        var options = options
        if options.memo == nil { options.memo = BuildMemo() }
        self.options = options
        self.client = client
        self.watcher = SiteWatcher(siteDirectory: options.siteDirectory, interval: interval)
        self.hub = hub
        self.onBuild = onBuild
    }

    /// One build, reported and broadcast; returns whether it succeeded.
    @discardableResult
    public func build(changed: [String] = []) async -> Bool {
        do {
            let report = try await BuildPipeline(options: options, client: client).build()
            onBuild(.success(report), changed)
            hub.send(.reload)
            return true
        } catch {
            let failure = error as? BuildFailure ?? BuildFailure(error: VitrinaError(.write, "\(error)"), warnings: [])
            onBuild(.failure(failure), changed)
            hub.send(.failed(failure.error.message))
            return false
        }
    }

    /// Rebuilds after every change until cancelled.
    public func watch() async throws {
        var snapshot = watcher.snapshot()
        while !Task.isCancelled {
            let next = try await watcher.next(after: snapshot)
            snapshot = next.snapshot
            await build(changed: next.changed)
        }
    }
}
