import Foundation
import Testing
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// Chroma's styles written as CSS exactly as Chroma 2.5 and Hugo write them, and their WCAG AA adjustment, property-tested.
/// Los estilos de Chroma escritos como CSS igual que Chroma 2.5 y Hugo, y su ajuste de contraste WCAG AA, probado al azar.
@Suite("ChromaStyle")
struct ChromaStyleTests {
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures/highlight", isDirectory: true)

    static func fixture(_ name: String) throws -> String {
        try String(contentsOf: fixtures.appendingPathComponent(name), encoding: .utf8)
    }

    // MARK: Chroma's CSS

    @Test(arguments: ["github", "monokai", "github-dark"])
    func cssIsChromasByteForByte(name: String) throws {
        let style = try #require(ChromaStyle.named(name))
        #expect(style.css() == (try Self.fixture("chroma-\(name).css")))
    }

    /// `hugo gen chromastyles` writes Chroma's CSS with every class, empty rules included.
    @Test(arguments: ["github", "monokai"])
    func allClassesIsHugoGenChromastyles(name: String) throws {
        let style = try #require(ChromaStyle.named(name))
        #expect(style.css(allClasses: true) == (try Self.fixture("hugo-\(name).css")))
    }

    /// Hugo's command replaces the style's line highlight with `bg:#ffffcc` unless told otherwise; nothing else differs.
    @Test func hugosDefaultLineHighlightIsItsOwnChoice() throws {
        let ours = try #require(ChromaStyle.named("github")).css(allClasses: true)
        let hugo = try Self.fixture("hugo-github-default.css")
        #expect(ours.replacingOccurrences(of: ".hl { background-color: #e5e5e5 }", with: ".hl { background-color: #ffffcc }") == hugo)
    }

    /// Every one of Chroma's 60 styles, both ways, against digests of Chroma's own CSS (chroma-css.go).
    @Test func everyStyleMatchesChroma() throws {
        let lines = try Self.fixture("chroma-css.fnv").split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        #expect(lines.count == 60)
        #expect(ChromaStyle.names == lines.map { $0[0] })
        var mismatches: [String] = []
        for line in lines {
            guard let style = ChromaStyle.named(line[0]) else { mismatches.append("\(line[0]) missing"); continue }
            if Self.fnv1a(style.css()) != line[1] { mismatches.append(line[0]) }
            if Self.fnv1a(style.css(allClasses: true)) != line[2] { mismatches.append(line[0] + " (all classes)") }
        }
        #expect(mismatches == [])
    }

    @Test func scopeGoesBeforeEverySelector() throws {
        let css = try #require(ChromaStyle.named("monokai")).css(scope: ":root[data-theme=\"dark\"]")
        let lines = css.split(separator: "\n")
        #expect(lines.count == 62)
        #expect(lines.allSatisfy { $0.contains("*/ :root[data-theme=\"dark\"] .") })
        #expect(css.replacingOccurrences(of: ":root[data-theme=\"dark\"] ", with: "") == (try Self.fixture("chroma-monokai.css")))
    }

    @Test func lineNumbersCannotBeSelected() throws {
        let css = try #require(ChromaStyle.named("github")).css()
        #expect(css.contains("/* LineNumbersTable */ .chroma .lnt { white-space: pre; -webkit-user-select: none; user-select: none;"))
        #expect(css.contains("/* LineNumbers */ .chroma .ln { white-space: pre; -webkit-user-select: none; user-select: none;"))
    }

    // MARK: Entries and inheritance

    @Test func parsesEntriesAsChroma() throws {
        let entry = try ChromaStyleEntry(parsing: "  bold noitalic underline #abc bg:#123456 border:#ansired noinherit ")
        #expect(entry.colour == ChromaColour(red: 0xAA, green: 0xBB, blue: 0xCC))
        #expect(entry.background == ChromaColour(red: 0x12, green: 0x34, blue: 0x56))
        #expect(entry.border == ChromaColour(red: 0xFF, green: 0, blue: 0))
        #expect(entry.bold == true && entry.italic == false && entry.underline == true && entry.noInherit)
        #expect(entry.description == "bold noitalic underline noinherit #aabbcc bg:#123456 border:#ff0000")
        #expect(try ChromaStyleEntry(parsing: "bg:#ffffff bg:").background == nil)
        #expect(try ChromaStyleEntry(parsing: "#teal").colour == ChromaColour(red: 0, green: 0x7F, blue: 0x7F))
        #expect(try ChromaStyleEntry(parsing: "").isZero)
        for bad in ["blink", "#ggg", "bg:#", "#", "#-12", "#+12", "#1234567", "red", "border:#zz"] {
            #expect(throws: ChromaStyle.ParseError.self) { try ChromaStyleEntry(parsing: bad) }
        }
    }

