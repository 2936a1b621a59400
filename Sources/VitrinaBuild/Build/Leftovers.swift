import Synchronization
import VitrinaKit

/// What a one-shot `vitrina build` leaves for the end of the process to free: at 100,000 pages, freeing a build's
/// pages, links and records one by one took about a second after the site was written, which exiting does at once.
/// Lo que `vitrina build` deja para que lo libere el final del proceso, en vez de liberarlo pieza a pieza.
public final class Leftovers: Sendable {
    private let values = Mutex<[any Sendable]>([])

    private init() {}

    /// A holder that is itself never freed: only for a command that ends the process once its build returns.
    public static func untilExit() -> Leftovers {
        let leftovers = Leftovers()
        _ = Unmanaged.passRetained(leftovers)
        return leftovers
    }

    func leave(_ value: any Sendable) { values.withLock { $0.append(value) } }
}
