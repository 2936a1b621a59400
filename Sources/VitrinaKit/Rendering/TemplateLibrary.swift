import Foundation

/// The theme's Mustache templates, compiled once per build and shared by every render task.
/// Las plantillas Mustache del tema, compiladas una vez por construcción y compartidas.
public struct TemplateLibrary: Sendable {
    private let library: TemplateSet
    public let names: Set<String>
    private let fingerprints: [String: String]

    /// Compiles every `*.mustache` of the theme; a syntax error names the file, line and column.
    /// Layouts are also registered by bare name (`{{<base}}…{{/base}}`): Mustache closing tags cannot hold a `/`.
    public static func load(theme: Theme) throws -> TemplateLibrary {
        var library = TemplateSet()
        var names = Set<String>()
        var sources: [String: String] = [:]
        for path in theme.files.keys.sorted() where path.hasSuffix(".mustache") {
            let name = String(path.dropLast(".mustache".count))
            let text = theme.text(path) ?? ""
            do {
                let template = try CompiledTemplate(source: text)
                library.register(template, named: name)
                sources[name] = path
                if path.hasPrefix("layouts/") {
                    let bare = String(name.dropFirst("layouts/".count))
                    library.register(template, named: bare)
                    names.insert(bare)
                    sources[bare] = path
                }
            } catch {
                throw VitrinaError(.render, "\(theme.origin)/\(path):\(error.line):\(error.column): \(error.message) in `\(error.lineText.trimmingCharacters(in: .whitespaces))`")
            }
            names.insert(name)
        }
        return TemplateLibrary(library: library, names: names, fingerprints: try closureFingerprints(theme: theme, sources: sources))
    }

    /// For each template, one fingerprint of its file and every partial and parent it reaches, so a page
    /// records the template files it was drawn with.
    static func closureFingerprints(theme: Theme, sources: [String: String]) throws -> [String: String] {
        var references: [String: Set<String>] = [:]
        for (name, path) in sources { references[name] = TemplateReferences.names(in: theme.text(path) ?? "") }
        for (name, names) in references.sorted(by: { $0.key < $1.key }) {
            if let missing = names.subtracting(sources.keys).sorted().first {
                throw VitrinaError(.render, "\(theme.origin)/\(sources[name]!) includes \(missing), which the theme does not have; add \(missing).mustache or fix the name")
            }
        }
        var result: [String: String] = [:]
        for name in sources.keys {
            var seen: Set<String> = [name]
            var queue = [name]
            while let next = queue.popLast() {
                for reference in references[next] ?? [] where seen.insert(reference).inserted { queue.append(reference) }
            }
            let paths = Set(seen.compactMap { sources[$0] }).sorted()
            result[name] = Fingerprint.hex(paths.map { "\($0)=\(theme.fingerprint($0))" }.joined(separator: "\n"))
        }
        return result
    }

    /// The fingerprint of a template with everything it includes.
    public func fingerprint(_ name: String) -> String { fingerprints[name] ?? "-" }

    /// The page's HTML bytes: `template` drawn with `value`.
    public func render(_ value: TemplateValue, template name: String) throws -> [UInt8] {
        guard names.contains(name), let html = library.render(name, value) else {
            throw VitrinaError(.render, "template Templates/\(name).mustache is missing; add it to the theme")
        }
        return html
    }
}

/// The partials (`{{>name}}`) and parents (`{{<name}}`) a template names.
/// Los parciales y padres que nombra una plantilla.
enum TemplateReferences {
    static func names(in template: String) -> Set<String> {
        var names = Set<String>()
        var rest = template[...]
        while let open = rest.range(of: "{{") {
            rest = rest[open.upperBound...]
            guard let marker = rest.first, marker == ">" || marker == "<", let close = rest.range(of: "}}") else { continue }
            names.insert(rest[rest.index(after: rest.startIndex)..<close.lowerBound].trimmingCharacters(in: .whitespaces))
            rest = rest[close.upperBound...]
        }
        return names
    }
}
