import CCmarkGFM
import Foundation
import Synchronization

/// Markdown to HTML through cmark-gfm with tables, strikethrough, autolinks and task lists.
/// Markdown a HTML con cmark-gfm: tablas, tachado, autoenlaces y listas de tareas.
public struct MarkdownRenderer: Sendable {
    public let allowRawHTML: Bool

    public init(allowRawHTML: Bool = false) {
        self.allowRawHTML = allowRawHTML
        Self.setUp
    }

    static let extensionNames = ["table", "strikethrough", "autolink", "tasklist"]

    private static let setUp: Void = { cmark_gfm_core_extensions_ensure_registered() }()

    /// cmark-gfm 0.29 keeps the extensions' special characters (`~`, `|`, `:`, `w`) in one process-wide table that each
    /// parse fills and then clears (github/cmark-gfm#176), so parsing must not overlap; rendering and the anchors may.
    /// El análisis de cmark-gfm no puede solaparse (tabla global de caracteres especiales); el resto va en paralelo.
    private static let parseLock = Mutex(())

    /// Raw HTML out of cmark-gfm (safe mode drops raw HTML and dangerous URLs), handed to `body` while it lives.
    func withHTML<T>(_ markdown: String, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        let options = CMARK_OPT_SMART | (allowRawHTML ? CMARK_OPT_UNSAFE : CMARK_OPT_DEFAULT)
        guard let parser = cmark_parser_new(options) else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        defer { cmark_parser_free(parser) }
        for name in Self.extensionNames {
            if let ext = cmark_find_syntax_extension(name) { cmark_parser_attach_syntax_extension(parser, ext) }
        }
        var markdown = markdown
        let parsed = markdown.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { text in
                Self.parseLock.withLock { _ in
                    if let start = text.baseAddress, text.count > 0 { cmark_parser_feed(parser, start, text.count) }
                    return UInt(bitPattern: cmark_parser_finish(parser))
                }
            }
        }
        guard let document = OpaquePointer(bitPattern: parsed) else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        defer { cmark_node_free(document) }
        guard let rendered = cmark_render_html(document, options, cmark_parser_get_syntax_extensions(parser)) else {
            return body(UnsafeBufferPointer(start: nil, count: 0))
        }
        defer { free(rendered) }
        return rendered.withMemoryRebound(to: UInt8.self, capacity: 1) { body(UnsafeBufferPointer(start: $0, count: strlen(rendered))) }
    }

    /// Raw HTML out of cmark-gfm.
    public func html(_ markdown: String) -> String {
        withHTML(markdown) { String(decoding: $0, as: UTF8.self) }
    }

    /// The rendered document: HTML with heading ids and anchors, its headings, and its first heading.
    public func render(_ markdown: String) -> RenderedMarkdown {
        withHTML(markdown) { HeadingAnchors.apply(to: $0) }
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

/// Gives each heading a stable, unique id and a `#` anchor link, and wraps tables so they scroll on phones.
/// Da a cada encabezado un id estable y único y un enlace `#`, y envuelve las tablas para que se desplacen.
enum HeadingAnchors {
    static func apply(to html: String) -> RenderedMarkdown {
        var html = html
        return html.withUTF8 { apply(to: $0) }
    }

    static func apply(to html: UnsafeBufferPointer<UInt8>) -> RenderedMarkdown {
        var output: [UInt8] = []
        output.reserveCapacity(html.count + 256)
        var headings: [RenderedMarkdown.Heading] = []
        var used: [String: Int] = [:]
        var copied = 0
        var index = 0
        while let open = html.firstIndex(of: UInt8(ascii: "<"), from: index) {
            index = open + 1
            if let level = headingLevel(html, at: open), let close = html.firstIndex(of: closer(level), from: open + 4) {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: html[copied..<open]))
                let inner = UnsafeBufferPointer(rebasing: html[(open + 4)..<close])
                let text = HTMLText.plain(inner)
                let id = uniqueID(Slug.make(text, fallback: "section"), used: &used)
                headings.append(.init(level: level, id: id, text: text))
                output.append(contentsOf: "<h\(level) id=\"\(id)\">".utf8)
                output.append(contentsOf: inner)
                output.append(contentsOf: " <a class=\"anchor\" href=\"#\(id)\" aria-label=\"§ ".utf8)
                HTMLText.escape(text, into: &output)
                output.append(contentsOf: "\">#</a></h\(level)>".utf8)
                index = close + 5
                copied = index
            } else if let wrapped = tableWrap(html, at: open) {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: html[copied..<open]))
                output.append(contentsOf: wrapped.replacement.utf8)
                index = open + wrapped.length
                copied = index
            }
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: html[copied...]))
        return RenderedMarkdown(html: String(decoding: output, as: UTF8.self), headings: headings)
    }

    /// `-1`, `-2` … for repeats, skipping any id another heading already took (`## Uso 1`).
    private static func uniqueID(_ base: String, used: inout [String: Int]) -> String {
        var id = base
        if var count = used[base] {
            repeat {
                id = "\(base)-\(count)"
                count += 1
            } while used[id] != nil
            used[base] = count
        }
        used[id] = 1
        return id
    }

    /// The level of an `<hN>` tag starting at `index`.
    private static func headingLevel(_ html: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        guard index + 3 < html.count, html[index + 1] == UInt8(ascii: "h"), html[index + 3] == UInt8(ascii: ">") else { return nil }
        let digit = Int(html[index + 2]) - 48
        return (1...6).contains(digit) ? digit : nil
    }

    private static let closers: [[UInt8]] = (1...6).map { Array("</h\($0)>".utf8) }
    private static func closer(_ level: Int) -> [UInt8] { closers[level - 1] }

    private static let tableTags: [(tag: [UInt8], replacement: String)] = [
        (Array("<table>".utf8), "<div class=\"table-wrap\"><table>"), (Array("</table>".utf8), "</table></div>"),
    ]

    private static func tableWrap(_ html: UnsafeBufferPointer<UInt8>, at index: Int) -> (replacement: String, length: Int)? {
        for (tag, replacement) in tableTags where html.hasPrefix(tag, at: index) { return (replacement, tag.count) }
        return nil
    }
}

