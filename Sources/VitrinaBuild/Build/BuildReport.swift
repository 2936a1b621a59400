import VitrinaKit

/// What a build did, for the CLI to print: counts, bytes, time per stage, requests and warnings.
/// Lo que hizo una construcción: cuentas, bytes, tiempo por etapa, peticiones y avisos.
public struct BuildReport: Sendable {
    public var pages = 0
    /// Pages drawn by this build; the others kept the file of the last build, their inputs unchanged.
    public var rendered = 0
    public var files = 0
    public var bytes = 0
    public var stages: [(name: String, duration: Duration)] = []
    public var fetch = FetchStats()
    /// Pictures made for the web by this build; the others came from `.vitrina/pictures/`.
    public var picturesMade = 0
    /// The processor time the search index took to make and write, on every core: zero when no index was made.
    public var searchCPU = Duration.zero
    public var warnings: [BuildWarning] = []
    /// What the features say once that is no problem of the site (`LoadedFeature.notes`).
    public var notes: [String] = []
    public var outputDirectory = ""
    /// The id of the manifest this build wrote (nil for a build that wrote none).
    var buildID: String?
    /// Whether the site declares API sources, or any response was asked for (network, cache or snapshot): the output then
    /// hangs on more than the files a `SourceStamp` covers (the cache, the clock against `max_age`).
    var readSources = true

    public init() {}

    /// The report of a build or a quick edit into `outputDirectory`: its pages and what was drawn of them, the output's
    /// files and bytes, the stages' times and the warnings, sorted and without repeats.
    init(outputDirectory: String, pages: Int, rendered: Int, files: Int, bytes: Int, stages: [(name: String, duration: Duration)],
         overlapped: Duration = .zero,
         fetch: FetchStats = FetchStats(), warnings: [BuildWarning], picturesMade: Int = 0) {
        (self.outputDirectory, self.pages, self.rendered, self.files, self.bytes) = (outputDirectory, pages, rendered, files, bytes)
        (self.stages, self.overlapped, self.fetch) = (stages, overlapped, fetch)
        (self.warnings, self.picturesMade) = (Diagnostics.ordered(warnings), picturesMade)
    }

    /// Of `stages`' time, what ran beside another stage (assembling beside drawing): not counted twice in `total`.
    public var overlapped: Duration = .zero

    /// The build's time: its stages' less what ran beside another.
    public var total: Duration { stages.reduce(.zero) { $0 + $1.duration } - overlapped }

    public var summary: String {
        var lines = ["Built \(pages) pages, \(files) files, \(Self.size(bytes)) into \(outputDirectory) in \(Self.time(total))"]
        lines.append("  pages drawn: \(rendered), unchanged: \(pages - rendered)")
        lines.append("  stages: " + stages.map { "\($0.name) \(Self.time($0.duration))" }.joined(separator: ", "))
        lines.append("  fetch: \(fetch.requests) requests (\(fetch.network) downloaded, \(fetch.revalidated) revalidated), \(fetch.cacheHits) cache hits, \(fetch.snapshotHits) from snapshot, \(fetch.stale) stale")
        if searchCPU > .zero { lines.append("  search index: made and written in \(Self.time(searchCPU)) of processor time") }
        if picturesMade > 0 { lines.append("  pictures: \(picturesMade) made for the web (kept in .vitrina/pictures/ for the next build)") }
        lines += notes.map { "  note: \($0)" }
        lines.append("  warnings: \(warnings.count)")
        lines += warnings.prefix(50).map { "  warning: \($0.message)" }
        if warnings.count > 50 { lines.append("  … and \(warnings.count - 50) more") }
        return lines.joined(separator: "\n")
    }

    static func size(_ bytes: Int) -> String {
        bytes >= 1_048_576 ? "\(bytes * 10 / 1_048_576 / 10).\(bytes * 10 / 1_048_576 % 10) MB" : "\(bytes / 1024) KB"
    }

    static func time(_ duration: Duration) -> String {
        let ms = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        return ms >= 1000 ? "\(ms / 1000).\(String(format: "%02d", (ms % 1000) / 10)) s" : "\(ms) ms"
    }
}

/// A failed build: the error plus the warnings gathered before it.
/// Una construcción fallida: el error y los avisos reunidos antes.
public struct BuildFailure: Error, Sendable, CustomStringConvertible {
    public let error: VitrinaError
    public let warnings: [BuildWarning]
    public var description: String { error.description }

    public init(error: VitrinaError, warnings: [BuildWarning]) {
        self.error = error
        self.warnings = warnings
    }
}
