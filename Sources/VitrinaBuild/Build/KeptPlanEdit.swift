import Foundation
import VitrinaKit

/// A build that follows one an edit of the folders' text can be drawn after: the edited pages alone are read, mapped and
/// drawn from the plan the last build kept (`KeptPlan`), and checked and written by the build's own stages, as
/// `vitrina serve` draws them from memory; anything else (another file changed, a page's list entry, date, terms or links)
/// leaves it to the whole build. The output is the same file for file.
/// Una construcción tras una edición del texto de las carpetas: solo se leen y dibujan las páginas editadas, desde el plan guardado.
extension BuildPipeline {
    /// The report of the edited pages drawn from the kept plan, or nil when the change needs the whole build.
    func editFromKeptPlan(_ record: UnchangedRecord, stamp: SourceStamp, last: OutputWriter.LastBuild, timer: inout StageTimer) async throws -> BuildReport? {
        let planPath = KeptPlan.path(statePath: stages.statePath)
        guard options.memo == nil, !options.strict, last.id == record.buildID, last.refused.isEmpty, SafePath.kind(planPath) == .file else { return nil }
        // The records (at 100,000 pages, the longest read) are read on another core while the plan is.
        // Los registros se leen en otro núcleo mientras se lee el plan.
        let reading = Task.detached { [self] in RecordLines.load(stages.statePath) }
        // The output must still hold every file at its size, as for a build with nothing to do: a page removed from it
        // by hand is drawn again by the whole build. Looked at on other cores meanwhile.
        // La salida debe seguir teniendo cada fichero con su tamaño; se mira en otros núcleos mientras tanto.
        let intact = Task.detached { [options] in Self.output(options.outputDirectory, holds: last, as: record) }
        guard let plan = timer.run("kept plan", { KeptPlan.load(planPath, context: LoadingSession.decodedContext) }), plan.buildID == record.buildID,
              let changed = plan.changedPages(stamp.frame, stamps: stamp.contentScan.stamps), !changed.isEmpty else { return nil }
        let config = try timer.run("config") { try loadConfig() }
        let look = try timer.run("theme") { try loadTheme(config) }
        guard diagnostics.warnings.isEmpty,
              let pages = try timer.run("content", { try editedPages(changed, of: plan, config: config, look: look) }) else { return nil }
        guard let (lines, read) = await timer.run("records", { () async -> (RecordLines, (BuildState, whole: Bool))? in
            guard let lines = await reading.value, lines.buildID == last.id, let read = previousRecords(of: pages, in: lines) else { return nil }
            return (lines, read)
        }), await timer.run("output", { await intact.value }) else { return nil }
        // The search index's changed files, read back from the output and patched, or the whole build.
        // Los ficheros cambiados del índice de búsqueda, leídos de la salida y corregidos, o la construcción entera.
        guard let search = timer.run("search", { SearchEdit.patch(for: pages, config: config, strings: look.strings, outputDirectory: options.outputDirectory) }) else {
            return nil
        }
        var previous = read.0
        let whole = read.whole
        // What this build no longer needs is freed by the end of the process, all at once.
        defer { options.leftovers?.leave(previous) }
        let renderer = PageRenderer(templates: look.templates, config: config, strings: look.strings,
                                    baseURL: config.baseURL, navigation: plan.navigationEntries, searchRoute: plan.searchRoute, assets: AssetNames(published: plan.assets),
                                    templateStyles: look.theme.templateStyles, scriptStrings: plan.scriptStrings,
                                    searchFilesApart: look.theme.searchFilesApart)
        let digester = PageDigester(pages: pages, templates: look.templates, strings: look.strings, site: BuildInput(key: "site", fingerprint: plan.siteInput),
                                    assets: renderer.assets, layoutAssets: renderer.layoutAssets.paths,
                                    templateStyles: renderer.templateStyles)
        let jobs = pages.indices.map { digester.job(pages[$0], at: $0, previous: previous) }
        let files = search.files(after: last.sortedFiles)
        var work = OutputStages.Work(pages: pages, jobs: jobs, renderer: renderer,
                                     assemble: search.assembly,
                                     writer: OutputWriter(outputDirectory: options.outputDirectory, force: options.force), last: last,
                                     leavingOthers: true, files: files)
        work.removing = search.removed
        // A problem is the whole build's to report, with its source's line; the records' file is written again with the
        // drawn pages' lines replaced, or made from every record when they were all read.
        // Un problema lo cuenta la construcción entera; el fichero de registros se escribe con las líneas sustituidas.
        let reader = LastOutputReader(outputDirectory: options.outputDirectory)
        guard let done = try stages.run(work, timer: &timer, checking: { output in
            let ids = Self.ids(for: output.drawn, in: previous)
            var records: [String: BuildState.Record] = [:]
            swap(&records, &previous.records)
            records.merge(output.records) { _, drawn in drawn }
            return LinkCheckInput(records: records, ids: ids, files: Set(files), change: .none, lastOutput: reader)
        }, accepting: { findings in
            options.leftovers?.leave(findings)
            guard findings.problems.isEmpty else { return nil }
            if whole { return .encodeAll }
            return lines.replacing(findings.records).map { .encoded($0) }
        }) else { return nil }
        var report = BuildReport(outputDirectory: options.outputDirectory, pages: record.pages, rendered: done.output.rendered,
                                 files: record.files + files.count - last.sortedFiles.count,
                                 bytes: record.bytes, stages: timer.stages, warnings: done.notes.map { BuildWarning(.output, $0) })
        report.buildID = done.state.buildID
        report.readSources = false
        report.bytes += done.staging.recorded.reduce(0) { $0 + StagingArea.recordedSize($1.value) - StagingArea.recordedSize(last.files[$1.key]) }
        report.bytes -= search.removed.reduce(0) { $0 + StagingArea.recordedSize(last.files[$1]) }
        let kept = plan.restamped(changed)
        timer.run("save") {
            recordUnchanged(stamp, report)
            keep(planBody: kept.encodedBody(), stamp: stamp, report: report)
        }
        options.leftovers?.leave([plan, kept, lines] as [any Sendable])
        (report.stages, report.overlapped) = (timer.stages, timer.overlapped)
        return report
    }

