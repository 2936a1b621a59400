import VitrinaKit

/// What one invocation asks for: folders, network policy, strictness, overrides.
/// Lo que pide una invocación: carpetas, red, rigor y sustituciones.
public struct BuildOptions: Sendable {
    public var siteDirectory: String
    /// The folder of the site's pages, relative to `siteDirectory`: `Content`, or a docs folder's (`docs`, `src`).
    public var contentFolder: String
    public var outputDirectory: String
    public var offline: Bool
    public var strict: Bool
    public var drafts: Bool
    public var baseURL: String?
    public var apiOverrides: [String: String]
    public var retry: RetryPolicy
    public var requestTimeout: Duration
    /// Write into a non-empty output folder that no Vitrina build wrote (`--force`).
    public var force = false
    /// What a long-running process (`vitrina serve`) keeps between builds: parsed documents and the last build state.
    public var memo: BuildMemo?
    /// How long after its last change a file counts as settled: a build that read a file changed more recently keeps no
    /// stamp for the next build to skip its work with (see `SourceStamp`).
    var settleTime: Duration = .seconds(2)
    /// Hears each stage start and how many pages are drawn, for a progress bar.
    public var progress: (any BuildProgress)?
    /// From how many pages to draw their files go to writer threads, and what each of those runs first.
    public var writerThreads = WriterThreads()
    /// Where a one-shot build leaves what it made for the process's end to free (`vitrina build`); nil frees it as usual.
    public var leftovers: Leftovers?

    public init(
        siteDirectory: String, outputDirectory: String? = nil, offline: Bool = false, strict: Bool = false,
        drafts: Bool = false, baseURL: String? = nil, apiOverrides: [String: String] = [:],
        retry: RetryPolicy = .standard, requestTimeout: Duration = WebRequest.standardTimeout
    ) {
        self.siteDirectory = siteDirectory
        self.contentFolder = DocsProject.contentFolder(in: siteDirectory)
        self.outputDirectory = outputDirectory ?? Files.join(siteDirectory, "Output")
        self.offline = offline
        self.strict = strict
        self.drafts = drafts
        self.baseURL = baseURL
        self.apiOverrides = apiOverrides
        self.retry = retry
        self.requestTimeout = requestTimeout
    }

    public var contentDirectory: String { Files.join(siteDirectory, contentFolder) }
    public var templatesDirectory: String { Files.join(siteDirectory, "Templates") }
    public var cacheDirectory: String { Files.join(siteDirectory, ".vitrina", "cache") }
    /// Parsed Markdown kept between builds (`DocumentMemo`), a folder of shards.
    public var documentMemoPath: String { Files.join(siteDirectory, ".vitrina", "documents") }
    /// Highlighted code blocks kept between builds (`HighlightMemo`).
    public var highlightMemoPath: String { Files.join(siteDirectory, ".vitrina", "highlight.bin") }
    /// Where `vitrina build` keeps the API responses it decoded (`DecodedMemo`).
    public var decodedMemoPath: String { Files.join(siteDirectory, ".vitrina", "decoded.bin") }
    /// Pictures made for the web, kept between builds (`PictureCache`); tests may share one.
    public var pictureCacheDirectory: String {
        get { pictureCacheOverride ?? Files.join(siteDirectory, ".vitrina", "pictures") }
        set { pictureCacheOverride = newValue }
    }
    private var pictureCacheOverride: String?
    public var snapshotDirectory: String { Files.join(contentDirectory, "data") }
}

/// Hears how far a build has got: each stage as it starts, then counts within it.
/// Escucha por dónde va una construcción: cada etapa al empezar y las cuentas dentro de ella.
public protocol BuildProgress: Sendable {
    func stage(_ name: String)
    func advance(_ stage: String, done: Int, total: Int?)
}
