import VitrinaKit

/// What `vitrina serve` keeps in memory of its last good build, so that an edited page can be drawn again without a
/// build: what each feature loaded, the renderer, the digests, the pages, the records and the output's fingerprints.
/// Lo que `vitrina serve` guarda en memoria de su última construcción buena para redibujar una página editada.
struct LiveSite: Sendable {
    let outputDirectory: String
    let config: SiteConfig
    var pageContext: PageContext
    let renderer: PageRenderer
    let digester: PageDigester
    /// What each feature loaded, in the list's order; a quick edit replaces the content it edited.
    var contents: [any LoadedFeature]
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
    /// Built at the first quick edit: where each page is in `pages`, the ids of every page, and the output's files.
    var lookup: Lookup?

    struct Lookup: Sendable {
        var pageIndex: [String: Int] = [:]
        var ids: [String: Set<String>] = [:]
        var files: Set<String> = []
    }

    init(outputDirectory: String, config: SiteConfig, pageContext: PageContext, renderer: PageRenderer, digester: PageDigester,
         contents: [any LoadedFeature], pages: [Page], state: BuildState, files: [String], hashes: [String: String], bytes: Int,
         otherWarnings: [BuildWarning]) {
        (self.outputDirectory, self.config, self.pageContext, self.renderer, self.digester) = (outputDirectory, config, pageContext, renderer, digester)
        (self.contents, self.pages, self.state, self.files, self.hashes, self.bytes) = (contents, pages, state, files, hashes, bytes)
        self.otherWarnings = otherWarnings
    }

    /// Whether an edit can be drawn page by page: some feature can redraw its own pages, and none draws from the whole
    /// site (the app's home, album and map screens, the search index), so an edited page changes only its own pages.
    var allowsQuickEdits: Bool {
        !contents.contains { $0 is any WholeSiteContent } && contents.contains { $0 is any EditableContent }
    }

    /// The lookup tables, built once; the first time, also what the first quick edit would otherwise make or copy: each
    /// feature's tables for edits, and link tables of its own (the renderer shares them: a first edit copied them).
    /// Las tablas de consulta, hechas una vez, y lo que la primera edición haría o copiaría.
    mutating func prepared() -> Lookup {
        if let lookup { return lookup }
        var lookup = Lookup()
        lookup.pageIndex.reserveCapacity(pages.count)
        for (index, page) in pages.enumerated() { lookup.pageIndex[page.route.file] = index }
        for (file, record) in state.records where !record.ids.isEmpty { lookup.ids[file] = Set(record.ids) }
        lookup.files = Set(files)
        self.lookup = lookup
        contents = contents.map { ($0 as? any EditableContent)?.preparedForEdits() ?? $0 }
        pageContext.links.ownTables()
        return lookup
    }
}
