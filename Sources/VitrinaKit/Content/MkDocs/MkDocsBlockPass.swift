/// The markers the pre-pass writes and the post-pass reads. / Los marcadores que escribe la pasada previa y lee la final.
enum MkDocsMarker {
    /// `U+0001[!mkdocs:` starts a block marker; `U+0001{mkdocs:attr:` an attribute list.
    static let block = Array("\u{1}[!mkdocs:".utf8)
    static let attributes = Array("\u{1}{mkdocs:attr:".utf8)

    static func block(_ fields: [String]) -> [UInt8] {
        block + Array(fields.joined(separator: ":").utf8) + [UInt8(ascii: "]")]
    }
}

extension MkDocsPreprocessor {
    /// One pass over the lines, one container stack: admonitions, collapsible blocks, tabs, definitions and
    /// `<div markdown>` blocks open and close by indentation (and closing tags), fences and indented code are copied.
    /// Una pasada sobre las líneas con una pila de contenedores que abren y cierran por sangría.
    struct BlockPass {
        let extensions: MkDocsExtensions
        let lines: [SourceLine]
        var notes: Notes
        var output: [[UInt8]] = []
        var sources: [Int] = []
        var mapNeeded = false

        /// An open block whose body is a blockquote. / Un bloque abierto cuyo cuerpo es una cita.
        struct Container {
            enum Kind: Equatable { case admonition, details, tab, definition, html([UInt8]) }
            let kind: Kind
            /// Column of the header, and of the body's text (lines less indented close it).
            let headerIndent: Int
            let contentIndent: Int
            /// What every body line starts with in the output (`> `, `>     > `…).
            let prefix: [UInt8]
            let line: Int
        }

        struct Fence {
            let byte: UInt8
            let count: Int
            let depth: Int
            /// The opening line's column: a list item's fence closes at its own indentation.
            let indent: Int
        }

        /// A plain line at the current depth that may turn out to be a definition's term.
        struct TermLine {
            let output: Int
            let lead: [UInt8]
            let text: [UInt8]
        }

        /// The index of the line being read. / El índice de la línea que se lee.
        var current = 0
        var stack: [Container] = []
        var fence: Fence?
        var pendingBlanks: [Int] = []
        var terms: [TermLine] = []
        /// Whether the paragraph being read has held only plain lines since a blank line.
        var termsOpen = false
        var afterDefinition = false
        var listIndent: Int?
        var indentedCode = false
        var previousBlank = true
        /// A container closed under a paragraph with no blank line: the next line that is not a heading needs one, or
        /// cmark would take it as the paragraph's lazy continuation.
        var separatorPending = false

        init(extensions: MkDocsExtensions, lines: [SourceLine], notes: Notes) {
            self.extensions = extensions
            self.lines = lines
            self.notes = notes
            output.reserveCapacity(lines.count + 8)
            sources.reserveCapacity(lines.count + 8)
        }

        var base: Int { stack.last?.contentIndent ?? 0 }
        var prefix: [UInt8] { stack.last?.prefix ?? [] }

        mutating func run() {
            for index in lines.indices { take(index) }
            flushBlanks()
            for container in stack {
                if case let .html(tag) = container.kind {
                    notes.add(container.line, "<\(String(decoding: tag, as: UTF8.self)) markdown> is never closed; close it with </\(String(decoding: tag, as: UTF8.self))>")
                }
            }
        }

        func joined(endsWithNewline: Bool) -> String {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(output.reduce(0) { $0 + $1.count + 1 })
            for (index, line) in output.enumerated() {
                if index > 0 { bytes.append(10) }
                bytes += line
            }
            if endsWithNewline { bytes.append(10) }
            return String(decoding: bytes, as: UTF8.self)
        }

        // MARK: Lines

        private mutating func take(_ index: Int) {
            current = index
            take(line: lines[index])
        }

