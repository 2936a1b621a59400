import Foundation
import Testing
@testable import VitrinaKit

/// MkDocs + Material Markdown: the pre-pass's text, cmark-gfm's recorded HTML for it, and the post-pass compared with
/// Material's own HTML (Tests/Fixtures/mkdocs, made by make-fixtures.sh).
/// Markdown de MkDocs + Material: el texto de la pasada previa, el HTML de cmark-gfm grabado y la pasada final
/// comparada con el HTML del propio Material.
@Suite("MkDocs Markdown")
struct MkDocsMarkdownTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/mkdocs", isDirectory: true)
    static let cases = ["admonitions", "details", "tabs", "nesting", "attributes", "formatting", "definitions", "abbreviations",
                        "html-blocks", "snippets", "lazy"]

    static func read(_ path: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
    }

    /// Snippets read from the cases folder, as the caller would after checking the path.
    static func snippet(_ path: String) throws -> String? {
        try? read("cases/" + path)
    }

    static func prepared(_ name: String) throws -> MkDocsPreprocessor.Prepared {
        try MkDocsPreprocessor.prepare(read("cases/\(name).md"), file: "\(name).md", extensions: .all, snippet: snippet)
    }

    @Test(arguments: cases)
    func prePassWritesTheRecordedMarkdown(name: String) throws {
        let prepared = try Self.prepared(name)
        if ProcessInfo.processInfo.environment["VITRINA_RECORD_MKDOCS"] != nil {
            try FileManager.default.createDirectory(at: Self.folder.appendingPathComponent("expected"), withIntermediateDirectories: true)
            try prepared.markdown.write(to: Self.folder.appendingPathComponent("expected/\(name).prepared.md"), atomically: true, encoding: .utf8)
        }
        #expect(prepared.markdown == (try Self.read("expected/\(name).prepared.md")))
    }
}

// MARK: - Against Material / Frente a Material

extension MkDocsMarkdownTests {
    /// The pre-pass's recorded Markdown through cmark-gfm (recorded), then the post-pass: the same elements, classes,
    /// attributes and text as Material's page (whitespace, attribute order, quotes' shape and code colouring aside).
    @Test(arguments: cases)
    func postPassDrawsWhatMaterialDraws(name: String) throws {
        let html = MkDocsHTML.finish(try Self.read("expected/\(name).cmark.html"), extensions: .all)
        let ours = HTMLShape.tokens(html)
        let material = HTMLShape.tokens(try Self.read("expected/\(name).material.html"))
        let first = Array(zip(ours, material)).firstIndex { $0.0 != $0.1 } ?? min(ours.count, material.count)
        #expect(ours == material, "\(name): first difference at token \(first): ours \(ours[min(first, ours.count)...].prefix(4)) / Material \(material[min(first, material.count)...].prefix(4))\n\(html)")
    }
}