    /// The edited pages drawn again by the features that kept them, or nil when one of them cannot (the edit changes
    /// more than their own text) or is no longer the site's.
    /// Las páginas editadas, dibujadas de nuevo por las funciones que las guardaron, o nil si alguna no puede.
    private func editedPages(_ changed: [(place: KeptPlan.Place, stamps: [FileStamp])], of plan: KeptPlan, config: SiteConfig,
                             look: LoadedTheme) throws -> [Page]? {
        let loader = DocumentLoader.forBuild(options, config: config, remembering: false).loader
        let pageContext = PageContext(config: config, strings: look.strings, media: MediaCatalog())
        let features = features(for: config)
        var pages: [Page] = []
        for (part, edits) in Dictionary(grouping: changed.map(\.place), by: \.part).sorted(by: { $0.key < $1.key }) {
            let kept = plan.parts[part]
            guard let feature = features.first(where: { $0.key == kept.feature }) as? any EditableFeature,
                  let drawn = try feature.redraw(edits.sorted().map { KeptEdits.Edited(place: $0.page, files: kept.pages[$0.page].map(\.path)) },
                                                 kept: kept.record, reading: loader, pageContext: pageContext) else { return nil }
            pages += drawn
        }
        return pages
    }

    /// The last build's records of the drawn pages, read from their lines alone; every record (`whole`) when another
    /// page links into one of them with a `#fragment`, as that page is checked again if their ids changed.
    /// Los registros de las páginas dibujadas, leídos de sus líneas; todos si otra página enlaza a sus anclas.
    private func previousRecords(of pages: [Page], in lines: RecordLines) -> (BuildState, whole: Bool)? {
        let drawn = Set(pages.map(\.route.file))
        guard lines.anchors(into: drawn) else {
            return lines.records(of: drawn).map { (BuildState(buildID: lines.buildID, records: $0), false) }
        }
        return previousState(stages.statePath, buildID: lines.buildID).map { ($0, true) }
    }

    /// The ids the check needs: the drawn pages' as the last build recorded them; every page's when a page links into
    /// a drawn one with a `#fragment` (it is checked again if their ids changed, and may link anywhere).
    /// Los ids que necesita la comprobación: los de las páginas dibujadas, o los de todas si otra enlaza a sus anclas.
    static func ids(for drawn: [PageLinks], in previous: BuildState) -> [String: Set<String>] {
        let files = Set(drawn.map(\.file))
        if previous.records.values.contains(where: { $0.anchored.contains(where: files.contains) }) {
            return IncrementalLinkCheck.ids(of: previous.records, in: previous)
        }
        var ids: [String: Set<String>] = [:]
        for file in files { if let recorded = previous.records[file]?.ids, !recorded.isEmpty { ids[file] = Set(recorded) } }
        return ids
    }

    /// Keeps a plan (its `encodedBody()`) under the id of the build that read `stamp`, for the next build; removes the
    /// last one's when this build left nothing an edit could follow (a warning, API data, a file that changed while it ran).
    /// Guarda el plan con el id de su construcción; si no, borra el anterior.
    func keep(planBody body: [UInt8]?, stamp: SourceStamp?, report: BuildReport) {
        let path = KeptPlan.path(statePath: stages.statePath)
        if let body, let buildID = report.buildID, let stamp, !stamp.settling, report.warnings.isEmpty, !report.readSources,
           (try? KeptPlan.save(body: body, buildID: buildID, to: path, context: LoadingSession.decodedContext)) != nil { return }
        if SafePath.kind(path) == .file { unlink(path) }
    }
}
