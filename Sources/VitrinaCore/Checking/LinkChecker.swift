import Foundation

/// The links and anchors of one written HTML file.
/// Los enlaces y anclas de un fichero HTML escrito.
public struct PageLinks: Sendable {
    public let file: String
    public let links: [String]
    public let ids: Set<String>

    /// Reads `href`/`src` values and `id`s from HTML.
    public static func extract(file: String, html: String) -> PageLinks {
        PageLinks(file: file, links: values(of: ["href", "src"], in: html), ids: Set(values(of: ["id"], in: html)))
    }

    static func values(of attributes: [String], in html: String) -> [String] {
        var found: [String] = []
        for attribute in attributes {
            var rest = html[...]
            let marker = " \(attribute)=\""
            while let range = rest.range(of: marker) {
                let after = rest[range.upperBound...]
                guard let end = after.firstIndex(of: "\"") else { break }
                found.append(String(after[..<end]))
                rest = after[end...]
            }
        }
        return found
    }
}

/// Checks that every internal link and `#anchor` points at something the build wrote.
/// Comprueba que cada enlace interno y cada `#ancla` apunta a algo que la construcción escribió.
public struct LinkChecker: Sendable {
    public init() {}

    public func check(pages: [PageLinks], files: Set<String>) -> [String] {
        let idsByFile = Dictionary(pages.map { ($0.file, $0.ids) }, uniquingKeysWith: { a, _ in a })
        var problems: [String] = []
        for page in pages.sorted(by: { $0.file < $1.file }) {
            for link in Set(page.links).sorted() where Self.isInternal(link) {
                let decoded = link.replacingOccurrences(of: "&amp;", with: "&")
                let parts = decoded.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                // `?page=2` alone links to this page: keep the empty path before the `?`.
                let path = parts[0].split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
                let fragment = parts.count > 1 ? parts[1] : nil
                let target = path.isEmpty ? page.file : Self.resolve(path, from: page.file)
                guard let target, files.contains(target) else {
                    problems.append("\(page.file) links to \(link), which is not in the output")
                    continue
                }
                if let fragment, !fragment.isEmpty, let ids = idsByFile[target], !ids.contains(fragment.removingPercentEncoding ?? fragment) {
                    problems.append("\(page.file) links to \(link), but \(target) has no id \"\(fragment)\"")
                }
            }
        }
        return problems
    }

    static func isInternal(_ link: String) -> Bool {
        !(link.isEmpty || link.hasPrefix("//") || link.contains(":") && link.prefix { $0 != ":" }.allSatisfy { $0.isLetter || $0 == "+" || $0 == "." || $0 == "-" })
    }

    /// `../a/index.html` from `x/y/index.html` → `x/a/index.html`; nil when it climbs above the root.
    static func resolve(_ link: String, from file: String) -> String? {
        var parts = file.split(separator: "/").dropLast().map(String.init)
        for segment in link.split(separator: "/", omittingEmptySubsequences: false) {
            switch segment {
            case "..": if parts.isEmpty { return nil } else { parts.removeLast() }
            case ".", "": continue
            default: parts.append(String(segment).removingPercentEncoding ?? String(segment))
            }
        }
        var path = parts.joined(separator: "/")
        if link.hasSuffix("/") { path += path.isEmpty ? "index.html" : "/index.html" }
        return path
    }
}