    @Test func resolvesAsChromasGet() throws {
        let style = try ChromaStyle(xml: """
            <style name="t">
              <entry type="Background" style="#111111 bg:#fafafa"/>
              <entry type="Text" style="italic"/>
              <entry type="Keyword" style="bold #222222"/>
              <entry type="KeywordType" style="nobold"/>
              <entry type="LiteralString" style="#333333 bg:#eeeeee"/>
              <entry type="LiteralStringDouble" style="noinherit #444444"/>
              <entry type="CommentPreproc" style="underline"/>
            </style>
            """)
        // Sub-category, category, Text, Background, nearest first.
        #expect(style.entry(for: .keywordReserved) == ChromaStyleEntry(colour: ChromaColour(parsing: "#222222"), background: ChromaColour(parsing: "#fafafa"), bold: true, italic: true))
        #expect(style.entry(for: .keywordType).bold == false)
        #expect(style.entry(for: .literalStringEscape).background == ChromaColour(parsing: "#eeeeee"))
        #expect(style.entry(for: .commentPreprocFile) == ChromaStyleEntry(colour: ChromaColour(parsing: "#111111"), background: ChromaColour(parsing: "#fafafa"), italic: true, underline: true))
        // noinherit takes nothing, not even the background.
        #expect(style.entry(for: .literalStringDouble) == ChromaStyleEntry(colour: ChromaColour(parsing: "#444444"), noInherit: true))
        // Line highlight and line numbers are made up from the background when missing (10% and 50% towards the other end).
        #expect(style.entry(for: .lineHighlight).background == ChromaColour(red: 0xE1, green: 0xE1, blue: 0xE1))
        #expect(style.entry(for: .lineNumbers).colour == ChromaColour(red: 0x88, green: 0x88, blue: 0x88))
        let css = style.css()
        #expect(css.contains("/* Background */ .bg { color: #111111; background-color: #fafafa; font-style: italic; }\n"))
        #expect(css.contains("/* LiteralStringDouble */ .chroma .s2 { color: #444444 }\n"))
        #expect(css.contains("/* KeywordType */ .chroma .kt { color: #222222 }\n"))
        #expect(!css.contains(".chroma .n "))
    }

    @Test func refusesWhatChromaRefuses() {
        for xml in ["<style><entry type=\"Keyword\" style=\"bold\"/></style>",
                    "<style name=\"x\" id=\"y\"></style>",
                    "<style name=\"x\"><rule/></style>",
                    "<style name=\"x\"><entry type=\"Keywords\" style=\"bold\"/></style>",
                    "<style name=\"x\"><entry type=\"Keyword\" style=\"heavy\"/></style>",
                    "<style name=\"x\"><entry type=\"Keyword\" colour=\"#fff\"/></style>",
                    "<style name=\"x\">", ""] {
            #expect(throws: ChromaStyle.ParseError.self) { try ChromaStyle(xml: xml) }
        }
        #expect(ChromaStyle.named("no-such-style") == nil)
    }

    // MARK: Contrast

    @Test func contrastRatioIsWCAGs() throws {
        #expect(abs(ChromaColour.contrastRatio(.black, .white) - 21) < 1e-9)
        #expect(ChromaColour.contrastRatio(.white, .white) == 1)
        let grey = try #require(ChromaColour(parsing: "#767676"))
        #expect(abs(ChromaColour.contrastRatio(grey, .white) - 4.54) < 0.01)
        #expect(abs(ChromaColour.contrastRatio(.white, grey) - 4.54) < 0.01)
    }

    @Test func defaultStylesheetMeetsAAInLightAndDark() {
        let css = ChromaStyle.defaultStylesheet()
        #expect(css.contains("@media (prefers-color-scheme: dark) {\n  /* Background */ :root:not([data-theme=\"light\"]) .bg {"))
        #expect(css.contains("\n/* Keyword */ :root[data-theme=\"dark\"] .chroma .k {"))
        #expect(css.contains("\n/* Keyword */ .chroma .k {"))
        for mode in CSSCascade.Mode.allCases {
            let failures = CSSCascade(css).contrastFailures(mode: mode, minimum: 4.5)
            #expect(failures == [], "\(mode)")
            #expect(CSSCascade(css).classes(mode: mode).count > 60)
        }
    }

