import Foundation

/// Everything the sources and content yielded, ready to plan pages from.
/// Todo lo que dieron las fuentes y el contenido, listo para planificar páginas.
public struct SiteData: Sendable {
    public var pokedex: Pokedex?
    public var multiverse: Multiverse?
    public var store: Store?
    public var docs: [DocPage] = []
    public var diary: [DiaryEntry] = []
    public var profile: Profile?
    public var media = MediaCatalog()
}

/// The build, one stage after another: config → fetch → content → plan → render and write → check → swap.
/// La construcción, etapa tras etapa: configuración → descarga → contenido → plan → render y escritura → comprobación → cambio.
public struct BuildPipeline: Sendable {
    public let options: BuildOptions
    let client: any HTTPClient
    let diagnostics = Diagnostics()

    public init(options: BuildOptions, client: any HTTPClient) {
        self.options = options
        self.client = client
    }

    /// Builds the site into the output folder, or throws `BuildFailure` leaving the previous output untouched.
    public func build() async throws -> BuildReport {
        var report = BuildReport()
        report.outputDirectory = options.outputDirectory
        var timer = StageTimer()
        do {
            var config = try timer.run("config") { try loadConfig() }
            if let baseURL = options.baseURL { config.baseURL = baseURL }
            let fetcher = makeFetcher(config, revalidateAll: false)
            var data = try await timer.run("fetch") { try await fetchSources(config, fetcher) }
            try await timer.run("content") { try await loadContent(config, into: &data) }
            await timer.run("media") { await fetchMedia(config, fetcher, into: &data) }
            report.fetch = fetcher.stats
            let strings = try Strings.load(directory: options.templatesDirectory + "/i18n", languages: config.orderedLanguages,
                                           defaultLanguage: config.defaultLanguage, diagnostics: diagnostics)
            let factory = PageFactory(config: config, strings: strings, media: data.media)
            let plan = try timer.run("plan") { try SitePlanner(factory: factory).plan(data) }
            let writer = OutputWriter(outputDirectory: options.outputDirectory)
            let staging = try writer.beginStaging()
            do {
                let templates = try TemplateLibrary.load(directory: options.templatesDirectory)
                let renderer = PageRenderer(templates: templates, factory: factory, baseURL: config.baseURL, navigation: plan.navigation,
                                            tools: plan.tools, searchRoute: plan.searchRoute)
                let output = try await timer.run("render") {
                    try await SiteWriter(staging: staging, renderer: renderer, templatesDirectory: options.templatesDirectory)
                        .write(plan.pages, files: plan.files, media: data.media, baseURL: config.baseURL)
                }
                timer.run("check") {
                    for problem in LinkChecker().check(pages: output.links, files: Set(output.files)) { diagnostics.warn(.link, problem) }
                }
                report.pages = plan.pages.count
                report.files = output.files.count
                report.bytes = output.bytes
                report.warnings = diagnostics.warnings
                if options.strict && !report.warnings.isEmpty {
                    throw VitrinaError(.check, "--strict: the build has \(report.warnings.count) warning(s), which fail it:\n"
                        + report.warnings.map { "  - \($0.message)" }.joined(separator: "\n"))
                }
                try timer.run("swap") { try writer.commit(staging, written: output.files) }
            } catch {
                writer.discard(staging)
                throw error
            }
        } catch let error as VitrinaError {
            throw BuildFailure(error: error, warnings: diagnostics.warnings)
        } catch let error as FetchError {
            throw BuildFailure(error: VitrinaError(.fetch, error.description), warnings: diagnostics.warnings)
        }
        report.stages = timer.stages
        return report
    }

    /// `vitrina fetch`: revalidates every response the site needs; optionally rewrites the snapshot from them.
    public func fetch(updateSnapshot: Bool) async throws -> (FetchStats, [BuildWarning], Int) {
        do {
            let config = try loadConfig()
            let fetcher = makeFetcher(config, revalidateAll: true)
            var data = try await fetchSources(config, fetcher)
            await fetchMedia(config, fetcher, into: &data, includeLocal: false)
            let served = fetcher.served
            if updateSnapshot { try Snapshot(directory: options.snapshotDirectory).replaceAll(with: served) }
            return (fetcher.stats, diagnostics.warnings, served.count)
        } catch let error as VitrinaError {
            throw BuildFailure(error: error, warnings: diagnostics.warnings)
        } catch let error as FetchError {
            throw BuildFailure(error: VitrinaError(.fetch, error.description), warnings: diagnostics.warnings)
        }
    }

    // MARK: Stages / etapas

    func loadConfig() throws -> SiteConfig {
        try SiteConfig.load(path: options.contentDirectory + "/site.yml")
    }

    func makeFetcher(_ config: SiteConfig, revalidateAll: Bool) -> Fetcher {
        let limits = Dictionary(config.sources.values.map { (URLParts.host(of: $0.baseURL), $0.concurrency) }, uniquingKeysWith: min)
        let chain = RetryingHTTPClient(base: HostLimitedHTTPClient(base: client, limits: limits), policy: options.retry)
        let settings = Fetcher.Settings(sources: config.sources, overrides: options.apiOverrides, offline: options.offline,
                                        revalidateAll: revalidateAll, timeout: options.requestTimeout)
        return Fetcher(client: chain, cache: ResponseCache(directory: options.cacheDirectory),
                       snapshot: Snapshot(directory: options.snapshotDirectory), settings: settings, diagnostics: diagnostics)
    }

