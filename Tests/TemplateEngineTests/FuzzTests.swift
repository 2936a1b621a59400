@testable import VitrinaKit
import Testing
import TestSupport

/// Random templates from a small grammar, rendered by both engines against random values.
@Suite struct FuzzTests {
    static let names = ["a", "b", "list", "flag", "obj", "obj.x", ".", "missing", "a.x"]

    @Test(arguments: 0..<6)
    func randomTemplatesRenderTheSame(batch: Int) {
        var disagreements = 0
        var rendered = 0
        for index in 0..<100 {
            let seed = UInt64(batch * 1_000 + index)
            var random = SeededGenerator(seed: seed)
            let templates = TemplateGrammar.templates(&random)
            let value = TemplateGrammar.value(&random)
            let result = differential(templates, value: value)
            if case .success = result.ours { rendered += 1 }
            if !result.agrees, disagreements < 3 {
                let sources = templates.sorted { $0.key < $1.key }.map { "\($0.key): \(String(reflecting: $0.value))" }
                Issue.record("seed \(seed)\n\(sources.joined(separator: "\n"))\nvalue: \(value)\n\(result.report)")
            }
            if !result.agrees { disagreements += 1 }
        }
        #expect(disagreements == 0)
        #expect(rendered >= 90, "most generated templates must parse")
    }
}

/// Builds templates with text, line breaks, indentation, variables, sections, inverted sections,
/// comments, partials, parents and blocks, standalone lines and delimiter changes.
enum TemplateGrammar {
    struct Delimiters {
        var open = "{{"
        var close = "}}"
    }

    /// "main" plus partials p1…p3; a partial only includes partials with a higher number, so nothing recurses.
    static func templates(_ random: inout SeededGenerator) -> [String: String] {
        var templates: [String: String] = [:]
        templates["main"] = body(&random, depth: 0, partial: 0)
        for number in 1...3 where random.chance(0.8) {
            templates["p\(number)"] = body(&random, depth: 1, partial: number)
        }
        return templates
    }

    static func body(_ random: inout SeededGenerator, depth: Int, partial: Int) -> String {
        var delimiters = Delimiters()
        var output = ""
        for _ in 0..<Int.random(in: 1...7, using: &random) {
            output += element(&random, depth: depth, partial: partial, delimiters: &delimiters)
        }
        return output
    }

    static func tag(_ content: String, _ delimiters: Delimiters) -> String {
        delimiters.open + content + delimiters.close
    }

    /// Inside a block (`inBlock`) no further blocks or parents are made: a block override holding an
    /// expansion of the same block recurses forever, in both engines.
    static func element(
        _ random: inout SeededGenerator,
        depth: Int,
        partial: Int,
        inBlock: Bool = false,
        delimiters: inout Delimiters
    ) -> String {
        let indent = random.pick(["", "", "  ", "\t", " "])
        let newline = random.pick(["\n", "\n", "\r\n", ""])
        switch Int.random(in: 0..<16, using: &random) {
        case 0, 1:
            return random.pick(["x", "hello", " ", "<&>", "é", "Pokémon", "a b", "} { ", "'\"", "\n", "\r\n", "  \n", "\t"])
        case 2, 3:
            let name = random.pick(FuzzTests.names)
            let content = random.pick([name, " \(name) ", "{\(name)}", "& \(name)"])
            if content.hasPrefix("{"), delimiters.close != "}}" { return indent + tag(name, delimiters) + newline }
            return indent + tag(content, delimiters) + newline
        case 4...6 where depth < 3:
            let name = random.pick(FuzzTests.names)
            let sigil = random.pick(["#", "#", "^"])
            var inner = delimiters
            var content = ""
            for _ in 0..<Int.random(in: 0...4, using: &random) {
                content += element(&random, depth: depth + 1, partial: partial, inBlock: inBlock, delimiters: &inner)
            }
            let closeIndent = random.pick(["", "  ", indent])
            return indent + tag(sigil + name, delimiters) + newline + content + closeIndent + tag("/" + name, inner)
                + random.pick(["\n", "", "\r\n", " x\n"])
        case 7:
            return indent + tag(random.pick(["! note ", "!", "!multi\nline"]), delimiters) + newline
        case 8...9 where partial < 3:
            let target = Int.random(in: (partial + 1)...3, using: &random)
            return indent + tag(random.pick(["> p\(target)", ">p\(target)"]), delimiters) + newline
        case 10 where partial < 3 && depth < 3 && !inBlock:
            let target = Int.random(in: (partial + 1)...3, using: &random)
            var content = random.pick(["", "\n", "ignored "])
            for _ in 0..<Int.random(in: 0...2, using: &random) {
                let block = random.pick(["b1", "b2"])
                var inner = delimiters
                var blockBody = random.pick(["", "\n", "  "])
                for _ in 0..<Int.random(in: 0...3, using: &random) {
                    blockBody += element(&random, depth: depth + 1, partial: 3, inBlock: true, delimiters: &inner)
                }
                content += random.pick(["", "  "]) + tag("$" + block, delimiters) + blockBody + tag("/" + block, inner)
                    + random.pick(["", "\n"])
            }
            return indent + tag("<p\(target)", delimiters) + newline + content + tag("/p\(target)", delimiters) + newline
        case 11 where depth < 3 && !inBlock:
            let block = random.pick(["b1", "b2"])
            var inner = delimiters
            var content = ""
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                content += element(&random, depth: depth + 1, partial: partial, inBlock: true, delimiters: &inner)
            }
            return indent + tag("$" + block, delimiters) + newline + content + random.pick(["", indent]) + tag("/" + block, inner) + newline
        case 12:
            // No one-character delimiters: swift-mustache 2.1.1 crashes (range check in Template+Parser.swift:205,
            // recording the section's text two characters before "/") when such a section is empty.
            let next = random.pick([("{{", "}}"), ("<%", "%>"), ("[[", "]]"), ("{{", "}}")])
            let change = indent + tag("=\(next.0) \(next.1)=", delimiters) + newline
            delimiters = Delimiters(open: next.0, close: next.1)
            return change
        default:
            return newline.isEmpty ? "\n" : newline
        }
    }

    static func value(_ random: inout SeededGenerator) -> TemplateValue {
        var object: TemplateObject = [:]
        for name in ["a", "b", "list", "flag", "obj"] where random.chance(0.8) {
            object[name] = anyValue(&random, depth: 0)
        }
        return .object(object)
    }

    static func anyValue(_ random: inout SeededGenerator, depth: Int) -> TemplateValue {
        switch Int.random(in: 0..<8, using: &random) {
        case 0...1 where depth < 3:
            return .list((0..<Int.random(in: 0...3, using: &random)).map { _ in anyValue(&random, depth: depth + 1) })
        case 2...3 where depth < 3:
            var object: TemplateObject = [:]
            for name in ["a", "x", "flag"] where random.chance(0.6) {
                object[name] = anyValue(&random, depth: depth + 1)
            }
            return .object(object)
        case 4: return .bool(random.chance(0.5))
        default: return SampleValues.scalar(&random)
        }
    }
}
