import VitrinaKit

/// `vitrina serve`'s answer to an edited page: from the last good build kept in memory, the feature the edited files
/// belong to redraws its pages (reading only those files), and only their files are swapped into the output; anything
/// no feature can redraw on its own is left to a build, and the result is the same file for file. Render, check and
/// write are the build's own stages, and so are its Markdown reader and its staging.
/// La respuesta de `vitrina serve` a una página editada: la función dueña de los ficheros redibuja sus páginas.
struct QuickEdit {
    let options: BuildOptions

    /// The report, or nil when the change needs a build.
    func apply(_ changed: [String], to live: inout LiveSite) throws -> BuildReport? {
        guard live.allowsQuickEdits, !options.strict, !changed.isEmpty, live.outputDirectory == options.outputDirectory else { return nil }
        var timer = StageTimer(progress: nil)
        // The site-wide tables are taken out of the remembered site rather than shared with it, so that changing one entry
        // does not copy them all (at 100,000 pages, most of an edit's time); a refused or failed quick edit leaves no
        // remembered site anyway (`BuildMemo.takeLive`).
        var lookup = live.prepared()
        live.lookup = nil
        var pageContext = live.pageContext
        live.pageContext.links = ContentLinks(defaultLanguage: live.config.defaultLanguage, contentFolder: live.config.contentFolder)
        let loader = DocumentLoader.forBuild(options, config: live.config).loader
        guard let (place, edit) = try timer.run("content", { () throws -> (Int, QuickEdited)? in
            for (place, content) in live.contents.enumerated() {
                if let editable = content as? any EditableContent,
                   let edit = try editable.quickEdit(changed, reading: loader, pageContext: &pageContext) { return (place, edit) }
            }
            return nil
        }) else { return nil }
        // The output's fingerprints are taken out too, and merged with the few this edit records once it is written.
        var hashes = live.hashes
        live.hashes = [:]
        var pages = live.pages
        live.pages = []
        for page in edit.pages { if let index = lookup.pageIndex[page.route.file] { pages[index] = page } }
        let jobs = edit.pages.compactMap { page in lookup.pageIndex[page.route.file].map { live.digester.job(page, at: $0, previous: live.state) } }
        // The search index's changed files, patched from the output, or a build.
        // Los ficheros cambiados del índice de búsqueda, corregidos desde la salida, o una construcción.
        guard let search = timer.run("search", { SearchEdit.patch(for: edit.pages, config: live.config, strings: live.pageContext.strings,
                                                                 outputDirectory: live.outputDirectory) }) else {
            live.hashes = hashes
            live.pages = pages
            return nil
        }
        let stages = OutputStages(options: options)
        var work = OutputStages.Work(pages: pages, jobs: jobs, renderer: live.renderer,
                                     assemble: search.assembly,
                                     writer: OutputWriter(outputDirectory: live.outputDirectory),
                                     last: OutputWriter.LastBuild(id: live.state.buildID, files: hashes), leavingOthers: true, files: search.files(after: live.files))
        work.removing = search.removed
        // The memo's copy of the records goes: the write replaces it.
        options.memo?.forgetState(at: stages.statePath)
        let reader = LastOutputReader(outputDirectory: live.outputDirectory)
        guard let done = try stages.run(work, timer: &timer, checking: { output in
            var records = live.state.records
            live.state.records = [:]
            records.merge(output.records) { _, drawn in drawn }
            let ids = lookup.ids
            lookup.ids = [:]
            return LinkCheckInput(records: records, ids: ids, files: lookup.files, change: .none, lastOutput: reader)
        }, accepting: { _ in .encodeAll }) else { return nil }
        lookup.ids = done.findings.ids
        live.contents[place] = edit.content
        live.otherWarnings = live.otherWarnings.filter { $0.location == nil } + pageContext.links.problems()
            + CodeBlockFindings.warnings(pageContext.links.sources.values)
        (live.pageContext, live.pages, live.state, live.lookup) = (pageContext, pages, done.state, lookup)
        var report = BuildReport(outputDirectory: live.outputDirectory, pages: live.pages.count, rendered: done.output.rendered, files: live.files.count,
                                 bytes: 0, stages: timer.stages, overlapped: timer.overlapped, warnings: live.otherWarnings + done.findings.problems.map { BuildWarning(.link, $0) })
        let recorded = done.staging.recorded
        live.bytes += recorded.reduce(0) { $0 + StagingArea.recordedSize($1.value) - StagingArea.recordedSize(hashes[$1.key]) }
        live.bytes -= search.removed.reduce(0) { $0 + StagingArea.recordedSize(hashes[$1]) }
        for path in search.removed { hashes[path] = nil }
        hashes.merge(recorded) { _, new in new }
        live.files = search.files(after: live.files)
        live.hashes = hashes
        report.bytes = live.bytes
        return report
    }
}
