import Foundation

/// Taxonomies: once every feature has built its pages, the pages' terms (`tags: [viaje]`) become, per taxonomy and
/// language, a page listing the terms with their counts, a page per term (paginated, newest first, with its own feed),
/// links from each tagged page to its terms (`rel="tag"`) and up to five related pages by shared terms.
/// Taxonomías: de los términos de cada página salen una lista de términos, una página por término y páginas relacionadas.
struct TaxonomyPlanner {
    let pageContext: PageContext

    /// The most related pages a page shows, and the largest term looked through for them (a term on thousands of pages
    /// says little about how two of them relate, and would make the work grow with the square of the site).
    static let relatedCount = 5
    static let relatedTermLimit = 500

    struct Result {
        var pages: [Page] = []
        var navigation: [PageRenderer.NavigationEntry] = []
    }

    /// One term in one language: its slug, its name as pages write it (the first page's, by route), the tagged pages.
    private struct Term {
        let slug: String
        let written: String
        var pages: [Int]
    }

    /// Adds the taxonomy pages and decorates the tagged pages of `pages` in place.
    func plan(_ pages: inout [Page]) throws -> Result {
        let tagged = pages.indices.filter { !pages[$0].terms.isEmpty }
        guard !tagged.isEmpty else { return Result() }
        var collected: [(taxonomy: Taxonomy, language: String, terms: [Term])] = []
        for taxonomy in pageContext.config.taxonomies {
            for language in pageContext.routes.languages {
                let terms = try collect(taxonomy, language, tagged, pages)
                if !terms.isEmpty { collected.append((taxonomy, language, terms)) }
            }
        }
        // Which pages exist in which language, for the language switch of each taxonomy page.
        let size = max(1, pageContext.config.pageSize)
        var lists: [String: Set<String>] = [:], termPageCounts: [String: [String: Int]] = [:]
        for (taxonomy, language, terms) in collected {
            lists[taxonomy.name, default: []].insert(language)
            for term in terms { termPageCounts["\(taxonomy.name)\u{1F}\(term.slug)", default: [:]][language] = (term.pages.count + size - 1) / size }
        }
        var result = Result()
        var pageTerms: [Int: [(taxonomy: Taxonomy, term: Term)]] = [:]
        for (taxonomy, language, terms) in collected {
            let listAlternates = Dictionary(uniqueKeysWithValues: (lists[taxonomy.name] ?? []).map { ($0, listRoute(taxonomy, $0)) })
            result.pages.append(listPage(taxonomy, language, terms, alternates: listAlternates))
            for term in terms {
                for index in term.pages { pageTerms[index, default: []].append((taxonomy, term)) }
                let counts = termPageCounts["\(taxonomy.name)\u{1F}\(term.slug)"] ?? [:]
                result.pages += termPages(taxonomy, language, term, pages: &pages) { number in
                    Dictionary(uniqueKeysWithValues: counts.filter { $0.value >= number }.map { ($0.key, termRoute(taxonomy, term.slug, $0.key, page: number)) })
                }
            }
        }
        for taxonomy in pageContext.config.taxonomies {
            guard let languages = lists[taxonomy.name] else { continue }
            result.navigation.append(PageRenderer.NavigationEntry(
                key: "taxonomy-\(taxonomy.name)", labelKey: "taxonomy_\(taxonomy.name)",
                route: { [self] language in listRoute(taxonomy, languages.contains(language) ? language : pageContext.routes.defaultLanguage) },
                label: { [self] in label(taxonomy, $0) }))
        }
        for index in tagged {
            guard let terms = pageTerms[index] else { continue }
            pages[index] = decorated(pages[index], index: index, terms: terms, all: pages)
        }
        return result
    }

    // MARK: Terms

    /// The terms of one taxonomy in one language, by slug; two names that make one slug are an error naming both pages.
    private func collect(_ taxonomy: Taxonomy, _ language: String, _ tagged: [Int], _ pages: [Page]) throws -> [Term] {
        var bySlug: [String: Term] = [:]
        for index in tagged where pages[index].language == language {
            for written in pages[index].terms[taxonomy.name] ?? [] {
                let slug = Self.slug(written)
                if let existing = bySlug[slug] {
                    guard existing.written == written else {
                        let first = pages[existing.pages[0]]
                        throw VitrinaError(.content, "the \(taxonomy.name) \"\(Printable.short(existing.written, limit: 60))\" (\(first.route.file)) and "
                            + "\"\(Printable.short(written, limit: 60))\" (\(pages[index].route.file)) would share one page, "
                            + "\(listRoute(taxonomy, language).directoryPath)\(slug)/; write them alike")
                    }
                    bySlug[slug]!.pages.append(index)
                } else {
                    bySlug[slug] = Term(slug: slug, written: written, pages: [index])
                }
            }
        }
        return bySlug.values.map { term in
            var sorted = term
            sorted.pages.sort { Self.newerFirst(pages[$0], pages[$1]) }
            return sorted
        }.sorted { $0.slug < $1.slug }
    }

