import Hummingbird

/// A request as the replay server received it.
/// Una petición tal como la recibió el servidor de reproducción.
public struct RecordedRequest: Sendable, Equatable {
    public let method: String
    /// Path and query, as sent.
    public let uri: String
    /// Header values by lowercased name; repeated headers are joined with ", ".
    public let headers: [String: String]
    /// The `Host` header (HTTP/1.1's authority), which HTTP types keep apart from the other fields.
    public let authority: String?

    init(_ request: Request) {
        method = request.method.rawValue
        authority = request.head.authority
        uri = request.uri.description
        var headers: [String: String] = [:]
        for field in request.headers {
            let name = field.name.canonicalName.lowercased()
            headers[name] = headers[name].map { "\($0), \(field.value)" } ?? field.value
        }
        self.headers = headers
    }
}
