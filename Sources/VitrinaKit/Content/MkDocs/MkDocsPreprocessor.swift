import Foundation

/// The pre-pass for docs written for MkDocs + Material: their block syntax (admonitions, collapsible blocks, content
/// tabs, definition lists, `<div markdown>`, snippets, attribute lists, abbreviations) rewritten as plain CommonMark
/// that cmark-gfm renders safely with raw HTML off, carrying markers (`U+0001[!mkdocs:…]`, which a document cannot hold:
/// its own U+0001 bytes become U+FFFD) that `MkDocsHTML.finish` turns into Material's HTML after cmark.
/// La pasada previa para documentos escritos para MkDocs + Material: su sintaxis de bloques reescrita como CommonMark
/// que cmark-gfm dibuja sin HTML crudo, con marcadores que `MkDocsHTML.finish` convierte luego en el HTML de Material.
///
/// A container's header becomes an `######` heading holding its marker and title, its body a blockquote (`> `), so
/// that one output line stands for one input line; where a construct needs a line more or less (a blank line that ends
/// a blockquote, a snippet's lines), `lineMap` gives the input line of each output line.
/// La cabecera de un contenedor pasa a ser un título `######` con su marcador, su cuerpo una cita; una línea de salida
/// por línea de entrada, salvo donde `lineMap` dice otra cosa.
public enum MkDocsPreprocessor {
    /// A warning about a line of the document: syntax not supported, something left open.
    /// Un aviso sobre una línea del documento: sintaxis no admitida, algo sin cerrar.
    public struct Note: Sendable, Hashable, CustomStringConvertible {
        public let line: Int
        public let message: String
        public var description: String { "line \(line): \(message)" }
    }

    /// The Markdown for cmark, the input line of each output line (nil when they are the same), and the notes.
    /// El Markdown para cmark, la línea de entrada de cada línea de salida (nil si coinciden) y los avisos.
    public struct Prepared: Sendable, Hashable {
        public let markdown: String
        /// `lineMap[n - 1]` is the input line (1-based) that output line `n` comes from. / Línea de entrada de cada salida.
        public let lineMap: [Int]?
        public let notes: [Note]

        /// The input line of cmark's output line `line` (1-based). / La línea de entrada de una línea de salida.
        public func inputLine(_ line: Int) -> Int {
            guard let lineMap, !lineMap.isEmpty else { return line }
            return lineMap[min(max(line, 1), lineMap.count) - 1]
        }
    }

