import Foundation
import Testing
@testable import VitrinaKit

/// mdBook's Markdown: the links preprocessor (includes, anchors, ranges, rustdoc_include, playground, title) and
/// hidden code lines, on a tiny committed book (Tests/Fixtures/mdbook/book) and on texts made here.
/// El Markdown de mdBook: el preprocesador de enlaces y las líneas ocultas, sobre un libro mínimo y textos de prueba.
@Suite("mdBook Markdown")
struct MdBookMarkdownTests {
    static let book = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures/mdbook/book", isDirectory: true)
        .standardizedFileURL

    /// What the build does: the path resolved from the page's folder (symbolic links too), refused outside the book's root.
    static func reader(forPageIn folder: URL) -> (String) throws -> MdBookLinks.Included {
        let root = book.resolvingSymlinksInPath().path
        return { path in
            let url = folder.appendingPathComponent(path).standardizedFileURL.resolvingSymlinksInPath()
            guard url.path.hasPrefix(root + "/") else { return .refused("it is outside the book") }
            guard let data = FileManager.default.contents(atPath: url.path) else { return .refused("no such file") }
            return .contents([UInt8](data))
        }
    }

    /// A chapter of the fixture book, expanded as the build would.
    static func chapter(_ name: String) throws -> MdBookLinks.Expanded {
        let source = book.appendingPathComponent("src")
        let text = try String(contentsOf: source.appendingPathComponent(name), encoding: .utf8)
        return try MdBookLinks.expand(text, file: "src/" + name, read: reader(forPageIn: source))
    }

    /// Files in memory, by their path from the page's folder.
    static func expand(_ page: String, files: [String: String], file: String = "src/page.md",
                       limits: MdBookLinks.Limits = .init()) throws -> MdBookLinks.Expanded {
        try MdBookLinks.expand(page, file: file, limits: limits) { path in
            files[path].map(MdBookLinks.Included.text) ?? .refused("no such file")
        }
    }

    /// The error `body` throws, or nil.
    static func error(_ body: () throws -> Void) -> MdBookLinkError? {
        do {
            try body()
            return nil
        } catch let error as MdBookLinkError {
            return error
        } catch {
            Issue.record("unexpected error \(error)")
            return nil
        }
    }

    // MARK: The fixture book

    @Test("A chapter with listings: anchors, ranges, rustdoc_include, playground, title and an escaped include")
    func listings() throws {
        let expanded = try Self.chapter("listings.md")
        let expected = """

        # Listings

        ```rust
        # use std::io;
        # 
        # fn main() {
            println!("Guess the number!");
        #     let x = 5;
        # }
        # 
        # # fn hidden() {}
        ```

        ```rust
        fn main() {
            println!("Guess the number!");
            let x = 5;
        }
        ```

        ```text
        line 2
        line 3
        line 4
        line 5
        line 1
        line 5
        ```

        ```toml
        [server]
        port = 8080
        ```

        ```rust,editable
        use std::io;

        // ANCHOR: main
        fn main() {
            // ANCHOR: print
            println!("Guess the number!");
            // ANCHOR_END: print
            let x = 5;
        }
        // ANCHOR_END: main

        # fn hidden() {}
        ```

        Write {{#include file.rs}} to include a file.

        """
        #expect(expanded.markdown == expected)
        #expect(expanded.title == "Listings, anchors and ranges")
        #expect(expanded.warnings.isEmpty)
        #expect(expanded.includedFiles == ["../listings/ch01/src/main.rs", "../listings/ch01/output.txt", "../listings/ch01/config.toml"])
        // Output line 5 to 12 came from the rustdoc_include on line 5; the fence after it is line 6 of the page.
        let map = expanded.lineMap
        #expect((1...5).map(map.sourceLine(ofOutputLine:)) == [1, 2, 3, 4, 5])
        #expect(map.sourceLine(ofOutputLine: 12) == 5)
        #expect(map.sourceLine(ofOutputLine: 13) == 6)
        let lines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let escapedLine = try #require(lines.firstIndex { $0.hasPrefix("Write ") }) + 1
        #expect(map.sourceLine(ofOutputLine: escapedLine) == 25)
    }

