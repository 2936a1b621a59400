/// Why and where a template could not be parsed.
/// Por qué y dónde no se pudo analizar una plantilla.
public struct TemplateSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 1-based line of the problem.
    public let line: Int
    /// 1-based column of the problem, counted in characters.
    public let column: Int
    /// The whole source line, without its line break.
    public let lineText: String
    /// What is wrong, in plain English.
    public let message: String

    public init(line: Int, column: Int, lineText: String, message: String) {
        self.line = line
        self.column = column
        self.lineText = lineText
        self.message = message
    }

    public var description: String { "\(line):\(column): \(message) in `\(lineText)`" }
}