    /// Fetches and maps every configured source at once; under `--offline` all missing URLs are listed together.
    func fetchSources(_ config: SiteConfig, _ fetcher: Fetcher) async throws -> SiteData {
        for name in options.apiOverrides.keys.sorted() where config.source(name) == nil {
            throw VitrinaError(.usage, "--api \(name)=… names no source of site.yml; sources are: \(config.sources.keys.sorted().joined(separator: ", "))")
        }
        let known = ["pokeapi": PokeAPI.resources, "rickandmorty": RickAndMortyAPI.resources, "fakestore": FakeStoreAPI.resources]
        for (name, resources) in known.sorted(by: { $0.key < $1.key }) {
            let unknown = (config.source(name)?.resources ?? []).filter { !resources.contains($0) }
            if !unknown.isEmpty {
                throw VitrinaError(.config, "Content/site.yml: sources.\(name).resources names \(unknown.joined(separator: ", ")), which Vitrina does not know; use some of: \(resources.joined(separator: ", "))")
            }
        }
        async let pokedex = capture(config.source("pokeapi")) { try await PokeAPI(fetcher: fetcher, source: $0).pokedex() }
        async let multiverse = capture(config.source("rickandmorty")) { try await RickAndMortyAPI(fetcher: fetcher, source: $0).multiverse() }
        async let store = capture(config.source("fakestore")) { try await FakeStoreAPI(fetcher: fetcher, source: $0).store() }
        let results = await (pokedex, multiverse, store)
        let missing = fetcher.missing
        if !missing.isEmpty {
            throw VitrinaError(.fetch, "--offline: \(missing.count) response(s) are in neither the cache nor the snapshot:\n"
                + missing.map { "  - \($0)" }.joined(separator: "\n")
                + "\nBuild once with network (without --offline), run `vitrina fetch`, or refresh the snapshot with `make snapshot`.")
        }
        var data = SiteData()
        data.pokedex = try results.0.get()
        data.multiverse = try results.1.get()
        data.store = try results.2.get()
        return data
    }

    private func capture<T: Sendable>(_ source: SourceConfig?, _ work: (SourceConfig) async throws -> T) async -> Result<T?, Error> {
        guard let source else { return .success(nil) }
        do { return .success(try await work(source)) } catch { return .failure(error) }
    }

    func loadContent(_ config: SiteConfig, into data: inout SiteData) async throws {
        let loader = DocumentLoader(siteDirectory: options.siteDirectory, languages: config.orderedLanguages,
                                    defaultLanguage: config.defaultLanguage, renderer: MarkdownRenderer(allowRawHTML: config.unsafeHTML))
        data.docs = try DocPageMapper.map(try await loader.load(folder: "docs"), defaultLanguage: config.defaultLanguage)
            .filter { options.drafts || !$0.draft }
        data.diary = try DiaryMapper.map(try await loader.load(folder: "diary"), defaultLanguage: config.defaultLanguage)
            .filter { options.drafts || !$0.draft }
        data.profile = try Profile.load(path: options.contentDirectory + "/profile.yml", display: "Content/profile.yml")
    }

    func fetchMedia(_ config: SiteConfig, _ fetcher: Fetcher, into data: inout SiteData, includeLocal: Bool = true) async {
        let urls = (data.pokedex?.imageURLs ?? []) + (data.multiverse?.imageURLs ?? []) + (data.store?.imageURLs ?? [])
        await MediaFetcher(fetcher: fetcher, sources: config.sources, diagnostics: diagnostics).fetchAll(urls, into: &data.media)
        guard includeLocal else { return }
        for entry in data.diary {
            guard let photo = entry.photo, let key = entry.photoKey else { continue }
            addLocalImage(photo, folder: "diary", key: key, owner: "Content/diary/\(entry.name).md", into: &data.media)
        }
        if let profile = data.profile, let photo = profile.photo, let key = profile.photoKey {
            addLocalImage(photo, folder: "", key: key, owner: "Content/profile.yml", into: &data.media)
        }
    }

    /// A picture from `Content/<folder>/<path>` copied to `media/<folder>/<path>`; a missing one is a warning.
    private func addLocalImage(_ path: String, folder: String, key: String, owner: String, into media: inout MediaCatalog) {
        let source = Files.join(options.contentDirectory, folder, path)
        guard StagingArea.isSafe(path), let bytes = try? Files.read(source), let size = ImageSize.of(bytes) else {
            diagnostics.warn(.image, "\(owner): photo \(path) is missing or not an image; a placeholder is shown")
            return
        }
        let output = (["media", folder.isEmpty ? "content" : folder] + path.split(separator: "/").map { MediaPath.safeSegment(String($0)) })
            .joined(separator: "/")
        media.add(MediaFile(path: output, width: size.width, height: size.height, bytes: bytes), for: key)
    }
}

/// Times each stage with a monotonic clock.
/// Mide cada etapa con un reloj monótono.
struct StageTimer {
    private(set) var stages: [(name: String, duration: Duration)] = []
    private let clock = ContinuousClock()

    mutating func run<T>(_ name: String, _ work: () throws -> T) rethrows -> T {
        let start = clock.now
        defer { stages.append((name, clock.now - start)) }
        return try work()
    }

    mutating func run<T>(_ name: String, _ work: () async throws -> T) async rethrows -> T {
        let start = clock.now
        defer { stages.append((name, clock.now - start)) }
        return try await work()
    }
}
