/// A declared source's items, ready to become pages.
/// Los elementos de una fuente declarada, listos para ser páginas.
public struct DeclaredContent: FeatureContent {
    let name: String
    let items: [DeclaredItem]
    let grouped: Bool

    public var imageURLs: [String] { items.flatMap(\.images) }

    public func check(_ theme: Theme) throws { try DeclaredTemplates(name: name, grouped: grouped).check(items, theme: theme) }

    public func contribution(factory: PageFactory, inputs: FeatureInputs) -> FeatureContribution {
        let builder = DeclaredPages(content: self, factory: factory, inputs: inputs)
        return .section(name, icon: "◇", route: { builder.routes.list(page: 1, $0) }) { builder.pages() }
    }
}

/// Where a declared source's pages live: `<route_name>/`, `…/page/N/`, `…/<group>/`, and each item under its group or the list.
/// Dónde viven las páginas de una fuente declarada.
struct DeclaredRoutes: Sendable {
    let name: String
    let factory: PageFactory
    /// Each group's slug, by its name (two names with the same slug get -2, -3 …).
    let groupSlugs: [String: String]

    init(name: String, factory: PageFactory, groups: [DeclaredGroup]) {
        self.name = name
        self.factory = factory
        self.groupSlugs = Dictionary(groups.map { ($0.name, $0.slug) }, uniquingKeysWith: { first, _ in first })
    }

    private func root(_ language: String) -> String { factory.segment("route_\(name)", language) }

    func list(page: Int, _ language: String) -> Route {
        page <= 1 ? factory.route(language, root(language)) : factory.route(language, root(language), factory.segment("route_page", language), String(page))
    }

    func group(_ name: String, _ language: String) -> Route { factory.route(language, root(language), groupSlugs[name] ?? Slug.make(name)) }

    func item(_ item: DeclaredItem, _ language: String) -> Route {
        if let group = item.group { return factory.route(language, root(language), groupSlugs[group] ?? Slug.make(group), item.slug) }
        return factory.route(language, root(language), item.slug)
    }
}

/// Builds a declared source's pages in every language; templates see each item's JSON as `item`.
/// Construye las páginas de una fuente declarada en cada idioma; las plantillas ven el JSON de cada elemento como `item`.
struct DeclaredPages: Sendable {
    let content: DeclaredContent
    let factory: PageFactory
    let routes: DeclaredRoutes
    let templates: DeclaredTemplates
    /// The groups in the order their first item comes.
    let groups: [DeclaredGroup]
    let inputs: FeatureInputs
    /// What every page of the source shows of all items: ids, slugs and groups (so the routes and the pagination).
    let structure: BuildInput

    init(content: DeclaredContent, factory: PageFactory, inputs: FeatureInputs) {
        self.content = content
        self.factory = factory
        self.inputs = inputs
        self.groups = DeclaredGroup.groups(of: content.items)
        self.routes = DeclaredRoutes(name: content.name, factory: factory, groups: groups)
        self.templates = DeclaredTemplates(name: content.name, grouped: content.grouped)
        let lines = content.items.map { "\($0.id) \($0.slug) \($0.group ?? "")" }
        structure = BuildInput(key: "declared:\(content.name)", fingerprint: Fingerprint.hex(lines.joined(separator: "\n")))
    }

    /// A page made from these items is drawn again only when one of them, the source's structure or the media
    /// catalogue changed: one item's JSON changed redraws its page and the lists showing it, nothing else.
    func madeFrom(_ items: some Sequence<DeclaredItem>) -> [BuildInput] {
        items.map { $0.input(content.name) } + [structure] + inputs.media
    }

    func pages() -> [Page] {
        let pageSize = max(1, factory.config.pageSize)
        let count = max(1, (content.items.count + pageSize - 1) / pageSize)
        return factory.languages.flatMap { language -> [Page] in
            (1...count).map { listPage($0, of: count, pageSize: pageSize, language) }
                + groups.map { groupPage($0, language) }
                + content.items.map { itemPage($0, language) }
        }
    }

    func title(_ language: String) -> String {
        let key = "\(content.name)_title", text = factory.text(key, language)
        return text == key ? content.name : text
    }

    /// One item as lists show it: its JSON, title, link and first image.
    func card(_ item: DeclaredItem, from route: Route, _ language: String) -> TemplateValue {
        var card: [String: TemplateValue] = ["item": (item.fields.templateValue ?? .object([:])), "title": .string(item.title), "id": .string(item.id),
                                             "href": .string(route.link(to: routes.item(item, language)))]
        if let image = item.images.first {
            card["image"] = factory.image(image, alt: item.title, from: route, expected: (400, 400)).templateValue
        }
        if let group = item.group { card["group"] = LinkView(href: route.link(to: routes.group(group, language)), label: group).templateValue }
        return .object(card)
    }

