/// Templates by name; partials and parents are found here when a page renders.
/// Plantillas por nombre; los parciales y padres se buscan aquí al mostrar una página.
public struct TemplateSet: Sendable {
    private var templates: [String: CompiledTemplate] = [:]

    public init() {}

    public mutating func register(_ template: CompiledTemplate, named name: String) {
        templates[name] = template
    }

    public func template(named name: String) -> CompiledTemplate? {
        templates[name]
    }

    /// The bytes of the template called `name` rendered with `value`, or nil when no such template exists.
    public func render(_ name: String, _ value: TemplateValue) -> [UInt8]? {
        guard let template = templates[name] else { return nil }
        var buffer: [UInt8] = []
        buffer.reserveCapacity(max(16_384, template.sourceSize * 4))
        var renderer = TemplateRenderer(templates: templates, root: value)
        renderer.render(template.program, indentation: [], overrides: [:], into: &buffer)
        return buffer
    }

    /// Appends the rendering to `buffer`; false (and nothing appended) when no such template exists.
    public func render(_ name: String, _ value: TemplateValue, into buffer: inout [UInt8]) -> Bool {
        guard let template = templates[name] else { return false }
        var renderer = TemplateRenderer(templates: templates, root: value)
        renderer.render(template.program, indentation: [], overrides: [:], into: &buffer)
        return true
    }
}
