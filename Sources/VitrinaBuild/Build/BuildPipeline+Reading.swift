import Foundation
import VitrinaKit

/// How the pipeline reads: the client chain, the features' loading, the Markdown reader, images and the inputs every
/// page is fingerprinted with.
/// Cómo lee la construcción: la cadena de clientes, la carga de las funciones, el Markdown, las imágenes y las entradas.
extension BuildPipeline {
    /// The last build's record of this output, when the output still holds that build.
    func previousState(_ path: String, buildID: String?) -> BuildState? {
        guard let id = buildID else { return nil }
        if let state = options.memo?.state(path), state.buildID == id { return state }
        guard let state = BuildState.load(path), state.buildID == id else { return nil }
        return state
    }

    /// The fingerprint of the whole media catalogue, for pages that show pictures without naming which.
    /// Pages of API data record what they show of each item instead, never one fingerprint of a whole source.
    static func mediaInput(of media: MediaCatalog) -> BuildInput {
        let files = media.outputs.map { "\($0.path) \($0.width)x\($0.height) \($0.hash)" }.sorted()
        return BuildInput(key: "media", fingerprint: Fingerprint.hex(files.joined(separator: "\n")))
    }

    /// What every page is made from: the config (site.yml and every source.yml), the build flags, Vitrina's version and
    /// the navigation.
    func siteInput(_ site: PlannedSite) -> BuildInput {
        let config = site.config
        let navigation = config.orderedLanguages.flatMap { language in
            (site.plan.navigation + site.plan.tools).map { "\($0.key)|\($0.route(language).file)|\($0.label?(language) ?? $0.labelKey)" }
        }
        let facts = [VitrinaVersion.number, config.textFingerprint, config.baseURL, "\(options.drafts)", site.theme.origin] + navigation
            + Feed.facts(site.plan.feeds)
        return BuildInput(key: "site", fingerprint: Fingerprint.hex(facts.joined(separator: "\n")))
    }

    /// The registry's features and one per source of `config` that declares its items, in navigation order.
    func features(for config: SiteConfig) -> [any Feature] { features.features(for: config) }

