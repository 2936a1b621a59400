import Synchronization

/// A host the breaker marked down: from which URL, why, and how many requests it kept from being sent.
/// Un servidor que el cortacircuitos dio por caído: desde qué URL, por qué y cuántas peticiones no dejó salir.
public struct Outage: Sendable, Equatable {
    public let host: String
    /// The first URL of the run of failures that marked the host down.
    public let url: String
    public let reason: String
    public internal(set) var unsent = 0
}

/// A request refused without being sent (or given up on) because its host is down for this build.
/// Una petición rechazada sin enviarla (o abandonada) porque su servidor está caído en esta construcción.
public struct HostDownError: Error, Sendable, CustomStringConvertible {
    public let url: String
    public let host: String
    public var description: String { "\(url): not sent, \(host) is down for this build" }
}

/// One build's memory of which hosts are down: after `threshold` transport failures in a row, with no answer from
/// the host in between nor while they waited (or a server asking to wait too long), a host stays down for the rest
/// of the build, and whatever waits on it stops waiting.
/// La memoria de una construcción sobre qué servidores están caídos: tras `threshold` fallos de transporte seguidos,
/// sin ninguna respuesta del servidor entretanto (o si pide esperar demasiado), queda caído el resto de la construcción.
public final class CircuitBreaker: Sendable {
    /// Consecutive transport failures that mark a host down.
    public let threshold: Int
    private let state = Mutex(State())

    private struct State {
        var hosts: [String: HostState] = [:]
        var nextWaiter = 0
    }

    private struct HostState {
        var answers = 0
        var failures = 0
        var firstFailure: (url: String, reason: String)?
        var outage: Outage?
        var waiters: [Int: CheckedContinuation<Bool, Never>] = [:]
    }

    public init(threshold: Int = 3) {
        self.threshold = threshold
    }

    /// The hosts marked down so far, sorted by host.
    public var outages: [Outage] {
        state.withLock { $0.hosts.values.compactMap(\.outage) }.sorted { $0.host < $1.host }
    }

    public func isDown(_ host: String) -> Bool {
        state.withLock { $0.hosts[host]?.outage != nil }
    }

    /// The error to throw instead of sending to `url`, counted as a request not sent; nil while its host is up.
    func refusal(for url: String) -> HostDownError? {
        let host = URLParts.host(of: url)
        let down = state.withLock { state -> Bool in
            guard state.hosts[host]?.outage != nil else { return false }
            state.hosts[host]?.outage?.unsent += 1
            return true
        }
        return down ? HostDownError(url: url, host: host) : nil
    }

    /// How many answers the host of `url` has given so far; taken when an attempt starts.
    func answersSoFar(for url: String) -> Int {
        let host = URLParts.host(of: url)
        return state.withLock { $0.hosts[host]?.answers ?? 0 }
    }

    /// Any HTTP answer, whatever its status, shows the host is reachable: the run of failures starts again.
    func recordAnswer(from url: String) {
        let host = URLParts.host(of: url)
        state.withLock { state in
            state.hosts[host, default: HostState()].answers += 1
            state.hosts[host]?.failures = 0
            state.hosts[host]?.firstFailure = nil
        }
    }

    /// One more failure in a row, unless the host answered another request while this attempt waited (a slow
    /// request, not a host that is down); the failure that reaches the threshold marks the host down.
    func recordFailure(_ error: TransportError, answersBefore: Int) {
        let host = URLParts.host(of: error.url)
        let waiters = state.withLock { state -> [CheckedContinuation<Bool, Never>] in
            var entry = state.hosts[host, default: HostState()]
            guard entry.answers == answersBefore else { return [] }
            entry.failures += 1
            if entry.firstFailure == nil { entry.firstFailure = (error.url, error.reason) }
            state.hosts[host] = entry
            guard entry.failures >= threshold, let first = entry.firstFailure else { return [] }
            return Self.markDown(&state, host: host, url: first.url, reason: first.reason)
        }
        waiters.forEach { $0.resume(returning: true) }
    }

    /// Marks the host of `url` down at once (a server that asks to wait too long); returns the error to throw.
    func markDown(_ url: String, reason: String) -> HostDownError {
        let host = URLParts.host(of: url)
        let waiters = state.withLock { Self.markDown(&$0, host: host, url: url, reason: reason) }
        waiters.forEach { $0.resume(returning: true) }
        return HostDownError(url: url, host: host)
    }

    /// Records the outage (the first one stays) and hands back whoever waits on the host, to be woken outside the lock.
    private static func markDown(_ state: inout State, host: String, url: String, reason: String) -> [CheckedContinuation<Bool, Never>] {
        var entry = state.hosts[host, default: HostState()]
        if entry.outage == nil { entry.outage = Outage(host: host, url: url, reason: reason) }
        let waiters = Array(entry.waiters.values)
        entry.waiters = [:]
        state.hosts[host] = entry
        return waiters
    }

    /// Runs `work` (a request in flight, a wait before a retry) unless the host of `url` goes down first:
    /// then `work` is cancelled and `HostDownError` thrown.
    func unlessDown<T: Sendable>(_ url: String, _ work: @escaping @Sendable () async throws -> T) async throws -> T {
        let host = URLParts.host(of: url)
        guard !isDown(host) else { throw HostDownError(url: url, host: host) }
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await work() }
            group.addTask {
                guard await self.waitUntilDown(host) else { throw CancellationError() }
                return nil
            }
            defer { group.cancelAll() }
            guard let value = try await group.next() ?? nil else { throw HostDownError(url: url, host: host) }
            return value
        }
    }

    /// True once `host` is down; false when the waiting task is cancelled first.
    private func waitUntilDown(_ host: String) async -> Bool {
        let id = state.withLock { state -> Int in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let answerNow: Bool? = state.withLock { state in
                    if state.hosts[host]?.outage != nil { return true }
                    if Task.isCancelled { return false }
                    state.hosts[host, default: HostState()].waiters[id] = continuation
                    return nil
                }
                if let answerNow { continuation.resume(returning: answerNow) }
            }
        } onCancel: {
            state.withLock { $0.hosts[host]?.waiters.removeValue(forKey: id) }?.resume(returning: false)
        }
    }
}

/// Decorator: refuses requests to hosts that are down, tells the breaker how every attempt went, and stops
/// waiting on a request in flight when its host goes down meanwhile.
/// Decorador: rechaza peticiones a servidores caídos, cuenta cada intento al cortacircuitos y deja de esperar
/// una petición en curso si su servidor cae mientras tanto.
public struct BreakingHTTPClient: HTTPClient {
    let base: any HTTPClient
    let breaker: CircuitBreaker

    public init(base: any HTTPClient, breaker: CircuitBreaker) {
        self.base = base
        self.breaker = breaker
    }

    public func send(_ request: WebRequest) async throws -> WebResponse {
        if let refusal = breaker.refusal(for: request.url) { throw refusal }
        let answersBefore = breaker.answersSoFar(for: request.url)
        do {
            let response = try await breaker.unlessDown(request.url) { [base] in try await base.send(request) }
            breaker.recordAnswer(from: request.url)
            return response
        } catch let error as TransportError {
            breaker.recordFailure(error, answersBefore: answersBefore)
            throw error
        }
    }
}
