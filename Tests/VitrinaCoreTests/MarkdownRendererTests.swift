import Foundation
import Testing
import TestSupport
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// cmark-gfm with its extensions, safe mode, and heading anchors.
/// cmark-gfm con sus extensiones, modo seguro y anclas de encabezados.
@Suite("MarkdownRenderer")
struct MarkdownRendererTests {
    let safe = MarkdownRenderer()
    let unsafe = MarkdownRenderer(allowRawHTML: true)

    /// The ids kept from rendering (and in the memo of parsed Markdown) are the ids a reader of the final HTML finds:
    /// generated documents with headings, footnotes, anchors written as HTML and alerts, in both languages.
    @Test func keptAnchorIDsAreTheHTMLsOwn() {
        var random = SeededGenerator(seed: 2026)
        let pieces = ["# Título", "## Uso", "Texto[^1].\n\n[^1]: Nota.", "<a id=\"viejo\"></a>", "> [!NOTE]\n> Ojo",
                      "<span id=\"x y\">z</span>", "### Uso", "Otra[^nota] cosa.\n\n[^nota]: Otra nota.", "<div id=\"fn-1\"></div>",
                      "`id=\"no\"`", "## Uso {#propio}"]
        var anchorsSeen = 0
        for _ in 0..<400 {
            let markdown = (0..<Int.random(in: 1...8, using: &random)).map { _ in random.pick(pieces) + "\n" }.joined(separator: "\n")
                + HostileText.string(&random, maxPieces: 3)
            for renderer in [safe, unsafe] {
                for language in ["es", "en"] {
                    let body = renderer.render(markdown).shifted(toBodyLine: 3).withAlerts(language: language)
                    let read = RenderedMarkdown(html: body.html, headings: body.headings)
                    #expect(body.anchorIDs != nil)
                    #expect(body.ids == read.ids, "\(markdown)")
                    anchorsSeen += body.anchorIDs?.count ?? 0
                }
            }
        }
        #expect(anchorsSeen > 1_000)
    }

    // MARK: GitHub extensions

    @Test func tables() {
        let html = safe.render("| Tipo | Daño |\n|:-----|-----:|\n| Fuego | 2× |\n| Agua | ½ |\n").html
        #expect(html.contains("<table>"))
        #expect(html.contains("<thead>"))
        #expect(html.contains("<th align=\"left\">Tipo</th>"))
        #expect(html.contains("<th align=\"right\">Daño</th>"))
        #expect(html.contains("<td align=\"left\">Fuego</td>"))
        #expect(html.contains("<td align=\"right\">½</td>"))
    }

    @Test func strikethrough() {
        let html = safe.render("Precio ~~99~~ 79").html
        #expect(html.contains("<del>99</del>"))
        #expect(!html.contains("~~"))
    }

    @Test func autolinks() {
        let html = safe.render("Visita www.example.com o https://pokeapi.co/docs hoy.").html
        #expect(html.contains("<a href=\"http://www.example.com\">www.example.com</a>"))
        #expect(html.contains("<a href=\"https://pokeapi.co/docs\">https://pokeapi.co/docs</a>"))
    }

    @Test func taskLists() {
        let html = safe.render("- [x] Hecho\n- [ ] Pendiente\n").html
        let checkboxes = html.components(separatedBy: "<input type=\"checkbox\"").count - 1
        #expect(checkboxes == 2)
        #expect(html.contains("checked=\"\""))
        #expect(html.components(separatedBy: "checked=\"\"").count - 1 == 1)
        #expect(html.contains("disabled=\"\""))
        #expect(!html.contains("[x]") && !html.contains("[ ]"))
    }

    @Test func fencedCodeGetsALanguageClass() {
        let html = safe.render("```swift\nlet x = 1 < 2\n```\n").html
        #expect(html.contains("<code class=\"language-swift\">"), "got: \(html)")
        #expect(html.contains("let x = 1 &lt; 2"))
        // `lang` is for human languages; a code language there would mislead screen readers.
        #expect(!html.contains("lang=\"swift\""))
    }

    @Test func fencedCodeWithoutLanguageHasNoClass() {
        let html = safe.render("```\nplain\n```\n").html
        #expect(html.contains("<pre><code>plain\n</code></pre>"))
    }

