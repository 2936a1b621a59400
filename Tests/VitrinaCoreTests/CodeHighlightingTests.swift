import Foundation
import Testing
import TestSupport
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// Build-time highlighting of fenced code: the info string, aliases, the HTML Hugo writes, unknown languages, the
/// budget, hostile code, and what is remembered.
@Suite struct CodeHighlightingTests {
    let safe = MarkdownRenderer(highlighter: CodeHighlighter())

    // MARK: The info string

    @Test(arguments: [
        ("rust", "rust"), ("rust,ignore", "rust"), ("rust,ignore,does_not_compile", "rust"), ("{.swift}", "swift"),
        ("swift {linenos=true}", "swift"), ("  go  ", "go"), ("{.rust linenos=inline}", "rust"), ("console", "console"),
        ("", ""), ("{linenos=table}", ""), ("c++", "c++"), ("sh;x", "sh"),
        (#"title=".gitignore""#, ""), (#"yaml title="mkdocs.yml""#, "yaml"), (#"py linenums="1" hl_lines="2 3""#, "py"),
    ])
    func theLanguageIsTheFirstWord(info: String, language: String) {
        #expect(CodeFence(info: info).language == language)
    }

    @Test func hugosAttributesSetLineNumbersAndMarkedLines() {
        let fence = CodeFence(info: #"go {linenos=table,hl_lines=[2,"4-6"],linenostart=10}"#)
        #expect(fence.language == "go")
        #expect(fence.options == CodeBlockOptions(lineNumbers: .table, lineNumberStart: 10, highlightedLines: [2...2, 4...6]))
        #expect(CodeFence(info: "go {linenos=inline}").options.lineNumbers == .inline)
        #expect(CodeFence(info: "go {linenos=true}").options.lineNumbers == .table)
        #expect(CodeFence(info: "go {linenos=false}").options.lineNumbers == .none)
        #expect(CodeFence(info: #"go {hl_lines="2 4-6"}"#).options.highlightedLines == [2...2, 4...6])
        #expect(CodeFence(info: "go {hl_lines=[9-3, x, -1, 99999999]}").options.highlightedLines.isEmpty, "backwards, bad and huge ranges are dropped")
        #expect(CodeFence(info: "go {linenostart=-5}").options.lineNumberStart == 0)
    }

    @Test func mkDocsAttributesAfterTheLanguageSetLineNumbersAndMarkedLines() {
        let fence = CodeFence(info: #"py title="a b.py" linenums="3" hl_lines="2 4-5""#)
        #expect(fence.language == "py")
        #expect(fence.options == CodeBlockOptions(lineNumbers: .table, lineNumberStart: 3, highlightedLines: [2...2, 4...5]))
        #expect(CodeFence(info: #"title="only a title""#).options == CodeBlockOptions())
    }

    @Test func anInfoStringCannotAskForUnboundedWork() {
        let ranges = (1...5_000).map(String.init).joined(separator: ",")
        #expect(CodeFence(info: "go {hl_lines=[\(ranges)]}").options.highlightedLines.count <= CodeFence.maximumRanges)
        #expect(CodeFence(info: String(repeating: "x", count: 10_000)).language.unicodeScalars.count == 64)
    }

    /// Info strings read on Unicode scalars: seeded hostile ones (combining marks, NUL, quotes, braces, brackets, huge
    /// numbers) give a bounded language, written escaped, and options in range.
    @Test func seededHostileInfoStringsStayBounded() {
        var random = SeededGenerator(seed: 24)
        let pieces = ["rust", "{", "}", "[", "]", "=", ",", ";", " ", "\t", "\"", "'", ".", "-", "\u{301}", "\u{0}", "é", "🦀",
                      "linenos", "hl_lines", "linenostart", "99999999999999999999", "-7", "3-1", "\u{200B}", "\u{3000}"]
        for _ in 0..<3_000 {
            let info = (0..<Int.random(in: 0...40, using: &random)).map { _ in random.pick(pieces) }.joined()
            let fence = CodeFence(info: info)
            #expect(fence.language.unicodeScalars.count <= 64)
            let html = HighlightedHTML.render([CodeToken(.text, "x\n")], language: fence.language, options: fence.options)
            let escaped = HighlightedHTML.escape(fence.language)
            #expect(!escaped.utf8.contains(UInt8(ascii: "\"")) && !escaped.utf8.contains(UInt8(ascii: "<")), "\(info.debugDescription)")
            #expect(html.utf8Offset(of: "data-lang=\"\(escaped)\">") != nil, "the language stays inside its attribute: \(info.debugDescription)")
            #expect((0...CodeFence.maximumLine).contains(fence.options.lineNumberStart))
            #expect(fence.options.highlightedLines.count <= CodeFence.maximumRanges)
            #expect(fence.options.highlightedLines.allSatisfy { $0.lowerBound >= 0 && $0.upperBound <= CodeFence.maximumLine })
        }
        #expect(CodeFence(info: "rust\u{301} {linenos=table}").language == "rust\u{301}", "a combining mark stays with its scalar, not its grapheme")
    }

    // MARK: Aliases and names, as Chroma's registry finds them

    @Test(arguments: [
        ("sh", "Bash"), ("shell", "Bash"), ("zsh", "Bash"), ("bash", "Bash"), ("console", "BashSession"), ("yml", "YAML"), ("yaml", "YAML"),
        ("js", "JavaScript"), ("ts", "TypeScript"), ("py", "Python"), ("rs", "Rust"), ("rust", "Rust"), ("c++", "C++"), ("objc", "Objective-C"),
        ("golang", "Go"), ("go", "Go"), ("dockerfile", "Docker"), ("toml", "TOML"), ("swift", "Swift"), ("html", "HTML"), ("md", "markdown"),
        ("make", "Makefile"), ("makefile", "Makefile"), ("http", "HTTP"), ("php", "PHP"), ("json", "JSON"), ("Rust", "Rust"), ("RUST", "Rust"),
        // By file name, as Chroma's Match: globs, then with an ignored suffix (`.bak`, `~`, `.in`, …) taken off.
        ("cmd", "Batchfile"), ("main.py.bak", "Python"), ("Makefile.orig", "Makefile"), ("config.toml~", "TOML"), ("Dockerfile.in", "Docker"),
    ])
    func aliasesAreChromas(name: String, lexer: String) {
        #expect(LexerRegistry.builtIn.canonicalName(name) == lexer)
    }

    @Test func everyBuiltInLexerCompiles() {
        var broken: [String] = []
        for name in LexerRegistry.builtIn.names {
            switch LexerRegistry.builtIn.lexerOrFailure(named: name) {
            case .success(let lexer)?:
                do { try lexer.validate() } catch { broken.append("\(name): \(error)") }
            case .failure(let error)?: broken.append("\(name): \(error)")
            case nil: broken.append("\(name): not found")
            }
        }
        #expect(broken.isEmpty, "\(broken)")
        #expect(LexerRegistry.builtIn.names.count >= 200)
    }

    // MARK: The HTML, as Hugo writes it

    @Test func aFencedBlockBecomesHugosHTML() {
        let html = safe.render("```rust\nfn main() {}\n```\n").html
        #expect(html.contains(#"<div class="highlight"><pre tabindex="0" class="chroma"><code class="language-rust" data-lang="rust">"#))
        #expect(html.contains(#"<span class="line"><span class="cl"><span class="k">fn</span> <span class="nf">main</span><span class="p">()</span>"#))
        #expect(!html.contains("<pre><code"))
    }

    @Test func lineNumbersAndMarkedLinesFollowTheInfoString() {
        let table = safe.render("```go {linenos=table,hl_lines=[2],linenostart=7}\na := 1\nb := 2\n```\n").html
        #expect(table.contains(#"<table class="lntable">"#))
        #expect(table.contains(#"<span class="lnt">7"#) && table.contains(#"<span class="lnt">8"#))
        #expect(table.contains(#"<span class="line hl">"#))
        let inline = safe.render("```go {linenos=inline}\na := 1\n```\n").html
        #expect(inline.contains(#"<span class="ln">1</span>"#))
    }

    @Test func anUnknownLanguageStaysPlainWithItsClass() {
        let rendered = safe.render("Text\n\n```russt\nlet x = 1;\n```\n\n```\nno language\n```\n")
        #expect(rendered.html.contains(#"<pre><code class="language-russt">let x = 1;"#))
        #expect(rendered.html.contains("<pre><code>no language"))
        #expect(rendered.codeNotes == [CodeBlockNote(language: "russt", line: 3, kind: .unknownLanguage)])
        #expect(LexerRegistry.builtIn.closestName(to: "russt") == "rust")
    }

    @Test func highlightingOffLeavesEveryBlockAsCmarkWritesIt() {
        let plain = MarkdownRenderer().render("```rust\nfn main() {}\n```\n")
        #expect(plain.html == "<pre><code class=\"language-rust\">fn main() {}\n</code></pre>\n")
        #expect(plain.codeNotes.isEmpty)
    }

    @Test func hostileCodeIsEscapedAndRawHTMLInMarkdownStillDropped() {
        let rendered = safe.render("```html\n<script>alert('x') & \"y\"</script>\n```\n\n<script>bad()</script>\n")
        #expect(!rendered.html.contains("<script>"))
        #expect(rendered.html.contains("&lt;"))
        #expect(rendered.html.contains("raw HTML omitted"))
    }

    @Test func blocksInsideListsQuotesAndFootnotesAreFoundInDocumentOrder() {
        let markdown = """
        ```zz1
        a
        ```

        - item

          ```zz2
          b
          ```

          > ```rust
          > fn quoted() {}
          > ```

        > ```zz3
        > c
        > ```

        Text[^n] with `code` and *emphasis*.

        [^n]: Note.

            ```zz4
            d
            ```

        ```zz5
        e
        ```
        """
        let rendered = safe.render(markdown)
        #expect(rendered.codeNotes.map(\.language) == ["zz1", "zz2", "zz3", "zz4", "zz5"])
        #expect(rendered.codeNotes.map(\.line) == rendered.codeNotes.map(\.line).sorted())
        #expect(rendered.html.contains(#"<span class="kd">fn</span>"#) || rendered.html.contains(#"<span class="k">fn</span>"#), "the block in a quote in a list is highlighted")
    }

    // MARK: The budget

    @Test func aBlockPastItsSizeOrLinesComesOutPlainWithALine() {
        let line = String(repeating: "x", count: 1_100_000)
        let huge = safe.render("# T\n\n```rust\n\(line)\n```\n")
        #expect(huge.html.contains(#"<pre><code class="language-rust">"#))
        guard case .plain(let reason)? = huge.codeNotes.first?.kind else { Issue.record("no note"); return }
        #expect(reason.contains("512 KB"))
        #expect(huge.codeNotes.first?.line == 3)
        let many = String(repeating: "a\n", count: 100_000)
        let long = safe.render("```python\n\(many)```\n")
        guard case .plain(let lines)? = long.codeNotes.first?.kind else { Issue.record("no note"); return }
        #expect(lines.contains("lines"))
    }

    @Test func aCatastrophicPatternEndsWithinTheBudget() throws {
        // A lexer whose one rule backtracks exponentially on a run of `a` with no `b`.
        let xml = #"<lexer><config><name>Hostile</name><alias>hostile</alias></config><rules><state name="root"><rule pattern="(a+)+b"><token type="Keyword"/></rule><rule pattern="."><token type="Text"/></rule><rule pattern="\n"><token type="Text"/></rule></state></rules></lexer>"#
        let registry = LexerRegistry(sources: ["hostile": xml])
        var budget = HighlightBudget()
        budget.time = .milliseconds(500)
        let highlighter = CodeHighlighter(registry: registry, budget: budget)
        let start = ContinuousClock.now
        let result = highlighter.highlight(String(repeating: "a", count: 5_000) + "c\n", fence: CodeFence(language: "hostile"))
        #expect(ContinuousClock.now - start < .seconds(5))
        guard case .plain = result else { Issue.record("expected plain, got \(result)"); return }
    }

    @Test func aLexerThatStopsMovingIsCaught() {
        let xml = #"<lexer><config><name>Stuck</name></config><rules><state name="root"><rule pattern="x*"><token type="Text"/></rule></state></rules></lexer>"#
        let highlighter = CodeHighlighter(registry: LexerRegistry(sources: ["stuck": xml]))
        #expect(highlighter.highlight("yyy\n", fence: CodeFence(language: "stuck")) == .plain(LexingFailure.noProgress.description))
    }

    @Test func aPatternICURefusesBreaksOnlyTheBlocksThatReachIt() throws {
        // Patterns compile on first use: a broken one in a state only `<` reaches leaves other blocks highlighted.
        let xml = #"<lexer><config><name>Half</name></config><rules><state name="root"><rule pattern="&lt;"><token type="Punctuation"/><push state="tag"/></rule><rule pattern="\w+"><token type="Keyword"/></rule><rule pattern="\s+"><token type="Text"/></rule></state><state name="tag"><rule pattern="(unclosed"><token type="Error"/></rule></state></rules></lexer>"#
        let registry = LexerRegistry(sources: ["half": xml])
        let highlighter = CodeHighlighter(registry: registry)
        guard case .highlighted(let html) = highlighter.highlight("word\n", fence: CodeFence(language: "half")) else {
            Issue.record("a block that never reaches the broken state is highlighted"); return
        }
        #expect(html.contains(#"<span class="k">word</span>"#))
        let broken = highlighter.highlight("<x\n", fence: CodeFence(language: "half"))
        guard case .plain(let reason) = broken else { Issue.record("expected plain, got \(broken)"); return }
        #expect(reason.contains("state tag: pattern (unclosed does not compile"), "\(reason)")
        guard case .success(let lexer)? = registry.lexerOrFailure(named: "half") else { Issue.record("the lexer itself compiles"); return }
        #expect(throws: CompiledLexer.CompileError.self) { try lexer.validate() }
    }

    @Test func invalidUTF8InAFileComesOutReplacedNotLost() throws {
        let directory = try TemporaryDirectory()
        var bytes = Array("```rust\nlet s = \"".utf8)
        bytes += [0xFF, 0xFE, 0xC3]
        bytes += Array("\";\n```\n".utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: directory.path + "/bad.md"))
        let text = String(decoding: bytes, as: UTF8.self)
        let html = safe.render(text).html
        #expect(html.contains("\u{FFFD}"))
        #expect(html.contains(#"class="chroma""#))
    }

    // MARK: Properties, on seeded hostile input

    /// 10,000 seeded blocks in languages drawn from the registry: each is highlighted or plain within its budget, its
    /// tokens join to its text byte for byte, and its HTML holds no unescaped text.
    @Test func everyBlockComesOutWholeEscapedAndInBudget() throws {
        var random = SeededGenerator(seed: 0x5EED_C0DE)
        let languages = ["rust", "go", "python", "js", "ts", "html", "markdown", "sh", "console", "yaml", "json", "toml", "c", "c++", "swift",
                         "php", "sql", "dockerfile", "makefile", "http", "css", "xml", "ruby", "java", "kotlin", "diff", "ini", "lua", "perl"]
        let fragments = ["fn ", "let ", "\"", "'", "`", "/*", "*/", "//", "#", "<", ">", "&", "{", "}", "(", ")", "[", "]", "\n", "\t", " ",
                         "\\", "$", "@", "0x1F", "3.14", "é", "\u{1F600}", "\u{0}", "\u{202E}", "<script>", "</code>", "&amp;", "---", "```",
                         "<?php", "?>", "${x}", "\"\"\"", "--", ";", ":", "=", "|", "%", "\r\n", "\r"]
        let registry = LexerRegistry.builtIn
        var budget = HighlightBudget()
        budget.time = .seconds(2)
        let highlighter = CodeHighlighter(registry: registry, budget: budget)
        var highlighted = 0
        for _ in 0..<10_000 {
            let language = random.pick(languages)
            let code = (0..<Int.random(in: 1...40, using: &random)).map { _ in random.pick(fragments) }.joined()
            let start = ContinuousClock.now
            let result = highlighter.highlight(code, fence: CodeFence(language: language))
            #expect(ContinuousClock.now - start < .seconds(4), "\(language): \(code.debugDescription)")
            guard case .highlighted(let html) = result else { continue }
            highlighted += 1
            let text = Self.text(ofHighlighted: html)
            #expect(text == LexerRun.ensureLF(code), "\(language): \(code.debugDescription)")
            #expect(!Self.hasUnescapedText(html), "\(language): \(code.debugDescription)")
        }
        print("Highlighting property: \(highlighted) of 10000 seeded blocks highlighted, \(10_000 - highlighted) plain within budget")
        #expect(highlighted > 9_000)
    }

    /// The code a highlighted block shows: the text between its tags, entities decoded (Chroma's five).
    static func text(ofHighlighted html: String) -> String {
        var text = ""
        var inTag = false
        for scalar in html.unicodeScalars {
            if scalar == "<" { inTag = true } else if scalar == ">" { inTag = false } else if !inTag { text.unicodeScalars.append(scalar) }
        }
        return text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&#34;", with: "\"").replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
    }

    /// Whether any tag in `html` is not one the formatter writes, or a `&` starts no entity it writes.
    static func hasUnescapedText(_ html: String) -> Bool {
        let allowed = ["div", "pre", "code", "span", "table", "tr", "td"]
        for tag in HTMLTokens.tags(in: html) where !allowed.contains(tag.name) { return true }
        var rest = Substring(html)
        while let amp = rest.firstIndex(of: "&") {
            let after = rest[amp...]
            guard ["&lt;", "&gt;", "&#34;", "&#39;", "&amp;"].contains(where: { after.hasPrefix($0) }) else { return true }
            rest = rest[rest.index(after: amp)...]
        }
        return false
    }

    // MARK: Remembered blocks

    @Test func aRememberedBlockIsNotLexedAgain() throws {
        let directory = try TemporaryDirectory()
        let memo = HighlightMemo()
        let first = CodeHighlighter(memo: memo)
        let fence = CodeFence(info: "rust {hl_lines=[1]}")
        guard case .highlighted(let html) = first.highlight("fn x() {}\n", fence: fence) else { Issue.record("not highlighted"); return }
        #expect(memo.count == 1)
        try memo.save(to: directory.path + "/highlight.bin", context: "test")
        let loaded = HighlightMemo.load(from: directory.path + "/highlight.bin", context: "test")
        #expect(loaded.count == 1)
        // A stand-in Rust lexer that calls everything an error: the block comes from the memo, not from lexing.
        let standIn = #"<lexer><config><name>Rust</name><alias>rust</alias></config><rules><state name="root"><rule pattern="(?s).+"><token type="Error"/></rule></state></rules></lexer>"#
        let remembered = CodeHighlighter(registry: LexerRegistry(sources: ["rust": standIn]), memo: loaded)
        #expect(remembered.highlight("fn x() {}\n", fence: fence) == .highlighted(html))
        #expect(remembered.highlight("fn y() {}\n", fence: fence) != .highlighted(html), "a new block is lexed (by the stand-in)")
        #expect(HighlightMemo.load(from: directory.path + "/highlight.bin", context: "other").count == 0, "another context is ignored")
        var damaged = try Array(Data(contentsOf: URL(fileURLWithPath: directory.path + "/highlight.bin")))
        damaged[damaged.count - 3] ^= 0xFF
        try Data(damaged).write(to: URL(fileURLWithPath: directory.path + "/highlight.bin"))
        #expect(HighlightMemo.load(from: directory.path + "/highlight.bin", context: "test").count == 0, "a damaged file is ignored")
    }
}

/// A folder for one test, removed when the test lets go of it.
final class TemporaryDirectory {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("vitrina-code-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}
