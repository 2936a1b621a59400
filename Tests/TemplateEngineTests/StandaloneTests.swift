@testable import VitrinaKit
import Testing

@Suite struct StandaloneTests {
    @Test func standaloneSectionLinesDisappear() throws {
        #expect(try render("a\n{{#s}}\nb\n{{/s}}\nc\n", ["s": true]) == "a\nb\nc\n")
        #expect(try render("a\n  {{#s}}  \nb\n\t{{/s}}\t\nc\n", ["s": true]) == "a\nb\nc\n")
        #expect(try render("a\n{{^s}}\nb\n{{/s}}\nc\n", ["s": true]) == "a\nc\n")
    }

    @Test func crlfLineEnds() throws {
        #expect(try render("a\r\n  {{#s}}\r\nb\r\n{{/s}}\r\nc", ["s": true]) == "a\r\nb\r\nc")
        #expect(try render("{{! note }}\r\nx\r\n", [:]) == "x\r\n")
    }

    @Test func linesAtTheStartAndEndOfTheFile() throws {
        #expect(try render("{{! first }}\nx", [:]) == "x")
        #expect(try render("{{#s}}\nx\n{{/s}}", ["s": true]) == "x\n")
        #expect(try render("x\n  {{! last }}", [:]) == "x\n")
    }

    @Test func trailingSpacesBeforeTheEndOfTheFileAreNotAStandaloneLine() throws {
        // swift-mustache only treats the very end of the text as a line end.
        #expect(try render("x\n  {{! last }}  ", [:]) == "x\n    ")
    }

    @Test func tagsWithOtherContentAreNotStandalone() throws {
        #expect(try render("a {{#s}}\nb{{/s}} c\n", ["s": true]) == "a \nb c\n")
        #expect(try render("  {{x}}\n", ["x": "v"]) == "  v\n")
    }

    @Test func commentsAndDelimiterTagsAreStandaloneToo() throws {
        #expect(try render("a\n  {{! comment }}\nb\n", [:]) == "a\nb\n")
        #expect(try render("a\n  {{=<% %>=}}\n<% x %>\n", ["x": "v"]) == "a\nv\n")
    }

    @Test func afterAStandaloneOpeningTheLineAfterTheClosingTagStartsFresh() throws {
        // swift-mustache sets "at line start" after a section from its opening tag, so the comment is standalone.
        #expect(try render("{{#a}}\nX{{/a}} {{! c }}\nY", ["a": true]) == "XY")
    }
}