        private mutating func take(line: SourceLine) {
            let text = line.text
            let indent = Self.indentation(text)
            guard indent.offset < text.count else {
                pendingBlanks.append(line.line)
                return
            }
            let hadBlanks = !pendingBlanks.isEmpty
            var popped = false
            while let top = stack.last {
                let closes: Bool
                // A `<div markdown>` ignores indentation inside it, as md_in_html does: only a line that leaves the block
                // around it (less indented than that block's text) closes it.
                // Un `<div markdown>` no mira la sangría de dentro: solo lo cierra una línea que sale del bloque que lo rodea.
                if case .html = top.kind { closes = indent.columns < (stack.dropLast().last?.contentIndent ?? 0) } else { closes = indent.columns < top.contentIndent }
                guard closes else { break }
                if case let .html(tag) = top.kind {
                    notes.add(top.line, "<\(String(decoding: tag, as: UTF8.self)) markdown> is closed by a less indented line, not by </\(String(decoding: tag, as: UTF8.self))>")
                }
                stack.removeLast()
                popped = true
            }
            if popped { enteredDepth() }
            if let open = fence, open.depth > stack.count { fence = nil }
            flushBlanks()
            if popped, !hadBlanks { separatorPending = true }
            if hadBlanks { previousBlank = true }

            let source = line.line
            let relative = indent.columns - base

            if let open = fence {
                emit(prefix + Self.dedent(text, by: base), source: source)
                if relative < 4 || indent.columns - open.indent < 4, Self.closesFence(text, from: indent.offset, open) { fence = nil }
                previousBlank = false
                return
            }

            let inList = listIndent.map { indent.columns >= $0 + 1 && indent.columns < $0 + 8 } ?? false
            if relative >= 4, !inList, previousBlank || indentedCode {
                indentedCode = true
                terms = []
                termsOpen = false
                emit(prefix + Self.dedent(text, by: base), source: source)
                previousBlank = false
                return
            }
            indentedCode = false
            let canOpen = relative < 4 || inList
            let body = Array(text[indent.offset...])
            if canOpen, take(header: body, indent: indent.columns, source: source) {
                previousBlank = true
                return
            }
            // A list item: headers may follow at its content's indentation.
            if relative < 4, Self.isListItem(body) {
                listIndent = indent.columns
            } else if relative < 4, hadBlanks {
                listIndent = nil
            }
            if canOpen, let opened = Self.fenceOpening(body) {
                fence = Fence(byte: opened.byte, count: opened.count, depth: stack.count, indent: indent.columns)
                terms = []
                termsOpen = false
                afterDefinition = false
                emit(prefix + Self.dedent(text, by: base), source: source)
                previousBlank = false
                return
            }
            var rewritten = Self.dedent(text, by: base)
            if relative < 4, extensions.abbr, let definition = Self.abbreviation(body) {
                rewritten = Array(rewritten[..<(rewritten.count - body.count)]) + definition
            } else {
                rewritten = MkDocsInline.rewrite(rewritten, heading: relative < 4 && Self.isHeading(body), extensions: extensions,
                                                 line: source, notes: &notes)
            }
            if relative < 4, Self.isPlain(body) {
                if previousBlank { terms = []; termsOpen = true }
                if termsOpen {
                    let text = rewritten.drop { $0 == 32 || $0 == 9 }
                    terms.append(TermLine(output: output.count + (separatorPending ? 1 : 0), lead: prefix + Self.spaces(relative), text: Array(text)))
                }
            } else {
                terms = []
                termsOpen = false
            }
            afterDefinition = false
            emit(prefix + rewritten, source: source)
            previousBlank = false
        }

