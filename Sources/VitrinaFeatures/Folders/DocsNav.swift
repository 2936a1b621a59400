import VitrinaKit

/// A book's nav as each page carries it and as the shared nav scripts hold it: a page holds its top level (up to
/// `topLimit` entries) and its path, each section on it open with only the next entry on the path (the others closed, without
/// their toggle and list, which the docs script adds); every section's
/// entries are in `assets/nav/KEY.N.HASH.js` scripts of at most `chunkSize`, named by `assets/nav/index.js`, which the
/// docs script loads when a section opens — so a page of a book of 100,000 pages carries tens of links, not the book.
/// La navegación de un libro: cada página lleva su nivel alto y su camino; el resto, en scripts compartidos por sección.
struct DocsNav: Sendable {
    let order: ReadingOrder
    /// Names this book's keys apart from another book's on the same site (`guide`, `root`).
    let book: String
    let language: String
    let link: @Sendable (ReadingOrder.Target) -> Route

    static let topLimit = 100
    static let chunkSize = 400
    static let indexPath = "assets/nav/index.js"

    /// A node's key in the scripts: `[A-Za-z0-9_-]`, at most 100.
    func key(_ node: Int?) -> String {
        let raw = "\(language)-\(book)-\(node.map(String.init) ?? "top")"
        let safe = String(raw.unicodeScalars.map { scalar -> Character in
            (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))) || scalar == "-" || scalar == "_" ? Character(scalar) : "_"
        })
        return String(safe.prefix(100))
    }

    // MARK: The page's part

    /// What the template's `docsNav` reads for the page at `route` whose node is `current`.
    func view(current: Int?, route: Route, label: (Int) -> String) -> TemplateValue {
        let path = current.map(order.path(to:)) ?? []
        let truncated = order.top.count > Self.topLimit
        let shown = truncated ? Array(path.prefix(1)) : order.top
        var fields: TemplateObject = [
            "items": .list(shown.map { item($0, path: path, current: current, route: route, label: label) }),
        ]
        if truncated { fields["rootKey"] = .string(key(nil)) }
        return .object(fields)
    }

    /// One entry; an entry on `path` (the nodes from the top down to the page) is open, holding only the next one on it.
    private func item(_ node: Int, path: [Int], current: Int?, route: Route, label: (Int) -> String) -> TemplateValue {
        let entry = order.nodes[node]
        let depth = path.firstIndex(of: node)
        var fields: TemplateObject = ["label": .string(label(node))]
        if let number = entry.number { fields["number"] = .string(number) }
        if depth != nil { fields["chunk"] = .int(entry.place / Self.chunkSize) }
        switch entry.kind {
        case .part: fields["part"] = true
        case .separator: fields["separator"] = true
        case .draft: fields["draft"] = true
        case .link(let url):
            fields["external"] = true
            fields["href"] = .string(url)
        case .page, .section:
            if let target = entry.target { fields["href"] = .string(route.link(to: link(target))) }
            fields["current"] = .bool(node == current)
            if entry.children.isEmpty {
                fields["page"] = true
            } else {
                let next = depth.flatMap { path.indices.contains($0 + 1) ? path[$0 + 1] : nil }
                fields["section"] = true
                fields["key"] = .string(key(node))
                fields["linked"] = .bool(entry.target != nil)
                // Only a section on the path carries its toggle and list; the script adds them to the others (bytes a page).
                // Solo una sección del camino lleva su botón y su lista; el script los añade a las demás.
                if depth != nil {
                    fields["open"] = .object(["key": .string(key(node)), "label": .string(label(node)),
                                              "children": .list(next.map { [item($0, path: path, current: current, route: route, label: label)] } ?? [])])
                }
            }
        }
        return .object(fields)
    }

    // MARK: The shared scripts

    /// Each list of the book (its top level and every section's entries) as chunk scripts, with the index naming them.
    func scripts(label: (Int) -> String) -> (index: [String: [String]], files: [DataFile]) {
        var index: [String: [String]] = [:]
        var files: [DataFile] = []
        var lists: [(key: String, nodes: [Int])] = [(key(nil), order.top)]
        for node in order.nodes.indices where !order.nodes[node].children.isEmpty { lists.append((key(node), order.nodes[node].children)) }
        for (listKey, nodes) in lists {
            let count = max(1, (nodes.count + Self.chunkSize - 1) / Self.chunkSize)
            for chunk in 0..<count {
                let entries: [Any] = nodes[(chunk * Self.chunkSize)..<min(nodes.count, (chunk + 1) * Self.chunkSize)].map { entry($0, label: label) }
                let text = "vitrinaNav(\(ScriptJSON.object(listKey)), \(chunk), \(count), \(ScriptJSON.object(entries)));\n"
                let bytes = Array(text.utf8)
                let name = "nav/\(listKey).\(chunk).\(String(Fingerprint.hex(bytes).prefix(8))).js"
                index[listKey, default: []].append(name)
                files.append(DataFile(path: "assets/" + name, bytes: bytes))
            }
        }
        return (index, files)
    }

    /// `[label, href from the site root, number, child list's key, kind]`: kind 0 page or section, 1 draft, 2 part,
    /// 3 separator, 4 another site.
    private func entry(_ node: Int, label: (Int) -> String) -> [Any] {
        let entry = order.nodes[node]
        let child = entry.children.isEmpty ? "" : key(node)
        let number = entry.number ?? ""
        switch entry.kind {
        case .draft: return [label(node), "", number, "", 1]
        case .part: return [label(node), "", "", "", 2]
        case .separator: return ["", "", "", "", 3]
        case .link(let url): return [label(node), url, number, "", 4]
        case .page, .section: return [label(node), entry.target.map { link($0).file } ?? "", number, child, 0]
        }
    }

    /// `assets/nav/index.js`: every book's lists by key, each its chunk files below `assets/`.
    static func indexScript(_ index: [String: [String]]) -> DataFile {
        DataFile(path: indexPath, bytes: Array("vitrinaNavIndex(\(ScriptJSON.object(index.mapValues { $0 as [Any] } as [String: Any])));\n".utf8))
    }
}
