import Foundation
import Synchronization
import VitrinaKit

/// The build, one stage after another: stamp → config → theme → memos → fetch → content → media → pictures → plan → diff →
/// render → assemble → check → write → save. Each stage takes values and returns values; only the loading stages (stamp,
/// config, theme, memos, fetch, content, media, pictures), write and save (the memos, written from the plan on) touch the
/// disk, and render hands each page it draws to the staging area that write commits.
/// La construcción, etapa tras etapa: huella → configuración → tema → memorias → descarga → contenido → imágenes → imágenes para la web → plan →
/// diferencias → dibujo → ensamblado → comprobación → escritura → guardado de las memorias.
public struct BuildPipeline: Sendable {
    public let options: BuildOptions
    let client: any HTTPClient
    /// The features the site is made of (the registry's, handed in by the command line).
    let features: FeatureSet
    let diagnostics = Diagnostics()
    let stages: OutputStages

    public init(options: BuildOptions, client: any HTTPClient, features: FeatureSet) {
        self.options = options
        self.client = client
        self.features = features
        self.stages = OutputStages(options: options)
    }

    /// Builds the site into the output folder, or throws `BuildFailure` leaving the previous output untouched.
    /// Only pages whose inputs changed since the last build into the same folder are drawn again.
    /// Construye el sitio en la carpeta de salida; solo se vuelven a dibujar las páginas cuyas entradas cambiaron.
    public func build() async throws -> BuildReport {
        var timer = StageTimer(progress: options.progress)
        return try await failing {
            // The stamp counts from before anything is read, so that a file changed while the build runs changes the next one's.
            let clock = SourceStamp.clock()
            let beginning = await shortcut(&timer)
            if case .done(let report) = beginning { return report }
            var stamp = beginning.stamp
            let config = try timer.run("config") { try loadConfig() }
            let stamping = stampBeside(config, since: clock, taken: stamp)
            let look = try timer.run("theme") { try loadTheme(config) }
            var session = try timer.run("memos") { try openLoadingSession(config, listing: stamp.flatMap { ContentListing($0.stamp.contentScan) }) }
            // The walk's stamps of Content/'s files stay for the plan this build keeps; the rest of its listing goes.
            let contentStamps = stamp?.stamp.contentScan.stamps
            stamp?.stamp.contentScan = FolderScan()
            // What the last build left in the output (its manifest and records: at 100,000 pages over a second) is read
            // on another thread while the site is loaded and planned, which it does not depend on.
            // Lo que dejó la última construcción se lee en otro hilo mientras se carga y planea el sitio.
            let manifest = stamp?.last
            let reading = Task.detached { [self] in lastOutput(manifest: manifest) }
            do {
                var data = try await timer.run("fetch") { try await fetch(session) }
                data = try await timer.run("content") { try await loadContent(session.context, session.features, data) }
                // The stamp's listing of Content/ has served: the later stages do not need it (with it, an edit's
                // rebuild at 109,230 pages peaked 20–30 MB higher).
                session.context.documents.listing = nil
                data = await timer.run("media") { await media(session, data) }
                data = timer.run("pictures") { pictures(config.pictures, data) }
                // Everything is read: the memos are written while the later stages run.
                session.saveInBackground()
                let site = try timer.run("plan") { try plan(config, look, data, features: session.features) }
                let last = await reading.value
                let diff = timer.run("diff") { self.diff(site, since: last) }
                // What the next build needs to draw an edit alone is gathered on another core while this one draws.
                // Lo que la siguiente construcción necesita para dibujar solo una edición se reúne en otro núcleo.
                // It is stamped and encoded there too, as soon as the walk's stamp is in: only its id waits for the write.
                // También se sella y codifica allí en cuanto llega la huella del recorrido: solo su id espera a la escritura.
                let keeping = options.memo == nil && config.sources.isEmpty
                    ? Task.detached { [features = session.features, stamping, taken = stamp?.stamp] () -> KeptPlan.Ready? in
                        let plan = KeptPlan(site, features: features, siteInput: diff.digester.site)
                        guard let stamp = await stamping?.value ?? taken else { return nil }
                        return plan?.ready(by: stamp, stamps: contentStamps ?? stamp.contentScan.stamps)
                    } : nil
                let done = try draw(site, diff, timer: &timer)
                // The memos' writing, begun once everything was read, is waited for here: part of what the build costs.
                // La escritura de las memorias, empezada al acabar de leerlo todo, se espera aquí: también cuenta en el tiempo.
                await timer.run("save") { await session.close() }
                let report = self.report(site, done, fetch: session.fetcher.stats, timer: timer)
                rememberLive(site, diff, done, warnings: report.warnings)
                options.leftovers?.leave([site, diff, done, session] as [any Sendable])
                let finalStamp = await stamping?.value ?? stamp?.stamp
                keepForNextBuild(report, stamp: finalStamp, plan: await keeping?.value)
                // The walk's stamps, left too: freeing their 100,000 paths was the last thing a build did on one core.
                // Las huellas del recorrido también se dejan: liberarlas era lo último que hacía la construcción, en un núcleo.
                options.leftovers?.leave([finalStamp, contentStamps, stamp?.last] as [any Sendable])
                return report
            } catch {
                await session.close()
                throw error
            }
        }
    }