    func listPage(_ number: Int, of count: Int, pageSize: Int, _ language: String) -> Page {
        let route = routes.list(page: number, language)
        let shown = content.items.dropFirst((number - 1) * pageSize).prefix(pageSize)
        let pagination = PaginationView(count: count, current: number, route: route, link: { routes.list(page: $0, language) },
                                        previousLabel: factory.text("previous", language), nextLabel: factory.text("next", language))
        let view: TemplateValue = .object([
            "heading": .string(title(language)), "items": .list(shown.map { card($0, from: route, language) }),
            "groups": .list(groups.map { group in
                .object(["name": .string(group.name), "href": .string(route.link(to: routes.group(group.name, language))),
                         "count": .int(group.items.count)])
            }),
            "pagination": TemplateValue.from(pagination) ?? .object([:]), "page": .int(number), "pages": .int(count),
        ])
        return Page(route: route, language: language, template: templates.list, title: title(language), section: content.name,
                    alternates: factory.alternates { routes.list(page: number, $0) }, content: view).with(inputs: madeFrom(shown))
    }

    func groupPage(_ group: DeclaredGroup, _ language: String) -> Page {
        let route = routes.group(group.name, language)
        let view: TemplateValue = .object([
            "name": .string(group.name), "items": .list(group.items.map { card($0, from: route, language) }),
            "back": LinkView(href: route.link(to: routes.list(page: 1, language)), label: title(language)).templateValue,
        ])
        return Page(route: route, language: language, template: templates.group, title: group.name, section: content.name,
                    alternates: factory.alternates { routes.group(group.name, $0) }, content: view).with(inputs: madeFrom(group.items))
    }

    func itemPage(_ item: DeclaredItem, _ language: String) -> Page {
        let route = routes.item(item, language)
        var view: [String: TemplateValue] = [
            "item": (item.fields.templateValue ?? .object([:])), "title": .string(item.title), "id": .string(item.id),
            "images": .list(item.images.map { factory.image($0, alt: item.title, from: route, expected: (400, 400)).templateValue }),
            "back": LinkView(href: route.link(to: routes.list(page: 1, language)), label: title(language)).templateValue,
        ]
        if let image = item.images.first { view["image"] = factory.image(image, alt: item.title, from: route, expected: (400, 400)).templateValue }
        if let group = item.group { view["group"] = LinkView(href: route.link(to: routes.group(group, language)), label: group).templateValue }
        return Page(route: route, language: language, template: templates.item, title: item.title, section: content.name,
                    alternates: factory.alternates { routes.item(item, $0) }, content: TemplateValue.object(view))
            .with(searchKind: content.name).with(inputs: madeFrom([item]))
    }
}

extension DeclaredItem {
    /// What this item's pages show of it (its JSON, title, images), as one input of those pages.
    func input(_ source: String) -> BuildInput {
        var bytes: [UInt8] = []
        fields.canonicalBytes(into: &bytes)
        bytes += Array("\n\(title)\n\(images.joined(separator: "\n"))".utf8)
        return BuildInput(key: "item:\(source):\(id)", fingerprint: Fingerprint.hex(bytes))
    }
}

extension JSONValue {
    /// The value written the same way every time (tags and lengths before contents), for fingerprints.
    /// El valor escrito siempre igual (etiquetas y longitudes antes del contenido), para huellas.
    func canonicalBytes(into bytes: inout [UInt8]) {
        func text(_ tag: UInt8, _ value: String) {
            bytes.append(tag)
            bytes += Array("\(value.utf8.count):".utf8)
            bytes += value.utf8
        }
        switch self {
        case .null: bytes.append(UInt8(ascii: "n"))
        case .bool(let flag): bytes.append(flag ? UInt8(ascii: "t") : UInt8(ascii: "f"))
        case .int(let number): text(UInt8(ascii: "i"), String(number))
        case .double(let number): text(UInt8(ascii: "d"), "\(number.bitPattern)")
        case .string(let value): text(UInt8(ascii: "s"), value)
        case .array(let elements):
            text(UInt8(ascii: "a"), String(elements.count))
            for element in elements { element.canonicalBytes(into: &bytes) }
        case .object(let object):
            text(UInt8(ascii: "o"), String(object.members.count))
            for member in object.members {
                text(UInt8(ascii: "k"), member.key)
                member.value.canonicalBytes(into: &bytes)
            }
        }
    }
}