    // MARK: Safe mode

    @Test func safeModeDropsScriptTags() {
        let html = safe.render("Hola\n\n<script>alert(1)</script>\n\nAdiós").html
        #expect(!html.contains("<script"))
        #expect(!html.contains("alert(1)</script>"))
        #expect(html.contains("Hola") && html.contains("Adiós"))
    }

    @Test func safeModeDropsInlineEventHandlers() {
        let html = safe.render("Texto <b onclick=\"alert(1)\">negrita</b> y <img src=x onerror=alert(1)>").html
        #expect(!html.contains("onclick"))
        #expect(!html.contains("onerror"))
        #expect(!html.contains("<b "))
        #expect(!html.contains("<img"))
    }

    @Test(arguments: ["[x](javascript:alert(1))", "[x](JAVASCRIPT:alert(1))", "[x](vbscript:msgbox)", "![x](javascript:alert(1))", "<javascript:alert(1)>"])
    func safeModeDropsDangerousURLs(markdown: String) {
        let html = safe.render(markdown).html.lowercased()
        for attribute in ["href", "src"] {
            #expect(!html.contains("\(attribute)=\"javascript:"), "got: \(html)")
            #expect(!html.contains("\(attribute)=\"vbscript:"), "got: \(html)")
        }
        #expect(html.contains("href=\"\"") || html.contains("src=\"\""), "got: \(html)")
    }

    @Test func safeModeKeepsOrdinaryLinks() {
        let html = safe.render("[docs](../docs/index.html) y [correo](mailto:a@b.c)").html
        #expect(html.contains("<a href=\"../docs/index.html\">docs</a>"))
        #expect(html.contains("<a href=\"mailto:a@b.c\">correo</a>"))
    }

    @Test func rawHTMLPassesWhenAllowed() {
        let html = unsafe.render("<div class=\"nota\">hola</div>\n\nTexto <b onclick=\"x()\">negrita</b>").html
        #expect(html.contains("<div class=\"nota\">hola</div>"))
        #expect(html.contains("<b onclick=\"x()\">negrita</b>"))
        #expect(unsafe.allowRawHTML)
        #expect(!safe.allowRawHTML)
    }

    // MARK: Headings

