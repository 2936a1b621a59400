/// Letters and digits in a style (`\mathbb{R}`, `\mathbf{v}`) as the Unicode characters of that style (ℝ, 𝐯): MathML
/// Core draws no `mathvariant` but `normal`, so Chromium showed `\mathbb{R}` as an italic R. Text (`\textbf`) keeps its
/// letters and says its style in CSS instead, so that it copies and reads as text.
/// Letras y cifras con estilo como los caracteres Unicode de ese estilo; el texto lo dice en CSS.
enum MathAlphabets {
    /// Where each style's capital A, small a and digit 0 are, and whether it has Greek (its capital Alpha, small alpha).
    private struct Alphabet {
        let capitals: UInt32
        let smalls: UInt32
        let digits: UInt32?
        let greek: (capitals: UInt32, smalls: UInt32)?
        /// Letters Unicode had already encoded elsewhere (ℝ, ℎ): the holes of the block.
        let holes: [Unicode.Scalar: Unicode.Scalar]
    }

    private static let alphabets: [String: Alphabet] = [
        "bold": .init(capitals: 0x1D400, smalls: 0x1D41A, digits: 0x1D7CE, greek: (0x1D6A8, 0x1D6C2), holes: [:]),
        "italic": .init(capitals: 0x1D434, smalls: 0x1D44E, digits: nil, greek: (0x1D6E2, 0x1D6FC), holes: ["h": "\u{210E}"]),
        "bold-italic": .init(capitals: 0x1D468, smalls: 0x1D482, digits: nil, greek: (0x1D71C, 0x1D736), holes: [:]),
        "script": .init(capitals: 0x1D49C, smalls: 0x1D4B6, digits: nil, greek: nil, holes: [
            "B": "\u{212C}", "E": "\u{2130}", "F": "\u{2131}", "H": "\u{210B}", "I": "\u{2110}", "L": "\u{2112}", "M": "\u{2133}",
            "R": "\u{211B}", "e": "\u{212F}", "g": "\u{210A}", "o": "\u{2134}",
        ]),
        "bold-script": .init(capitals: 0x1D4D0, smalls: 0x1D4EA, digits: nil, greek: nil, holes: [:]),
        "fraktur": .init(capitals: 0x1D504, smalls: 0x1D51E, digits: nil, greek: nil, holes: [
            "C": "\u{212D}", "H": "\u{210C}", "I": "\u{2111}", "R": "\u{211C}", "Z": "\u{2128}",
        ]),
        "double-struck": .init(capitals: 0x1D538, smalls: 0x1D552, digits: 0x1D7D8, greek: nil, holes: [
            "C": "\u{2102}", "H": "\u{210D}", "N": "\u{2115}", "P": "\u{2119}", "Q": "\u{211A}", "R": "\u{211D}", "Z": "\u{2124}",
        ]),
        "bold-fraktur": .init(capitals: 0x1D56C, smalls: 0x1D586, digits: nil, greek: nil, holes: [:]),
        "sans-serif": .init(capitals: 0x1D5A0, smalls: 0x1D5BA, digits: 0x1D7E2, greek: nil, holes: [:]),
        "bold-sans-serif": .init(capitals: 0x1D5D4, smalls: 0x1D5EE, digits: 0x1D7EC, greek: (0x1D756, 0x1D770), holes: [:]),
        "sans-serif-italic": .init(capitals: 0x1D608, smalls: 0x1D622, digits: nil, greek: nil, holes: [:]),
        "sans-serif-bold-italic": .init(capitals: 0x1D63C, smalls: 0x1D656, digits: nil, greek: (0x1D790, 0x1D7AA), holes: [:]),
        "monospace": .init(capitals: 0x1D670, smalls: 0x1D68A, digits: 0x1D7F6, greek: nil, holes: [:]),
    ]

    /// `text` in `variant`, or nil when the variant has no alphabet or a character of the text has no form in it.
    static func styled(_ text: String, _ variant: String) -> String? {
        guard let alphabet = alphabets[variant] else { return nil }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard let mapped = map(scalar, alphabet) else { return nil }
            out.append(mapped)
        }
        return String(out)
    }

    private static func map(_ scalar: Unicode.Scalar, _ alphabet: Alphabet) -> Unicode.Scalar? {
        if let hole = alphabet.holes[scalar] { return hole }
        let value = scalar.value
        switch value {
        case 0x41...0x5A: return Unicode.Scalar(alphabet.capitals + value - 0x41)
        case 0x61...0x7A: return Unicode.Scalar(alphabet.smalls + value - 0x61)
        case 0x30...0x39: return alphabet.digits.flatMap { Unicode.Scalar($0 + value - 0x30) }
        // Greek: Α…Ω (the slot of U+03A2 is ϴ's) and α…ω, in the order of the math blocks.
        case 0x391...0x3A9 where value != 0x3A2: return alphabet.greek.flatMap { Unicode.Scalar($0.capitals + value - 0x391) }
        case 0x3B1...0x3C9: return alphabet.greek.flatMap { Unicode.Scalar($0.smalls + value - 0x3B1) }
        default: return nil
        }
    }

    /// The CSS that draws text (`<mtext>`) in `variant`, nil for upright text. / El CSS del texto con estilo.
    static func textStyle(_ variant: String) -> String? {
        var parts: [String] = []
        if variant.contains("bold") { parts.append("font-weight:bold") }
        if variant.contains("italic") { parts.append("font-style:italic") }
        if variant.contains("sans-serif") { parts.append("font-family:sans-serif") }
        if variant == "monospace" { parts.append("font-family:monospace") }
        return parts.isEmpty ? nil : parts.joined(separator: ";")
    }
}
