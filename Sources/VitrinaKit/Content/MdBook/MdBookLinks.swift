import Foundation

/// mdBook's `links` preprocessor as a pure function: `{{#include}}`, `{{#rustdoc_include}}`, `{{#playground}}` and
/// `{{#title}}` expanded in a chapter's Markdown before it is parsed, files read through a closure the caller gives.
/// El preprocesador `links` de mdBook como función pura: expande las inclusiones antes de leer el Markdown.
///
/// It follows mdBook's own rules (`links.rs`, `take_lines.rs`): the same pattern finds the links anywhere, inside code
/// fences too (books put `{{#include}}` in ```rust blocks); line ranges are 1-based and inclusive; anchor lines go;
/// what an include brings loses its last newline and repeats, on each line after its first, whatever stood before the
/// link on its line (so an include indented in a list stays in the list). Where mdBook only logs (a file it cannot
/// read, a loop, too deep) this throws an error naming the file and line; a missing anchor gives mdBook's empty text and
/// a warning.
public enum MdBookLinks {
    /// How far an expansion may go.
    /// Hasta dónde puede llegar una expansión.
    public struct Limits: Sendable, Equatable {
        /// mdBook's `MAX_LINK_NESTED_DEPTH`: links in a file included this many levels down are an error.
        public var maximumDepth = 10
        /// The page after expansion, and any one included file, at most this many bytes.
        public var maximumOutputBytes = 50 * 1024 * 1024

        public init(maximumDepth: Int = 10, maximumOutputBytes: Int = 50 * 1024 * 1024) {
            self.maximumDepth = maximumDepth
            self.maximumOutputBytes = maximumOutputBytes
        }
    }

    /// What the caller's `read` gives for a path: the file's bytes, or a refusal with its reason.
    /// Lo que devuelve `read` para una ruta: los bytes del fichero o una negativa con su motivo.
    public enum Included: Sendable, Equatable {
        case contents([UInt8])
        /// Outside the book's root, missing, a folder…: the reason ends up in the error.
        case refused(String)

        /// A text file's contents.
        public static func text(_ text: String) -> Included { .contents(Array(text.utf8)) }
    }

    /// The expanded page: its Markdown, the title a `{{#title}}` set, where each line came from and what was included.
    /// La página expandida: su Markdown, el título de `{{#title}}`, el origen de cada línea y lo incluido.
    public struct Expanded: Sendable, Equatable {
        public var markdown: String
        /// The last `{{#title …}}` of the page (or of a file it includes), trimmed; nil when there is none.
        public var title: String?
        public var lineMap: LineMap
        /// Each file read, as given to `read`, once, in the order first read: what the page depends on.
        public var includedFiles: [String]
        public var warnings: [MdBookLinkWarning]
    }

    /// Output line → line of the page: a page line is itself, every line an include brought is the include's line.
    /// Línea de salida → línea de la página; lo incluido apunta a la línea del `{{#include}}`.
    public struct LineMap: Sendable, Equatable {
        /// Runs of output lines: from `firstOutputLine` on, `sourceLine` and, when `advances`, one more per line.
        struct Run: Sendable, Equatable {
            var firstOutputLine: Int
            var sourceLine: Int
            var advances: Bool
        }

        var runs: [Run] = [Run(firstOutputLine: 1, sourceLine: 1, advances: true)]

        /// The identity map, for a page without links.
        public static let identity = LineMap()

        /// The 1-based line of the page that the 1-based output line comes from.
        public func sourceLine(ofOutputLine line: Int) -> Int {
            var low = 0
            var high = runs.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if runs[middle].firstOutputLine <= line { low = middle } else { high = middle - 1 }
            }
            let run = runs[low]
            return run.advances ? run.sourceLine + max(0, line - run.firstOutputLine) : run.sourceLine
        }

