@testable import VitrinaKit
import Testing

@Suite struct LookupTests {
    @Test func dottedNamesWalkIntoObjects() throws {
        #expect(try render("{{a.b.c}}", ["a": ["b": ["c": "deep"]]]) == "deep")
    }

    @Test func onlyTheFirstSegmentWalksTheStack() throws {
        // `a` is found in the section's object, which has no `b`; the root's `a.b` is not tried.
        let value: TemplateValue = ["a": ["b": "root"], "s": ["a": ["c": 1]]]
        #expect(try render("{{#s}}[{{a.b}}]{{/s}}", value) == "[]")
        #expect(try render("{{#s}}[{{a.c}}]{{/s}}", value) == "[1]")
    }

    @Test func namesAreFoundFurtherDownTheStack() throws {
        let value: TemplateValue = ["title": "T", "items": [["name": "a"], ["name": "b", "title": "own"]]]
        #expect(try render("{{#items}}{{name}}:{{title}} {{/items}}", value) == "a:T b:own ")
    }

    @Test func dotIsTheTopOfTheStack() throws {
        #expect(try render("{{#l}}<{{.}}>{{/l}}", ["l": ["x", "y&"]]) == "<x><y&amp;>")
    }

    @Test func aLeadingDotLooksOnlyAtTheTop() throws {
        let value: TemplateValue = ["name": "root", "s": ["other": 1]]
        #expect(try render("{{#s}}[{{.name}}][{{name}}]{{/s}}", value) == "[][root]")
        #expect(try render("{{.name}}", value) == "root")
    }

    @Test func emptySegmentsAreDropped() throws {
        #expect(try render("{{a..b}}|{{a.b.}}", ["a": ["b": "x"]]) == "x|x")
    }

    @Test func scalarsHaveNoFields() throws {
        #expect(try render("[{{s.count}}][{{l.first}}]", ["s": "text", "l": ["a"]]) == "[][]")
    }
}