        /// A container header, a definition, or a `<div markdown>` opening or closing: written, true; else false.
        private mutating func take(header body: [UInt8], indent: Int, source: Int) -> Bool {
            guard let first = body.first else { return false }
            switch first {
            case UInt8(ascii: "!") where extensions.admonition:
                guard let header = Header.admonition(body) else { return false }
                let title = header.title.map { $0.isEmpty ? nil : $0 } ?? Self.capitalized(header.classes[0])
                let classes = MkDocsBytes.hex(header.classes.joined(separator: " ").utf8)
                return open(.admonition, indent: indent, source: source,
                            marker: ["admonition", String(decoding: classes, as: UTF8.self), title == nil ? "n" : "t"], title: title)
            case UInt8(ascii: "?") where extensions.details:
                guard let header = Header.details(body) else { return false }
                let title = header.title ?? Self.capitalized(header.classes[0])
                let classes = MkDocsBytes.hex(header.classes.joined(separator: " ").utf8)
                return open(.details, indent: indent, source: source,
                            marker: ["details", String(decoding: classes, as: UTF8.self), header.open ? "open" : "closed"], title: title)
            case UInt8(ascii: "=") where extensions.tabbed:
                guard let header = Header.tab(body) else { return false }
                let flags = (header.newSet ? "n" : "") + (header.selected ? "s" : "")
                return open(.tab, indent: indent, source: source, marker: ["tab", flags.isEmpty ? "-" : flags], title: header.title)
            case UInt8(ascii: ":") where extensions.defList:
                return definition(body, indent: indent, source: source)
            case UInt8(ascii: "<") where extensions.mdInHTML:
                return html(body, indent: indent, source: source)
            default:
                return false
            }
        }

        /// Writes a container's header as an `######` heading with its marker and title, and opens its body.
        private mutating func open(_ kind: Container.Kind, indent: Int, source: Int, marker: [String], title: [UInt8]?) -> Bool {
            guard stack.count < MkDocsPreprocessor.maximumDepth else {
                notes.once(source, "blocks nest deeper than \(MkDocsPreprocessor.maximumDepth); deeper ones are shown as text")
                return false
            }
            let lead = prefix + Self.spaces(indent - base)
            var line = lead + Array("###### ".utf8) + MkDocsMarker.block(marker)
            if let title, !title.isEmpty {
                line.append(32)
                line += Self.headingText(MkDocsInline.rewrite(title, heading: false, extensions: extensions, line: source, notes: &notes))
            }
            separatorPending = false
            emit(line, source: source)
            stack.append(Container(kind: kind, headerIndent: indent, contentIndent: indent + (kind.isHTML ? 0 : 4),
                                   prefix: lead + Array("> ".utf8), line: source))
            enteredDepth()
            return true
        }

        /// `:   definition` after a paragraph (its lines become terms) or after another definition.
        private mutating func definition(_ body: [UInt8], indent: Int, source: Int) -> Bool {
            var index = 1
            while index < body.count, index <= 4, body[index] == 32 { index += 1 }
            guard index > 1, index <= 4, index < body.count else { return false }
            let eligible = (!terms.isEmpty && lastFlushedBlanks <= 1) || afterDefinition
            guard eligible, stack.count < MkDocsPreprocessor.maximumDepth else { return false }
            let loose = lastFlushedBlanks > 0
            for term in terms {
                guard term.output < output.count else { continue }
                output[term.output] = term.lead + Array("###### ".utf8) + MkDocsMarker.block(["dt"]) + [32] + Self.headingText(term.text)
            }
            terms = []
            termsOpen = false
            let content = Array(body[index...])
            let text = MkDocsInline.rewrite(content, heading: false, extensions: extensions, line: source, notes: &notes)
            let lead = prefix + Self.spaces(indent - base)
            let marker = MkDocsMarker.block(["dd", loose ? "l" : "t"])
            let paragraph = Self.isPlain(content) && Header.admonition(content) == nil && Header.details(content) == nil && Header.tab(content) == nil
            if paragraph, !continues(after: source, indent: indent + 4) {
                separatorPending = false
                emit(lead + Array("###### ".utf8) + marker + [32] + Self.headingText(text), source: source)
                afterDefinition = true
                return true
            }
            let quote = lead + Array("> ".utf8)
            guard paragraph else {
                // A list, fence or block first: the marker gets the `:` line, the content a line of its own, read as any
                // line of the definition's body. / El marcador ocupa la línea `:`; el contenido, una línea propia.
                emit(quote + marker, source: source)
                emit(lead + [UInt8(ascii: ">")], source: source)
                mapNeeded = true
                stack.append(Container(kind: .definition, headerIndent: indent, contentIndent: indent + 4, prefix: quote, line: source))
                enteredDepth()
                take(line: SourceLine(text: Self.spaces(indent + 4) + content, line: source))
                afterDefinition = true
                return true
            }
            emit(quote + marker + text, source: source)
            stack.append(Container(kind: .definition, headerIndent: indent, contentIndent: indent + 4, prefix: quote, line: source))
            enteredDepth()
            previousBlank = false
            afterDefinition = true
            return true
        }