        /// Output lines from `first` on map to `source` (and on, when `advances`).
        mutating func start(atOutputLine first: Int, sourceLine source: Int, advances: Bool) {
            if let last = runs.last {
                let continues = last.advances && advances && last.sourceLine + (first - last.firstOutputLine) == source
                let same = !last.advances && !advances && last.sourceLine == source
                if continues || same { return }
                if last.firstOutputLine == first { runs.removeLast() }
            }
            runs.append(Run(firstOutputLine: first, sourceLine: source, advances: advances))
        }
    }

    /// Expands the links of one chapter. `file` names the chapter in messages (`src/ch01-01.md`). `read` gets each path
    /// relative to the chapter's folder (`../listings/ch01/src/main.rs`; a nested include's path is joined to its
    /// file's folder, `..` resolved on the text); the caller checks it stays inside the book. Throws a
    /// `MdBookLinkError` at the first link that cannot be expanded.
    /// Expande los enlaces de un capítulo; lanza un `MdBookLinkError` en el primero que no puede expandirse.
    public static func expand(
        _ markdown: String, file: String, limits: Limits = Limits(), read: (String) throws -> Included
    ) throws -> Expanded {
        // The fast path: a page with no `{{` has no link; one memchr scan and it is returned as it came.
        // El camino rápido: sin `{{` no hay enlace; se devuelve tal cual.
        let bytes = Array(markdown.utf8)
        guard LinkScanner.mayHoldLinks(bytes) else {
            return Expanded(markdown: markdown, title: nil, lineMap: .identity, includedFiles: [], warnings: [])
        }
        // The expander lives only for this call: the closure never outlives it.
        return try withoutActuallyEscaping(read) { read in
            var expander = Expander(read: read, limits: limits, page: file)
            let page = Source(display: file, folder: "", lines: nil)
            var lineMap = LineMap()
            let pageFrame = Frame(path: Path.lastComponent(of: file), part: Target.wholeFile, place: nil)
            let output = try expander.expand(bytes, in: page, depth: 0, chain: [pageFrame], lineMap: &lineMap)
            return Expanded(markdown: String(decoding: output, as: UTF8.self), title: expander.title, lineMap: lineMap,
                            includedFiles: expander.readOrder, warnings: expander.warnings)
        }
    }
}

/// Where a link is: the file as shown in messages and its 1-based line.
/// Dónde está un enlace: el fichero tal como se muestra y su línea.
public struct MdBookLocation: Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int

    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }

    public var description: String { "\(file):\(line)" }
}

/// A link that could not be expanded, at its file and line, with the includes that led there (outermost last).
/// Un enlace que no pudo expandirse, en su fichero y línea, con las inclusiones que llevaron hasta él.
public struct MdBookLinkError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Why.
    /// Por qué.
    public enum Reason: Sendable, Equatable {
        case absolutePath(String)
        case nulInPath
        case refused(path: String, reason: String)
        case unreadable(path: String, message: String)
        /// The file holds a NUL byte.
        case binary(path: String)
        case notUTF8(path: String)
        /// The same file and part is being included inside itself: the chain of paths, the repeated one last.
        case loop([String])
        case tooDeep(limit: Int)
        case tooLarge(limit: Int)
    }

    public var location: MdBookLocation
    public var reason: Reason
    /// Where the file holding the link was included from, innermost first (empty for a link on the page itself).
    public var includedFrom: [MdBookLocation]

    public var description: String {
        var text = "\(location): "
        switch reason {
        case .absolutePath(let path): text += "cannot include \(path): the path must be relative to the file's folder"
        case .nulInPath: text += "cannot include a path holding a NUL byte"
        case .refused(let path, let why): text += "cannot include \(path): \(why)"
        case .unreadable(let path, let message): text += "cannot read \(path): \(message)"
        case .binary(let path): text += "cannot include \(path): it is a binary file (it holds a NUL byte)"
        case .notUTF8(let path): text += "cannot include \(path): it is not UTF-8 text"
        case .loop(let chain): text += "include loop: " + chain.joined(separator: " → ")
        case .tooDeep(let limit): text += "includes nested more than \(limit) deep (a loop?)"
        case .tooLarge(let limit): text += "the page grows past \(limit / (1024 * 1024)) MB with its includes"
        }
        for place in includedFrom { text += "\n  included from \(place)" }
        return text
    }
}

/// Something mdBook accepts silently but a writer wants to know: an anchor that is not in the file, `{{#playpen}}`.
/// Algo que mdBook acepta en silencio pero conviene saber: un ancla que no está, `{{#playpen}}`.
public struct MdBookLinkWarning: Sendable, Equatable, CustomStringConvertible {
    public var location: MdBookLocation
    public var message: String

    public var description: String { "\(location): \(message)" }
}

// MARK: - The expansion / La expansión

extension MdBookLinks {
    /// A text being expanded: its name in messages, its folder relative to the page's, and the file line of each of its lines.
    struct Source {
        var display: String
        var folder: String
        /// The 1-based file line of each of the text's lines; nil when line k is line k + 1 (the page, a whole file).
        var lines: [Int]?

        func fileLine(ofLine index: Int) -> Int {
            guard let lines, !lines.isEmpty else { return index + 1 }
            return lines[min(max(index, 0), lines.count - 1)]
        }
    }

    /// One file on the way down: its path from the page's folder, the part of it taken, and the link that brought it
    /// (nil for the page). The same path and part twice on the way down is a loop.
    struct Frame {
        var path: String
        var part: String
        var place: MdBookLocation?
    }

