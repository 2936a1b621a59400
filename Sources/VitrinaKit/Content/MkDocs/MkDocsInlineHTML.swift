extension MkDocsHTML {
    /// The text between tags (never inside `<code>`, `<pre>` or `<kbd>`): attribute lists applied to the element
    /// before them, `++keys++`, `==mark==`, `^^ins^^`, `^sup^`, `~sub~` and abbreviations drawn.
    /// El texto entre etiquetas (nunca en código): atributos aplicados, teclas, resaltado, sub/superíndices, abreviaturas.
    struct InlineText {
        let extensions: MkDocsExtensions
        /// Abbreviations by their first byte, longest first. / Abreviaturas por su primer byte, la más larga primero.
        let abbreviations: [UInt8: [(term: [UInt8], title: [UInt8])]]

        init(extensions: MkDocsExtensions, abbreviations: [[UInt8]: [UInt8]]) {
            self.extensions = extensions
            var byFirst: [UInt8: [(term: [UInt8], title: [UInt8])]] = [:]
            for (term, title) in abbreviations { if let first = term.first { byFirst[first, default: []].append((term, title)) } }
            self.abbreviations = byFirst.mapValues { $0.sorted { $0.term.count > $1.term.count } }
        }

        private static let skipped: [[UInt8]] = ["code", "pre", "kbd", "abbr"].map { Array($0.utf8) }

        func drawn(_ html: [UInt8]) -> [UInt8] {
            var output: [UInt8] = []
            output.reserveCapacity(html.count + 64)
            var index = 0
            var skipDepth = 0
            // Bytes that may start something; runs of the others are copied at once.
            var interesting = [Bool](repeating: false, count: 256)
            for byte in [UInt8(ascii: "<"), 1, UInt8(ascii: "+"), UInt8(ascii: "="), UInt8(ascii: "^"), UInt8(ascii: "~")] + abbreviations.keys {
                interesting[Int(byte)] = true
            }
            while index < html.count {
                let byte = html[index]
                if !interesting[Int(byte)] {
                    var end = index + 1
                    while end < html.count, !interesting[Int(html[end])] { end += 1 }
                    output += html[index..<end]
                    index = end
                    continue
                }
                if byte == UInt8(ascii: "<") {
                    let end = html[index...].firstIndex(of: UInt8(ascii: ">")) ?? (html.count - 1)
                    let tag = html[index...end]
                    if let name = Self.tagName(tag), Self.skipped.contains(name.name) {
                        skipDepth = max(skipDepth + (name.closing ? -1 : 1), 0)
                    }
                    output += tag
                    index = end + 1
                    continue
                }
                guard skipDepth == 0 else { output.append(byte); index += 1; continue }
                if byte == 1, let consumed = attributes(html, at: index, output: &output) {
                    index = consumed
                } else if byte == 1 {
                    // A marker left over: never shown. / Un marcador sobrante: nunca se muestra.
                    index += 1
                } else if byte == UInt8(ascii: "+"), extensions.keys, let (text, end) = keys(html, at: index) {
                    output += text
                    index = end
                } else if byte == UInt8(ascii: "="), extensions.mark, let (text, end) = pair(html, at: index, mark: "==", tag: "mark") {
                    output += text
                    index = end
                } else if byte == UInt8(ascii: "^"), extensions.caret,
                          let (text, end) = pair(html, at: index, mark: "^^", tag: "ins") ?? pair(html, at: index, mark: "^", tag: "sup") {
                    output += text
                    index = end
                } else if byte == UInt8(ascii: "~"), extensions.tilde, let (text, end) = pair(html, at: index, mark: "~", tag: "sub") {
                    output += text
                    index = end
                } else if abbreviations[byte] != nil, let (text, end) = abbreviation(html, at: index) {
                    output += text
                    index = end
                } else {
                    output.append(byte)
                    index += 1
                }
            }
            return output
        }

        static func tagName(_ tag: ArraySlice<UInt8>) -> (name: [UInt8], closing: Bool)? {
            var index = tag.startIndex + 1
            let closing = index < tag.endIndex && tag[index] == UInt8(ascii: "/")
            if closing { index += 1 }
            let start = index
            while index < tag.endIndex, (tag[index] | 0x20) >= 97, (tag[index] | 0x20) <= 122 { index += 1 }
            guard index > start else { return nil }
            if tag.last == UInt8(ascii: ">"), tag.dropLast().last == UInt8(ascii: "/") { return nil }
            return (tag[start..<index].map { $0 | 0x20 }, closing)
        }

        // MARK: Attribute lists

        /// `U+0001{mkdocs:attr:HEX}` applied to the link or image just before it, the heading it ends, or the paragraph
        /// whose last line it is; else written back as the text it was. Returns where the marker ends.
        private func attributes(_ html: [UInt8], at index: Int, output: inout [UInt8]) -> Int? {
            guard MkDocsBytes.hasPrefix(MkDocsMarker.attributes, in: html, at: index) else { return nil }
            let start = index + MkDocsMarker.attributes.count
            guard let close = html[start...].prefix(2 * MkDocsAttributes.longest + 2).firstIndex(of: UInt8(ascii: "}")),
                  let written = MkDocsBytes.unhex(html[start..<close]) else { return nil }
            let end = close + 1
            guard let attributes = MkDocsAttributes.parse(written) else { return end }
            if output.last == UInt8(ascii: ">") {
                // A link, code span or emphasis just closed. / Un enlace, código o énfasis recién cerrado.
                for (closing, opening) in Self.inlineElements where MkDocsBytes.hasPrefix(closing, in: output, at: output.count - closing.count) {
                    if let open = Self.lastOpening(opening, in: output) {
                        insert(attributes, into: &output, openingAt: open)
                        return end
                    }
                }
                if MkDocsBytes.hasPrefix(Array(" />".utf8), in: output, at: output.count - 3), let open = Self.lastOpening(Array("<img ".utf8), in: output),
                   !output[open...].dropLast().contains(UInt8(ascii: ">")) {
                    insert(attributes, into: &output, openingAt: open)
                    return end
                }
            }
            // A heading's list, at its end. / La lista de un título, al final.
            if end + 2 < html.count, MkDocsBytes.hasPrefix(Array("</h".utf8), in: html, at: end), let open = Self.lastOpening(Array("<h".utf8), in: output) {
                while output.last == 32 { output.removeLast() }
                var kept = attributes
                let id = kept.id.flatMap { Self.isID($0) ? $0 : nil }
                kept.id = nil
                insert(kept, into: &output, openingAt: open)
                if let id { output += Array(" {#\(id)}".utf8) }
                return end
            }
            // A paragraph's last line. / La última línea de un párrafo.
            if output.last == 10, MkDocsBytes.hasPrefix(Array("</p>".utf8), in: html, at: end), let open = Self.lastOpening(Array("<p>".utf8), in: output) {
                output.removeLast()
                insert(attributes, into: &output, openingAt: open)
                return end
            }
            output.append(UInt8(ascii: "{"))
            MkDocsBytes.escape(written, into: &output)
            output.append(UInt8(ascii: "}"))
            return end
        }

        static let inlineElements: [([UInt8], [UInt8])] = [("</a>", "<a "), ("</code>", "<code"), ("</em>", "<em"), ("</strong>", "<strong"),
                                                           ("</del>", "<del")].map { (Array($0.0.utf8), Array($0.1.utf8)) }

        /// Puts the attributes into the opening tag at `open`, before its `>` (or ` />`), skipping names it has.
        private func insert(_ attributes: MkDocsAttributes, into output: inout [UInt8], openingAt open: Int) {
            guard let close = output[open...].firstIndex(of: UInt8(ascii: ">")) else { return }
            let tag = output[open..<close]
            var present: Set<String> = []
            for name in ["id", "class", "title", "width", "height", "alt", "href", "src"] where MkDocsBytes.find(Array(" \(name)=\"".utf8), in: Array(tag), from: 0) != nil {
                present.insert(name)
            }
            let at = close > open && output[close - 1] == UInt8(ascii: "/") ? close - 2 : close
            output.insert(contentsOf: Array(attributes.html(skipping: present).utf8), at: at)
        }

        static func lastOpening(_ prefix: [UInt8], in output: [UInt8]) -> Int? {
            var index = output.count - prefix.count
            let floor = max(0, output.count - 20_000)
            while index >= floor {
                if output[index] == UInt8(ascii: "<"), MkDocsBytes.hasPrefix(prefix, in: output, at: index) {
                    // `<h` must be a heading: `<h1>`…`<h6 `. / Debe ser un título.
                    if prefix == Array("<h".utf8) {
                        let next = index + 2 < output.count ? output[index + 2] : 0
                        guard next >= 49, next <= 54 else { index -= 1; continue }
                    }
                    return index
                }
                index -= 1
            }
            return nil
        }

        /// An id that `HeadingAnchors` reads back from `{#id}`: no spaces, quotes, `<`, `>`, `&`, braces or `#`.
        static func isID(_ id: String) -> Bool {
            !id.isEmpty && id.utf8.count <= 200 && id.utf8.allSatisfy { $0 > 32 && $0 != 127 && !"\"'<>&{}#".utf8.contains($0) }
        }

        // MARK: Keys, mark, caret, tilde

        /// `++ctrl+alt+del++` → `<span class="keys"><kbd class="key-control">Ctrl</kbd><span>+</span>…</span>`.
        private func keys(_ html: [UInt8], at index: Int) -> ([UInt8], Int)? {
            guard index + 1 < html.count, html[index + 1] == UInt8(ascii: "+") else { return nil }
            var position = index + 2
            var keys: [(canonical: String?, name: [UInt8])] = []
            while position < html.count, keys.count < 20 {
                if let quoted = Self.quotedKey(html, at: position) {
                    keys.append((nil, quoted.text))
                    position = quoted.end
                } else {
                    let start = position
                    while position < html.count, position - start < 40, Self.isKeyByte(html[position]) { position += 1 }
                    guard position > start else { return nil }
                    let written = String(decoding: html[start..<position], as: UTF8.self).lowercased()
                    let canonical = MkDocsKeys.aliases[written] ?? written
                    guard let name = MkDocsKeys.names[canonical] else { return nil }
                    var escaped: [UInt8] = []
                    MkDocsBytes.escape(name.utf8, into: &escaped)
                    keys.append((canonical, escaped))
                }
                guard position < html.count, html[position] == UInt8(ascii: "+") else { return nil }
                if position + 1 < html.count, html[position + 1] == UInt8(ascii: "+") {
                    if position + 2 < html.count, html[position + 2] == UInt8(ascii: "+") { return nil }
                    var out = Array("<span class=\"keys\">".utf8)
                    for (offset, key) in keys.enumerated() {
                        if offset > 0 { out += Array("<span>+</span>".utf8) }
                        if let canonical = key.canonical {
                            out += Array("<kbd class=\"key-".utf8)
                            MkDocsBytes.escape(canonical.utf8, into: &out)
                            out += Array("\">".utf8)
                        } else {
                            out += Array("<kbd>".utf8)
                        }
                        out += key.name + Array("</kbd>".utf8)
                    }
                    out += Array("</span>".utf8)
                    return (out, position + 2)
                }
                position += 1
            }
            return nil
        }

        private static func isKeyByte(_ byte: UInt8) -> Bool {
            (byte >= 97 && byte <= 122) || (byte >= 65 && byte <= 90) || (byte >= 48 && byte <= 57) || byte == 45 || byte == 95
        }

        /// `“My Key”` (cmark's smart quotes) or `&quot;My Key&quot;`: the text inside, already escaped by cmark.
        private static func quotedKey(_ html: [UInt8], at index: Int) -> (text: [UInt8], end: Int)? {
            let pairs: [([UInt8], [UInt8])] = [(Array("“".utf8), Array("”".utf8)), (Array("&quot;".utf8), Array("&quot;".utf8)),
                                               (Array("‘".utf8), Array("’".utf8)), (Array("&#39;".utf8), Array("&#39;".utf8))]
            for (open, close) in pairs where MkDocsBytes.hasPrefix(open, in: html, at: index) {
                guard let end = MkDocsBytes.find(close, in: html, from: index + open.count, before: min(html.count, index + 200)),
                      end > index + open.count else { return nil }
                let text = Array(html[(index + open.count)..<end])
                guard !text.contains(UInt8(ascii: "<")) else { return nil }
                return (text, end + close.count)
            }
            return nil
        }

        /// `mark` text `mark` within one text run, the text not starting or ending with a space (and without spaces at
        /// all for one-character marks, as pymdownx reads `^sup^` and `~sub~`): `<tag>text</tag>`.
        private func pair(_ html: [UInt8], at index: Int, mark: String, tag: String) -> ([UInt8], Int)? {
            let mark = Array(mark.utf8)
            guard MkDocsBytes.hasPrefix(mark, in: html, at: index) else { return nil }
            let start = index + mark.count
            // Not part of a longer run (`===`, `^^^`). / No forma parte de una serie más larga.
            guard start < html.count, html[start] != mark[0], html[start] != 32, index == 0 || html[index - 1] != mark[0] else { return nil }
            var position = start
            while position < html.count, position - start < 1_000 {
                let byte = html[position]
                if byte == UInt8(ascii: "<") || byte == 10 && mark.count == 1 { return nil }
                if mark.count == 1, byte == 32 { return nil }
                if byte == mark[0], MkDocsBytes.hasPrefix(mark, in: html, at: position),
                   html[position - 1] != 32, position + mark.count >= html.count || html[position + mark.count] != mark[0] {
                    guard position > start else { return nil }
                    let open = Array("<\(tag)>".utf8)
                    let close = Array("</\(tag)>".utf8)
                    return (open + html[start..<position] + close, position + mark.count)
                }
                position += 1
            }
            return nil
        }

        // MARK: Abbreviations

        /// The longest abbreviation starting at `index` at a word's start and ending at a word's end.
        private func abbreviation(_ html: [UInt8], at index: Int) -> ([UInt8], Int)? {
            guard index == 0 || !Self.isWordByte(html[index - 1]) else { return nil }
            guard let candidates = abbreviations[html[index]],
                  let (term, title) = candidates.first(where: { candidate in
                      MkDocsBytes.hasPrefix(candidate.term, in: html, at: index)
                          && (index + candidate.term.count >= html.count || !Self.isWordByte(html[index + candidate.term.count]))
                  }) else { return nil }
            var out = Array("<abbr title=\"".utf8)
            MkDocsBytes.escape(title, into: &out)
            out += Array("\">".utf8)
            out += term
            out += Array("</abbr>".utf8)
            return (out, index + term.count)
        }

        private static func isWordByte(_ byte: UInt8) -> Bool {
            (byte >= 97 && byte <= 122) || (byte >= 65 && byte <= 90) || (byte >= 48 && byte <= 57) || byte == 95 || byte >= 0x80
        }
    }
}
