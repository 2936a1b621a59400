import Foundation

/// Everything the sources and content yielded, ready to plan pages from.
/// Todo lo que dieron las fuentes y el contenido, listo para planificar páginas.
public struct SiteData: Sendable {
    /// What each feature loaded, by its place in the build's list of features (those with nothing to show left out).
    var loaded: [Int: any FeatureContent] = [:]
    /// What the features loaded, in the list's order (navigation order).
    public var features: [any FeatureContent] { loaded.keys.sorted().compactMap { loaded[$0] } }
    public var profile: Profile?
    /// Markdown folders outside the features' own, as sections.
    public var sections: Section?
    /// The files beside the Markdown (images, PDFs, archives), published as they are.
    public var files: [ContentFile] = []
    /// Files of `Content/` already published as media (diary photos, profile photo): their path below
    /// `Content/` and where the media catalogue puts them.
    public var mediaSources: [String: String] = [:]
    public var media = MediaCatalog()
    /// Fingerprints of each API source's responses (`source:pokeapi`) and of the media catalogue (`media`).
    public var inputs: [String: BuildInput] = [:]
}

/// The build, one stage after another: config → fetch → content → plan → diff → render → check → write.
/// La construcción, etapa tras etapa: configuración → descarga → contenido → plan → diferencias → render → comprobación → escritura.
public struct BuildPipeline: Sendable {
    public let options: BuildOptions
    let client: any HTTPClient
    /// The features the site is made of, in navigation order.
    let features: [any Feature]
    let diagnostics = Diagnostics()

    public init(options: BuildOptions, client: any HTTPClient, features: [any Feature] = FeatureRegistry.standard) {
        self.options = options
        self.client = client
        self.features = features
    }