    /// The state of one page's expansion: the read files (each read once), the title, the warnings.
    struct Expander {
        let read: (String) throws -> Included
        let limits: Limits
        let page: String
        var cache: [String: [UInt8]] = [:]
        var readOrder: [String] = []
        var title: String?
        var warnings: [MdBookLinkWarning] = []

        init(read: @escaping (String) throws -> Included, limits: Limits, page: String) {
            self.read = read
            self.limits = limits
            self.page = page
        }

        /// The text with its links expanded. Lines of the output are mapped in `lineMap` only for the page itself.
        /// El texto con sus enlaces expandidos.
        mutating func expand(
            _ text: [UInt8], in source: Source, depth: Int, chain: [Frame], lineMap: inout LineMap
        ) throws -> [UInt8] {
            var out: [UInt8] = []
            out.reserveCapacity(text.count)
            var copied = 0
            var lineIndex = 0
            // The output's current line (1-based) and the page line where the current output line started.
            var outputLine = 1
            var position = 0
            // Where the output's current line starts, kept as it grows: the text before a link is repeated from there.
            var lineStart = 0
            var scanner = LinkScanner(text)
            let mapping = depth == 0
            while let link = scanner.next(from: position) {
                // The text before the link, as it is.
                let literalNewlines = appendLiteral(text[copied..<link.range.lowerBound], to: &out, lineStart: &lineStart)
                if mapping, literalNewlines > 0 {
                    lineMap.start(atOutputLine: outputLine + 1, sourceLine: lineIndex + 2, advances: true)
                }
                outputLine += literalNewlines
                lineIndex += literalNewlines
                let place = MdBookLocation(file: source.display, line: source.fileLine(ofLine: lineIndex))
                let linkText = Array(text[link.range])
                let content = try render(link.kind, linkText: linkText, at: place, in: source, depth: depth, chain: chain)
                // What the link brings, less its last newline, each line after the first after the text before the link.
                let prefix = Array(out[lineStart...])
                let addedLines = try appendPrefixed(content, prefix: prefix, to: &out, lineStart: &lineStart, at: place, chain: chain)
                if mapping, addedLines > 0 {
                    lineMap.start(atOutputLine: outputLine + 1, sourceLine: lineIndex + 1, advances: false)
                }
                outputLine += addedLines
                // A link may span lines (its target is `[^}]+`): the page's lines go on after it.
                let spanned = linkText.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
                lineIndex += spanned
                if mapping, spanned > 0 || addedLines > 0 {
                    // The rest of this output line keeps its start; the next output line is the next page line.
                    lineMap.start(atOutputLine: outputLine + 1, sourceLine: lineIndex + 2, advances: true)
                }
                copied = link.range.upperBound
                position = copied
                try checkSize(out.count, at: place, chain: chain)
            }
            _ = appendLiteral(text[copied...], to: &out, lineStart: &lineStart)
            let end = MdBookLocation(file: source.display, line: source.fileLine(ofLine: lineIndex))
            try checkSize(out.count, at: end, chain: chain)
            return out
        }

        /// Appends bytes as they are and counts their newlines.
        private func appendLiteral(_ bytes: ArraySlice<UInt8>, to out: inout [UInt8], lineStart: inout Int) -> Int {
            out.append(contentsOf: bytes)
            if let newline = bytes.lastIndex(of: UInt8(ascii: "\n")) { lineStart = out.count - (bytes.endIndex - newline - 1) }
            return bytes.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        }

        /// Appends `content` cut as Rust's `str::lines` cuts (no last empty line, `\r\n` as `\n`), joined with
        /// a newline and `prefix`; returns how many newlines it added.
        private func appendPrefixed(
            _ content: [UInt8], prefix: [UInt8], to out: inout [UInt8], lineStart: inout Int, at place: MdBookLocation, chain: [Frame]
        ) throws -> Int {
            var added = 0
            var first = true
            for line in RustLines(content) {
                if !first {
                    out.append(UInt8(ascii: "\n"))
                    lineStart = out.count
                    out.append(contentsOf: prefix)
                    added += 1
                    // A long prefix repeated on many lines could grow without bound: checked as it grows.
                    if added % 1024 == 0 { try checkSize(out.count, at: place, chain: chain) }
                }
                out.append(contentsOf: content[line])
                first = false
            }
            return added
        }

        private func checkSize(_ count: Int, at place: MdBookLocation, chain: [Frame]) throws {
            guard count <= limits.maximumOutputBytes else {
                throw MdBookLinkError(location: place, reason: .tooLarge(limit: limits.maximumOutputBytes), includedFrom: Self.places(chain))
            }
        }

        /// The includes that led to a file, innermost first.
        static func places(_ chain: [Frame]) -> [MdBookLocation] { chain.reversed().compactMap(\.place) }