    @Test("A nested include is read from its own file's folder; its lines map to the page's include")
    func nested() throws {
        let expanded = try Self.chapter("nested.md")
        #expect(expanded.markdown == "# Nested\n\nOuter start.\nInner from line 2.\nOuter end.\nAfter.\n")
        #expect(expanded.includedFiles == ["../listings/nested/outer.md", "../listings/nested/inner.md", "../listings/ch01/output.txt"])
        #expect((1...6).map(expanded.lineMap.sourceLine(ofOutputLine:)) == [1, 2, 3, 3, 3, 4])
    }

    @Test("An include loop is an error naming the chain, at the line that closes it")
    func loop() throws {
        let error = try #require(Self.error { _ = try Self.chapter("loop.md") })
        #expect(error.location == MdBookLocation(file: "listings/nested/loop-b.md", line: 2))
        #expect(error.reason == .loop(["loop.md", "../listings/nested/loop-a.md", "../listings/nested/loop-b.md", "../listings/nested/loop-a.md"]))
        #expect(error.includedFrom == [MdBookLocation(file: "listings/nested/loop-a.md", line: 2), MdBookLocation(file: "src/loop.md", line: 3)])
        #expect(error.description.contains("include loop: loop.md → ../listings/nested/loop-a.md"))
        #expect(error.description.contains("included from src/loop.md:3"))
    }

