import Foundation
import Synchronization
import VitrinaKit
import VitrinaBuild

/// Tells every open page what the last build did: `reload` after a good build, the error after a failed one.
/// Avisa a cada página abierta de lo que hizo la última construcción: recargar, o el error si falló.
public final class ReloadHub: Sendable {
    /// One server-sent event's data line: `{"kind":"reload"}` or `{"kind":"error","message":"…"}`.
    public enum Event: Sendable, Equatable {
        case reload
        case failed(String)

        var data: String {
            switch self {
            case .reload: #"{"kind":"reload"}"#
            case .failed(let message): ScriptJSON.object(["kind": "error", "message": message])
            }
        }
    }

    private struct State {
        var listeners: [UUID: AsyncStream<Event>.Continuation] = [:]
        var lastError: String?
    }

    private let state = Mutex(State())

    public init() {}

    /// A stream of events for one page; a page opened while the last build failed gets that error at once.
    public func subscribe() -> AsyncStream<Event> {
        let id = UUID()
        let (stream, continuation) = AsyncStream<Event>.makeStream()
        let lastError = state.withLock { state in
            state.listeners[id] = continuation
            return state.lastError
        }
        if let lastError { continuation.yield(.failed(lastError)) }
        continuation.onTermination = { [weak self] _ in _ = self?.state.withLock { $0.listeners.removeValue(forKey: id) } }
        return stream
    }

    public func send(_ event: Event) {
        let listeners = state.withLock { state in
            if case .failed(let message) = event { state.lastError = message } else { state.lastError = nil }
            return Array(state.listeners.values)
        }
        for listener in listeners { listener.yield(event) }
    }
}