/// HTML reduced to what a reader sees of its structure: tags with sorted attributes, and text.
/// HTML reducido a lo que se ve de su estructura: etiquetas con atributos ordenados, y texto.
enum HTMLShape {
    static func tokens(_ html: String) -> [String] {
        let bytes = Array(html.utf8)
        var tokens: [String] = []
        var index = 0
        var text: [UInt8] = []
        var preText: [UInt8]?
        var divs: [Bool] = []
        func flushText() {
            let clean = normalizedText(String(decoding: text, as: UTF8.self))
            if !clean.isEmpty { tokens.append(clean) }
            text = []
        }
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "<") {
                if html.utf8.count > index + 4, bytes[(index + 1)...].starts(with: Array("!--".utf8)) {
                    let end = MkDocsBytes.find(Array("-->".utf8), in: bytes, from: index) ?? bytes.count - 3
                    index = end + 3
                    continue
                }
                let end = bytes[index...].firstIndex(of: UInt8(ascii: ">")) ?? bytes.count - 1
                let tag = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
                index = end + 1
                let (name, attributes) = parse(tag)
                if preText != nil {
                    if name == "/pre" {
                        tokens.append("pre:" + decode(String(decoding: preText!, as: UTF8.self)).trimmingCharacters(in: .whitespacesAndNewlines))
                        preText = nil
                    }
                    continue
                }
                flushText()
                if name == "pre" { preText = []; continue }
                if name == "div" { divs.append(attributes == ["class=highlight"]); if divs.last! { continue } }
                if name == "/div", let highlight = divs.popLast(), highlight { continue }
                // Heading ids come later (HeadingAnchors); handlers and styles Material keeps, Vitrina drops on purpose.
                let kept = attributes.filter { !($0.hasPrefix("id=") && name.count == 2 && name.first == "h") && !$0.hasPrefix("on") && !$0.hasPrefix("style=") }
                tokens.append("<" + ([name] + kept).joined(separator: " ") + ">")
            } else {
                if preText != nil { preText!.append(bytes[index]) } else { text.append(bytes[index]) }
                index += 1
            }
        }
        flushText()
        return tokens
    }

    static func parse(_ tag: String) -> (String, [String]) {
        var body = tag.trimmingCharacters(in: .whitespacesAndNewlines)
        if body.hasSuffix("/") { body.removeLast() }
        var parts: [String] = []
        var current = ""
        var quote: Character?
        for character in body {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == " " || character == "\n" {
                if !current.isEmpty { parts.append(current); current = "" }
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { parts.append(current) }
        guard let name = parts.first else { return ("", []) }
        return (name.lowercased(), parts.dropFirst().map { decode($0) }.sorted())
    }

    static func decode(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&#x27;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
    }

    static func normalizedText(_ text: String) -> String {
        var clean = decode(text).replacingOccurrences(of: "“", with: "\"").replacingOccurrences(of: "”", with: "\"")
            .replacingOccurrences(of: "‘", with: "'").replacingOccurrences(of: "’", with: "'")
        if let custom = clean.range(of: #" \{#[^}]*\}$"#, options: .regularExpression) { clean.removeSubrange(custom) }
        return clean.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ")
    }
}

// MARK: - Behaviour / Comportamiento

extension MkDocsMarkdownTests {
    static func prepare(_ markdown: String, extensions: MkDocsExtensions = .all,
                        snippets: [String: String] = [:]) throws -> MkDocsPreprocessor.Prepared {
        try MkDocsPreprocessor.prepare(markdown, file: "page.md", extensions: extensions) { snippets[$0] }
    }

    @Test func aDocumentWithoutTheSyntaxComesBackUnchanged() throws {
        let markdown = "# Title\n\nText with *emphasis*, a [link](x.md) and `code`.\n\n- item\n"
        let prepared = try Self.prepare(markdown)
        #expect(prepared.markdown == markdown)
        #expect(prepared.lineMap == nil)
        #expect(prepared.notes.isEmpty)
        #expect(MkDocsHTML.finish("<p>Text</p>\n", extensions: .all) == "<p>Text</p>\n")
    }

    @Test func noExtensionNoChange() throws {
        let markdown = "!!! note\n    Text\n\n=== \"Tab\"\n    x\n"
        #expect(try Self.prepare(markdown, extensions: MkDocsExtensions()).markdown == markdown)
        #expect(try Self.prepare(markdown, extensions: .from(names: ["pymdownx.tabbed"])).markdown
            == "!!! note\n    Text\n\n###### \u{1}[!mkdocs:tab:-] Tab\n> x\n")
    }

    @Test func extensionsAreReadFromTheNamesOfMkDocsYml() {
        let extensions = MkDocsExtensions.from(
            names: ["markdown.extensions.admonition", "pymdownx.details", "pymdownx.snippets", "pymdownx.emoji", "toc", "pymdownx.blocks.admonition",
                    "pymdownx.highlight", "custom.thing", "custom.thing"],
            options: ["pymdownx.snippets": ["base_path": .list([.string("docs"), .string("includes")])]])
        #expect(extensions.admonition && extensions.details && extensions.snippets && extensions.toc && extensions.emoji && extensions.blocks)
        #expect(!extensions.tabbed)
        #expect(extensions.snippetBasePaths == ["docs", "includes"])
        #expect(extensions.unsupported == ["pymdownx.emoji", "pymdownx.blocks.admonition", "custom.thing"])
        #expect(MkDocsExtensions.from(names: ["pymdownx.snippets"]).snippetBasePaths == ["."])
    }

    @Test func fencesAndIndentedCodeAreNeverTouched() throws {
        let markdown = "```\n=== \"A\"\n!!! note\n    x{ .y }\n```\n\n~~~~\n=== \"B\"\n~~~~\n\n    !!! note\n        z\n"
        let prepared = try Self.prepare(markdown)
        #expect(prepared.markdown == markdown)
    }

    /// A list item's fence closes at the item's indentation, so the `</div>` after the list closes its block (Material's
    /// plugins/meta.md: grid cards whose items end in code).
    @Test func aFenceInAListItemClosesAtItsIndentation() throws {
        let markdown = "<div class=\"grid cards\" markdown>\n\n-   One\n\n    ``` yaml title=\".meta.yml\"\n    a: b\n    ```\n\n-   Two\n\n</div>\n\n## After\n"
        let prepared = try Self.prepare(markdown)
        #expect(prepared.notes.isEmpty, "\(prepared.notes.map(\.message))")
        #expect(prepared.markdown.contains("\n## After") && !prepared.markdown.contains("> ## After"), "\(prepared.markdown)")
        // Indented four past the item's text, the fence line is code inside the fence and does not close it.
        let deeper = try Self.prepare("-   One\n\n    ```\n        ```\n    x\n    ```\n\n<div markdown>\nA\n</div>\n")
        #expect(deeper.notes.isEmpty && deeper.markdown.contains("###### \u{1}[!mkdocs:html:div:"), "\(deeper.markdown)")
    }

    /// A `<div markdown>` indented inside another holds text less indented than itself, as md_in_html reads it
    /// (Material's reference/grids.md); one inside an admonition is still closed, with a note, by a line that leaves it.
    @Test func aDivMarkdownIgnoresIndentationInsideIt() throws {
        let nested = try Self.prepare("<div class=\"result\" markdown>\n  <div class=\"grid cards\" markdown>\n\n- __HTML__\n- __CSS__\n\n  </div>\n</div>\n\nAfter.\n")
        #expect(nested.notes.isEmpty, "\(nested.notes.map(\.message))")
        #expect(nested.markdown.contains(">   > - __CSS__") && nested.markdown.hasSuffix("\nAfter.\n"), "\(nested.markdown)")
        let inside = try Self.prepare("!!! note\n    <div markdown>\n    Text\nOutside.\n")
        #expect(inside.notes.map(\.message).contains { $0.contains("closed by a less indented line") })
        #expect(inside.markdown.hasSuffix("\nOutside.\n") && !inside.markdown.contains("> Outside"), "\(inside.markdown)")
    }

    @Test func anAdmonitionLeftOpenAtTheEndIsClosedByCmark() throws {
        let prepared = try Self.prepare("!!! warning \"Careful\"\n    Last line")
        #expect(prepared.markdown == "###### \u{1}[!mkdocs:admonition:7761726e696e67:t] Careful\n> Last line")
        let html = MkDocsHTML.finish("<h6>\u{1}[!mkdocs:admonition:7761726e696e67:t] Careful</h6>\n<blockquote>\n<p>Last line</p>\n</blockquote>\n", extensions: .all)
        #expect(html == "<div class=\"admonition warning\">\n<p class=\"admonition-title\">Careful</p>\n<p>Last line</p>\n</div>\n")
        // A header with no body at all. / Una cabecera sin cuerpo.
        #expect(MkDocsHTML.finish("<h6>\u{1}[!mkdocs:admonition:6e6f7465:t] Note</h6>\n", extensions: .all)
            == "<div class=\"admonition note\">\n<p class=\"admonition-title\">Note</p>\n</div>\n")
    }

    @Test func aLineMapFollowsAddedLines() throws {
        let prepared = try Self.prepare("!!! note\n    Body\nAfter\n")
        #expect(prepared.markdown == "###### \u{1}[!mkdocs:admonition:6e6f7465:t] Note\n> Body\n\nAfter\n")
        #expect(prepared.lineMap == [1, 2, 3, 3])
        #expect(prepared.inputLine(4) == 3)
        let included = try Self.prepare("Top\n\n--8<-- \"a.md\"\n\n[link](x.md)\n", snippets: ["a.md": "one\ntwo\nthree\n"])
        #expect(included.markdown == "Top\n\none\ntwo\nthree\n\n[link](x.md)\n")
        #expect(included.lineMap == [1, 2, 3, 3, 3, 4, 5])
        #expect(included.inputLine(7) == 5)
    }

    @Test func snippetLoopsAndDeepChainsAreErrorsAtTheirLine() throws {
        let snippets = ["a.md": "A\n--8<-- \"b.md\"\n", "b.md": "B\n\n--8<-- \"a.md\"\n"]
        #expect {
            try Self.prepare("Intro\n\n--8<-- \"a.md\"\n", snippets: snippets)
        } throws: { error in
            let failure = error as? MkDocsPreprocessor.Failure
            return failure?.line == 3 && failure?.file == "page.md" && failure?.message.contains("a.md → b.md → a.md") == true
                && "\(error)".hasPrefix("page.md:3: ")
        }
        #expect(throws: MkDocsPreprocessor.Failure.self) {
            try Self.prepare("--8<-- \"self.md\"\n", snippets: ["self.md": "--8<-- \"self.md\""])
        }
        var chain: [String: String] = [:]
        for level in 0..<40 { chain["s\(level).md"] = "--8<-- \"s\(level + 1).md\"\n" }
        #expect(throws: MkDocsPreprocessor.Failure.self) { try Self.prepare("\n--8<-- \"s0.md\"\n", snippets: chain) }
        // A missing one is a note, not an error; a reading error names the line.
        let missing = try Self.prepare("--8<-- \"nowhere.md\"\n")
        #expect(missing.notes.map(\.line) == [1])
        struct Refused: Error {}
        #expect {
            try MkDocsPreprocessor.prepare("x\n--8<-- \"../etc/passwd\"\n", file: "p.md", extensions: .all) { _ in throw Refused() }
        } throws: { ($0 as? MkDocsPreprocessor.Failure)?.line == 2 }
    }

    @Test func snippetLinesAndSections() throws {
        let file = "zero\n# --8<-- [start:part]\ninside\n# --8<-- [end:part]\nlast\n"
        #expect(try Self.prepare("--8<-- \"f.md:part\"\n", snippets: ["f.md": file]).markdown == "inside\n")
        #expect(try Self.prepare("--8<-- \"f.md:1:1\"\n", snippets: ["f.md": file]).markdown == "zero\n")
        #expect(try Self.prepare("  --8<-- \"f.md:5\"\n", snippets: ["f.md": file]).markdown == "  last\n")
    }

    @Test func tenThousandNestedBlocksEndQuicklyWithANote() throws {
        let clock = ContinuousClock()
        let start = clock.now
        // `<div markdown>` needs no indentation to nest. / No necesita sangría para anidar.
        let divs = String(repeating: "<div markdown>\n", count: 10_000) + "text\n" + String(repeating: "</div>\n", count: 10_000)
        let prepared = try Self.prepare(divs)
        #expect(prepared.notes.contains { $0.message.contains("nest deeper") })
        #expect(prepared.markdown.split(separator: "\n", omittingEmptySubsequences: false).count == 20_002)
        // Admonitions by indentation, 3,000 deep (18 MB of spaces would be needed for 10,000).
        var nested = ""
        for depth in 0..<3_000 { nested += String(repeating: " ", count: depth * 4) + "!!! note\n" }
        nested += String(repeating: " ", count: 3_000 * 4) + "deepest\n"
        let admonitions = try Self.prepare(nested)
        #expect(admonitions.notes.count == 1)
        // The post-pass on 10,000 nested blockquotes, marked and not. / La pasada final sobre 10.000 citas anidadas.
        let marked = String(repeating: "<h6>\u{1}[!mkdocs:admonition:6e6f7465:t] Note</h6>\n<blockquote>\n", count: 10_000) + "<p>x</p>\n"
            + String(repeating: "</blockquote>\n", count: 10_000)
        let html = MkDocsHTML.finish(marked, extensions: .all)
        #expect(html.components(separatedBy: "<div class=\"admonition note\">").count == 10_001)
        #expect(!html.contains("blockquote"))
        #expect(clock.now - start < .seconds(20))
    }

    @Test func titlesLabelsAndAttributesAreEscaped() {
        let classes = MkDocsBytes.hex("note \"><script>".utf8).map { Character(Unicode.Scalar($0)) }
        let html = MkDocsHTML.finish("<h6>\u{1}[!mkdocs:admonition:\(String(classes)):n]</h6>\n", extensions: .all)
        #expect(html == "<div class=\"admonition note &quot;&gt;&lt;script&gt;\">\n</div>\n")
        let attributes = String(MkDocsBytes.hex("title=\"<b>'&\" onclick=\"x()\" style=\"a\" href=\"javascript:x\" .c #i data-x=1".utf8).map { Character(Unicode.Scalar($0)) })
        let link = MkDocsHTML.finish("<p><a href=\"y\">t</a>\u{1}{mkdocs:attr:\(attributes)}</p>\n", extensions: .all)
        #expect(link == "<p><a href=\"y\" id=\"i\" class=\"c\" title=\"&lt;b&gt;&#39;&amp;\" data-x=\"1\">t</a></p>\n")
        let abbreviation = MkDocsHTML.finish(
            "<p>HTML here</p>\n<p>\u{1}[!mkdocs:abbr:\(String(MkDocsBytes.hex("HTML".utf8).map { Character(Unicode.Scalar($0)) })):\(String(MkDocsBytes.hex("<\"x\">".utf8).map { Character(Unicode.Scalar($0)) }))]</p>\n",
            extensions: .all)
        #expect(abbreviation == "<p><abbr title=\"&lt;&quot;x&quot;&gt;\">HTML</abbr> here</p>\n")
    }

    @Test func aDocumentCannotForgeAMarker() throws {
        let prepared = try Self.prepare("\u{1}[!mkdocs:admonition:6e6f7465:t] x\n")
        #expect(!prepared.markdown.utf8.contains(1))
    }

    @Test func headingsKeepTheirIDForHeadingAnchors() {
        let attributes = String(MkDocsBytes.hex(" #install .big ".utf8).map { Character(Unicode.Scalar($0)) })
        #expect(MkDocsHTML.finish("<h2>Install \u{1}{mkdocs:attr:\(attributes)}</h2>\n", extensions: .all)
            == "<h2 class=\"big\">Install {#install}</h2>\n")
        // An id HeadingAnchors could not read back is dropped. / Un id ilegible se descarta.
        let bad = String(MkDocsBytes.hex("id=\"a&b\"".utf8).map { Character(Unicode.Scalar($0)) })
        #expect(MkDocsHTML.finish("<h2>T \u{1}{mkdocs:attr:\(bad)}</h2>\n", extensions: .all) == "<h2>T</h2>\n")
    }

    @Test func unsupportedSyntaxIsNoted() throws {
        let extensions = MkDocsExtensions.from(names: ["pymdownx.emoji", "pymdownx.critic", "pymdownx.blocks.admonition", "attr_list"])
        let prepared = try Self.prepare("Hi :material-check: there\n\n{++added++}\n\n/// note\ntext\n///\n\n- a\n- b\n{ .annotate }\n",
                                        extensions: extensions)
        let lines = prepared.notes.map(\.line)
        #expect(lines.contains(1) && lines.contains(3) && lines.contains(5) && lines.contains(11))
        let dropped = try Self.prepare("[x](y){ onclick=\"z\" }\n")
        #expect(dropped.notes.first?.message.contains("onclick") == true)
    }

    @Test func inlineFormattingOutsideCodeOnly() {
        let html = MkDocsHTML.finish("<p>++ctrl+alt+del++ ==a b== ^^c^^ x^2^ H~2~O ++nokey++ <code>==no==</code></p>\n", extensions: .all)
        #expect(html == "<p><span class=\"keys\"><kbd class=\"key-control\">Ctrl</kbd><span>+</span><kbd class=\"key-alt\">Alt</kbd><span>+</span><kbd class=\"key-delete\">Del</kbd></span> <mark>a b</mark> <ins>c</ins> x<sup>2</sup> H<sub>2</sub>O ++nokey++ <code>==no==</code></p>\n")
        #expect(MkDocsHTML.finish("<p>==a==</p>\n", extensions: MkDocsExtensions()) == "<p>==a==</p>\n")
    }
}