    /// What the stamp stage read: the sources' stamp and the output's manifest.
    typealias StampReading = (stamp: SourceStamp, last: OutputWriter.LastBuild)

    /// Where a build starts: done at once when nothing changed since the last build into this output, or when an edit of
    /// some pages' text alone was drawn from the plan it kept; else a whole build, with the stamp when one was read.
    /// Dónde empieza una construcción: acabada si nada cambió o si bastó el plan guardado; si no, una construcción entera.
    enum Start {
        case done(BuildReport)
        case build(StampReading?)

        /// The stamp a whole build goes on with.
        var stamp: StampReading? {
            if case .build(let read) = self { return read }
            return nil
        }
    }

    /// Stamp, and the kept plan: a build with nothing to do says what the last one said; an edit of pages' text alone
    /// is drawn from the last build's plan; anything else is left to the whole build.
    /// Huella y plan guardado: si nada cambió o solo el texto de unas páginas, la construcción acaba aquí.
    private func shortcut(_ timer: inout StageTimer) async -> Start {
        guard options.memo == nil, let record = UnchangedRecord.load(UnchangedRecord.path(statePath: stages.statePath)) else { return .build(nil) }
        let stamp = timer.run("stamp") { stampAndUnchanged(record) }
        // The walk and the manifest (at 109,230 pages, 30 ms to free) are freed by the end of the process, if it ends.
        // El recorrido y el manifiesto los libera el final del proceso, si termina.
        defer { options.leftovers?.leave([stamp.stamp, stamp.last] as [any Sendable]) }
        if stamp.unchanged {
            return .done(BuildReport(outputDirectory: options.outputDirectory, pages: record.pages, rendered: 0, files: record.files,
                                     bytes: record.bytes, stages: timer.stages, warnings: []))
        }
        var quick = timer
        let start = ContinuousClock.now
        if let report = try? await editFromKeptPlan(record, stamp: stamp.stamp, last: stamp.last, timer: &quick) { return .done(report) }
        timer.add("kept plan", ContinuousClock.now - start)
        return .build((stamp.stamp, stamp.last))
    }

    /// With no record to compare with, nothing waits for the stamp: it is taken beside the build, for its end to record
    /// (a site that reads APIs records none, and takes none). The highlighter gets ready meanwhile too.
    /// Sin registro con el que comparar, la huella se toma al lado de la construcción.
    private func stampBeside(_ config: SiteConfig, since start: Int64, taken: StampReading?) -> Task<SourceStamp, Never>? {
        if config.highlight.enabled { CodeHighlighter.prepareInBackground(config.highlight) }
        return options.memo == nil && taken == nil && config.sources.isEmpty ? backgroundStamp(since: start) : nil
    }

