@testable import VitrinaKit
import Testing

/// One template (registered as "main"), its partials and a value, rendered by both engines.
struct DifferentialCase: Sendable, CustomTestStringConvertible {
    let template: String
    var partials: [String: String] = [:]
    var value: TemplateValue = [:]
    var isError = false

    var testDescription: String { String(reflecting: template) }
}

private let page: TemplateValue = [
    "title": "Pokémon <Red> & \"Blue\" 'n' more",
    "n": 3, "d": 2.5, "whole": 1.0, "neg": -12, "yes": true, "no": false, "empty": "", "zero": 0,
    "items": [["name": "a<1>", "id": 1], ["name": "b&2", "id": 2], ["name": "ç'3", "id": 3]],
    "none": [], "words": ["x", "y&", "z"],
    "user": ["name": "Ana", "profile": ["city": "León", "tags": ["a", "b"]]],
    "inner": ["title": "inner title"],
    "obj": ["k": "v"], "emptyObject": [:],
    "nums": [1, 2.5, true, "s"],
    "marks": "<\u{338} a\u{600}< '\u{301} &",
]

private let cases: [DifferentialCase] = [
    // Variables and escaping.
    .init(template: "{{title}}", value: page),
    .init(template: "{{{title}}}|{{&title}}|{{& title }}", value: page),
    .init(template: "{{ title }}|{{\ttitle\t}}|{{\ntitle\n}}", value: page),
    .init(template: "{{n}} {{d}} {{whole}} {{neg}} {{yes}} {{no}} [{{empty}}] {{zero}}", value: page),
    .init(template: "{{missing}}[{{{missing}}}]{{missing.deep}}", value: page),
    .init(template: "{{words}}|{{{words}}}|{{nums}}|{{none}}", value: page),
    .init(template: "{{obj}}|{{{emptyObject}}}|{{user.profile.tags}}", value: page),
    .init(template: "{{.}}", value: ["only": "one"]),
    .init(template: "{{.}}|{{{.}}}", value: ["a": 1, "b": "two", "c": [true], "d": ["e": 2.5]]),
    .init(template: "{{items}}", value: page),
    .init(template: "{{marks}}|{{{marks}}}", value: page),
    .init(template: "{{x}}", value: ["x": "\u{1F468}\u{200D}\u{1F469}<\u{FE0F}>\u{20E3}"]),
    .init(template: "{{x}}", value: ["x": "\n\t\r\n\"\\"]),
    .init(template: "{{x}}", value: ["x": ["line\nbreak", "quote\"", "tab\t", "é"]]),
    .init(template: "{{}}|{{ }}", value: ["k": 1]),
    .init(template: "{{x}}", value: ["x": .double(1e-7)]),
    .init(template: "{{x}} {{y}} {{z}}", value: ["x": .double(.infinity), "y": .double(-0.0), "z": .int(.min)]),
    // Names and the stack.
    .init(template: "{{user.name}} {{user.profile.city}} {{user.profile.tags}}", value: page),
    .init(template: "{{#inner}}{{title}}|{{.title}}|{{n}}|{{.n}}{{/inner}}", value: page),
    .init(template: "{{#user}}{{#profile}}{{name}}/{{city}}/{{title}}{{/profile}}{{/user}}", value: page),
    .init(template: "{{#items}}{{name}}={{id}}@{{n}};{{/items}}", value: page),
    .init(template: "{{#items}}{{user.profile.city}}{{/items}}", value: page),
    .init(template: "{{a.b}}|{{#s}}{{a.b}}{{/s}}", value: ["a": ["b": "root"], "s": ["a": ["c": 1]]]),
    .init(template: "{{a..b}}|{{a.b.}}|{{..}}|{{.a}}", value: ["a": ["b": "x"]]),
    .init(template: "{{#words}}<{{.}}>{{/words}}", value: page),
    .init(template: "{{title.count}}{{words.first}}{{n.x}}", value: page),
    .init(template: "{{#yes}}{{.}}{{/yes}}", value: ["yes": true]),
    // Sections with every kind of value.
    .init(template: "{{#items}}[{{name}}]{{/items}}{{#none}}never{{/none}}", value: page),
    .init(template: "{{#yes}}Y{{title}}{{/yes}}{{#no}}N{{/no}}{{#missing}}M{{/missing}}", value: page),
    .init(template: "{{#empty}}<{{.}}>{{/empty}}{{#zero}}<{{.}}>{{/zero}}{{#d}}<{{.}}>{{/d}}", value: page),
    .init(template: "{{#obj}}{{k}}{{/obj}}{{#emptyObject}}E{{title}}{{/emptyObject}}", value: page),
    .init(template: "{{#title}}{{.}}{{/title}}", value: page),
    .init(template: "{{#nums}}({{.}}){{/nums}}", value: page),
    .init(template: "{{^items}}I{{/items}}{{^none}}N{{.}}{{/none}}{{^yes}}Y{{/yes}}{{^no}}n{{/no}}", value: page),
    .init(template: "{{^missing}}M{{/missing}}{{^empty}}e{{/empty}}{{^zero}}z{{/zero}}{{^obj}}o{{/obj}}", value: page),
    .init(template: "{{^emptyObject}}x{{/emptyObject}}{{^d}}d{{/d}}", value: page),
    .init(template: "{{#items}}{{#id}}{{.}}{{/id}}{{^id}}-{{/id}}{{/items}}", value: page),
    .init(template: "{{#.}}{{.}}{{/.}}", value: ["a"]),
    .init(template: "{{#user.profile}}{{city}}{{/user.profile}}{{^user.nothing}}!{{/user.nothing}}", value: page),
    .init(template: "{{#}}x{{/}}", value: page),
    // Standalone lines.
    .init(template: "a\n{{#yes}}\nb\n{{/yes}}\nc\n", value: page),
    .init(template: "a\n  {{#yes}}  \n b\n\t{{/yes}}\t\nc", value: page),
    .init(template: "a\r\n  {{#yes}}\r\nb\r\n  {{/yes}}\r\nc\r\n", value: page),
    .init(template: "{{#yes}}\nfirst\n{{/yes}}", value: page),
    .init(template: "x\n  {{! comment }}", value: page),
    .init(template: "x\n  {{! comment }}  ", value: page),
    .init(template: "  {{! a }}\n  {{! b }}\n{{title}}\n", value: page),
    .init(template: "{{#items}}\n  <li>{{name}}</li>\n{{/items}}\n", value: page),
    .init(template: "|\n{{#no}}\n{{/no}}\n{{^no}}\nshown\n{{/no}}\n|", value: page),
    .init(template: "{{#yes}}\nX{{/yes}} {{! c }}\nY", value: page),
    .init(template: "a {{#yes}}\nb{{/yes}} c\n  {{title}}\n", value: page),
    .init(template: "  {{! c }} x\n  {{! c }}{{n}}\n", value: page),
    .init(template: "a\r\n{{! c }}\rb\u{0B}{{! d }}\u{0C}c\u{2028}", value: page),
    .init(template: "a{{\nn}}b|{{#yes}}\u{85}x{{/yes}}", value: page),
    // Partials.
    .init(template: "{{#items}}{{> partials/item}}{{/items}}", partials: ["partials/item": "<li>{{name}}/{{title}}</li>\n"], value: page),
    .init(template: "<ul>\n  {{> list}}\n</ul>\n", partials: ["list": "<li>a</li>\n<li>{{title}}</li>\n"], value: page),
    .init(template: "  {{> p}}\n", partials: ["p": "{{#items}}\n{{name}}\n{{/items}}\n"], value: page),
    .init(template: "  {{> p}}\n", partials: ["p": "p1\n  {{> q}}\np2\n", "q": "q1\nq2\n"], value: page),
    .init(template: "\t{{> p}}\r\n", partials: ["p": "a\r\nb\r\n{{title}}\n"], value: page),
    .init(template: "x {{> p}}\n{{> p}}", partials: ["p": "a\nb\n"], value: page),
    .init(template: "[{{> missing}}]\n  {{> missing}}\n", value: page),
    .init(template: "  {{> p}}\n", partials: ["p": "a\n{{empty}}b\n{{#none}}x{{/none}}c\n"], value: page),
    .init(template: "  {{> p}}", partials: ["p": "a\nb"], value: page),
    .init(template: "  {{>  p  }}\n", partials: ["p": "{{#yes}}\n  in\n{{/yes}}\n"], value: page),
    .init(template: "{{#words}}\n  {{> w}}\n{{/words}}\n", partials: ["w": "<{{.}}>\n"], value: page),
    // Set delimiters and comments.
    .init(template: "{{=<% %>=}}<% title %> {{title}} <%={{ }}=%>{{n}}", value: page),
    .init(template: "{{= | | =}}|#yes|[|n|]|/yes|", value: page),
    .init(template: "a\n  {{=<% %>=}}\n<%n%>\n", value: page),
    .init(template: "{{#yes}}{{=<% %>=}}<%n%><%/yes%>{{n}}", value: page),
    .init(template: "{{=<% %>=}}<%! a %%> b %><%n%>", value: page),
    .init(template: "a{{! one }}b{{!two\nlines}}c{{!}}d", value: page),
    // Inheritance.
    .init(template: "{{<base}}{{/base}}", partials: ["base": "<h>{{$t}}Default {{title}}{{/t}}</h>\n"], value: page),
    .init(
        template: "{{<base}}\n{{$t}}Mine{{/t}}\n{{$main}}\n<p>{{title}}</p>\n{{/main}}\n{{/base}}\n",
        partials: ["base": "<h>{{$t}}D{{/t}}</h>\n<main>\n{{$main}}{{/main}}\n</main>\n"], value: page
    ),
    .init(template: "{{<base}}ignored{{$t}}T{{/t}} also{{/base}}", partials: ["base": "[{{$t}}D{{/t}}]"], value: page),
    .init(
        template: "{{<middle}}{{$b}}child-b{{/b}}{{/middle}}",
        partials: [
            "base": "[{{$a}}base-a{{/a}}|{{$b}}base-b{{/b}}|{{$c}}base-c{{/c}}]",
            "middle": "{{<base}}{{$a}}middle-a{{/a}}{{$b}}middle-b{{/b}}{{/base}}",
        ],
        value: page
    ),
    .init(template: "{{<base}}{{$slot}}over{{/slot}}{{/base}}", partials: ["base": "<{{> part}}>", "part": "{{$slot}}d{{/slot}}"], value: page),
    .init(
        template: "{{<base}}\n  {{$main}}\n    <p>x</p>\n      <p>y</p>\n  {{/main}}\n{{/base}}\n",
        partials: ["base": "<main>\n  {{$main}}{{/main}}\n</main>\n"], value: page
    ),
    .init(
        template: "{{<base}}{{$item}}*{{name}}*{{/item}}{{/base}}",
        partials: ["base": "{{#items}}({{$item}}{{name}}{{/item}}){{/items}}"], value: page
    ),
    .init(
        template: "{{<base}}\n{{$main}}\n  {{<inner}}\n  {{$x}}\n    X {{title}}\n  {{/x}}\n  {{/inner}}\n{{/main}}\n{{/base}}\n",
        partials: ["base": "<body>\n  {{$main}}{{/main}}\n</body>\n", "inner": "<div>\n  {{$x}}{{/x}}\n</div>\n"], value: page
    ),
    .init(template: "  {{<base}}{{$a}}A\nB{{/a}}{{/base}}\n", partials: ["base": "1\n{{$a}}{{/a}}\n2\n"], value: page),
    .init(template: "{{$solo}}default {{n}}{{/solo}}", value: page),
    .init(template: "{{<base}}{{$a}}1{{/a}}{{$a}}2{{/a}}{{/base}}", partials: ["base": "{{$a}}{{/a}}"], value: page),
    .init(template: "{{<base}}{{! note }}{{$a}}x{{/a}}{{/base}}", partials: ["base": "{{$a}}{{/a}}{{$b}}B{{/b}}"], value: page),
    // Errors both engines must report.
    .init(template: "{{#a}}{{/b}}", isError: true),
    .init(template: "{{#a}}", isError: true),
    .init(template: "{{name", isError: true),
    .init(template: "{{{name}}", isError: true),
    .init(template: "{{=<% =}}", isError: true),
    .init(template: "{{! never", isError: true),
    .init(template: "{{/x}}", isError: true),
    .init(template: "{{<base}}{{x}}{{/base}}", isError: true),
    .init(template: "{{<base}}{{=<% %>=}}<%$a%>x<%/a%><%/base%>", isError: true),
]

@Suite struct DifferentialTableTests {
    @Test func theTableIsLargeEnough() {
        #expect(cases.count >= 60)
    }

    @Test func theHarnessSeesDifferences() {
        let same = differential(["main": "{{x}}"], value: ["x": "<"])
        #expect(same.agrees)
        guard case .success(let bytes) = same.theirs else {
            Issue.record("swift-mustache failed: \(same.report)")
            return
        }
        #expect(String(decoding: bytes, as: UTF8.self) == "&lt;")
        // A template ending in "{" is the one place where we knowingly part ways (see DelimiterTests).
        #expect(!differential(["main": "a{"], value: [:]).agrees)
    }

    @Test(arguments: cases)
    func bothEnginesAgree(_ testCase: DifferentialCase) {
        var templates = testCase.partials
        templates["main"] = testCase.template
        let result = differential(templates, value: testCase.value)
        #expect(result.agrees, "\(result.report)")
        switch result.ours {
        case .success: #expect(!testCase.isError, "expected a syntax error")
        case .failure: #expect(testCase.isError, "\(result.report)")
        }
    }
}
