/// What search reads of a page: its rendered text (its headings' ids from the Markdown) and the fields a feature marks
/// as searchable; kept by reference to strings the page already holds, and read only when the index is made.
/// Lo que la búsqueda lee de una página: su texto con los ids de sus títulos y los campos que una función marca.
public struct SearchSource: Sendable {
    public let html: String
    public let headings: [RenderedMarkdown.Heading]
    /// Searchable fields beside the text (an API item's name, type, description), as plain text.
    public let fields: [String]

    public init(html: String = "", headings: [RenderedMarkdown.Heading] = [], fields: [String] = []) {
        (self.html, self.headings, self.fields) = (html, headings, fields)
    }
}

/// A page's text as search shows it: sections, each under its heading's anchor (the first, before any heading, with
/// none), as plain text; bounded to the words the index takes of one page.
/// El texto de una página para la búsqueda: secciones bajo el ancla de su título, como texto plano y acotado.
public struct SearchText: Sendable, Equatable {
    public struct Section: Sendable, Equatable {
        public let anchor: String
        public let heading: String
        public var text: String
    }

    public let title: String
    public private(set) var sections: [Section]

    /// The most words of one page the index takes (title first, then its sections in order), and the most distinct:
    /// half as many.
    /// Las palabras de una página que toma el índice como mucho, y las distintas: la mitad.
    public struct Bounds: Sendable, Equatable {
        public let words: Int
        public let terms: Int

        public init(words: Int) { (self.words, self.terms) = (words, max(1, words / 2)) }

        public static let standard = Bounds(words: 4_000)
        /// The least and the most `search: {words_per_page:}` may ask (the least above any sensible title's words); the
        /// most also bounds a text read back from an index.
        public static let least = Bounds(words: 100)
        public static let most = Bounds(words: 100_000)
    }

    /// A text as a record holds it (already bounded when it was indexed).
    init(title: String, sections: [Section]) { (self.title, self.sections) = (title, sections) }

    /// The text of `source`, cut where the page's words pass `bounds`.
    public init(title: String, source: SearchSource, bounds: Bounds = .standard) {
        self.title = title
        var sections = Self.sections(html: source.html, headings: source.headings)
        let fields = source.fields.filter { !$0.isEmpty }.joined(separator: " · ")
        if !fields.isEmpty {
            if sections.first?.anchor == "" { sections[0].text = fields + (sections[0].text.isEmpty ? "" : " " + sections[0].text) }
            else { sections.insert(Section(anchor: "", heading: "", text: fields), at: 0) }
        }
        self.sections = Self.bounded(sections, title: title, bounds: bounds)
    }

    // MARK: From HTML / desde el HTML

    /// The sections of a page's HTML: a heading with an id starts one (its text from `headings`, else its own); tags
    /// are word breaks, `script`/`style` are skipped, entities decoded, spaces collapsed. One pass over the bytes, its
    /// state a value passed along (closures capturing it cost an exclusivity check a byte).
    static func sections(html: String, headings: [RenderedMarkdown.Heading]) -> [Section] {
        var reader = HTMLSections(titles: headings)
        var html = html
        html.withUTF8 { reader.read($0) }
        return reader.sections
    }

    /// Sections cut where the page's words would pass `bounds.words`, or its distinct words `bounds.terms` (the title's words
    /// counted first): whole space-separated pieces are kept or dropped, so the text kept is exactly the text indexed.
    /// Secciones cortadas donde las palabras pasarían del límite: se guarda exactamente el texto que se indexa.
    static func bounded(_ sections: [Section], title: String, bounds: Bounds) -> [Section] {
        // Fewer bytes than the limits' words need, each with a separator: nothing to cut.
        // Menos bytes de los que necesitan las palabras del límite: nada que cortar.
        let bytes = title.utf8.count + sections.reduce(0) { $0 + $1.heading.utf8.count + $1.text.utf8.count + 1 }
        guard bytes >= bounds.terms * 2 - 1 else { return sections }
        var count = 0
        var distinct = Set<String>()
        func take(_ piece: some StringProtocol) -> Bool {
            let words = SearchWords.words(String(piece))
            // Each word looked up in the page's words so far: `Set.subtracting` hashed all of them for every piece, so a
            // long page (a book's chapter) cost its words squared: most of the Rust book's build.
            // Cada palabra buscada en las de la página: `subtracting` las recorría todas en cada trozo.
            var new = Set<String>()
            for word in words where !distinct.contains(word) { new.insert(word) }
            guard count + words.count <= bounds.words, distinct.count + new.count <= bounds.terms else { return false }
            count += words.count
            distinct.formUnion(new)
            return true
        }
        _ = take(title)
        var kept: [Section] = []
        for var section in sections {
            guard take(section.heading) else { return kept }
            var pieces: [Substring] = []
            var full = true
            for piece in section.text.split(separator: " ", omittingEmptySubsequences: true) {
                guard take(piece) else { full = false; break }
                pieces.append(piece)
            }
            section.text = pieces.joined(separator: " ")
            kept.append(section)
            if !full { return kept }
        }
        return kept
    }
}

/// One pass over a page's HTML bytes, gathering its sections' text (`SearchText.sections`).
/// Una pasada por los bytes del HTML de una página, reuniendo el texto de sus secciones.
struct HTMLSections {
    private let titles: [String: String]
    private(set) var sections: [SearchText.Section] = []
    private var anchor = "", heading = ""
    private var text: [UInt8] = []

    init(titles headings: [RenderedMarkdown.Heading]) {
        titles = Dictionary(headings.map { ($0.id, $0.text) }, uniquingKeysWith: { first, _ in first })
        text.reserveCapacity(2_048)
    }

