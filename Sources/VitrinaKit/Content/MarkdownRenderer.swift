import CCmarkGFM
import Foundation
import Synchronization

/// Markdown to HTML through cmark-gfm with tables, strikethrough, autolinks, task lists and footnotes.
/// Markdown a HTML con cmark-gfm: tablas, tachado, autoenlaces, listas de tareas y notas al pie.
public struct MarkdownRenderer: Sendable {
    public let allowRawHTML: Bool
    /// Highlights fenced code that names a language; nil leaves every block plain (`highlight: false`).
    public let highlighter: CodeHighlighter?

    /// mdBook's hidden lines by language (`[:]`: Rust's `# ` lines), for a book written for mdBook; nil shows every line.
    public var hiddenLines: [String: String]?

    public init(allowRawHTML: Bool = false, highlighter: CodeHighlighter? = nil, hiddenLines: [String: String]? = nil) {
        self.allowRawHTML = allowRawHTML
        self.highlighter = highlighter
        self.hiddenLines = hiddenLines
        Self.setUp
    }

    static let extensionNames = ["table", "strikethrough", "autolink", "tasklist"]

    private static let setUp: Void = { cmark_gfm_core_extensions_ensure_registered() }()

    /// cmark-gfm 0.29 keeps the extensions' special characters (`~`, `:`, `w`) in one process-wide table that each
    /// parse's inline phase (`cmark_parser_finish`) fills and then clears (github/cmark-gfm#176), so inline phases must
    /// not overlap. Reading the blocks (`cmark_parser_feed`: lines, lists, tables, link definitions) never reads that
    /// table, and runs on every core; so do rendering and the anchors.
    /// La fase de texto en línea de cmark-gfm no puede solaparse (tabla global); la de bloques y el resto van en paralelo.
    private static let inlineLock = Mutex(())

    /// Raw HTML out of cmark-gfm (safe mode drops raw HTML and dangerous URLs), handed to `body` while it lives, with
    /// the links and images of the document that point inside the site.
    func withHTML<T>(_ markdown: String, _ body: (UnsafeBufferPointer<UInt8>, [MarkdownLink], [CodeBlockNote]) -> T) -> T {
        let none = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        let options = CMARK_OPT_SMART | CMARK_OPT_FOOTNOTES | (allowRawHTML ? CMARK_OPT_UNSAFE : CMARK_OPT_DEFAULT)
        guard let parser = cmark_parser_new(options) else { return body(none, [], []) }
        defer { cmark_parser_free(parser) }
        for name in Self.extensionNames {
            if let ext = cmark_find_syntax_extension(name) { cmark_parser_attach_syntax_extension(parser, ext) }
        }
        var markdown = markdown
        let parsed = markdown.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { text in
                if let start = text.baseAddress, text.count > 0 { cmark_parser_feed(parser, start, text.count) }
                return Self.inlineLock.withLock { _ in UInt(bitPattern: cmark_parser_finish(parser)) }
            }
        }
        guard let document = OpaquePointer(bitPattern: parsed) else { return body(none, [], []) }
        defer { cmark_node_free(document) }
        if !allowRawHTML { RawAnchors.keep(in: document) }
        let links = MarkdownLink.collect(in: document)
        let notes = highlighter != nil || hiddenLines != nil ? FencedCode.highlight(in: document, with: highlighter, hiding: hiddenLines) : []
        guard let rendered = cmark_render_html(document, options, cmark_parser_get_syntax_extensions(parser)) else {
            return body(none, links, notes)
        }
        defer { free(rendered) }
        return rendered.withMemoryRebound(to: UInt8.self, capacity: 1) { body(UnsafeBufferPointer(start: $0, count: strlen(rendered)), links, notes) }
    }

    /// Raw HTML out of cmark-gfm.
    public func html(_ markdown: String) -> String {
        withHTML(markdown) { html, _, _ in String(decoding: html, as: UTF8.self) }
    }

    /// The rendered document: HTML with heading ids and anchors, its headings, and its links into the site.
    /// `mkDocs`: MkDocs' markers (from `MkDocsPreprocessor`) made into Material's HTML before the headings get their ids.
    public func render(_ markdown: String, mkDocs: MkDocsExtensions? = nil) -> RenderedMarkdown {
        render(markdown, mkDocs: mkDocs, formulas: nil)
    }

    /// The same, the text of `formulas`' placeholders read as their TeX in the headings' text and ids.
    func render(_ markdown: String, mkDocs: MkDocsExtensions?, formulas: MathSpans?) -> RenderedMarkdown {
        let headingText: (String) -> String = formulas.map { math in { math.withTeX($0) } } ?? { $0 }
        return withHTML(markdown) { html, links, notes in
            let anchored = if let mkDocs {
                HeadingAnchors.apply(to: MkDocsHTML.finish(String(decoding: html, as: UTF8.self), extensions: mkDocs), text: headingText)
            } else {
                HeadingAnchors.apply(to: html, text: headingText)
            }
            var rendered = anchored.with(links: links, codeNotes: notes)
            rendered.anchorIDs = rendered.scannedAnchorIDs()
            return rendered
        }
    }
}