        /// What one link becomes, its own links expanded.
        /// En qué se convierte un enlace, con sus propios enlaces expandidos.
        private mutating func render(
            _ kind: LinkKind, linkText: [UInt8], at place: MdBookLocation, in source: Source, depth: Int, chain: [Frame]
        ) throws -> [UInt8] {
            switch kind {
            case .escaped:
                return Array(linkText.dropFirst())
            case .title(let text):
                title = text.isEmpty ? nil : text
                return []
            case .include(let target), .rustdocInclude(let target), .playground(let target, _):
                guard depth < limits.maximumDepth else {
                    throw MdBookLinkError(location: place, reason: .tooDeep(limit: limits.maximumDepth), includedFrom: Self.places(chain))
                }
                let path = try Self.checked(target.path, at: place, chain: chain)
                let joined = Path.join(source.folder, path)
                if chain.contains(where: { $0.path == joined && $0.part == target.part }) {
                    throw MdBookLinkError(location: place, reason: .loop(chain.map(\.path) + [joined]), includedFrom: Self.places(chain))
                }
                let file = try load(joined, shownAs: path, at: place, chain: chain)
                let display = Path.join(Path.folder(of: page), joined)
                var selection: Selection
                switch kind {
                case .include(let target):
                    selection = Selection.take(file, target.selector)
                case .rustdocInclude(let target):
                    selection = Selection.takeRustdoc(file, target.selector)
                case .playground(_, let attributes):
                    selection = Selection.playground(file, attributes: attributes)
                default:
                    selection = Selection(text: [], lines: [])
                }
                if case .anchor(let name) = target.selector, !selection.anchorFound {
                    warnings.append(MdBookLinkWarning(location: place, message: "anchor \"\(name)\" is not in \(path): nothing included"))
                }
                let child = Source(display: display, folder: Path.folder(of: joined), lines: selection.lines)
                var ignored = LineMap()
                return try expand(selection.text, in: child, depth: depth + 1,
                                  chain: chain + [Frame(path: joined, part: target.part, place: place)], lineMap: &ignored)
            case .playpen(let target, let attributes):
                warnings.append(MdBookLinkWarning(location: place, message: "{{#playpen}} is now called {{#playground}}"))
                return try render(.playground(target, attributes), linkText: linkText, at: place, in: source, depth: depth, chain: chain)
            }
        }

        /// The path as written, refused when absolute or holding a NUL byte.
        private static func checked(_ path: String, at place: MdBookLocation, chain: [Frame]) throws -> String {
            if path.utf8.contains(0) {
                throw MdBookLinkError(location: place, reason: .nulInPath, includedFrom: places(chain))
            }
            if path.utf8.first == UInt8(ascii: "/") || path.utf8.first == UInt8(ascii: "\\") || path.utf8.first == UInt8(ascii: "~") {
                throw MdBookLinkError(location: place, reason: .absolutePath(path), includedFrom: places(chain))
            }
            return path
        }

        /// A file's bytes through `read`, once per page, refused when binary, not UTF-8 or too large.
        private mutating func load(_ path: String, shownAs shown: String, at place: MdBookLocation, chain: [Frame]) throws -> [UInt8] {
            if let known = cache[path] { return known }
            let answer: Included
            do {
                answer = try read(path)
            } catch {
                throw MdBookLinkError(location: place, reason: .unreadable(path: shown, message: "\(error)"), includedFrom: Self.places(chain))
            }
            switch answer {
            case .refused(let why):
                throw MdBookLinkError(location: place, reason: .refused(path: shown, reason: why), includedFrom: Self.places(chain))
            case .contents(let bytes):
                if bytes.count > limits.maximumOutputBytes {
                    throw MdBookLinkError(location: place, reason: .tooLarge(limit: limits.maximumOutputBytes), includedFrom: Self.places(chain))
                }
                if bytes.contains(0) {
                    throw MdBookLinkError(location: place, reason: .binary(path: shown), includedFrom: Self.places(chain))
                }
                guard String(validating: bytes, as: UTF8.self) != nil else {
                    throw MdBookLinkError(location: place, reason: .notUTF8(path: shown), includedFrom: Self.places(chain))
                }
                cache[path] = bytes
                readOrder.append(path)
                return bytes
            }
        }
    }
}

// MARK: - Finding links / Encontrar enlaces

extension MdBookLinks {
    /// The lines an include takes: a range (0-based, end excluded, as mdBook keeps it) or the part between anchors.
    /// Las líneas que toma una inclusión: un intervalo o lo que hay entre anclas.
    enum Selector: Equatable {
        case lines(from: Int, to: Int?)
        case anchor(String)

