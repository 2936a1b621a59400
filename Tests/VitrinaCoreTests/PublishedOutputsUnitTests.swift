import Foundation
import Testing
import TestSupport
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// The pieces of the published outputs on their own: XML and JSON escaping, locales, llms.txt lines, feeds and sitemap.
/// Las piezas de las salidas publicadas por separado: escapes XML y JSON, locales, líneas de llms.txt, canales y mapa.
@Suite("Published outputs, unit")
struct PublishedOutputsUnitTests {
    @Test func xmlTextEscapesMarkupAndDropsWhatXML10Forbids() {
        #expect(XMLText.escape("a & b < c > d \" ' ]]>") == "a &amp; b &lt; c &gt; d &quot; &#39; ]]&gt;")
        #expect(XMLText.escape("x\u{0}\u{1}\u{8}\u{B}\u{C}\u{1F}\u{7F}y") == "xy")
        #expect(XMLText.escape("tab\tline\nret\r") == "tab\tline\nret\r")
        #expect(XMLText.escape("a\u{FFFE}b\u{FFFF}c\u{2028}ñ😀") == "abc\u{2028}ñ😀")
    }

    @Test func jsonForHTMLEscapesEverythingThatCouldEndAScript() throws {
        let text = "</script><!-- & > \u{2028}\u{2029}"
        let json = ScriptJSON.object(["t": text], inHTML: true)
        #expect(!json.contains("<") && !json.contains(">") && !json.contains("&") && !json.contains("\u{2028}") && !json.contains("\u{2029}"))
        let back = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: String]
        #expect(back?["t"] == text)
        #expect(ScriptJSON.object(["t": "a>b&c"]) == #"{"t":"a>b&c"}"#, "data scripts keep their bytes")
    }

    @Test func openGraphLocales() {
        #expect(OpenGraphLocale.of("es") == "es_ES")
        #expect(OpenGraphLocale.of("en") == "en_US")
        #expect(OpenGraphLocale.of("pt-BR") == "pt_BR")
        #expect(OpenGraphLocale.of("xx") == "xx")
    }

    @Test func llmsLinesStayOnOneLineAndTheirLinksWhole() {
        #expect(LLMsText.oneLine("a\nb\u{2028}c\u{1}  d ") == "a b c d")
        #expect(LLMsText.oneLine(String(repeating: "x", count: 500)).unicodeScalars.count == LLMsText.maxLine + 1)
        #expect(LLMsText.linkText("[a] \\ b") == "\\[a\\] \\\\ b")
        #expect(LLMsText.linkTarget("a (b).html") == "a%20%28b%29.html")
    }

    @Test func feedIDsAreStableUUIDsWithoutABaseURL() {
        let address = FeedAddress(baseURL: "", siteTitle: "Sitio", file: "diario/atom.xml")
        let id = address.id(Route(file: "diario/uno/index.html"))
        #expect(id == address.id(Route(file: "diario/uno/index.html")))
        #expect(id != address.id(Route(file: "diario/dos/index.html")))
        #expect(id.hasPrefix("urn:uuid:") && id.count == "urn:uuid:".count + 36)
        let parts = id.dropFirst("urn:uuid:".count).split(separator: "-").map(\.count)
        #expect(parts == [8, 4, 4, 4, 12])
        #expect(address.link(Route(file: "diario/uno/index.html")) == "uno/index.html")
        let absolute = FeedAddress(baseURL: "https://example.org/sub", siteTitle: "Sitio", file: "diario/atom.xml")
        #expect(absolute.id(Route(file: "diario/uno/index.html")) == "https://example.org/sub/diario/uno/")
    }

    @Test func sitemapAlternatesIncludeXDefaultOnlyWhenAsked() {
        let alternates = ["es": Route(file: "a/index.html"), "en": Route(file: "en/a/index.html")]
        let page = Page(route: Route(file: "a/index.html"), language: "es", template: "page", title: "A", navigationKey: "",
                        alternates: alternates, content: "")
        let xml = Sitemap.xml(for: [Sitemap.Entry(page)], baseURL: "https://example.org/", languages: "es")
        #expect(xml.contains("xmlns:xhtml=\"http://www.w3.org/1999/xhtml\""))
        #expect(xml.contains("<xhtml:link rel=\"alternate\" hreflang=\"en\" href=\"https://example.org/en/a/\"/>"))
        #expect(xml.contains("<xhtml:link rel=\"alternate\" hreflang=\"x-default\" href=\"https://example.org/a/\"/>"))
        #expect(!Sitemap.xml(for: [Sitemap.Entry(page)], baseURL: "", languages: nil).contains("xhtml:link rel"))
    }
}

extension PublishedOutputsUnitTests {
    @Test func llmsListsPagesInTheirPathsNaturalOrder() {
        let paths = ["pokemon/10-caterpie/index.html", "pokemon/2-ivysaur/index.html", "pokemon/100-voltorb/index.html", "pokemon/index.html",
                     "pokemon/1-bulbasaur/index.html", "pokemon/1-bulbasaur/album/index.html"]
        #expect(paths.sorted(by: LLMsText.naturallyPrecedes) == [
            "pokemon/1-bulbasaur/album/index.html", "pokemon/1-bulbasaur/index.html", "pokemon/2-ivysaur/index.html",
            "pokemon/10-caterpie/index.html", "pokemon/100-voltorb/index.html", "pokemon/index.html",
        ])
    }

    /// The shortcuts taken for plain titles and paths give what the scalar walk and the comparison first written give.
    @Test func llmsShortcutsGiveTheLongWaysResults() {
        var random = SeededGenerator(seed: 2_027)
        let pieces = ["a", "Zz", " ", "  ", "[", "]", "\\", "0", "007", "12", "9", "-", "/", "é", "\u{2028}", "\n", "\u{7F}", "~"]
            + HostileText.pieces
        for _ in 0..<20_000 {
            let count = random.chance(0.1) ? Int.random(in: 150...260, using: &random) : Int.random(in: 0...12, using: &random)
            let asciiOnly = random.chance(0.6)
            let text = (0..<count).map { _ in asciiOnly ? random.pick(["a", "b", " ", "1", "~", "[", "-"]) : random.pick(pieces) }.joined()
            #expect(LLMsText.oneLine(text) == LLMsText.oneLineByScalars(text), "\(text.debugDescription)")
            let other = (0..<Int.random(in: 0...8, using: &random)).map { _ in random.pick(pieces) }.joined()
            #expect(LLMsText.naturallyPrecedes(text, other) == Self.naturallyPrecedesAsFirstWritten(text, other),
                    "\(text.debugDescription) < \(other.debugDescription)")
        }
    }

    /// The natural order as first written, both paths' bytes copied at each comparison.
    private static func naturallyPrecedesAsFirstWritten(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
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
        return (i == x.count) != (j == y.count) ? i == x.count : a < b
    }
}
