import Foundation
import Yams

/// A docs folder's own table of contents — MkDocs' `nav` or mdBook's `SUMMARY.md` — as one tree: its order is the
/// reading order (previous, next), its nesting the sidebar's, its titles and numbers the ones readers know.
/// La tabla de contenidos propia de una carpeta de documentación (`nav` de MkDocs o `SUMMARY.md` de mdBook).
public struct DocsOutline: Sendable, Equatable {
    /// The file it was read from, for messages: `mkdocs.yml`, `src/SUMMARY.md`.
    public var file: String
    public var entries: [Entry]

    public struct Entry: Sendable, Equatable {
        public enum Kind: Sendable, Equatable {
            /// A page, by its file below the content folder; with children it is also their section's index.
            case page(path: String)
            /// A heading over its children, with no page of its own.
            case section
            /// Another site.
            case link(url: String)
            /// mdBook's `- [Title]()`: listed, not linked.
            case draft
            /// mdBook's `# Part title`.
            case part
            /// mdBook's `---`.
            case separator
        }

        public var kind: Kind
        /// nil: the page's own title.
        public var title: String?
        /// mdBook's chapter number, `1.2.`.
        public var number: String?
        public var children: [Entry] = []
        /// Its line in `file`.
        public var line: Int

        public init(kind: Kind, title: String?, number: String? = nil, children: [Entry] = [], line: Int) {
            (self.kind, self.title, self.number, self.children, self.line) = (kind, title, number, children, line)
        }

        public var path: String? { if case .page(let path) = kind { path } else { nil } }
    }

    public init(file: String, entries: [Entry]) {
        self.file = file
        self.entries = entries
    }

    /// Every page's file in reading order, depth first.
    public var pagePaths: [String] {
        var paths: [String] = []
        func walk(_ entries: [Entry]) { for entry in entries { if let path = entry.path { paths.append(path) }; walk(entry.children) } }
        walk(entries)
        return paths
    }

    /// Whether a nav's link may be one: another site over http(s), or mail. Any other scheme (`javascript:`, `data:`)
    /// is listed, not linked.
    /// Si el enlace de un nav puede serlo: otro sitio por http(s), o correo.
    public static func isWebAddress(_ url: String) -> Bool {
        let lower = url.lowercased()
        return lower.hasPrefix("https://") || lower.hasPrefix("http://") || lower.hasPrefix("mailto:")
    }

    /// The most entries and the deepest nesting an outline may have: a hostile nav is an error, not minutes of work.
    public static let maxEntries = 200_000
    public static let maxDepth = 32
}

/// MkDocs' `nav`: a list of `path`, `Title: path`, `Title: https://…` and `Title: [children]`.
/// El `nav` de MkDocs: rutas, `Título: ruta`, enlaces y secciones con hijos.
public enum MkDocsNav {
    public static func read(_ node: Node, file: String) throws -> DocsOutline {
        var count = 0
        return DocsOutline(file: file, entries: try entries(node, file: file, depth: 0, count: &count))
    }

    static func entries(_ node: Node, file: String, depth: Int, count: inout Int) throws -> [DocsOutline.Entry] {
        guard let items = node.sequence else {
            throw VitrinaError(.config, "\(file):\(node.mark?.line ?? 1): nav must be a list: - index.md, - Title: page.md, - Section: [...]")
        }
        guard depth < DocsOutline.maxDepth else {
            throw VitrinaError(.config, "\(file):\(node.mark?.line ?? 1): nav nests more than \(DocsOutline.maxDepth) levels deep; flatten it")
        }
        var result: [DocsOutline.Entry] = []
        for item in items {
            count += 1
            guard count <= DocsOutline.maxEntries else {
                throw VitrinaError(.config, "\(file):\(item.mark?.line ?? 1): nav has more than \(DocsOutline.maxEntries) entries")
            }
            let line = item.mark?.line ?? 1
            if let path = item.string {
                result.append(entry(title: nil, target: path, line: line))
            } else if let pair = item.mapping?.first, item.mapping?.count == 1 {
                let title = pair.key.string ?? ""
                if let target = pair.value.string {
                    result.append(entry(title: title, target: target, line: line))
                } else {
                    result.append(section(title: title, children: try entries(pair.value, file: file, depth: depth + 1, count: &count), line: line))
                }
            } else {
                throw VitrinaError(.config, "\(file):\(line): each nav entry is a path or one Title: path (or Title: [...])")
            }
        }
        return result
    }

