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
