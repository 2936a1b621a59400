import Foundation
import Synchronization

/// A served response's body, read (unzipped) only when asked for.
/// El cuerpo de una respuesta servida, leído (descomprimido) solo cuando se pide.
public struct LazyBody: Sendable {
    private let load: @Sendable () -> [UInt8]?
    private let url: String?

    init(url: String, _ load: @escaping @Sendable () -> [UInt8]?) {
        self.url = url
        self.load = load
    }

    package init(_ bytes: [UInt8]) {
        url = nil
        load = { bytes }
    }

    /// The body `transform` makes of this one when read (nil: it cannot be had).
    package func map(_ transform: @escaping @Sendable ([UInt8]) -> [UInt8]?) -> LazyBody {
        let load = self.load
        return LazyBody(url: url ?? "a response") { load().flatMap(transform) }
    }

    public func bytes() throws -> [UInt8] {
        guard let bytes = load() else {
            throw VitrinaError(.fetch, "\(url ?? "a response"): its stored copy could no longer be read; run `vitrina clean` and build again")
        }
        return bytes
    }
}
