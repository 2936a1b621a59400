import VitrinaKit

/// A declared source's items, ready to become pages.
/// Los elementos de una fuente declarada, listos para ser páginas.
public struct DeclaredContent: LoadedFeature {
    let name: String
    let items: [DeclaredItem]
    let declaration: ItemsDeclaration
    /// Where `numbers:` is declared, for the template check's message: `Content/site.yml (sources.store.items.numbers)`.
    let numbersDeclaredAt: String

    public var remoteImages: [RemoteImage] { items.flatMap(\.namedImages) }

    var templates: DeclaredTemplates {
        DeclaredTemplates(name: name, grouped: declaration.group != nil, numbers: declaration.numbers.map(\.name), numbersDeclaredAt: numbersDeclaredAt)
    }

    public func check(_ theme: Theme, strings: Strings) throws -> [String] {
        try templates.check(items, theme: theme)
        return declaration.numbers.compactMap { format in
            guard let key = format.text, strings.optionalText(key, strings.defaultLanguage) == nil else { return nil }
            return "\(numbersDeclaredAt): \(format.name) is shown with the strings key \(key), which no file of \(theme.origin)/i18n/ has; "
                + "add it there, like `\(key): \"{value} …\"` (until then the number is shown bare)"
        }
    }

    public func contribution(pageContext: PageContext, inputs: FeatureInputs) -> FeatureContribution {
        let builder = DeclaredPages(content: self, pageContext: pageContext)
        return .section(name, icon: declaration.icon, route: { builder.routes.list(page: 1, $0) }) { builder.pages() }
    }
}

/// Where a declared source's pages live: `<route_name>/`, `…/page/N/`, `…/<group>/` (and its album), and each item
/// under its group or the list.
/// Dónde viven las páginas de una fuente declarada.
struct DeclaredRoutes: Sendable {
    let name: String
    let pageContext: PageContext
    /// Each group's slug, by its name (two names with the same slug get -2, -3 …).
    let groupSlugs: [String: String]

    init(name: String, pageContext: PageContext, groups: [DeclaredGroup]) {
        self.name = name
        self.pageContext = pageContext
        self.groupSlugs = Dictionary(groups.map { ($0.name, $0.slug) }, uniquingKeysWith: { first, _ in first })
    }

    private func root(_ language: String) -> String { pageContext.routes.segment("route_\(name)", language) }
    private func slug(_ group: String) -> String { groupSlugs[group] ?? Slug.make(group) }

    func list(page: Int, _ language: String) -> Route {
        page <= 1 ? pageContext.routes.route(language, root(language)) : pageContext.routes.route(language, root(language), pageContext.routes.segment("route_page", language), String(page))
    }

    func group(_ name: String, _ language: String) -> Route { pageContext.routes.route(language, root(language), slug(name)) }

    func album(_ name: String, _ language: String) -> Route {
        pageContext.routes.route(language, root(language), slug(name), pageContext.routes.segment("route_album", language))
    }

    func item(_ item: DeclaredItem, _ language: String) -> Route {
        if let group = item.group { return pageContext.routes.route(language, root(language), slug(group), item.slug) }
        return pageContext.routes.route(language, root(language), item.slug)
    }
}

/// Builds a declared source's pages in every language; templates see each item's JSON as `item` and its declared
/// numbers, written the language's way, as `numbers`.
/// Construye las páginas de una fuente declarada en cada idioma; las plantillas ven el JSON de cada elemento como `item`.
struct DeclaredPages: Sendable {
    let content: DeclaredContent
    let pageContext: PageContext
    let routes: DeclaredRoutes
    let templates: DeclaredTemplates
    /// The groups in the declared order.
    let groups: [DeclaredGroup]
    /// What every page of the source shows of all items: ids, slugs and groups (so the routes and the pagination).
    let structure: BuildInput
    /// What an item is: its page kind, search kind and favourites' label.
    let kind: String

    init(content: DeclaredContent, pageContext: PageContext) {
        self.content = content
        self.pageContext = pageContext
        self.groups = DeclaredGroup.groups(of: content.items, order: content.declaration.groupOrder)
        self.routes = DeclaredRoutes(name: content.name, pageContext: pageContext, groups: groups)
        self.templates = content.templates
        self.kind = content.declaration.kind ?? content.name
        let lines = content.items.map { "\($0.id) \($0.slug) \($0.group ?? "")" }
        structure = BuildInput(key: "declared:\(content.name)", fingerprint: Fingerprint.hex(lines.joined(separator: "\n")))
    }

