/// The pre-pass inside a line of text (never inside code spans): attribute lists become markers that cmark leaves
/// alone, `~sub~` is escaped so cmark's strikethrough does not take it, and syntax Vitrina does not draw is noted.
/// La pasada previa dentro de una línea de texto (nunca en código): listas de atributos a marcadores, `~sub~`
/// escapado para que cmark no lo tache, y avisos de la sintaxis que Vitrina no dibuja.
enum MkDocsInline {
    static func rewrite(_ line: [UInt8], heading: Bool, extensions: MkDocsExtensions, line number: Int,
                        notes: inout MkDocsPreprocessor.Notes) -> [UInt8] {
        let code = codeSpans(line)
        noteUnsupported(line, code: code, extensions: extensions, line: number, notes: &notes)
        var text = line
        var spans = code
        if extensions.attrList, text.contains(UInt8(ascii: "{")) {
            text = attributeLists(text, heading: heading, code: spans, line: number, notes: &notes)
            spans = codeSpans(text)
        }
        if extensions.tilde, text.contains(UInt8(ascii: "~")) {
            text = escapedSubscripts(text, code: spans)
        }
        return text
    }

    /// The byte ranges of backtick code spans (the backticks included), in order: each run of backticks closes at
    /// the next run of the same length, found through one cursor per length, so a hostile line costs linear time.
    /// Los tramos de código entre comillas invertidas, en orden y en tiempo lineal.
    static func codeSpans(_ line: [UInt8]) -> [Range<Int>] {
        guard line.contains(UInt8(ascii: "`")) else { return [] }
        var runs: [(start: Int, length: Int)] = []
        var index = 0
        while index < line.count {
            if line[index] == UInt8(ascii: "\\") { index += 2; continue }
            guard line[index] == UInt8(ascii: "`") else { index += 1; continue }
            let start = index
            while index < line.count, line[index] == UInt8(ascii: "`") { index += 1 }
            runs.append((start, index - start))
        }
        var byLength: [Int: [Int]] = [:]
        for (position, run) in runs.enumerated() { byLength[run.length, default: []].append(position) }
        var cursors: [Int: Int] = [:]
        var spans: [Range<Int>] = []
        var current = 0
        while current < runs.count {
            let length = runs[current].length
            let candidates = byLength[length] ?? []
            var cursor = cursors[length] ?? 0
            while cursor < candidates.count, candidates[cursor] <= current { cursor += 1 }
            cursors[length] = cursor
            guard cursor < candidates.count else { current += 1; continue }
            let closing = candidates[cursor]
            spans.append(runs[current].start..<(runs[closing].start + length))
            current = closing + 1
        }
        return spans
    }

    /// Whether `index` lies in one of the sorted `spans` (binary search). / Si `index` cae en un tramo de código.
    private static func inCode(_ index: Int, _ spans: [Range<Int>]) -> Bool {
        var low = 0
        var high = spans.count
        while low < high {
            let middle = (low + high) / 2
            if spans[middle].upperBound <= index { low = middle + 1 } else { high = middle }
        }
        return low < spans.count && spans[low].contains(index)
    }

