@testable import VitrinaKit
import Testing

@Suite struct EscapingTests {
    @Test func escapesTheFiveHTMLCharacters() throws {
        let value: TemplateValue = ["x": #"<a href="x">Tom & Jerry's</a>"#]
        #expect(try render("{{x}}", value) == "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;")
    }

    @Test func tripleMustacheAndAmpersandDoNotEscape() throws {
        let value: TemplateValue = ["x": "<b>&'\"</b>"]
        #expect(try render("{{{x}}}|{{&x}}|{{& x }}|{{{ x }}}", value) == "<b>&'\"</b>|<b>&'\"</b>|<b>&'\"</b>|<b>&'\"</b>")
    }

    @Test func whitespaceInsideTags() throws {
        #expect(try render("[{{ x }}][{{\tx\t}}][{{x }}]", ["x": "1"]) == "[1][1][1]")
    }

    @Test func nonASCIITextPassesThrough() throws {
        #expect(try render("{{x}}", ["x": "Pokémon — ¿qué? 日本 🎉"]) == "Pokémon — ¿qué? 日本 🎉")
        #expect(try render("{{x}}", ["x": "é<é"]) == "é&lt;é")
    }

    @Test func markupNextToACombiningOrPrependedMarkIsEscaped() throws {
        // One grapheme to Swift, but still `<` and `"` to an HTML parser (swift-mustache leaves them raw).
        #expect(try render("{{x}}", ["x": "a<\u{338}b<c"]) == "a&lt;\u{338}b&lt;c")
        #expect(try render("{{x}}", ["x": "\u{600}<img src=x onerror=alert(1)>\u{301}"])
            == "\u{600}&lt;img src=x onerror=alert(1)&gt;\u{301}")
        #expect(try render(#"<img alt="{{x}}">"#, ["x": "x\"\u{301} onload=alert(1) y=\"\u{301}"])
            == "<img alt=\"x&quot;\u{301} onload=alert(1) y=&quot;\u{301}\">")
        #expect(try render("{{x}}", ["x": "&\u{301}'\u{301}>\u{20D2}"]) == "&amp;\u{301}&#39;\u{301}&gt;\u{20D2}")
    }

    @Test func numbersAndFlagsPrintLikeStringDescribing() throws {
        let value: TemplateValue = ["i": 3, "n": -7, "d": 2.5, "w": 1.0, "big": .double(1e20), "t": true, "f": false]
        #expect(try render("{{i}} {{n}} {{d}} {{w}} {{big}} {{t}} {{f}}", value) == "3 -7 2.5 1.0 1e+20 true false")
    }

    @Test func listsAndObjectsPrintLikeAnyCollections() throws {
        #expect(try render("{{x}}", ["x": ["a", 1, 2.5, true]]) == "[&quot;a&quot;, 1, 2.5, true]")
        #expect(try render("{{{x}}}", ["x": ["a", ["k": "v"], []]]) == #"["a", ["k": "v"], []]"#)
        #expect(try render("{{{x}}}", ["x": [:]]) == "[:]")
    }

    @Test func missingValuesRenderNothing() throws {
        #expect(try render("[{{x}}][{{{y}}}][{{a.b}}]", [:]) == "[][][]")
    }
}

@Suite struct OracleSkipTests {
    @Test func onlyTextTheOracleMisescapesIsSkipped() {
        #expect(oracleMisescapes(["x": "a<\u{301}"]))
        #expect(oracleMisescapes(["x": ["\u{600}<"]]))
        #expect(!oracleMisescapes(["x": "é<é", "y": "<b>&'\"", "n": 3]))
        #expect(!oracleMisescapes(["x": "Pokémon \u{301}plain"]))
    }
}
