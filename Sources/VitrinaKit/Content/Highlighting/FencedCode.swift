import CCmarkGFM

/// A fenced block left plain, with the line of its opening fence: what `vitrina check` and the build's warnings report.
/// Un bloque de código que quedó sin resaltar, con la línea de su valla: lo que informan `check` y los avisos.
public struct CodeBlockNote: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// No lexer has this language.
        case unknownLanguage
        /// Over budget or a broken lexer, with the reason.
        case plain(String)
        /// Not a code block: syntax of the page's generator Vitrina left as written (MkDocs' emoji, critic marks…).
        case syntax(String)
    }

    public let language: String
    /// 1-based line of the opening fence in the Markdown file.
    public var line: Int
    public let kind: Kind

    public init(language: String, line: Int, kind: Kind) {
        self.language = language
        self.line = line
        self.kind = kind
    }
}

/// The highlighting step of Markdown rendering: every fenced block that names a language becomes Hugo's highlighted HTML
/// (a custom block cmark-gfm writes as it is, safe mode or not); the others keep cmark's `<pre><code class="language-x">`.
/// El paso de resaltado del Markdown: cada bloque con lenguaje se vuelve el HTML resaltado de Hugo.
enum FencedCode {
    /// Highlights the blocks of a parsed document in place and returns the notes on those left plain.
    /// `hiding`: mdBook's hidden lines (`# ` in Rust blocks) by language, when the book is an mdBook; they are wrapped in
    /// `<span class="boring">` for the reader's button to show.
    static func highlight(in document: OpaquePointer, with highlighter: CodeHighlighter?, hiding: [String: String]? = nil) -> [CodeBlockNote] {
        var notes: [CodeBlockNote] = []
        for node in codeBlocks(in: document) {
            guard let infoPointer = cmark_node_get_fence_info(node) else { continue }
            let info = String(cString: infoPointer)
            let fence = CodeFence(info: info)
            guard !fence.language.isEmpty || hiding != nil else { continue }
            let code = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
            let line = Int(cmark_node_get_start_line(node))
            let hidden = hiding.flatMap { HiddenLines.rule(forInfo: info, configured: $0) }.map { HiddenLines.split(code, rule: $0) }
            let plainHidden = { (hidden: HiddenLines.Split?) in
                if let hidden, !hidden.hidden.isEmpty { replace(node, with: HiddenLines.plainHTML(hidden, language: fence.language)) }
            }
            guard let highlighter, !fence.language.isEmpty else { plainHidden(hidden); continue }
            switch highlighter.highlight(hidden?.code ?? code, fence: fence) {
            case .highlighted(let html):
                replace(node, with: hidden.map { HiddenLines.wrap(highlightedHTML: html, hidden: $0.hidden) } ?? html)
            case .unknownLanguage:
                cmark_node_set_fence_info(node, fence.language)
                notes.append(CodeBlockNote(language: fence.language, line: line, kind: .unknownLanguage))
                plainHidden(hidden)
            case .plain(let reason):
                cmark_node_set_fence_info(node, fence.language)
                notes.append(CodeBlockNote(language: fence.language, line: line, kind: .plain(reason)))
                plainHidden(hidden)
            }
        }
        // cmark moves footnote definitions to the end of the tree: notes go by line, as a reader of the file meets them.
        return notes.sorted { $0.line < $1.line }
    }

    /// `node` replaced by a block cmark-gfm writes as it is (`html`, made and escaped here).
    private static func replace(_ node: OpaquePointer, with html: String) {
        guard let replacement = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK) else { return }
        cmark_node_set_on_enter(replacement, html)
        if cmark_node_insert_before(node, replacement) == 1 {
            cmark_node_unlink(node)
            cmark_node_free(node)
        } else {
            cmark_node_free(replacement)
        }
    }

    /// The document's code blocks in the tree's order, collected before any is replaced. Only blocks that hold blocks are entered (a code
    /// block is never inside a paragraph, heading or table), so the inlines of the text are not walked.
    private static func codeBlocks(in document: OpaquePointer) -> [OpaquePointer] {
        var blocks: [OpaquePointer] = []
        // Where to go on when a container's children are done: the container's next sibling.
        var resume: [OpaquePointer] = []
        var next = cmark_node_first_child(document)
        while let node = next {
            next = cmark_node_next(node)
            switch cmark_node_get_type(node) {
            case CMARK_NODE_CODE_BLOCK:
                blocks.append(node)
            case CMARK_NODE_BLOCK_QUOTE, CMARK_NODE_LIST, CMARK_NODE_ITEM, CMARK_NODE_FOOTNOTE_DEFINITION:
                if let first = cmark_node_first_child(node) {
                    if let sibling = next { resume.append(sibling) }
                    next = first
                }
            default:
                break
            }
            if next == nil { next = resume.popLast() }
        }
        return blocks
    }
}
