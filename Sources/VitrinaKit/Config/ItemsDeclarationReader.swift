import Yams

/// Reads a source's `items:` mapping (site.yml or a source.yml); every error names the file, the line and the key to fix.
/// Lee el mapa `items:` de una fuente (site.yml o un source.yml); cada error nombra el fichero, la línea y la clave que corregir.
extension YAMLReader {
    func itemsDeclaration(_ node: Node, source name: String) throws -> ItemsDeclaration {
        let key = { (field: String) in sourceKey(name, "items\(field.isEmpty ? "" : ".\(field)")") }
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
            guard let text = keyNode.string, ItemsDeclaration.keys.contains(text) else {
                throw VitrinaError(.config, "\(file):\(line(keyNode)): \(key(keyNode.string ?? "?")) is not a key items: knows; "
                    + "use some of: \(ItemsDeclaration.keys.joined(separator: ", "))")
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
        guard ItemsDeclaration.Paging.names.contains(chosen) else {
            throw VitrinaError(.config, "\(file):\(line(map["paging"]!)): \(key("paging")) \(String(reflecting: chosen)) is not a way of paging; "
                + "use one of: \(ItemsDeclaration.Paging.names.joined(separator: ", "))")
        }
        for (field, paging) in [("next", "next"), ("cursor", "cursor")] where map[field] != nil && chosen != paging {
            throw VitrinaError(.config, "\(file):\(line(map[field]!)): \(key(field)) applies to paging: \(paging) only; remove it or set paging: \(paging)")
        }
        let cursorParameter = try parameter("cursor_param", default: "cursor", for: "cursor", chosen: chosen)
        let offsetParameter = try parameter("offset_param", default: "offset", for: "offset", chosen: chosen)
        let limitParameter = try parameter("limit_param", default: "limit", for: "offset", chosen: chosen)
        let pageParameter = try parameter("page_param", default: "page", for: "pages", chosen: chosen)
        let paging: ItemsDeclaration.Paging
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

        var items = ItemsDeclaration(
            list: list, paging: paging, at: try map["at"].map { try path("at", $0, allowRoot: true) } ?? .root,
            id: try path("id", try required("id", example: "id")), title: try path("title", try required("title", example: "title")))
        if let slugNode = map["slug"], let slug = try text("slug") {
            do { items.slug = try FieldText(parsing: slug) } catch {
                throw VitrinaError(.config, "\(file):\(line(slugNode)): \(key("slug")) \(String(reflecting: slug)): \(error.description); "
                    + "write a JSON path like name, or {fields} joined by slug text, like {id}-{title}")
            }
            guard items.slug?.literalsAreSlugText == true else {
                throw VitrinaError(.config, "\(file):\(line(slugNode)): \(key("slug")) \(String(reflecting: slug)): the text between {fields} "
                    + "becomes part of a URL; use lowercase letters, digits and hyphens, like {id}-{title}")
            }
        }
        items.group = try optionalPath("group")
        if let node = map["taxonomies"] {
            guard let mapping = node.mapping, mapping.count <= Taxonomy.maxTaxonomies else {
                throw VitrinaError(.config, "\(file):\(line(node)): \(key("taxonomies")) maps taxonomies to fields, like {categories: category}")
            }
            for (name, value) in mapping {
                guard let taxonomy = name.string, Slug.make(taxonomy, fallback: "") == taxonomy || taxonomy.contains("_") else {
                    throw VitrinaError(.config, "\(file):\(line(name)): \(key("taxonomies")) names a taxonomy of site.yml, like categories")
                }
                items.taxonomies[taxonomy] = try path("taxonomies.\(taxonomy)", value)
            }
        }
        items.description = try optionalPath("description")
        if let kindNode = map["kind"], let kind = try text("kind") {
            guard Slug.make(kind, fallback: "") == kind else {
                throw VitrinaError(.config, "\(file):\(line(kindNode)): \(key("kind")) \(String(reflecting: kind)) names strings (kind_\(kind)) "
                    + "and page kinds; use lowercase letters, digits and hyphens, like \(String(reflecting: Slug.make(kind, fallback: "product")))")
            }
            items.kind = kind
        }
        if let iconNode = map["icon"], let icon = try text("icon") {
            guard (1...8).contains(icon.unicodeScalars.count) else {
                throw VitrinaError(.config, "\(file):\(line(iconNode)): \(key("icon")) must be 1 to 8 characters, like ◈")
            }
            items.icon = icon
        }
        if let perPageNode = map["per_page"] {
            if perPageNode.string == "all" { items.perPage = .max } else {
                guard let count = perPageNode.int, (1...1_000).contains(count) else {
                    throw VitrinaError(.config, "\(file):\(line(perPageNode)): \(key("per_page")) must be a whole number from 1 to 1000, or all")
                }
                items.perPage = count
            }
        }
        if let orderNode = map["group_order"], let order = try text("group_order") {
            guard let chosen = ItemsDeclaration.GroupOrder(rawValue: order) else {
                throw VitrinaError(.config, "\(file):\(line(orderNode)): \(key("group_order")) \(String(reflecting: order)) is not an order; "
                    + "use first (as their first item comes) or name")
            }
            items.groupOrder = chosen
        }
        if let albumNode = map["album"] {
            guard let album = albumNode.bool else { throw VitrinaError(.config, "\(file):\(line(albumNode)): \(key("album")) must be true or false") }
            guard !album || items.group != nil else {
                throw VitrinaError(.config, "\(file):\(line(albumNode)): \(key("album")) makes one album per group; add group: too")
            }
            items.album = album
        }
        if let numbersNode = map["numbers"] { items.numbers = try numberFormats(numbersNode, key: key) }
        if let currencyNode = map["currency"], let currency = try text("currency") {
            guard currency.utf8.count == 3, currency.utf8.allSatisfy({ (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) else {
                throw VitrinaError(.config, "\(file):\(line(currencyNode)): \(key("currency")) \(String(reflecting: currency)) must be an ISO 4217 code "
                    + "of three capital letters, like USD or EUR")
            }
            items.currency = currency
        }

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

        /// A path or a list of paths, at most `most`.
        func paths(_ field: String, most: Int, example: String) throws -> [JSONPath] {
            guard let listNode = map[field] else { return [] }
            let nodes: [Node]
            if case .scalar = listNode { nodes = [listNode] } else if let sequence = listNode.sequence { nodes = Array(sequence) } else {
                throw VitrinaError(.config, "\(file):\(line(listNode)): \(key(field)) must be a list of JSON paths, like \(example)")
            }
            guard nodes.count <= most else {
                throw VitrinaError(.config, "\(file):\(line(listNode)): \(key(field)) names \(nodes.count) paths; at most \(most)")
            }
            return try nodes.map { try path(field, $0) }
        }
        items.images = try paths("images", most: ItemsDeclaration.maxImages, example: "[image, thumbnail.url]")
        items.search = try paths("search", most: ItemsDeclaration.maxSearchFields, example: "[category, brand]")

        if let sortNode = map["sort"], let sort = try text("sort") {
            let descending = sort.utf8.first == UInt8(ascii: "-")
            let field = descending ? String(decoding: sort.utf8.dropFirst(), as: UTF8.self) : sort
            items.sort = ItemsDeclaration.SortOrder(path: try parsed("sort", field, at: sortNode), descending: descending)
        }
        return items
    }

    /// `numbers:`: a name for templates, each with `at:` (a JSON path) and optional `digits:`, `percent_of:` and `text:`.
    private func numberFormats(_ node: Node, key: (String) -> String) throws -> [ItemsDeclaration.NumberFormat] {
        guard let map = node.mapping else {
            throw VitrinaError(.config, "\(file):\(line(node)): \(key("numbers")) must be a mapping of names, like price: {at: price, digits: 2}")
        }
        guard map.count <= ItemsDeclaration.maxNumbers else {
            throw VitrinaError(.config, "\(file):\(line(node)): \(key("numbers")) names \(map.count) numbers; at most \(ItemsDeclaration.maxNumbers)")
        }
        return try map.map { nameNode, entry in
            let name = nameNode.string ?? ""
            let field = key("numbers.\(name)")
            guard Slug.make(name, fallback: "") == name.lowercased(), !name.utf8.contains(UInt8(ascii: "-")),
                  name.utf8.first.map({ !(48...57).contains($0) }) == true else {
                throw VitrinaError(.config, "\(file):\(line(nameNode)): \(field): a number's name is used as {{numbers.name}}; use letters and digits, like price")
            }
            guard let settings = entry.mapping else {
                throw VitrinaError(.config, "\(file):\(line(entry)): \(field) must be a mapping with at:, like {at: rating.rate, digits: 1}")
            }
            for (settingNode, _) in settings where !["at", "digits", "percent_of", "text"].contains(settingNode.string ?? "") {
                throw VitrinaError(.config, "\(file):\(line(settingNode)): \(field).\(settingNode.string ?? "?") is not a setting of a number; "
                    + "use some of: at, digits, percent_of, text")
            }
            guard let pathNode = settings["at"], let pathText = pathNode.string else {
                throw VitrinaError(.config, "\(file):\(line(entry)): \(field).at is missing; add the JSON path of the number, like at: price")
            }
            let path: JSONPath
            do { path = try JSONPath(parsing: pathText) } catch {
                throw VitrinaError(.config, "\(file):\(line(pathNode)): \(field).at \(String(reflecting: pathText)) is not a JSON path: \(String(describing: error))")
            }
            var format = ItemsDeclaration.NumberFormat(name: name, path: path)
            if let digitsNode = settings["digits"] {
                guard let digits = digitsNode.int, (0...6).contains(digits) else {
                    throw VitrinaError(.config, "\(file):\(line(digitsNode)): \(field).digits must be a whole number from 0 to 6")
                }
                format.digits = digits
            }
            if let maximumNode = settings["percent_of"] {
                guard let maximum = maximumNode.float, maximum.isFinite, maximum > 0, maximum <= ItemsDeclaration.NumberFormat.maxMagnitude else {
                    throw VitrinaError(.config, "\(file):\(line(maximumNode)): \(field).percent_of must be a number above 0, like 5")
                }
                format.percentOf = maximum
            }
            if let textNode = settings["text"] {
                guard let textKey = textNode.string, Slug.make(textKey, fallback: "").replacingOccurrences(of: "-", with: "_") == textKey else {
                    throw VitrinaError(.config, "\(file):\(line(textNode)): \(field).text must be a strings key of lowercase letters, digits "
                        + "and underscores whose text holds {value}, like price_usd")
                }
                format.text = textKey
            }
            return format
        }
    }

    private func max(_ first: Node, _ second: Node, by line: (Node) -> Int) -> Node { line(first) >= line(second) ? first : second }
}
