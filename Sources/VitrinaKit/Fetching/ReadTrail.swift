import Foundation
import Synchronization

/// The URLs a load read, each with the stamp of the stored copy it was served from; broken off when one had none.
/// Las URL que leyó una carga, cada una con el sello de la copia guardada de la que salió.
final class ReadTrail: Sendable {
    @TaskLocal static var current: ReadTrail?
    /// The memo's fingerprint for trails: each read is checked on its own.
    static let mark = "trail"

    private let state = Mutex<[String: String]?>([:])

    func note(_ url: String, _ fingerprint: String) { state.withLock { $0?[url] = fingerprint } }
    func breakOff() { state.withLock { $0 = nil } }
    var reads: [String: String]? { state.withLock { $0 } }

    struct Remembered<T: Codable>: Codable {
        let reads: [String: String]
        let value: T
    }
}
