/// One piece of highlighted source: its Chroma token type and its text, exactly as the lexer cut it.
/// Un trozo de código resaltado: su tipo de token de Chroma y su texto, tal como lo cortó el analizador.
public struct CodeToken: Sendable, Equatable {
    public var type: TokenType
    public var text: String

    public init(_ type: TokenType, _ text: String) {
        self.type = type
        self.text = text
    }
}

/// A fenced block's display options, as Hugo reads them from `{linenos=table,hl_lines=[2,"4-5"],linenostart=10}`.
/// Las opciones de presentación de un bloque, como Hugo las lee de `{linenos=table,hl_lines=[2,"4-5"],linenostart=10}`.
public struct CodeBlockOptions: Sendable, Equatable, Hashable {
    /// Hugo's `linenos`: none (`false`), a two-column table (`table` or `true`), or a number at the start of each line (`inline`).
    /// El `linenos` de Hugo: sin números, tabla de dos columnas o número al principio de cada línea.
    public enum LineNumbers: String, Sendable, Hashable {
        case none, table, inline
    }

    public var lineNumbers: LineNumbers = .none
    /// Hugo's `linenostart`: the number the block's first line shows.
    public var lineNumberStart: Int = 1
    /// Hugo's `hl_lines`: 1-based and relative to the block's first line, whatever `linenostart` says.
    public var highlightedLines: [ClosedRange<Int>] = []

    public init(lineNumbers: LineNumbers = .none, lineNumberStart: Int = 1, highlightedLines: [ClosedRange<Int>] = []) {
        self.lineNumbers = lineNumbers
        self.lineNumberStart = lineNumberStart
        self.highlightedLines = highlightedLines
    }
}

/// Writes tokens byte for byte as Hugo 0.111 writes a fenced block with `noClasses = false` (Chroma's class-based HTML).
/// Escribe los tokens byte a byte como Hugo 0.111 escribe un bloque con `noClasses = false` (el HTML de Chroma con clases).
public enum HighlightedHTML {
    /// The block's HTML. `language` is written as the info string gave it (`rust`, `Go`, `c++`); Hugo writes it unescaped,
    /// this escapes it as Chroma escapes text, which changes nothing for a real language name.
    /// El HTML del bloque; el lenguaje se escribe como lo dio el bloque, escapado (no cambia nada para un nombre real).
    public static func render(_ tokens: [CodeToken], language: String, options: CodeBlockOptions) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(tokens.reduce(256) { $0 + $1.text.utf8.count * 2 })
        let lines = Lines(tokens)
        let base = options.lineNumberStart
        // Chroma pads every number to the width of the last one (`%*d`), the minus sign of a negative one included.
        let digits = String(base + lines.count - 1).utf8.count
        let offset = base - 1
        let highlighted = options.highlightedLines.map { ($0.lowerBound + offset)...($0.upperBound + offset) }
        func isHighlighted(_ line: Int) -> Bool { highlighted.contains { $0.contains(line) } }
        let codeStart = "<pre tabindex=\"0\" class=\"chroma\"><code class=\"language-\(escape(language))\" data-lang=\"\(escape(language))\">"