    /// The dark rules leave nothing of the light ones showing: in dark mode every class looks as the dark style alone says.
    @Test func darkRulesOverrideEveryLightOne() throws {
        let light = try #require(ChromaStyle.named("github")).adjustedForContrast()
        let dark = try #require(ChromaStyle.named("github-dark")).adjustedForContrast()
        let combined = CSSCascade(ChromaStyle.scoped(light: light, dark: dark))
        let alone = CSSCascade(dark.css())
        for mode in [CSSCascade.Mode.darkSystem, .darkExplicit] {
            #expect(combined.normalisedClasses(mode: mode) == alone.normalisedClasses(mode: .light))
        }
        #expect(combined.normalisedClasses(mode: .light) == CSSCascade(light.css()).normalisedClasses(mode: .light))
    }

    @Test func stylesheetByName() throws {
        #expect(ChromaStyle.stylesheet(light: "github", dark: nil) == (try Self.fixture("chroma-github.css")))
        #expect(ChromaStyle.stylesheet(light: "nope", dark: nil) == nil)
        #expect(ChromaStyle.stylesheet(light: "github", dark: "nope") == nil)
        let css = try #require(ChromaStyle.stylesheet(light: "github", dark: "monokai"))
        #expect(css.hasPrefix(try Self.fixture("chroma-github.css") + "@media (prefers-color-scheme: dark) {\n"))
        #expect(css.contains("\n  /* Keyword */ :root:not([data-theme=\"light\"]) .chroma .k { color: #66d9ef; font-weight: inherit }\n"))
        #expect(css.contains("\n/* Keyword */ :root[data-theme=\"dark\"] .chroma .k { color: #66d9ef; font-weight: inherit }\n"))
        // A class only the light style sets is reset in dark mode.
        #expect(css.contains("/* TextWhitespace */ :root[data-theme=\"dark\"] .chroma .w { color: inherit }"))
        let alone = CSSCascade(try #require(ChromaStyle.named("monokai")).css())
        #expect(CSSCascade(css).normalisedClasses(mode: .darkExplicit) == alone.normalisedClasses(mode: .light))
    }

    /// Already readable styles keep their CSS: the adjustment's resolved entries say what the originals said, but for a
    /// `.chroma` rule Chroma writes invalid (a Text colour unlike the Background's glued to it), which comes back valid.
    @Test func aStyleThatPassesKeepsItsCSS() {
        var kept = 0
        for name in ChromaStyle.names {
            let style = ChromaStyle.named(name)!
            let background = style.entry(for: .background)
            guard background.colour != nil, background.background != nil else { continue }
            let original = style.css().split(separator: "\n")
            let adjusted = style.adjustedForContrast(minimum: 1).css().split(separator: "\n")
            if original[1].range(of: "[0-9a-f]color: ", options: .regularExpression) != nil {
                #expect(adjusted[1] == "/* PreWrapper */ .chroma { \(background.css); }", "\(name)")
                #expect(Array(adjusted.dropFirst(2)) == Array(original.dropFirst(2)), "\(name)")
            } else {
                #expect(adjusted == original, "\(name)")
                kept += 1
            }
        }
        #expect(kept > 30)
    }

    @Test func everyChromaStyleCanBeMadeReadable() {
        for name in ChromaStyle.names {
            let css = ChromaStyle.named(name)!.adjustedForContrast().css()
            #expect(CSSCascade(css).contrastFailures(mode: .light, minimum: 4.5) == [], "\(name)")
        }
    }

    @Test func adjustedColoursProperty() {
        var random = SplitMix64(seed: 0x5EED_C0DE)
        var failures: [String] = []
        var changed = 0
        for _ in 0..<4000 {
            let foreground = random.colour()
            // Half the backgrounds greys, many of them near the luminance where black and white contrast alike.
            let background = random.next() % 2 == 0 ? random.colour() : random.grey(in: 100...140)
            let result = foreground.adjusted(toContrast: 4.5, on: background)
            let before = ChromaColour.contrastRatio(foreground, background)
            let after = ChromaColour.contrastRatio(result, background)
            let describe = "\(foreground) on \(background) -> \(result) (\(after))"
            if after < 4.5 { failures.append("fails: " + describe) }
            if before >= 4.5 {
                if result != foreground { failures.append("changed a passing colour: " + describe) }
                continue
            }
            changed += 1
            let channels = [foreground.red, foreground.green, foreground.blue].map(Int.init)
            let adjusted = [result.red, result.green, result.blue].map(Int.init)
            if ChromaColour.contrastRatio(.black, background) >= ChromaColour.contrastRatio(.white, background) {
                if zip(adjusted, channels).contains(where: { $0 > $1 }) { failures.append("not darker: " + describe) }
                // One step less dark (the brightest channel one higher, the others in proportion) would fail.
                let top = channels.max()!, level = adjusted.max()!
                if level < top {
                    let lighter = Self.scaled(channels, by: Double(level + 1) / Double(top))
                    if ChromaColour.contrastRatio(lighter, background) >= 4.5 { failures.append("not minimal: " + describe) }
                }
            } else {
                if zip(adjusted, channels).contains(where: { $0 < $1 }) { failures.append("not lighter: " + describe) }
                let bottom = channels.min()!, level = adjusted.min()!
                if level > bottom {
                    let share = Double(level - 1 - bottom) / Double(255 - bottom)
                    let darker = ChromaColour(red: Self.byte(Double(channels[0]) + Double(255 - channels[0]) * share),
                                              green: Self.byte(Double(channels[1]) + Double(255 - channels[1]) * share),
                                              blue: Self.byte(Double(channels[2]) + Double(255 - channels[2]) * share))
                    if ChromaColour.contrastRatio(darker, background) >= 4.5 { failures.append("not minimal: " + describe) }
                }
            }
            // Same hue, within rounding, wherever there is a hue to keep.
            if let before = Self.hue(foreground), let after = Self.hue(result) {
                let difference = abs(before - after)
                if min(difference, 360 - difference) > 6 { failures.append("hue \(before) -> \(after): " + describe) }
            }
        }
        #expect(Array(failures.prefix(5)) == [])
        #expect(changed > 1000)
    }

    @Test func adjustedStylesProperty() {
        var random = SplitMix64(seed: 20_251_125)
        var failures: [String] = []
        for round in 0..<300 {
            let light = random.style(named: "light\(round)").adjustedForContrast()
            let dark = random.style(named: "dark\(round)").adjustedForContrast()
            if !CSSCascade(light.css()).contrastFailures(mode: .light, minimum: 4.5).isEmpty {
                failures.append(light.css())
            }
            let combined = CSSCascade(ChromaStyle.scoped(light: light, dark: dark))
            for mode in CSSCascade.Mode.allCases where !combined.contrastFailures(mode: mode, minimum: 4.5).isEmpty {
                failures.append("\(mode): \(combined.contrastFailures(mode: mode, minimum: 4.5))")
            }
            if combined.normalisedClasses(mode: .darkSystem) != CSSCascade(dark.css()).normalisedClasses(mode: .light) {
                failures.append("light shows through dark in round \(round)")
            }
        }
        #expect(Array(failures.prefix(3)) == [])
    }

    // MARK: Helpers

    static func fnv1a(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    static func byte(_ value: Double) -> UInt8 { UInt8(max(0, min(255, value.rounded()))) }

    static func scaled(_ channels: [Int], by scale: Double) -> ChromaColour {
        ChromaColour(red: byte(Double(channels[0]) * scale), green: byte(Double(channels[1]) * scale), blue: byte(Double(channels[2]) * scale))
    }

    /// HSV hue in degrees, or nil where the colour is too grey for its hue to survive rounding.
    static func hue(_ colour: ChromaColour) -> Double? {
        let (r, g, b) = (Double(colour.red), Double(colour.green), Double(colour.blue))
        let top = max(r, g, b), bottom = min(r, g, b), chroma = top - bottom
        guard chroma >= 40 else { return nil }
        let hue: Double
        if top == r { hue = (g - b) / chroma } else if top == g { hue = 2 + (b - r) / chroma } else { hue = 4 + (r - g) / chroma }
        return (hue * 60 + 360).truncatingRemainder(dividingBy: 360)
    }
}

/// A seeded, deterministic generator (SplitMix64), so a failing case is the same on every run.
/// Un generador determinista con semilla (SplitMix64): un caso que falla falla siempre igual.
fileprivate struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func colour() -> ChromaColour {
        let value = next()
        return ChromaColour(red: UInt8(truncatingIfNeeded: value), green: UInt8(truncatingIfNeeded: value >> 8), blue: UInt8(truncatingIfNeeded: value >> 16))
    }

    mutating func grey(in range: ClosedRange<UInt8>) -> ChromaColour {
        let level = UInt8.random(in: range, using: &self)
        return ChromaColour(red: level, green: level, blue: level)
    }

    mutating func flag() -> Bool? { [nil, true, false][Int(next() % 3)] }

    /// A style of random colours: a background (or none), a text colour (or none) and a dozen random types, some with
    /// their own background, some `noinherit`.
    mutating func style(named name: String) -> ChromaStyle {
        var entries: [TokenType: ChromaStyleEntry] = [:]
        entries[.background] = ChromaStyleEntry(colour: next() % 5 == 0 ? nil : colour(), background: next() % 10 == 0 ? nil : colour())
        for _ in 0..<12 {
            let type = ChromaStyle.standardTypes[Int(next() % UInt64(ChromaStyle.standardTypes.count))]
            // Chroma writes a PreWrapper entry's CSS glued to the Background's with no `;` between (broken CSS); no
            // style of Chroma's has one.
            guard type != .background, type != .preWrapper else { continue }
            entries[type] = ChromaStyleEntry(colour: next() % 5 == 0 ? nil : colour(), background: next() % 4 == 0 ? colour() : nil,
                                             bold: flag(), italic: flag(), underline: flag(), noInherit: next() % 10 == 0)
        }
        return ChromaStyle(name: name, entries: entries)
    }
}

/// Just enough CSS cascade to read the colours a browser shows for ChromaStyle's rules (scoped dark rules win; `inherit`).
/// Lo justo de la cascada CSS para leer los colores que mostraría un navegador con las reglas de ChromaStyle.
fileprivate struct CSSCascade {
    enum Mode: CaseIterable { case light, darkSystem, darkExplicit }

    /// (mode the rule belongs to, selector without its scope, declarations in order)
    var rules: [(mode: Mode, selector: String, declarations: [(String, String)])] = []

    init(_ css: String) {
        for line in css.split(separator: "\n") {
            guard let close = line.range(of: " */ "), let open = line.range(of: " { "), line.hasSuffix(" }") else { continue }
            var selector = String(line[close.upperBound..<open.lowerBound])
            var mode = Mode.light
            for (scope, scoped) in [(":root:not([data-theme=\"light\"]) ", Mode.darkSystem), (":root[data-theme=\"dark\"] ", .darkExplicit)]
            where selector.hasPrefix(scope) {
                selector.removeFirst(scope.count)
                mode = scoped
            }
            let body = line[open.upperBound..<line.index(line.endIndex, offsetBy: -2)]
            let declarations = body.split(separator: ";").compactMap { part -> (String, String)? in
                guard let colon = part.firstIndex(of: ":") else { return nil }
                return (part[..<colon].trimmingCharacters(in: .whitespaces), part[part.index(after: colon)...].trimmingCharacters(in: .whitespaces))
            }
            rules.append((mode, selector, declarations))
        }
    }

    /// Selector → property → value, as they apply in `mode`.
    func classes(mode: Mode) -> [String: [String: String]] {
        var out: [String: [String: String]] = [:]
        for rule in rules where rule.mode == .light || rule.mode == mode {
            for (property, value) in rule.declarations { out[rule.selector, default: [:]][property] = value }
        }
        return out
    }

    /// `classes` without the values that only restate the default (`inherit`, `transparent`, `none`).
    func normalisedClasses(mode: Mode) -> [String: [String: String]] {
        classes(mode: mode).mapValues { $0.filter { !["inherit", "transparent", "none"].contains($0.value) } }
            .filter { !$0.value.isEmpty }
    }

    /// Every class (and `.bg`) whose text colour falls under `minimum` against the background it shows on.
    func contrastFailures(mode: Mode, minimum: Double) -> [String] {
        let classes = classes(mode: mode)
        guard let chroma = classes[".chroma"], let text = chroma["color"].flatMap(ChromaColour.init(parsing:)),
              let ground = chroma["background-color"].flatMap(ChromaColour.init(parsing:)) else {
            return [".chroma has no colour or background"]
        }
        var failures: [String] = []
        for (selector, properties) in classes where selector.hasPrefix(".chroma .") || selector == ".bg" {
            let colour = properties["color"].flatMap(ChromaColour.init(parsing:)) ?? text
            let background = properties["background-color"].flatMap(ChromaColour.init(parsing:)) ?? ground
            let ratio = ChromaColour.contrastRatio(colour, background)
            if ratio < minimum { failures.append("\(selector): \(colour) on \(background) = \(ratio)") }
        }
        return failures.sorted()
    }
}
