import VitrinaKit

/// A source declared in `site.yml` (`items:`) as a feature of the site, with no Swift: its items become a paginated
/// list, one page per item and one per group, drawn by the site's templates `<name>/list`, `<name>/item` and `<name>/group`.
/// Una fuente declarada en `site.yml` como función del sitio, sin Swift: lista paginada, una página por elemento y por grupo.
public struct DeclaredFeature: Feature {
    /// The source's name in `site.yml`: its key for navigation, strings (`nav_<name>`, `route_<name>`) and templates.
    public let name: String
    public let declaration: ItemsDeclaration
    /// The folder of `Content/` it was declared in (`source.yml`), which it then owns.
    public let folder: String?

    public init(name: String, declaration: ItemsDeclaration, folder: String? = nil) {
        self.name = name
        self.declaration = declaration
        self.folder = folder
    }

    public var key: String { name }
    public var folders: [String] { folder.map { [$0] } ?? [] }
    public var sources: [String: [String]] { [name: []] }
    public var routeKeys: [String] { ["route_\(name)", "route_page"] + (declaration.album ? ["route_album"] : []) }

    /// A source the strings do not name is named after itself: its folder is its name in every language (`shop/`), and
    /// its menu entry, list heading and home card read it capitalised (`Shop`), so a new site's theme draws it as it is.
    /// Una fuente que los textos no nombran se llama como ella misma: su carpeta es su nombre, y su menú y su título, `Shop`.
    public var defaultStrings: [String: String] {
        func shown(_ word: String) -> String { word.prefix(1).uppercased() + word.dropFirst() }
        let kind = declaration.kind ?? name
        return ["route_\(name)": Slug.make(name, fallback: "items"), "nav_\(name)": shown(name), "\(name)_title": shown(name),
                "card_\(name)_title": shown(name), "card_\(name)_text": "", "kind_\(kind)": shown(kind)]
    }

    /// Every source of `config` that declares its items.
    public static func all(in config: SiteConfig) -> [DeclaredFeature] {
        config.sources.keys.sorted().compactMap { name in
            config.sources[name].flatMap { source in source.items.map { DeclaredFeature(name: name, declaration: $0, folder: source.folder) } }
        }
    }

    public func load(_ context: FeatureContext) async throws -> (any LoadedFeature)? {
        guard let source = context.config.source(name), let declaration = source.items else { return nil }
        let items = try await DeclaredSourceLoader().load(fetcher: context.fetcher, source: source, name: name)
        return DeclaredContent(name: name, items: items, declaration: declaration,
                               numbersDeclaredAt: "\(source.declaredIn) (\(source.key(name, "items.numbers")))")
    }
}

/// The templates a declared source's pages are drawn with, and the check that every `{{item.…}}` they show is in
/// every item's JSON.
/// Las plantillas de las páginas de una fuente declarada, y la comprobación de que cada `{{item.…}}` existe en cada elemento.
struct DeclaredTemplates {
    let name: String
    let grouped: Bool
    /// The names `numbers:` declares, which templates show as `{{numbers.name}}`.
    var numbers: [String] = []
    /// Where they are declared: `Content/site.yml (sources.store.items.numbers)`.
    var numbersDeclaredAt = "Content/site.yml"

    var list: String { "\(name)/list" }
    var item: String { "\(name)/item" }
    var group: String { "\(name)/group" }
    var all: [String] { grouped ? [list, item, group] : [list, item] }

    /// Throws naming the template when one is missing, and naming the URL and the JSON path when an item lacks a field
    /// a template shows as `{{item.path}}` (sections like `{{#item.path}}` test for it, so they may be missing).
    func check(_ items: [DeclaredItem], theme: Theme) throws {
        for template in all {
            let file = "\(theme.origin)/\(template).mustache"
            guard let text = theme.text("\(template).mustache") else {
                throw VitrinaError(.render, "\(file) is missing: the declared source \(name) draws its pages with \(all.map { "\($0).mustache" }.joined(separator: ", ")); "
                    + "write it (the guide's page \"Pages from any JSON API\" has one to start from)")
            }
            var parser = TemplateParser(text)
            let nodes: [TemplateNode]
            do { nodes = try parser.parse() } catch { throw VitrinaError(.render, "\(file): \(error)") }
            for name in TemplateFields.shown(in: nodes, under: "numbers") where !numbers.contains(name) {
                throw VitrinaError(.render, "\(file) shows {{numbers.\(name)}}, which \(numbersDeclaredAt) does not declare; "
                    + (numbers.isEmpty ? "declare it there" : "declared: \(numbers.joined(separator: ", "))"))
            }
            for path in TemplateFields.shown(in: nodes, under: "item") {
                for item in items where item.fields.value(at: path) == nil {
                    throw VitrinaError(.map, "\(item.responses.last ?? name): at \(path): the field is missing in item \(item.id); "
                        + "\(file) shows {{item.\(path)}} — wrap it in {{#item.\(path)}}…{{/item.\(path)}} if some items lack it")
                }
            }
        }
    }
}

/// The dotted names a template shows as plain variables under a first segment (`item.rating.rate` → `rating.rate`).
/// Los nombres con puntos que una plantilla muestra como variables bajo un primer segmento.
enum TemplateFields {
    static func shown(in nodes: [TemplateNode], under first: String) -> [String] {
        var found: [String] = []
        var seen: Set<String> = []
        func walk(_ nodes: [TemplateNode]) {
            for node in nodes {
                switch node {
                case .variable(let name, _):
                    guard name.segments.count > 1, name.segments[0] == first else { continue }
                    let path = name.segments.dropFirst().joined(separator: ".")
                    if seen.insert(path).inserted { found.append(path) }
                case .section(_, let body), .inverted(_, let body), .block(_, let body, _): walk(body)
                case .parent(_, _, let blocks): for key in blocks.keys.sorted() { walk(blocks[key] ?? []) }
                case .text, .partial: continue
                }
            }
        }
        walk(nodes)
        return found
    }
}