        /// Whether a line after the current one (blank lines between allowed) is indented to `indent`.
        private func continues(after source: Int, indent: Int) -> Bool {
            let here = current
            var index = here + 1
            while index < lines.count, index - here < 10_000 {
                let next = Self.indentation(lines[index].text)
                if next.offset < lines[index].text.count { return next.columns >= indent }
                index += 1
            }
            return false
        }

        /// `<div markdown>` opens a block drawn as the same element with its safe attributes; `</div>` closes it;
        /// `<figcaption>…</figcaption>` on one line inside is kept as a caption.
        private mutating func html(_ body: [UInt8], indent: Int, source: Int) -> Bool {
            let trimmed = MkDocsPreprocessor.SnippetExpander.trimmed(body)
            if case let .html(tag)? = stack.last?.kind, trimmed == Array("</".utf8) + tag + [UInt8(ascii: ">")] {
                stack.removeLast()
                enteredDepth()
                separatorPending = false
                emit(Self.trimmedEnd(prefix), source: source)
                return true
            }
            if case .html(Array("figure".utf8))? = stack.last?.kind, let caption = Self.figcaption(trimmed) {
                separatorPending = false
                emit(prefix + Self.spaces(indent - base) + Array("###### ".utf8) + MkDocsMarker.block(["figcaption"]) + [32]
                     + Self.headingText(caption), source: source)
                return true
            }
            guard let opening = Self.markdownTag(trimmed) else { return false }
            let attributes = MkDocsBytes.hex(opening.attributes)
            return open(.html(opening.tag), indent: indent, source: source,
                        marker: ["html", String(decoding: opening.tag, as: UTF8.self), String(decoding: attributes, as: UTF8.self)], title: nil)
        }

        // MARK: Writing

        private var lastFlushedBlanks = 0

        private mutating func flushBlanks() {
            lastFlushedBlanks = pendingBlanks.count
            if !pendingBlanks.isEmpty {
                let blank = Self.trimmedEnd(prefix)
                for source in pendingBlanks { append(blank, source: source) }
                pendingBlanks.removeAll(keepingCapacity: true)
                separatorPending = false
            }
        }

        private mutating func emit(_ line: [UInt8], source: Int) {
            if separatorPending {
                append(Self.trimmedEnd(prefix), source: source)
                mapNeeded = true
                separatorPending = false
            }
            append(line, source: source)
        }

        private mutating func append(_ line: [UInt8], source: Int) {
            if sources.count + 1 != source { mapNeeded = true }
            output.append(line)
            sources.append(source)
        }

        /// The depth changed: what was known about paragraphs, lists and code at the old depth no longer holds.
        private mutating func enteredDepth() {
            terms = []
            termsOpen = false
            listIndent = nil
            indentedCode = false
            afterDefinition = false
            previousBlank = true
        }
    }
}

extension MkDocsPreprocessor.BlockPass.Container.Kind {
    var isHTML: Bool { if case .html = self { true } else { false } }
}

// MARK: - Reading lines / Lectura de líneas

