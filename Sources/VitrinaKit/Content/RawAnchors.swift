import CCmarkGFM

/// Keeps the one piece of raw HTML GitHub's sanitizer keeps and docs rely on, `<a id="old-name"></a>` (often left
/// where a heading was renamed, so old links still land), when safe mode drops every other piece of raw HTML.
/// Conserva el único HTML crudo que GitHub conserva y del que dependen los documentos: las anclas `<a id="…"></a>`.
enum RawAnchors {
    /// Replaces each `<a id="x">` (or `name="x"`) directly followed by `</a>` with a node that writes `<a id="x"></a>`.
    static func keep(in document: OpaquePointer) {
        guard let iterator = cmark_iter_new(document) else { return }
        var found: [(open: OpaquePointer, close: OpaquePointer, id: String)] = []
        var event = cmark_iter_next(iterator)
        while event != CMARK_EVENT_DONE {
            if event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator), cmark_node_get_type(node) == CMARK_NODE_HTML_INLINE,
               let literal = cmark_node_get_literal(node), let id = anchorID(String(cString: literal)),
               let next = cmark_node_next(node), cmark_node_get_type(next) == CMARK_NODE_HTML_INLINE,
               let closing = cmark_node_get_literal(next), String(cString: closing).lowercased() == "</a>" {
                found.append((node, next, id))
            }
            event = cmark_iter_next(iterator)
        }
        cmark_iter_free(iterator)
        for anchor in found {
            guard let replacement = cmark_node_new(CMARK_NODE_CUSTOM_INLINE) else { continue }
            cmark_node_set_on_enter(replacement, "<a id=\"\(anchor.id)\"></a>")
            cmark_node_set_on_exit(replacement, "")
            cmark_node_insert_before(anchor.open, replacement)
            cmark_node_free(anchor.open)
            cmark_node_free(anchor.close)
        }
    }

    /// `x` of `<a id="x">` or `<a name="x">` (either quote), when `x` is a plain id: at most 200 bytes, none of them a
    /// space, control, quote, `<`, `>` or `&`.
    static func anchorID(_ tag: String) -> String? {
        var bytes = Substring(tag).utf8[...]
        func skip(_ prefix: String) -> Bool {
            guard bytes.count >= prefix.utf8.count, zip(bytes, prefix.utf8).allSatisfy({ $0 | 0x20 == $1 | 0x20 }) else { return false }
            bytes = bytes.dropFirst(prefix.utf8.count)
            return true
        }
        guard skip("<a ") else { return nil }
        guard skip("id=") || skip("name=") else { return nil }
        guard let quote = bytes.first, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return nil }
        bytes = bytes.dropFirst()
        guard let end = bytes.firstIndex(of: quote) else { return nil }
        let id = bytes[..<end]
        let rest = bytes[bytes.index(after: end)...]
        guard !id.isEmpty, id.count <= 200, rest.elementsEqual(">".utf8),
              !id.contains(where: { $0 <= 32 || $0 == 127 || "\"'<>&".utf8.contains($0) }) else { return nil }
        return String(decoding: id, as: UTF8.self)
    }
}