    /// A document that cannot be prepared: where, and what to do.
    /// Un documento que no se puede preparar: dónde y qué hacer.
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        public let file: String
        public let line: Int
        public let message: String
        public var description: String { "\(file):\(line): \(message)" }
    }

    /// Blocks nested deeper than this stay text (with a note); a snippet chain deeper than `snippetDepth` is an error.
    /// Bloques anidados más allá de esto quedan como texto; una cadena de fragmentos más honda es un error.
    public static let maximumDepth = 32
    public static let snippetDepth = 16
    /// Lines a document may reach with its snippets. / Líneas que puede alcanzar un documento con sus fragmentos.
    public static let maximumLines = 1_000_000
    static let maximumNotes = 200

    /// `markdown` rewritten for cmark-gfm under `extensions`; `snippet` reads a snippet's text by its path as written
    /// (the caller checks the path stays in the docs folder or a base path), nil when there is no such file.
    /// `markdown` reescrito para cmark-gfm; `snippet` lee el texto de un fragmento por su ruta (nil si no existe).
    public static func prepare(_ markdown: String, file: String, extensions: MkDocsExtensions,
                               snippet: (String) throws -> String?) throws -> Prepared {
        let unchanged = Prepared(markdown: markdown, lineMap: nil, notes: [])
        guard extensions.changesMarkdown, mayNeedWork(markdown, extensions) else { return unchanged }
        var notes = Notes()
        var lines = split(Array(markdown.utf8), line: nil)
        var snippetsChanged = false
        if extensions.snippets {
            try withoutActuallyEscaping(snippet) { read in
                var expander = SnippetExpander(file: file, read: read)
                lines = try expander.expand(lines, chain: [], notes: &notes)
                snippetsChanged = expander.changed
            }
        }
        var pass = BlockPass(extensions: extensions, lines: lines, notes: notes)
        pass.run()
        let changed = pass.mapNeeded || snippetsChanged
        let text = pass.joined(endsWithNewline: markdown.utf8.last == 10 || markdown.utf8.last == 13)
        if !changed, text == markdown, pass.notes.items.isEmpty { return unchanged }
        return Prepared(markdown: text, lineMap: changed ? pass.sources : nil, notes: pass.notes.items)
    }

    /// One quick scan: whether the document holds any byte sequence some enabled extension reads. Bytes that start
    /// none are skipped through a table, so a page without the syntax costs about a byte comparison a byte.
    /// Una pasada rápida: si el documento contiene algo que lea alguna extensión activa.
    static func mayNeedWork(_ markdown: String, _ on: MkDocsExtensions) -> Bool {
        var interesting = [Bool](repeating: false, count: 256)
        for (byte, enabled) in [("!", on.admonition), ("?", on.details), ("=", on.tabbed), ("{", on.attrList || on.critic),
                                ("<", on.snippets || on.mdInHTML), ("[", on.abbr), (":", on.emoji || on.defList), ("~", on.tilde),
                                ("/", on.blocks)] where enabled {
            interesting[Int(UInt8(ascii: Unicode.Scalar(byte)!))] = true
        }
        interesting[1] = true
        var text = markdown
        return text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if interesting[Int(byte)], worksAt(index, byte, bytes, on) { return true }
                index += 1
            }
            return false
        }
    }

    /// Whether the interesting byte at `index` starts (or ends) something an extension reads.
    private static func worksAt(_ index: Int, _ byte: UInt8, _ bytes: UnsafeBufferPointer<UInt8>, _ on: MkDocsExtensions) -> Bool {
        let previous = index > 0 ? bytes[index - 1] : 10
        let beforePrevious = index > 1 ? bytes[index - 2] : 10
        switch byte {
        case 1, UInt8(ascii: "{"), UInt8(ascii: "~"): return true
        case UInt8(ascii: "!"), UInt8(ascii: "?"), UInt8(ascii: "="), UInt8(ascii: "/"): return previous == byte && beforePrevious == byte
        case UInt8(ascii: "<"): return (on.snippets && previous == UInt8(ascii: "8")) || (on.mdInHTML && index + 1 < bytes.count && bytes[index + 1] != UInt8(ascii: "/"))
        case UInt8(ascii: "["): return previous == UInt8(ascii: "*")
        case UInt8(ascii: ":"): return on.emoji || previous == 10 || previous == 32 || previous == 9
        default: return false
        }
    }

    /// A line of the document after snippets: its bytes and the input line it stands for.
    /// Una línea del documento tras los fragmentos: sus bytes y la línea de entrada que representa.
    struct SourceLine {
        var text: [UInt8]
        var line: Int
    }

    /// Lines without their `\n`, `\r\n` or `\r` (cmark counts a lone `\r` as a line end too), U+0001 turned into
    /// U+FFFD so no text can pose as a marker; each numbered from 1, or all given `line` (a snippet's lines stand for
    /// the line that includes them).
    static func split(_ bytes: [UInt8], line: Int?) -> [SourceLine] {
        var lines: [SourceLine] = []
        lines.reserveCapacity(bytes.count / 32 + 1)
        let hasMarkerByte = bytes.contains(1)
        var number = 1
        var start = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == 10 || byte == 13 else { index += 1; continue }
            lines.append(SourceLine(text: cleaned(bytes[start..<index], hasMarkerByte), line: line ?? number))
            index += byte == 13 && index + 1 < bytes.count && bytes[index + 1] == 10 ? 2 : 1
            start = index
            number += 1
        }
        if start < bytes.count || (bytes.last != 10 && bytes.last != 13) {
            lines.append(SourceLine(text: cleaned(bytes[start...], hasMarkerByte), line: line ?? number))
        }
        return lines
    }

    /// A line's bytes, each U+0001 replaced by U+FFFD. / Los bytes de una línea, con U+0001 sustituido.
    private static func cleaned(_ bytes: ArraySlice<UInt8>, _ hasMarkerByte: Bool) -> [UInt8] {
        guard hasMarkerByte, bytes.contains(1) else { return Array(bytes) }
        var out: [UInt8] = []
        for byte in bytes { if byte == 1 { out += [0xEF, 0xBF, 0xBD] } else { out.append(byte) } }
        return out
    }

    /// Notes, at most `maximumNotes`, each message once per line. / Avisos, con tope, uno por línea y mensaje.
    struct Notes {
        var items: [Note] = []
        var seen: Set<String> = []

        mutating func add(_ line: Int, _ message: String) {
            guard items.count < MkDocsPreprocessor.maximumNotes, seen.insert("\(line)\u{0}\(message)").inserted else { return }
            items.append(Note(line: line, message: message))
        }

        /// A note given only once per document (the first line it applies to).
        mutating func once(_ line: Int, _ message: String) {
            guard seen.insert(message).inserted else { return }
            add(line, message)
        }
    }
}

