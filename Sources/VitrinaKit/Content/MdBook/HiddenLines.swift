/// mdBook's hidden code lines: in a Rust block a line `# code` (or a bare `#`) is hidden until the reader asks for it,
/// `##` shows one `#`, and `#[attr]`, `#!` stay as they are; other languages hide the lines that start with a prefix
/// set by `hidelines=P` in the fence's info or by the book's `[output.html.code.hidelines]`. The prefixes are cut
/// before highlighting; the hidden lines of the highlighted HTML are then wrapped in `<span class="boring">`.
/// Las líneas ocultas de mdBook: se quita el prefijo antes de resaltar y luego se envuelven en `<span class="boring">`.
public enum HiddenLines {
    /// How a block marks its hidden lines.
    /// Cómo marca un bloque sus líneas ocultas.
    public enum Rule: Sendable, Equatable, Hashable {
        /// `# `, or a bare `#`, after any white space; `##` escapes a `#`.
        case rust
        /// The prefix after any white space (`!!!`, `~`): cut, the white space before it kept.
        case prefix(String)
    }

    /// The code to highlight (prefixes cut, one line for each line of the block) and its hidden lines, 0-based.
    /// El código que se resalta, sin prefijos, y sus líneas ocultas (desde 0).
    public struct Split: Sendable, Equatable {
        public var code: String
        public var hidden: Set<Int>

        public init(code: String, hidden: Set<Int>) {
            self.code = code
            self.hidden = hidden
        }
    }

    /// The rule mdBook applies to a fence: `rust` blocks the Rust rule; else a `hidelines=P` word of the info string;
    /// else the book's prefix for the language (`configured`, from `[output.html.code.hidelines]`); else none.
    /// La regla que aplica mdBook a un bloque, según su lenguaje, su `hidelines=` o la configuración del libro.
    public static func rule(forInfo info: String, configured: [String: String] = [:]) -> Rule? {
        let words = info.unicodeScalars.split { $0 == "," || MdBookLinks.Whitespace.isSpace($0) }.map { String(String.UnicodeScalarView($0)) }
        guard let language = words.first else { return nil }
        if language == "rust" { return .rust }
        if let word = words.first(where: { $0.hasPrefix("hidelines=") }) {
            return .prefix(String(String.UnicodeScalarView(word.unicodeScalars.dropFirst("hidelines=".unicodeScalars.count))))
        }
        return configured[language].map(Rule.prefix)
    }

    /// Cuts the prefixes of the hidden lines as mdBook does (`hide_lines_rust`, `hide_lines_with_prefix`).
    /// Quita los prefijos de las líneas ocultas como lo hace mdBook.
    public static func split(_ code: String, rule: Rule) -> Split {
        let bytes = Array(code.utf8)
        let marker: [UInt8]
        switch rule {
        case .rust: marker = [UInt8(ascii: "#")]
        case .prefix(let prefix): marker = Array(prefix.utf8)
        }
        // A block without the marker byte is returned as it is: one scan.
        if let first = marker.first, !bytes.contains(first) { return Split(code: code, hidden: []) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var hidden: Set<Int> = []
        var start = 0
        var index = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            // The line without its `\r\n` or `\n`, as Rust's `lines` gives it; the ending is kept as it was.
            var contentEnd = end
            if contentEnd > start, bytes[contentEnd - 1] == UInt8(ascii: "\r") { contentEnd -= 1 }
            let line = bytes[start..<contentEnd]
            let shown: ArraySlice<UInt8>
            var isHidden = false
            switch rule {
            case .rust: (shown, isHidden) = rustLine(line)
            case .prefix: (shown, isHidden) = prefixedLine(line, prefix: marker)
            }
            if isHidden { hidden.insert(index) }
            out.append(contentsOf: shown)
            out.append(contentsOf: bytes[contentEnd..<min(end + 1, bytes.count)])
            index += 1
            start = end + 1
        }
        return Split(code: String(decoding: out, as: UTF8.self), hidden: hidden)
    }