    /// GitHub keeps accented letters in ids (`#qué-contiene`), so the ids do too.
    @Test func headingsGetGitHubIdsAndAnchors() throws {
        let rendered = safe.render("# Guía\n\n## Qué contiene\n\nTexto\n\n### Configuración *rápida*\n")
        #expect(rendered.html.contains("<h2 id=\"qué-contiene\">Qué contiene <a class=\"anchor\" href=\"#qué-contiene\""))
        #expect(rendered.html.contains("<h1 id=\"guía\">"))
        #expect(rendered.html.contains("<h3 id=\"configuración-rápida\">Configuración <em>rápida</em> <a class=\"anchor\" href=\"#configuración-rápida\""))
        #expect(rendered.headings == [
            .init(level: 1, id: "guía", text: "Guía"),
            .init(level: 2, id: "qué-contiene", text: "Qué contiene"),
            .init(level: 3, id: "configuración-rápida", text: "Configuración rápida"),
        ])
        #expect(rendered.firstHeading == "Guía")
    }

    @Test func everyHeadingHasOneAnchorToItsOwnId() {
        let rendered = safe.render("# Uno\n## Dos\n### Tres\n#### Cuatro\n##### Cinco\n###### Seis\n")
        #expect(rendered.headings.map(\.level) == [1, 2, 3, 4, 5, 6])
        for heading in rendered.headings {
            #expect(rendered.html.contains("<h\(heading.level) id=\"\(heading.id)\">"))
            #expect(rendered.html.components(separatedBy: "href=\"#\(heading.id)\"").count - 1 == 1)
        }
        #expect(rendered.html.components(separatedBy: "class=\"anchor\"").count - 1 == 6)
    }

    @Test func duplicateHeadingsGetNumberedIds() {
        let rendered = safe.render("## Uso\n\n## Uso\n\n## Uso\n\n## Otro\n")
        #expect(rendered.headings.map(\.id) == ["uso", "uso-1", "uso-2", "otro"])
        #expect(rendered.html.contains("href=\"#uso-2\""))
    }

    @Test func idsAreUniqueEvenWhenAHeadingLooksLikeANumberedOne() {
        let rendered = safe.render("## Uso\n\n## Uso\n\n## Uso 1\n")
        let ids = rendered.headings.map(\.id)
        #expect(Set(ids).count == ids.count, "ids: \(ids)")
        #expect(ids.first == "uso")

        let reversed = safe.render("## Uso 1\n\n## Uso\n\n## Uso\n").headings.map(\.id)
        #expect(reversed == ["uso-1", "uso", "uso-2"])
    }

    @Test func headingsWithoutLettersGetSectionIdsAndOtherScriptsKeepTheirs() {
        let rendered = safe.render("## ★★★\n\n## ピカチュウ\n\n## ☆\n")
        #expect(rendered.headings.map(\.id) == ["section", "ピカチュウ", "section-1"])
        #expect(rendered.headings.map(\.text) == ["★★★", "ピカチュウ", "☆"])
    }

    @Test func headingTextIsPlainAndEscapedInTheLabel() {
        let rendered = safe.render("## `<tag>` & \"comillas\"\n")
        let heading = rendered.headings[0]
        #expect(heading.text.contains("<tag>"))
        #expect(heading.id == "tag--comillas", "GitHub turns each space into a hyphen, after dropping `<`, `>`, `&` and quotes")
        #expect(rendered.html.contains("aria-label=\"§ &lt;tag&gt; &amp;"))
        #expect(!rendered.html.contains("aria-label=\"§ <tag>"))
    }

    @Test func noHeadingsMeansNoFirstHeading() {
        let rendered = safe.render("Solo un párrafo.\n\n---\n\nY una regla.")
        #expect(rendered.headings.isEmpty)
        #expect(rendered.firstHeading == nil)
        #expect(rendered.html.contains("<hr />"))
    }

    @Test func idsAreStableAcrossRenders() {
        let markdown = "# Vitrina\n## Qué contiene\n## Qué contiene\n### Fuentes de datos\n"
        let first = safe.render(markdown)
        let second = MarkdownRenderer().render(markdown)
        #expect(first.html == second.html)
        #expect(first.headings == second.headings)
        #expect(first.headings.map(\.id) == ["vitrina", "qué-contiene", "qué-contiene-1", "fuentes-de-datos"])
    }

    /// Documents are rendered concurrently; every render must see all the extensions. Short documents and long ones
    /// alternate, so that one render's blocks are read (outside the inline phase's lock) while another's inline phase
    /// adds and then clears cmark-gfm's process-wide special characters.
    @Test func concurrentRendersAreIdenticalToASerialOne() async {
        let short = "## Título\n\nPrecio ~~99~~ 79, ver www.example.com\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] hecho\n"
        let section = "Texto con ~~tachado~~, https://example.org/a y www.example.com, un [enlace][ref] y \"comillas\".\n\n"
            + "| col | ~~x~~ |\n|:---|---:|\n| www.example.net | a~~b~~c |\n\n- [ ] por hacer ~~no~~\n- [x] hecho\n\n"
            + "[ref]: https://example.com/ref\n\n"
        let long = "# Largo\n\n" + String(repeating: section, count: 60)
        let expected = [short, long].map { safe.render($0).html }
        #expect(expected[0].contains("<del>99</del>"))
        #expect(expected[0].contains("<a href=\"http://www.example.com\">"))
        #expect(expected[1].components(separatedBy: "<del>").count == 60 * 4 + 1)
        let renderer = safe
        let results = await withTaskGroup(of: (Int, String).self) { group in
            for index in 0..<400 {
                group.addTask { (index % 2, renderer.render(index % 2 == 0 ? short : long).html) }
            }
            var all: [(Int, String)] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 400)
        #expect(results.filter { $0.1 != expected[$0.0] }.count == 0)
    }

    @Test func smartPunctuation() {
        let html = safe.render("\"Hola\" -- dijo...").html
        #expect(html.contains("“Hola”"))
        #expect(html.contains("–"))
        #expect(html.contains("…"))
    }
}
