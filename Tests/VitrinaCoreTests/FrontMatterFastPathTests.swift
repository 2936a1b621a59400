import Foundation
import Testing
import TestSupport
import Yams
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// Front matter of plain `key: value` lines is read without a YAML parser; Yams is the oracle that it reads the same.
/// La cabecera de líneas `clave: valor` simples se lee sin analizador de YAML; Yams comprueba que se lee igual.
@Suite("Front matter without a YAML parser")
struct FrontMatterFastPathTests {
    static let keys = ["title", "a-b", "x_1", "K9", "", "é", "k y", "date", "-x"]
    static let separators = [": ", ":", ":  ", " : ", ":\t"]
    static let values = [
        "plain", "\"quoted\"", "\"", "\"\"", "a: b", "a #c", "#c", "- x", "[1]", "{a}", "text:", "  spaced  ", "é", "1", "true",
        "null", "~", "'s'", "a\\b", "\"a\\\"b\"", "", "2026-01-01", "x\u{301}", "\"x\u{301}\"", "\u{301}x", "a\tb", "a:b", "a#b",
        "%x", "@x", "`x", "!x", "&x", "*x", "|", ">", "?x", ",x", "-", "--x", "\"a\"b", "a\"", "é: x", "ü\u{308}", "x ", "\u{A0}x", "x\t", "\tx", "\"\tx\"", "a\u{301}: b",
    ]

    /// A line of front matter from the pieces above (or a blank one).
    static func line(_ random: inout SeededGenerator) -> String {
        if random.chance(0.1) { return random.pick(["", " ", "  "]) }
        return random.pick(keys) + random.pick(separators) + random.pick(values)
    }

    /// Seeded differential property: whenever the fast path reads a front matter, Yams reads the same keys, values and
    /// lines; both paths are taken often enough to mean something.
    @Test func theFastPathReadsWhatYamsReads() throws {
        var random = SeededGenerator(seed: 0xF4_57)
        var (fast, slow) = (0, 0)
        for _ in 0..<6_000 {
            let lines = (0..<Int.random(in: 0...4, using: &random)).map { _ in Self.line(&random) }
            guard let quick = FrontMatter.simpleFields(lines.map { Substring($0) }[...]) else { slow += 1; continue }
            fast += 1
            let yaml = lines.joined(separator: "\n")
            let node = try SafeYAML.compose(yaml, file: "t.md", what: "front matter ", lineOffset: 1, stage: .content)
            var expected: [String: (String?, Int)] = [:]
            for (key, value) in node?.mapping ?? [:] {
                if let name = key.string { expected[name] = (value.scalar?.string, (value.mark?.line ?? 0) + 1) }
            }
            #expect(Set(quick.keys) == Set(expected.keys), "\(lines)")
            for (key, value) in quick {
                #expect(value.scalar == expected[key]?.0, "\(lines): \(key)")
                #expect(value.line == expected[key]?.1, "\(lines): line of \(key)")
                #expect(value.children.isEmpty && value.items.isEmpty)
            }
        }
        #expect(fast > 500 && slow > 500, "fast \(fast), slow \(slow)")
    }
}
