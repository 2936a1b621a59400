import CCmarkGFM
import Foundation
import Synchronization

/// Markdown to HTML through cmark-gfm with tables, strikethrough, autolinks and task lists.
/// Markdown a HTML con cmark-gfm: tablas, tachado, autoenlaces y listas de tareas.
public struct MarkdownRenderer: Sendable {
    public let allowRawHTML: Bool

    public init(allowRawHTML: Bool = false) {
        self.allowRawHTML = allowRawHTML
        Self.registerExtensions
    }

    private static let registerExtensions: Void = { cmark_gfm_core_extensions_ensure_registered() }()

    /// cmark-gfm 0.29 keeps the extensions' special characters (`~`, `w`, `:` …) in one process-wide
    /// table that every parse adds to and then clears, so parses must not overlap (github/cmark-gfm#176).
    private static let parseLock = Mutex(())

    /// Raw HTML out of cmark-gfm (safe mode drops raw HTML and dangerous URLs).
    /// Fenced code keeps its language as `class="language-x"`, not as `lang`, which is for human languages.
    public func html(_ markdown: String) -> String {
        Self.parseLock.withLock { _ in renderHTML(markdown) }
    }

    private func renderHTML(_ markdown: String) -> String {
        let options = CMARK_OPT_SMART | (allowRawHTML ? CMARK_OPT_UNSAFE : CMARK_OPT_DEFAULT)
        guard let parser = cmark_parser_new(options) else { return "" }
        defer { cmark_parser_free(parser) }
        for name in ["table", "strikethrough", "autolink", "tasklist"] {
            if let ext = cmark_find_syntax_extension(name) { cmark_parser_attach_syntax_extension(parser, ext) }
        }
        markdown.withCString { cmark_parser_feed(parser, $0, strlen($0)) }
        guard let document = cmark_parser_finish(parser) else { return "" }
        defer { cmark_node_free(document) }
        guard let rendered = cmark_render_html(document, options, cmark_parser_get_syntax_extensions(parser)) else { return "" }
        defer { free(rendered) }
        return String(cString: rendered)
    }

    /// The rendered document: HTML with heading ids and anchors, its headings, and its first heading.
    public func render(_ markdown: String) -> RenderedMarkdown {
        HeadingAnchors.apply(to: html(markdown))
    }
}

/// Markdown after rendering, with the table of contents it yields.
/// Markdown ya renderizado, con el índice que ofrece.
public struct RenderedMarkdown: Sendable {
    public let html: String
    public let headings: [Heading]

    public struct Heading: Sendable, Equatable {
        public let level: Int
        public let id: String
        public let text: String
    }

    public var firstHeading: String? { headings.first?.text }
}

/// Gives each heading a stable, unique id and a `#` anchor link.
/// Da a cada encabezado un id estable y único y un enlace `#`.
enum HeadingAnchors {
    static func apply(to html: String) -> RenderedMarkdown {
        var output = ""
        output.reserveCapacity(html.utf8.count + 256)
        var headings: [RenderedMarkdown.Heading] = []
        var used: [String: Int] = [:]
        var rest = html[...]
        let closers: [StaticString] = ["</h1>", "</h2>", "</h3>", "</h4>", "</h5>", "</h6>"]
        while let open = rest.firstRange(of: "<h") {
            let afterTag = rest[open.upperBound...]
            guard let levelChar = afterTag.first, let level = levelChar.wholeNumberValue, (1...6).contains(level),
                  afterTag.dropFirst().first == ">",
                  let close = afterTag.firstRange(of: closers[level - 1])
            else {
                output += rest[..<open.upperBound]
                rest = afterTag
                continue
            }
            output += rest[..<open.lowerBound]
            let inner = afterTag[afterTag.index(afterTag.startIndex, offsetBy: 2)..<close.lowerBound]
            let text = HTMLText.plain(String(inner))
            let base = Slug.make(text, fallback: "section")
            var id = base
            // `-1`, `-2` … for repeats, skipping any id another heading already took (`## Uso 1`).
            if var count = used[base] {
                repeat {
                    id = "\(base)-\(count)"
                    count += 1
                } while used[id] != nil
                used[base] = count
            }
            used[id] = 1
            headings.append(.init(level: level, id: id, text: text))
            output += "<h\(level) id=\"\(id)\">\(inner) <a class=\"anchor\" href=\"#\(id)\" aria-label=\"§ \(HTMLText.escape(text))\">#</a></h\(level)>"
            rest = afterTag[close.upperBound...]
        }
        output += rest
        if output[...].firstRange(of: "<table>") != nil {
            output = output.replacingOccurrences(of: "<table>", with: "<div class=\"table-wrap\"><table>")
                .replacingOccurrences(of: "</table>", with: "</table></div>")
        }
        return RenderedMarkdown(html: output, headings: headings)
    }
}

/// Escaping and tag stripping for HTML text.
/// Escape y limpieza de etiquetas para texto HTML.
public enum HTMLText {
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(c)
            }
        }
        return out
    }

    /// Text content of an HTML fragment, entities decoded for the common cases.
    public static func plain(_ html: String) -> String {
        var text = ""
        var inTag = false
        for c in html {
            if c == "<" { inTag = true } else if c == ">" { inTag = false } else if !inTag { text.append(c) }
        }
        guard text.contains("&") else { return text.trimmingCharacters(in: .whitespacesAndNewlines) }
        return text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&").trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
