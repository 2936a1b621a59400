/// The post-pass: cmark-gfm's HTML for a prepared document with the pre-pass's markers drawn as Material draws them
/// (admonitions, collapsible blocks, tab sets, definition lists, `<div markdown>`, attribute lists, abbreviations) and
/// the inline syntax cmark leaves as text (`++keys++`, `==mark==`, `^^ins^^`, `^sup^`, `~sub~`) turned into elements.
/// Everything written from a marker is escaped; a marker that fits nowhere is dropped or written back as text.
/// La pasada final: el HTML de cmark-gfm con los marcadores de la pasada previa dibujados como los dibuja Material, y
/// la sintaxis en línea que cmark deja como texto convertida en elementos. Todo lo escrito desde un marcador va escapado.
public enum MkDocsHTML {
    /// Run after cmark and before `HeadingAnchors` (which then gives `<h2 class="x">Title {#id}</h2>` its id).
    /// Se ejecuta tras cmark y antes de `HeadingAnchors`.
    public static func finish(_ html: String, extensions: MkDocsExtensions) -> String {
        var text = html
        let (hasMarkers, inline) = text.withUTF8 { scan($0, extensions) }
        guard hasMarkers || inline else { return html }
        let bytes = Array(html.utf8)
        var output = hasMarkers ? Blocks(bytes).drawn() : bytes
        var abbreviations: [[UInt8]: [UInt8]] = [:]
        if hasMarkers { output = collectAbbreviations(output, into: &abbreviations) }
        output = InlineText(extensions: extensions, abbreviations: abbreviations).drawn(output)
        // No marker byte is ever shown, wherever it was left. / Ningún byte de marcador se muestra nunca.
        if hasMarkers, output.contains(1) { output.removeAll { $0 == 1 } }
        return String(decoding: output, as: UTF8.self)
    }