    @Test("A binary file and a file that is not UTF-8 are refused at the include's line")
    func binary() throws {
        let error = try #require(Self.error { _ = try Self.chapter("binary.md") })
        #expect(error.location == MdBookLocation(file: "src/binary.md", line: 4))
        #expect(error.reason == .binary(path: "../listings/binary.bin"))
        let source = Self.book.appendingPathComponent("src")
        let latin = try #require(Self.error {
            _ = try MdBookLinks.expand("x\n\n{{#include ../listings/latin1.txt}}\n", file: "src/x.md", read: Self.reader(forPageIn: source))
        })
        #expect(latin.location == MdBookLocation(file: "src/x.md", line: 3))
        #expect(latin.reason == .notUTF8(path: "../listings/latin1.txt"))
    }

    @Test("A path leaving the book is refused by the caller's reader, reported at the include")
    func outside() throws {
        let error = try #require(Self.error { _ = try Self.chapter("outside.md") })
        #expect(error.location == MdBookLocation(file: "src/outside.md", line: 3))
        #expect(error.reason == .refused(path: "../../../../secret.txt", reason: "it is outside the book"))
    }

    // MARK: Links as mdBook finds them

    @Test("A page without {{ comes back as it is, without reading anything")
    func fastPath() throws {
        var reads = 0
        let page = "# Title\n\nNo links here, only { braces } and #hashes.\n"
        let expanded = try MdBookLinks.expand(page, file: "src/a.md") { _ in
            reads += 1
            return .refused("never")
        }
        #expect(expanded.markdown == page)
        #expect(expanded.lineMap == .identity)
        #expect(reads == 0)
    }

    @Test("mdBook's pattern: spaces, unknown types, empty targets, quoted paths, the escaped form to the end of its line")
    func pattern() throws {
        let files = ["a.rs": "one\ntwo\n", "my file.rs": "spaced\n"]
        let cases: [(String, String)] = [
            ("{{ #include a.rs }}", "one\ntwo"),
            ("{{#include\ta.rs}}", "one\ntwo"),
            ("{{#include a.rs extra words}}", "one\ntwo"),
            ("{{#unknown a.rs}} {{#include a.rs:1}}", "{{#unknown a.rs}} one"),
            ("{{#include}} {{#include }} {{#}}", "{{#include}} {{#include }} {{#}}"),
            ("{{#include \"my file.rs\"}}", "spaced"),
            ("{{#include \"my file.rs\":1}}", "spaced"),
            ("{{#include \"unclosed.rs}}", "{{#include \"unclosed.rs}}"),
            ("\\{{#include a.rs}} and {{#include a.rs}}", "{{#include a.rs}} and {{#include a.rs}}"),
            // No `}}` on the escaped link's line: not escaped; from its `{{` the target runs over the newline to the
            // next `}}` (`[^}]+`), its first word is the path, and the `\` before it is repeated on each line.
            ("\\{{#include a.rs\n{{#include a.rs:2}}", "\\one\n\\two"),
            ("{{{#include a.rs:2}}}", "{two}"),
            ("{{#include a.rs:2}", "{{#include a.rs:2}"),
        ]
        for (page, expected) in cases {
            #expect(try Self.expand(page, files: files).markdown == expected, "\(page)")
        }
    }

    @Test("Line ranges as mdBook reads them, garbage and huge numbers included")
    func ranges() throws {
        let files = ["f.txt": "1\n2\n3\n4\n5\n"]
        let cases: [(String, String)] = [
            ("2:3", "2\n3"), ("4:", "4\n5"), (":2", "1\n2"), ("3", "3"), ("0", "1"), ("::", "1\n2\n3\n4\n5"),
            ("4:2", ""), ("1:999999999", "1\n2\n3\n4\n5"), ("999999999", ""), ("2:x", "2\n3\n4\n5"),
            ("+2:+3", "2\n3"), ("2:3:9", "2\n3"), (":0", ""),
            ("18446744073709551615", ""), ("1:18446744073709551615", "1\n2\n3\n4\n5"),
        ]
        for (range, expected) in cases {
            let expanded = try Self.expand("{{#include f.txt:\(range)}}", files: files)
            #expect(expanded.markdown == expected, "f.txt:\(range)")
            #expect(expanded.warnings.isEmpty, "f.txt:\(range)")
        }
        // Not a number: an anchor, which the file lacks; mdBook includes nothing, and this warns.
        for garbage in ["-3", "99999999999999999999999", "1.5", "x"] {
            let expanded = try Self.expand("text\n{{#include f.txt:\(garbage)}}", files: files)
            #expect(expanded.markdown == "text\n", "f.txt:\(garbage)")
            #expect(expanded.warnings == [MdBookLinkWarning(location: MdBookLocation(file: "src/page.md", line: 2),
                                                            message: "anchor \"\(garbage)\" is not in f.txt: nothing included")])
        }
    }

    @Test("Anchors in any comment style; every anchor line goes, nested or not")
    func anchors() throws {
        let file = """
        <!-- ANCHOR: outer -->
        a
        # ANCHOR: inner
        b
        -- ANCHOR_END: inner
        c
        /* ANCHOR_END: outer */
        d
        """
        let files = ["f": file]
        #expect(try Self.expand("{{#include f:outer}}", files: files).markdown == "a\nb\nc")
        #expect(try Self.expand("{{#include f:inner}}", files: files).markdown == "b")
        #expect(try Self.expand("{{#rustdoc_include f:inner}}", files: files).markdown == "# a\nb\n# c\n# d")
        #expect(try Self.expand("{{#include f:::}}", files: files).markdown == file)
    }

    @Test("mdBook's own tests of take_lines and the rustdoc variants")
    func mdBookVectors() {
        func take(_ text: String, _ selector: MdBookLinks.Selector, rustdoc: Bool = false) -> String {
            let selection = rustdoc ? MdBookLinks.Selection.takeRustdoc(Array(text.utf8), selector)
                : MdBookLinks.Selection.take(Array(text.utf8), selector)
            return String(decoding: selection.text, as: UTF8.self)
        }
        let s = "Lorem\nipsum\ndolor\nsit\namet"
        #expect(take(s, .lines(from: 1, to: 3)) == "ipsum\ndolor")
        #expect(take(s, .lines(from: 3, to: nil)) == "sit\namet")
        #expect(take(s, .lines(from: 0, to: 3)) == "Lorem\nipsum\ndolor")
        #expect(take(s, .lines(from: 4, to: 3)) == "")
        #expect(take(s, .lines(from: 1, to: 3), rustdoc: true) == "# Lorem\nipsum\ndolor\n# sit\n# amet")
        #expect(take(s, .lines(from: 4, to: 3), rustdoc: true) == "# Lorem\n# ipsum\n# dolor\n# sit\n# amet")
        let twice = "Lorem\nANCHOR: test\nipsum\nANCHOR: test\ndolor\nsit\namet\nANCHOR_END: test\nlorem\nipsum"
        #expect(take(twice, .anchor("test")) == "ipsum\ndolor\nsit\namet")
        #expect(take(twice, .anchor("test"), rustdoc: true) == "# Lorem\nipsum\ndolor\nsit\namet\n# lorem\n# ipsum")
        let both = "Lorem\nANCHOR:    test2\nipsum\nANCHOR: test\ndolor\nsit\namet\nANCHOR_END: test\nlorem\nANCHOR_END:test2\nipsum"
        #expect(take(both, .anchor("test2")) == "ipsum\ndolor\nsit\namet\nlorem")
        #expect(take(both, .anchor("test2"), rustdoc: true) == "# Lorem\nipsum\ndolor\nsit\namet\nlorem\n# ipsum")
        let repeated = "Lorem\nANCHOR: test\nipsum\nANCHOR_END: test\ndolor\nANCHOR: test\nsit\nANCHOR_END: test\namet"
        #expect(take(repeated, .anchor("test"), rustdoc: true) == "# Lorem\nipsum\n# dolor\nsit\n# amet")
    }

    @Test("What an include brings repeats the text before the link on each of its lines (mdBook's indented includes)")
    func indentation() throws {
        let files = ["f.rs": "fn a() {\n    b();\n}\n"]
        let page = "1. Step:\n\n   ```rust\n   {{#include f.rs}}\n   ```\n"
        let expanded = try Self.expand(page, files: files)
        #expect(expanded.markdown == "1. Step:\n\n   ```rust\n   fn a() {\n       b();\n   }\n   ```\n")
        #expect((1...7).map(expanded.lineMap.sourceLine(ofOutputLine:)) == [1, 2, 3, 4, 4, 4, 5])
        // CRLF files come in with LF, as Rust's `lines` reads them.
        #expect(try Self.expand("{{#include c}}", files: ["c": "a\r\nb\r\n"]).markdown == "a\nb")
    }

    @Test("playground and playpen: the whole file in a ```rust fence, attributes after a comma")
    func playground() throws {
        let files = ["p.rs": "fn main() {}"]
        #expect(try Self.expand("{{#playground p.rs}}", files: files).markdown == "```rust\nfn main() {}\n```")
        #expect(try Self.expand("{{#playground p.rs editable no_run}}\n", files: files).markdown
                == "```rust,editable,no_run\nfn main() {}\n```\n")
        let old = try Self.expand("{{#playpen p.rs}}", files: files)
        #expect(old.markdown == "```rust\nfn main() {}\n```")
        #expect(old.warnings.count == 1)
    }

    @Test("The title: the last one wins, trimmed; an include can set it")
    func title() throws {
        let expanded = try Self.expand("{{#title  First }}\n{{#include t.md}}\n", files: ["t.md": "{{#title Second}}text"])
        #expect(expanded.title == "Second")
        #expect(expanded.markdown == "\ntext\n")
    }

    // MARK: Hostile input

    @Test("Absolute paths and NUL bytes are refused before any read")
    func hostilePaths() throws {
        var reads: [String] = []
        for page in ["{{#include /etc/passwd}}", "{{#include \\\\server\\share}}", "{{#include ~/secret}}", "{{#include \"a\u{0}b\"}}"] {
            let error = try #require(Self.error {
                _ = try MdBookLinks.expand("text\n" + page, file: "src/a.md") { path in
                    reads.append(path)
                    return .text("")
                }
            })
            #expect(error.location == MdBookLocation(file: "src/a.md", line: 2))
        }
        #expect(reads.isEmpty)
    }

    @Test("Ten thousand nested includes stop at mdBook's depth of ten, with an error")
    func deepNesting() throws {
        var files: [String: String] = [:]
        for index in 0..<10_000 { files["f\(index).md"] = "level \(index)\n{{#include f\(index + 1).md}}\n" }
        var reads = 0
        let error = try #require(Self.error {
            _ = try MdBookLinks.expand("{{#include f0.md}}", file: "src/a.md") { path in
                reads += 1
                return files[path].map(MdBookLinks.Included.text) ?? .refused("no such file")
            }
        })
        #expect(error.reason == .tooDeep(limit: 10))
        #expect(error.location == MdBookLocation(file: "src/f9.md", line: 2))
        #expect(error.includedFrom.count == 10)
        #expect(reads == 10)
        // Ten levels are fine.
        files["f9.md"] = "level 9\n"
        let expanded = try Self.expand("{{#include f0.md}}", files: files)
        #expect(expanded.markdown.hasSuffix("level 8\nlevel 9"))
    }

    @Test("The page may include itself only in another part; the same part again is a loop")
    func selfInclude() throws {
        let page = "a\n{{#include page.md:1}}\n"
        let files = ["page.md": page]
        #expect(try Self.expand(page, files: files).markdown == "a\na\n")
        let error = try #require(Self.error { _ = try Self.expand("{{#include page.md}}", files: ["page.md": "{{#include page.md}}"]) })
        #expect(error.reason == .loop(["page.md", "page.md"]))
    }

    @Test("Output past the limit is an error, also when a few files include each other many times")
    func size() throws {
        let limits = MdBookLinks.Limits(maximumOutputBytes: 10_000)
        let error = try #require(Self.error {
            _ = try Self.expand("{{#include big}}", files: ["big": String(repeating: "x", count: 10_001)], limits: limits)
        })
        #expect(error.reason == .tooLarge(limit: 10_000))
        // Each level includes the next ten times: 10^9 lines if nothing stopped it.
        var files: [String: String] = [:]
        for level in 0..<9 { files["l\(level)"] = String(repeating: "{{#include l\(level + 1)}}\n", count: 10) }
        files["l9"] = "leaf"
        let bomb = try #require(Self.error { _ = try Self.expand("{{#include l0}}", files: files, limits: limits) })
        #expect(bomb.reason == .tooLarge(limit: 10_000))
        // A long prefix repeated before each line of a long include.
        let prefix = String(repeating: "p", count: 1_000)
        let wide = try #require(Self.error {
            _ = try Self.expand(prefix + "{{#include lines}}", files: ["lines": String(repeating: "a\n", count: 100)], limits: limits)
        })
        #expect(wide.reason == .tooLarge(limit: 10_000))
    }

    @Test("Unclosed links by the hundred thousand, on one line, cost one pass, not one pass each")
    func unclosed() throws {
        let clock = ContinuousClock()
        for piece in ["{{#include x ", "\\{{#include x ", "{{#title a{{#title b"] {
            // No `}` anywhere: no link, and the page comes back as it is.
            let page = String(repeating: piece, count: 100_000) + "\nend"
            var expanded: MdBookLinks.Expanded?
            let elapsed = try clock.measure { expanded = try Self.expand(page, files: [:]) }
            #expect(expanded?.markdown == page)
            #expect(elapsed < .seconds(20), "\(piece): \(elapsed)")
        }
        // A long line of titles: the text before each link is not searched again for its line's start.
        let titles = String(repeating: "{{#title t}}", count: 100_000)
        let elapsed = try clock.measure { _ = try Self.expand(titles, files: [:]) }
        #expect(elapsed < .seconds(20))
    }

    @Test("A reader that throws is reported at the include with its message")
    func throwingReader() throws {
        struct Broken: Error, CustomStringConvertible { var description: String { "disk on fire" } }
        let error = try #require(Self.error { _ = try MdBookLinks.expand("{{#include x}}", file: "src/a.md") { _ in throw Broken() } })
        #expect(error.reason == .unreadable(path: "x", message: "disk on fire"))
    }

    // MARK: Hidden lines

    @Test("Which blocks hide lines: rust, hidelines= in the info, the book's table by language")
    func rules() {
        #expect(HiddenLines.rule(forInfo: "rust") == .rust)
        #expect(HiddenLines.rule(forInfo: "rust,ignore") == .rust)
        #expect(HiddenLines.rule(forInfo: "rust editable") == .rust)
        #expect(HiddenLines.rule(forInfo: "") == nil)
        #expect(HiddenLines.rule(forInfo: "Rust") == nil)
        #expect(HiddenLines.rule(forInfo: "python,hidelines=!!!") == .prefix("!!!"))
        #expect(HiddenLines.rule(forInfo: "python", configured: ["python": "~"]) == .prefix("~"))
        #expect(HiddenLines.rule(forInfo: "go", configured: ["python": "~"]) == nil)
    }

    @Test("Rust's hidden lines as mdBook reads them: `# `, a bare `#`, `##` escapes, attributes stay")
    func rustLines() {
        let code = "# fn main() {\n#\n    # let x = 1;\n##[doc]\n#[derive(Debug)]\n#![allow(unused)]\n#x\nlet y = 2;\r\n# }\r\n"
        let split = HiddenLines.split(code, rule: .rust)
        #expect(split.code == "fn main() {\n\n    let x = 1;\n#[doc]\n#[derive(Debug)]\n#![allow(unused)]\n#x\nlet y = 2;\r\n}\r\n")
        #expect(split.hidden == [0, 1, 2, 8])
        #expect(HiddenLines.split("no hash\n", rule: .rust) == HiddenLines.Split(code: "no hash\n", hidden: []))
        #expect(HiddenLines.split("", rule: .rust) == HiddenLines.Split(code: "", hidden: []))
        #expect(HiddenLines.split("\u{3000}# ideographic\n", rule: .rust).hidden == [0])
    }

    @Test("A prefix hides a line after its white space, and only the prefix goes")
    func prefixLines() {
        let split = HiddenLines.split("~import os\n  ~ x = 1\nprint(x) # ~\n", rule: .prefix("~"))
        #expect(split.code == "import os\n   x = 1\nprint(x) # ~\n")
        #expect(split.hidden == [0, 1])
    }

    @Test("Wrapping a highlighted block: hidden lines in boring spans, line numbers of a table too")
    func wrapHighlighted() {
        let tokens = [CodeToken(.keyword, "fn"), CodeToken(.text, " "), CodeToken(.nameFunction, "main"), CodeToken(.text, "() {\n"),
                      CodeToken(.text, "    "), CodeToken(.nameOther, "x"), CodeToken(.text, "\n"), CodeToken(.text, "}\n")]
        let html = HighlightedHTML.render(tokens, language: "rust", options: CodeBlockOptions())
        let wrapped = HiddenLines.wrap(highlightedHTML: html, hidden: [0, 2])
        let boring = #"<span class="boring">"#
        #expect(wrapped.components(separatedBy: boring).count == 3)
        #expect(wrapped.contains(boring + #"<span class="line"><span class="cl"><span class="k">fn</span>"#))
        #expect(wrapped.contains(#"() {"# + "\n" + "</span></span></span><span class=\"line\">"))
        #expect(Self.text(of: wrapped) == Self.text(of: html))
        #expect(Self.isWellNested(wrapped))
        let table = HighlightedHTML.render(tokens, language: "rust", options: CodeBlockOptions(lineNumbers: .table))
        let wrappedTable = HiddenLines.wrap(highlightedHTML: table, hidden: [1])
        #expect(wrappedTable.contains(boring + #"<span class="lnt">2"# + "\n</span></span>"))
        #expect(wrappedTable.components(separatedBy: boring).count == 3)
        #expect(Self.isWellNested(wrappedTable))
        #expect(HiddenLines.wrap(highlightedHTML: html, hidden: []) == html)
    }

    @Test("Wrapping where a span crosses lines (a string over two lines): closed and opened again around the boring span")
    func wrapCrossing() {
        let html = #"<pre><code class="language-rust"><span class="s">"a"# + "\n" + #"b"</span> x"# + "\n" + "y\n</code></pre>"
        let wrapped = HiddenLines.wrap(highlightedHTML: html, hidden: [1])
        #expect(wrapped == #"<pre><code class="language-rust"><span class="s">"a"# + "\n"
                + #"</span><span class="boring"><span class="s">b"</span> x"# + "\n" + #"</span>y"# + "\n</code></pre>")
        let first = HiddenLines.wrap(highlightedHTML: html, hidden: [0])
        #expect(first == #"<pre><code class="language-rust"><span class="boring"><span class="s">"a"# + "\n"
                + #"</span></span><span class="s">b"</span> x"# + "\n" + "y\n</code></pre>")
        #expect(Self.isWellNested(wrapped) && Self.isWellNested(first))
    }

    @Test("A plain block, as cmark writes it, with its hidden lines")
    func plain() {
        let split = HiddenLines.split("# use a;\nlet s = \"<&>\";\n", rule: .rust)
        #expect(HiddenLines.plainHTML(split, language: "rust")
                == "<pre><code class=\"language-rust\"><span class=\"boring\">use a;\n</span>let s = &quot;&lt;&amp;&gt;&quot;;\n</code></pre>\n")
    }

    // MARK: Helpers

    /// The text of some HTML: its tags taken out.
    static func text(of html: String) -> String {
        var out: [UInt8] = []
        var inTag = false
        for byte in html.utf8 {
            if byte == UInt8(ascii: "<") { inTag = true } else if byte == UInt8(ascii: ">") && inTag { inTag = false } else if !inTag { out.append(byte) }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether every end tag closes the innermost open element and none is left open.
    static func isWellNested(_ html: String) -> Bool {
        var open: [Substring] = []
        var rest = html[...]
        while let start = rest.firstIndex(of: "<") {
            guard let end = rest[start...].firstIndex(of: ">") else { return false }
            let tag = rest[rest.index(after: start)..<end]
            if tag.hasPrefix("/") {
                guard open.popLast() == tag.dropFirst() else { return false }
            } else if !tag.hasSuffix("/") {
                open.append(tag.prefix { $0 != " " })
            }
            rest = rest[rest.index(after: end)...]
        }
        return open.isEmpty
    }

    /// For each text byte of a code element's content: its line (by the newlines before it) and whether a boring span holds it.
    static func characterLines(of html: String) -> [(Int, Bool)] {
        var result: [(Int, Bool)] = []
        var open: [Bool] = []
        var line = 0
        var rest = html[...]
        while let first = rest.first {
            if first == "<", let end = rest.firstIndex(of: ">") {
                let tag = rest[rest.index(after: rest.startIndex)..<end]
                if tag.hasPrefix("/") { _ = open.popLast() } else { open.append(tag == #"span class="boring""#) }
                rest = rest[rest.index(after: end)...]
                continue
            }
            for byte in first.utf8 { _ = byte; result.append((line, open.contains(true))) }
            if first == "\n" || first == "\r\n" { line += 1 }
            rest = rest.dropFirst()
        }
        return result
    }

    // MARK: Properties

    /// Random lists of `count` indexes below `bound`, from a seeded generator: the same cases on every run.
    static func cases(_ count: Int, seed: UInt64, _ shapes: [(bound: Int, length: ClosedRange<Int>)]) -> [[[Int]]] {
        var random = MkDocsMarkdownTests.SeededGenerator(state: seed)
        return (0..<count).map { _ in
            shapes.map { shape in (0..<Int.random(in: shape.length, using: &random)).map { _ in Int.random(in: 0..<shape.bound, using: &random) } }
        }
    }

    /// Pieces that random pages and files are made of: links of every kind, broken ones, anchors, braces, newlines.
    static let pieces = [
        "{{#include a.md}}", "{{#include b.rs:1:3}}", "{{#include b.rs:x}}", "{{#include a.md:2:}}", "{{#include ../c.txt::2}}",
        "{{#rustdoc_include b.rs:x}}", "{{#rustdoc_include b.rs:2}}", "{{#playground b.rs editable}}", "{{#title T}}",
        "\\{{#include a.md}}", "{{ #include  a.md }}", "{{#include \"a.md\":1}}", "{{#include a.md:-1}}",
        "{{#include a.md:99999999999999999999999}}", "{{#include /abs}}", "{{#include missing}}", "{{#include}}",
        "{{", "}}", "{", "}", "#", ":", "\\", "\"", " ", "  ", "\n", "\r\n", "\t", "é", "\u{3000}", "ANCHOR: x", "ANCHOR_END: x",
        "// ANCHOR: x\n", "// ANCHOR_END: x\n", "# hidden\n", "```rust\n", "```\n", "text", "<b>",
    ]

    static func assemble(_ indexes: [Int]) -> String { indexes.map { pieces[$0] }.joined() }

    @Test("Random pages and files never crash: they expand within the limit or fail with a located error")
    func randomPages() {
        for random in Self.cases(300, seed: 0x5EED_0001, Array(repeating: (Self.pieces.count, 0...40), count: 4)) {
            let (page, a, b, c) = (random[0], random[1], random[2], random[3])
            let files = ["a.md": Self.assemble(a), "b.rs": Self.assemble(b), "../c.txt": Self.assemble(c)]
            let text = Self.assemble(page)
            let limits = MdBookLinks.Limits(maximumOutputBytes: 200_000)
            do {
                let expanded = try Self.expand(text, files: files, limits: limits)
                #expect(expanded.markdown.utf8.count <= limits.maximumOutputBytes)
                let pageLines = text.utf8.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
                let outputLines = expanded.markdown.utf8.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
                for line in 1...outputLines {
                    #expect((1...pageLines).contains(expanded.lineMap.sourceLine(ofOutputLine: line)))
                }
                if !text.contains("{{") { #expect(expanded.markdown == text) }
            } catch let error as MdBookLinkError {
                #expect(error.location.line >= 1)
                #expect(!error.description.isEmpty)
            } catch {
                Issue.record("unexpected error \(error)")
            }
        }
    }

    /// Random tokens, a few with newlines inside (a comment or string over lines), as the highlighter would get them.
    static let tokenPieces: [CodeToken] = [
        CodeToken(.keyword, "fn"), CodeToken(.text, " "), CodeToken(.text, "\n"), CodeToken(.literalString, "\"a\nb\""),
        CodeToken(.comment, "/* x\n\ny */"), CodeToken(.nameFunction, "main"), CodeToken(.punctuation, "<&>"),
        CodeToken(.literalNumberInteger, "42"), CodeToken(.text, "é\r\n"), CodeToken(.textWhitespace, "    "),
    ]

    @Test("Wrapping random highlighted blocks keeps the text, stays nested and hides exactly the chosen lines")
    func randomWrap() {
        for random in Self.cases(300, seed: 0x5EED_0002, [(Self.tokenPieces.count, 0...30), (13, 0...8), (3, 1...1)]) {
            let (indexes, hiddenLines, numbers) = (random[0], random[1], random[2][0])
            let options = CodeBlockOptions(lineNumbers: [.none, .table, .inline][numbers])
            let html = HighlightedHTML.render(indexes.map { Self.tokenPieces[$0] }, language: "rust", options: options)
            let hidden = Set(hiddenLines)
            let wrapped = HiddenLines.wrap(highlightedHTML: html, hidden: hidden)
            #expect(Self.text(of: wrapped) == Self.text(of: html))
            #expect(Self.isWellNested(wrapped))
            // Every character of every code element is inside a boring span exactly when its line is hidden.
            for element in wrapped.components(separatedBy: "<code").dropFirst() {
                let content = element[(element.firstIndex(of: ">").map { element.index(after: $0) } ?? element.startIndex)...]
                let body = content.components(separatedBy: "</code>").first ?? ""
                for (line, boring) in Self.characterLines(of: body) {
                    #expect(boring == hidden.contains(line), "line \(line) of \(wrapped)")
                }
            }
        }
    }
}
