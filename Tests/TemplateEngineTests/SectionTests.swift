@testable import VitrinaKit
import Testing

@Suite struct SectionTests {
    static let value: TemplateValue = [
        "list": [["n": "a"], ["n": "b"]], "empty": [], "yes": true, "no": false, "text": "", "zero": 0,
        "half": 0.5, "object": ["n": "o"], "none": [:], "n": "root",
    ]

    @Test(arguments: [
        ("list", "[a][b]"), ("empty", ""), ("yes", "[root]"), ("no", ""), ("missing", ""),
        ("text", "[root]"), ("zero", "[root]"), ("half", "[root]"), ("object", "[o]"), ("none", "[root]"),
    ])
    func section(name: String, expected: String) throws {
        #expect(try render("{{#\(name)}}[{{n}}]{{/\(name)}}", Self.value) == expected)
    }

    @Test(arguments: [
        ("list", ""), ("empty", "[root]"), ("yes", ""), ("no", "[root]"), ("missing", "[root]"),
        ("text", ""), ("zero", ""), ("half", ""), ("object", ""), ("none", ""),
    ])
    func invertedSection(name: String, expected: String) throws {
        #expect(try render("{{^\(name)}}[{{n}}]{{/\(name)}}", Self.value) == expected)
    }

    @Test func truthyScalarsArePushed() throws {
        #expect(try render("{{#text}}<{{.}}>{{/text}}{{#zero}}<{{.}}>{{/zero}}", Self.value) == "<><0>")
    }

    @Test func trueDoesNotPush() throws {
        #expect(try render("{{#yes}}{{.}}{{/yes}}", ["yes": true]) == "[&quot;yes&quot;: true]")
    }

    @Test func anInvertedEmptyListPushesTheList() throws {
        #expect(try render("{{^empty}}{{.}}{{/empty}}", Self.value) == "[]")
    }

    @Test func nestedSectionsOfLists() throws {
        let value: TemplateValue = ["rows": [["cells": [1, 2]], ["cells": [3]]]]
        #expect(try render("{{#rows}}({{#cells}}{{.}}{{/cells}}){{/rows}}", value) == "(12)(3)")
    }
}