    /// Render, assemble, check and write (`OutputStages.run`): links broken in the output are the build's warnings, and
    /// under `--strict` any warning fails it before anything reaches the output.
    /// Dibujo, ensamblado, comprobación y escritura; con `--strict` cualquier aviso la hace fallar.
    private func draw(_ site: PlannedSite, _ diff: SiteDiff, timer: inout StageTimer) throws -> OutputStages.Done {
        for note in diff.notes { diagnostics.warn(.output, note) }
        let work = OutputStages.Work(pages: site.plan.pages, jobs: diff.jobs, renderer: site.renderer, assemble: { assemble(site) },
                                     writer: diff.writer, last: diff.last, leavingOthers: false, files: nil)
        guard let done = try stages.run(work, timer: &timer, checking: { checkInput(diff, &$0) }, accepting: { findings in
            for problem in findings.problems { diagnostics.warn(.link, problem) }
            try refuseWarningsUnderStrict()
            return .encodeAll
        }) else { preconditionFailure("a whole build accepts its findings or throws") }
        return done
    }

    /// The build's report: counts, each stage's time, what was fetched, every warning.
    private func report(_ site: PlannedSite, _ done: OutputStages.Done, fetch: FetchStats, timer: StageTimer) -> BuildReport {
        var report = BuildReport(
            outputDirectory: options.outputDirectory, pages: site.plan.pages.count, rendered: done.output.rendered, files: done.output.files.count,
            bytes: done.output.bytes, stages: timer.stages, overlapped: timer.overlapped, fetch: fetch,
            warnings: diagnostics.warnings + done.notes.map { BuildWarning(.output, $0) }, picturesMade: site.data.picturesMade)
        report.notes = site.data.features.flatMap(\.notes)
        report.buildID = done.state.buildID
        report.searchCPU = done.searchCPU
        report.readSources = !site.config.sources.isEmpty || fetch != FetchStats()
        return report
    }

    /// What the next build starts from: the stamp of what this one read, and its plan with each page's files stamped.
    /// Lo que guarda para la siguiente: la huella de lo leído y el plan con la huella de los ficheros de cada página.
    private func keepForNextBuild(_ report: BuildReport, stamp: SourceStamp?, plan: KeptPlan.Ready?) {
        recordUnchanged(stamp, report)
        keep(planBody: plan?.body, stamp: stamp, report: report)
        options.leftovers?.leave(plan)
    }

    /// Stamp: the sources' stamp, and whether the last build into this output recorded the same one and the output still
    /// holds each file its manifest lists at its size; when both hold, the build has nothing to do and says what that
    /// build said.
    /// Huella: la de las fuentes, y si coincide con la de la última construcción y la salida sigue intacta.
    func stampAndUnchanged(_ record: UnchangedRecord) -> (stamp: SourceStamp, unchanged: Bool, last: OutputWriter.LastBuild) {
        // The manifest is read while the sources are walked; the output's files are looked at, on every core, only when
        // the stamp is the recorded one: an edit's build at 100,000 pages asked for every file's size for nothing.
        // El manifiesto se lee mientras se recorren las fuentes; la salida solo se mira si la huella es la anotada.
        let writer = OutputWriter(outputDirectory: options.outputDirectory, force: options.force)
        let (stamp, last) = Parallel.both({
            SourceStamp.take(options, binary: LoadingSession.decodedContext, settleTime: options.settleTime, withContentScan: true)
        }, { writer.lastBuild() })
        // A build that goes on uses the manifest read here (`lastOutput`) instead of reading it again.
        // Una construcción que sigue usa este manifiesto en vez de volver a leerlo.
        return (stamp, stamp.value == record.stamp && Self.output(writer.outputDirectory, holds: last, as: record), last)
    }

    /// The stamp taken on another thread, counting from `start`: a file changed since then makes it `settling`.
    private func backgroundStamp(since start: Int64) -> Task<SourceStamp, Never> {
        let (options, binary) = (options, LoadingSession.decodedContext)
        return Task.detached { SourceStamp.take(options, binary: binary, settleTime: options.settleTime, start: start, withContentScan: true) }
    }