/// Escaping and tag stripping for HTML text.
/// Escape y limpieza de etiquetas para texto HTML.
public enum HTMLText {
    public static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: needsEscape) else { return text }
        var out: [UInt8] = []
        escape(text, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `text` with `& < > " '` escaped, byte by byte (the template engine's escaping).
    static func escape(_ text: String, into out: inout [UInt8]) {
        HTMLEscape.append(text, to: &out)
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }

    /// Text content of an HTML fragment, entities decoded for the common cases.
    public static func plain(_ html: String) -> String {
        var html = html
        return html.withUTF8 { plain($0) }
    }

    static func plain(_ html: UnsafeBufferPointer<UInt8>) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(html.count)
        var inTag = false
        var index = 0
        while index < html.count {
            let byte = html[index]
            index += 1
            if byte == UInt8(ascii: "<") { inTag = true } else if byte == UInt8(ascii: ">") { inTag = false } else if !inTag {
                if byte == UInt8(ascii: "&"), let (decoded, length) = entity(html, at: index - 1) {
                    text.append(decoded)
                    index += length - 1
                } else {
                    text.append(byte)
                }
            }
        }
        let plain = String(decoding: text, as: UTF8.self)
        guard let first = plain.unicodeScalars.first, let last = plain.unicodeScalars.last,
              CharacterSet.whitespacesAndNewlines.contains(first) || CharacterSet.whitespacesAndNewlines.contains(last)
        else { return plain }
        return plain.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private static let entities: [(name: [UInt8], byte: UInt8)] = [
        (Array("&lt;".utf8), UInt8(ascii: "<")), (Array("&gt;".utf8), UInt8(ascii: ">")), (Array("&quot;".utf8), UInt8(ascii: "\"")),
        (Array("&#39;".utf8), UInt8(ascii: "'")), (Array("&amp;".utf8), UInt8(ascii: "&")),
    ]

    private static func entity(_ html: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt8, Int)? {
        for (name, byte) in entities where html.hasPrefix(name, at: index) { return (byte, name.count) }
        return nil
    }
}
