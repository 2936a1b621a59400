import VitrinaKit

/// A feature read from one API by a Swift client: which source, which resources, and how the client loads it.
/// Una función leída de una API por un cliente en Swift: qué fuente, qué recursos y cómo la carga el cliente.
public struct APIFeature: Feature {
    public let key: String
    /// The source its client reads; the feature has nothing to show when `site.yml` does not name it.
    let source: String
    public let sources: [String: [String]]
    public let routeKeys: [String]
    let client: @Sendable (Fetcher, SourceConfig) async throws -> any LoadedFeature

    public init(key: String, source: String, sources: [String: [String]], routeKeys: [String],
                client: @escaping @Sendable (Fetcher, SourceConfig) async throws -> any LoadedFeature) {
        self.key = key
        self.source = source
        self.sources = sources
        self.routeKeys = routeKeys
        self.client = client
    }

    /// A feature whose loaded content is remembered with the responses it read: when none of them changed, the next
    /// build reads the content back instead of decoding and mapping them again.
    /// Una función cuyo contenido se recuerda con las respuestas que leyó: si ninguna cambió, se lee de la memoria.
    public init<Content: LoadedFeature & Codable>(key: String, source: String, sources: [String: [String]], routeKeys: [String],
                                                   remembered client: @escaping @Sendable (Fetcher, SourceConfig) async throws -> Content) {
        self.init(key: key, source: source, sources: sources, routeKeys: routeKeys) { fetcher, config in
            try await fetcher.remembering("\(Content.self) \(config.readingKey)") { try await client(fetcher, config) }
        }
    }

    public func load(_ context: FeatureContext) async throws -> (any LoadedFeature)? {
        guard let config = context.config.source(source) else { return nil }
        return try await client(context.fetcher, config)
    }
}