    /// A page, or a link when the target is another site.
    static func entry(title: String?, target: String, line: Int) -> DocsOutline.Entry {
        if target.contains("://") || target.lowercased().hasPrefix("mailto:") {
            return .init(kind: DocsOutline.isWebAddress(target) ? .link(url: target) : .draft, title: title ?? target, line: line)
        }
        let path = target.hasPrefix("/") ? String(target.dropFirst()) : target
        return .init(kind: .page(path: path), title: title, line: line)
    }

    /// A section; its first child, when it is an untitled index page (Material's `navigation.indexes`), is its page.
    static func section(title: String, children: [DocsOutline.Entry], line: Int) -> DocsOutline.Entry {
        if let first = children.first, first.title == nil, first.children.isEmpty, let path = first.path, isIndex(path) {
            return .init(kind: .page(path: path), title: title, children: Array(children.dropFirst()), line: line)
        }
        return .init(kind: .section, title: title, children: children, line: line)
    }

    static func isIndex(_ path: String) -> Bool {
        let name = (path as NSString).lastPathComponent.lowercased()
        return name == "index.md" || name == "readme.md"
    }

    /// Where MkDocs publishes a page with directory URLs: `setup/install.md` → `setup/install/`, `index.md` → ``.
    public static func address(of path: String) -> String {
        var path = path.hasPrefix("/") ? String(path.dropFirst()) : path
        guard path.hasSuffix(".md") else { return path }
        path.removeLast(3)
        let name = (path as NSString).lastPathComponent.lowercased()
        if name == "index" || name == "readme" { path = String(path.dropLast(name.utf8.count)) } else { path += "/" }
        return path
    }
}