    /// A page made from these items is drawn again only when one of them (its JSON or its pictures) or the source's
    /// structure changed: one item's JSON changed redraws its page and the lists showing it, nothing else.
    func madeFrom(_ items: some Sequence<DeclaredItem>) -> [BuildInput] {
        items.map { $0.input(content.name, media: pageContext.pictures.media) } + [structure]
    }

    func pages() -> [Page] {
        let pageSize = max(1, content.declaration.perPage ?? pageContext.config.pageSize)
        let count = content.items.isEmpty ? 1 : (content.items.count - 1) / pageSize + 1
        return pageContext.routes.languages.flatMap { language -> [Page] in
            (1...count).map { listPage($0, of: count, pageSize: pageSize, language) }
                + groups.map { groupPage($0, language) }
                + (content.declaration.album ? groups.map { albumPage($0, language) } : [])
                + content.items.map { itemPage($0, language) }
        }
    }

    /// `<name>_<suffix>` from the strings, or nil when the strings lack it.
    private func text(_ suffix: String, _ language: String) -> String? { pageContext.strings.optionalText("\(content.name)_\(suffix)", language) }

    func title(_ language: String) -> String { text("title", language) ?? content.name }

    /// A group's name as pages show it: `<name>_group_<slug>` from the strings, else the name the API gives.
    func label(_ group: String, _ language: String) -> String {
        text("group_" + Slug.make(group, fallback: "group").replacingOccurrences(of: "-", with: "_"), language) ?? group
    }

    /// The declared numbers written the language's way (`109,95 US$`, `$109.95`).
    func numbers(_ item: DeclaredItem, _ language: String) -> TemplateValue {
        var shown: TemplateObject = [:]
        for format in content.declaration.numbers {
            guard let value = item.numbers[format.name] else { continue }
            shown[format.name] = .string(format.shown(value, language: language, pattern: format.text.flatMap { pageContext.strings.optionalText($0, language) }))
        }
        return .object(shown)
    }

    /// One item as lists show it: its JSON, numbers, title, link and first image.
    func card(_ item: DeclaredItem, from route: Route, _ language: String) -> TemplateValue {
        var card: TemplateObject = ["item": (item.fields.templateValue ?? .object([:])), "title": .string(item.title), "id": .string(item.id),
                                             "href": .string(route.link(to: routes.item(item, language))), "numbers": numbers(item, language)]
        if let image = item.images.first {
            card["image"] = pageContext.pictures.image(image, alt: item.title, from: route, expected: (200, 200)).templateValue
        }
        if let group = item.group {
            card["group"] = LinkView(href: route.link(to: routes.group(group, language)), label: label(group, language)).templateValue
        }
        return .object(card)
    }

    func listPage(_ number: Int, of count: Int, pageSize: Int, _ language: String) -> Page {
        let route = routes.list(page: number, language)
        let shown = content.items.dropFirst((number - 1) * pageSize).prefix(pageSize)
        let pagination = PaginationView(count: count, current: number, route: route, link: { routes.list(page: $0, language) },
                                        previousLabel: pageContext.strings.text("previous", language), nextLabel: pageContext.strings.text("next", language))
        var view: TemplateObject = [
            "heading": .string(title(language)), "items": .list(shown.map { card($0, from: route, language) }),
            "groups": .list(groups.map { group in
                var fields: TemplateObject = [
                    "name": .string(label(group.name, language)), "key": .string(group.name),
                    "href": .string(route.link(to: routes.group(group.name, language))), "count": .int(group.items.count)]
                if let image = group.items.first?.images.first {
                    fields["image"] = pageContext.pictures.image(image, alt: label(group.name, language), from: route, expected: (200, 200)).templateValue
                }
                return .object(fields)
            }),
            "pagination": TemplateValue.from(pagination) ?? .object([:]), "page": .int(number), "pages": .int(count),
        ]
        let intro = text("intro", language)
        if let intro { view["intro"] = .string(intro) }
        // The group cards show every group's first item, so a list page depends on those too.
        // Las tarjetas de grupo muestran el primer elemento de cada grupo: la página de lista depende también de ellos.
        return Page(route: route, language: language, template: templates.list, title: title(language), description: intro ?? "", navigationKey: content.name,
                    alternates: pageContext.routes.alternates { routes.list(page: number, $0) }, content: TemplateValue.object(view))
            .with(inputs: madeFrom(Array(shown) + groups.compactMap(\.items.first)))
    }

