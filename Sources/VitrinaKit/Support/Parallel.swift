import Foundation
import Synchronization

/// Work cut into slices that run on every core at once, their results handed back in order.
/// Trabajo partido en trozos que corren a la vez en todos los núcleos; los resultados vuelven en orden.
package enum Parallel {
    /// `items` cut into at most `slices` runs of neighbours, `work` called on each on its own thread; the results in the
    /// items' order, or the first slice's error.
    package static func map<Item: Sendable, Value: Sendable, Failure: Error>(
        _ items: [Item], slices: Int, _ work: @Sendable (ArraySlice<Item>) throws(Failure) -> Value
    ) throws(Failure) -> [Value] {
        let count = max(1, min(slices, items.count))
        let size = (items.count + count - 1) / count
        let results = Mutex<[Int: Result<Value, Failure>]>([:])
        DispatchQueue.concurrentPerform(iterations: count) { slice in
            let part = Result { () throws(Failure) -> Value in try work(items[min(slice * size, items.count)..<min((slice + 1) * size, items.count)]) }
            results.withLock { $0[slice] = part }
        }
        let all = results.withLock { $0 }
        var values: [Value] = []
        for slice in 0..<count { if let part = all[slice] { values.append(try part.get()) } }
        return values
    }

    /// `first` and `second` at once: `first` on this thread, `second` on another; both results, or `first`'s error.
    /// Not two iterations of one `concurrentPerform`: libdispatch runs an apply nested in another on a share of the
    /// cores, so on two cores every `map` inside `first` ran on one thread (the stamp's walk of 109,230 files did).
    /// Las dos tareas a la vez, la primera en este hilo: dentro de un `concurrentPerform`, los `map` anidados iban en un hilo.
    package static func both<First: Sendable, Second: Sendable, Failure: Error>(
        _ first: @Sendable () throws(Failure) -> First, _ second: @Sendable () -> Second
    ) throws(Failure) -> (First, Second) {
        let other = Slot<Second>()
        let group = DispatchGroup()
        let value = withoutActuallyEscaping(second) { second in
            DispatchQueue.global().async(group: group) { other.value.withLock { $0 = second() } }
            // `second` may not outlive this closure: the group is waited for before leaving it, error or not.
            defer { group.wait() }
            return Result { () throws(Failure) -> First in try first() }
        }
        return (try value.get(), other.value.withLock { $0! })
    }

    /// Where the other thread leaves its result.
    private final class Slot<Value: Sendable>: Sendable {
        let value = Mutex<Value?>(nil)
    }

    /// Enough slices per core that the last one to finish leaves the other cores idle only briefly: with 4 per core, a
    /// build of tldr-en (7,800 pages) drew its last eighth on one core of two.
    package static var slicesPerCore: Int { cores * 16 }
    package static var cores: Int { ProcessInfo.processInfo.activeProcessorCount }
}