/// mdBook's `SUMMARY.md`: an optional title, prefix chapters, parts of numbered chapters (nested lists), drafts
/// (`[Title]()`), separators (`---`) and suffix chapters.
/// El `SUMMARY.md` de mdBook: capítulos de prefijo, partes de capítulos numerados, borradores, separadores y sufijo.
public enum MdBookSummary {
    public static func read(_ text: String, file: String) throws -> DocsOutline {
        var entries: [DocsOutline.Entry] = []
        // Each open list level: its indentation and the entries gathered in it.
        var stack: [(indent: Int, entries: [DocsOutline.Entry])] = []
        var topNumber = 0
        var sawChapters = false
        var lineNumber = 0

        func closeLevels(above indent: Int) {
            while let last = stack.last, last.indent > indent, stack.count > 1 {
                stack.removeLast()
                stack[stack.count - 1].entries[stack[stack.count - 1].entries.count - 1].children = last.entries
            }
        }
        func closeAll() {
            closeLevels(above: -1)
            if let level = stack.popLast() { entries += level.entries }
        }
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            guard lineNumber <= DocsOutline.maxEntries else {
                throw VitrinaError(.content, "\(file):\(lineNumber): more than \(DocsOutline.maxEntries) lines; a summary lists chapters")
            }
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            let indent = line.prefix { $0 == " " || $0 == "\t" }.reduce(0) { $0 + ($1 == "\t" ? 4 : 1) }
            let body = line.drop { $0 == " " || $0 == "\t" }
            if body.isEmpty || body.hasPrefix("<!--") { continue }
            if body.hasPrefix("#") {
                let title = body.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
                // The first heading before any chapter is the summary's own title; later ones are parts.
                guard sawChapters else { sawChapters = true; continue }
                closeAll()
                entries.append(.init(kind: .part, title: title, line: lineNumber))
                continue
            }
            if body.allSatisfy({ $0 == "-" || $0 == " " }) && body.filter({ $0 == "-" }).count >= 3 {
                closeAll()
                entries.append(.init(kind: .separator, title: nil, line: lineNumber))
                continue
            }
            let isItem = body.hasPrefix("- ") || body.hasPrefix("* ") || body.hasPrefix("+ ")
            let linkText = isItem ? body.dropFirst(2).drop { $0 == " " } : body
            guard let (title, target) = link(linkText) else {
                throw VitrinaError(.content, "\(file):\(lineNumber): expected a chapter as [Title](file.md)\(isItem ? "" : " or - [Title](file.md)"), "
                    + "a part title (# Title) or a separator (---); found \(String(reflecting: String(body.prefix(60))))")
            }
            sawChapters = true
            guard isItem else {
                closeAll()
                entries.append(chapter(title: title, target: target, number: nil, line: lineNumber))
                continue
            }
            if stack.isEmpty { stack.append((indent, [])) }
            if indent > stack[stack.count - 1].indent {
                guard !stack[stack.count - 1].entries.isEmpty else {
                    throw VitrinaError(.content, "\(file):\(lineNumber): a nested chapter needs a chapter above it")
                }
                guard stack.count < DocsOutline.maxDepth else {
                    throw VitrinaError(.content, "\(file):\(lineNumber): chapters nest more than \(DocsOutline.maxDepth) levels deep")
                }
                stack.append((indent, []))
            } else {
                closeLevels(above: indent)
            }
            let number: String
            if stack.count == 1 {
                topNumber += 1
                number = "\(topNumber)."
            } else {
                let parent = stack[stack.count - 2].entries.last?.number ?? ""
                number = parent + "\(stack[stack.count - 1].entries.count + 1)."
            }
            stack[stack.count - 1].entries.append(chapter(title: title, target: target, number: number, line: lineNumber))
        }
        closeAll()
        return DocsOutline(file: file, entries: entries)
    }

    /// A chapter: a page, or a draft when its link is empty.
    static func chapter(title: String, target: String, number: String?, line: Int) -> DocsOutline.Entry {
        guard !target.isEmpty else { return .init(kind: .draft, title: title, number: number, line: line) }
        if target.contains("://") || target.lowercased().hasPrefix("mailto:") {
            return .init(kind: DocsOutline.isWebAddress(target) ? .link(url: target) : .draft, title: title, number: number, line: line)
        }
        let decoded = target.removingPercentEncoding ?? target
        return .init(kind: .page(path: decoded.hasPrefix("./") ? String(decoded.dropFirst(2)) : decoded), title: title, number: number, line: line)
    }

    /// `[Title](target)` alone on its line (the title may hold brackets, code and escapes), as text and target.
    static func link(_ text: Substring) -> (title: String, target: String)? {
        guard text.first == "[" else { return nil }
        var depth = 0
        var index = text.startIndex
        var escaped = false
        while index < text.endIndex {
            let character = text[index]
            if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "[" { depth += 1 } else if character == "]" {
                depth -= 1
                if depth == 0 { break }
            }
            index = text.index(after: index)
        }
        guard index < text.endIndex else { return nil }
        let title = text[text.index(after: text.startIndex)..<index]
        let rest = text[text.index(after: index)...].trimmingCharacters(in: .whitespaces)
        guard rest.hasPrefix("("), rest.hasSuffix(")") else { return nil }
        var target = String(rest.dropFirst().dropLast()).trimmingCharacters(in: .whitespaces)
        if target.hasPrefix("<"), target.hasSuffix(">") { target = String(target.dropFirst().dropLast()) }
        return (plainTitle(title), target)
    }

    /// A chapter's title as text: escapes and code marks removed.
    static func plainTitle(_ title: Substring) -> String {
        var result = ""
        var escaped = false
        for scalar in title.unicodeScalars {
            if escaped { result.unicodeScalars.append(scalar); escaped = false; continue }
            switch scalar {
            case "\\": escaped = true
            case "`": continue
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result.trimmingCharacters(in: .whitespaces)
    }
}