    /// mdBook's `^(\s*)#(.?)(.*)$`: a `#` then nothing or a space hides the line (both cut); `##` shows one `#`.
    private static func rustLine(_ line: ArraySlice<UInt8>) -> (ArraySlice<UInt8>, Bool) {
        let hash = line.startIndex + leadingSpaceWidth(line)
        guard hash < line.endIndex, line[hash] == UInt8(ascii: "#") else { return (line, false) }
        let next = hash + 1
        if next == line.endIndex { return (line[line.startIndex..<hash], true) }
        switch line[next] {
        case UInt8(ascii: " "):
            return (ArraySlice(line[line.startIndex..<hash] + line[(next + 1)...]), true)
        case UInt8(ascii: "#"):
            return (ArraySlice(line[line.startIndex..<hash] + line[next...]), false)
        default:
            return (line, false)
        }
    }

    /// `line.trim_start().starts_with(prefix)`: the line without the prefix's first occurrence.
    private static func prefixedLine(_ line: ArraySlice<UInt8>, prefix: [UInt8]) -> (ArraySlice<UInt8>, Bool) {
        let text = line.startIndex + leadingSpaceWidth(line)
        guard line[text...].starts(with: prefix) else { return (line, false) }
        var position = line.startIndex
        while !line[position...].starts(with: prefix) { position += 1 }
        return (ArraySlice(line[line.startIndex..<position] + line[(position + prefix.count)...]), true)
    }

    /// The bytes of the white space (Unicode's, as Rust's `\s`) at the start of a line.
    private static func leadingSpaceWidth(_ line: ArraySlice<UInt8>) -> Int {
        var width = 0
        while width < line.count, isSpaceByte(line[line.startIndex + width]) { width += 1 }
        guard width < line.count, line[line.startIndex + width] >= 0x80 else { return width }
        // Beyond ASCII (a no-break space, an ideographic space…), asked of Unicode's tables.
        let bytes = Array(line)
        while width < bytes.count, let next = MdBookLinks.Whitespace.width(in: bytes, at: width) { width += next }
        return width
    }

    // MARK: Wrapping / Envolver

