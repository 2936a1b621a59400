import Testing
import TestSupport
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// The link resolver on its own: what each link form comes to, and hostile links that never lead out of the site
/// nor break out of their attribute.
/// El resolutor de enlaces por sí solo: a qué lleva cada forma de enlace, y enlaces hostiles que nunca salen del sitio.
struct ContentLinksTests {
    static func links() -> ContentLinks {
        var links = ContentLinks(defaultLanguage: "en")
        let setup = MarkdownRenderer().render("# Setup\n\n## Install\n")
        links.addFolder("", files: ["Content/README.md"], routes: ["en": Route(file: "index.html")], bodies: [:], sources: [])
        links.addFolder("guide", files: ["Content/guide/README.md"], routes: ["en": .page("guide")], bodies: [:], sources: [])
        links.addPage(files: ["Content/guide/setup.md"], routes: ["en": .page("guide", "setup")], bodies: ["en": setup], sources: [])
        let stamp = FileStamp(path: "/")!
        _ = links.addFiles([ContentFile(path: "guide/img/a b.png", stamp: stamp, width: 4, height: 3, kind: .png)],
                           outputFolders: ["": "", "guide": "guide"], taken: [])
        return links
    }

    @Test(arguments: [
        ("setup.md", "setup/index.html"), ("./setup.md#install", "setup/index.html#install"), ("../guide/setup.md?x=1#install", "setup/index.html?x=1#install"),
        ("/guide/setup.md", "setup/index.html"), ("README.md", "index.html"), ("../", "../index.html"), ("./", "index.html"),
        ("%73etup.md", "setup/index.html"), ("img/a%20b.png", "img/a%20b.png"), ("setup.html#install", "setup/index.html#install"),
    ])
    func eachFormLeadsToItsPage(_ written: String, _ expected: String) {
        let html = "<p><a href=\"\(HTMLText.escape(written))\">x</a></p>"
        let body = RenderedMarkdown(html: html, headings: [], links: [MarkdownLink(url: written, line: 1, column: 1, isImage: false)])
        let result = Self.links().rewrite(body, source: "Content/guide/page.md", route: .page("guide"), language: "en")
        #expect(result.html == "<p><a href=\"\(expected)\">x</a></p>")
    }

    /// A link to a file the site does not publish (the Rust book's `../std/…`, meant to sit beside the book) keeps
    /// pointing where its source meant from the page's place in the output, one folder deeper than its Markdown file.
    @Test(arguments: [
        ("../std/index.html", "../../std/index.html"), ("missing.md#x", "../missing.md#x"), ("img/none.png?v=1", "../img/none.png?v=1"),
        ("../../outside.md", "../../outside.md"),
    ])
    func aLinkToAnUnpublishedFileKeepsItsTarget(_ written: String, _ expected: String) {
        let html = "<p><a href=\"\(HTMLText.escape(written))\">x</a></p>"
        let body = RenderedMarkdown(html: html, headings: [], links: [MarkdownLink(url: written, line: 1, column: 1, isImage: false)])
        let links = Self.links()
        let result = links.rewrite(body, source: "Content/guide/page.md", route: .page("guide", "page"), language: "en")
        #expect(result.html == "<p><a href=\"\(expected)\">x</a></p>")
        // Still reported against the Markdown (by the link resolver), and named as such, so the output's checker does not
        // report it again.
        #expect(result.unresolved == [expected])
        let page = Page(route: .page("guide", "page"), language: "en", template: "page", title: "Page", navigationKey: "", alternates: [:], content: "")
            .showing(result)
        let problem = "guide/page/index.html links to \(expected), which is not in the output"
        #expect(UnresolvedLinks([page]).filter([problem, "other/index.html links to \(expected), which is not in the output"])
            == ["other/index.html links to \(expected), which is not in the output"])
    }

    @Test func anImageGetsItsSizeAndLoadsLazily() {
        let html = "<p><img src=\"img/a%20b.png\" alt=\"a\" /></p>"
        let body = RenderedMarkdown(html: html, headings: [], links: [MarkdownLink(url: "img/a%20b.png", line: 1, column: 1, isImage: true)])
        let result = Self.links().rewrite(body, source: "Content/guide/README.md", route: .page("guide", "setup"), language: "en")
        #expect(result.html == "<p><img src=\"../img/a%20b.png\" width=\"4\" height=\"3\" loading=\"lazy\" alt=\"a\" /></p>")
    }

    /// Property: 10,000 links built from hostile pieces never crash the resolver, never become a link that leaves the
    /// site (a scheme, `//`, a leading `/`, more `../` than the page is deep), and never break out of their attribute.
    @Test func hostileLinksStayInsideTheSiteAndTheirAttribute() {
        let links = Self.links()
        let pieces = ["../", "./", "/", "setup.md", "README.md", "guide/", "img/a%20b.png", "%2e%2e/", "%2F", "%", "#", "?", "x y",
                      "\"", "'", "<", ">", "&amp;", "&", "é", "\u{301}", "\u{0}", "\\", "//", "javascript:", ".html", ".md", "a"]
        var generator = SeededGenerator(seed: 2026)
        let route = Route.page("guide", "setup")
        for _ in 0..<10_000 {
            let url = (0..<Int.random(in: 1...8, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let html = "<a href=\"\(HTMLText.escape(url))\">t</a>"
            let body = RenderedMarkdown(html: html, headings: [], links: [MarkdownLink(url: url, line: 1, column: 1, isImage: false)])
            let out = links.rewrite(body, source: "Content/guide/setup.md", route: route, language: "en").html
            // On bytes: a combining mark after the quote would make `hasPrefix` (per Character) fail on good output.
            let bytes = Array(out.utf8), open = Array("<a href=\"".utf8), close = Array("\">t</a>".utf8)
            #expect(bytes.starts(with: open) && bytes.reversed().starts(with: close.reversed()), "\(url.debugDescription) → \(out)")
            let valueBytes = bytes.dropFirst(open.count).dropLast(close.count)
            let value = String(decoding: valueBytes, as: UTF8.self)
            #expect(!valueBytes.contains(UInt8(ascii: "\"")) && !valueBytes.contains(UInt8(ascii: "<")), "\(url.debugDescription) → \(out)")
            guard out != html else { continue }
            // Rewritten: a relative path that climbs at most to the site's root.
            #expect(!value.hasPrefix("/") && LinkSyntax.isInternal(String(value)), "\(url.debugDescription) → \(out)")
            #expect(LinkChecker.climbs(String(value)) <= 2, "\(url.debugDescription) → \(out)")
        }
    }
}