    /// A term's folder name: the slug rules of every page, or the characters' codes for a name with no letters.
    static func slug(_ written: String) -> String {
        let slug = Slug.make(written, fallback: "")
        return slug.isEmpty ? Slug.codes(written) : slug
    }

    /// Dated pages newest first, then the undated by title.
    static func newerFirst(_ a: Page, _ b: Page) -> Bool {
        switch (a.facts.published, b.facts.published) {
        case let (x?, y?) where x != y: return x > y
        case (_?, nil): return true
        case (nil, _?): return false
        default: return (a.title, a.route) < (b.title, b.route)
        }
    }

    // MARK: Routes and words

    func segment(_ taxonomy: Taxonomy, _ language: String) -> String {
        pageContext.strings.optionalText("route_\(taxonomy.name)", language).map { Slug.make($0, fallback: taxonomy.name) } ?? taxonomy.name
    }

    func label(_ taxonomy: Taxonomy, _ language: String) -> String {
        pageContext.strings.optionalText("taxonomy_\(taxonomy.name)", language) ?? taxonomy.name.capitalized
    }

    func listRoute(_ taxonomy: Taxonomy, _ language: String) -> Route { pageContext.routes.route(language, segment(taxonomy, language)) }

    func termRoute(_ taxonomy: Taxonomy, _ slug: String, _ language: String, page: Int = 1) -> Route {
        let base = [segment(taxonomy, language), slug]
        let pageSegment = pageContext.strings.optionalText("route_page", language).map { Slug.make($0, fallback: "page") } ?? "page"
        return page <= 1 ? pageContext.routes.route(language, base) : pageContext.routes.route(language, base + [pageSegment, String(page)])
    }

    /// The term's name in `language`: site.yml's (`names: {viaje: {en: Travel}}`), else as the pages write it.
    private func display(_ taxonomy: Taxonomy, _ term: Term, _ language: String) -> String {
        taxonomy.names[term.written]?[language] ?? taxonomy.names[term.slug]?[language] ?? term.written
    }

