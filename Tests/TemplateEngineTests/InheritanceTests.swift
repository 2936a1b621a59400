@testable import VitrinaKit
import Testing

@Suite struct InheritanceTests {
    let layout = "<h>{{$title}}Default{{/title}}</h>\n<main>\n{{$main}}{{/main}}\n</main>\n"

    @Test func defaultsRenderWhenNotOverridden() throws {
        #expect(try render("{{<layout}}{{/layout}}", [:], partials: ["layout": layout]) == "<h>Default</h>\n<main>\n\n</main>\n")
    }

    @Test func blocksAreOverridden() throws {
        let child = "{{<layout}}\n{{$title}}Mine{{/title}}\n{{$main}}\n<p>{{text}}</p>\n{{/main}}\n{{/layout}}\n"
        let output = try render(child, ["text": "hi"], partials: ["layout": layout])
        #expect(output == "<h>Mine</h>\n<main>\n<p>hi</p>\n\n</main>\n")
    }

    @Test func textBetweenBlockDefinitionsIsIgnored() throws {
        let output = try render("{{<layout}}ignored{{$title}}T{{/title}} also ignored{{/layout}}", [:], partials: ["layout": layout])
        #expect(output == "<h>T</h>\n<main>\n\n</main>\n")
    }

    @Test func nestedParentsLetTheOutermostOverrideWin() throws {
        let partials = [
            "base": "[{{$a}}base-a{{/a}}|{{$b}}base-b{{/b}}|{{$c}}base-c{{/c}}]",
            "middle": "{{<base}}{{$a}}middle-a{{/a}}{{$b}}middle-b{{/b}}{{/base}}",
        ]
        let output = try render("{{<middle}}{{$b}}child-b{{/b}}{{/middle}}", [:], partials: partials)
        #expect(output == "[middle-a|child-b|base-c]")
    }

    @Test func blocksInsidePartialsOfTheParentAreOverridden() throws {
        let partials = ["base": "<{{> part}}>", "part": "{{$slot}}default{{/slot}}"]
        #expect(try render("{{<base}}{{$slot}}over{{/slot}}{{/base}}", [:], partials: partials) == "<over>")
    }

    @Test func blockOverridesSeeTheStackWhereTheBlockIs() throws {
        let partials = ["base": "{{#items}}({{$item}}{{name}}{{/item}}){{/items}}"]
        let value: TemplateValue = ["items": [["name": "a"], ["name": "b"]]]
        #expect(try render("{{<base}}{{$item}}*{{name}}*{{/item}}{{/base}}", value, partials: partials) == "(*a*)(*b*)")
    }

    @Test func standaloneOverrideLinesLoseTheirCommonIndent() throws {
        let partials = ["base": "<main>\n  {{$main}}{{/main}}\n</main>\n"]
        let child = "{{<base}}\n  {{$main}}\n    <p>x</p>\n      <p>y</p>\n  {{/main}}\n{{/base}}\n"
        #expect(try render(child, [:], partials: partials) == "<main>\n  <p>x</p>\n    <p>y</p>\n\n</main>\n")
    }
}
