import Foundation
import Testing
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// Chroma's own test data (Debian's golang-github-alecthomas-chroma-v2-dev, installed by `make deps`): for every
/// `X.actual` whose lexer Vitrina has, Vitrina's tokens equal Chroma's `X.expected` (types and text), as Chroma's
/// lexers_test.go reads them (a file's lexer by the name before its first dot; a folder's by the folder's name).
@Suite struct ChromaTestDataTests {
    static let testData = "/usr/share/gocode/src/github.com/alecthomas/chroma/v2/lexers/testdata"

    /// Pairs whose tokens differ from Chroma's, each with the reason.
    static let exceptions: [String: String] = [
        "yaml.actual": "Chroma writes the indentation of a block scalar twice (its rule's group 3 is nested in group 2); Vitrina writes each character once",
        "org.actual": "Chroma drops all but the last repetition of a repeated group `(\\s)*` (token 29; Vitrina keeps that text, plain), and "
            + "Chroma's emacs.go renames built-in Emacs Lisp functions (`message`) on top of emacslisp.xml, which Vitrina has no form for (token 147)",
    ]

    /// Pairs whose lexer Chroma writes in Go and Vitrina has no definition for.
    static let unsupported: [String: String] = [
        "raku.actual": "Chroma's Raku lexer is Go code that rewrites its own rules while lexing (raku.go); it has no XML form",
        "unterminated_heredoc.actual": "Raku, as above",
    ]

    struct Pair: CustomStringConvertible {
        let lexer: String
        let actual: String
        var description: String { (actual as NSString).lastPathComponent }
    }

    static func pairs() -> [Pair] {
        let files = FileManager.default
        guard let entries = try? files.contentsOfDirectory(atPath: testData) else { return [] }
        var pairs: [Pair] = []
        for entry in entries.sorted() where entry != "analysis" {
            let path = testData + "/" + entry
            var isFolder: ObjCBool = false
            _ = files.fileExists(atPath: path, isDirectory: &isFolder)
            if isFolder.boolValue {
                for file in ((try? files.contentsOfDirectory(atPath: path)) ?? []).sorted() where file.hasSuffix(".actual") {
                    pairs.append(Pair(lexer: entry, actual: path + "/" + file))
                }
            } else if entry.hasSuffix(".actual") {
                pairs.append(Pair(lexer: String(entry.split(separator: ".")[0]), actual: path))
            }
        }
        return pairs
    }

    struct ExpectedToken: Decodable { let type: String; let value: String }

    /// ChromaData.swift holds Debian's Chroma as it is (comments and the space between tags dropped): `make chroma-data`
    /// was run on the installed version, and nobody edited the packed lexers by hand.
    @Test func thePackedLexersAreDebiansChroma() throws {
        let folder = (Self.testData as NSString).deletingLastPathComponent + "/embedded"
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".xml") }
        #expect(files.count >= 190)
        for file in files {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            let packed = text.replacingOccurrences(of: "<!--[\\s\\S]*?-->", with: "", options: .regularExpression)
                .trimmingCharacters(in: .whitespacesAndNewlines)
                .replacingOccurrences(of: ">\\s+<", with: "><", options: .regularExpression)
            #expect(ChromaData.lexers[String(file.dropLast(4))] == packed, "\(file): run make chroma-data")
        }
    }

    @Test func theTestDataIsInstalled() {
        #expect(Self.pairs().count >= 100, "install golang-github-alecthomas-chroma-v2-dev (make deps)")
    }

    @Test func everyLexerWithTestDataMatchesChroma() throws {
        let registry = LexerRegistry.builtIn
        var matched: [String] = []
        var differing: [String] = []
        for pair in Self.pairs() {
            let name = pair.description
            let found = registry.lexerOrFailure(named: pair.lexer)
            guard case .success(let lexer)? = found else {
                let reason: String
                if case .failure(let error)? = found { reason = "\(error)" } else { reason = "no lexer named \(pair.lexer)" }
                #expect(Self.unsupported[name] != nil, "\(name): \(reason)")
                continue
            }
            let text = try String(contentsOfFile: pair.actual, encoding: .utf8)
            let expectedPath = String(pair.actual.dropLast(".actual".count)) + ".expected"
            let expected = try JSONDecoder().decode([ExpectedToken].self, from: Data(contentsOf: URL(fileURLWithPath: expectedPath)))
            var run = LexerRun(registry: registry, deadline: .now + .seconds(30))
            let tokens = try run.tokenise(text, with: lexer)
            let same = tokens.count == expected.count && zip(tokens, expected).allSatisfy { $0.type.name == $1.type && $0.text == $1.value }
            if same {
                matched.append(name)
                #expect(Self.exceptions[name] == nil, "\(name) now matches: take it off the exceptions")
            } else {
                differing.append(name)
                let firstDifference = zip(tokens, expected).enumerated().first { $0.element.0.type.name != $0.element.1.type || $0.element.0.text != $0.element.1.value }
                let detail = firstDifference.map { "token \($0.offset): got \($0.element.0.type.name) \($0.element.0.text.debugDescription), Chroma has \($0.element.1.type) \($0.element.1.value.debugDescription)" }
                    ?? "got \(tokens.count) tokens, Chroma has \(expected.count)"
                #expect(Self.exceptions[name] != nil, "\(name): \(detail)")
            }
        }
        print("Chroma's test data: \(matched.count) of \(matched.count + differing.count) files lexed as Chroma lexes them; exceptions: \(differing.sorted())")
        #expect(matched.count >= 100)
    }
}