    private func date(_ date: SimpleDate, _ language: String) -> String {
        let months = (pageContext.strings.optionalText("months", language) ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        return months.count == 12 ? Formatting.date(date, language: language, months: months) : date.description
    }

    private func count(_ number: Int, _ language: String) -> String {
        pageContext.strings.text(number == 1 ? "terms_count_one" : "terms_count", language).replacingOccurrences(of: "{count}", with: String(number))
    }

    // MARK: Pages

    /// The list of a taxonomy's terms with their counts, by name.
    private func listPage(_ taxonomy: Taxonomy, _ language: String, _ terms: [Term], alternates: [String: Route]) -> Page {
        let route = listRoute(taxonomy, language)
        let heading = label(taxonomy, language)
        let shown = terms.map { (term: $0, name: display(taxonomy, $0, language)) }
            .sorted { ($0.name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil), $0.term.slug)
                < ($1.name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil), $1.term.slug) }
        let items = shown.map { TermCountView(href: route.link(to: termRoute(taxonomy, $0.term.slug, language)), label: $0.name,
                                              count: count($0.term.pages.count, language), number: $0.term.pages.count) }
        let view = TaxonomyListView(heading: heading, terms: items)
        let facts = items.map { "\($0.href)|\($0.label)|\($0.number)" }
        return Page(route: route, language: language, template: "taxonomy/list", title: heading, navigationKey: "taxonomy-\(taxonomy.name)",
                    alternates: alternates, content: view)
            .with(inputs: [BuildInput(key: "taxonomy:\(taxonomy.name):\(language)", fingerprint: Fingerprint.hex(([taxonomy.fingerprint] + facts).joined(separator: "\n")))])
            .with(searchKind: "taxonomy")
    }

    /// A term's pages, `page_size` to a page, newest first; the first one is its feed's page.
    private func termPages(_ taxonomy: Taxonomy, _ language: String, _ term: Term, pages: inout [Page],
                           alternates: (Int) -> [String: Route]) -> [Page] {
        let size = max(1, pageContext.config.pageSize)
        let name = display(taxonomy, term, language)
        let heading = "\(label(taxonomy, language)): \(name)"
        let feedKey = "term:\(taxonomy.name):\(term.slug)"
        for index in term.pages where pages[index].facts.feed.map({ if case .entry = $0 { true } else { false } }) == true {
            pages[index].facts.alsoIn.append(feedKey)
        }
        let chunks = stride(from: 0, to: term.pages.count, by: size).map { Array(term.pages[$0..<min($0 + size, term.pages.count)]) }
        let listRoute = listRoute(taxonomy, language)
        return chunks.enumerated().map { offset, chunk in
            let number = offset + 1
            let route = termRoute(taxonomy, term.slug, language, page: number)
            let items = chunk.map { index in
                let page = pages[index]
                return TermItemView(href: route.link(to: page.route), title: page.title, description: page.description.isEmpty ? nil : page.description,
                                    date: page.facts.published.map { date($0, language) }, isoDate: page.facts.published?.description)
            }
            let pagination = PaginationView(count: chunks.count, current: number, route: route,
                                            link: { termRoute(taxonomy, term.slug, language, page: $0) },
                                            previousLabel: pageContext.strings.text("previous", language), nextLabel: pageContext.strings.text("next", language))
            let view = TermPageView(heading: heading, intro: count(term.pages.count, language), items: items, pagination: pagination,
                                    back: LinkView(href: route.link(to: listRoute), label: label(taxonomy, language)))
            let others = alternates(number)
            // The count of the whole term and the other languages' pages too: they change when entries on other pages do.
            let facts = [taxonomy.fingerprint, heading, "\(chunks.count)", view.intro, others.keys.sorted().joined(separator: ",")]
                + items.map { "\($0.href)|\($0.title)|\($0.description ?? "")|\($0.date ?? "")" }
            var page = Page(route: route, language: language, template: "taxonomy/term", title: number == 1 ? heading : "\(heading) (\(number))",
                            navigationKey: "taxonomy-\(taxonomy.name)", alternates: others, content: view)
                .with(inputs: [BuildInput(key: "term:\(taxonomy.name):\(term.slug):\(language):\(number)", fingerprint: Fingerprint.hex(facts.joined(separator: "\n")))])
            if number == 1 { page = page.with(searchKind: "taxonomy").with { $0.feed = .channel(key: feedKey) } }
            return page
        }
    }

    /// A tagged page with its terms' links and related pages, and what they show among its inputs.
    private func decorated(_ page: Page, index: Int, terms: [(taxonomy: Taxonomy, term: Term)], all pages: [Page]) -> Page {
        var groups: [TermGroupView] = []
        for taxonomy in pageContext.config.taxonomies {
            let links = terms.filter { $0.taxonomy.name == taxonomy.name }.map { entry in
                LinkView(href: page.route.link(to: termRoute(taxonomy, entry.term.slug, page.language)), label: display(taxonomy, entry.term, page.language))
            }
            if !links.isEmpty { groups.append(TermGroupView(label: label(taxonomy, page.language), terms: links)) }
        }
        // Pages sharing the most terms, then the newest.
        var shared: [Int: Int] = [:]
        for entry in terms where entry.term.pages.count <= Self.relatedTermLimit {
            for other in entry.term.pages where other != index { shared[other, default: 0] += 1 }
        }
        let related = shared.sorted { a, b in a.value != b.value ? a.value > b.value : Self.newerFirst(pages[a.key], pages[b.key]) }
            .prefix(Self.relatedCount).map { LinkView(href: page.route.link(to: pages[$0.key].route), label: pages[$0.key].title) }
        var decorated = page
        decorated.taxonomy = PageTaxonomyView(groups: groups, related: Array(related), relatedTitle: pageContext.strings.text("related_title", page.language),
                                              hasRelated: !related.isEmpty)
        // A page that names its inputs now also depends on these links; one that names none depends on everything already.
        if !page.inputs.isEmpty {
            let facts = groups.flatMap { [$0.label] + $0.terms.map { "\($0.href)|\($0.label)" } } + related.map { "\($0.href)|\($0.label)" }
            decorated = decorated.with(inputs: [BuildInput(key: "taxonomy-links", fingerprint: Fingerprint.hex(facts.joined(separator: "\n")))])
        }
        return decorated
    }
}

/// What a tagged page shows below its text: its terms by taxonomy and the related pages.
/// Lo que muestra una página con términos bajo su texto: sus términos y las páginas relacionadas.
public struct PageTaxonomyView: Sendable {
    let groups: [TermGroupView]
    let related: [LinkView]
    let relatedTitle: String
    let hasRelated: Bool
}

struct TermGroupView: Sendable { let label: String; let terms: [LinkView] }
struct TaxonomyListView: Sendable { let heading: String; let terms: [TermCountView] }
struct TermCountView: Sendable { let href: String; let label: String; let count: String; let number: Int }
struct TermItemView: Sendable { let href: String; let title: String; let description: String?; let date: String?; let isoDate: String? }
struct TermPageView: Sendable {
    let heading: String
    let intro: String
    let items: [TermItemView]
    let pagination: PaginationView
    let back: LinkView
}