    /// `{ … }` after `)` or `]` (a link or image), at the end of a heading, or alone on a line (the paragraph above)
    /// becomes `U+0001{mkdocs:attr:HEX}`; unsafe names are noted (and dropped later, by the post-pass).
    static func attributeLists(_ line: [UInt8], heading: Bool, code: [Range<Int>], line number: Int,
                               notes: inout MkDocsPreprocessor.Notes) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(line.count + 16)
        var index = 0
        let firstText = line.firstIndex { $0 != 32 && $0 != 9 } ?? 0
        let lastText = MkDocsPreprocessor.BlockPass.trimmedEnd(line).count
        while index < line.count {
            let byte = line[index]
            guard byte == UInt8(ascii: "{"), !inCode(index, code),
                  let close = line[index...].prefix(MkDocsAttributes.longest + 2).firstIndex(of: UInt8(ascii: "}")) else {
                out.append(byte)
                index += 1
                continue
            }
            // After a link or image, a code span or emphasis. / Tras un enlace o imagen, código o énfasis.
            let afterLink = index > 0 && ")]`*_".utf8.contains(line[index - 1])
            let atEnd = close + 1 == lastText
            let alone = index == firstText && atEnd
            guard afterLink || (heading && atEnd) || alone, let attributes = MkDocsAttributes.parse(line[(index + 1)..<close]) else {
                out.append(byte)
                index += 1
                continue
            }
            for name in attributes.dropped {
                notes.add(number, "the attribute \"\(name)\" is dropped: only id, class, title, width, height, align, loading, decoding, lang, dir, target, rel, data-* and aria-* are kept")
            }
            if attributes.classes.contains("annotate") {
                notes.once(number, "code and list annotations (.annotate) are not supported; the markers (1) stay as written")
            }
            var end = index
            // Spaces before a heading's list go with it. / Los espacios antes de la lista de un título van con ella.
            if heading, atEnd, !afterLink {
                while end > 0, out.last == 32 { out.removeLast(); end -= 1 }
                out.append(32)
            }
            out += MkDocsMarker.attributes + MkDocsBytes.hex(line[(index + 1)..<close]) + [UInt8(ascii: "}")]
            index = close + 1
        }
        return out
    }

    /// `~text~` (one tilde each side, no space inside) written `\~text\~`, so that cmark leaves it to the post-pass as
    /// a subscript instead of striking it through; `~~text~~` stays for cmark.
    static func escapedSubscripts(_ line: [UInt8], code: [Range<Int>]) -> [UInt8] {
        var out: [UInt8] = []
        var index = 0
        let tilde = UInt8(ascii: "~")
        func single(_ at: Int) -> Bool {
            line[at] == tilde && (at == 0 || line[at - 1] != tilde) && (at + 1 >= line.count || line[at + 1] != tilde)
                && (at == 0 || line[at - 1] != UInt8(ascii: "\\"))
        }
        while index < line.count {
            guard single(index), !inCode(index, code) else {
                out.append(line[index])
                index += 1
                continue
            }
            var close = index + 1
            while close < line.count, close - index < 200, line[close] != 32, line[close] != 9, !single(close) { close += 1 }
            guard close < line.count, close > index + 1, single(close), !inCode(close, code) else {
                out.append(line[index])
                index += 1
                continue
            }
            out += [UInt8(ascii: "\\"), tilde]
            out += line[(index + 1)..<close]
            out += [UInt8(ascii: "\\"), tilde]
            index = close + 1
        }
        return out
    }

    /// Notes for syntax that an enabled extension reads but Vitrina does not draw.
    static func noteUnsupported(_ line: [UInt8], code: [Range<Int>], extensions: MkDocsExtensions, line number: Int,
                                notes: inout MkDocsPreprocessor.Notes) {
        if extensions.critic {
            for mark in ["{++", "{--", "{~~", "{==", "{>>"] {
                if let found = MkDocsBytes.find(Array(mark.utf8), in: line, from: 0), !inCode(found, code) {
                    notes.add(number, "critic markup (\(mark) …) is not supported; it is shown as written")
                    break
                }
            }
        }
        if extensions.blocks, MkDocsBytes.hasPrefix(Array("///".utf8), in: line.drop { $0 == 32 }.map { $0 }, at: 0) {
            notes.add(number, "pymdownx.blocks (/// …) is not supported; the block is shown as text")
        }
        if extensions.emoji, let found = shortcode(line), !inCode(found, code) {
            notes.once(number, "icon and emoji shortcodes (:name:) are not supported; they are shown as written")
        }
    }

    /// Where a `:material-name:`-like shortcode starts: letters, digits, `-`, `_`, `+` between colons, with a `-` or `_`.
    static func shortcode(_ line: [UInt8]) -> Int? {
        var index = 0
        while let open = line[index...].firstIndex(of: UInt8(ascii: ":")) {
            var end = open + 1
            var separated = false
            while end < line.count, end - open < 80 {
                let byte = line[end]
                let isName = (byte >= 97 && byte <= 122) || (byte >= 48 && byte <= 57) || byte == 43
                if byte == 45 || byte == 95 { separated = true } else if !isName { break }
                end += 1
            }
            // `:material-check:` (a separator), or `:smile:` standing alone as a word (not `10:30:00`, not `a:b:c`).
            let alone = (open == 0 || line[open - 1] == 32 || line[open - 1] == 9 || line[open - 1] == 40)
                && (end + 1 == line.count || [32, 9, 41, 44, 46, 33, 63].contains(line[end + 1]))
                && line[(open + 1)..<min(end, line.count)].allSatisfy { $0 >= 97 && $0 <= 122 || $0 == 43 || $0 == 45 || $0 == 95 }
            if end < line.count, line[end] == UInt8(ascii: ":"), end > open + 2, separated || alone { return open }
            index = max(end, open + 1)
            if index >= line.count { break }
        }
        return nil
    }
}
