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
    var fingerprint: String { [enabled ? "on" : "off", style ?? "-", darkStyle ?? "-"].joined(separator: ",") }

    /// The stylesheet these settings publish as `assets/highlight.css`; nil when highlighting is off.
    public var stylesheet: String? {
        guard enabled else { return nil }
        guard let style else { return ChromaStyle.defaultStylesheet() }
        return ChromaStyle.stylesheet(light: style, dark: darkStyle)
    }
}

extension YAMLReader {
    func highlight(_ root: Node.Mapping) throws -> HighlightSettings {
        var settings = HighlightSettings()
        guard let node = root["highlight"] else { return settings }
        if let enabled = node.bool {
            settings.enabled = enabled
            return settings
        }
        guard let map = node.mapping else {
            throw VitrinaError(.config, "\(file):\(line(node)): highlight must be false, or a mapping like {style: github, dark_style: github-dark}")
        }
        for (keyNode, value) in map {
            guard let key = keyNode.string, HighlightSettings.keys.contains(key) else {
                throw VitrinaError(.config, "\(file):\(line(keyNode)): highlight.\(Printable.short(keyNode.string ?? "?", limit: 40)) is not a setting; "
                    + "use \(HighlightSettings.keys.joined(separator: ", "))")
            }
            if key == "enabled" {
                guard let enabled = value.bool else { throw VitrinaError(.config, "\(file):\(line(value)): highlight.enabled must be true or false") }
                settings.enabled = enabled
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
        return settings
    }
}