extension MkDocsPreprocessor.BlockPass {
    /// Leading whitespace: its width in columns (tabs to the next multiple of 4) and in bytes.
    static func indentation(_ text: [UInt8]) -> (columns: Int, offset: Int) {
        var columns = 0
        var offset = 0
        while offset < text.count {
            if text[offset] == 32 { columns += 1 } else if text[offset] == 9 { columns += 4 - columns % 4 } else { break }
            offset += 1
        }
        return (columns, offset)
    }

    /// `text` without its first `columns` columns of indentation (a tab cut in two leaves spaces).
    static func dedent(_ text: [UInt8], by columns: Int) -> [UInt8] {
        guard columns > 0 else { return text }
        var column = 0
        var offset = 0
        while offset < text.count, column < columns {
            let byte = text[offset]
            if byte == 32 { column += 1 } else if byte == 9 { column += 4 - column % 4 } else { break }
            offset += 1
        }
        let extra = max(column - columns, 0)
        return spaces(extra) + text[offset...]
    }

    static func spaces(_ count: Int) -> [UInt8] { [UInt8](repeating: 32, count: max(count, 0)) }

    static func trimmedEnd(_ bytes: [UInt8]) -> [UInt8] {
        var end = bytes.count
        while end > 0, bytes[end - 1] == 32 { end -= 1 }
        return Array(bytes[..<end])
    }

    static func fenceOpening(_ body: [UInt8]) -> (byte: UInt8, count: Int)? {
        guard let byte = body.first, byte == UInt8(ascii: "`") || byte == UInt8(ascii: "~") else { return nil }
        var count = 0
        while count < body.count, body[count] == byte { count += 1 }
        guard count >= 3 else { return nil }
        if byte == UInt8(ascii: "`"), body[count...].contains(UInt8(ascii: "`")) { return nil }
        return (byte, count)
    }

    static func closesFence(_ text: [UInt8], from offset: Int, _ fence: Fence) -> Bool {
        var index = offset
        while index < text.count, text[index] == fence.byte { index += 1 }
        guard index - offset >= fence.count else { return false }
        return text[index...].allSatisfy { $0 == 32 || $0 == 9 }
    }

    static func isListItem(_ body: [UInt8]) -> Bool {
        guard let first = body.first else { return false }
        if first == UInt8(ascii: "-") || first == UInt8(ascii: "*") || first == UInt8(ascii: "+") {
            return body.count == 1 || body[1] == 32 || body[1] == 9
        }
        var index = 0
        while index < body.count, index < 10, body[index] >= 48, body[index] <= 57 { index += 1 }
        guard index > 0, index < body.count, body[index] == UInt8(ascii: ".") || body[index] == UInt8(ascii: ")") else { return false }
        return index + 1 == body.count || body[index + 1] == 32 || body[index + 1] == 9
    }

    static func isHeading(_ body: [UInt8]) -> Bool {
        var index = 0
        while index < body.count, body[index] == UInt8(ascii: "#") { index += 1 }
        return index >= 1 && index <= 6 && (index == body.count || body[index] == 32 || body[index] == 9)
    }

    /// A line that can only be paragraph text: no heading, quote, list item, fence, table, HTML or attribute line.
    static func isPlain(_ body: [UInt8]) -> Bool {
        guard let first = body.first else { return false }
        // An HTML comment may stand as a term (Material's own docs do). / Un comentario HTML puede ser término.
        if MkDocsBytes.hasPrefix(Array("<!--".utf8), in: body, at: 0) { return true }
        if "#>|<{*[:".utf8.contains(first) || isListItem(body) || fenceOpening(body) != nil { return false }
        if first == UInt8(ascii: "=") || first == UInt8(ascii: "-") || first == UInt8(ascii: "_") {
            return !body.allSatisfy { $0 == first || $0 == 32 }
        }
        return true
    }

