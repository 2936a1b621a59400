import Foundation
import VitrinaKit

/// A book's pages in the docs layout, as Material's and mdBook's readers know it: the nav as a sidebar, the page's
/// table of contents, previous and next in reading order, breadcrumbs, an edit link and the page's last change.
/// Las páginas de un libro con el diseño de documentación: barra lateral, índice, anterior y siguiente, migas.
struct BookPages: Sendable {
    let order: ReadingOrder
    let folders: FolderPages
    /// The book's own settings (edit links), when it is a MkDocs or mdBook folder.
    let project: DocsProject?
    /// Each file's last change from git, by its path below the site folder.
    let changes: [String: SimpleDate]
    /// What every page's sidebar shows of the top level, by language, as one fingerprint (made once, not once a page).
    private(set) var topFingerprints: [String: String] = [:]

    init(order: ReadingOrder, folders: FolderPages, project: DocsProject?, changes: [String: SimpleDate]) {
        (self.order, self.folders, self.project, self.changes) = (order, folders, project, changes)
        for language in folders.pageContext.routes.languages {
            let labels = order.top.map { node in
                let entry = order.nodes[node]
                let route = entry.target.map { self.route(of: $0, language).file } ?? ""
                return "\(node)|\(entry.kind)|\(entry.number ?? "")|\(entry.children.count)|\(route)|" + label(node, language)
            }
            topFingerprints[language] = Fingerprint.hex(labels.joined(separator: "\n"))
        }
    }

    var pageContext: PageContext { folders.pageContext }
    var defaultLanguage: String { pageContext.routes.defaultLanguage }

    /// Every page of the book in every language: each section's page and index, and the home page.
    func jobs() -> [@Sendable () -> [Page]] {
        var jobs: [@Sendable () -> [Page]] = []
        for language in pageContext.routes.languages {
            for (place, section) in order.sections.enumerated() {
                let indexJob: @Sendable () -> [Page] = { [self] in indexPages(place, language) }
                jobs.append(indexJob)
                for start in stride(from: 0, to: section.pages.count, by: 256) {
                    let chunk = start..<min(start + 256, section.pages.count)
                    jobs.append { [self] in chunk.map { page(.page(section: place, page: $0), language) } }
                }
            }
        }
        return jobs
    }

    /// The book's nav in `language`.
    func nav(_ language: String) -> DocsNav {
        let book = order.sections.first?.slugs.joined(separator: "_") ?? ""
        return DocsNav(order: order, book: book.isEmpty ? "root" : book, language: language, link: { [self] in route(of: $0, language) })
    }

    /// The shared nav scripts of every language, by key, and their files.
    func navScripts() -> (index: [String: [String]], files: [DataFile]) {
        var index: [String: [String]] = [:]
        var files: [DataFile] = []
        for language in pageContext.routes.languages {
            let made = nav(language).scripts(label: { label($0, language) })
            index.merge(made.index) { first, _ in first }
            files += made.files
        }
        return (index, files)
    }