    /// One pass: whether the HTML holds a marker, and whether it holds inline syntax an extension draws.
    /// Una pasada: si el HTML tiene marcadores y si tiene sintaxis en línea que dibujar.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, _ on: MkDocsExtensions) -> (markers: Bool, inline: Bool) {
        var inline = false
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case 1: return (true, true)
            case UInt8(ascii: "+") where on.keys && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "+"): inline = true
            case UInt8(ascii: "=") where on.mark && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "="): inline = true
            case UInt8(ascii: "^") where on.caret: inline = true
            case UInt8(ascii: "~") where on.tilde: inline = true
            default: break
            }
            index += 1
        }
        return (false, inline)
    }

    // MARK: Blocks

    /// A container the pre-pass marked: where its header and its end are in the HTML, and what it is.
    /// Un contenedor marcado: dónde están su cabecera y su final en el HTML, y qué es.
    struct Block {
        var fields: [[UInt8]]
        var kind: [UInt8] { fields.first ?? [] }
        /// The `<h6>…</h6>\n` (and a following `<blockquote>\n`) or the `<blockquote>\n<p>MARK` of a definition.
        var header: Range<Int>
        /// The title or label HTML inside the heading (empty range when none).
        var title: Range<Int>
        /// The `</blockquote>\n` that ends the body; nil when the header had no body.
        var close: Range<Int>?
        /// A definition written as a blockquote (its first paragraph starts after the marker).
        var quoted = false
        var markerOnlyParagraph = false
    }

    struct Edit {
        let range: Range<Int>
        let text: [UInt8]
    }

    struct Blocks {
        let html: [UInt8]
        init(_ html: [UInt8]) { self.html = html }

        static let heading = Array("<h6>".utf8) + MkDocsMarker.block
        static let headingEnd = Array("</h6>\n".utf8)
        static let quoteOpen = Array("<blockquote>\n".utf8)
        static let quoteClose = Array("</blockquote>\n".utf8)
        static let definitionQuote = Array("<blockquote>\n<p>".utf8) + MkDocsMarker.block
        static let paragraphEnd = Array("</p>\n".utf8)
        static let containers: Set<[UInt8]> = Set(["admonition", "details", "tab", "html"].map { Array($0.utf8) })

        /// Pairs blockquotes by nesting (iteratively), reads the marked ones and writes the edits.
        func drawn() -> [UInt8] {
            var blocks: [Block] = []
            // Open blockquotes, innermost last: the index of the marked block each one is the body of.
            var stack: [Int?] = []
            var index = 0
            while index < html.count {
                guard html[index] == UInt8(ascii: "<") else { index += 1; continue }
                if MkDocsBytes.hasPrefix(Self.heading, in: html, at: index), var block = header(at: index) {
                    // Terms, one-line definitions and captions have no body. / No tienen cuerpo.
                    if Self.containers.contains(block.kind), MkDocsBytes.hasPrefix(Self.quoteOpen, in: html, at: block.header.upperBound) {
                        block.header = block.header.lowerBound..<(block.header.upperBound + Self.quoteOpen.count)
                        stack.append(blocks.count)
                    }
                    index = block.header.upperBound
                    blocks.append(block)
                } else if MkDocsBytes.hasPrefix(Self.definitionQuote, in: html, at: index), let block = definition(at: index) {
                    stack.append(blocks.count)
                    index = block.header.upperBound
                    blocks.append(block)
                } else if MkDocsBytes.hasPrefix(Self.quoteOpen, in: html, at: index) {
                    stack.append(nil)
                    index += Self.quoteOpen.count
                } else if MkDocsBytes.hasPrefix(Self.quoteClose, in: html, at: index) {
                    if let top = stack.popLast(), let owner = top { blocks[owner].close = index..<(index + Self.quoteClose.count) }
                    index += Self.quoteClose.count
                } else {
                    index += 1
                }
            }
            guard !blocks.isEmpty else { return html }
            return apply(edits(blocks))
        }

        /// `<h6>U+0001[!mkdocs:a:b:c] title</h6>\n`.
        private func header(at start: Int) -> Block? {
            let fieldsStart = start + Self.heading.count
            guard let end = html[fieldsStart...].prefix(600).firstIndex(of: UInt8(ascii: "]")),
                  let close = MkDocsBytes.find(Self.headingEnd, in: html, from: end) else { return nil }
            let fields = html[fieldsStart..<end].split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false).map { Array($0) }
            var titleStart = end + 1
            if titleStart < close, html[titleStart] == 32 { titleStart += 1 }
            return Block(fields: fields, header: start..<(close + Self.headingEnd.count), title: titleStart..<close)
        }

        /// `<blockquote>\n<p>U+0001[!mkdocs:dd:t]` (the paragraph goes on) or `…]</p>\n` (a block follows).
        private func definition(at start: Int) -> Block? {
            let fieldsStart = start + Self.definitionQuote.count
            guard let end = html[fieldsStart...].prefix(20).firstIndex(of: UInt8(ascii: "]")) else { return nil }
            let fields = html[fieldsStart..<end].split(separator: UInt8(ascii: ":")).map { Array($0) }
            guard fields.first == Array("dd".utf8) else { return nil }
            var block = Block(fields: fields, header: start..<(end + 1), title: (end + 1)..<(end + 1), quoted: true)
            if MkDocsBytes.hasPrefix(Self.paragraphEnd, in: html, at: end + 1) {
                block.header = start..<(end + 1 + Self.paragraphEnd.count)
                block.markerOnlyParagraph = true
            }
            return block
        }

        private func field(_ block: Block, _ index: Int) -> [UInt8] {
            index < block.fields.count ? block.fields[index] : []
        }

        private func title(_ block: Block) -> [UInt8] { Array(html[block.title]) }

        /// The end of a block in the HTML: its closing blockquote's end, or its header's.
        private func end(_ block: Block) -> Int { block.close?.upperBound ?? block.header.upperBound }

        private func edits(_ blocks: [Block]) -> [Edit] {
            var edits: [Edit] = []
            var tabSets = 0
            var index = 0
            var inSet = Set<Int>()
            var inList = Set<Int>()
            while index < blocks.count {
                let block = blocks[index]
                switch String(decoding: block.kind, as: UTF8.self) {
                case "admonition":
                    let classes = MkDocsBytes.unhex(field(block, 1)) ?? []
                    var open = Array("<div class=\"admonition ".utf8)
                    MkDocsBytes.escape(classes, into: &open)
                    open += Array("\">\n".utf8)
                    if field(block, 2) == Array("t".utf8) {
                        open += Array("<p class=\"admonition-title\">".utf8) + title(block) + Array("</p>\n".utf8)
                    }
                    edits += wrap(block, open: open, close: Array("</div>\n".utf8))
                case "details":
                    let classes = MkDocsBytes.unhex(field(block, 1)) ?? []
                    var open = Array("<details class=\"".utf8)
                    MkDocsBytes.escape(classes, into: &open)
                    open += Array((field(block, 2) == Array("open".utf8) ? "\" open=\"open\">\n" : "\">\n").utf8)
                    open += Array("<summary>".utf8) + title(block) + Array("</summary>\n".utf8)
                    edits += wrap(block, open: open, close: Array("</details>\n".utf8))
                case "tab" where !inSet.contains(index):
                    var members = [index]
                    var next = skipNested(blocks, after: index)
                    // The next tab of the set starts where this one ends, and does not ask for a new set.
                    while next < blocks.count, next - index < 10_000, blocks[next].kind == Array("tab".utf8),
                          blocks[next].header.lowerBound == end(blocks[members.last!]), !field(blocks[next], 1).contains(UInt8(ascii: "n")) {
                        members.append(next)
                        next = skipNested(blocks, after: next)
                    }
                    tabSets += 1
                    edits += tabSet(members.map { blocks[$0] }, number: tabSets)
                    inSet.formUnion(members)
                case "dt" where !inList.contains(index), "dd" where !inList.contains(index):
                    var members = [index]
                    var next = skipNested(blocks, after: index)
                    while next < blocks.count, next - index < 10_000, blocks[next].kind == Array("dt".utf8) || blocks[next].kind == Array("dd".utf8),
                          blocks[next].header.lowerBound == end(blocks[members.last!]) {
                        members.append(next)
                        next = skipNested(blocks, after: next)
                    }
                    inList.formUnion(members)
                    for (position, member) in members.enumerated() {
                        var item = definitionItem(blocks[member])
                        if position == 0 { item[0] = Edit(range: item[0].range, text: Array("<dl>\n".utf8) + item[0].text) }
                        if position == members.count - 1, let last = item.popLast() {
                            item.append(Edit(range: last.range, text: last.text + Array("</dl>\n".utf8)))
                        }
                        edits += item
                    }
                case "dt", "dd", "tab":
                    break
                case "html":
                    let tag = field(block, 1)
                    guard MkDocsPreprocessor.BlockPass.markdownTags.contains(tag) else { edits += wrap(block, open: [], close: []); break }
                    let attributes = MkDocsBytes.unhex(field(block, 2)).flatMap { MkDocsAttributes.parse($0) }
                    let open = [UInt8(ascii: "<")] + tag + Array((attributes?.html() ?? "").utf8) + Array(">\n".utf8)
                    edits += wrap(block, open: open, close: Array("</".utf8) + tag + Array(">\n".utf8))
                case "figcaption":
                    edits += wrap(block, open: Array("<figcaption>".utf8) + title(block) + Array("</figcaption>\n".utf8), close: [])
                default:
                    // A marker this version does not know: its heading is dropped, its body kept.
                    edits += wrap(block, open: [], close: [])
                }
                index += 1
            }
            return edits
        }

        /// The index after `index` and every block nested inside it (those whose header lies within its body).
        private func skipNested(_ blocks: [Block], after index: Int) -> Int {
            let limit = end(blocks[index])
            var next = index + 1
            while next < blocks.count, blocks[next].header.lowerBound < limit { next += 1 }
            return next
        }

        private func wrap(_ block: Block, open: [UInt8], close: [UInt8]) -> [Edit] {
            guard let end = block.close else { return [Edit(range: block.header, text: open + close)] }
            return [Edit(range: block.header, text: open), Edit(range: end, text: close)]
        }

        private func tabSet(_ tabs: [Block], number: Int) -> [Edit] {
            let selected = tabs.firstIndex { field($0, 1).contains(UInt8(ascii: "s")) } ?? 0
            var open = Array("<div class=\"tabbed-set tabbed-alternate\" data-tabs=\"\(number):\(tabs.count)\">".utf8)
            for position in tabs.indices {
                open += Array("<input \(position == selected ? "checked=\"checked\" " : "")id=\"__tabbed_\(number)_\(position + 1)\" name=\"__tabbed_\(number)\" type=\"radio\" />".utf8)
            }
            open += Array("<div class=\"tabbed-labels\">".utf8)
            for (position, tab) in tabs.enumerated() {
                open += Array("<label for=\"__tabbed_\(number)_\(position + 1)\">".utf8) + title(tab) + Array("</label>".utf8)
            }
            open += Array("</div>\n<div class=\"tabbed-content\">\n".utf8)
            var edits: [Edit] = []
            for (position, tab) in tabs.enumerated() {
                var blockOpen = Array("<div class=\"tabbed-block\">\n".utf8)
                var blockClose = Array("</div>\n".utf8)
                if position == 0 { blockOpen = open + blockOpen }
                if position == tabs.count - 1 { blockClose += Array("</div>\n</div>\n".utf8) }
                edits += wrap(tab, open: blockOpen, close: blockClose)
            }
            return edits
        }

        /// A term, a one-line definition (in a heading) or a definition with a body (a blockquote).
        private func definitionItem(_ block: Block) -> [Edit] {
            if block.kind == Array("dt".utf8) {
                return wrap(block, open: Array("<dt>".utf8) + title(block) + Array("</dt>\n".utf8), close: [])
            }
            let tight = field(block, 1) == Array("t".utf8)
            if !block.quoted {
                let text = tight ? Array("<dd>".utf8) + title(block) + Array("</dd>\n".utf8)
                    : Array("<dd>\n<p>".utf8) + title(block) + Array("</p>\n</dd>\n".utf8)
                return wrap(block, open: text, close: [])
            }
            let open = Array((block.markerOnlyParagraph ? "<dd>\n" : "<dd>\n<p>").utf8)
            guard let close = block.close else { return [Edit(range: block.header, text: open + Array("</dd>\n".utf8))] }
            // A tight definition of one paragraph loses its <p>, as Python-Markdown writes it.
            let body = html[block.header.upperBound..<close.lowerBound]
            if tight, !block.markerOnlyParagraph, MkDocsBytes.hasPrefix(Self.paragraphEnd, in: html, at: close.lowerBound - Self.paragraphEnd.count),
               !body.contains(UInt8(ascii: "<")) || !Self.hasBlockTag(Array(body)) {
                return [Edit(range: block.header, text: Array("<dd>".utf8)),
                        Edit(range: (close.lowerBound - Self.paragraphEnd.count)..<close.upperBound, text: Array("</dd>\n".utf8))]
            }
            return [Edit(range: block.header, text: open), Edit(range: close, text: Array("</dd>\n".utf8))]
        }

        static func hasBlockTag(_ body: [UInt8]) -> Bool {
            for tag in ["<p>", "<p ", "<ul", "<ol", "<pre", "<div", "<blockquote", "<h", "<table", "<dl", "<details", "</p>"]
            where MkDocsBytes.find(Array(tag.utf8), in: body, from: 0) != nil {
                // `</p>` before the final one means a second paragraph. / Un segundo párrafo.
                if tag == "</p>", MkDocsBytes.find(Array(tag.utf8), in: body, from: 0) == body.count - Self.paragraphEnd.count { continue }
                return true
            }
            return false
        }

        private func apply(_ edits: [Edit]) -> [UInt8] {
            let sorted = edits.enumerated().sorted { ($0.element.range.lowerBound, $0.offset) < ($1.element.range.lowerBound, $1.offset) }.map(\.element)
            var output: [UInt8] = []
            output.reserveCapacity(html.count + edits.count * 64)
            var copied = 0
            for edit in sorted where edit.range.lowerBound >= copied {
                output += html[copied..<edit.range.lowerBound]
                output += edit.text
                copied = edit.range.upperBound
            }
            output += html[copied...]
            return output
        }
    }

    // MARK: Abbreviations

    static let abbreviationMarker = MkDocsMarker.block + Array("abbr:".utf8)

    /// Reads and removes `U+0001[!mkdocs:abbr:TERM:TITLE]` (with the newline after it, and a paragraph left empty).
    static func collectAbbreviations(_ html: [UInt8], into found: inout [[UInt8]: [UInt8]]) -> [UInt8] {
        guard MkDocsBytes.find(abbreviationMarker, in: html, from: 0) != nil else { return html }
        var output: [UInt8] = []
        output.reserveCapacity(html.count)
        var index = 0
        while let start = MkDocsBytes.find(abbreviationMarker, in: html, from: index) {
            output += html[index..<start]
            let fieldsStart = start + abbreviationMarker.count
            guard let end = html[fieldsStart...].firstIndex(of: UInt8(ascii: "]")) else { index = fieldsStart; break }
            let fields = html[fieldsStart..<end].split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
            if fields.count == 2, let term = MkDocsBytes.unhex(fields[0]), let title = MkDocsBytes.unhex(fields[1]), !term.isEmpty {
                var escaped: [UInt8] = []
                MkDocsBytes.escape(term, into: &escaped)
                found[escaped] = title
            }
            index = end + 1
            if index < html.count, html[index] == 10 { index += 1 }
            // `<p>MARK</p>\n` or `<p>MARK\nMARK</p>\n`: the paragraph goes with its markers.
            if MkDocsBytes.hasPrefix(Array("</p>\n".utf8), in: html, at: index), output.count >= 3, Array(output.suffix(3)) == Array("<p>".utf8) {
                output.removeLast(3)
                index += 5
            } else if output.last == 10, MkDocsBytes.hasPrefix(Array("</p>".utf8), in: html, at: index) {
                output.removeLast()
            }
        }
        output += html[index...]
        return output
    }
}