// MARK: - Hostile input / Entrada hostil

extension MkDocsMarkdownTests {
    /// SplitMix64: the same documents on every run. / Los mismos documentos en cada ejecución.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let pieces = ["!!! note", "!!!", "??? tip \"", "???+ x", "=== \"A\"", "===! \"B\"", "===+", "    ", "\t", "\n", "\n\n",
                         "{ #a .b onclick=x }", "{", "}", "){: .c }", "--8<-- \"s.md\"", "--8<--", ";--8<-- \"s.md\"", "*[A]: <b>\"", ":   ",
                         "<div markdown>", "</div>", "<figure markdown>", "<figcaption>c</figcaption>", "```", "~~~", "~x~", "==", "++ctrl++",
                         "^^", "<script>", "\"", "&", "'", "\u{1}", "\u{1}[!mkdocs:tab:n]", "é", "👍🏽", "#", "## T { #i }", "- ", "1. ",
                         "> ", "A", "word", "`", "\\", "\r\n", "\u{0}", "[x](y)", "![i](p.png)"]

    static func randomDocument(_ generator: inout SeededGenerator) -> String {
        var text = ""
        for _ in 0..<Int.random(in: 1...120, using: &generator) { text += pieces.randomElement(using: &generator)! }
        return text
    }

    static let allowedTags: Set<String> = ["p", "div", "details", "summary", "input", "label", "dl", "dt", "dd", "abbr", "kbd", "span",
                                           "mark", "ins", "sup", "sub", "h6", "blockquote", "a", "img", "figcaption", "figure", "code", "em"]

    /// Every `<` of the output starts a tag the post-pass or the fake cmark wrote.
    static func onlyAllowedTags(_ html: String) -> Bool {
        let bytes = Array(html.utf8)
        var index = 0
        while let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
            var end = open + 1
            if end < bytes.count, bytes[end] == UInt8(ascii: "/") { end += 1 }
            let start = end
            while end < bytes.count, (bytes[end] >= 97 && bytes[end] <= 122) || (bytes[end] >= 48 && bytes[end] <= 57) { end += 1 }
            guard allowedTags.contains(String(decoding: bytes[start..<end], as: UTF8.self)) else { return false }
            index = end
        }
        return true
    }

    /// No tag carries an `on…` handler or a style. / Ninguna etiqueta lleva manejadores ni estilos.
    static func noHandlers(_ html: String) -> Bool {
        var inTag = false
        var previous: Character = " "
        var tag = ""
        for character in html {
            if character == "<" { inTag = true; tag = "" } else if character == ">" { inTag = false }
            if inTag {
                tag.append(character)
                if previous == " ", tag.hasSuffix(" on") || tag.hasSuffix(" style") { return false }
            }
            previous = character
        }
        return true
    }

    /// cmark's escaping of text: `&`, `<`, `>` and `"`; every other byte (U+0001 too) as it is.
    static func cmarkEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// A stand-in for cmark good enough for the post-pass: `######` lines become headings, `>` lines blockquotes, the
    /// rest paragraphs, every text escaped (what cmark does with text in safe mode).
    static func fakeCmark(_ markdown: String) -> String {
        var html = ""
        var depth = 0
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            var rest = Substring(line)
            var quotes = 0
            while rest.hasPrefix(">") { quotes += 1; rest = rest.dropFirst().drop { $0 == " " } }
            while depth < quotes { html += "<blockquote>\n"; depth += 1 }
            while depth > quotes { html += "</blockquote>\n"; depth -= 1 }
            if rest.hasPrefix("###### ") {
                html += "<h6>" + cmarkEscaped(String(rest.dropFirst(7))) + "</h6>\n"
            } else if !rest.isEmpty {
                html += "<p>" + cmarkEscaped(String(rest)) + "</p>\n"
            }
        }
        while depth > 0 { html += "</blockquote>\n"; depth -= 1 }
        return html
    }

    @Test func randomDocumentsNeverThrowUnexpectedlyNorLeakTags() throws {
        var generator = SeededGenerator(state: 20_260_601)
        let clock = ContinuousClock()
        let start = clock.now
        for _ in 0..<3_000 {
            let document = Self.randomDocument(&generator)
            let snippet = Self.randomDocument(&generator)
            let prepared: MkDocsPreprocessor.Prepared
            do {
                prepared = try MkDocsPreprocessor.prepare(document, file: "r.md", extensions: .all) { $0 == "s.md" ? snippet : nil }
            } catch is MkDocsPreprocessor.Failure {
                continue
            }
            if let map = prepared.lineMap {
                // One entry a line; a last empty line without its newline may keep its entry.
                let lines = prepared.markdown.utf8.split(separator: 10, omittingEmptySubsequences: false).count - (prepared.markdown.utf8.last == 10 ? 1 : 0)
                #expect(map.count == lines || map.count == lines + 1, "\(document.debugDescription) → \(prepared.markdown.debugDescription) \(map)")
            }
            // Markers come only from the pre-pass: the document's own U+0001 never reaches cmark as one.
            let html = MkDocsHTML.finish(Self.fakeCmark(prepared.markdown), extensions: .all)
            #expect(Self.onlyAllowedTags(html), "\(document.debugDescription) → \(html.debugDescription)")
            #expect(!html.utf8.contains(1))
            #expect(Self.noHandlers(html), "\(html.debugDescription)")
        }
        #expect(clock.now - start < .seconds(60))
    }

    /// Lines built to make a naive scanner quadratic: each pass stays near linear.
    /// Líneas hechas para volver cuadrático un lector ingenuo: cada pasada sigue casi lineal.
    @Test func pathologicalLinesFinishQuickly() throws {
        let clock = ContinuousClock()
        let start = clock.now
        let backticks = String(repeating: "` `` ", count: 40_000)
        let braces = String(repeating: "](x){ ", count: 40_000)
        let tildes = String(repeating: "~a ", count: 40_000)
        let terms = (0..<500).map { "*[T\($0)]: title \($0)" }.joined(separator: "\n")
        for line in [backticks, braces, tildes] { _ = try Self.prepare(line + "\n" + terms + "\n") }
        let marks = "<p>" + String(repeating: "==a ==b ^^c ", count: 40_000) + "</p>\n"
        _ = MkDocsHTML.finish(marks, extensions: .all)
        let prepared = try Self.prepare(String(repeating: "T1 T2 T3 T499 text ", count: 20_000) + "\n\n" + terms + "\n")
        let html = MkDocsHTML.finish(Self.fakeCmark(prepared.markdown), extensions: .all)
        #expect(html.components(separatedBy: "<abbr").count == 80_001)
        // The bound tells quadratic work (minutes at these sizes) from linear; it is no speed goal: a debug build takes
        // about 17 s of CPU here, more when the suite shares two cores (speed is measured in the bench).
        #expect(clock.now - start < .seconds(120))
    }

    @Test func randomHTMLThroughThePostPassStaysWellFormed() {
        var generator = SeededGenerator(state: 7)
        let pieces = ["<h6>\u{1}[!mkdocs:tab:-] L</h6>\n", "<h6>\u{1}[!mkdocs:tab:ns] L</h6>\n", "<h6>\u{1}[!mkdocs:admonition:zz:t]</h6>\n",
                      "<h6>\u{1}[!mkdocs:dd:t] d</h6>\n", "<h6>\u{1}[!mkdocs:dt] t</h6>\n", "<h6>\u{1}[!mkdocs:html:div:]</h6>\n",
                      "<h6>\u{1}[!mkdocs:html:script:]</h6>\n", "<h6>\u{1}[!mkdocs:</h6>\n", "<blockquote>\n", "</blockquote>\n",
                      "<blockquote>\n<p>\u{1}[!mkdocs:dd:t]", "<p>", "</p>\n", "text &lt;b&gt; ", "\u{1}{mkdocs:attr:2e61}",
                      "\u{1}{mkdocs:attr:zz}", "<a href=\"x\">a</a>", "\u{1}[!mkdocs:abbr:41:3c3e]", "A ", "++", "==", "~", "^"]
        for _ in 0..<3_000 {
            var html = ""
            for _ in 0..<Int.random(in: 1...60, using: &generator) { html += pieces.randomElement(using: &generator)! }
            let finished = MkDocsHTML.finish(html, extensions: .all)
            #expect(Self.onlyAllowedTags(finished), "\(html.debugDescription) → \(finished.debugDescription)")
            #expect(!finished.utf8.contains(1))
            #expect(!finished.contains("<script"))
        }
    }
}

