import Yams

/// How fenced code is highlighted (`highlight:` in site.yml): on by default with the default theme's colours, a Chroma
/// style by name for light and dark, or off (`highlight: false`).
/// Cómo se resalta el código (`highlight:` en site.yml): activado por defecto, un estilo de Chroma, o desactivado.
public struct HighlightSettings: Sendable, Equatable {
    public var enabled = true
    /// A Chroma style for light pages (`github`, `monokai`); nil: the default theme's (GitHub's, at WCAG AA contrast).
    public var style: String?
    /// A Chroma style for dark pages; nil with `style` set: the light style everywhere.
    public var darkStyle: String?

    public init(enabled: Bool = true, style: String? = nil, darkStyle: String? = nil) {
        self.enabled = enabled
        self.style = style
        self.darkStyle = darkStyle
    }

    static let keys = ["enabled", "style", "dark_style"]

    /// Every style name site.yml may give, as Chroma names them.
    public static var styleNames: [String] { ChromaData.styles.keys.sorted() }

    /// The settings as a line of text, part of the keys of what a build remembers.
    package var fingerprint: String { [enabled ? "on" : "off", style ?? "-", darkStyle ?? "-"].joined(separator: ",") }

    /// The stylesheet these settings publish as `assets/highlight.css`; nil when highlighting is off.
    public var stylesheet: String? {
        guard enabled else { return nil }
        guard let style else { return ChromaStyle.defaultStylesheet() }
        return ChromaStyle.stylesheet(light: style, dark: darkStyle)
    }
}

extension YAMLReader {
    /// A setting written as `true`/`false` or as a mapping of known keys (`highlight:`, `pictures:`): nil when absent,
    /// the switch, or the mapping's pairs, each key checked against `keys`.
    enum Switchable {
        case toggle(Bool)
        case entries([(key: String, value: Node)])
    }

    func switchable(_ root: Node.Mapping, _ name: String, keys: [String], example: String) throws -> Switchable? {
        guard let node = root[name] else { return nil }
        if let enabled = node.bool { return .toggle(enabled) }
        guard let map = node.mapping else {
            throw VitrinaError(.config, "\(file):\(line(node)): \(name) must be false, or a mapping like \(example)")
        }
        return .entries(try map.map { keyNode, value in
            guard let key = keyNode.string, keys.contains(key) else {
                throw VitrinaError(.config, "\(file):\(line(keyNode)): \(name).\(Printable.short(keyNode.string ?? "?", limit: 40)) is not a setting; "
                    + "use \(keys.joined(separator: ", "))")
            }
            return (key, value)
        })
    }

    /// `enabled: true|false` inside a switchable setting's mapping.
    func enabled(_ value: Node, in name: String) throws -> Bool {
        guard let enabled = value.bool else { throw VitrinaError(.config, "\(file):\(line(value)): \(name).enabled must be true or false") }
        return enabled
    }

    func highlight(_ root: Node.Mapping) throws -> HighlightSettings {
        var settings = HighlightSettings()
        switch try switchable(root, "highlight", keys: HighlightSettings.keys, example: "{style: github, dark_style: github-dark}") {
        case nil: return settings
        case .toggle(let enabled): settings.enabled = enabled
        case .entries(let entries):
            for (key, value) in entries {
                if key == "enabled" {
                    settings.enabled = try enabled(value, in: "highlight")
                    continue
                }
                guard let name = value.string, HighlightSettings.styleNames.contains(name) else {
                    let given = Printable.short(value.string ?? "?", limit: 40)
                    let hint = Closest.match(given, among: HighlightSettings.styleNames).map { "did you mean \($0)? " } ?? ""
                    throw VitrinaError(.config, "\(file):\(line(value)): highlight.\(key): \(given) is not one of Chroma's styles; \(hint)"
                        + "choose one of \(HighlightSettings.styleNames.joined(separator: ", "))")
                }
                if key == "style" { settings.style = name } else { settings.darkStyle = name }
            }
        }
        return settings
    }
}
