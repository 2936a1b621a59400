import Foundation
import Testing
import TestSupport
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// GitHub alerts: `> [!NOTE]` blockquotes drawn as titled callouts, only where GitHub draws them.
/// Alertas de GitHub: citas `> [!NOTE]` dibujadas como avisos con título, solo donde GitHub las dibuja.
@Suite("Alerts")
struct AlertsTests {
    let safe = MarkdownRenderer()
    let unsafe = MarkdownRenderer(allowRawHTML: true)

    private func alerts(_ markdown: String, language: String = "es") -> String {
        Alerts.apply(to: safe.html(markdown), language: language)
    }

    private static func callout(_ kind: String, _ title: String, _ rest: String) -> String {
        "<div class=\"alert alert-\(kind)\" role=\"note\">\n<p class=\"alert-title\">\(title)</p>\n\(rest)</div>\n"
    }

    @Test func cmarkWritesTheMarkerAsTheStartOfTheFirstParagraph() {
        #expect(safe.html("> [!NOTE]\n> Text") == "<blockquote>\n<p>[!NOTE]\nText</p>\n</blockquote>\n")
        #expect(safe.html("> [!NOTE]\n>\n> Text") == "<blockquote>\n<p>[!NOTE]</p>\n<p>Text</p>\n</blockquote>\n")
    }

    @Test(arguments: [
        ("NOTE", "note", "Nota", "Note"),
        ("TIP", "tip", "Consejo", "Tip"),
        ("IMPORTANT", "important", "Importante", "Important"),
        ("WARNING", "warning", "Advertencia", "Warning"),
        ("CAUTION", "caution", "Precaución", "Caution"),
    ])
    func eachKindInBothLanguages(marker: String, kind: String, spanish: String, english: String) {
        let markdown = "> [!\(marker)]\n> Texto con *énfasis*."
        let body = "<p>Texto con <em>énfasis</em>.</p>\n"
        #expect(alerts(markdown, language: "es") == Self.callout(kind, spanish, body))
        #expect(alerts(markdown, language: "en") == Self.callout(kind, english, body))
        #expect(alerts(markdown, language: "fr") == Self.callout(kind, english, body), "languages other than Spanish read English")
        #expect(alerts("> [!\(marker.lowercased())]\n> Texto con *énfasis*.", language: "en") == Self.callout(kind, english, body))
    }

    @Test func mixedCaseMarkerAndParagraphBreakAfterIt() {
        #expect(alerts("> [!Warning]\n>\n> Cuidado.") == Self.callout("warning", "Advertencia", "<p>Cuidado.</p>\n"))
        #expect(alerts("> [!tip]  \n> Con salto duro.") == Self.callout("tip", "Consejo", "<p>Con salto duro.</p>\n"))
    }

    @Test(arguments: [
        "> [!NOTE] text on the same line",
        "> [!NOTE]",
        "> [!NOTE]\n>",
        "> Text first\n> [!NOTE]\n> then",
        "> [!DANGER]\n> Unknown kind",
        "> [! NOTE]\n> Space inside",
        "> [!NOTE]x\n> Glued",
        "> **[!NOTE]**\n> Emphasis",
        "[!NOTE]\nNot in a blockquote",
        "> > [!NOTE]\n> > Inside another blockquote",
    ])
    func notAnAlert(markdown: String) {
        let html = safe.html(markdown)
        #expect(html.contains("[!"))
        #expect(alerts(markdown) == html, "got: \(alerts(markdown))")
    }

    @Test func withoutMarkerTheHTMLIsReturnedUntouched() {
        let html = safe.html("> Una cita\n\n[enlace](x.md) y [!] suelto")
        #expect(Alerts.apply(to: html, language: "es") == html)
        let plain = "<p>sin marcadores</p>\n"
        #expect(Alerts.apply(to: plain, language: "es") == plain)
    }

