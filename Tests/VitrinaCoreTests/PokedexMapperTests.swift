import Foundation
import Testing
import TestSupport
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// The mapper's clean-up of PokéAPI's game texts, on bytes, against the Foundation calls it replaced.
/// La limpieza de los textos de juego, sobre bytes, frente a las llamadas de Foundation que reemplazó.
struct PokedexMapperTests {
    /// What the mapper did before it worked on bytes: the oracle.
    private func foundationClean(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{AD}\n", with: "")
            .components(separatedBy: CharacterSet(charactersIn: "\n\u{0C}\r"))
            .joined(separator: " ")
            .replacingOccurrences(of: "  ", with: " ")
            .trimmingCharacters(in: .whitespaces)
    }

    @Test(arguments: [
        ("Una semilla\u{0C}rara.", "Una semilla rara."),
        ("extra\u{AD}\nño", "extraño"),
        ("  \t dos   espacios\r\n", "dos  espacios"),
        ("\u{3000}ピカチュウ\u{3000}", "ピカチュウ"),
        ("", ""),
        (" \n\u{0C} ", ""),
    ])
    func gameTextsAreCleaned(text: String, expected: String) {
        #expect(PokedexMapper.clean(text) == expected)
        #expect(foundationClean(text) == expected)
    }

    /// Property: on texts made of the characters game texts carry (letters, accents, CJK, spaces of every kind, breaks,
    /// soft hyphens, tabs), the byte-level clean-up gives what Foundation gave.
    @Test func theByteLevelCleanUpMatchesFoundation() {
        let pieces: [String] = ["a", "Z", "ñ", "é", "ピ", "카", "🐉", " ", "  ", "\n", "\r", "\u{0C}", "\u{AD}", "\u{AD}\n", "\t",
                                "\u{3000}", "\u{00A0}", "\u{2009}", "-", "."]
        var generator = SeededGenerator(seed: 2026)
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 0...24, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            #expect(PokedexMapper.clean(text) == foundationClean(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }
}