    /// Heading text that keeps a trailing `#`: cmark would take it for the closing sequence.
    static func headingText(_ text: [UInt8]) -> [UInt8] {
        let trimmed = trimmedEnd(text)
        guard trimmed.last == UInt8(ascii: "#") else { return trimmed }
        return Array(trimmed.dropLast()) + Array("\\#".utf8)
    }

    /// `Note` from `note`: Python's `str.capitalize`, on Unicode scalars.
    static func capitalized(_ word: String) -> [UInt8] {
        guard let first = word.unicodeScalars.first else { return [] }
        return Array((String(first).uppercased() + String(word.unicodeScalars.dropFirst()).lowercased()).utf8)
    }

    /// `*[HTML]: Hyper Text Markup Language` as an abbreviation marker; nil for any other line.
    static func abbreviation(_ body: [UInt8]) -> [UInt8]? {
        guard body.count > 4, body[0] == UInt8(ascii: "*"), body[1] == UInt8(ascii: "[") else { return nil }
        guard let close = body[2...].firstIndex(of: UInt8(ascii: "]")), close > 2 else { return nil }
        let term = body[2..<close]
        guard !term.contains(UInt8(ascii: "\\")) else { return nil }
        var index = close + 1
        if index < body.count, body[index] == 32 { index += 1 }
        guard index < body.count, body[index] == UInt8(ascii: ":") else { return nil }
        index += 1
        let title = MkDocsPreprocessor.SnippetExpander.trimmed(Array(body[index...]))
        return MkDocsMarker.block(["abbr", String(decoding: MkDocsBytes.hex(term), as: UTF8.self),
                                   String(decoding: MkDocsBytes.hex(title), as: UTF8.self)])
    }

    static let markdownTags: [[UInt8]] = ["div", "figure", "section", "article", "aside", "header", "footer", "nav", "main", "blockquote", "details", "summary", "p"].map { Array($0.utf8) }

    /// `<div class="grid" markdown>` alone on its line: the tag and its attributes (without `markdown`) as written.
    static func markdownTag(_ line: [UInt8]) -> (tag: [UInt8], attributes: [UInt8])? {
        guard line.count > 3, line.count < 2_000, line[0] == UInt8(ascii: "<"), line.last == UInt8(ascii: ">") else { return nil }
        var end = 1
        while end < line.count, (line[end] | 0x20) >= 97, (line[end] | 0x20) <= 122 { end += 1 }
        let tag = line[1..<end].map { $0 | 0x20 }
        guard markdownTags.contains(tag), end < line.count, line[end] == 32 || line[end] == 9 else { return nil }
        var inner = Array(line[end..<(line.count - 1)])
        guard let word = findMarkdownAttribute(inner) else { return nil }
        inner.replaceSubrange(word, with: [])
        return (tag, MkDocsPreprocessor.SnippetExpander.trimmed(inner))
    }

    /// Where `markdown`, `markdown="1"`, `markdown="block"`… stands among a tag's attributes.
    static func findMarkdownAttribute(_ inner: [UInt8]) -> Range<Int>? {
        let name = Array("markdown".utf8)
        var from = 0
        while let found = MkDocsBytes.find(name, in: inner, from: from) {
            from = found + 1
            guard found == 0 || inner[found - 1] == 32 || inner[found - 1] == 9 else { continue }
            var end = found + name.count
            if end < inner.count, inner[end] == UInt8(ascii: "=") {
                end += 1
                guard end < inner.count else { return nil }
                let quote = inner[end]
                if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                    guard let close = inner[(end + 1)...].firstIndex(of: quote) else { return nil }
                    end = close + 1
                } else {
                    while end < inner.count, inner[end] != 32 { end += 1 }
                }
            }
            guard end == inner.count || inner[end] == 32 || inner[end] == 9 || inner[end] == UInt8(ascii: "/") else { continue }
            return found..<end
        }
        return nil
    }

    static func figcaption(_ line: [UInt8]) -> [UInt8]? {
        let open = Array("<figcaption>".utf8)
        let close = Array("</figcaption>".utf8)
        guard line.count >= open.count + close.count, MkDocsBytes.hasPrefix(open, in: line, at: 0),
              MkDocsBytes.hasPrefix(close, in: line, at: line.count - close.count) else { return nil }
        return Array(line[open.count..<(line.count - close.count)])
    }
}

