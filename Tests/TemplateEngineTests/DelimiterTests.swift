@testable import VitrinaKit
import Testing

@Suite struct DelimiterAndCommentTests {
    @Test func setDelimitersChangeTheTagMarkers() throws {
        #expect(try render("{{=<% %>=}}<% x %> {{x}}", ["x": "v"]) == "v {{x}}")
        #expect(try render("{{= | | =}}|#s|[|x|]|/s|", ["s": true, "x": "v"]) == "[v]")
    }

    @Test func delimitersCanBeSetBack() throws {
        #expect(try render("{{=<% %>=}}<%x%><%={{ }}=%>{{x}}", ["x": "v"]) == "vv")
    }

    @Test func aDelimiterChangeInsideASectionEndsWithTheSection() throws {
        #expect(try render("{{#s}}{{=<% %>=}}<%x%><%/s%>{{x}}", ["s": true, "x": "v"]) == "vv")
    }

    @Test func commentsRenderNothing() throws {
        #expect(try render("a{{! one }}b{{!two\nlines}}c", [:]) == "abc")
        #expect(try render("a{{!}}b", [:]) == "ab")
    }

    @Test func braceAtTheEndIsText() throws {
        // swift-mustache throws here: its reader looks for "{{" past the end of the text.
        #expect(try render("a{", [:]) == "a{")
    }
}

@Suite struct OneCharacterDelimiterTests {
    @Test func anEmptySectionWithOneCharacterDelimiters() throws {
        // swift-mustache 2.1.1 traps here (Template+Parser.swift:205), so this case is not compared.
        #expect(try render("{{=[ ]=}}[#a][/a]|[x]", ["a": true, "x": "v"]) == "|v")
    }
}
