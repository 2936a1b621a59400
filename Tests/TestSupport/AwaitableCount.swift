import Foundation

/// A count that only goes up, which a test awaits reaching a number instead of sleeping and hoping it did.
/// Una cuenta que solo sube y que una prueba puede esperar hasta un número, en vez de dormir y confiar.
public final class AwaitableCount: Sendable {
    private struct State {
        var value = 0
        var listeners: [UUID: AsyncStream<Int>.Continuation] = [:]
    }

    private let state = Locked(State())

    public init() {}

    /// The count now.
    public var value: Int { state.withLock { $0.value } }

    /// Counts one more, and wakes whoever waits for the new value.
    public func increment() {
        let (value, listeners) = state.withLock { state in
            state.value += 1
            return (state.value, Array(state.listeners.values))
        }
        for listener in listeners { listener.yield(value) }
    }

    /// Waits until the count is at least `target`; false when `limit` passed first (the bound of the wait, not a guess).
    public func wait(until target: Int, within limit: Duration = .seconds(30)) async -> Bool {
        let id = UUID()
        let (values, continuation) = AsyncStream<Int>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let current = state.withLock { state in
            state.listeners[id] = continuation
            return state.value
        }
        defer {
            _ = state.withLock { $0.listeners.removeValue(forKey: id) }
            continuation.finish()
        }
        guard current < target else { return true }
        return await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                for await value in values where value >= target { return true }
                return false
            }
            group.addTask {
                try? await Task.sleep(for: limit)
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
    }
}