    /// The manifest `last` is the one `record` names and each file it lists is in `folder` at its size, each asked for
    /// from the open folder on every core (a walk of the output's 110,000 folders took five times as long).
    /// El manifiesto es el anotado y cada fichero suyo sigue en la salida con su tamaño.
    static func output(_ folder: String, holds last: OutputWriter.LastBuild, as record: UnchangedRecord) -> Bool {
        guard last.id == record.buildID, last.refused.isEmpty, last.files.count == record.files else { return false }
        let root = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard root >= 0 else { return false }
        defer { close(root) }
        return Parallel.map(Array(last.files), slices: Parallel.slicesPerCore) { part in
            part.allSatisfy { path, hash in StagingArea.size(inHash: hash) == StagingArea.size(of: path, in: root) }
        }.allSatisfy { $0 }
    }

    /// Keeps the stamp of a build that read no API source or response and said no warning, for the next build to
    /// compare; any other build removes the last one's.
    func recordUnchanged(_ stamp: SourceStamp?, _ report: BuildReport) {
        guard let stamp else { return }
        let path = UnchangedRecord.path(statePath: stages.statePath)
        guard !stamp.settling, report.warnings.isEmpty, !report.readSources, let buildID = report.buildID else {
            if SafePath.kind(path) == .file { unlink(path) }
            return
        }
        let record = UnchangedRecord(stamp: stamp.value, buildID: buildID, pages: report.pages, files: report.files, bytes: report.bytes)
        if (try? Files.write(record.encoded(), to: path)) == nil { unlink(path) }
    }

    /// `vitrina fetch`: revalidates every response the site needs; optionally rewrites the snapshot from them.
    public func fetch(updateSnapshot: Bool) async throws -> (FetchStats, [BuildWarning], Int) {
        try await failing {
            let config = try loadConfig()
            let fetcher = try makeFetcher(config, revalidateAll: true)
            // Only the features that read APIs load here, so the Markdown reader needs no memo.
            let documents = DocumentLoader.forBuild(options, config: config, remembering: false)
            var data = try await fetchSources(FeatureContext(config: config, fetcher: fetcher, documents: documents.loader, drafts: options.drafts),
                                              features(for: config))
            await fetchMedia(config, fetcher, into: &data, includeLocal: false)
            warnAboutOutages(fetcher)
            let served = fetcher.served
            if updateSnapshot { try Snapshot(directory: options.snapshotDirectory).replaceAll(with: served) }
            return (fetcher.stats, diagnostics.warnings, served.count)
        }
    }

    // MARK: Stages / etapas

    /// Config: `site.yml`, its sources checked against what the features read, and `--base-url`.
    /// Configuración: `site.yml`, con sus fuentes comprobadas contra lo que leen las funciones.
    func loadConfig() throws -> SiteConfig {
        var config = try SiteConfig.load(siteDirectory: options.siteDirectory, contentFolder: options.contentFolder)
        try FeatureSet.check(config, against: features(for: config))
        if let baseURL = options.baseURL { config.baseURL = baseURL }
        return config
    }

    /// Memos: the features, the fetcher (its requests counted for the progress bar) and the Markdown reader, with the
    /// responses and documents the last build kept (read here, from `.vitrina/` or `vitrina serve`'s memory).
    /// Memorias: las funciones, el descargador y el lector de Markdown, con lo que guardó la construcción anterior.
    /// `listing`: what the stamp found in `Content/`, when the build took one before loading.
    func openLoadingSession(_ config: SiteConfig, listing: ContentListing? = nil) throws -> LoadingSession {
        // Responses decoded by the last build (serve's memory, or .vitrina/decoded.bin) are read back, not decoded.
        let decoded = options.memo?.decoded ?? DecodedMemo.load(from: options.decodedMemoPath, context: LoadingSession.decodedContext)
        let fetcher = try makeFetcher(config, revalidateAll: false, decoded: decoded)
        let counting = Task { [progress = options.progress] in
            while !Task.isCancelled, let progress {
                try await Task.sleep(for: .milliseconds(100))
                progress.advance("fetch", done: fetcher.stats.requests, total: nil)
            }
        }
        let documents = DocumentLoader.forBuild(options, config: config, listing: listing)
        let features = features(for: config)
        let reserved = Set(["data"] + features.flatMap(\.folders))
        let saveDecoded: @Sendable () -> Void = { [options] in
            if options.memo == nil { try? decoded.save(to: options.decodedMemoPath, context: LoadingSession.decodedContext) }
        }
        return LoadingSession(features: features, saveMemos: { saveDecoded(); documents.save() }, counting: counting,
                       context: FeatureContext(config: config, fetcher: fetcher, documents: documents.loader, drafts: options.drafts, reserved: reserved))
    }