    /// The month names of `language`, for the last change's date.
    func months(_ language: String) -> [String] {
        pageContext.strings.text("months", language).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// A section's index page: its own text in the layout when it has an index file, else the list of its pages; the
    /// book's root without an index shows its first page.
    func indexPages(_ place: Int, _ language: String) -> [Page] {
        let section = order.sections[place]
        if section.index != nil { return [page(.index(section: place), language)] }
        if place == 0 {
            guard let first = order.reading.first, let target = order.nodes[first].target else { return [] }
            return [page(target, language, at: folders.routes.index(section, language))]
        }
        return [folders.guideIndex(section, listing: folders.listing(section), language)]
    }

    // MARK: One page

    /// The page of `target` (a page, or an index file) in the docs layout, at its own route or at `place`.
    func page(_ target: ReadingOrder.Target, _ language: String, at place: Route? = nil) -> Page {
        let (section, folderPage) = resolve(target)
        let own = route(of: target, language)
        let route = place ?? own
        let (version, resolved) = folders.text(of: folderPage, at: route, language)
        let node = order.nodeOf[target]
        let (previous, next) = node.map(order.neighbours) ?? (nil, nil)
        let link = { (node: Int?) -> LinkView? in
            guard let node, let target = order.nodes[node].target else { return nil }
            return LinkView(href: route.link(to: self.route(of: target, language)), label: label(node, language))
        }
        let trail = breadcrumbs(node, from: route, language)
        let edit = project?.editLink(for: ReadingOrder.below(version.file))
        let changed = changes[version.file]
        let (before, after) = (link(previous), link(next))
        // What the sidebar shows: the top level (one fingerprint for the book) and the path, with each node's place.
        let path = node.map(order.path(to:)) ?? []
        var facts = [topFingerprints[language] ?? "", path.map { "\($0)@\(order.nodes[$0].place)|\(label($0, language))" }.joined(separator: "/"),
                     before?.label ?? "", before?.href ?? "", after?.label ?? "", after?.href ?? "", edit ?? "", changed?.description ?? ""]
        facts += trail.map { $0.label + "|" + $0.href }
        let navInput = BuildInput(key: "book:\(route.file)", fingerprint: Fingerprint.hex(facts.joined(separator: "\n")))
        let isIndex: Bool = if case .index = target { true } else { false }
        return Page(route: route, language: language, template: "docs/page", title: version.title, description: version.description,
                    navigationKey: section.slugs.first ?? "home",
                    alternates: pageContext.routes.alternates { place == nil ? self.route(of: target, $0) : folders.routes.index(order.sections[0], $0) },
                    // The view, the sidebar's among it, is made only if the page is drawn.
                    makeContent: { [self] in
                        BookPageView(
                            title: version.title, showTitle: !Self.opensWithTitle(version), html: resolved.html,
                            contentLanguage: version.language == language ? nil : version.language, draft: folderPage.draft,
                            toc: version.headings.filter { $0.level == 2 || $0.level == 3 }.map { TOCEntry(href: "#" + $0.id, label: $0.text, level: $0.level) },
                            previous: before, next: after, breadcrumbs: trail.filter { !$0.href.isEmpty },
                            docsNav: nav(language).view(current: node, route: route, label: { label($0, language) }), editURL: edit,
                            lastChange: changed.map { (date: $0.description, text: Formatting.date($0, language: language, months: months(language))) })
                    })
            .with(kind: "docs-page", scripts: BookAssets.scripts)
            .searching("doc", SearchSource(html: version.html, headings: version.headings))
            .with(inputs: [navInput] + folderPage.inputs)
            .showing(resolved)
            .with(terms: folderPage.terms)
            .with { facts in
                facts.breadcrumbs = trailCrumbs(node, language)
                if !isIndex, place == nil { FolderPages.date(folderPage, version, html: resolved.html, in: section, into: &facts) }
                // A folder's index (or the book's home) is where its feed is announced, as the folder's list was.
                let announced = place == nil ? section : order.sections[0]
                if isIndex || place != nil, FolderPages.hasFeed(announced) { facts.feed = .channel(key: FolderPages.feedKey(announced)) }
            }
    }

    /// The section and the page (or the section's index page) of a target.
    func resolve(_ target: ReadingOrder.Target) -> (MarkdownFolder, FolderPage) {
        switch target {
        case .page(let section, let page): (order.sections[section], order.sections[section].pages[page])
        case .index(let section): (order.sections[section], order.sections[section].index!)
        }
    }

    func route(of target: ReadingOrder.Target, _ language: String) -> Route {
        switch target {
        case .page(let section, let page): folders.routes.page(order.sections[section].pages[page], in: order.sections[section], language)
        case .index(let section): folders.routes.index(order.sections[section], language)
        }
    }

    /// A node's label: the nav's title, else its page's own, else its section's.
    func label(_ node: Int, _ language: String) -> String {
        let entry = order.nodes[node]
        if let title = entry.title { return title }
        guard let target = entry.target else {
            return entry.folder.map { order.sections[$0].title(language, defaultLanguage: defaultLanguage) } ?? ""
        }
        let (section, page) = resolve(target)
        return page.version(language, defaultLanguage: defaultLanguage)?.title ?? section.title(language, defaultLanguage: defaultLanguage)
    }

    /// Home, then each node above `node` that leads somewhere (a section without a page is shown as text).
    func breadcrumbs(_ node: Int?, from route: Route, _ language: String) -> [CrumbView] {
        var crumbs = [CrumbView(href: route.link(to: pageContext.routes.route(language)), label: pageContext.strings.text("nav_home", language))]
        guard let node else { return crumbs }
        for above in order.path(to: node).dropLast() {
            let target = order.nodes[above].target
            crumbs.append(CrumbView(href: target.map { route.link(to: self.route(of: $0, language)) } ?? "", label: label(above, language)))
        }
        return crumbs
    }

    /// The same trail as the page's facts (JSON-LD), for the nodes that lead somewhere.
    func trailCrumbs(_ node: Int?, _ language: String) -> [Crumb] {
        guard let node else { return [] }
        return order.path(to: node).dropLast().compactMap { above in
            order.nodes[above].target.map { Crumb(label: label(above, language), route: route(of: $0, language)) }
        }
    }

    /// Whether the page's text opens with its title: a level-1 heading, or a heading that is the title (mdBook's
    /// chapters often open with `##`); it is then shown once, as GitHub, MkDocs and mdBook show it.
    static func opensWithTitle(_ version: FolderPage.Version) -> Bool {
        let bytes = version.html.utf8.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\n") }
        guard bytes.starts(with: "<h".utf8), let level = bytes.dropFirst(2).first,
              (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(level), let first = version.headings.first else { return false }
        return first.level == 1 || first.text == version.title
    }
}

/// The docs layout's scripts in every theme (the binary gives them to a theme without them); its stylesheets are the
/// `docs/` folder's, which every page of that folder loads.
/// Los scripts del diseño de documentación en cualquier tema; sus hojas de estilo son las de la carpeta `docs/`.
enum BookAssets {
    static let scripts = ["assets/docs/nav.js", "assets/docs/hidden-lines.js"]
}

struct TOCEntry: Sendable { let href: String; let label: String; let level: Int }
struct CrumbView: Sendable { let href: String; let label: String }

struct BookPageView: Sendable {
    let title: String
    let showTitle: Bool
    let html: String
    let contentLanguage: String?
    let draft: Bool
    let toc: [TOCEntry]
    let previous: LinkView?
    let next: LinkView?
    let breadcrumbs: [CrumbView]
    /// The nav as the `docs/nav` partial draws it (`DocsNav`).
    let docsNav: TemplateValue
    let editURL: String?
    let lastChange: (date: String, text: String)?
}

extension TOCEntry: TemplateConvertible {
    var templateValue: TemplateValue { .object(["href": .string(href), "label": .string(label), "level": .int(level)]) }
}
extension CrumbView: TemplateConvertible {
    var templateValue: TemplateValue { .object(["href": .string(href), "label": .string(label)]) }
}

extension BookPageView: TemplateConvertible {
    var templateValue: TemplateValue {
        var fields: TemplateObject = [
            "title": .string(title), "showTitle": .bool(showTitle), "html": .string(html), "draft": .bool(draft),
            "toc": toc.templateValue, "hasToc": .bool(!toc.isEmpty), "breadcrumbs": breadcrumbs.templateValue,
            "hasBreadcrumbs": .bool(breadcrumbs.count > 1), "docsNav": docsNav, "hasPager": .bool(previous != nil || next != nil),
            "hasMeta": .bool(editURL != nil || lastChange != nil),
        ]
        if let contentLanguage { fields["contentLanguage"] = .string(contentLanguage) }
        if let previous { fields["previous"] = previous.templateValue }
        if let next { fields["next"] = next.templateValue }
        if let editURL { fields["editURL"] = .string(editURL) }
        if let lastChange { fields["lastChange"] = .object(["date": .string(lastChange.date), "text": .string(lastChange.text)]) }
        return .object(fields)
    }
}
