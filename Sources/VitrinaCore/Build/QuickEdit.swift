/// `vitrina serve`'s answer to an edited page: from the last good build kept in memory, reads only the edited
/// Markdown files, draws only their pages and swaps only those files into the output. It applies when only the text
/// of existing section pages changed (same slug, draft mark, title, description and weight, so no list changes);
/// anything else is left to a build, and the result is the same file for file. Render, check and write are the
/// build's own stages.
/// La respuesta de `vitrina serve` a una página editada: lee solo esos ficheros, dibuja solo sus páginas y las cambia en la salida.
struct QuickEdit {
    let options: BuildOptions
    let memo: BuildMemo

    /// An edited page and the folders of the section it is in.
    typealias Edited = (folders: [String], page: FolderPage)

    /// The report, or nil when the change needs a build.
    func apply(_ changed: [String], to live: inout LiveSite) throws -> BuildReport? {
        guard live.allowsQuickEdits, !options.strict, !changed.isEmpty, live.outputDirectory == options.outputDirectory,
              var root = live.root else { return nil }
        var timer = StageTimer(progress: nil)
        var lookup = live.prepared()
        guard let edited = try timer.run("content", { try content(changed, root: &root, sources: lookup.sources, config: live.config) })
        else { return nil }
        relink(edited, root: root, live: &live)

        let stages = OutputStages(options: options)
        let writer = OutputWriter(outputDirectory: live.outputDirectory)
        let staging = try writer.beginStaging(after: OutputWriter.LastBuild(id: live.state.buildID, files: live.hashes), keepingAll: true)
        do {
            var pages = live.pages, records = live.state.records
            let output = try timer.run("render") {
                let builder = FolderPages(root: root, pageContext: live.pageContext, rootIsHome: !live.config.appScreens)
                let redrawn = edited.flatMap { edit in root.section(at: edit.folders).map { builder.contentPages(of: edit.page, in: $0) } ?? [] }
                for page in redrawn { if let index = lookup.pageIndex[page.route.file] { pages[index] = page } }
                let jobs = redrawn.filter { lookup.pageIndex[$0.route.file] != nil }.map { live.digester.job($0, previous: live.state) }
                let output = try stages.render(jobs, with: live.renderer, into: staging)
                records.merge(output.records) { _, drawn in drawn }
                return output
            }
            let findings = timer.run("check") {
                stages.check(output.drawn, records: records, files: lookup.files, filesChanged: false, ids: lookup.ids)
            }
            lookup.ids = findings.ids
            let written = try timer.run("write") { try stages.write(staging, assembly: nil, files: live.files, records: findings.records, by: writer) }

            let hashes = staging.hashes
            live.bytes += output.files.reduce(0) { $0 + Self.size(hashes[$1]) - Self.size(live.hashes[$1]) }
            (live.root, live.pages, live.state, live.hashes, live.lookup) = (root, pages, written.state, hashes, lookup)
            return report(live, rendered: output.rendered, problems: findings.problems, stages: timer.stages)
        } catch {
            writer.discard(staging)
            throw error
        }
    }

    /// Content: each edited file's page again, put in place in `root`; nil when what its section lists of it changed.
    /// Contenido: la página de cada fichero editado; se rechaza si cambia lo que su sección muestra de ella.
    func content(_ changed: [String], root: inout MarkdownFolder, sources: [String: (folders: [String], name: String)],
                 config: SiteConfig) throws -> [Edited]? {
        let loader = DocumentLoader(siteDirectory: options.siteDirectory, languages: config.orderedLanguages, defaultLanguage: config.defaultLanguage,
                                    renderer: MarkdownRenderer(allowRawHTML: config.unsafeHTML), memo: memo.documents)
        var edited: [Edited] = []
        for path in changed {
            guard path.hasSuffix(".md"), let place = sources[path], Files.exists(Files.join(options.siteDirectory, path)) else { return nil }
            if edited.contains(where: { $0.folders == place.folders && $0.page.name == place.name }) { continue }
            guard let old = root.section(at: place.folders)?.pages.first(where: { $0.name == place.name }) else { return nil }
            var documents: [String: Document] = [:]
            for version in old.versions.values {
                let document = try loader.document(display: version.file)
                documents[document.language] = document
            }
            var page = try FolderPageMapper.page(name: old.name, documents: documents, defaultLanguage: config.defaultLanguage)
            guard page.draft == old.draft, page.explicitSlug == old.explicitSlug, !page.explicitSlug || page.slug == old.slug else { return nil }
            // A dated page is in its folder's feed (and its date in its meta tags): a build writes the feed again.
            // Una página con fecha está en el canal de su carpeta: una construcción lo vuelve a escribir.
            guard !Self.isDated(page), !Self.isDated(old) else { return nil }
            page.slug = old.slug
            guard FolderPageMapper.listing([page], folder: "").fingerprint == FolderPageMapper.listing([old], folder: "").fingerprint,
                  root.replace(page, at: place.folders) else { return nil }
            edited.append((place.folders, page))
        }
        return edited
    }

    /// The edited pages' text and links replace theirs in the resolver, whose own problems are told again.
    private func relink(_ edited: [Edited], root: MarkdownFolder, live: inout LiveSite) {
        let routes = FolderRoutes(pageContext: live.pageContext)
        let config = live.config
        for (folders, page) in edited {
            guard let section = root.section(at: folders) else { continue }
            live.pageContext.links.addPage(page, routes: live.pageContext.alternates { routes.page(page, in: section, $0) },
                                       defaultLanguage: config.defaultLanguage, languages: config.orderedLanguages)
        }
        live.otherWarnings = live.otherWarnings.filter { $0.location == nil } + live.pageContext.links.problems()
    }

    private func report(_ live: LiveSite, rendered: Int, problems: [String], stages: [(name: String, duration: Duration)]) -> BuildReport {
        var report = BuildReport()
        report.outputDirectory = live.outputDirectory
        report.pages = live.pages.count
        report.rendered = rendered
        report.files = live.files.count
        report.bytes = live.bytes
        report.stages = stages
        report.warnings = Diagnostics.ordered(live.otherWarnings + live.pageContext.links.withoutReported(problems).map { BuildWarning(.link, $0) })
        return report
    }

    static func isDated(_ page: FolderPage) -> Bool { page.versions.values.contains { $0.date != nil } }

    private static func size(_ hash: String?) -> Int { hash.flatMap(StagingArea.size(inHash:)) ?? 0 }
}