    /// Fetch: every feature that reads an API loads.
    /// Descarga: cada función que lee una API se carga.
    func fetch(_ session: LoadingSession) async throws -> SiteData {
        try await fetchSources(session.context, session.features)
    }

    /// Content: every feature that reads no API (Markdown, local settings) and the files beside the Markdown.
    /// Contenido: el Markdown de cada función que no lee APIs, el perfil y los ficheros junto al Markdown.
    func loadContent(_ context: FeatureContext, _ features: [any Feature], _ data: SiteData) async throws -> SiteData {
        var data = data
        // A folder holding a source.yml is the declaration's: nothing in it is published as a file. Without the stamp's
        // listing the folder is walked on another thread while the features load (at 100,000 pages the walk was a
        // tenth of a second on one core, after them).
        // Una carpeta con source.yml es de la declaración. Sin el listado de la huella, se recorre mientras cargan las funciones.
        let (contentDirectory, listing) = (options.contentDirectory, context.documents.listing)
        let skipped = Set(["data"] + context.config.sources.values.compactMap(\.folder))
        let scanning = Task.detached { try ContentFiles.scan(contentDirectory: contentDirectory, skippingFolders: skipped, listing: listing) }
        let results = await load(features, where: { !$0.readsSources }, context)
        for (index, result) in results.sorted(by: { $0.key < $1.key }) { data.loaded[index] = try result.get() }
        data.files = try await scanning.value
        return data
    }

    /// Media: every image into the catalogue, one warning per host that was down, and the fingerprints of the data.
    /// Imágenes: cada imagen al catálogo, un aviso por servidor caído y las huellas de los datos.
    func media(_ session: LoadingSession, _ data: SiteData) async -> SiteData {
        var data = data
        let fetcher = session.fetcher
        await fetchMedia(session.context.config, fetcher, into: &data)
        warnAboutOutages(fetcher)
        data.mediaInput = Self.mediaInput(of: data.media)
        return data
    }

    /// Pictures: the catalogue's raster pictures made for the web (`PictureStage`), and the media's fingerprint again.
    /// Imágenes para la web: variantes WebP y un respaldo sin metadatos de cada imagen del catálogo.
    func pictures(_ settings: PictureSettings, _ data: SiteData) -> SiteData {
        var data = data
        guard settings.enabled else { return data }
        let origins = Dictionary(data.mediaSources.map { ($0.value, "\(options.contentFolder)/\($0.key)") }, uniquingKeysWith: min)
        let stage = PictureStage(settings: settings, cache: PictureCache(directory: options.pictureCacheDirectory))
        let made = stage.run(data.media, origins: origins)
        // The files beside the Markdown the catalogue does not already publish (a feature's local picture is both).
        let beside = stage.runBeside(data.files.filter { data.mediaSources[$0.path] == nil }, contentDirectory: options.contentDirectory)
        for warning in made.warnings + beside.warnings + stage.save() { diagnostics.warn(.image, warning) }
        data.media = made.media
        data.picturesBeside = beside.pictures
        data.picturesMade = made.made + beside.made
        data.mediaInput = Self.mediaInput(of: data.media)
        return data
    }