    /// Builds the site into the output folder, or throws `BuildFailure` leaving the previous output untouched.
    /// Only pages whose inputs changed since the last build into the same folder are drawn again.
    public func build() async throws -> BuildReport {
        var report = BuildReport()
        report.outputDirectory = options.outputDirectory
        var timer = StageTimer(progress: options.progress)
        do {
            let configPath = options.contentDirectory + "/site.yml"
            var config = try timer.run("config") { try loadConfig() }
            if let baseURL = options.baseURL { config.baseURL = baseURL }
            // Responses decoded by the last build (serve's memory, or .vitrina/decoded.bin) are read back, not decoded.
            let decodedContext = VitrinaVersion.number
            let decoded = options.memo?.decoded ?? DecodedMemo.load(from: options.decodedMemoPath, context: decodedContext)
            let fetcher = try makeFetcher(config, revalidateAll: false, decoded: decoded)
            let counting = Task { [progress = options.progress] in
                while !Task.isCancelled, let progress {
                    try await Task.sleep(for: .milliseconds(100))
                    progress.advance("fetch", done: fetcher.stats.requests, total: nil)
                }
            }
            defer { counting.cancel() }
            let documents = documentLoader(config)
            defer { documents.save() }
            let features = features(for: config)
            let context = FeatureContext(config: config, fetcher: fetcher, documents: documents.loader, drafts: options.drafts)
            var data = try await timer.run("fetch") { try await fetchSources(context, features) }
            if options.memo == nil { try? decoded.save(to: options.decodedMemoPath, context: decodedContext) }
            try await timer.run("content") { try await loadContent(context, features, into: &data) }
            await timer.run("media") { await fetchMedia(config, fetcher, into: &data) }
            warnAboutOutages(fetcher)
            data.inputs = Self.dataInputs(config: config, served: fetcher.served, media: data.media, fingerprint: fetcher.fingerprint(of:))
            report.fetch = fetcher.stats
            let theme = try Theme.load(templatesDirectory: options.templatesDirectory)
            for content in data.features { try content.check(theme) }
            let strings = try Strings.load(theme: theme, languages: config.orderedLanguages, defaultLanguage: config.defaultLanguage,
                                           diagnostics: diagnostics)
            let routeKeys = data.loaded.keys.sorted().flatMap { features[$0].routeKeys } + (config.appScreens ? ShowcaseRoutes.keys : [])
            try strings.checkRouteSegments(routeKeys, origin: theme.origin)
            let plan = try timer.run("plan") { try SitePlanner(factory: PageFactory(config: config, strings: strings, media: data.media)).plan(data) }
            let factory = plan.factory ?? PageFactory(config: config, strings: strings, media: data.media)
            diagnostics.warn(factory.links.problems())
            for note in plan.notes { diagnostics.warn(.content, note) }
            let templates = try TemplateLibrary.load(theme: theme)
            let writer = OutputWriter(outputDirectory: options.outputDirectory, force: options.force)
            let statePath = BuildState.path(siteDirectory: options.siteDirectory, outputDirectory: options.outputDirectory)
            let last = writer.lastBuild()
            for note in writer.refusalNotes(last) { diagnostics.warn(.output, note) }
            let previous = previousState(statePath, buildID: last.id)
            let site = siteInput(config: config, configText: (try? Files.read(configPath)) ?? [], plan: plan, theme: theme)
            let (digester, jobs) = timer.run("diff") {
                let digester = PageDigester(pages: plan.pages, templates: templates, strings: strings, site: site)
                return (digester, digester.jobs(plan.pages, previous: previous))
            }
            let staging = try writer.beginStaging(after: last)
            do {
                let renderer = PageRenderer(templates: templates, factory: factory, baseURL: config.baseURL, navigation: plan.navigation,
                                            tools: plan.tools, searchRoute: plan.searchRoute)
                var output = try await timer.run("render") {
                    try await SiteWriter(staging: staging, renderer: renderer, theme: theme, progress: options.progress)
                        .write(jobs, files: plan.files, media: data.media, published: plan.published, contentDirectory: options.contentDirectory,
                               baseURL: config.baseURL)
                }
                timer.run("check") {
                    let check = IncrementalLinkCheck(previousFiles: previous.map { _ in Set(staging.previousHashes.keys) }, previous: previous,
                                                     readKept: { [output = options.outputDirectory] in try? Files.read("\(output)/\($0)") })
                    let problems = check.run(drawn: output.drawn, records: &output.records, files: output.files)
                    for problem in factory.links.withoutReported(problems) { diagnostics.warn(.link, problem) }
                }
                report.pages = plan.pages.count
                report.rendered = output.rendered
                report.files = output.files.count
                report.bytes = output.bytes
                report.warnings = diagnostics.warnings
                if options.strict && !report.warnings.isEmpty {
                    throw VitrinaError(.check, "--strict: the build has \(report.warnings.count) warning(s), which fail it:\n"
                        + report.warnings.map { "  - \($0.message)" }.joined(separator: "\n"))
                }
                let state = try timer.run("write") {
                    let (id, notes) = try writer.commit(staging, written: output.files)
                    report.warnings = Diagnostics.ordered(report.warnings + notes.map { BuildWarning(.output, $0) })
                    let state = BuildState(buildID: id, records: output.records)
                    try state.save(statePath)
                    options.memo?.remember(state, at: statePath)
                    return state
                }
                options.memo?.keep(LiveSite(
                    outputDirectory: options.outputDirectory, config: config, factory: factory, renderer: renderer, digester: digester,
                    root: data.sections, pages: plan.pages, state: state, files: output.files, hashes: staging.hashes, bytes: output.bytes,
                    otherWarnings: report.warnings.filter { $0.kind != .link || $0.location != nil }))
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

    /// The last build's record of this output, when the output still holds that build.
    func previousState(_ path: String, buildID: String?) -> BuildState? {
        guard let id = buildID else { return nil }
        if let state = options.memo?.state(path), state.buildID == id { return state }
        guard let state = BuildState.load(path), state.buildID == id else { return nil }
        return state
    }

    /// Fingerprints of each API source's responses and of the media catalogue.
    static func dataInputs(config: SiteConfig, served: [StoredResponse], media: MediaCatalog,
                           fingerprint: (StoredResponse) -> String = { Fingerprint.hex($0.body) }) -> [String: BuildInput] {
        var inputs: [String: BuildInput] = [:]
        // Each response is fingerprinted once and compared by bytes (`String.hasPrefix` compares by Characters: slow).
        let fingerprints = served.map { "\($0.url) \(fingerprint($0))" }
        for (name, source) in config.sources {
            let prefix = Array((source.baseURL + "/").utf8)
            let lines = served.indices.filter { served[$0].url.utf8.starts(with: prefix) }.map { fingerprints[$0] }
            inputs["source:\(name)"] = BuildInput(key: "source:\(name)", fingerprint: Fingerprint.hex(lines.joined(separator: "\n")))
        }
        let files = media.outputs.map { "\($0.path) \($0.width)x\($0.height) \($0.bytes.count)" }.sorted()
        inputs["media"] = BuildInput(key: "media", fingerprint: Fingerprint.hex(files.joined(separator: "\n")))
        return inputs
    }

    /// What every page is made from: the config, the build flags, Vitrina's version and the navigation.
    func siteInput(config: SiteConfig, configText: [UInt8], plan: SitePlanner.Plan, theme: Theme) -> BuildInput {
        let navigation = config.orderedLanguages.flatMap { language in
            (plan.navigation + plan.tools).map { "\($0.key)|\($0.route(language).file)|\($0.label?(language) ?? $0.labelKey)" }
        }
        let facts = [VitrinaVersion.number, Fingerprint.hex(configText), config.baseURL, "\(options.drafts)", theme.origin] + navigation
        return BuildInput(key: "site", fingerprint: Fingerprint.hex(facts.joined(separator: "\n")))
    }

    /// `vitrina fetch`: revalidates every response the site needs; optionally rewrites the snapshot from them.
    public func fetch(updateSnapshot: Bool) async throws -> (FetchStats, [BuildWarning], Int) {
        do {
            let config = try loadConfig()
            let fetcher = try makeFetcher(config, revalidateAll: true)
            // Only the features that read APIs load here, so the Markdown reader needs no memo.
            let documents = documentLoader(config, memo: false)
            var data = try await fetchSources(FeatureContext(config: config, fetcher: fetcher, documents: documents.loader, drafts: options.drafts),
                                              features(for: config))
            await fetchMedia(config, fetcher, into: &data, includeLocal: false)
            warnAboutOutages(fetcher)
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

    /// `site.yml`, its sources checked against what the features read.
    func loadConfig() throws -> SiteConfig {
        let config = try SiteConfig.load(path: options.contentDirectory + "/site.yml")
        try FeatureRegistry.check(config, against: features(for: config))
        return config
    }

    /// The registry's features and one per source of `config` that declares its items, in navigation order.
    func features(for config: SiteConfig) -> [any Feature] { FeatureRegistry.ordered(features + DeclaredFeature.all(in: config), config: config) }

    /// The client chain, outermost first: retries (whose waits end when the host goes down) → a limit of requests in
    /// flight per host → the breaker, which sees every attempt and refuses those to a host that is down → the live client.
    /// La cadena de clientes: reintentos → límite por servidor → cortacircuitos, que ve cada intento → cliente real.
    func makeFetcher(_ config: SiteConfig, revalidateAll: Bool, decoded: DecodedMemo? = nil) throws -> Fetcher {
        let limits = Dictionary(config.sources.values.map { (URLParts.host(of: $0.baseURL), $0.concurrency) }, uniquingKeysWith: min)
        let breaker = CircuitBreaker()
        let limited = HostLimitedHTTPClient(base: BreakingHTTPClient(base: client, breaker: breaker), limits: limits)
        let chain = RetryingHTTPClient(base: limited, policy: options.retry, breaker: breaker)
        let settings = Fetcher.Settings(sources: config.sources, overrides: options.apiOverrides, offline: options.offline,
                                        revalidateAll: revalidateAll, timeout: options.requestTimeout)
        let snapshot = Snapshot(directory: options.snapshotDirectory)
        try snapshot.checkEntries()
        return Fetcher(client: chain, breaker: breaker, cache: ResponseCache(directory: options.cacheDirectory),
                       snapshot: snapshot, settings: settings, diagnostics: diagnostics, decoded: decoded)
    }

    /// Loads every feature that reads API sources, all at once; under `--offline` all missing URLs are listed together.
    func fetchSources(_ context: FeatureContext, _ features: [any Feature]) async throws -> SiteData {
        for name in options.apiOverrides.keys.sorted() where context.config.source(name) == nil {
            throw VitrinaError(.usage, "--api \(name)=… names no source of site.yml; sources are: \(context.config.sources.keys.sorted().joined(separator: ", "))")
        }
        var data = SiteData()
        let results = await load(features, where: \.readsSources, context)
        let missing = context.fetcher.missing
        if !missing.isEmpty {
            throw VitrinaError(.fetch, "--offline: \(missing.count) response(s) are in neither the cache nor the snapshot:\n"
                + missing.map { "  - \($0)" }.joined(separator: "\n")
                + "\nBuild once with network (without --offline), run `vitrina fetch`, or refresh the snapshot with `make snapshot`.")
        }
        // A URL with no copy from a host that was down failed its source: one error names every host that was down.
        if let outage = context.fetcher.outageFailure { throw VitrinaError(.fetch, outage) }
        // The first failure in the list's order is thrown, whichever task ended first.
        for (index, result) in results.sorted(by: { $0.key < $1.key }) { data.loaded[index] = try result.get() }
        return data
    }

    /// Loads the features that match `include` concurrently, each result by its place in `features`, so every failure is
    /// known before one is thrown.
    private func load(_ features: [any Feature], where include: (any Feature) -> Bool,
                      _ context: FeatureContext) async -> [Int: Result<(any FeatureContent)?, Error>] {
        await withTaskGroup(of: (Int, Result<(any FeatureContent)?, Error>).self) { group in
            for (index, feature) in features.enumerated() where include(feature) {
                group.addTask {
                    do { return (index, .success(try await feature.load(context))) } catch { return (index, .failure(error)) }
                }
            }
            var results: [Int: Result<(any FeatureContent)?, Error>] = [:]
            for await (index, result) in group { results[index] = result }
            return results
        }
    }

    /// One warning per host that was down, once every request of the build is done.
    private func warnAboutOutages(_ fetcher: Fetcher) {
        for warning in fetcher.outageWarnings { diagnostics.warn(.stale, warning) }
    }

    /// The Markdown reader, with the documents the last build parsed (`vitrina serve`'s memory, or the memo
    /// `vitrina build` saved in `.vitrina/documents.bin`) and a way to save them for the next build.
    func documentLoader(_ config: SiteConfig, memo remembering: Bool = true) -> (loader: DocumentLoader, save: @Sendable () -> Void) {
        let memoPath = options.documentMemoPath
        let memoContext = [VitrinaVersion.number, "\(config.unsafeHTML)", config.defaultLanguage, config.orderedLanguages.joined(separator: ",")]
            .joined(separator: "|")
        let memo = options.memo?.documents ?? (remembering ? DocumentMemo.load(from: memoPath, context: memoContext) : DocumentMemo())
        let loader = DocumentLoader(siteDirectory: options.siteDirectory, languages: config.orderedLanguages,
                                    defaultLanguage: config.defaultLanguage, renderer: MarkdownRenderer(allowRawHTML: config.unsafeHTML),
                                    memo: memo)
        let kept = options.memo != nil || !remembering
        return (loader, { if !kept { try? memo.save(to: memoPath, context: memoContext) } })
    }

    /// Reads the Markdown of every feature that reads no API, then the other folders as sections, the profile and the
    /// files beside the Markdown.
    func loadContent(_ context: FeatureContext, _ features: [any Feature], into data: inout SiteData) async throws {
        let results = await load(features, where: { !$0.readsSources }, context)
        for (index, result) in results.sorted(by: { $0.key < $1.key }) { data.loaded[index] = try result.get() }
        let reserved = Set(["data"] + features.flatMap(\.folders))
        data.sections = try await SectionLoader(loader: context.documents, reserved: reserved, drafts: options.drafts).load()
        data.profile = try Profile.load(path: options.contentDirectory + "/profile.yml", display: "Content/profile.yml")
        // A folder holding a source.yml is the declaration's: nothing in it is published as a file.
        // Una carpeta con source.yml es de la declaración: nada en ella se publica como fichero.
        data.files = try ContentFiles.scan(contentDirectory: options.contentDirectory,
                                           skippingFolders: Set(["data"] + context.config.sources.values.compactMap(\.folder)))
    }

    func fetchMedia(_ config: SiteConfig, _ fetcher: Fetcher, into data: inout SiteData, includeLocal: Bool = true) async {
        let urls = data.features.flatMap(\.imageURLs)
        await MediaFetcher(fetcher: fetcher, sources: config.sources, diagnostics: diagnostics).fetchAll(urls, into: &data.media)
        guard includeLocal else { return }
        for image in data.features.flatMap(\.localImages) {
            addLocalImage(image.path, folder: image.folder, key: image.key, owner: image.owner, into: &data.media, mediaSources: &data.mediaSources)
        }
        if let profile = data.profile, let photo = profile.photo, let key = profile.photoKey {
            addLocalImage(photo, folder: "", key: key, owner: "Content/profile.yml", into: &data.media, mediaSources: &data.mediaSources)
        }
    }

    /// A picture from `Content/<folder>/<path>` copied to `media/<folder>/<path>`; a missing one is a warning.
    private func addLocalImage(_ path: String, folder: String, key: String, owner: String, into media: inout MediaCatalog,
                               mediaSources: inout [String: String]) {
        let source = Files.join(options.contentDirectory, folder, path)
        guard SafePath.isPlainRelative(path), let bytes = try? Files.read(source), let size = ImageSize.of(bytes) else {
            diagnostics.warn(.image, "\(owner): photo \(path) is missing or not an image; a placeholder is shown")
            return
        }
        let output = (["media", folder.isEmpty ? "content" : folder] + path.split(separator: "/").map { MediaPath.safeSegment(String($0)) })
            .joined(separator: "/")
        media.add(MediaFile(path: output, width: size.width, height: size.height, bytes: bytes), for: key)
        mediaSources[Files.join(folder, path)] = output
    }
}

/// Times each stage with a monotonic clock.
/// Mide cada etapa con un reloj monótono.
struct StageTimer {
    private(set) var stages: [(name: String, duration: Duration)] = []
    private let clock = ContinuousClock()
    var progress: (any BuildProgress)?

    mutating func run<T>(_ name: String, _ work: () throws -> T) rethrows -> T {
        progress?.stage(name)
        let start = clock.now
        defer { stages.append((name, clock.now - start)) }
        return try work()
    }

    mutating func run<T>(_ name: String, _ work: () async throws -> T) async rethrows -> T {
        progress?.stage(name)
        let start = clock.now
        defer { stages.append((name, clock.now - start)) }
        return try await work()
    }
}
