import Foundation
import Synchronization

/// What an answer is expected to be, for its size limit.
/// Lo que se espera de una respuesta, para su límite de tamaño.
public enum ResponseKind: Sendable { case json, image }

/// Where a served response came from.
/// De dónde salió una respuesta servida.
public enum FetchOrigin: String, Sendable { case network, cache, revalidated, snapshot, stale }

/// Counts for the build report.
/// Cuentas para el informe de construcción.
public struct FetchStats: Sendable, Equatable {
    public var requests = 0
    public var network = 0
    public var cacheHits = 0
    public var revalidated = 0
    public var snapshotHits = 0
    public var stale = 0

    package init() {}
}