    /// Theme: the templates and the strings, loaded and compiled before anything is fetched, so a broken template or
    /// strings file is the first thing a build says.
    /// Tema: las plantillas y los textos, cargados y compilados antes de descargar nada.
    func loadTheme(_ config: SiteConfig) throws -> LoadedTheme {
        // A theme without the taxonomies' templates or the picture partial draws them with the default theme's, inside its own layout.
        let theme = try Theme.load(templatesDirectory: options.templatesDirectory).adding(DefaultTheme.sharedTemplates)
        let strings = try Strings.load(theme: theme, languages: config.orderedLanguages, defaultLanguage: config.defaultLanguage,
                                       diagnostics: diagnostics)
        let templates = try TemplateLibrary.load(theme: theme)
        // The code blocks' stylesheet last: it is being made on another task meanwhile (`prepareInBackground`). With search
        // on, the box's stylesheet and script ride in the layout's own (two links fewer in every page).
        // La hoja de los bloques de código al final; con búsqueda, la de la caja y su script van dentro de los del diseño.
        let drawn = theme.adding(CodeBlockAssets.files(for: config.highlight))
        return LoadedTheme(theme: config.search ? drawn.bundlingSearch() : drawn, strings: strings, templates: templates)
    }

    /// Plan: what was loaded checked against the theme (fields its templates show, route names in its strings), then every
    /// page with its route, view model and inputs, and the renderer that draws them.
    /// Plan: lo cargado, comprobado contra el tema, y cada página con su ruta, modelo de vista y entradas.
    func plan(_ config: SiteConfig, _ look: LoadedTheme, _ data: SiteData, features: [any Feature]) throws -> PlannedSite {
        let loaded = data.loaded.keys.sorted().map { features[$0] }
        // What the theme does not name, the features do (a declared source's folder is its name): every stage after
        // this one reads the same strings.
        // Lo que el tema no nombra lo nombran las funciones; todas las etapas siguientes leen los mismos textos.
        let strings = look.strings.filling(loaded.reduce(into: [:]) { defaults, feature in defaults.merge(feature.defaultStrings) { first, _ in first } })
        let (theme, templates) = (look.theme, look.templates)
        for content in data.features {
            for warning in try content.check(theme, strings: strings) { diagnostics.warn(.i18n, warning) }
        }
        let routeKeys = loaded.flatMap(\.routeKeys)
        try strings.checkRouteSegments(routeKeys, origin: theme.origin)
        let plan = try SitePlanner(pageContext: PageContext(config: config, strings: strings, media: data.media)).plan(data)
        let pageContext = plan.pageContext
        diagnostics.warn(pageContext.links.problems())
        diagnostics.warn(CodeBlockFindings.warnings(pageContext.links.sources.values))
        for note in plan.notes { diagnostics.warn(.content, note) }
        let assets = config.fingerprints ? AssetNames(fingerprinting: theme.assets + plan.files.map { ($0.path, $0.bytes) }) : AssetNames()
        let renderer = PageRenderer(templates: templates, config: config, strings: strings, baseURL: config.baseURL, navigation: plan.navigation,
                                    tools: plan.tools, searchRoute: plan.searchRoute, feeds: plan.feeds, assets: assets,
                                    templateStyles: theme.templateStyles, scriptStrings: plan.scriptStrings,
                                    searchFilesApart: theme.searchFilesApart)
        return PlannedSite(config: config, data: data, theme: theme, strings: strings, templates: templates, plan: plan, pageContext: pageContext,
                           renderer: renderer)
    }

    /// What this output holds from the last build into it: its manifest (read here unless `manifest` is it already), and
    /// the record of each page when it still belongs to that build.
    /// Lo que la salida guarda de la última construcción: su manifiesto y el registro de cada página.
    func lastOutput(manifest: OutputWriter.LastBuild? = nil) -> LastOutput {
        let writer = OutputWriter(outputDirectory: options.outputDirectory, force: options.force)
        let last = manifest ?? writer.lastBuild()
        return LastOutput(writer: writer, last: last, previous: previousState(stages.statePath, buildID: last.id),
                          reader: LastOutputReader(outputDirectory: options.outputDirectory))
    }

