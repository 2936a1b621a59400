/// `llms.txt` as llmstxt.org describes it: the site's title as the H1, its description as a quote, then one H2 per
/// section of the navigation listing its pages in the default language, `- [Title](url): one line`, in their paths' natural
/// order (`2-ivysaur` before `10-caterpie`); pages of no section go under `## Optional`.
/// `llms.txt` según llmstxt.org: título, descripción y una sección por entrada de la navegación con sus páginas.
package enum LLMsText {
    /// A section as the navigation names it.
    /// Una sección tal como la nombra la navegación.
    package struct Section {
        let key: String
        let label: String

        package init(key: String, label: String) {
            self.key = key
            self.label = label
        }
    }

    /// The most characters of a page's line.
    static let maxLine = 200

    static func text(pages: [Page], sections: [Section], config: SiteConfig) -> String {
        var listed: [String: [(path: String, line: String)]] = [:]
        let known = Set(sections.map(\.key))
        for page in pages where page.inSitemap && page.language == config.defaultLanguage {
            let url = page.route.absoluteURL(base: config.baseURL) ?? page.route.file
            var line = "- [\(linkText(page.title))](\(linkTarget(url)))"
            let summary = oneLine(page.description)
            if !summary.isEmpty { line += ": " + summary }
            listed[known.contains(page.navigationKey) ? page.navigationKey : "", default: []].append((page.route.file, line))
        }
        var text = "# \(oneLine(config.title))\n"
        if !config.description.isEmpty { text += "\n> \(oneLine(config.description))\n" }
        for section in sections + [Section(key: "", label: "Optional")] {
            guard let lines = listed[section.key], !lines.isEmpty else { continue }
            // Each path's bytes taken once, not twice per comparison (109,000 pages: millions of arrays).
            let ordered = lines.map { (bytes: Array($0.path.utf8), path: $0.path, line: $0.line) }
                .sorted { naturalOrder($0.bytes, $1.bytes) ?? ($0.path < $1.path) }.map(\.line)
            text += "\n## \(oneLine(section.label))\n\n" + ordered.joined(separator: "\n") + "\n"
        }
        return text
    }

    /// The text on one line: control characters and line breaks (U+2028, U+2029 too) as spaces, runs of spaces as one,
    /// cut at `maxLine` scalars.
    static func oneLine(_ text: String) -> String {
        isOneLineAlready(text) ? text : oneLineByScalars(text)
    }

    /// Printable ASCII with single spaces between words and none at the ends, no longer than a line: what `oneLine`
    /// would give back unchanged, found without building a new string (most titles of an English site).
    private static func isOneLineAlready(_ text: String) -> Bool {
        let bytes = text.utf8
        guard !bytes.isEmpty, bytes.count <= maxLine, bytes.first != 0x20, bytes.last != 0x20 else { return false }
        var previous: UInt8 = 0
        for byte in bytes {
            guard byte >= 0x20, byte < 0x7F, byte != 0x20 || previous != 0x20 else { return false }
            previous = byte
        }
        return true
    }

    static func oneLineByScalars(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        var count = 0
        var lastWasSpace = true
        for scalar in text.unicodeScalars {
            let isSpace = scalar.value < 0x20 || scalar.value == 0x7F || scalar == " " || scalar.value == 0x85 || scalar.value == 0x2028
                || scalar.value == 0x2029
            if isSpace {
                if !lastWasSpace { scalars.append(" "); count += 1 }
            } else {
                if count >= maxLine { scalars.append("…"); break }
                scalars.append(scalar)
                count += 1
            }
            lastWasSpace = isSpace
        }
        while scalars.last == " " { scalars.removeLast() }
        return String(scalars)
    }

    /// Byte order, but runs of digits compared as numbers.
    static func naturallyPrecedes(_ a: String, _ b: String) -> Bool {
        naturalOrder(Array(a.utf8), Array(b.utf8)) ?? (a < b)
    }

    /// Whether `x` comes first in natural order; nil when neither does (equal numbers written with other zeros, or the
    /// same bytes), for the caller to break the tie.
    static func naturalOrder(_ x: [UInt8], _ y: [UInt8]) -> Bool? {
        let isDigit = { (byte: UInt8) in (48...57).contains(byte) }
        var i = 0, j = 0
        while i < x.count, j < y.count {
            guard isDigit(x[i]), isDigit(y[j]) else {
                if x[i] != y[j] { return x[i] < y[j] }
                i += 1
                j += 1
                continue
            }
            var endX = i, endY = j
            while endX < x.count, isDigit(x[endX]) { endX += 1 }
            while endY < y.count, isDigit(y[endY]) { endY += 1 }
            let numberX = x[i..<endX].drop { $0 == 48 }, numberY = y[j..<endY].drop { $0 == 48 }
            if numberX.count != numberY.count { return numberX.count < numberY.count }
            if !numberX.elementsEqual(numberY) { return numberX.lexicographicallyPrecedes(numberY) }
            (i, j) = (endX, endY)
        }
        return (i == x.count) != (j == y.count) ? i == x.count : nil
    }

    /// A link's text with the brackets and backslashes that would end it escaped.
    static func linkText(_ title: String) -> String {
        let line = oneLine(title)
        guard line.utf8.contains(where: { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") || $0 == UInt8(ascii: "\\") }) else { return line }
        var scalars = String.UnicodeScalarView()
        for scalar in line.unicodeScalars {
            if scalar == "[" || scalar == "]" || scalar == "\\" { scalars.append("\\") }
            scalars.append(scalar)
        }
        return String(scalars)
    }

    /// A link's target with spaces and parentheses percent-encoded.
    static func linkTarget(_ url: String) -> String {
        var out: [UInt8] = []
        for byte in url.utf8 {
            switch byte {
            case UInt8(ascii: " "): out.append(contentsOf: "%20".utf8)
            case UInt8(ascii: "("): out.append(contentsOf: "%28".utf8)
            case UInt8(ascii: ")"): out.append(contentsOf: "%29".utf8)
            case ..<0x20, 0x7F: continue
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