// MARK: - Snippets / Fragmentos

extension MkDocsPreprocessor {
    /// `--8<-- "file"` lines and `--8<--` blocks replaced by the files' lines (indented as the marker), nested
    /// includes followed to `snippetDepth`, a file that includes itself refused; `;--8<--` is written without its `;`.
    /// Las líneas `--8<-- "fichero"` sustituidas por las del fichero; un fichero que se incluye a sí mismo es un error.
    struct SnippetExpander {
        let file: String
        let read: (String) throws -> String?
        var changed = false
        /// Lines included so far, over every level. / Líneas incluidas hasta ahora, en todos los niveles.
        var total = 0

        mutating func expand(_ lines: [SourceLine], chain: [String], notes: inout Notes) throws -> [SourceLine] {
            var out: [SourceLine] = []
            out.reserveCapacity(lines.count)
            var index = 0
            while index < lines.count {
                let line = lines[index]
                index += 1
                guard let marker = Self.marker(line.text) else {
                    out.append(line)
                    continue
                }
                changed = true
                if marker.escapes > 0 {
                    var text = line.text
                    text.remove(at: marker.indent.count)
                    out.append(SourceLine(text: text, line: line.line))
                    continue
                }
                var paths: [String] = []
                if let path = marker.path {
                    paths = [path]
                } else {
                    // A block: one path a line up to the closing `--8<--`; `;` comments one out.
                    var closed = false
                    while index < lines.count {
                        let inner = lines[index]
                        index += 1
                        if let end = Self.marker(inner.text), end.path == nil, end.escapes == 0 { closed = true; break }
                        let trimmed = Self.trimmed(inner.text)
                        if trimmed.isEmpty || trimmed.first == UInt8(ascii: ";") { continue }
                        paths.append(String(decoding: trimmed, as: UTF8.self))
                    }
                    if !closed {
                        notes.add(line.line, "the --8<-- block is never closed; close it with a line `--8<--`")
                    }
                }
                var included = false
                for path in paths {
                    let lines = try include(path, at: line.line, indent: marker.indent, chain: chain, notes: &notes)
                    if let lines { out += lines; included = true }
                }
                if !included { out.append(SourceLine(text: [], line: line.line)) }
                if out.count > MkDocsPreprocessor.maximumLines {
                    throw Failure(file: file, line: line.line,
                                  message: "snippets make this page longer than \(MkDocsPreprocessor.maximumLines) lines; include less")
                }
            }
            return out
        }

        private mutating func include(_ written: String, at line: Int, indent: [UInt8], chain: [String],
                                      notes: inout Notes) throws -> [SourceLine]? {
            let (path, selection) = Self.selection(written)
            if chain.contains(path) {
                let loop = (chain + [path]).joined(separator: " → ")
                throw Failure(file: file, line: line, message: "the snippet \"\(path)\" includes itself (\(loop)); remove the --8<-- line that closes the loop")
            }
            guard chain.count < MkDocsPreprocessor.snippetDepth else {
                throw Failure(file: file, line: line,
                              message: "snippets nest deeper than \(MkDocsPreprocessor.snippetDepth) (\(chain.joined(separator: " → "))); include the file directly")
            }
            let text: String?
            do {
                text = try read(path)
            } catch {
                throw Failure(file: file, line: line, message: "the snippet \"\(path)\" cannot be read: \(error)")
            }
            guard let text else {
                notes.add(line, "the snippet \"\(path)\" was not found; the line is left empty")
                return nil
            }
            var lines = MkDocsPreprocessor.split(Array(text.utf8), line: line)
            lines = Self.select(lines, selection, path: path, line: line, notes: &notes)
            // Every included line counts towards one bound for the whole page. / Un solo tope para toda la página.
            total += lines.count
            guard total <= MkDocsPreprocessor.maximumLines else {
                throw Failure(file: file, line: line, message: "snippets make this page longer than \(MkDocsPreprocessor.maximumLines) lines; include less")
            }
            lines = try expand(lines, chain: chain + [path], notes: &notes)
            guard !indent.isEmpty else { return lines }
            return lines.map { SourceLine(text: $0.text.isEmpty ? [] : indent + $0.text, line: $0.line) }
        }

