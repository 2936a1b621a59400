import VitrinaKit

/// A book's reading order: its nav (`mkdocs.yml`'s `nav`, mdBook's `SUMMARY.md`) or, without one, its folders as
/// GitHub lists them (the index first, then pages by weight and name, then folders), as one tree over the folder's
/// pages: previous and next, the sidebar, the breadcrumbs and the numbers come from it.
/// El orden de lectura de un libro: su nav o, sin él, sus carpetas como las lista GitHub.
struct ReadingOrder: Sendable {
    /// What a node leads to: a page of a section (both places in `sections`), a section's index page, or nothing.
    enum Target: Sendable, Equatable, Hashable {
        case page(section: Int, page: Int)
        case index(section: Int)
    }
    enum Kind: Sendable, Equatable { case page, section, link(String), draft, part, separator }

    struct Node: Sendable {
        var kind: Kind
        var target: Target?
        /// The folder a node stands for when it has no index page (its title is the folder's).
        var folder: Int?
        /// The nav's title; nil: the page's or section's own in each language.
        var title: String?
        var number: String?
        var parent: Int?
        var children: [Int] = []
        /// Its place among its parent's children (or the top level).
        var place = 0
    }

    /// The book's sections, depth first from its root (`MarkdownFolder.all`): targets name them by place.
    let sections: [MarkdownFolder]
    /// Each section's place in `sections`, by its folders.
    private let placeOf: [[String]: Int]
    private(set) var nodes: [Node] = []
    private(set) var top: [Int] = []
    /// Nodes with a page, in reading order.
    private(set) var reading: [Int] = []
    /// The node of each page listed, and its place in `reading`.
    private(set) var nodeOf: [Target: Int] = [:]
    private(set) var placeInReading: [Int: Int] = [:]
    /// Entries of the nav naming a file that is not there, at their line.
    private(set) var warnings: [String] = []

    /// The order of `root` from `outline`, or from its folders when nil.
    init(root: MarkdownFolder, outline: DocsOutline?) {
        sections = root.all
        placeOf = Dictionary(sections.enumerated().map { ($1.folders, $0) }, uniquingKeysWith: { first, _ in first })
        if let outline {
            let files = Self.files(of: sections)
            top = outline.entries.map { add($0, parent: nil, files: files, outline: outline) }
        } else {
            top = folderEntries(0, parent: nil, isRoot: true)
        }
        for (place, node) in top.enumerated() { nodes[node].place = place }
        for parent in nodes.indices { for (place, child) in nodes[parent].children.enumerated() { nodes[child].place = place } }
        for node in nodes.indices where nodes[node].target != nil && nodeOf[nodes[node].target!] == nil {
            nodeOf[nodes[node].target!] = node
        }
        var order: [Int] = []
        func walk(_ list: [Int]) { for node in list { if nodes[node].target != nil { order.append(node) }; walk(nodes[node].children) } }
        walk(top)
        var seen = Set<Target>()
        reading = order.filter { seen.insert(nodes[$0].target!).inserted }
        for (place, node) in reading.enumerated() { placeInReading[node] = place }
    }

    /// Each page's and index's file below the content folder (`setup/install.md`), as a target.
    static func files(of sections: [MarkdownFolder]) -> [String: Target] {
        var files: [String: Target] = [:]
        for (place, section) in sections.enumerated() {
            for version in section.index?.versions.values ?? [:].values { files[Self.below(version.file)] = .index(section: place) }
            for (index, page) in section.pages.enumerated() {
                for version in page.versions.values { files[Self.below(version.file)] = .page(section: place, page: index) }
            }
        }
        return files
    }

    /// `docs/setup/install.md` → `setup/install.md`, as the link resolver keys pages.
    static func below(_ display: String) -> String { ContentLinks.contentPath(display) }

    private mutating func append(_ node: Node) -> Int {
        nodes.append(node)
        return nodes.count - 1
    }

    /// One entry of the nav and its children.
    private mutating func add(_ entry: DocsOutline.Entry, parent: Int?, files: [String: Target], outline: DocsOutline) -> Int {
        var node = Node(kind: .page, target: nil, title: entry.title, number: entry.number, parent: parent)
        switch entry.kind {
        case .page(let path):
            let clean = Self.normalised(path)
            if let target = files[clean] {
                node.target = target
            } else {
                warnings.append("\(outline.file):\(entry.line): the nav names \(path), which is not in the pages' folder; it is listed, not linked")
                node.kind = .draft
                node.title = entry.title ?? path
            }
        case .section: node.kind = .section
        case .link(let url): node.kind = .link(url)
        case .draft: node.kind = .draft
        case .part: node.kind = .part
        case .separator: node.kind = .separator
        }
        let place = append(node)
        let children = entry.children.map { add($0, parent: place, files: files, outline: outline) }
        nodes[place].children = children
        return place
    }

    /// `./a/../b.md` → `b.md`; a path that leaves the folder stays as written (and matches nothing).
    static func normalised(_ path: String) -> String { SafePath.inside("", path) ?? path }

    /// A section's pages, then its folders (each under its index page, or under its title), as GitHub lists them.
    private mutating func folderEntries(_ place: Int, parent: Int?, isRoot: Bool) -> [Int] {
        let section = sections[place]
        var list: [Int] = []
        if isRoot, section.index != nil { list.append(append(Node(kind: .page, target: .index(section: place), parent: parent))) }
        for index in section.pages.indices {
            list.append(append(Node(kind: .page, target: .page(section: place, page: index), parent: parent)))
        }
        for child in section.subsections {
            guard let childPlace = placeOf[child.folders] else { continue }
            let node = append(Node(kind: child.index == nil ? .section : .page, target: child.index == nil ? nil : .index(section: childPlace),
                                   folder: childPlace, parent: parent))
            nodes[node].children = folderEntries(childPlace, parent: node, isRoot: false)
            list.append(node)
        }
        return list
    }

    /// The nodes from the top down to `node`, `node` included.
    func path(to node: Int) -> [Int] {
        var chain = [node]
        while let parent = nodes[chain[0]].parent, chain.count <= DocsOutline.maxDepth { chain.insert(parent, at: 0) }
        return chain
    }

    /// The page read before and after `node`, if it is in the reading order.
    func neighbours(of node: Int) -> (previous: Int?, next: Int?) {
        guard let place = placeInReading[node] else { return (nil, nil) }
        return (place > 0 ? reading[place - 1] : nil, place + 1 < reading.count ? reading[place + 1] : nil)
    }
}