    /// Diff: each page's digest against the last build's record of this output, and what the writer will refuse to touch.
    /// Diferencias: la huella de cada página frente a lo que anotó la última construcción en esta salida.
    func diff(_ site: PlannedSite, since output: LastOutput) -> SiteDiff {
        let digester = PageDigester(pages: site.plan.pages, templates: site.templates, strings: site.strings, site: siteInput(site),
                                    assets: site.renderer.assets, layoutAssets: site.renderer.layoutAssets.paths,
                                    templateStyles: site.renderer.templateStyles)
        return SiteDiff(writer: output.writer, last: output.last, previous: output.previous, lastOutput: output.reader, digester: digester,
                        jobs: digester.jobs(site.plan.pages, previous: output.previous), notes: output.writer.refusalNotes(output.last))
    }

    /// Assemble: the data scripts, files beside the Markdown, media, assets and the files about the whole site, as values.
    /// Ensamblado: los demás ficheros de la salida, como valores.
    func assemble(_ site: PlannedSite) -> SiteAssembly {
        let language = site.config.defaultLanguage
        let sections = (site.plan.navigation + site.plan.tools).map { entry in
            LLMsText.Section(key: entry.key, label: entry.text(language, strings: site.renderer.tables[language] ?? [:]))
        }
        let tables = site.renderer.tables
        let files = SiteFiles(pages: site.plan.pages, feeds: site.plan.feeds, config: site.config, sections: sections,
                              published: Set(site.plan.published.map(\.output)),
                              kindLabel: { kind, language in tables[language]?["kind_" + kind] ?? kind })
        return SiteAssembly(dataFiles: site.plan.files, published: site.plan.published, contentDirectory: options.contentDirectory,
                            media: site.data.media, theme: site.theme, site: files, assets: site.renderer.assets)
    }

    /// Check's input: every page's record (taken out of `output`: shared, the check's first change to one copied the
    /// whole table, at 100,000 pages a tenth of a second on one core), how the files changed and the ids the last build
    /// recorded, each worked out on a core of its own (both read every page).
    /// La entrada de la comprobación: los registros, cómo cambiaron los ficheros y los ids que anotó la última construcción.
    func checkInput(_ diff: SiteDiff, _ output: inout RenderStage.Output) -> LinkCheckInput {
        let files = Set(output.files)
        var records: [String: BuildState.Record] = [:]
        swap(&records, &output.records)
        let last = diff.previous == nil ? nil : diff.last.files
        let (change, ids) = Parallel.both({ IncrementalLinkCheck.FileChange(files, last: last) },
                                          { [records, previous = diff.previous] in IncrementalLinkCheck.ids(of: records, in: previous) })
        return LinkCheckInput(records: records, ids: ids, files: files, change: change, lastOutput: diff.lastOutput)
    }

    /// Under `--strict`, a warning fails the build before anything reaches the output.
    func refuseWarningsUnderStrict() throws {
        let warnings = diagnostics.warnings
        guard options.strict, !warnings.isEmpty else { return }
        throw VitrinaError(.check, "--strict: the build has \(warnings.count) warning(s), which fail it:\n"
            + warnings.map { "  - \($0.message)" }.joined(separator: "\n"))
    }

    /// `vitrina serve` keeps the build in memory, for quick edits.
    func rememberLive(_ site: PlannedSite, _ diff: SiteDiff, _ done: OutputStages.Done, warnings: [BuildWarning]) {
        guard let memo = options.memo else { return }
        let files = done.output.files
        memo.remember(LiveSite(
            outputDirectory: options.outputDirectory, config: site.config, pageContext: site.pageContext, renderer: site.renderer,
            digester: diff.digester, contents: site.data.features, pages: site.plan.pages, state: done.state, files: files,
            hashes: done.staging.hashes(of: files), bytes: done.output.bytes,
            otherWarnings: warnings.filter { $0.kind != .link || $0.location != nil }))
    }

    /// Runs `work`, turning its errors into a `BuildFailure` with the warnings gathered so far.
    private func failing<T>(_ work: () async throws -> T) async throws -> T {
        do {
            return try await work()
        } catch let error as VitrinaError {
            throw BuildFailure(error: error, warnings: diagnostics.warnings)
        } catch let error as FetchError {
            throw BuildFailure(error: VitrinaError(.fetch, error.description), warnings: diagnostics.warnings)
        }
    }
}