        /// mdBook's `parse_range_or_anchor` on what follows the path's first `:` (nil when there is none).
        /// `10:20`, `10:`, `:20`, `10`; a first part that is not a number names an anchor; an end that is not a number
        /// reads as none (`10:x` is `10:`); line 0 is line 1.
        init(_ text: Substring?) {
            let parts = (text ?? "").split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            let first = parts.first
            var start: Int?
            if let first, let number = Self.number(first) {
                start = max(number, 1) - 1
            } else if let first, !first.isEmpty {
                self = .anchor(String(first))
                return
            }
            let end: Int?? = parts.count > 1 ? .some(Self.number(parts[1])) : .none
            switch (start, end) {
            case (let start?, .some(let end?)): self = .lines(from: start, to: end)
            case (let start?, .some(nil)): self = .lines(from: start, to: nil)
            case (let start?, .none): self = .lines(from: start, to: start + 1)
            case (nil, .some(let end?)): self = .lines(from: 0, to: end)
            default: self = .lines(from: 0, to: nil)
            }
        }

        /// Rust's `usize::from_str`: an optional `+`, then ASCII digits only; past `Int.max` it is `Int.max`
        /// (no file has that many lines), past `UInt64.max` it is not a number.
        static func number(_ text: Substring) -> Int? {
            var digits = text.utf8[...]
            if digits.first == UInt8(ascii: "+") { digits = digits.dropFirst() }
            guard !digits.isEmpty else { return nil }
            var value: UInt64 = 0
            for byte in digits {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflowSum) = times.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
                guard !overflowTimes, !overflowSum else { return nil }
                value = sum
            }
            return value > UInt64(Int.max) ? Int.max : Int(value)
        }
    }

    /// A link's target: the path as written and what part of the file.
    struct Target: Equatable {
        var path: String
        var selector: Selector
        /// Two links to the same file are the same inclusion when they select the same part.
        var part: String {
            switch selector {
            case .lines(let from, let to): return "\(from):\(to.map(String.init) ?? "")"
            case .anchor(let name): return "#" + name
            }
        }

        /// The part of a whole file, as `part` writes it.
        static let wholeFile = "0:"
    }

    enum LinkKind: Equatable {
        case escaped
        case title(String)
        case include(Target)
        case rustdocInclude(Target)
        case playground(Target, [String])
        case playpen(Target, [String])
    }

    struct Link {
        var range: Range<Int>
        var kind: LinkKind
    }

    /// mdBook's link pattern, on bytes:
    /// `\\\{\{\#.*\}\}` (escaped: up to the last `}}` of its line) or `\{\{\s*\#([a-zA-Z0-9_]+)\s+([^}]+)\}\}`.
    /// El patrón de enlaces de mdBook, sobre bytes.
    struct LinkScanner {
        let bytes: [UInt8]
        /// The next `}` at or after `closeFrom` (or the end): kept, so that many `{{#x y` without a `}` cost one scan.
        private var closeFrom = Int.max
        private var close = 0
        /// The line `escapedLineFrom..<escapedLineEnd` and the end of its last `}}` (nil: none), for the escaped form.
        private var escapedLineFrom = Int.max
        private var escapedLineEnd = 0
        private var escapedLastClose: Int?

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        /// Whether the text holds `{{` at all: every link, escaped or not, does.
        static func mayHoldLinks(_ bytes: [UInt8]) -> Bool {
            bytes.withUnsafeBufferPointer { buffer in
                var from = 0
                while let brace = buffer.firstIndex(of: UInt8(ascii: "{"), from: from) {
                    if brace + 1 < buffer.count, buffer[brace + 1] == UInt8(ascii: "{") { return true }
                    from = brace + 1
                }
                return false
            }
        }

        /// The next link at or after `start` that mdBook would expand; matches of the pattern that are no link
        /// (`{{#unknown x}}`, an unclosed quote) are stepped over whole, as mdBook's iterator does.
        mutating func next(from start: Int) -> Link? {
            var index = start
            let count = bytes.count
            while index < count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\\"), let end = escapedEnd(at: index) {
                    return Link(range: index..<end, kind: .escaped)
                }
                if byte == UInt8(ascii: "{"), let (end, type, rest) = match(at: index) {
                    if let kind = Self.kind(type: type, rest: rest) { return Link(range: index..<end, kind: kind) }
                    index = end
                    continue
                }
                index += 1
            }
            return nil
        }

        /// `\{{#` then anything on the line up to its last `}}`.
        private mutating func escapedEnd(at index: Int) -> Int? {
            guard index + 3 < bytes.count, bytes[index + 1] == UInt8(ascii: "{"), bytes[index + 2] == UInt8(ascii: "{"),
                  bytes[index + 3] == UInt8(ascii: "#") else { return nil }
            if !(escapedLineFrom <= index && index < escapedLineEnd) {
                var lineEnd = index + 4
                while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
                var end = lineEnd
                escapedLastClose = nil
                while end - 2 >= index + 4 {
                    if bytes[end - 1] == UInt8(ascii: "}"), bytes[end - 2] == UInt8(ascii: "}") {
                        escapedLastClose = end
                        break
                    }
                    end -= 1
                }
                escapedLineFrom = index
                escapedLineEnd = lineEnd
            }
            guard let end = escapedLastClose, end - 2 >= index + 4 else { return nil }
            return end
        }

        /// The first `}` at or after `start`, or the end of the text.
        private mutating func closingBrace(from start: Int) -> Int {
            if closeFrom <= start, close >= start { return close }
            var index = start
            while index < bytes.count, bytes[index] != UInt8(ascii: "}") { index += 1 }
            closeFrom = start
            close = index
            return index
        }

        /// `{{`, spaces, `#type`, spaces, the target (no `}`), `}}`: the end, the type and the target.
        private mutating func match(at index: Int) -> (Int, String, [UInt8])? {
            let count = bytes.count
            guard index + 1 < count, bytes[index + 1] == UInt8(ascii: "{") else { return nil }
            var cursor = index + 2
            while cursor < count, let width = Whitespace.width(in: bytes, at: cursor) { cursor += width }
            guard cursor < count, bytes[cursor] == UInt8(ascii: "#") else { return nil }
            cursor += 1
            let typeStart = cursor
            while cursor < count, Self.isTypeByte(bytes[cursor]) { cursor += 1 }
            guard cursor > typeStart else { return nil }
            let type = String(decoding: bytes[typeStart..<cursor], as: UTF8.self)
            // `\s+` then `[^}]+`: the spaces are greedy, but give one back when nothing else stands before the `}`.
            var spaceWidths: [Int] = []
            while cursor < count, let width = Whitespace.width(in: bytes, at: cursor) {
                spaceWidths.append(width)
                cursor += width
            }
            guard !spaceWidths.isEmpty else { return nil }
            var restStart = cursor
            cursor = closingBrace(from: cursor)
            if cursor == restStart {
                guard spaceWidths.count > 1, let last = spaceWidths.last else { return nil }
                restStart -= last
            }
            guard cursor + 1 < count, bytes[cursor + 1] == UInt8(ascii: "}") else { return nil }
            return (cursor + 2, type, Array(bytes[restStart..<cursor]))
        }

        private static func isTypeByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "_"): return true
            default: return false
            }
        }

        /// mdBook's `Link::from_capture`: the known types, their targets read as mdBook reads them.
        private static func kind(type: String, rest: [UInt8]) -> LinkKind? {
            let text = String(decoding: rest, as: UTF8.self)
            switch type {
            case "title":
                let title = Whitespace.trimmed(text[...])
                return .title(String(title))
            case "include":
                return target(text).map(LinkKind.include)
            case "rustdoc_include":
                return target(text).map(LinkKind.rustdocInclude)
            case "playground":
                return playground(text).map { .playground($0.0, $0.1) }
            case "playpen":
                return playground(text).map { .playpen($0.0, $0.1) }
            default:
                return nil
            }
        }

        /// `parse_include_path`: `"a file.rs":anchor` (quoted, `\` escaping the next character) or `file.rs:10:20`
        /// (the first word, cut at its first `:`).
        static func target(_ text: String) -> Target? {
            let trimmed = Whitespace.trimmed(text[...])
            if trimmed.unicodeScalars.first == "\"" {
                guard let (path, after) = quoted(trimmed) else { return nil }
                let rest = Whitespace.trimmedStart(after)
                let selector = rest.unicodeScalars.first == ":" ? Selector(rest.dropFirst()) : Selector(nil)
                return Target(path: path, selector: selector)
            }
            guard let word = Whitespace.words(trimmed).first else { return nil }
            let parts = word.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            return Target(path: String(parts[0]), selector: Selector(parts.count > 1 ? parts[1] : nil))
        }

        /// `parse_playground_args`: the path (quoted or a word), then the attributes, one per word.
        static func playground(_ text: String) -> (Target, [String])? {
            let trimmed = Whitespace.trimmedStart(text[...])
            if trimmed.unicodeScalars.first == "\"" {
                guard let (path, after) = quoted(trimmed) else { return nil }
                return (Target(path: path, selector: .lines(from: 0, to: nil)), Whitespace.words(after).map(String.init))
            }
            let words = Whitespace.words(trimmed)
            guard let first = words.first else { return nil }
            return (Target(path: String(first), selector: .lines(from: 0, to: nil)), words.dropFirst().map(String.init))
        }

        /// `parse_quoted_path`: the text between the quotes, each `\` taking the next scalar as it is; nil when unclosed.
        private static func quoted(_ text: Substring) -> (String, Substring)? {
            var path = String.UnicodeScalarView()
            let scalars = text.unicodeScalars
            var index = scalars.index(after: scalars.startIndex)
            while index < scalars.endIndex {
                let scalar = scalars[index]
                if scalar == "\\" {
                    index = scalars.index(after: index)
                    if index < scalars.endIndex {
                        path.append(scalars[index])
                        index = scalars.index(after: index)
                    }
                } else if scalar == "\"" {
                    return (String(path), Substring(scalars[scalars.index(after: index)...]))
                } else {
                    path.append(scalar)
                    index = scalars.index(after: index)
                }
            }
            return nil
        }
    }

    /// Unicode's White_Space, as Rust's `\s`, `trim` and `split_whitespace` read it; on bytes and scalars.
    /// El espacio en blanco de Unicode, como lo leen `\s` y `trim` de Rust.
    enum Whitespace {
        static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            scalar.isASCII ? scalar == " " || (9...13).contains(scalar.value) : scalar.properties.isWhitespace
        }

        /// The byte width of the white space scalar at `index`, nil when there is none there.
        static func width(in bytes: [UInt8], at index: Int) -> Int? {
            let byte = bytes[index]
            if byte < 0x80 { return byte == 0x20 || (0x09...0x0D).contains(byte) ? 1 : nil }
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            guard length > 1, index + length <= bytes.count,
                  let scalar = String(validating: bytes[index..<index + length], as: UTF8.self)?.unicodeScalars.first,
                  scalar.properties.isWhitespace else { return nil }
            return length
        }

        static func trimmedStart(_ text: Substring) -> Substring {
            let scalars = text.unicodeScalars
            guard let first = scalars.firstIndex(where: { !isSpace($0) }) else { return "" }
            return Substring(scalars[first...])
        }

        static func trimmed(_ text: Substring) -> Substring {
            let scalars = trimmedStart(text).unicodeScalars
            guard let last = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
            return Substring(scalars[...last])
        }

        static func words(_ text: Substring) -> [Substring] {
            text.unicodeScalars.split(whereSeparator: isSpace).map { Substring($0) }
        }
    }
}