/// A link or image of a Markdown document that points inside the site, with where it is written.
/// Un enlace o imagen de un documento Markdown que apunta dentro del sitio, con dónde está escrito.
public struct MarkdownLink: Sendable, Equatable {
    /// The destination as written, after Markdown's own unescaping (`other.md#x`, `img/a.png`, `#usage`).
    public let url: String
    /// Line and column (1-based, in bytes) in the Markdown body.
    public var line: Int
    public let column: Int
    public let isImage: Bool

    /// Links with no scheme and not `//host`: what the site must resolve.
    static func collect(in document: OpaquePointer) -> [MarkdownLink] {
        guard let iterator = cmark_iter_new(document) else { return [] }
        defer { cmark_iter_free(iterator) }
        var links: [MarkdownLink] = []
        var event = cmark_iter_next(iterator)
        while event != CMARK_EVENT_DONE {
            if event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) {
                let type = cmark_node_get_type(node)
                if type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE, let pointer = cmark_node_get_url(node) {
                    let url = String(cString: pointer)
                    if LinkSyntax.isInternal(url) {
                        links.append(MarkdownLink(url: url, line: Int(cmark_node_get_start_line(node)), column: Int(cmark_node_get_start_column(node)),
                                                  isImage: type == CMARK_NODE_IMAGE))
                    }
                }
            }
            event = cmark_iter_next(iterator)
        }
        return links
    }
}

/// Markdown after rendering, with the table of contents it yields.
/// Markdown ya renderizado, con el índice que ofrece.
public struct RenderedMarkdown: Sendable {
    public let html: String
    public let headings: [Heading]
    /// Links and images pointing inside the site, in document order.
    public var links: [MarkdownLink] = []
    /// Fenced blocks left plain: an unknown language, or over the highlighting budget.
    public var codeNotes: [CodeBlockNote] = []
    /// The ids of its HTML besides the headings' (footnotes, anchors written as HTML), found once when it was rendered
    /// and kept with the parsed Markdown, so that a build does not read every page's HTML again for them; nil: read from
    /// the HTML when asked.
    public var anchorIDs: [String]?

    public init(html: String, headings: [Heading], links: [MarkdownLink] = [], codeNotes: [CodeBlockNote] = [], anchorIDs: [String]? = nil) {
        self.html = html
        self.headings = headings
        self.links = links
        self.codeNotes = codeNotes
        self.anchorIDs = anchorIDs
    }

    func with(links: [MarkdownLink], codeNotes: [CodeBlockNote] = []) -> RenderedMarkdown {
        RenderedMarkdown(html: html, headings: headings, links: links, codeNotes: codeNotes, anchorIDs: anchorIDs)
    }

