import CCmarkGFM

/// A fenced block left plain, with the line of its opening fence: what `vitrina check` and the build's warnings report.
/// Un bloque de código que quedó sin resaltar, con la línea de su valla: lo que informan `check` y los avisos.
public struct CodeBlockNote: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// No lexer has this language.
        case unknownLanguage
        /// Over budget or a broken lexer, with the reason.
        case plain(String)
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
    static func highlight(in document: OpaquePointer, with highlighter: CodeHighlighter) -> [CodeBlockNote] {
        var notes: [CodeBlockNote] = []
        for node in codeBlocks(in: document) {
            guard let infoPointer = cmark_node_get_fence_info(node) else { continue }
            let fence = CodeFence(info: String(cString: infoPointer))
            guard !fence.language.isEmpty else { continue }
            let code = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
            let line = Int(cmark_node_get_start_line(node))
            switch highlighter.highlight(code, fence: fence) {
            case .highlighted(let html):
                guard let replacement = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK) else { continue }
                cmark_node_set_on_enter(replacement, html)
                if cmark_node_insert_before(node, replacement) == 1 {
                    cmark_node_unlink(node)
                    cmark_node_free(node)
                } else {
                    cmark_node_free(replacement)
                }
            case .unknownLanguage:
                cmark_node_set_fence_info(node, fence.language)
                notes.append(CodeBlockNote(language: fence.language, line: line, kind: .unknownLanguage))
            case .plain(let reason):
                cmark_node_set_fence_info(node, fence.language)
                notes.append(CodeBlockNote(language: fence.language, line: line, kind: .plain(reason)))
            }
        }
        return notes
    }

    /// The document's code blocks, collected before any is replaced (the iterator must not see the tree change).
    private static func codeBlocks(in document: OpaquePointer) -> [OpaquePointer] {
        guard let iterator = cmark_iter_new(document) else { return [] }
        defer { cmark_iter_free(iterator) }
        var blocks: [OpaquePointer] = []
        var event = cmark_iter_next(iterator)
        while event != CMARK_EVENT_DONE {
            if event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator), cmark_node_get_type(node) == CMARK_NODE_CODE_BLOCK {
                blocks.append(node)
            }
            event = cmark_iter_next(iterator)
        }
        return blocks
    }
}