// MARK: - Headers / Cabeceras

extension MkDocsPreprocessor.BlockPass {
    /// A header line read: its classes (type first), title (nil: none written; empty: `""`), and flags.
    /// Una línea de cabecera leída: clases, título y marcas.
    struct Header {
        var classes: [String] = []
        var title: [UInt8]?
        var open = false
        var newSet = false
        var selected = false

        /// `!!! type extra "Title"` / `!!!type`.
        static func admonition(_ body: [UInt8]) -> Header? {
            guard body.count > 3, body[0] == UInt8(ascii: "!"), body[1] == UInt8(ascii: "!"), body[2] == UInt8(ascii: "!") else { return nil }
            return typed(body, from: 3)
        }

        /// `??? type "Title"` / `???+ type`.
        static func details(_ body: [UInt8]) -> Header? {
            guard body.count > 3, body[0] == UInt8(ascii: "?"), body[1] == UInt8(ascii: "?"), body[2] == UInt8(ascii: "?") else { return nil }
            let open = body[3] == UInt8(ascii: "+")
            guard var header = typed(body, from: open ? 4 : 3) else { return nil }
            header.open = open
            return header
        }

        /// `=== "Label"`, `===! "Label"` (a new set), `===+ "Label"` (selected).
        static func tab(_ body: [UInt8]) -> Header? {
            guard body.count > 5, body[0] == UInt8(ascii: "="), body[1] == UInt8(ascii: "="), body[2] == UInt8(ascii: "=") else { return nil }
            var header = Header()
            var index = 3
            while index < body.count, index < 5, body[index] == UInt8(ascii: "!") || body[index] == UInt8(ascii: "+") {
                if body[index] == UInt8(ascii: "!") { header.newSet = true } else { header.selected = true }
                index += 1
            }
            guard index < body.count, body[index] == 32 else { return nil }
            while index < body.count, body[index] == 32 { index += 1 }
            guard let title = quoted(body, from: index) else { return nil }
            header.title = title
            return header
        }

        private static func typed(_ body: [UInt8], from start: Int) -> Header? {
            var index = start
            if index < body.count, body[index] == 32 { index += 1 }
            var header = Header()
            while index < body.count {
                let wordStart = index
                while index < body.count, isWordByte(body[index]) { index += 1 }
                guard index > wordStart else { break }
                header.classes.append(String(decoding: body[wordStart..<index], as: UTF8.self).lowercased())
                guard index < body.count, body[index] == 32 else { break }
                while index < body.count, body[index] == 32 { index += 1 }
                if index < body.count, body[index] == UInt8(ascii: "\"") { break }
            }
            guard !header.classes.isEmpty else { return nil }
            if index < body.count, body[index] == UInt8(ascii: "\"") {
                guard let title = quoted(body, from: index) else { return nil }
                header.title = title
                return header
            }
            return body[index...].allSatisfy({ $0 == 32 }) ? header : nil
        }

        /// `"text"` followed by spaces only: the text between the first and the last quote.
        private static func quoted(_ body: [UInt8], from index: Int) -> [UInt8]? {
            let end = MkDocsPreprocessor.BlockPass.trimmedEnd(body).count
            guard index < end - 1, body[index] == UInt8(ascii: "\""), body[end - 1] == UInt8(ascii: "\"") else { return nil }
            return Array(body[(index + 1)..<(end - 1)])
        }

        private static func isWordByte(_ byte: UInt8) -> Bool {
            (byte >= 97 && byte <= 122) || (byte >= 65 && byte <= 90) || (byte >= 48 && byte <= 57) || byte == 45 || byte == 95 || byte >= 0x80
        }
    }
}