    /// The same document with its formulas made (`MathSpans`): MathML in the HTML (the headings' ids and text already
    /// hold their TeX, `render(_:mkDocs:formulas:)`), and a note for each formula that could not be made.
    /// El mismo documento con sus fórmulas hechas en MathML, y un aviso por cada una que no se pudo hacer.
    /// `line`: a formula's line in the file, from its line in the text the formulas were taken from.
    func withFormulas(_ math: MathSpans, macros: [String: TeXParser.Macro] = [:], line: (Int) -> Int = { $0 }) -> RenderedMarkdown {
        let (made, failures) = math.restore(html, macros: macros)
        let notes = failures.map { CodeBlockNote(language: "", line: line($0.line), kind: .syntax("formula left as TeX: \($0.message)")) }
        return RenderedMarkdown(html: made, headings: headings, links: links, codeNotes: (codeNotes + notes).sorted { $0.line < $1.line },
                                anchorIDs: nil)
    }

    /// The same document with its links' and code notes' lines mapped through `line` (expanded includes to their lines).
    func mapped(_ line: (Int) -> Int) -> RenderedMarkdown {
        guard !links.isEmpty || !codeNotes.isEmpty else { return self }
        return RenderedMarkdown(html: html, headings: headings, links: links.map { var link = $0; link.line = line(link.line); return link },
                                codeNotes: codeNotes.map { var note = $0; note.line = line(note.line); return note }, anchorIDs: anchorIDs)
    }

    /// The same document with its links' and code notes' lines counted from the top of the file (the body starts at `bodyLine`).
    func shifted(toBodyLine bodyLine: Int) -> RenderedMarkdown {
        guard bodyLine > 1, !links.isEmpty || !codeNotes.isEmpty else { return self }
        return RenderedMarkdown(html: html, headings: headings, links: links.map { var link = $0; link.line += bodyLine - 1; return link },
                                codeNotes: codeNotes.map { var note = $0; note.line += bodyLine - 1; return note }, anchorIDs: anchorIDs)
    }

    /// Every id a `#fragment` may name: the headings', footnotes' (`fn-…`, `fnref-…`) and, with raw HTML allowed,
    /// anchors written as HTML (`<a id="old-name"></a>`).
    public var ids: Set<String> {
        Set(headings.map(\.id) + (anchorIDs ?? scannedAnchorIDs()))
    }

    /// The ids of the HTML that are not a heading's, in the order they appear, read from the HTML.
    func scannedAnchorIDs() -> [String] {
        guard html.utf8Offset(of: " id=\"") != nil else { return [] }
        let headingIDs = Set(headings.map(\.id))
        var found: [String] = []
        var html = html
        html.withUTF8 {
            AttributeScanner.scan($0) { name, value in
                guard name == .id else { return }
                let id = String(decoding: value, as: UTF8.self)
                if !headingIDs.contains(id) { found.append(id) }
            }
        }
        return found
    }

    public struct Heading: Sendable, Equatable {
        public let level: Int
        public let id: String
        public let text: String
    }

    public var firstHeading: String? { headings.first?.text }
}

/// Gives each heading GitHub's id (or the `{#id}` written after it) and a `#` anchor link, and wraps tables so they scroll.
/// Da a cada encabezado el id de GitHub (o el `{#id}` escrito tras él) y un enlace `#`, y envuelve las tablas.
enum HeadingAnchors {
    /// `text`: what a heading's plain text reads as (its formulas' placeholders as their TeX).
    static func apply(to html: String, text: (String) -> String = { $0 }) -> RenderedMarkdown {
        var html = html
        return html.withUTF8 { apply(to: $0, text: text) }
    }

