/// `vitrina serve`'s answer to an edited page: from the last good build kept in memory, reads only the edited
/// Markdown files, draws only their pages and swaps only those files into the output. It applies when only the text
/// of existing section pages changed (same slug, draft mark, title, description and weight, so no list changes);
/// anything else is left to a build, and the result is the same file for file.
/// La respuesta de `vitrina serve` a una página editada: lee solo esos ficheros, dibuja solo sus páginas y las cambia en la salida.
struct QuickEdit {
    let options: BuildOptions
    let memo: BuildMemo

    /// The report, or nil when the change needs a build.
    func apply(_ changed: [String], to live: inout LiveSite) throws -> BuildReport? {
        guard live.allowsQuickEdits, !options.strict, !changed.isEmpty, live.outputDirectory == options.outputDirectory,
              var root = live.root else { return nil }
        var timer = StageTimer(progress: nil)
        var lookup = live.prepared()
        let config = live.config
        let loader = DocumentLoader(siteDirectory: options.siteDirectory, languages: config.orderedLanguages, defaultLanguage: config.defaultLanguage,
                                    renderer: MarkdownRenderer(allowRawHTML: config.unsafeHTML), memo: memo.documents)
        // Content: each edited file's page again, refused when what its section lists of it changed.
        // Contenido: la página de cada fichero editado; se rechaza si cambia lo que su sección muestra de ella.
        guard let edited = try timer.run("content", { () throws -> [(folders: [String], page: DocPage)]? in
            var edited: [(folders: [String], page: DocPage)] = []
            for path in changed {
                guard path.hasSuffix(".md"), let place = lookup.sources[path], Files.exists(Files.join(options.siteDirectory, path)) else { return nil }
                if edited.contains(where: { $0.folders == place.folders && $0.page.name == place.name }) { continue }
                guard let old = root.section(at: place.folders)?.pages.first(where: { $0.name == place.name }) else { return nil }
                var documents: [String: Document] = [:]
                for version in old.versions.values {
                    let document = try loader.document(display: version.file)
                    documents[document.language] = document
                }
                var page = try DocPageMapper.page(name: old.name, documents: documents, defaultLanguage: config.defaultLanguage)
                guard page.draft == old.draft, page.explicitSlug == old.explicitSlug, !page.explicitSlug || page.slug == old.slug else { return nil }
                page.slug = old.slug
                guard DocPageMapper.listing([page], folder: "").fingerprint == DocPageMapper.listing([old], folder: "").fingerprint,
                      root.replace(page, at: place.folders) else { return nil }
                edited.append((place.folders, page))
            }
            return edited
        }) else { return nil }

        // Plan and render: the edited pages in every language; those whose digest changed are drawn.
        // Plan y dibujo: las páginas editadas en cada idioma; se dibujan las de huella cambiada.
        // Links: the edited pages' text and links replace theirs in the resolver, and every link is checked again.
        // Enlaces: el texto y los enlaces de las páginas editadas sustituyen a los suyos, y se comprueban todos otra vez.
        let sectionRoutes = SectionRoutes(factory: live.factory)
        for (folders, page) in edited {
            guard let section = root.section(at: folders) else { continue }
            live.factory.links.addPage(page, routes: live.factory.alternates { sectionRoutes.page(page, in: section, $0) },
                                       defaultLanguage: config.defaultLanguage, languages: config.orderedLanguages)
        }
        live.otherWarnings = live.otherWarnings.filter { $0.location == nil } + live.factory.links.problems()
        var pages = live.pages, records = live.state.records, hashes = live.hashes, bytes = live.bytes
        var drawn: [PageLinks] = []
        var writes: [(path: String, bytes: [UInt8])] = []
        try timer.run("render") {
            let builder = SectionPages(root: root, factory: live.factory, rootIsHome: !config.appScreens)
            for (folders, page) in edited {
                guard let section = root.section(at: folders) else { continue }
                for newPage in builder.contentPages(of: page, in: section) {
                    let file = newPage.route.file
                    guard let index = lookup.pageIndex[file] else { continue }
                    pages[index] = newPage
                    let job = live.digester.job(newPage, previous: live.state)
                    guard job.reuse == nil else { continue }
                    let html = try live.renderer.render(newPage)
                    let links = PageLinks.extract(file: file, html: html)
                    drawn.append(links)
                    records[file] = BuildState.Record(digest: job.digest, inputs: job.inputs, ids: links.ids.sorted())
                    let hash = StagingArea.hash(html)
                    guard hashes[file] != hash else { continue }
                    bytes += html.count - (hashes[file].flatMap(StagingArea.size(inHash:)) ?? 0)
                    hashes[file] = hash
                    writes.append((file, html))
                }
            }
        }

        // Check: the drawn pages' links, and the pages pointing at ids they no longer have.
        // Comprobación: los enlaces de las páginas dibujadas y de las que apuntan a ids que ya no tienen.
        let output = live.outputDirectory
        timer.run("check") {
            IncrementalLinkCheck.recheck(drawn: drawn, records: &records, files: lookup.files, ids: &lookup.ids,
                                         readKept: { try? Files.read("\(output)/\($0)") })
        }

        // Write: the changed files into the output, then the manifest and the build state.
        // Escritura: los ficheros cambiados en la salida, luego el manifiesto y el estado.
        try timer.run("write") {
            let id = writes.isEmpty ? live.state.buildID
                : try OutputWriter(outputDirectory: output).swapIn(writes, files: live.files, hashes: hashes)
            let state = BuildState(buildID: id, records: records)
            let statePath = BuildState.path(siteDirectory: options.siteDirectory, outputDirectory: output)
            try state.save(statePath)
            memo.remember(state, at: statePath)
            live.state = state
        }
        live.root = root
        live.pages = pages
        live.hashes = hashes
        live.bytes = bytes
        live.lookup = lookup

        var report = BuildReport()
        report.outputDirectory = output
        report.pages = pages.count
        report.rendered = drawn.count
        report.files = live.files.count
        report.bytes = bytes
        report.stages = timer.stages
        report.warnings = Diagnostics.ordered(live.otherWarnings + live.factory.links.withoutReported(IncrementalLinkCheck.problems(records)).map { BuildWarning(.link, $0) })
        return report
    }
}