// MARK: - Taking lines / Tomar líneas

extension MdBookLinks {
    /// Rust's `str::lines` on bytes: cut at `\n`, a `\r` before it dropped, no last empty line.
    /// `str::lines` de Rust sobre bytes.
    struct RustLines: Sequence, IteratorProtocol {
        let bytes: [UInt8]
        var start = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        mutating func next() -> Range<Int>? {
            guard start < bytes.count else { return nil }
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            let next = end + 1
            var lineEnd = end
            if end < bytes.count, lineEnd > start, bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
            defer { start = next }
            return start..<lineEnd
        }
    }

    /// Lines taken from a file: the text (lines joined by `\n`, no last newline) and the file line of each.
    /// Las líneas tomadas de un fichero: el texto y la línea del fichero de cada una.
    struct Selection {
        var text: [UInt8]
        var lines: [Int]
        var anchorFound = true

        mutating func add(_ line: ArraySlice<UInt8>, number: Int, hidden: Bool = false) {
            if !lines.isEmpty { text.append(UInt8(ascii: "\n")) }
            if hidden { text.append(contentsOf: [UInt8(ascii: "#"), UInt8(ascii: " ")]) }
            text.append(contentsOf: line)
            lines.append(number)
        }

        /// `take_lines` and `take_anchored_lines`: the range, or the lines between `ANCHOR: name` and
        /// `ANCHOR_END: name` less any anchor line.
        static func take(_ file: [UInt8], _ selector: Selector) -> Selection {
            var selection = Selection(text: [], lines: [])
            switch selector {
            case .lines(let from, let to):
                for (index, line) in RustLines(file).enumerated() {
                    if let to, index >= to { break }
                    if index >= from { selection.add(file[line], number: index + 1) }
                }
            case .anchor(let name):
                var inside = false
                selection.anchorFound = false
                for (index, line) in RustLines(file).enumerated() {
                    let text = file[line]
                    if inside {
                        if let end = Anchor.name(after: Anchor.end, in: text) {
                            if end == name { break }
                        } else if Anchor.name(after: Anchor.start, in: text) == nil {
                            selection.add(text, number: index + 1)
                        }
                    } else if Anchor.name(after: Anchor.start, in: text) == name {
                        inside = true
                        selection.anchorFound = true
                    }
                }
            }
            return selection
        }

