@testable import VitrinaKit
import TestSupport

/// Plausible leaf values: text with characters HTML must escape and non-ASCII letters, numbers, flags.
enum SampleValues {
    static let strings = [
        "Pokémon", "<b>bold</b>", "Tom & Jerry", "\"quoted\"", "it's", "café ñandú", "", "plain",
        "/a/b?c=1&d=2", "日本語", "a\nb", "  spaced  ", "¿Qué?", "1 < 2 > 0", "a<\u{301}>", "\u{600}<x",
    ]

    static func scalar(_ random: inout SeededGenerator) -> TemplateValue {
        switch Int.random(in: 0..<10, using: &random) {
        case 0...4: .string(random.pick(strings))
        case 5, 6: .int(random.pick([0, 1, 7, 151, -3, 1_000_000]))
        case 7: .double(random.pick([0.5, 2.0, 3.14159, 1e-3, -0.25]))
        default: .bool(random.chance(0.5))
        }
    }
}
