/// GitHub alerts: a blockquote whose first line is `[!NOTE]`, `[!TIP]`, `[!IMPORTANT]`, `[!WARNING]` or `[!CAUTION]`
/// alone becomes a titled callout, `<div class="alert alert-note" role="note">`, as GitHub draws it.
/// Alertas de GitHub: una cita cuya primera línea es solo `[!NOTE]`, `[!TIP]`… se convierte en un aviso con título.
enum Alerts {
    /// Each kind's marker, which is also its class (`alert-note`), and its title in Spanish and in every other language.
    /// El marcador de cada tipo, que es también su clase, y su título en español y en cualquier otro idioma.
    static let kinds: [(marker: String, spanish: String, english: String)] = [
        ("note", "Nota", "Note"),
        ("tip", "Consejo", "Tip"),
        ("important", "Importante", "Important"),
        ("warning", "Advertencia", "Warning"),
        ("caution", "Precaución", "Caution"),
    ]

    static func title(_ kind: Int, language: String) -> String {
        language == "es" ? kinds[kind].spanish : kinds[kind].english
    }

    /// cmark-gfm's HTML with its alert blockquotes drawn as callouts; anything else is left as it is.
    static func apply(to html: String, language: String) -> String {
        var html = html
        let converted: String? = html.withUTF8 { bytes in
            guard bytes.firstIndex(of: Array("[!".utf8), from: 0) != nil else { return nil }
            return apply(to: bytes, language: language)
        }
        return converted ?? html
    }

    private static let open = Array("<blockquote>".utf8)
    private static let close = Array("</blockquote>".utf8)
    private static let tagName = Array("blockquote>".utf8)
    private static let markerStart = Array("\n<p>[!".utf8)
    private static let lineBreak = Array("<br />\n".utf8)
    private static let paragraphEnd = Array("</p>\n".utf8)

    /// One change to the HTML: the bytes `range` replaced by `text`.
    /// Un cambio en el HTML: los bytes de `range` sustituidos por `text`.
    private struct Edit {
        let range: Range<Int>
        let text: String
    }

    /// Blockquotes are paired by nesting; a top-level one that opens with a marker and has content after it, and whose
    /// closing tag is found, is rewritten at both ends. Nil when none is.
    private static func apply(to html: UnsafeBufferPointer<UInt8>, language: String) -> String? {
        var edits: [Edit] = []
        // Open blockquotes, innermost last, with the opening edit of those that are alerts.
        var stack: [Edit?] = []
        var index = 0
        while let found = html.firstIndex(of: tagName, from: index) {
            index = found + tagName.count
            if found >= 1, html[found - 1] == UInt8(ascii: "<") {
                stack.append(stack.isEmpty ? opening(html, at: found - 1, language: language) : nil)
            } else if found >= 2, html.hasPrefix(close, at: found - 2), let top = stack.popLast() {
                if let top { edits += [top, Edit(range: (found - 2)..<index, text: "</div>")] }
            }
        }
        guard !edits.isEmpty else { return nil }
        edits.sort { $0.range.lowerBound < $1.range.lowerBound }
        var output: [UInt8] = []
        output.reserveCapacity(html.count + edits.count * 48)
        var copied = 0
        for edit in edits {
            output.append(contentsOf: UnsafeBufferPointer(rebasing: html[copied..<edit.range.lowerBound]))
            output.append(contentsOf: edit.text.utf8)
            copied = edit.range.upperBound
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: html[copied...]))
        return String(decoding: output, as: UTF8.self)
    }

    /// The edit for `<blockquote>\n<p>[!KIND]` at `start` when the marker ends its line and something follows it:
    /// either the paragraph goes on (`\n` or a hard break) or another block comes before `</blockquote>`.
    private static func opening(_ html: UnsafeBufferPointer<UInt8>, at start: Int, language: String) -> Edit? {
        let nameStart = start + open.count + markerStart.count
        guard html.hasPrefix(markerStart, at: start + open.count) else { return nil }
        var nameEnd = nameStart
        while nameEnd < html.count, nameEnd - nameStart <= 9, html[nameEnd] | 0x20 >= UInt8(ascii: "a"), html[nameEnd] | 0x20 <= UInt8(ascii: "z") {
            nameEnd += 1
        }
        guard nameEnd < html.count, html[nameEnd] == UInt8(ascii: "]") else { return nil }
        let name = String(decoding: UnsafeBufferPointer(rebasing: html[nameStart..<nameEnd]), as: UTF8.self).lowercased()
        guard let kind = kinds.firstIndex(where: { $0.marker == name }) else { return nil }
        let after = nameEnd + 1
        let paragraphGoesOn: Bool
        let end: Int
        if after < html.count, html[after] == 10 {
            (paragraphGoesOn, end) = (true, after + 1)
        } else if html.hasPrefix(lineBreak, at: after) {
            (paragraphGoesOn, end) = (true, after + lineBreak.count)
        } else if html.hasPrefix(paragraphEnd, at: after), !html.hasPrefix(close, at: after + paragraphEnd.count) {
            (paragraphGoesOn, end) = (false, after + paragraphEnd.count)
        } else {
            return nil
        }
        let marker = kinds[kind].marker
        let text = "<div class=\"alert alert-\(marker)\" role=\"note\">\n<p class=\"alert-title\">\(title(kind, language: language))</p>\n"
            + (paragraphGoesOn ? "<p>" : "")
        return Edit(range: start..<end, text: text)
    }
}

extension RenderedMarkdown {
    /// The same document with its GitHub alerts drawn as callouts titled in `language`.
    /// El mismo documento con sus alertas de GitHub dibujadas como avisos titulados en `language`.
    static let footnoteBack = "aria-label=\"Back to content\""

    func withAlerts(language: String) -> RenderedMarkdown {
        var converted = Alerts.apply(to: html, language: language)
        // cmark-gfm labels a footnote's way back in English only.
        if language == "es", converted.utf8Offset(of: Self.footnoteBack) != nil {
            converted = converted.replacingOccurrences(of: Self.footnoteBack, with: "aria-label=\"Volver al texto\"")
        }
        // Callouts and the footnotes' label add or remove no id.
        return converted == html ? self : RenderedMarkdown(html: converted, headings: headings, links: links, codeNotes: codeNotes, anchorIDs: anchorIDs)
    }
}
