/// Text for XML 1.0 documents: `& < > " '` escaped and the characters XML 1.0 forbids (C0 controls but tab, newline
/// and carriage return; U+FFFE, U+FFFF) left out, on the UTF-8 bytes.
/// Texto para XML 1.0: `& < > " '` escapados y los caracteres que XML 1.0 prohíbe, quitados, sobre los bytes UTF-8.
enum XMLText {
    static func append(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
                case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
                case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
                case UInt8(ascii: "\""): out.append(contentsOf: "&quot;".utf8)
                case UInt8(ascii: "'"): out.append(contentsOf: "&#39;".utf8)
                case 0x09, 0x0A, 0x0D: out.append(byte)
                case ..<0x20, 0x7F: continue
                case 0xEF where index + 1 < bytes.count && bytes[index] == 0xBF && (bytes[index + 1] == 0xBE || bytes[index + 1] == 0xBF):
                    index += 2
                default: out.append(byte)
                }
            }
        }
    }

    static func escape(_ text: String) -> String {
        var out: [UInt8] = []
        append(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}

/// A feed as Atom (RFC 4287): ids, titles, dates (RFC 3339) and links on the feed and on every entry, the site's author
/// on the feed, each entry's text as escaped HTML with `xml:base` at its page.
/// Un canal en Atom (RFC 4287): ids, títulos, fechas y enlaces en el canal y en cada entrada, con el autor del sitio.
enum AtomFeed {
    static func bytes(_ feed: Feed, config: SiteConfig) -> [UInt8] {
        let address = FeedAddress(baseURL: config.baseURL, siteTitle: config.title, file: feed.atomPath)
        var out: [UInt8] = []
        out.reserveCapacity(1_024 + feed.entries.reduce(0) { $0 + $1.html.utf8.count + 512 })
        func line(_ parts: String...) { for part in parts { out.append(contentsOf: part.utf8) }; out.append(10) }
        func element(_ name: String, _ text: String, indent: String, attributes: String = "") {
            out.append(contentsOf: "\(indent)<\(name)\(attributes)>".utf8)
            XMLText.append(text, to: &out)
            out.append(contentsOf: "</\(name)>\n".utf8)
        }
        func link(_ rel: String, _ type: String, _ href: String, indent: String) {
            line(indent, "<link rel=\"", rel, "\" type=\"", type, "\" href=\"", XMLText.escape(href), "\"/>")
        }
        line("<?xml version=\"1.0\" encoding=\"utf-8\"?>")
        line("<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"", XMLText.escape(feed.language), "\">")
        element("title", feed.title, indent: "  ")
        if !feed.description.isEmpty { element("subtitle", feed.description, indent: "  ") }
        link("self", "application/atom+xml", address.link(toFile: feed.atomPath), indent: "  ")
        link("alternate", "text/html", address.link(feed.page), indent: "  ")
        element("id", address.id(feed.page), indent: "  ")
        element("updated", FeedAddress.timestamp(feed.updated), indent: "  ")
        line("  <author>")
        element("name", config.authorName, indent: "    ")
        line("  </author>")
        line("  <generator>Vitrina</generator>")
        for entry in feed.entries {
            line("  <entry>")
            element("title", entry.title, indent: "    ")
            link("alternate", "text/html", address.link(entry.route), indent: "    ")
            element("id", address.id(entry.route), indent: "    ")
            element("published", FeedAddress.timestamp(entry.date), indent: "    ")
            element("updated", FeedAddress.timestamp(entry.date), indent: "    ")
            if !entry.summary.isEmpty { element("summary", entry.summary, indent: "    ") }
            element("content", entry.html, indent: "    ",
                    attributes: " type=\"html\" xml:base=\"\(XMLText.escape(address.link(entry.route)))\"")
            line("  </entry>")
        }
        line("</feed>")
        return out
    }
}

/// A feed as JSON Feed 1.1: version, title and items with id, url, title, text and date; the home page and the feed's
/// own URL only under a base URL, where they can be absolute.
/// Un canal en JSON Feed 1.1; la portada y la URL del canal solo con URL base, donde pueden ser absolutas.
enum JSONFeed {
    static func bytes(_ feed: Feed, config: SiteConfig) -> [UInt8] {
        let address = FeedAddress(baseURL: config.baseURL, siteTitle: config.title, file: feed.jsonPath)
        var object: [String: Any] = [
            "version": "https://jsonfeed.org/version/1.1", "title": feed.title, "language": feed.language,
            "authors": [["name": config.authorName]],
            "items": feed.entries.map { entry -> [String: Any] in
                var item: [String: Any] = [
                    "id": address.id(entry.route), "url": address.link(entry.route), "title": entry.title, "content_html": entry.html,
                    "date_published": FeedAddress.timestamp(entry.date), "language": feed.language,
                ]
                if !entry.summary.isEmpty { item["summary"] = entry.summary }
                if let image = entry.image { item["image"] = address.link(toFile: image) }
                return item
            },
        ]
        if !feed.description.isEmpty { object["description"] = feed.description }
        if let home = feed.page.absoluteURL(base: config.baseURL) {
            object["home_page_url"] = home
            object["feed_url"] = address.link(toFile: feed.jsonPath)
        }
        return Array((ScriptJSON.object(object) + "\n").utf8)
    }
}
