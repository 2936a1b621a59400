import Foundation
import Synchronization

/// Work cut into slices that run on every core at once, their results handed back in order.
/// Trabajo partido en trozos que corren a la vez en todos los núcleos; los resultados vuelven en orden.
enum Parallel {
    /// `items` cut into at most `slices` runs of neighbours, `work` called on each on its own thread; the results in the
    /// items' order, or the first slice's error.
    static func map<Item: Sendable, Value: Sendable, Failure: Error>(
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

    /// `first` and `second` at once, on two threads: both results, or `first`'s error.
    /// Las dos tareas a la vez, en dos hilos: ambos resultados, o el error de la primera.
    static func both<First: Sendable, Second: Sendable, Failure: Error>(
        _ first: @Sendable () throws(Failure) -> First, _ second: @Sendable () -> Second
    ) throws(Failure) -> (First, Second) {
        let results = Mutex<(Result<First, Failure>?, Second?)>((nil, nil))
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            if index == 0 {
                let value = Result { () throws(Failure) -> First in try first() }
                results.withLock { $0.0 = value }
            } else {
                let value = second()
                results.withLock { $0.1 = value }
            }
        }
        let (value, other) = results.withLock { ($0.0!, $0.1!) }
        return (try value.get(), other)
    }

    /// Enough slices per core that the last one to finish leaves the other cores idle only briefly: with 4 per core, a
    /// build of tldr-en (7,800 pages) drew its last eighth on one core of two.
    static var slicesPerCore: Int { ProcessInfo.processInfo.activeProcessorCount * 16 }
}