        out.append(contentsOf: "<div class=\"highlight\">".utf8)
        if options.lineNumbers == .table {
            out.append(contentsOf: "<div class=\"chroma\">\n<table class=\"lntable\"><tr><td class=\"lntd\">\n<pre tabindex=\"0\" class=\"chroma\"><code>".utf8)
            for index in 0..<lines.count {
                let line = base + index
                let highlight = isHighlighted(line)
                if highlight { out.append(contentsOf: "<span class=\"hl\">".utf8) }
                out.append(contentsOf: "<span class=\"lnt\">\(padded(line, to: digits))\n</span>".utf8)
                if highlight { out.append(contentsOf: "</span>".utf8) }
            }
            out.append(contentsOf: "</code></pre></td>\n<td class=\"lntd\">\n".utf8)
        }
        out.append(contentsOf: codeStart.utf8)
        for index in 0..<lines.count {
            let line = base + index
            out.append(contentsOf: (isHighlighted(line) ? "<span class=\"line hl\">" : "<span class=\"line\">").utf8)
            if options.lineNumbers == .inline {
                out.append(contentsOf: "<span class=\"ln\">\(padded(line, to: digits))</span>".utf8)
            }
            out.append(contentsOf: "<span class=\"cl\">".utf8)
            for piece in lines.pieces(ofLine: index) {
                let opened = open(piece.type, into: &out)
                appendEscaped(piece.text, to: &out)
                if opened { out.append(contentsOf: "</span>".utf8) }
            }
            out.append(contentsOf: "</span></span>".utf8)
        }
        out.append(contentsOf: "</code></pre>".utf8)
        if options.lineNumbers == .table {
            out.append(contentsOf: "</td></tr></table>\n</div>\n".utf8)
        }
        out.append(contentsOf: "</div>".utf8)
        return String(decoding: out, as: UTF8.self)
    }

    /// Each named token type's `<span class="…">` as bytes (empty for plain text), by type code, made once.
    private static let openingTags: [[UInt8]?] = {
        var tags = [[UInt8]?](repeating: nil, count: 10_000)
        for code in TokenType.codes.values where tags.indices.contains(code) {
            let cssClass = TokenType(code: code).cssClass
            tags[code] = cssClass.isEmpty ? [] : Array("<span class=\"\(cssClass)\">".utf8)
        }
        return tags
    }()

    /// Writes the type's opening tag, if it has a class; false for plain text, which Chroma writes bare.
    private static func open(_ type: TokenType, into out: inout [UInt8]) -> Bool {
        guard openingTags.indices.contains(type.code), let tag = openingTags[type.code] else {
            let cssClass = type.cssClass
            guard !cssClass.isEmpty else { return false }
            out.append(contentsOf: "<span class=\"\(cssClass)\">".utf8)
            return true
        }
        out.append(contentsOf: tag)
        return !tag.isEmpty
    }

    /// A block's tokens cut into lines as Chroma's `SplitTokensIntoLines` cuts them, as slices of the tokens' texts.
    struct Lines {
        struct Piece {
            let type: TokenType
            let text: Substring
        }

        private var pieces: [Piece] = []
        /// Where each line's pieces end in `pieces`.
        private var ends: [Int] = []

        /// A token holding "\n" is cut after each one, the newline ending its line; a last line made of one empty
        /// token is dropped. Cuts on bytes, so "\r\n" ends a line as Chroma's does (a `Character` would be one grapheme).
        init(_ tokens: [CodeToken]) {
            pieces.reserveCapacity(tokens.count + tokens.count / 2)
            var lineStart = 0
            for token in tokens {
                let text = Substring(token.text)
                var rest = text.utf8[...]
                while let newline = rest.firstIndex(of: UInt8(ascii: "\n")) {
                    let end = rest.index(after: newline)
                    pieces.append(Piece(type: token.type, text: text[rest.startIndex..<end]))
                    ends.append(pieces.count)
                    lineStart = pieces.count
                    rest = rest[end...]
                }
                pieces.append(Piece(type: token.type, text: text[rest.startIndex..<rest.endIndex]))
            }
            if pieces.count > lineStart { ends.append(pieces.count) }
            if let last = ends.last, last - (ends.dropLast().last ?? 0) == 1, pieces[last - 1].text.isEmpty { ends.removeLast() }
        }

        var count: Int { ends.count }

        func pieces(ofLine line: Int) -> ArraySlice<Piece> { pieces[(line == 0 ? 0 : ends[line - 1])..<ends[line]] }
    }

    /// The lines as tokens (for tests of Chroma's cutting).
    static func splitIntoLines(_ tokens: [CodeToken]) -> [[CodeToken]] {
        let lines = Lines(tokens)
        return (0..<lines.count).map { lines.pieces(ofLine: $0).map { CodeToken($0.type, String($0.text)) } }
    }

    /// Go's `html.EscapeString`, which Chroma uses: `&` `'` `<` `>` `"` become `&amp;` `&#39;` `&lt;` `&gt;` `&#34;`.
    static func escape(_ text: String) -> String {
        var out: [UInt8] = []
        appendEscaped(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private static func appendEscaped(_ text: some StringProtocol, to out: inout [UInt8]) {
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
            var clean = 0
            for (index, byte) in bytes.enumerated() {
                let entity: StaticString
                switch byte {
                case UInt8(ascii: "&"): entity = "&amp;"
                case UInt8(ascii: "'"): entity = "&#39;"
                case UInt8(ascii: "<"): entity = "&lt;"
                case UInt8(ascii: ">"): entity = "&gt;"
                case UInt8(ascii: "\""): entity = "&#34;"
                default: continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[clean..<index]))
                out.append(contentsOf: UnsafeBufferPointer(start: entity.utf8Start, count: entity.utf8CodeUnitCount))
                clean = index + 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[clean...]))
        }
        guard done == nil else { return }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "'"): out.append(contentsOf: "&#39;".utf8)
            case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): out.append(contentsOf: "&#34;".utf8)
            default: out.append(byte)
            }
        }
    }

    /// Go's `fmt.Sprintf("%*d", width, number)`: right-aligned with spaces.
    private static func padded(_ number: Int, to width: Int) -> String {
        let text = String(number)
        return String(repeating: " ", count: max(0, width - text.utf8.count)) + text
    }
}

/// Where a highlighted block written by `HighlightedHTML` ends, so scanners looking for links and ids (which such a block
/// never holds: its text is escaped code) step over it in one search instead of reading every token's span.
/// Dónde termina un bloque resaltado, para que quien busca enlaces e ids lo salte de una vez.
enum HighlightedBlock {
    private static let start = Array("<div class=\"highlight\">".utf8)
    private static let table = Array("<div class=\"highlight\"><div class=\"chroma\">".utf8)
    private static let tableEnd = Array("</table>".utf8)
    private static let plainEnd = Array("</code></pre></div>".utf8)

    /// The index just past the block when a space at `space` is the one in its opening `<div class="highlight">`.
    static func end(ofBlockAtSpace space: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard space >= 4, bytes[space - 4] == UInt8(ascii: "<"), bytes.hasPrefix(start, at: space - 4) else { return nil }
        let closing = bytes.hasPrefix(table, at: space - 4) ? tableEnd : plainEnd
        return bytes.firstIndex(of: closing, from: space).map { $0 + closing.count }
    }
}
