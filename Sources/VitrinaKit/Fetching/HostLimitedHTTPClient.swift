import Foundation

/// Decorator: at most N requests in flight per host; the rest wait their turn in order.
/// Decorador: como mucho N peticiones en curso por servidor; el resto espera su turno.
public struct HostLimitedHTTPClient: HTTPClient {
    let base: any HTTPClient
    let limiter: RequestLimiter

    public init(base: any HTTPClient, limits: [String: Int], defaultLimit: Int = 4) {
        self.base = base
        self.limiter = RequestLimiter(limits: limits, defaultLimit: defaultLimit)
    }

    public func send(_ request: WebRequest) async throws -> WebResponse {
        let host = URLParts.host(of: request.url)
        await limiter.acquire(host)
        do {
            let response = try await base.send(request)
            await limiter.release(host)
            return response
        } catch {
            await limiter.release(host)
            throw error
        }
    }
}

/// Counting semaphores keyed by host.
/// Semáforos contadores por servidor.
actor RequestLimiter {
    private let limits: [String: Int]
    private let defaultLimit: Int
    private var inFlight: [String: Int] = [:]
    private var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]
    private(set) var peak: [String: Int] = [:]

    /// Requests waiting for their turn on `host`.
    func queued(_ host: String) -> Int { waiting[host]?.count ?? 0 }

    init(limits: [String: Int], defaultLimit: Int) {
        self.limits = limits
        self.defaultLimit = defaultLimit
    }

    func acquire(_ host: String) async {
        if inFlight[host, default: 0] < limits[host, default: defaultLimit] {
            take(host)
            return
        }
        await withCheckedContinuation { waiting[host, default: []].append($0) }
    }

    func release(_ host: String) {
        if var queue = waiting[host], !queue.isEmpty {
            let next = queue.removeFirst()
            waiting[host] = queue
            next.resume()
        } else {
            inFlight[host, default: 1] -= 1
        }
    }

    private func take(_ host: String) {
        inFlight[host, default: 0] += 1
        peak[host] = max(peak[host, default: 0], inFlight[host, default: 0])
    }
}