// MARK: - Cost / Coste

extension MkDocsMarkdownTests {
    /// Prints what the passes cost on a plain page and on a page full of the syntax (no bound asserted but a loose one).
    @Test func cost() throws {
        let plain = String(repeating: "Some paragraph text with a [link](other.md) and `code`, nothing MkDocs.\n\n", count: 200)
        let rich = String(repeating: (try Self.read("cases/tabs.md")) + (try Self.read("cases/nesting.md")) + (try Self.read("cases/definitions.md")), count: 20)
        let clock = ContinuousClock()
        var start = clock.now
        for _ in 0..<1_000 { _ = try Self.prepare(plain) }
        let plainCost = (clock.now - start) / 1_000
        start = clock.now
        for _ in 0..<1_000 { _ = MkDocsHTML.finish(plain, extensions: .all) }
        let plainFinish = (clock.now - start) / 1_000
        start = clock.now
        var prepared = try Self.prepare(rich)
        for _ in 0..<20 { prepared = try Self.prepare(rich) }
        let richCost = (clock.now - start) / 21
        let html = Self.fakeCmark(prepared.markdown)
        start = clock.now
        for _ in 0..<20 { _ = MkDocsHTML.finish(html, extensions: .all) }
        let richFinish = (clock.now - start) / 20
        print("MkDocs cost: plain page \(plain.utf8.count) B prepare \(plainCost), finish \(plainFinish); rich page \(rich.utf8.count) B prepare \(richCost), finish \(richFinish)")
        #expect(plainCost < .milliseconds(50))
    }
}
