/// A text in several languages, read in the page's language with English as fallback.
/// Un texto en varios idiomas, leído en el de la página con el inglés de reserva.
public struct LocalizedText: Sendable, Equatable, Codable {
    public var values: [String: String]

    public init(_ values: [String: String] = [:]) { self.values = values }

    public func text(_ language: String, fallback: String = "") -> String {
        values[language] ?? values["en"] ?? fallback
    }

    /// Whether the page shows the text in its own language (false when falling back).
    public func has(_ language: String) -> Bool { values[language] != nil }
}
