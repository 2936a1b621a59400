@testable import VitrinaKit
import Foundation
import Testing
import TestSupport

/// Random hostile text through every escaping path: no element or attribute may appear that the template did not write.
/// Texto hostil al azar por cada camino de escape: no puede aparecer elemento ni atributo que la plantilla no escribió.
@Suite struct HostileEscapingTests {
    static let cases = 10_000

    /// Tags of the template itself, to compare with what comes out once hostile text is inside.
    static let template = #"<p title="{{x}}" data-a='{{x}}'>{{x}}<img alt="{{x}}" src="i.png"></p><a href="?q={{x}}">{{x}}</a>"#

    @Test func templateTextAndAttributesStayText() throws {
        let expected = HTMLTokens.tags(in: try render(Self.template, ["x": "plain"]))
        #expect(expected.map(\.name) == ["p", "img", "p", "a", "a"])
        var random = SeededGenerator(seed: 11)
        for number in 0..<Self.cases {
            let text = HostileText.string(&random)
            let html = try render(Self.template, ["x": .string(text)])
            let tags = HTMLTokens.tags(in: html)
            #expect(tags == expected, "case \(number): \(String(reflecting: text)) gave \(tags)")
            if tags != expected { return }
        }
    }

    @Test func headingTextInAnchorsAndTheTableOfContentsStaysText() throws {
        var random = SeededGenerator(seed: 12)
        for number in 0..<Self.cases {
            let text = HostileText.string(&random)
            // What cmark-gfm writes for a heading: its text escaped, which the anchors decode and must escape again.
            let rendered = HeadingAnchors.apply(to: "<h2>" + HTMLText.escape(text) + "</h2>\n")
            let toc = try render(##"<ul>{{#toc}}<li><a href="#{{id}}">{{text}}</a></li>{{/toc}}</ul>"##,
                                 ["toc": .list(rendered.headings.map { ["id": .string($0.id), "text": .string($0.text)] })])
            let tags = HTMLTokens.tags(in: rendered.html + toc)
            #expect(tags.map(\.name) == ["h2", "a", "a", "h2", "ul", "li", "a", "a", "li", "ul"], "case \(number): \(String(reflecting: text))")
            #expect(tags.flatMap(\.attributes) == ["id", "class", "href", "aria-label", "href"], "case \(number): \(String(reflecting: text))")
            if tags.count != 10 { return }
        }
    }

    @Test func dataScriptsNeverCloseTheirElementAndReadBackTheSame() throws {
        var random = SeededGenerator(seed: 13)
        for number in 0..<Self.cases {
            let text = HostileText.string(&random)
            let json = ScriptJSON.object(["k": text, "list": [text]])
            #expect(!json.contains("<"), "case \(number)")
            let back = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
            #expect(back?["k"] as? String == text, "case \(number): \(String(reflecting: text))")
        }
    }
}
