/// A parsed template, ready to render many times.
/// Una plantilla analizada, lista para mostrarse muchas veces.
public struct CompiledTemplate: Sendable {
    let program: TemplateProgram
    /// The source's size in bytes, a first guess at the size of the output.
    let sourceSize: Int

    public init(source: String) throws(TemplateSyntaxError) {
        var parser = TemplateParser(source)
        program = TemplateProgram(try parser.parse())
        sourceSize = source.utf8.count
    }
}