        /// `take_rustdoc_include_lines` and `…_anchored_lines`: every line, those outside the part behind `# `.
        static func takeRustdoc(_ file: [UInt8], _ selector: Selector) -> Selection {
            var selection = Selection(text: [], lines: [])
            switch selector {
            case .lines(let from, let to):
                for (index, line) in RustLines(file).enumerated() {
                    let shown = index >= from && (to.map { index < $0 } ?? true)
                    selection.add(file[line], number: index + 1, hidden: !shown)
                }
            case .anchor(let name):
                var inside = false
                selection.anchorFound = false
                for (index, line) in RustLines(file).enumerated() {
                    let text = file[line]
                    if inside {
                        if let end = Anchor.name(after: Anchor.end, in: text) {
                            if end == name { inside = false }
                        } else if Anchor.name(after: Anchor.start, in: text) == nil {
                            selection.add(text, number: index + 1)
                        }
                    } else if let start = Anchor.name(after: Anchor.start, in: text) {
                        if start == name {
                            inside = true
                            selection.anchorFound = true
                        }
                    } else if Anchor.name(after: Anchor.end, in: text) == nil {
                        selection.add(text, number: index + 1, hidden: true)
                    }
                }
            }
            return selection
        }

        /// `{{#playground}}`: the whole file in a ```rust fence, its attributes after a comma.
        static func playground(_ file: [UInt8], attributes: [String]) -> Selection {
            var text = Array("```rust".utf8)
            if !attributes.isEmpty { text.append(contentsOf: ("," + attributes.joined(separator: ",")).utf8) }
            text.append(UInt8(ascii: "\n"))
            text.append(contentsOf: file)
            if file.last != UInt8(ascii: "\n") { text.append(UInt8(ascii: "\n")) }
            text.append(contentsOf: "```\n".utf8)
            let fileLines = file.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) } + (file.last == UInt8(ascii: "\n") ? 0 : 1)
            return Selection(text: text, lines: [1] + Array(1...max(fileLines, 1)) + [max(fileLines, 1)])
        }
    }

    /// mdBook's anchor patterns `ANCHOR:\s*([\w_-]+)` and `ANCHOR_END:\s*([\w_-]+)`, anywhere in a line (any comment).
    /// Los patrones de ancla de mdBook, en cualquier lugar de la línea.
    enum Anchor {
        static let start = Array("ANCHOR:".utf8)
        static let end = Array("ANCHOR_END:".utf8)

        /// The name after the first `marker` that is followed by one, as the regex's search finds it.
        static func name(after marker: [UInt8], in line: ArraySlice<UInt8>) -> String? {
            guard line.count >= marker.count + 1 else { return nil }
            var index = line.startIndex
            while index + marker.count <= line.endIndex {
                guard line[index] == marker[0], line[index..<index + marker.count].elementsEqual(marker) else {
                    index += 1
                    continue
                }
                let after = String(decoding: line[(index + marker.count)...], as: UTF8.self)
                let scalars = Whitespace.trimmedStart(after[...]).unicodeScalars
                let name = scalars.prefix(while: isNameScalar)
                if !name.isEmpty { return String(String.UnicodeScalarView(name)) }
                index += 1
            }
            return nil
        }

        /// Rust's `[\w_-]`: letters, marks, decimal digits, connector punctuation, join controls and `-`.
        static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
            if scalar.isASCII {
                let value = UInt8(scalar.value)
                return isAlphanumeric(value) || value == UInt8(ascii: "_") || value == UInt8(ascii: "-")
            }
            let properties = scalar.properties
            if properties.isAlphabetic || properties.isJoinControl { return true }
            switch properties.generalCategory {
            case .decimalNumber, .connectorPunctuation, .nonspacingMark, .spacingMark, .enclosingMark: return true
            default: return false
            }
        }

        private static func isAlphanumeric(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
    }

    /// Paths as text, joined and with `.` and `..` resolved without the file system; a leading `..` stays.
    /// Rutas como texto, unidas y con `.` y `..` resueltos sin tocar el disco.
    enum Path {
        static func join(_ folder: String, _ path: String) -> String {
            var parts: [Substring] = []
            for segment in (folder + "/" + path).split(separator: "/", omittingEmptySubsequences: true) {
                switch segment {
                case ".": continue
                case "..":
                    if let last = parts.last, last != ".." { parts.removeLast() } else { parts.append(segment) }
                default: parts.append(segment)
                }
            }
            return parts.joined(separator: "/")
        }

        static func folder(of path: String) -> String {
            guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
            return String(path[..<slash])
        }

        static func lastComponent(of path: String) -> String {
            guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
            return String(path[path.utf8.index(after: slash)...])
        }
    }
}
