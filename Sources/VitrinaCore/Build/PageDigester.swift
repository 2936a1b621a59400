/// The digest of everything a page is made from: the site, its template, its language's strings and its own inputs.
/// Full builds and quick edits digest pages the same way, so either can tell whether a page must be drawn again.
/// La huella de todo aquello de lo que se hace una página; la misma en construcciones completas y ediciones rápidas.
struct PageDigester: Sendable {
    let site: BuildInput
    let templates: TemplateLibrary
    /// The fingerprint of each language's strings.
    let strings: [String: String]
    /// What a page that declares no inputs of its own is made from: every input of the site.
    let everything: BuildInput
    /// The names its stylesheets and scripts are published under, and those every page links to.
    let assets: AssetNames
    let layoutAssets: [String]
    let layoutInput: BuildInput

    init(pages: [Page], templates: TemplateLibrary, strings: Strings, site: BuildInput, assets: AssetNames = AssetNames(),
         layoutAssets: [String] = []) {
        var all = Set<BuildInput>()
        var languages = Set<String>()
        for page in pages {
            all.formUnion(page.inputs)
            languages.insert(page.language)
        }
        self.site = site
        self.templates = templates
        self.assets = assets
        self.layoutAssets = layoutAssets
        layoutInput = BuildInput(key: "assets", fingerprint: assets.fingerprint(of: layoutAssets))
        self.strings = Dictionary(uniqueKeysWithValues: languages.map { language in
            (language, Fingerprint.hex(strings.table(language).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "\n")))
        })
        everything = BuildInput(key: "everything", fingerprint: Fingerprint.hex(all.map { "\($0.key)=\($0.fingerprint)" }.sorted().joined(separator: "\n")))
    }

    /// Each page with its digest, in order, digested on every core.
    func jobs(_ pages: [Page], previous: BuildState?) -> [RenderStage.Job] {
        Parallel.map(Array(pages.indices), slices: Parallel.slicesPerCore) { slice in
            slice.map { job(pages[$0], at: $0, previous: previous) }
        }.flatMap { $0 }
    }

    /// The page (at `index` of the pages to render) with its digest and, when the digest matches the last build's
    /// record, that record to reuse.
    func job(_ page: Page, at index: Int, previous: BuildState?) -> RenderStage.Job {
        let inputs = [site, BuildInput(key: "template:\(page.template)", fingerprint: templates.fingerprint(page.template)),
                      BuildInput(key: "strings:\(page.language)", fingerprint: strings[page.language] ?? ""),
                      assetInput(page)]
            + (page.inputs.isEmpty ? [everything] : Set(page.inputs).sorted { ($0.key, $0.fingerprint) < ($1.key, $1.fingerprint) })
        let digest = Fingerprint.hex(inputs.map { "\($0.key)=\($0.fingerprint)" }.joined(separator: "\n"))
        let record = previous?.records[page.route.file]
        return RenderStage.Job(index: index, digest: digest, inputs: inputs.map(\.key), reuse: record?.digest == digest ? record : nil)
    }

    /// What the page's links to stylesheets and scripts depend on: the names those are published under.
    private func assetInput(_ page: Page) -> BuildInput {
        page.scripts.isEmpty && page.styles.isEmpty ? layoutInput
            : BuildInput(key: "assets", fingerprint: assets.fingerprint(of: layoutAssets + page.scripts + page.styles))
    }
}
