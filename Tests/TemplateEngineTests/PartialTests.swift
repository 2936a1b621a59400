@testable import VitrinaKit
import Testing

@Suite struct PartialTests {
    @Test func partialsRenderWithTheCurrentStack() throws {
        let value: TemplateValue = ["items": [["name": "a"], ["name": "b"]], "site": "S"]
        let output = try render("{{#items}}{{> partials/item}}{{/items}}", value, partials: ["partials/item": "<{{name}}@{{site}}>"])
        #expect(output == "<a@S><b@S>")
    }

    @Test func missingPartialsRenderNothing() throws {
        #expect(try render("[{{> nowhere}}]", [:]) == "[]")
    }

    @Test func standalonePartialsIndentEveryLine() throws {
        #expect(try render("<ul>\n  {{> p}}\n</ul>\n", [:], partials: ["p": "a\nb\n"]) == "<ul>\n  a\n  b\n</ul>\n")
    }

    @Test func nestedStandalonePartialsAddTheirIndentation() throws {
        let partials = ["p": "p1\n  {{> q}}\np2\n", "q": "q1\nq2\n"]
        #expect(try render("  {{> p}}\n", [:], partials: partials) == "  p1\n    q1\n    q2\n  p2\n")
    }

    @Test func inlinePartialsAreNotIndented() throws {
        #expect(try render("x {{> p}}\n", [:], partials: ["p": "a\nb\n"]) == "x a\nb\n\n")
    }

    @Test func theIndentationFollowsSwiftMustachePerTokenRule() throws {
        // Each list element is rendered on its own, so only the first line of the section is indented.
        let partials = ["p": "{{#items}}\n{{.}}\n{{/items}}\n"]
        #expect(try render("  {{> p}}\n", ["items": ["x", "y"]], partials: partials) == "  x\ny\n")
    }

    @Test func lineEndsInCRLFDoNotTriggerIndentation() throws {
        #expect(try render("  {{> p}}\r\n", [:], partials: ["p": "a\r\nb\r\n"]) == "  a\r\nb\r\n")
    }

    @Test func emptyOutputGetsNoIndentation() throws {
        #expect(try render("  {{> p}}\n", ["e": ""], partials: ["p": "a\n{{e}}b\n"]) == "  a\n  b\n")
    }
}