/// What the fetch and content stages read with: the features, the fetcher and the Markdown reader.
/// Con qué leen las etapas de descarga y contenido: las funciones, el cliente y el lector de Markdown.
struct LoadingSession {
    /// Decoded and mapped values are only as good as the code that made them: another binary starts afresh.
    static let decodedContext = VitrinaVersion.number + " " + (FileStamp(path: "/proc/self/exe")?.token ?? "")
    let features: [any Feature]
    /// Keeps the responses decoded, the images measured and the documents parsed for the next build.
    let saveMemos: @Sendable () -> Void
    let counting: Task<Void, Error>
    var context: FeatureContext
    var fetcher: Fetcher { context.fetcher }

    let saving = MemoSaving()

    /// Starts keeping what was read for the next build, on another task.
    func saveInBackground() { saving.start(saveMemos) }

    /// Stops counting requests and keeps what was read for the next build (or waits for that to finish).
    func close() async {
        counting.cancel()
        await saving.finish(saveMemos)
    }
}

/// The one writing of a build's memos: started once, by the build when all is read or by the close of a failed build.
/// La única escritura de las memorias de una construcción.
final class MemoSaving: Sendable {
    private let task = Mutex<Task<Void, Never>?>(nil)

    func start(_ save: @escaping @Sendable () -> Void) { _ = started(save) }

    func finish(_ save: @escaping @Sendable () -> Void) async { await started(save).value }

    private func started(_ save: @escaping @Sendable () -> Void) -> Task<Void, Never> {
        task.withLock { task in
            if let task { return task }
            let made = Task.detached { save() }
            task = made
            return made
        }
    }
}

/// The theme stage's result: the theme's files, its strings and its compiled templates.
/// El resultado del tema: sus ficheros, sus textos y sus plantillas compiladas.
struct LoadedTheme: Sendable {
    let theme: Theme
    let strings: Strings
    let templates: TemplateLibrary
}

/// What the last build left in this output, read beside the loading stages, before the diff.
/// Lo que dejó en la salida la última construcción, leído junto a las etapas de carga, antes de las diferencias.
struct LastOutput: Sendable {
    let writer: OutputWriter
    let last: OutputWriter.LastBuild
    let previous: BuildState?
    /// Its pages, for the check to read an unchanged page's links back.
    let reader: LastOutputReader
}

/// The plan stage's result: the theme, its strings and templates, every page, and the renderer that draws them.
/// El resultado del plan: el tema, sus textos y plantillas, cada página y quien las dibuja.
struct PlannedSite {
    let config: SiteConfig
    let data: SiteData
    let theme: Theme
    let strings: Strings
    let templates: TemplateLibrary
    let plan: SitePlanner.Plan
    /// What the page builders used, with where Markdown links lead.
    let pageContext: PageContext
    let renderer: PageRenderer
}

/// The diff stage's result: each page's job against the last build of this output.
/// El resultado de las diferencias: el trabajo de cada página frente a la última construcción.
struct SiteDiff {
    let writer: OutputWriter
    let last: OutputWriter.LastBuild
    let previous: BuildState?
    let lastOutput: LastOutputReader
    let digester: PageDigester
    let jobs: [RenderStage.Job]
    /// What the writer will leave alone, and why.
    let notes: [String]
}

/// Times each stage with a monotonic clock.
/// Mide cada etapa con un reloj monótono.
struct StageTimer {
    private(set) var stages: [(name: String, duration: Duration)] = []
    /// The time of stages that ran beside another one, which the build's total does not count twice.
    private(set) var overlapped: Duration = .zero
    private let clock = ContinuousClock()
    var progress: (any BuildProgress)?

    /// A stage timed elsewhere; `besideAnother` when it ran while another stage did.
    mutating func add(_ name: String, _ duration: Duration, besideAnother: Bool = false) {
        stages.append((name, duration))
        if besideAnother { overlapped += duration }
    }

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
