import Foundation

/// How often and how long to wait before asking again.
/// Cuántas veces y cuánto esperar antes de volver a preguntar.
public struct RetryPolicy: Sendable {
    public var attempts: Int
    public var baseDelay: Duration
    public var maxDelay: Duration

    public init(attempts: Int, baseDelay: Duration, maxDelay: Duration) {
        self.attempts = attempts
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
    }

    public static let standard = RetryPolicy(attempts: 4, baseDelay: .milliseconds(500), maxDelay: .seconds(30))

    /// Exponential backoff with full jitter: a random wait up to base × 2^(attempt-1), capped.
    public func backoff(attempt: Int) -> Duration {
        let ceiling = min(baseDelay * (1 << min(attempt - 1, 20)), maxDelay)
        let fraction = Double.random(in: 0.5...1.0)
        return ceiling * fraction
    }

    /// The server's own wish: `Retry-After` in seconds or as an HTTP date, capped.
    public func serverDelay(_ retryAfter: String?, now: Date = Date()) -> Duration? {
        Self.askedDelay(retryAfter, now: now).map { min($0, maxDelay) }
    }

    /// `Retry-After` as the server wrote it, in seconds or as an HTTP date, uncapped; nil when absent or unreadable.
    public static func askedDelay(_ retryAfter: String?, now: Date = Date()) -> Duration? {
        guard let value = retryAfter?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Int(value) { return .seconds(max(seconds, 0)) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: value) else { return nil }
        return .milliseconds(Int64(max(date.timeIntervalSince(now), 0) * 1000))
    }

    static func isRetryable(status: Int) -> Bool { [429, 500, 502, 503, 504].contains(status) }
}

/// Decorator: retries transport errors and 429/5xx answers, honouring `Retry-After`; with a breaker, a wait ends
/// as soon as the host goes down, and a server asking to wait longer than the policy's longest delay marks it down.
/// Decorador: reintenta errores de transporte y respuestas 429/5xx, respetando `Retry-After`; con cortacircuitos, la
/// espera acaba en cuanto el servidor cae, y si pide esperar más que el tope de la política queda caído.
public struct RetryingHTTPClient: HTTPClient {
    let base: any HTTPClient
    let policy: RetryPolicy
    let breaker: CircuitBreaker?

    public init(base: any HTTPClient, policy: RetryPolicy, breaker: CircuitBreaker? = nil) {
        self.base = base
        self.policy = policy
        self.breaker = breaker
    }

    public func send(_ request: WebRequest) async throws -> WebResponse {
        var attempt = 1
        while true {
            let delay: Duration
            do {
                let response = try await base.send(request)
                let retryAfter = [429, 503].contains(response.status) ? response.header("retry-after") : nil
                if let breaker, let asked = RetryPolicy.askedDelay(retryAfter), asked > policy.maxDelay {
                    throw breaker.markDown(request.url, reason: "HTTP \(response.status) with Retry-After: \(retryAfter ?? ""), "
                        + "longer than the \(Fetcher.describeAge(policy.maxDelay)) Vitrina waits")
                }
                guard RetryPolicy.isRetryable(status: response.status), attempt < policy.attempts else { return response }
                delay = policy.serverDelay(retryAfter) ?? policy.backoff(attempt: attempt)
            } catch let error as TransportError {
                guard attempt < policy.attempts else { throw error }
                delay = policy.backoff(attempt: attempt)
            }
            try await wait(delay, before: request)
            attempt += 1
        }
    }

    /// Sleeps before the next attempt; with a breaker, throws `HostDownError` at once if the host is or goes down.
    private func wait(_ delay: Duration, before request: WebRequest) async throws {
        guard let breaker else { return try await Task.sleep(for: delay) }
        try await breaker.unlessDown(request.url) { try await Task.sleep(for: delay) }
    }
}