    func groupPage(_ group: DeclaredGroup, _ language: String) -> Page {
        let route = routes.group(group.name, language)
        let name = label(group.name, language)
        var view: TemplateObject = [
            "name": .string(name), "key": .string(group.name), "items": .list(group.items.map { card($0, from: route, language) }),
            "back": LinkView(href: route.link(to: routes.list(page: 1, language)), label: title(language)).templateValue,
        ]
        if content.declaration.album {
            view["album"] = LinkView(href: route.link(to: routes.album(group.name, language)), label: pageContext.strings.text("album_open", language)).templateValue
        }
        return Page(route: route, language: language, template: templates.group, title: name, navigationKey: content.name,
                    alternates: pageContext.routes.alternates { routes.group(group.name, $0) }, content: TemplateValue.object(view))
            .with(inputs: madeFrom(group.items))
    }

    func albumPage(_ group: DeclaredGroup, _ language: String) -> Page {
        let route = routes.album(group.name, language)
        let name = label(group.name, language)
        return pageContext.pictures.albumPage(
            photos: group.items.compactMap { item in item.images.first.map { AlbumPhoto(key: $0, caption: item.title, expected: (400, 400)) } },
            title: "\(pageContext.strings.text("album_title", language)): \(name)",
            back: LinkView(href: route.link(to: routes.group(group.name, language)), label: name),
            route: route, language: language, navigationKey: content.name, alternates: pageContext.routes.alternates { routes.album(group.name, $0) })
            .with(inputs: madeFrom(group.items))
    }

    func itemPage(_ item: DeclaredItem, _ language: String) -> Page {
        let route = routes.item(item, language)
        var view: TemplateObject = [
            "item": (item.fields.templateValue ?? .object([:])), "title": .string(item.title), "id": .string(item.id),
            "numbers": numbers(item, language),
            "images": .list(item.images.map { pageContext.pictures.image($0, alt: item.title, from: route, expected: (400, 400)).templateValue }),
            "back": LinkView(href: route.link(to: routes.list(page: 1, language)), label: title(language)).templateValue,
            "favourite": TemplateValue.from(pageContext.favourite(id: "\(kind):\(item.id)", title: item.title, route: route, imageKey: item.images.first,
                                                              kindKey: "kind_\(kind)", language: language)) ?? .object([:]),
        ]
        if let image = item.images.first { view["image"] = pageContext.pictures.image(image, alt: item.title, from: route, expected: (400, 400)).templateValue }
        if let group = item.group {
            view["group"] = LinkView(href: route.link(to: routes.group(group, language)), label: label(group, language)).templateValue
        }
        let description = item.description.map { String(String.UnicodeScalarView($0.unicodeScalars.prefix(155))) }
        let page = Page(route: route, language: language, template: templates.item, title: item.title, description: description ?? "",
                        navigationKey: content.name, alternates: pageContext.routes.alternates { routes.item(item, $0) }, content: TemplateValue.object(view))
        return (content.declaration.kind == nil ? page : page.with(kind: kind))
            .searching(kind, SearchSource(fields: (item.description.map { [$0] } ?? []) + item.searchFields))
            .with(inputs: madeFrom([item]))
            .with(terms: item.terms)
            .with { facts in
                facts.image = pageContext.pictures.path(item.images.first)
                if content.declaration.kind == "product" { facts.schema = .product(product(item)) }
            }
    }

    /// A `kind: product` item's declared numbers, by the names schema.org's Product reads: `price` (in `currency:`),
    /// `rating` and `ratingCount`.
    func product(_ item: DeclaredItem) -> ProductFacts {
        ProductFacts(price: item.numbers["price"], currency: content.declaration.currency, rating: item.numbers["rating"],
                     ratingCount: item.numbers["ratingCount"])
    }
}

extension DeclaredItem {
    /// What this item's pages show of it (its JSON, title, images as the media catalogue has them, description and
    /// numbers), as one input of those pages.
    func input(_ source: String, media: MediaCatalog) -> BuildInput {
        BuildInput.of("item:\(source):\(id)", fields, title, images, images.map { media[$0] }, description, numbers)
    }
}

extension JSONValue: Fingerprinted {
    /// The value written the same way every time, members in the API's order, for fingerprints.
    /// El valor escrito siempre igual, con los miembros en el orden de la API, para huellas.
    public func write(to writer: inout FingerprintWriter) {
        switch self {
        case .null: writer.text("n", "")
        case .bool(let flag): flag.write(to: &writer)
        case .int(let number): number.write(to: &writer)
        case .double(let number): number.write(to: &writer)
        case .string(let value): value.write(to: &writer)
        case .array(let elements): elements.write(to: &writer)
        case .object(let object):
            writer.text("o", String(object.members.count))
            for member in object.members {
                member.key.write(to: &writer)
                member.value.write(to: &writer)
            }
        }
    }
}