    mutating func read(_ bytes: UnsafeBufferPointer<UInt8>) {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") {
                let end = bytes.firstIndex(of: UInt8(ascii: ">"), from: index) ?? bytes.count
                let tag = UnsafeBufferPointer(rebasing: bytes[index..<end])
                if let level = Self.headingLevel(tag), let id = Self.attribute(Self.idKey, in: tag) {
                    // The heading's text is its section's name, not part of the section before.
                    let closer = Self.headingClosers[level - 1]
                    let closing = bytes.firstIndex(of: closer, from: end) ?? bytes.count
                    close()
                    anchor = id
                    heading = titles[id] ?? HTMLText.plain(UnsafeBufferPointer(rebasing: bytes[min(end + 1, closing)..<closing]))
                    index = min(bytes.count, closing + closer.count)
                    continue
                }
                if let closer = Self.skippedCloser(tag) {
                    index = bytes.firstIndex(of: closer, from: end) ?? bytes.count
                    continue
                }
                space()
                index = end + 1
            } else if byte == UInt8(ascii: "&"), let (decoded, length) = Self.entity(bytes, at: index) {
                if decoded == [0x20] { space() } else { text.append(contentsOf: decoded) }
                index += length
            } else if Self.isSpace(byte) {
                space()
                index += 1
            } else {
                // A run of plain bytes copied whole, lone spaces between them too: a space between two plain bytes is
                // the one `space()` would put there, and copying word by word cost an append a word.
                // Un tramo de bytes simples copiado entero, con los espacios sueltos entre ellos.
                var end = index + 1
                while end < bytes.count {
                    if !Self.isSpecial(bytes[end]) {
                        end += 1
                    } else if bytes[end] == 0x20, end + 1 < bytes.count, !Self.isSpecial(bytes[end + 1]) {
                        end += 2
                    } else {
                        break
                    }
                }
                text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<end]))
                index = end
            }
        }
        close()
    }

    /// The section read so far, its text trimmed; a section with neither text nor anchor is none.
    private mutating func close() {
        if text.last == 0x20 { text.removeLast() }
        let plain = String(decoding: text.first == 0x20 ? text.dropFirst() : text[...], as: UTF8.self)
        if !plain.isEmpty || !anchor.isEmpty { sections.append(SearchText.Section(anchor: anchor, heading: heading, text: plain)) }
        text.removeAll(keepingCapacity: true)
    }

    /// A byte that ends a run of plain text: a tag, an entity or white space.
    private static func isSpecial(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "<") || byte == UInt8(ascii: "&") || isSpace(byte) }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D }

    private mutating func space() { if let last = text.last, last != 0x20 { text.append(0x20) } }

    // MARK: Tags / etiquetas

    private static let idKey = Array(" id=\"".utf8)
    private static let headingClosers = (1...6).map { Array("</h\($0)>".utf8) }
    private static let skipped = ["script", "style", "template"].map { (open: Array("<\($0)".utf8), closer: Array("</\($0)".utf8)) }

    private static func headingLevel(_ tag: UnsafeBufferPointer<UInt8>) -> Int? {
        guard tag.count >= 3, tag[1] == UInt8(ascii: "h"), (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(tag[2]),
              tag.count == 3 || tag[3] == 0x20 else { return nil }
        return Int(tag[2] - UInt8(ascii: "0"))
    }

    /// The value of `key` (` id="`) up to its closing quote, if the tag has it.
    private static func attribute(_ key: [UInt8], in tag: UnsafeBufferPointer<UInt8>) -> String? {
        guard let start = tag.firstIndex(of: key, from: 0) else { return nil }
        let valueStart = start + key.count
        guard let end = tag.firstIndex(of: UInt8(ascii: "\""), from: valueStart) else { return nil }
        return String(decoding: UnsafeBufferPointer(rebasing: tag[valueStart..<end]), as: UTF8.self)
    }

    /// Where a skipped element (`script`, `style`, `template`) ends, when `tag` opens one.
    private static func skippedCloser(_ tag: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard tag.count >= 2, tag[1] == UInt8(ascii: "s") || tag[1] == UInt8(ascii: "t") else { return nil }
        return skipped.first { open, _ in
            tag.count >= open.count && tag.hasPrefix(open, at: 0) && (tag.count == open.count || tag[open.count] == 0x20)
        }?.closer
    }

    /// An entity at `index`: the named ones the renderer writes, `&nbsp;` as a space, and numeric ones.
    private static func entity(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> ([UInt8], Int)? {
        for (name, value) in named where bytes.hasPrefix(name, at: index) { return (value, name.count) }
        guard index + 3 < bytes.count, bytes[index + 1] == UInt8(ascii: "#"),
              let end = bytes.firstIndex(of: UInt8(ascii: ";"), from: index + 2), end - index <= 10 else { return nil }
        let hex = bytes[index + 2] == UInt8(ascii: "x") || bytes[index + 2] == UInt8(ascii: "X")
        let digits = String(decoding: UnsafeBufferPointer(rebasing: bytes[(index + (hex ? 3 : 2))..<end]), as: UTF8.self)
        guard let value = UInt32(digits, radix: hex ? 16 : 10), let scalar = Unicode.Scalar(value), value != 0 else { return nil }
        return (Array(String(Character(scalar)).utf8), end - index + 1)
    }

    private static let named: [([UInt8], [UInt8])] = [
        ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&"), ("&nbsp;", " "), ("&#x27;", "'"),
    ].map { (Array($0.utf8), Array($1.utf8)) }
}
