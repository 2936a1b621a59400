import Foundation
import Mustache

/// The theme's Mustache templates, compiled once per build and shared by every render task.
/// Las plantillas Mustache del tema, compiladas una vez por construcción y compartidas.
public struct TemplateLibrary: Sendable {
    private let library: MustacheLibrary
    public let names: Set<String>

    /// Compiles every `*.mustache` under `directory`; a syntax error names the file, line and column.
    /// Layouts are also registered by bare name (`{{<base}}…{{/base}}`): Mustache closing tags cannot hold a `/`.
    public static func load(directory: String) throws -> TemplateLibrary {
        guard Files.isDirectory(directory) else {
            throw VitrinaError(.render, "\(directory) not found: a site needs a Templates/ folder (copy the default theme's)")
        }
        var library = MustacheLibrary()
        var names = Set<String>()
        for path in Files.list(directory) where path.hasSuffix(".mustache") {
            let name = String(path.dropLast(".mustache".count))
            let file = "\(directory)/\(path)"
            do {
                let template = try MustacheTemplate(string: try Files.readText(file))
                library.register(template, named: name)
                if path.hasPrefix("layouts/") {
                    let bare = String(name.dropFirst("layouts/".count))
                    library.register(template, named: bare)
                    names.insert(bare)
                }
            } catch let error as MustacheTemplate.ParserError {
                let context = error.context
                throw VitrinaError(.render, "\(file):\(context.lineNumber):\(context.columnNumber): \(describe(error.error)) in `\(context.line.trimmingCharacters(in: .whitespaces))`")
            }
            names.insert(name)
        }
        return TemplateLibrary(library: library, names: names)
    }

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