    @Test func anAlertHoldsListsCodeAndHeadings() {
        let markdown = "> [!TIP]\n> - uno\n> - dos\n>\n> ```swift\n> let x = 1 < 2\n> ```\n>\n> ### Más"
        let html = alerts(markdown)
        #expect(html == Self.callout("tip", "Consejo",
            "<ul>\n<li>uno</li>\n<li>dos</li>\n</ul>\n<pre><code class=\"language-swift\">let x = 1 &lt; 2\n</code></pre>\n<h3>Más</h3>\n"),
            "got: \(html)")
    }

    @Test func nestedBlockquotesInsideAnAlertStayBlockquotes() {
        let html = alerts("> [!CAUTION]\n> Cuidado.\n>\n> > [!NOTE]\n> > Cita dentro.\n")
        #expect(html == Self.callout("caution", "Precaución",
            "<p>Cuidado.</p>\n<blockquote>\n<p>[!NOTE]\nCita dentro.</p>\n</blockquote>\n"), "got: \(html)")
    }

    @Test func twoAlertsAndAPlainQuoteInOneDocument() {
        let html = alerts("> [!NOTE]\n> Uno\n\nEntre medias\n\n> Cita normal\n\n> [!WARNING]\n> Dos\n", language: "en")
        #expect(html == Self.callout("note", "Note", "<p>Uno</p>\n") + "<p>Entre medias</p>\n<blockquote>\n<p>Cita normal</p>\n</blockquote>\n"
            + Self.callout("warning", "Warning", "<p>Dos</p>\n"), "got: \(html)")
    }

    @Test func documentsTitleAlertsInTheirOwnLanguage() throws {
        let loader = DocumentLoader(siteDirectory: "/nonexistent", languages: ["es", "en"], defaultLanguage: "es", renderer: safe)
        let text = Array("+++\ntitle = 'Avisos'\n+++\n> [!IMPORTANT]\n> Léelo.\n\n## Después\n".utf8)
        let spanish = try loader.parse(text, display: "Content/docs/avisos.md")
        let english = try loader.parse(text, display: "Content/docs/avisos.en.md")
        #expect(spanish.body.html.hasPrefix(Self.callout("important", "Importante", "<p>Léelo.</p>\n")), "got: \(spanish.body.html)")
        #expect(english.body.html.hasPrefix(Self.callout("important", "Important", "<p>Léelo.</p>\n")), "got: \(english.body.html)")
        #expect(english.body.headings.map(\.text) == ["Después"])
        #expect(english.fields.string("title") == "Avisos")
    }

    @Test func hostileMarkdownKeepsDivsBalancedAndEveryWordAfterAMarker() {
        var random = SeededGenerator(seed: 71)
        let markers = ["[!NOTE]", "[!tip]", "[!Important]", "[!WARNING]", "[!CAUTION]  ", "[!NOTE] x", "[!", "[!NOTE", "[!DANGER]", "[!]"]
        var alertsSeen = 0
        for number in 0..<10_000 {
            var lines: [String] = []
            var words: [String] = []
            for line in 0..<Int.random(in: 1...8, using: &random) {
                let quote = random.pick(["", "> ", ">", "> > ", ">> ", "   > ", "- > "])
                switch Int.random(in: 0..<5, using: &random) {
                case 0, 1: lines.append(quote + random.pick(markers))
                case 2:
                    words.append("keep\(number)w\(line)")
                    lines.append(quote + words[words.count - 1])
                case 3: lines.append(quote + HostileText.string(&random, maxPieces: 4))
                default: lines.append(random.pick([quote, "", "```"]))
                }
            }
            let markdown = lines.joined(separator: "\n")
            let renderer = random.chance(0.5) ? safe : unsafe
            let rendered = renderer.render(markdown)
            let html = rendered.withAlerts(language: random.pick(["es", "en"])).html
            let made = html.components(separatedBy: "<div class=\"alert ").count - 1
            alertsSeen += made
            #expect(html.components(separatedBy: "<div").count == html.components(separatedBy: "</div>").count, "case \(number): \(markdown)")
            let quotes = { (text: String) in text.components(separatedBy: "<blockquote>").count - text.components(separatedBy: "</blockquote>").count }
            #expect(quotes(html) == quotes(rendered.html), "case \(number): every converted opening lost its closing too")
            #expect(rendered.html.components(separatedBy: "<blockquote>").count - html.components(separatedBy: "<blockquote>").count == made, "case \(number)")
            for word in words {
                #expect(html.components(separatedBy: word).count == rendered.html.components(separatedBy: word).count, "case \(number): \(word) in \(markdown)")
            }
            if made == 0 { #expect(html == rendered.html, "case \(number)") }
        }
        #expect(alertsSeen > 1_000, "the cases make alerts often enough to test them")
    }
}
