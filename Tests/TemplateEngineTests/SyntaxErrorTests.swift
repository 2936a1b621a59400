@testable import VitrinaKit
import Mustache
import Testing

@Suite struct SyntaxErrorTests {
    @Test func closingWithAnotherName() throws {
        let error = try #require(syntaxError("<ul>\n{{#items}}\n<li>{{/item}}\n"))
        #expect(error.line == 3)
        #expect(error.column == 8)
        #expect(error.lineText == "<li>{{/item}}")
        #expect(error.message.hasPrefix("a section is closed with a different name than it was opened with"))
    }

    @Test func unclosedTag() throws {
        let error = try #require(syntaxError("a\nb {{name}\nc"))
        #expect(error.line == 2)
        #expect(error.column == 9)
        #expect(error.lineText == "b {{name}")
        #expect(error.message == "a tag is not closed with }}")
    }

    @Test func unclosedTripleMustache() throws {
        let error = try #require(syntaxError("{{{name}}"))
        #expect(error.message == "a tag is not closed with }}}")
    }

    @Test func sectionNeverClosedPointsAtItsOpening() throws {
        let error = try #require(syntaxError("x\n  {{#items}}\n{{name}}\n"))
        #expect(error.line == 2)
        #expect(error.column == 3)
        #expect(error.message == "a section {{#items}} is never closed")
    }

    @Test func closingASectionThatWasNeverOpened() throws {
        let error = try #require(syntaxError("a {{/x}}"))
        #expect(error.column == 6)
        #expect(error.message == "{{/x}} closes a section that was never opened")
    }

    @Test func malformedSetDelimiters() throws {
        let error = try #require(syntaxError("ok\n{{=<% =}}"))
        #expect(error.line == 2)
        #expect(error.column == 1)
        #expect(error.message == "the set-delimiter tag is malformed")
    }

    @Test func transformsArePointedAtTheirName() throws {
        let error = try #require(syntaxError("<p>{{ upper(name) }}</p>"))
        #expect(error.column == 7)
        #expect(error.message == "transforms like name(x) are not supported")
    }

    @Test func unsupportedFeatures() throws {
        #expect(syntaxError("{{% CONTENT_TYPE: TEXT }}")?.message == "pragmas are not supported")
        #expect(syntaxError("{{>*name}}")?.message == "dynamic partial names like {{>*name}} are not supported")
        #expect(syntaxError("{{<*name}}{{/*name}}")?.message == "dynamic parent names like {{<*name}} are not supported")
        #expect(syntaxError("{{#a}}{{/a(b)}}")?.message == "transforms like name(x) are not supported")
    }

    @Test func onlyBlocksInsideAParent() throws {
        let error = try #require(syntaxError("{{<base}}\n  {{name}}\n{{/base}}"))
        #expect(error.line == 2)
        #expect(error.column == 3)
        #expect(error.message.contains("only block tags"))
    }

    @Test func unclosedComment() throws {
        let error = try #require(syntaxError("a\n{{! never"))
        #expect(error.line == 2)
        #expect(error.column == 1)
    }

    @Test func columnsCountCharactersAndLinesMayEndInCRLF() throws {
        let error = try #require(syntaxError("é\r\nñ {{#a}}{{/b}}"))
        #expect(error.line == 2)
        #expect(error.column == 12)
        #expect(error.lineText == "ñ {{#a}}{{/b}}")
        #expect(error.description == "2:12: a section is closed with a different name than it was opened with ({{#a}}) in `ñ {{#a}}{{/b}}`")
    }

    @Test(arguments: ["a\nb {{name}\nc", "<ul>\n{{#items}}\n<li>{{/item}}\n", "x {{ a b }}", "{{#a}}\n  {{/b }}"])
    func positionsMatchSwiftMustacheWhereBothPointAtTheSamePlace(template: String) throws {
        let ours = try #require(syntaxError(template))
        do {
            _ = try MustacheTemplate(string: template)
            Issue.record("swift-mustache parsed \(String(reflecting: template))")
        } catch let error as MustacheTemplate.ParserError {
            #expect(ours.line == error.context.lineNumber)
            #expect(ours.column == error.context.columnNumber)
            #expect(ours.lineText == error.context.line)
        }
    }
}
