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
        // The site-wide tables are taken out of the kept site rather than shared with it, so that changing one entry
        // does not copy them all (at 100,000 pages, most of an edit's time); a refused or failed quick edit leaves no
        // kept site anyway (`BuildMemo.takeLive`).
        var lookup = live.prepared()
        live.lookup = nil
        var pageContext = live.pageContext
        live.pageContext.links = ContentLinks(defaultLanguage: live.config.defaultLanguage)
        let loader = DocumentLoader.forBuild(options, config: live.config).loader
        guard let (place, edit) = try timer.run("content", { () throws -> (Int, QuickEdited)? in
            for (place, content) in live.contents.enumerated() {
                if let editable = content as? any EditableContent,
                   let edit = try editable.quickEdit(changed, reading: loader, pageContext: &pageContext) { return (place, edit) }
            }
            return nil
        }) else { return nil }
        let stages = OutputStages(options: options)
        let writer = OutputWriter(outputDirectory: live.outputDirectory)
        // The output's fingerprints are taken out too, and merged with the few this edit records once its staging is gone.
        var hashes = live.hashes
        live.hashes = [:]
        var (report, recorded) = try stages.staged(by: writer, after: OutputWriter.LastBuild(id: live.state.buildID, files: hashes),
                                                   keepingAll: true) { staging in
            var pages = live.pages
            live.pages = []
            for page in edit.pages { if let index = lookup.pageIndex[page.route.file] { pages[index] = page } }
            let jobs = edit.pages.compactMap { page in
                lookup.pageIndex[page.route.file].map { live.digester.job(page, at: $0, previous: live.state) }
            }
            let output = try timer.run("render") { try stages.render(jobs, of: pages, with: live.renderer, into: staging) }
            // The memo's copy of the records goes too: it is replaced by the write below.
            options.memo?.forgetState(at: stages.statePath)
            let findings = timer.run("check") { () -> LinkFindings in
                var records = live.state.records
                live.state.records = [:]
                records.merge(output.records) { _, drawn in drawn }
                let ids = lookup.ids
                lookup.ids = [:]
                return stages.check(output.drawn, records: consume records, files: lookup.files, change: .none, ids: consume ids,
                                    kept: KeptPages(outputDirectory: live.outputDirectory))
            }
            lookup.ids = findings.ids
            let written = try timer.run("write") {
                try stages.write(staging, assembly: nil, files: live.files, records: findings.records, by: writer)
            }
            live.contents[place] = edit.content
            live.otherWarnings = live.otherWarnings.filter { $0.location == nil } + pageContext.links.problems()
                + CodeBlockFindings.warnings(pageContext.links.sources.values)
            (live.pageContext, live.pages, live.state, live.lookup) = (pageContext, pages, written.state, lookup)
            // Its bytes are counted below, from what this edit recorded.
            return (BuildReport(outputDirectory: live.outputDirectory, pages: live.pages.count, rendered: output.rendered, files: live.files.count,
                                bytes: 0, stages: timer.stages,
                                warnings: live.otherWarnings + live.pageContext.links.withoutReported(findings.problems).map { BuildWarning(.link, $0) }),
                    staging.recorded)
        }
        live.bytes += recorded.reduce(0) { $0 + StagingArea.recordedSize($1.value) - StagingArea.recordedSize(hashes[$1.key]) }
        hashes.merge(recorded) { _, new in new }
        live.hashes = hashes
        report.bytes = live.bytes
        return report
    }

}