    private static let boringOpen = Array(#"<span class="boring">"#.utf8)
    private static let spanClose = Array("</span>".utf8)
    private static let codeOpen = Array("<code".utf8)
    private static let codeClose = Array("</code>".utf8)

    /// Wraps the hidden lines (0-based) of each `<code>` element of a block's HTML in `<span class="boring">`: Hugo's
    /// highlighted blocks (lines and line numbers alike) or cmark's plain `<pre><code class="language-rust">`. A line
    /// ends after its newline and the end tags right after it; elements still open there (a string or comment over
    /// several lines) are closed before the line's `</span>` and opened again after it, so the HTML stays nested.
    /// Envuelve las líneas ocultas de cada `<code>` en `<span class="boring">`, cerrando y reabriendo lo que cruce.
    public static func wrap(highlightedHTML html: String, hidden: Set<Int>) -> String {
        guard !hidden.isEmpty else { return html }
        let bytes = Array(html.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + hidden.count * 32)
        bytes.withUnsafeBufferPointer { buffer in
            var index = 0
            while let open = buffer.firstIndex(of: codeOpen, from: index) {
                let after = open + codeOpen.count
                guard after < buffer.count, buffer[after] == UInt8(ascii: ">") || isSpaceByte(buffer[after]),
                      let tagEnd = buffer.firstIndex(of: UInt8(ascii: ">"), from: after) else {
                    out.append(contentsOf: buffer[index..<min(after, buffer.count)])
                    index = min(after, buffer.count)
                    continue
                }
                let contentEnd = buffer.firstIndex(of: codeClose, from: tagEnd + 1) ?? buffer.count
                out.append(contentsOf: buffer[index...tagEnd])
                wrapLines(of: buffer, from: tagEnd + 1, to: contentEnd, hidden: hidden, into: &out)
                index = contentEnd
            }
            out.append(contentsOf: buffer[index...])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A plain block as cmark writes it (`<pre><code class="language-x">`, text escaped), its hidden lines wrapped:
    /// for a block the highlighter left plain.
    /// Un bloque sin resaltar como lo escribe cmark, con sus líneas ocultas envueltas.
    public static func plainHTML(_ split: Split, language: String) -> String {
        var html = "<pre><code"
        if !language.isEmpty { html += " class=\"language-" + escaped(language) + "\"" }
        html += ">" + escaped(split.code) + "</code></pre>\n"
        return wrap(highlightedHTML: html, hidden: split.hidden)
    }

    /// cmark's escaping of text: `&`, `<`, `>`, `"`; on bytes.
    static func escaped(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): out.append(contentsOf: "&quot;".utf8)
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The open elements of a code element's content, outermost first: each one's start tag and name.
    private struct OpenElements {
        var tags: [ArraySlice<UInt8>] = []
        var names: [ArraySlice<UInt8>] = []

        func close(into out: inout [UInt8]) {
            for name in names.reversed() {
                out.append(contentsOf: [UInt8(ascii: "<"), UInt8(ascii: "/")])
                out.append(contentsOf: name)
                out.append(UInt8(ascii: ">"))
            }
        }

        func reopen(into out: inout [UInt8]) {
            for tag in tags { out.append(contentsOf: tag) }
        }
    }

    /// The content of one code element, line by line, hidden lines wrapped.
    private static func wrapLines(
        of buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, hidden: Set<Int>, into out: inout [UInt8]
    ) {
        var open = OpenElements()
        var line = 0
        var inBoring = start < end && hidden.contains(0)
        if inBoring { out.append(contentsOf: boringOpen) }
        var index = start
        while index < end {
            let byte = buffer[index]
            if byte == UInt8(ascii: "<") {
                guard let close = buffer.firstIndex(of: UInt8(ascii: ">"), from: index, before: end) else {
                    out.append(contentsOf: buffer[index..<end])
                    index = end
                    break
                }
                track(buffer[index...close], in: &open)
                out.append(contentsOf: buffer[index...close])
                index = close + 1
            } else if byte == UInt8(ascii: "\n") {
                out.append(byte)
                index += 1
                // The end tags right after a newline belong to the line it ends (Chroma's `…\n</span></span>`).
                while index + 1 < end, buffer[index] == UInt8(ascii: "<"), buffer[index + 1] == UInt8(ascii: "/"),
                      let close = buffer.firstIndex(of: UInt8(ascii: ">"), from: index, before: end),
                      let last = open.names.last, name(in: buffer[(index + 2)...close]).elementsEqual(last) {
                    out.append(contentsOf: buffer[index...close])
                    open.tags.removeLast()
                    open.names.removeLast()
                    index = close + 1
                }
                line += 1
                let nextHidden = index < end && hidden.contains(line)
                if inBoring || nextHidden {
                    open.close(into: &out)
                    if inBoring { out.append(contentsOf: spanClose) }
                    if nextHidden { out.append(contentsOf: boringOpen) }
                    open.reopen(into: &out)
                }
                inBoring = nextHidden
            } else {
                var next = index + 1
                while next < end, buffer[next] != UInt8(ascii: "<"), buffer[next] != UInt8(ascii: "\n") { next += 1 }
                out.append(contentsOf: buffer[index..<next])
                index = next
            }
        }
        if inBoring {
            open.close(into: &out)
            out.append(contentsOf: spanClose)
            open.reopen(into: &out)
        }
    }

    /// Keeps the open elements up to date with one tag: a start tag opens (unless void or self-closed), an end tag
    /// closes the innermost element when it names it.
    private static func track(_ tag: UnsafeBufferPointer<UInt8>.SubSequence, in open: inout OpenElements) {
        guard tag.count >= 3 else { return }
        let second = tag[tag.startIndex + 1]
        if second == UInt8(ascii: "/") {
            let closing = name(in: tag[(tag.startIndex + 2)...])
            if let last = open.names.last, closing.elementsEqual(last) {
                open.tags.removeLast()
                open.names.removeLast()
            }
            return
        }
        guard isLetter(second), tag[tag.endIndex - 2] != UInt8(ascii: "/") else { return }
        let opening = name(in: tag[(tag.startIndex + 1)...])
        guard !voidElements.contains(where: { $0.elementsEqual(opening) }) else { return }
        open.tags.append(ArraySlice(tag))
        open.names.append(ArraySlice(opening))
    }

    /// The tag name at the start of `bytes`: up to white space, `/` or `>`.
    private static func name(in bytes: UnsafeBufferPointer<UInt8>.SubSequence) -> UnsafeBufferPointer<UInt8>.SubSequence {
        bytes.prefix { !isSpaceByte($0) && $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: ">") }
    }

    private static let voidElements: [[UInt8]] = ["br", "img", "wbr", "hr", "input"].map { Array($0.utf8) }

    private static func isSpaceByte(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }
}
