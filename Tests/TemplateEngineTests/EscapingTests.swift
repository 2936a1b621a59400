@testable import VitrinaCore
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

    @Test func aCharacterThatMerelyStartsWithLessThanIsNotEscaped() throws {
        // swift-mustache escapes per Character: "<" + U+0338 is one character, not "<".
        #expect(try render("{{x}}", ["x": "a<\u{338}b<c"]) == "a<\u{338}b&lt;c")
        // U+0600 is a prepended concatenation mark: it and the "<" after it form one character.
        #expect(try render("{{x}}", ["x": "\u{600}<"]) == "\u{600}<")
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
