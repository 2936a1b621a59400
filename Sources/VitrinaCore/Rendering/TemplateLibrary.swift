import Foundation
import Mustache

/// The theme's Mustache templates, compiled once per build and shared by every render task.
/// Las plantillas Mustache del tema, compiladas una vez por construcción y compartidas.
public struct TemplateLibrary: Sendable {
    private let library: MustacheLibrary
    public let names: Set<String>
    private let fingerprints: [String: String]

    /// Compiles every `*.mustache` of the theme; a syntax error names the file, line and column.
    /// Layouts are also registered by bare name (`{{<base}}…{{/base}}`): Mustache closing tags cannot hold a `/`.
    public static func load(theme: Theme) throws -> TemplateLibrary {
        var library = MustacheLibrary()
        var names = Set<String>()
        var sources: [String: String] = [:]
        for path in theme.files.keys.sorted() where path.hasSuffix(".mustache") {
            let name = String(path.dropLast(".mustache".count))
            let text = theme.text(path) ?? ""
            do {
                let template = try MustacheTemplate(string: text)
                library.register(template, named: name)
                sources[name] = path
                if path.hasPrefix("layouts/") {
                    let bare = String(name.dropFirst("layouts/".count))
                    library.register(template, named: bare)
                    names.insert(bare)
                    sources[bare] = path
                }
            } catch let error as MustacheTemplate.ParserError {
                let context = error.context
                throw VitrinaError(.render, "\(theme.origin)/\(path):\(context.lineNumber):\(context.columnNumber): \(describe(error.error)) in `\(context.line.trimmingCharacters(in: .whitespaces))`")
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

    public func render(_ context: Any, template name: String) throws -> String {
        guard names.contains(name), let html = library.render(context, withTemplate: name) else {
            throw VitrinaError(.render, "template Templates/\(name).mustache is missing; add it to the theme")
        }
        return html
    }

    static func describe(_ error: Error) -> String {
        switch "\(error)" {
        case let text where text.contains("sectionCloseNameIncorrect"): "a section is closed with a different name than it was opened with"
        case let text where text.contains("unfinishedName"): "a tag is not closed with }}"
        case let text where text.contains("expectedSectionEnd"): "a section {{#...}} is never closed"
        case let text where text.contains("invalidSetDelimiter"): "the set-delimiter tag is malformed"
        case let text where text.contains("transformApplied") || text.contains("invalidTransform"): "unknown transform"
        case let text: "template syntax error (\(text))"
        }
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
