import VitrinaKit

/// A book's nav as one page's sidebar: the whole tree when the book is small; else the top level and the path to the
/// page, each section on it open, so a page of a book of 100,000 pages carries tens of links, not the book.
/// La navegación de un libro como barra lateral de una página: todo el árbol si es pequeño; si no, el nivel alto y el camino.
struct SidebarHTML {
    let order: ReadingOrder
    let language: String
    let route: Route
    /// The page's node, if the nav lists it.
    let current: Int?
    /// Up to this many nodes the whole tree is written.
    let limit: Int
    let label: (Int) -> String
    let link: (ReadingOrder.Target) -> String
    let strings: [String: String]

    var html: String {
        let onPath = Set(current.map(order.path(to:)) ?? [])
        let whole = order.nodes.count <= limit
        var out = "<nav class=\"docs-nav\" id=\"docs-nav\" aria-label=\"\(escape(strings["docs_nav_label"] ?? "Navigation"))\">\n"
        list(order.top, onPath: onPath, whole: whole, into: &out)
        out += "</nav>"
        return out
    }

    /// An `<ol>` of `nodes`; below a node, its children when the tree is whole or the node is on the path.
    private func list(_ nodes: [Int], onPath: Set<Int>, whole: Bool, into out: inout String, id: Int? = nil) {
        out += id.map { "<ol id=\"nav-\($0)\">\n" } ?? "<ol class=\"nav-tree\">\n"
        for node in nodes where whole || onPath.contains(node) || order.nodes[node].parent == nil {
            item(node, onPath: onPath, whole: whole, into: &out)
        }
        out += "</ol>\n"
    }

    private func item(_ node: Int, onPath: Set<Int>, whole: Bool, into out: inout String) {
        let entry = order.nodes[node]
        let number = entry.number.map { "<span class=\"nav-number\">\(escape($0))</span> " } ?? ""
        switch entry.kind {
        case .part:
            out += "<li class=\"nav-part\">\(escape(label(node)))</li>\n"
            return
        case .separator:
            out += "<li class=\"nav-separator\" aria-hidden=\"true\"></li>\n"
            return
        case .draft:
            out += "<li class=\"nav-draft\"><span>\(number)\(escape(label(node)))</span></li>\n"
            return
        case .link(let url):
            let safe = url.hasPrefix("https://") || url.hasPrefix("http://") ? url : "#"
            out += "<li><a class=\"nav-external\" href=\"\(escape(safe))\">\(number)\(escape(label(node)))</a></li>\n"
            return
        case .page, .section: break
        }
        let hasChildren = !entry.children.isEmpty
        let open = onPath.contains(node)
        out += hasChildren ? "<li class=\"nav-section\(open ? " is-open" : "")\">" : "<li>"
        out += "<div class=\"nav-row\">"
        if let target = entry.target {
            out += "<a href=\"\(escape(link(target)))\"\(node == current ? " aria-current=\"page\"" : "")>\(number)\(escape(label(node)))</a>"
        } else {
            out += "<span class=\"nav-label\">\(number)\(escape(label(node)))</span>"
        }
        if hasChildren {
            out += "<button type=\"button\" class=\"nav-toggle\" aria-expanded=\"\(open)\" aria-controls=\"nav-\(node)\">"
                + "<span class=\"visually-hidden\">\(escape(label(node)))</span></button>"
        }
        out += "</div>"
        if hasChildren, whole || open { list(entry.children, onPath: onPath, whole: whole, into: &out, id: node) }
        out += "</li>\n"
    }

    private func escape(_ text: String) -> String { HTMLText.escape(text) }
}