        /// What part of a file a snippet names: `file.md:3:7` (lines), `file.md:name` (a section), or all.
        enum Selection { case all, lines(Int, Int), section(String) }

        static func selection(_ written: String) -> (String, Selection) {
            let parts = written.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            if parts.count >= 3, let start = Int(parts[parts.count - 2]) ?? (parts[parts.count - 2].isEmpty ? 1 : nil),
               let end = Int(parts[parts.count - 1]) ?? (parts[parts.count - 1].isEmpty ? Int.max : nil) {
                return (parts.dropLast(2).joined(separator: ":"), .lines(start, end))
            }
            if parts.count >= 2, let last = parts.last {
                if let start = Int(last) { return (parts.dropLast().joined(separator: ":"), .lines(start, start)) }
                if let first = last.unicodeScalars.first, first.properties.isAlphabetic, last.count < 100,
                   last.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || $0 == "-" || $0 == "_" || ("0"..."9").contains($0) }),
                   parts.dropLast().joined(separator: ":").contains(".") {
                    return (parts.dropLast().joined(separator: ":"), .section(last))
                }
            }
            return (written, .all)
        }

        static func select(_ lines: [SourceLine], _ selection: Selection, path: String, line: Int, notes: inout Notes) -> [SourceLine] {
            let start = Array("--8<-- [start:".utf8)
            let end = Array("--8<-- [end:".utf8)
            let isSectionMark = { (text: [UInt8]) in
                MkDocsBytes.find(start, in: text, from: 0) != nil || MkDocsBytes.find(end, in: text, from: 0) != nil
            }
            switch selection {
            case .all:
                return lines.filter { !isSectionMark($0.text) }
            case let .lines(first, last):
                let from = max(first, 1) - 1
                let to = min(last, lines.count)
                guard from < to else { return [] }
                return lines[from..<to].filter { !isSectionMark($0.text) }
            case let .section(name):
                let open = start + Array(name.utf8) + [UInt8(ascii: "]")]
                let close = end + Array(name.utf8) + [UInt8(ascii: "]")]
                guard let first = lines.firstIndex(where: { MkDocsBytes.find(open, in: $0.text, from: 0) != nil }) else {
                    notes.add(line, "the snippet \"\(path)\" has no section \"\(name)\"")
                    return []
                }
                let rest = lines[(first + 1)...]
                let last = rest.firstIndex { MkDocsBytes.find(close, in: $0.text, from: 0) != nil } ?? lines.count
                return lines[(first + 1)..<last].filter { !isSectionMark($0.text) }
            }
        }

        /// A snippet line: its indentation, `;` escapes, and the quoted path (nil for a block's opening or closing line).
        static func marker(_ text: [UInt8]) -> (indent: [UInt8], escapes: Int, path: String?)? {
            var index = 0
            while index < text.count, text[index] == 32 || text[index] == 9 { index += 1 }
            let indent = Array(text[..<index])
            var escapes = 0
            while index < text.count, text[index] == UInt8(ascii: ";") { escapes += 1; index += 1 }
            let dashes = index
            while index < text.count, text[index] == UInt8(ascii: "-") { index += 1 }
            guard index > dashes, index + 1 < text.count, text[index] == UInt8(ascii: "8"), text[index + 1] == UInt8(ascii: "<") else { return nil }
            index += 2
            let after = index
            while index < text.count, text[index] == UInt8(ascii: "-") { index += 1 }
            guard index > after else { return nil }
            let rest = trimmed(Array(text[index...]))
            if rest.isEmpty { return (indent, escapes, nil) }
            guard index < text.count, text[index] == 32 || text[index] == 9, rest.count >= 3,
                  let quote = rest.first, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'"), rest.last == quote else { return nil }
            let path = String(decoding: rest[1..<(rest.count - 1)], as: UTF8.self)
            return path.isEmpty ? nil : (indent, escapes, path)
        }

        static func trimmed(_ text: [UInt8]) -> [UInt8] {
            var start = 0
            var end = text.count
            while start < end, text[start] == 32 || text[start] == 9 { start += 1 }
            while end > start, text[end - 1] == 32 || text[end - 1] == 9 { end -= 1 }
            return Array(text[start..<end])
        }
    }
}
