import VitrinaKit

/// The guide's layout of a folder (`layout: docs`): an index of its pages and folders, and each page with a sidebar
/// of its folder's pages, a table of contents, previous and next.
/// El diseño de guía de una carpeta: un índice y cada página con barra lateral, tabla de contenidos, anterior y siguiente.
extension FolderPages {
    /// The folder's index: its title, description and text, its folders and its pages in order.
    func guideIndex(_ section: MarkdownFolder, listing: BuildInput, _ language: String) -> Page {
        let route = routes.index(section, language)
        let version = section.index?.version(language, defaultLanguage: pageContext.routes.defaultLanguage)
        let resolved = version.map { pageContext.links.rewrite($0.body, source: $0.file, route: route, language: language) }
        let view = DocsIndexView(
            heading: section.title(language, defaultLanguage: pageContext.routes.defaultLanguage), intro: version?.description ?? "",
            hasIntro: !(version?.description ?? "").isEmpty,
            html: resolved?.html ?? "", hasText: !(resolved?.html.isEmpty ?? true),
            subsections: links(toFoldersOf: section, from: route, language), hasSubsections: !section.subsections.isEmpty,
            pages: links(to: section.pages, in: section, from: route, language))
        return Page(route: route, language: language, template: "docs/index", title: view.heading, description: view.intro,
                    navigationKey: section.slugs.first ?? "", alternates: pageContext.routes.alternates { routes.index(section, $0) }, content: view)
            .with(inputs: [listing] + (section.index?.inputs ?? []))
            .showing(resolved)
            .with { if Self.hasFeed(section) { $0.feed = .channel(key: Self.feedKey(section)) } }
    }

    /// One page of the folder, beside the list of the others.
    func guidePage(at index: Int, in section: MarkdownFolder, inputs: [BuildInput], _ language: String) -> Page {
        let pages = section.pages
        let page = pages[index]
        let route = routes.page(page, in: section, language)
        let (version, resolved) = text(of: page, at: route, language)
        let title = { (other: FolderPage) in other.version(language, defaultLanguage: pageContext.routes.defaultLanguage)!.title }
        let neighbour = { (i: Int) -> LinkView? in
            pages.indices.contains(i) ? LinkView(href: route.link(to: routes.page(pages[i], in: section, language)), label: title(pages[i])) : nil
        }
        let view = DocPageView(
            title: version.title, description: version.description, html: resolved.html,
            contentLanguage: version.language == language ? nil : version.language, draft: page.draft,
            toc: version.headings.filter { $0.level == 2 }.map { LinkView(href: "#" + $0.id, label: $0.text) },
            previous: neighbour(index - 1), next: neighbour(index + 1),
            sidebar: pages.map { other in
                LinkView(href: route.link(to: routes.page(other, in: section, language)), label: title(other), current: other.name == page.name)
            })
        return Page(route: route, language: language, template: "docs/page", title: version.title, description: version.description,
                    navigationKey: section.slugs.first ?? "", alternates: pageContext.routes.alternates { routes.page(page, in: section, $0) }, content: view)
            .searching("doc", SearchSource(html: version.html, headings: version.headings))
            .with(inputs: inputs + page.inputs)
            .showing(resolved)
            .with(terms: page.terms)
            .with { Self.date(page, version, html: resolved.html, in: section, into: &$0) }
    }
}

struct DocsIndexView: Sendable {
    let heading: String
    let intro: String
    let hasIntro: Bool
    /// The text of the folder's `_index.md`.
    let html: String
    let hasText: Bool
    let subsections: [SectionLinkView]
    let hasSubsections: Bool
    let pages: [DocLinkView]
}
struct DocPageView: Sendable {
    let title: String
    let description: String
    let html: String
    let contentLanguage: String?
    let draft: Bool
    let toc: [LinkView]
    let previous: LinkView?
    let next: LinkView?
    let sidebar: [LinkView]
}
