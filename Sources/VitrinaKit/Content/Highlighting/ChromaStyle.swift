import Synchronization
import Foundation

/// An sRGB colour of a Chroma style, read as Chroma's `ParseColour` reads it and written as `#rrggbb`.
/// Un color sRGB de un estilo de Chroma, leído como lo lee `ParseColour` y escrito como `#rrggbb`.
public struct ChromaColour: Sendable, Hashable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    public static let black = ChromaColour(red: 0, green: 0, blue: 0)
    public static let white = ChromaColour(red: 255, green: 255, blue: 255)

    /// Chroma's forms: `#rgb`, `#rrggbb` (any count of hex digits Go's `ParseUint` takes, as long as it fits in 24 bits),
    /// `#ansired` and the other ANSI names, `#red`…; nil for anything else.
    public init?(parsing text: String) {
        var digits = text
        if let ansi = Self.ansi[text] {
            digits = ansi
        } else if text.hasPrefix("#") {
            digits = String(text.dropFirst())
            if digits.utf8.count == 3 {
                digits = digits.map { "\($0)\($0)" }.joined()
            }
        }
        // Go's ParseUint(…, 16, 32): hex digits only, no sign; Vitrina also refuses what overflows 24 bits.
        let isHex: (UInt8) -> Bool = { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x46) || ($0 >= 0x61 && $0 <= 0x66) }
        guard !digits.isEmpty, digits.utf8.count <= 8, digits.utf8.allSatisfy(isHex),
              let value = UInt32(digits, radix: 16), value <= 0xFF_FFFF else { return nil }
        self.init(red: UInt8(value >> 16), green: UInt8((value >> 8) & 0xFF), blue: UInt8(value & 0xFF))
    }

    public var description: String {
        "#" + [red, green, blue].map { byte in
            let hex = String(byte, radix: 16)
            return hex.utf8.count == 1 ? "0" + hex : hex
        }.joined()
    }

    /// WCAG 2.x relative luminance: each channel linearised from sRGB, weighted 0.2126, 0.7152, 0.0722.
    public var relativeLuminance: Double {
        func linear(_ channel: UInt8) -> Double {
            let value = Double(channel) / 255
            return value <= 0.03928 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG 2.x contrast ratio, from 1 (same luminance) to 21 (black on white); the order of the two does not matter.
    public static func contrastRatio(_ first: ChromaColour, _ second: ChromaColour) -> Double {
        let (a, b) = (first.relativeLuminance, second.relativeLuminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// Chroma's `Brightness`: the mean of the channels, 0 to 1.
    var brightness: Double { (Double(red) + Double(green) + Double(blue)) / 255 / 3 }

    /// Chroma's `Brighten`: a positive factor moves each channel that far towards 255, a negative one scales it down;
    /// Go's conversion to uint8 truncates.
    func brightened(_ factor: Double) -> ChromaColour {
        var (r, g, b) = (Double(red), Double(green), Double(blue))
        if factor < 0 {
            let scale = factor + 1
            (r, g, b) = (r * scale, g * scale, b * scale)
        } else {
            (r, g, b) = ((255 - r) * factor + r, (255 - g) * factor + g, (255 - b) * factor + b)
        }
        func byte(_ value: Double) -> UInt8 { UInt8(max(0, min(255, value.rounded(.towardZero)))) }
        return ChromaColour(red: byte(r), green: byte(g), blue: byte(b))
    }

    /// Chroma's `BrightenOrDarken`: brighter if the colour is dark (brightness under 0.5), else darker.
    func brightenedOrDarkened(_ factor: Double) -> ChromaColour {
        brightness < 0.5 ? brightened(factor) : brightened(-factor)
    }

    /// The colour nearest this one, same hue, whose contrast against `background` reaches `minimum`: unchanged if it
    /// already does; else scaled towards black on a background black contrasts with better, towards white on one
    /// white does, by the smallest whole step of the channel that moves most. Where even black or white falls short
    /// (a minimum over about 4.58 on a mid-grey), that extreme.
    /// El color más cercano, con el mismo tono, que alcanza el contraste mínimo: oscurecido sobre fondo claro, aclarado sobre oscuro.
    public func adjusted(toContrast minimum: Double, on background: ChromaColour) -> ChromaColour {
        func passes(_ colour: ChromaColour) -> Bool { Self.contrastRatio(colour, background) >= minimum }
        if passes(self) { return self }
        let channels = [red, green, blue].map(Double.init)
        func byte(_ value: Double) -> UInt8 { UInt8(max(0, min(255, value.rounded()))) }
        if Self.contrastRatio(.black, background) >= Self.contrastRatio(.white, background) {
            // Darker: the brightest channel goes from `top` down to `level`, the others in proportion (hue kept).
            let top = channels.max()!
            func darkened(_ level: Int) -> ChromaColour {
                guard top > 0 else { return .black }
                let scale = Double(level) / top
                return ChromaColour(red: byte(channels[0] * scale), green: byte(channels[1] * scale), blue: byte(channels[2] * scale))
            }
            guard passes(darkened(0)) else { return darkened(0) }
            // The passing levels are 0…answer (luminance grows with the level and this colour, at `top`, fails).
            var (low, high) = (0, Int(top))
            while high - low > 1 {
                let middle = (low + high) / 2
                if passes(darkened(middle)) { low = middle } else { high = middle }
            }
            return darkened(low)
        } else {
            // Lighter: the dimmest channel goes from `bottom` up to `level`, each channel keeping its share of the way to 255.
            let bottom = channels.min()!
            func lightened(_ level: Int) -> ChromaColour {
                guard bottom < 255 else { return .white }
                let share = (Double(level) - bottom) / (255 - bottom)
                return ChromaColour(red: byte(channels[0] + (255 - channels[0]) * share),
                                    green: byte(channels[1] + (255 - channels[1]) * share),
                                    blue: byte(channels[2] + (255 - channels[2]) * share))
            }
            guard passes(lightened(255)) else { return lightened(255) }
            var (low, high) = (Int(bottom), 255)
            while high - low > 1 {
                let middle = (low + high) / 2
                if passes(lightened(middle)) { high = middle } else { low = middle }
            }
            return lightened(high)
        }
    }

    /// Chroma's `ANSI2RGB`.
    private static let ansi: [String: String] = [
        "#ansiblack": "000000", "#ansidarkred": "7f0000", "#ansidarkgreen": "007f00", "#ansibrown": "7f7fe0",
        "#ansidarkblue": "00007f", "#ansipurple": "7f007f", "#ansiteal": "007f7f", "#ansilightgray": "e5e5e5",
        "#ansidarkgray": "555555", "#ansired": "ff0000", "#ansigreen": "00ff00", "#ansiyellow": "ffff00",
        "#ansiblue": "0000ff", "#ansifuchsia": "ff00ff", "#ansiturquoise": "00ffff", "#ansiwhite": "ffffff",
        "#black": "000000", "#darkred": "7f0000", "#darkgreen": "007f00", "#brown": "7f7fe0",
        "#darkblue": "00007f", "#purple": "7f007f", "#teal": "007f7f", "#lightgray": "e5e5e5",
        "#darkgray": "555555", "#red": "ff0000", "#green": "00ff00", "#yellow": "ffff00",
        "#blue": "0000ff", "#fuchsia": "ff00ff", "#turquoise": "00ffff", "#white": "ffffff",
    ]
}

/// One rule of a Chroma style (`bold italic #999988 bg:#ffffff`); a nil colour or flag is left to the ancestors.
/// Una regla de un estilo de Chroma; un color o atributo nil se hereda de los antecesores.
public struct ChromaStyleEntry: Sendable, Hashable, CustomStringConvertible {
    public var colour: ChromaColour?
    public var background: ChromaColour?
    public var border: ChromaColour?
    /// nil: inherited; true: `bold`; false: `nobold`. The same for italic and underline.
    public var bold: Bool?
    public var italic: Bool?
    public var underline: Bool?
    /// `noinherit`: take nothing from the ancestors, not even the background.
    public var noInherit: Bool

    public init(colour: ChromaColour? = nil, background: ChromaColour? = nil, border: ChromaColour? = nil,
                bold: Bool? = nil, italic: Bool? = nil, underline: Bool? = nil, noInherit: Bool = false) {
        self.colour = colour
        self.background = background
        self.border = border
        self.bold = bold
        self.italic = italic
        self.underline = underline
        self.noInherit = noInherit
    }

    /// Chroma's `ParseStyleEntry`: words separated by white space; an unknown word or a bad colour is an error.
    public init(parsing text: String) throws {
        self.init()
        for part in text.split(whereSeparator: \.isWhitespace).map(String.init) {
            switch part {
            case "italic": italic = true
            case "noitalic": italic = false
            case "bold": bold = true
            case "nobold": bold = false
            case "underline": underline = true
            case "nounderline": underline = false
            case "inherit": noInherit = false
            case "noinherit": noInherit = true
            case "bg:": background = nil
            default:
                if part.hasPrefix("bg:#") {
                    guard let colour = ChromaColour(parsing: String(part.dropFirst(3))) else { throw ChromaStyle.ParseError("invalid background colour \"\(part)\"") }
                    background = colour
                } else if part.hasPrefix("border:#") {
                    guard let colour = ChromaColour(parsing: String(part.dropFirst(7))) else { throw ChromaStyle.ParseError("invalid border colour \"\(part)\"") }
                    border = colour
                } else if part.hasPrefix("#") {
                    guard let colour = ChromaColour(parsing: part) else { throw ChromaStyle.ParseError("invalid colour \"\(part)\"") }
                    self.colour = colour
                } else {
                    throw ChromaStyle.ParseError("unknown style element \"\(part)\"")
                }
            }
        }
    }

    /// Chroma's `String`: the entry written back in the style language.
    public var description: String {
        var out: [String] = []
        if let bold { out.append(bold ? "bold" : "nobold") }
        if let italic { out.append(italic ? "italic" : "noitalic") }
        if let underline { out.append(underline ? "underline" : "nounderline") }
        if noInherit { out.append("noinherit") }
        if let colour { out.append(colour.description) }
        if let background { out.append("bg:" + background.description) }
        if let border { out.append("border:" + border.description) }
        return out.joined(separator: " ")
    }

    /// Chroma's `IsZero`.
    var isZero: Bool {
        colour == nil && background == nil && border == nil && bold == nil && italic == nil && underline == nil && !noInherit
    }

    /// Chroma's `Inherit`: ancestors oldest first; the newest fills the gaps first; `noinherit` stops it all.
    func inheriting(_ ancestors: [ChromaStyleEntry]) -> ChromaStyleEntry {
        var out = self
        for ancestor in ancestors.reversed() {
            if out.noInherit { return out }
            out.colour = out.colour ?? ancestor.colour
            out.background = out.background ?? ancestor.background
            out.border = out.border ?? ancestor.border
            out.bold = out.bold ?? ancestor.bold
            out.italic = out.italic ?? ancestor.italic
            out.underline = out.underline ?? ancestor.underline
        }
        return out
    }

    /// Chroma's `Sub`: what differs from `other` (`noinherit` is dropped).
    func subtracting(_ other: ChromaStyleEntry) -> ChromaStyleEntry {
        ChromaStyleEntry(colour: colour == other.colour ? nil : colour,
                         background: background == other.background ? nil : background,
                         border: border == other.border ? nil : border,
                         bold: bold == other.bold ? nil : bold,
                         italic: italic == other.italic ? nil : italic,
                         underline: underline == other.underline ? nil : underline)
    }

    /// The CSS properties `css` writes, in its order.
    var cssProperties: [String] {
        var out: [String] = []
        if colour != nil { out.append("color") }
        if background != nil { out.append("background-color") }
        if bold == true { out.append("font-weight") }
        if italic == true { out.append("font-style") }
        if underline == true { out.append("text-decoration") }
        return out
    }

    /// Chroma's `StyleEntryToCSS` (the border is not written; `nobold` writes nothing).
    var css: String {
        var out: [String] = []
        if let colour { out.append("color: \(colour)") }
        if let background { out.append("background-color: \(background)") }
        if bold == true { out.append("font-weight: bold") }
        if italic == true { out.append("font-style: italic") }
        if underline == true { out.append("text-decoration: underline") }
        return out.joined(separator: "; ")
    }
}

/// A Chroma highlighting style (`github`, `monokai`…): its entries, resolved and written as CSS as Chroma does.
/// Un estilo de resaltado de Chroma: sus entradas, resueltas y escritas como CSS igual que Chroma.
public struct ChromaStyle: Sendable, Equatable {
    /// Why a style's XML was refused.
    /// Por qué se rechazó el XML de un estilo.
    public struct ParseError: Error, CustomStringConvertible, Equatable {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    public var name: String
    public var entries: [TokenType: ChromaStyleEntry]

    public init(name: String, entries: [TokenType: ChromaStyleEntry]) {
        self.name = name
        self.entries = entries
    }

    /// A style from Chroma's XML (`<style name="github"><entry type="Keyword" style="bold #000000"/>…`), refused where
    /// Chroma's `UnmarshalXML` refuses it: a missing name, an unknown element, attribute, token type or style word.
    public init(xml: String) throws {
        let root: ChromaXMLElement
        do { root = try ChromaXML.parse(xml) } catch { throw ParseError("\(error)") }
        for attribute in root.attributes where attribute.name != "name" {
            throw ParseError("unexpected attribute \(attribute.name)")
        }
        guard let name = root.attribute("name"), !name.isEmpty else { throw ParseError("missing style name attribute") }
        var entries: [TokenType: ChromaStyleEntry] = [:]
        for child in root.children {
            guard child.name == "entry" else { throw ParseError("unexpected element \(child.name)") }
            var type = TokenType(code: 0)
            var entry = ChromaStyleEntry()
            for attribute in child.attributes {
                switch attribute.name {
                case "type":
                    guard let known = TokenType(name: attribute.value) else { throw ParseError("\(attribute.value) does not belong to TokenType values") }
                    type = known
                case "style":
                    entry = try ChromaStyleEntry(parsing: attribute.value)
                default:
                    throw ParseError("unexpected attribute \(attribute.name)")
                }
            }
            entries[type] = entry
        }
        self.init(name: name, entries: entries)
    }

    /// Chroma's style of that name (`github`, `github-dark`, `monokai`…), or nil; each is read from its XML on first use.
    public static func named(_ name: String) -> ChromaStyle? {
        if let known = parsed.withLock({ $0[name] }) { return known }
        guard let xml = ChromaData.styles[name], let style = try? ChromaStyle(xml: xml), style.name == name else { return nil }
        parsed.withLock { $0[name] = style }
        return style
    }

    /// The names of Chroma's styles, sorted (each style's file is named as the style).
    public static var names: [String] { ChromaData.styles.keys.sorted() }

    private static let parsed = Mutex<[String: ChromaStyle]>([:])

    // MARK: Resolution (Chroma's Style.Get)

    /// The entry Chroma uses for `type` (`Style.Get`): its own, else synthesised (line highlight and line numbers), then
    /// filled from its sub-category, its category, `Text` and `Background`, nearest first, unless it says `noinherit`.
    public func entry(for type: TokenType) -> ChromaStyleEntry {
        let category = TokenType(code: type.code / 1000 * 1000)
        let subCategory = TokenType(code: type.code / 100 * 100)
        return ownEntry(type).inheriting([ownEntry(.background), ownEntry(.text), ownEntry(category), ownEntry(subCategory)])
    }

    /// Chroma's `get`: the entry as written, or the one Chroma makes up for a missing line highlight or line number.
    private func ownEntry(_ type: TokenType) -> ChromaStyleEntry {
        let own = entries[type] ?? ChromaStyleEntry()
        guard own.isZero else { return own }
        let background = entries[.background] ?? ChromaStyleEntry()
        // An unset Go Colour reads as 0xffffff in Brighten, so a missing colour behaves as white here.
        switch type {
        case .lineHighlight:
            return ChromaStyleEntry(background: (background.background ?? .white).brightenedOrDarkened(0.1))
        case .lineNumbers, .lineNumbersTable:
            return ChromaStyleEntry(colour: (background.colour ?? .white).brightenedOrDarkened(0.5))
        default:
            return own
        }
    }

    // MARK: CSS (Chroma's WriteCSS)

    /// Chroma's `StandardTypes`: the types its HTML formatter gives a class to, the ones `WriteCSS` writes.
    static let standardTypes: [TokenType] = TokenType.classes.keys.sorted().map(TokenType.init(code:))

    /// The declarations Chroma's `styleToCSS` makes for each type, and the CSS properties its style entry sets.
    private func declarations(allClasses: Bool) -> [TokenType: (css: String, properties: [String])] {
        var out: [TokenType: (css: String, properties: [String])] = [:]
        let background = entry(for: .background)
        for type in Self.standardTypes {
            var entry = entry(for: type)
            if type != .background { entry = entry.subtracting(background) }
            if !allClasses && entry.isZero { continue }
            out[type] = (entry.css, entry.cssProperties)
        }
        let bg = out[.background] ?? ("", [])
        out[.background] = (bg.css + ";", bg.properties)
        let pre = out[.preWrapper] ?? ("", [])
        out[.preWrapper] = (pre.css + bg.css + ";", pre.properties + bg.properties)
        let lineNumbers = "white-space: pre; -webkit-user-select: none; user-select: none; margin-right: 0.4em; padding: 0 0.4em 0 0.4em;"
        let prefixes: [(TokenType, String)] = [
            (.line, "display: flex;"),
            (.lineNumbers, lineNumbers),
            (.lineNumbersTable, lineNumbers),
            (.lineTable, "border-spacing: 0; padding: 0; margin: 0; border: 0;"),
            (.lineTableTD, "vertical-align: top; padding: 0; margin: 0; border: 0;"),
            (.lineLink, "outline: none; text-decoration: none; color: inherit"),
        ]
        for (type, prefix) in prefixes {
            let own = out[type] ?? ("", [])
            out[type] = (prefix + own.css, own.properties)
        }
        return out
    }

    /// The CSS Chroma's HTML formatter writes for this style with classes (`WriteCSS`), one rule a line:
    /// `/* Background */ .bg { … }`, `/* PreWrapper */ .chroma { … }`, then every styled class as `.chroma .k { … }` in
    /// token-type order, line numbers (`user-select: none`, so a copy leaves them out) and line highlight included.
    /// `scope`, when not empty, goes before every selector with a space (`:root[data-theme="dark"] .chroma .k`).
    /// `allClasses` writes the empty rules too, as `hugo gen chromastyles` does.
    /// El CSS que escribe Chroma para el estilo con clases; `scope` antecede a cada selector.
    public func css(scope: String = "", allClasses: Bool = false) -> String {
        rules(scope: scope, declarations: declarations(allClasses: allClasses))
    }

    /// This style's CSS written to win over `base`'s where both apply (a dark style over the light one in dark mode):
    /// each rule also resets what `base`'s rule for the same class sets and this one does not (`color: inherit`,
    /// `background-color: transparent`, `font-weight`/`font-style: inherit`, `text-decoration: none`), and a class only
    /// `base` styles gets a rule of resets alone, so nothing of `base` shows through.
    func css(scope: String, over base: ChromaStyle) -> String {
        var own = declarations(allClasses: false)
        let theirs = base.declarations(allClasses: false)
        let fixed: [TokenType: Set<String>] = [.lineLink: ["text-decoration", "color"]]
        for (type, base) in theirs {
            let mine = own[type] ?? ("", [])
            let missing = base.properties.filter { !mine.properties.contains($0) && !(fixed[type]?.contains($0) ?? false) }
            guard !missing.isEmpty else { continue }
            var removed: [String] = []
            for property in missing where !removed.contains(property) {
                removed.append(property)
            }
            let resets = removed.map { property -> String in
                switch property {
                case "background-color": return "background-color: transparent"
                case "text-decoration": return "text-decoration: none"
                default: return "\(property): inherit"
                }
            }.joined(separator: "; ")
            let css: String
            if mine.css.isEmpty {
                css = resets
            } else if mine.css.hasSuffix(";") {
                css = mine.css + " " + resets + ";"
            } else {
                css = mine.css + "; " + resets
            }
            own[type] = (css, mine.properties + removed)
        }
        return rules(scope: scope, declarations: own)
    }

    private func rules(scope: String, declarations: [TokenType: (css: String, properties: [String])]) -> String {
        let prefix = scope.isEmpty ? "" : scope + " "
        var out = "/* Background */ \(prefix).bg { \(declarations[.background]?.css ?? "") }\n"
        out += "/* PreWrapper */ \(prefix).chroma { \(declarations[.preWrapper]?.css ?? "") }\n"
        for type in declarations.keys.sorted() where type != .background && type != .preWrapper {
            let cssClass = type.cssClass
            guard !cssClass.isEmpty, let css = declarations[type]?.css else { continue }
            out += "/* \(type.name) */ \(prefix).chroma .\(cssClass) { \(css) }\n"
        }
        return out
    }

    // MARK: Contrast

    /// The style with every class's text readable: each class's colour reaches `minimum` contrast (WCAG 2.x) against
    /// the background it shows on (its own `bg:`, else the style's), moved as little as it takes along its own hue
    /// (darker on a light background, lighter on a dark one; see `ChromaColour.adjusted`). Entries come back resolved
    /// (each type's as `entry(for:)` gives it), so the CSS says the same as before for everything that passed. A style
    /// with no background gets white (what Chroma's own arithmetic takes a missing colour for); one with no text colour
    /// gets black or white, whichever contrasts more, since the page's colour under it is unknown.
    /// El estilo con todo el texto legible: cada color alcanza el contraste mínimo contra su fondo, con el mismo tono.
    public func adjustedForContrast(minimum: Double = 4.5) -> ChromaStyle {
        var background = entry(for: .background)
        let ground = background.background ?? .white
        background.background = ground
        let text = background.colour
            ?? (ChromaColour.contrastRatio(.black, ground) >= ChromaColour.contrastRatio(.white, ground) ? .black : .white)
        background.colour = text.adjusted(toContrast: minimum, on: ground)
        var filled = self
        // What Chroma makes up for a missing line highlight or line number comes from the style as written, not from
        // the colours filled in here.
        for type in [TokenType.lineHighlight, .lineNumbers, .lineNumbersTable] { filled.entries[type] = ownEntry(type) }
        filled.entries[.background] = background

        var out = ChromaStyle(name: name, entries: [:])
        for type in Set(Self.standardTypes).union(entries.keys) {
            out.entries[type] = filled.entry(for: type)
        }
        // Chroma glues the PreWrapper's declarations to the Background's, and LineLink's to its own `color: inherit`,
        // with no `;` between: any of their own makes the rule invalid CSS (as with a `Text` colour unlike the
        // Background's, which every type inherits first). Here they say what the Background says, so both stay valid.
        out.entries[.preWrapper] = background
        out.entries[.lineLink] = background
        for type in Self.standardTypes where type != .background {
            guard var entry = out.entries[type] else { continue }
            // A class with no colour of its own (noinherit) shows the colour it inherits in the page: the style's.
            let shown = entry.colour ?? background.colour!
            let behind = entry.background ?? ground
            var adjusted = shown.adjusted(toContrast: minimum, on: behind)
            // A token on a marked line (`hl_lines`) is shown on the line highlight's background: it must read there too.
            // (Only where one colour can read on both backgrounds.)
            if behind == ground, type.code > 0, type != .text, let marked = filled.entry(for: .lineHighlight).background, marked != ground {
                let onBoth = adjusted.adjusted(toContrast: minimum, on: marked)
                if ChromaColour.contrastRatio(onBoth, ground) >= minimum { adjusted = onBoth }
            }
            if adjusted != shown {
                entry.colour = adjusted
                out.entries[type] = entry
            }
        }
        return out
    }

    // MARK: Stylesheets

    /// Dark-mode selectors of the theme (Templates/assets/site.css): the system's dark mode unless the page says light,
    /// and an explicit `data-theme="dark"`.
    static let darkSystemScope = ":root:not([data-theme=\"light\"])"
    static let darkExplicitScope = ":root[data-theme=\"dark\"]"

    /// The default theme's highlighting CSS: Chroma's `github` for light and `github-dark` for dark, both adjusted to
    /// WCAG AA (4.5:1) with `adjustedForContrast`. Light rules are plain (`.chroma .k`); dark ones come twice, inside
    /// `@media (prefers-color-scheme: dark)` under `:root:not([data-theme="light"])` and under `:root[data-theme="dark"]`.
    /// El CSS de resaltado del tema por defecto: github (claro) y github-dark (oscuro), ajustados a WCAG AA.
    public static func defaultStylesheet() -> String { defaultStylesheetText }

    private static let defaultStylesheetText: String = {
        let light = named("github")!.adjustedForContrast()
        let dark = named("github-dark")!.adjustedForContrast()
        return "/* Code highlighting: Chroma's github and github-dark styles, adjusted to WCAG AA contrast (4.5:1). */\n"
            + scoped(light: light, dark: dark)
    }()

    /// A site's highlighting CSS from Chroma's styles by name, unadjusted: `light`'s CSS as Chroma writes it, then, if
    /// `dark` is given, `dark`'s scoped like the theme's dark mode (with resets of what only the light one sets);
    /// nil if either name is unknown.
    /// El CSS de resaltado de un sitio a partir de los nombres de estilos de Chroma, sin ajustar; nil si alguno no existe.
    public static func stylesheet(light: String, dark: String?) -> String? {
        guard let lightStyle = named(light) else { return nil }
        guard let dark else { return lightStyle.css() }
        guard let darkStyle = named(dark) else { return nil }
        return scoped(light: lightStyle, dark: darkStyle)
    }

    static func scoped(light: ChromaStyle, dark: ChromaStyle) -> String {
        let media = dark.css(scope: darkSystemScope, over: light)
            .split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
        return light.css()
            + "@media (prefers-color-scheme: dark) {\n" + media + "\n}\n"
            + dark.css(scope: darkExplicitScope, over: light)
    }
}