    /// The client chain, outermost first: retries (whose waits end when the host goes down) → a limit of requests in
    /// flight per host → the breaker, which sees every attempt and refuses those to a host that is down → the live client.
    /// La cadena de clientes: reintentos → límite por servidor → cortacircuitos, que ve cada intento → cliente real.
    func makeFetcher(_ config: SiteConfig, revalidateAll: Bool, decoded: DecodedMemo? = nil) throws -> Fetcher {
        let limits = Dictionary(config.sources.values.map { (URLParts.host(of: $0.baseURL), $0.concurrency) }, uniquingKeysWith: min)
        let breaker = CircuitBreaker()
        let limited = HostLimitedHTTPClient(base: BreakingHTTPClient(base: client, breaker: breaker), limits: limits)
        let chain = RetryingHTTPClient(base: limited, policy: options.retry, breaker: breaker)
        let settings = Fetcher.Settings(sources: config.sources, overrides: options.apiOverrides, offline: options.offline,
                                        revalidateAll: revalidateAll, timeout: options.requestTimeout, limits: config.fetchLimits)
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
    func load(_ features: [any Feature], where include: (any Feature) -> Bool,
                      _ context: FeatureContext) async -> [Int: Result<(any LoadedFeature)?, Error>] {
        await withTaskGroup(of: (Int, Result<(any LoadedFeature)?, Error>).self) { group in
            for (index, feature) in features.enumerated() where include(feature) {
                group.addTask {
                    do { return (index, .success(try await feature.load(context))) } catch { return (index, .failure(error)) }
                }
            }
            var results: [Int: Result<(any LoadedFeature)?, Error>] = [:]
            for await (index, result) in group { results[index] = result }
            return results
        }
    }

    /// One warning per host that was down, once every request of the build is done.
    func warnAboutOutages(_ fetcher: Fetcher) {
        for warning in fetcher.outageWarnings { diagnostics.warn(.stale, warning) }
    }
}

extension DocumentLoader {
    /// The Markdown reader of a build with `options`, with the documents the last build parsed (`vitrina serve`'s memory,
    /// or the memo `vitrina build` saved in `.vitrina/documents/`), and a way to save them for the next build.
    /// El lector de Markdown de una construcción, con los documentos que analizó la anterior.
    static func forBuild(_ options: BuildOptions, config: SiteConfig, remembering: Bool = true,
                         listing: ContentListing? = nil) -> (loader: DocumentLoader, save: @Sendable () -> Void) {
        let memoPath = options.documentMemoPath
        // "fields 2": front matter lists are kept (a memo without them reads as none); "math 2": formulas found by the
        // folder's generator's rules, before MkDocs' pre-pass.
        let memoContext = [VitrinaVersion.number, "fields 2", "math 2", config.docs?.generator.rawValue ?? "-", config.docs?.markdownExtensions.joined(separator: ",") ?? "-",
                           (config.docs?.hiddenLinePrefixes ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ","), "\(config.unsafeHTML)", config.defaultLanguage, config.orderedLanguages.joined(separator: ","),
                           config.highlight.fingerprint, LexerRegistry.version, config.math.fingerprint, "\(config.docs?.math ?? false)"].joined(separator: "|")
        let memo = options.memo?.documents ?? (remembering ? DocumentMemo.load(from: memoPath, context: memoContext) : DocumentMemo())
        let highlightContext = [VitrinaVersion.number, LexerRegistry.version].joined(separator: "|")
        let highlighted = options.memo?.highlighted
            ?? (remembering ? HighlightMemo.load(from: options.highlightMemoPath, context: highlightContext) : HighlightMemo())
        let highlighter = config.highlight.enabled ? CodeHighlighter(memo: highlighted) : nil
        var loader = DocumentLoader(siteDirectory: options.siteDirectory, languages: config.orderedLanguages,
                                    defaultLanguage: config.defaultLanguage,
                                    renderer: MarkdownRenderer(allowRawHTML: config.unsafeHTML, highlighter: highlighter,
                                                               hiddenLines: config.docs?.generator == .mdbook ? config.docs?.hiddenLinePrefixes ?? [:] : nil),
                                    memo: memo)
        loader.taxonomies = config.taxonomies.map(\.name)
        loader.contentFolder = config.contentFolder
        loader.mdBookLinks = config.docs?.generator == .mdbook
        loader.mkDocs = config.docs?.mkDocsExtensions
        loader.useMath(config.math, docs: config.docs)
        loader.listing = listing
        let kept = options.memo != nil || !remembering
        return (loader, {
            guard !kept else { return }
            try? memo.save(to: memoPath, context: memoContext)
            // The single-file memo of Vitrina 0.10 and before, replaced by the folder of shards.
            let oldMemo = Files.join(options.siteDirectory, ".vitrina", "documents.bin")
            if SafePath.kind(oldMemo) == .file { unlink(oldMemo) }
            try? highlighted.save(to: options.highlightMemoPath, context: highlightContext)
        })
    }
}

extension BuildPipeline {
    func fetchMedia(_ config: SiteConfig, _ fetcher: Fetcher, into data: inout SiteData, includeLocal: Bool = true) async {
        let images = data.features.flatMap(\.remoteImages)
        await MediaFetcher(fetcher: fetcher, sources: config.sources, diagnostics: diagnostics).fetchAll(images, into: &data.media)
        guard includeLocal else { return }
        for image in data.features.flatMap(\.localImages) {
            addLocalImage(image.path, folder: image.folder, key: image.key, owner: image.owner, into: &data.media, mediaSources: &data.mediaSources)
        }
    }

    /// A picture from `Content/<folder>/<path>` copied to `media/<folder>/<path>`; a missing one is a warning.
    private func addLocalImage(_ path: String, folder: String, key: String, owner: String, into media: inout MediaCatalog,
                               mediaSources: inout [String: String]) {
        let source = Files.join(options.contentDirectory, folder, path)
        guard SafePath.isPlainRelative(path), let bytes = try? Files.read(source), let kind = PictureKind.of(bytes), let size = ImageSize.of(bytes) else {
            diagnostics.warn(.image, "\(owner): photo \(path) is missing or not an image; a placeholder is shown")
            return
        }
        let output = kind.path((["media", folder.isEmpty ? "content" : folder]
            + path.pathSegments.map(MediaPath.safeSegment)).joined(separator: "/"))
        media.add(MediaFile(path: output, width: size.width, height: size.height, bytes: bytes), for: key)
        mediaSources[Files.join(folder, path)] = output
    }
}
