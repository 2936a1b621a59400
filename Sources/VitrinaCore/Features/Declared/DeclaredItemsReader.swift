import Yams

/// Reads a source's `items:` mapping from site.yml; every error names the file, the line and the key to fix.
/// Lee el mapa `items:` de una fuente en site.yml; cada error nombra el fichero, la línea y la clave que corregir.
extension YAMLReader {
    func declaredItems(_ node: Node, source name: String) throws -> DeclaredItems {
        let key = { (field: String) in "sources.\(name).items\(field.isEmpty ? "" : ".\(field)")" }
        // The name becomes a template folder, strings keys and a navigation key: plain folder names only.
        // El nombre pasa a ser carpeta de plantillas, claves de textos y de navegación: solo nombres de carpeta simples.
        guard !name.isEmpty, Slug.make(name, fallback: "") == name else {
            throw VitrinaError(.config, "\(file):\(line(node)): sources.\(String(reflecting: name)) declares items:, so its name names a "
                + "template folder and strings; use lowercase letters, digits and hyphens, like \(String(reflecting: Slug.make(name, fallback: "shop")))")
        }
        guard let map = node.mapping else {
            throw VitrinaError(.config, "\(file):\(line(node)): \(key("")) must be a mapping with list:, id: and title:; see the guide's declared sources")
        }
        // Unknown keys first, so a typo is named before anything it would have set is missed.
        // Primero las claves desconocidas, para nombrar una errata antes de echar en falta lo que habría puesto.
        for (keyNode, _) in map {
            guard let text = keyNode.string, DeclaredItems.keys.contains(text) else {
                throw VitrinaError(.config, "\(file):\(line(keyNode)): \(key(keyNode.string ?? "?")) is not a key items: knows; "
                    + "use some of: \(DeclaredItems.keys.joined(separator: ", "))")
            }
        }
        func required(_ field: String, example: String) throws -> Node {
            guard let value = map[field] else {
                throw VitrinaError(.config, "\(file):\(line(node)): \(key(field)) is missing; add it, like \(field): \(example)")
            }
            return value
        }
        func text(_ field: String) throws -> String? {
            guard let value = map[field] else { return nil }
            guard case .scalar(let scalar) = value else {
                throw VitrinaError(.config, "\(file):\(line(value)): \(key(field)) must be text")
            }
            return scalar.string
        }
        func path(_ field: String, _ value: Node, allowRoot: Bool = false) throws -> JSONPath {
            guard case .scalar(let scalar) = value else {
                throw VitrinaError(.config, "\(file):\(line(value)): \(key(field)) must be a JSON path, like rating.rate or images[0]")
            }
            if allowRoot, scalar.string.isEmpty { return .root }
            return try parsed(field, scalar.string, at: value)
        }
        func parsed(_ field: String, _ text: String, at value: Node) throws -> JSONPath {
            do { return try JSONPath(parsing: text) } catch {
                throw VitrinaError(.config, "\(file):\(line(value)): \(key(field)) \(String(reflecting: text)) is not a JSON path: "
                    + "\(error.description); write keys joined by dots, with [N] for a list's items, like rating.rate or images[0]")
            }
        }
        func optionalPath(_ field: String) throws -> JSONPath? { try map[field].map { try path(field, $0) } }
        func parameter(_ field: String, default fallback: String, for paging: String, chosen: String) throws -> String {
            guard let value = try text(field) else { return fallback }
            guard chosen == paging else {
                throw VitrinaError(.config, "\(file):\(line(map[field]!)): \(key(field)) applies to paging: \(paging) only; remove it or set paging: \(paging)")
            }
            let bytes = Array(value.utf8)
            guard (1...64).contains(bytes.count), bytes.allSatisfy({ PercentEncoding.isUnreserved($0) }) else {
                throw VitrinaError(.config, "\(file):\(line(map[field]!)): \(key(field)) \(String(reflecting: value)) must be a query parameter name "
                    + "of 1 to 64 letters, digits, -, ., _ or ~")
            }
            return value
        }

        let listNode = try required("list", example: "/products")
        guard let list = try text("list") else { throw VitrinaError(.config, "\(file):\(line(listNode)): \(key("list")) must be text") }
        do { try URLTemplate.checkPathText(Array(list.utf8)) } catch {
            throw VitrinaError(.config, "\(file):\(line(listNode)): \(key("list")) \(String(reflecting: list)): \(error.description)")
        }

        let chosen = try text("paging") ?? "none"
        guard DeclaredItems.Paging.names.contains(chosen) else {
            throw VitrinaError(.config, "\(file):\(line(map["paging"]!)): \(key("paging")) \(String(reflecting: chosen)) is not a way of paging; "
                + "use one of: \(DeclaredItems.Paging.names.joined(separator: ", "))")
        }
        for (field, paging) in [("next", "next"), ("cursor", "cursor")] where map[field] != nil && chosen != paging {
            throw VitrinaError(.config, "\(file):\(line(map[field]!)): \(key(field)) applies to paging: \(paging) only; remove it or set paging: \(paging)")
        }
        let cursorParameter = try parameter("cursor_param", default: "cursor", for: "cursor", chosen: chosen)
        let offsetParameter = try parameter("offset_param", default: "offset", for: "offset", chosen: chosen)
        let limitParameter = try parameter("limit_param", default: "limit", for: "offset", chosen: chosen)
        let pageParameter = try parameter("page_param", default: "page", for: "pages", chosen: chosen)
        let paging: DeclaredItems.Paging
        switch chosen {
        case "next": paging = .next(try optionalPath("next") ?? JSONPath(segments: [.key("next")]))
        case "link": paging = .link
        case "cursor":
            let cursorNode = try required("cursor", example: "meta.next_cursor")
            paging = .cursor(try path("cursor", cursorNode), parameter: cursorParameter)
        case "offset":
            guard offsetParameter != limitParameter else {
                throw VitrinaError(.config, "\(file):\(line(node)): \(key("offset_param")) and \(key("limit_param")) are both \(offsetParameter); give them different names")
            }
            paging = .offset(offsetParameter: offsetParameter, limitParameter: limitParameter)
        case "pages": paging = .pages(parameter: pageParameter)
        default: paging = .none
        }

        var items = DeclaredItems(
            list: list, paging: paging, at: try map["at"].map { try path("at", $0, allowRoot: true) } ?? .root,
            id: try path("id", try required("id", example: "id")), title: try path("title", try required("title", example: "title")))
        items.slug = try optionalPath("slug")
        items.group = try optionalPath("group")

        if let detailNode = map["detail"], let urlNode = map["detail_url"] {
            throw VitrinaError(.config, "\(file):\(line(max(detailNode, urlNode, by: line))): \(key("detail")) and \(key("detail_url")) "
                + "both say where the detail is; keep one")
        }
        if let detailNode = map["detail"], let template = try text("detail") {
            do { items.detail = .template(try URLTemplate(parsing: template)) } catch {
                throw VitrinaError(.config, "\(file):\(line(detailNode)): \(key("detail")) \(String(reflecting: template)): \(error.description); "
                    + "write a path under base_url with {fields} of the list item, like /products/{id}")
            }
        }
        if let urlPath = try optionalPath("detail_url") { items.detail = .urlField(urlPath) }

        if let imagesNode = map["images"] {
            let nodes: [Node]
            if case .scalar = imagesNode { nodes = [imagesNode] } else if let sequence = imagesNode.sequence { nodes = Array(sequence) } else {
                throw VitrinaError(.config, "\(file):\(line(imagesNode)): \(key("images")) must be a list of JSON paths, like [image, thumbnail.url]")
            }
            guard nodes.count <= DeclaredItems.maxImages else {
                throw VitrinaError(.config, "\(file):\(line(imagesNode)): \(key("images")) names \(nodes.count) paths; at most \(DeclaredItems.maxImages)")
            }
            items.images = try nodes.map { try path("images", $0) }
        }

        if let sortNode = map["sort"], let sort = try text("sort") {
            let descending = sort.utf8.first == UInt8(ascii: "-")
            let field = descending ? String(decoding: sort.utf8.dropFirst(), as: UTF8.self) : sort
            items.sort = DeclaredItems.SortOrder(path: try parsed("sort", field, at: sortNode), descending: descending)
        }
        return items
    }

    private func max(_ first: Node, _ second: Node, by line: (Node) -> Int) -> Node { line(first) >= line(second) ? first : second }
}
