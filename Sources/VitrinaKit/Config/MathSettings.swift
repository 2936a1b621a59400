import Yams

/// How formulas are made (`math:` in site.yml): on by default, off with `math: false`, and macros every formula of the
/// site may use (`math: {macros: {RR: "\\mathbb{R}"}}`); the delimiters are those of the folder's generator.
/// Cómo se hacen las fórmulas (`math:` en site.yml): activadas por defecto, y macros para todas las fórmulas del sitio.
public struct MathSettings: Sendable, Equatable {
    public var enabled = true
    /// Name (without its backslash) → TeX; `#1`…`#9` are its arguments.
    public var macros: [String: String] = [:]

    public init(enabled: Bool = true, macros: [String: String] = [:]) {
        self.enabled = enabled
        self.macros = macros
    }

    static let keys = ["enabled", "macros"]
    /// Bounds on the macros site.yml may declare. / Límites de las macros de site.yml.
    static let maxMacros = 500
    static let maxMacroBytes = 4_096

    /// The settings as a line of text, part of the keys of what a build remembers.
    package var fingerprint: String {
        ([enabled ? "on" : "off"] + macros.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }).joined(separator: "\u{1F}")
    }

    /// The delimiters that mark math in a folder written for `generator` (GitHub's with none), none when off: MkDocs finds
    /// math only with `pymdownx.arithmatex` and mdBook only with `mathjax-support`, as they do.
    /// Los delimitadores de las fórmulas según el generador de la carpeta.
    func forms(for docs: DocsProject?) -> MathSpans.Forms {
        guard enabled else { return [] }
        switch docs?.generator {
        case nil: return .gitHub
        case .mkdocs?: return docs?.math == true ? .arithmatex : []
        case .mdbook?: return docs?.math == true ? .mdBook : []
        }
    }
}

extension YAMLReader {
    func math(_ root: Node.Mapping) throws -> MathSettings {
        var settings = MathSettings()
        switch try switchable(root, "math", keys: MathSettings.keys, example: "{macros: {RR: \"\\\\mathbb{R}\"}}") {
        case nil: return settings
        case .toggle(let enabled): settings.enabled = enabled
        case .entries(let entries):
            for (key, value) in entries {
                if key == "enabled" {
                    settings.enabled = try enabled(value, in: "math")
                    continue
                }
                settings.macros = try macros(value)
            }
        }
        return settings
    }

    /// `math.macros`: a mapping of command names (letters, with or without their backslash) to TeX, bounded in number and size.
    private func macros(_ node: Node) throws -> [String: String] {
        guard let map = node.mapping else {
            throw VitrinaError(.config, "\(file):\(line(node)): math.macros must be a mapping of names to TeX, like {RR: \"\\\\mathbb{R}\"}")
        }
        guard map.count <= MathSettings.maxMacros else {
            throw VitrinaError(.config, "\(file):\(line(node)): math.macros holds \(map.count) macros; at most \(MathSettings.maxMacros) are read")
        }
        var macros: [String: String] = [:]
        for (keyNode, value) in map {
            let written = keyNode.string ?? ""
            let name = written.hasPrefix("\\") ? String(written.unicodeScalars.dropFirst()) : written
            guard (1...40).contains(name.unicodeScalars.count), name.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("A"..."Z").contains($0) }) else {
                throw VitrinaError(.config, "\(file):\(line(keyNode)): math.macros: \(Printable.short(written, limit: 40)) is not a command name; "
                    + "use letters only, like RR or \\RR")
            }
            guard let body = value.string ?? value.int.map(String.init), body.utf8.count <= MathSettings.maxMacroBytes else {
                throw VitrinaError(.config, "\(file):\(line(value)): math.macros.\(name) must be TeX text of at most \(MathSettings.maxMacroBytes) bytes")
            }
            macros[name] = body
        }
        return macros
    }
}
