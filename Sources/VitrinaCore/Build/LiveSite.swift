/// What `vitrina serve` keeps in memory of its last good build, so that an edited page can be drawn again without a
/// build: the renderer, the digests, the pages, the records and the output's fingerprints.
/// Lo que `vitrina serve` guarda en memoria de su última construcción buena para redibujar una página editada.
struct LiveSite: Sendable {
    let outputDirectory: String
    let config: SiteConfig
    var pageContext: PageContext
    let renderer: PageRenderer
    let digester: PageDigester
    /// The Markdown sections, as the planner saw them.
    var root: MarkdownFolder?
    /// Every page of the plan, sorted by route.
    var pages: [Page]
    /// Each page's record and the build id they belong to.
    var state: BuildState
    /// Every file of the output, sorted, with the fingerprint of its content (the manifest).
    var files: [String]
    var hashes: [String: String]
    var bytes: Int
    /// The warnings that are not about links (images, strings…): a quick edit cannot change them.
    var otherWarnings: [BuildWarning]
    /// Built at the first quick edit: where each page is in `pages`, where each Markdown file's page lives in the
    /// sections, and the ids of every page.
    var lookup: Lookup?

    struct Lookup: Sendable {
        var pageIndex: [String: Int] = [:]
        var sources: [String: (folders: [String], name: String)] = [:]
        var ids: [String: Set<String>] = [:]
        var files: Set<String> = []
    }

    init(outputDirectory: String, config: SiteConfig, pageContext: PageContext, renderer: PageRenderer, digester: PageDigester, root: MarkdownFolder?,
         pages: [Page], state: BuildState, files: [String], hashes: [String: String], bytes: Int, otherWarnings: [BuildWarning]) {
        (self.outputDirectory, self.config, self.pageContext, self.renderer, self.digester) = (outputDirectory, config, pageContext, renderer, digester)
        (self.root, self.pages, self.state, self.files, self.hashes, self.bytes) = (root, pages, state, files, hashes, bytes)
        self.otherWarnings = otherWarnings
    }

    /// Whether an edit can be drawn page by page: no page is made from "everything" (the app's home, album and map
    /// screens, the search index), so an edited section page changes only its own pages.
    var allowsQuickEdits: Bool { !config.appScreens && root != nil }

    /// The lookup tables, built once.
    mutating func prepared() -> Lookup {
        if let lookup { return lookup }
        var lookup = Lookup()
        lookup.pageIndex.reserveCapacity(pages.count)
        for (index, page) in pages.enumerated() { lookup.pageIndex[page.route.file] = index }
        for section in root?.all ?? [] {
            for page in section.pages {
                for version in page.versions.values { lookup.sources[version.file] = (section.folders, page.name) }
            }
        }
        for (file, record) in state.records where !record.ids.isEmpty { lookup.ids[file] = Set(record.ids) }
        lookup.files = Set(files)
        self.lookup = lookup
        return lookup
    }
}

extension MarkdownFolder {
    /// The section at `folders` below this one.
    func section(at folders: [String]) -> MarkdownFolder? {
        guard let first = folders.first else { return self }
        return subsections.first { $0.folders.last == first }?.section(at: Array(folders.dropFirst()))
    }

    /// Puts `page` in place of the page of the same name in the section at `folders`; false when there is none.
    mutating func replace(_ page: FolderPage, at folders: [String]) -> Bool {
        guard let first = folders.first else {
            guard let index = pages.firstIndex(where: { $0.name == page.name }) else { return false }
            pages[index] = page
            return true
        }
        guard let index = subsections.firstIndex(where: { $0.folders.last == first }) else { return false }
        return subsections[index].replace(page, at: Array(folders.dropFirst()))
    }
}
