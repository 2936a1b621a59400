@testable import VitrinaKit
import Foundation
import Testing
import TestSupport

/// Every template of Vitrina's two themes, rendered by both engines with generated values.
@Suite struct ThemeDifferentialTests {
    /// The theme's templates by name: the path without `.mustache`, and layouts also by bare name.
    /// "app" is the repository's `Templates/`, "default" the theme built into Vitrina.
    static func templates(of name: String) throws -> [String: String] {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let theme = name == "app" ? try Theme.load(templatesDirectory: repository.appendingPathComponent("Templates").path) : Theme.builtIn
        var templates: [String: String] = [:]
        for path in theme.files.keys where path.hasSuffix(".mustache") {
            let name = String(path.dropLast(".mustache".count))
            let source = try #require(theme.text(path))
            templates[name] = source
            if name.hasPrefix("layouts/") {
                templates[String(name.dropFirst("layouts/".count))] = source
            }
        }
        return templates
    }

    @Test(arguments: ["app", "default"])
    func everyTemplateRendersTheSame(theme: String) throws {
        let templates = try Self.templates(of: theme)
        #expect(templates.count >= 10)
        let pages = templates.keys.filter { !$0.hasPrefix("partials/") }.sorted()
        var renders = 0
        var bytes = 0
        var escaped = false
        var accented = false
        for (index, name) in pages.enumerated() {
            let shape = NameShape.scan(name, in: templates)
            for seed in 0..<6 {
                var random = SeededGenerator(seed: UInt64(index * 100 + seed))
                let value = shape.generate(&random, depth: 0)
                let result = differential(templates, main: name, value: value)
                #expect(result.agrees, "\(theme)/\(name) seed \(seed)\n\(result.report)")
                switch result.ours {
                case .success(let output):
                    bytes += output.count
                    let text = String(decoding: output, as: UTF8.self)
                    escaped = escaped || text.contains("&lt;b&gt;bold")
                    accented = accented || text.contains("Pokémon")
                case .failure(let error):
                    Issue.record("\(theme)/\(name) does not parse: \(error)")
                }
                renders += 1
            }
        }
        #expect(renders >= 6 * 8)
        #expect(bytes > renders * 500, "the pages came out nearly empty")
        #expect(escaped && accented, "the generated text never reached the output")
    }

    @Test func generatedValuesFillTheTemplates() throws {
        // The generator must reach the names the templates use, or the comparison proves little.
        let templates = try Self.templates(of: "default")
        let shape = NameShape.scan("page", in: templates)
        #expect(shape.fields["content"]?.inner.fields["html"] != nil)
        #expect(shape.fields["t"]?.fields["draft_badge"] != nil)
        var random = SeededGenerator(seed: 1)
        let value = shape.generate(&random, depth: 0)
        guard case .object(let fields) = value else {
            Issue.record("the root is not an object")
            return
        }
        #expect(fields.count > 10)
    }
}

/// The names a template (with its partials and parents) uses, nested by section, to generate values for.
final class NameShape {
    var fields: [String: NameShape] = [:]
    var isSection = false
    var usesDot = false
    /// Names used inside `{{#name}}…{{/name}}`: looked up in the section's value first.
    var inner: NameShape { innerStorage ?? { innerStorage = NameShape(); return innerStorage! }() }
    private var innerStorage: NameShape?

    static func scan(_ name: String, in templates: [String: String]) -> NameShape {
        let root = NameShape()
        var visiting: Set<String> = []
        root.scan(templates[name] ?? "", templates: templates, visiting: &visiting, name: name, root: root)
        return root
    }

    private func field(_ path: String) -> NameShape {
        var shape = self
        for segment in path.split(separator: ".") {
            let key = String(segment)
            if let existing = shape.fields[key] {
                shape = existing
            } else {
                let created = NameShape()
                shape.fields[key] = created
                shape = created
            }
        }
        return shape
    }

    /// Variables seen inside sections are also given to `root`, so values are found both in the
    /// section's own value and further down the stack.
    private func scan(_ source: String, templates: [String: String], visiting: inout Set<String>, name: String, root: NameShape) {
        guard visiting.insert(name).inserted else { return }
        defer { visiting.remove(name) }
        var contexts: [NameShape] = [self]
        var rest = source[...]
        while let open = rest.range(of: "{{") {
            rest = rest[open.upperBound...]
            let triple = rest.first == "{"
            guard let close = rest.range(of: triple ? "}}}" : "}}") else { break }
            var tag = rest[..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            rest = rest[close.upperBound...]
            if triple { tag.removeFirst() }
            let sigil = tag.first.map(String.init) ?? ""
            let body = ["#", "^", "/", "!", ">", "<", "$", "&", "="].contains(sigil)
                ? tag.dropFirst().trimmingCharacters(in: .whitespaces) : tag.trimmingCharacters(in: .whitespaces)
            let context = contexts[contexts.count - 1]
            switch sigil {
            case "#", "^":
                if body == "." {
                    context.usesDot = true
                    contexts.append(context)
                } else {
                    let section = context.field(body)
                    section.isSection = true
                    contexts.append(section.inner)
                }
            case "/":
                if contexts.count > 1 { contexts.removeLast() }
            case ">", "<":
                context.scan(templates[body] ?? "", templates: templates, visiting: &visiting, name: body, root: root)
            case "!", "$", "=":
                break
            default:
                if body == "." {
                    context.usesDot = true
                } else {
                    _ = context.field(body)
                    if context !== root, !body.hasPrefix("."), root.fields[String(body.prefix { $0 != "." })]?.isSection != true {
                        _ = root.field(body)
                    }
                }
            }
        }
    }

    /// A value for this shape as an object: every field present most of the time.
    func generate(_ random: inout SeededGenerator, depth: Int) -> TemplateValue {
        var object: TemplateObject = [:]
        for (key, shape) in fields.sorted(by: { $0.key < $1.key }) where random.chance(0.85) {
            object[key] = shape.value(&random, depth: depth + 1)
        }
        return .object(object)
    }

    private func value(_ random: inout SeededGenerator, depth: Int) -> TemplateValue {
        if !isSection {
            return fields.isEmpty ? SampleValues.scalar(&random) : generate(&random, depth: depth)
        }
        let inner = self.inner
        func element(_ random: inout SeededGenerator) -> TemplateValue {
            if inner.usesDot, inner.fields.isEmpty || random.chance(0.5) { return SampleValues.scalar(&random) }
            var object = inner.generate(&random, depth: depth)
            if case .object(var fields) = object, case .object(let own) = generate(&random, depth: depth) {
                fields.merge(own) { kept, _ in kept }
                object = .object(fields)
            }
            return object
        }
        switch Int.random(in: 0..<10, using: &random) {
        case 0...3 where depth < 4:
            return .list((0..<Int.random(in: 0...3, using: &random)).map { _ in element(&random) })
        case 4, 5: return .bool(random.chance(0.6))
        case 6 where depth < 4: return element(&random)
        case 7: return SampleValues.scalar(&random)
        default: return .bool(true)
        }
    }
}