    static func apply(to html: UnsafeBufferPointer<UInt8>, text read: (String) -> String = { $0 }) -> RenderedMarkdown {
        var output: [UInt8] = []
        output.reserveCapacity(html.count + 256)
        var headings: [RenderedMarkdown.Heading] = []
        var used: [String: Int] = [:]
        var copied = 0
        var index = 0
        while let open = html.firstIndex(of: UInt8(ascii: "<"), from: index) {
            index = open + 1
            if open + 4 < html.count, html[open + 1] == UInt8(ascii: "d"), let end = HighlightedBlock.end(ofBlockAtSpace: open + 4, in: html) {
                // A highlighted block (its line-number table too) is code, never a heading or a table to wrap.
                index = end
                continue
            }
            if let (level, innerStart, attributes) = heading(html, at: open), let close = html.firstIndex(of: closer(level), from: innerStart) {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: html[copied..<open]))
                var inner = UnsafeBufferPointer(rebasing: html[innerStart..<close])
                let custom = HeadingID.custom(inner)
                if let custom { inner = UnsafeBufferPointer(rebasing: inner[..<custom.end]) }
                let text = read(HTMLText.plain(inner))
                let generated = HeadingID.github(text)
                let id = HeadingID.unique(custom?.id ?? (generated.isEmpty ? "section" : generated), used: &used)
                headings.append(.init(level: level, id: id, text: text))
                // `<hN id="id" …>inner <a class="anchor" href="#id" aria-label="§ text">#</a></hN>`, piece by piece.
                let digit = UInt8(ascii: "0") + UInt8(level)
                output.append(UInt8(ascii: "<"))
                output.append(UInt8(ascii: "h"))
                output.append(digit)
                output.append(contentsOf: Self.idOpening)
                output.append(contentsOf: id.utf8)
                output.append(UInt8(ascii: "\""))
                output.append(contentsOf: attributes)
                output.append(UInt8(ascii: ">"))
                output.append(contentsOf: inner)
                output.append(contentsOf: Self.anchorOpening)
                output.append(contentsOf: id.utf8)
                output.append(contentsOf: Self.anchorLabel)
                HTMLText.escape(text, into: &output)
                output.append(contentsOf: Self.anchorClosing)
                output.append(digit)
                output.append(UInt8(ascii: ">"))
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

    /// The level of an `<hN>` tag starting at `index`, where its content starts, and the attributes other than `id`
    /// that it carries (` class="x"`: MkDocs' attribute lists, `MkDocsHTML`); cmark writes none.
    /// El nivel de una etiqueta `<hN>`, dónde empieza su contenido y sus atributos salvo `id`.
    private static func heading(_ html: UnsafeBufferPointer<UInt8>, at index: Int) -> (level: Int, contentStart: Int, attributes: [UInt8])? {
        guard index + 3 < html.count, html[index + 1] == UInt8(ascii: "h") else { return nil }
        let digit = Int(html[index + 2]) - 48
        guard (1...6).contains(digit) else { return nil }
        if html[index + 3] == UInt8(ascii: ">") { return (digit, index + 4, []) }
        guard html[index + 3] == UInt8(ascii: " "), let end = html.firstIndex(of: UInt8(ascii: ">"), from: index + 4) else { return nil }
        return (digit, end + 1, attributes(withoutID: UnsafeBufferPointer(rebasing: html[(index + 3)..<end])))
    }

    /// ` id="a" class="b"` → ` class="b"`: the heading's id is the one computed here.
    private static func attributes(withoutID tag: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var kept: [UInt8] = []
        var index = 0
        while index < tag.count {
            let next = tag.firstIndex(of: UInt8(ascii: "\""), from: tag.firstIndex(of: UInt8(ascii: "\""), from: index).map { $0 + 1 } ?? tag.count)
            let end = next.map { $0 + 1 } ?? tag.count
            let attribute = UnsafeBufferPointer(rebasing: tag[index..<end])
            if !attribute.hasPrefix(Array(" id=".utf8), at: 0) { kept.append(contentsOf: attribute) }
            index = end
        }
        return kept
    }

    private static let closers: [[UInt8]] = (1...6).map { Array("</h\($0)>".utf8) }
    private static let idOpening = Array(" id=\"".utf8)
    private static let anchorOpening = Array(" <a class=\"anchor\" href=\"#".utf8)
    private static let anchorLabel = Array("\" aria-label=\"§ ".utf8)
    private static let anchorClosing = Array("\">#</a></h".utf8)
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
