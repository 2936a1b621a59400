import Synchronization
import Testing
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// The circuit breaker and the decorators that consult it, driven by a scripted host.
/// El cortacircuitos y los decoradores que lo consultan, contra un servidor con guion.
@Suite("CircuitBreaker")
struct CircuitBreakerTests {
    /// What the scripted host does with a request.
    enum Reply: Sendable {
        case status(Int, retryAfter: String? = nil)
        case refused
        /// Never answers; ends only when cancelled.
        case hang
    }

    /// Answers each request as `script(call number, url)` says and records every URL it was sent.
    final class ScriptedHost: HTTPClient {
        let script: @Sendable (Int, String) -> Reply
        private let log = Mutex<[String]>([])

        init(_ script: @escaping @Sendable (Int, String) -> Reply) { self.script = script }

        var sent: [String] { log.withLock { $0 } }

        func send(_ request: WebRequest) async throws -> WebResponse {
            let call = log.withLock { log in
                log.append(request.url)
                return log.count - 1
            }
            switch script(call, request.url) {
            case .status(let status, let retryAfter):
                return WebResponse(status: status, headers: retryAfter.map { ["retry-after": $0] } ?? [:])
            case .refused:
                throw TransportError(url: request.url, reason: "connection refused")
            case .hang:
                try await Task.sleep(for: .seconds(3_600))
                throw CancellationError()
            }
        }

        /// Returns once `count` requests have been sent.
        func waitForRequests(_ count: Int) async throws {
            while sent.count < count { try await Task.sleep(for: .milliseconds(5)) }
        }
    }

    static let url = "https://x.example/api/1"

    /// What a send ended with: a status, or the error type's name.
    func outcome(_ client: any HTTPClient, _ url: String = url) async -> String {
        do { return "\(try await client.send(WebRequest(url: url)).status)" } catch { return "\(type(of: error))" }
    }

    @Test func aFewFailuresInARowMarkTheHostDownAndTheRestAreNotSent() async {
        let host = ScriptedHost { _, _ in .refused }
        let breaker = CircuitBreaker(threshold: 3)
        let client = BreakingHTTPClient(base: host, breaker: breaker)
        var outcomes: [String] = []
        for id in 1...10 { outcomes.append(await outcome(client, "https://x.example/api/\(id)")) }
        #expect(outcomes == Array(repeating: "TransportError", count: 3) + Array(repeating: "HostDownError", count: 7))
        #expect(host.sent.count == 3)
        #expect(breaker.outages == [Outage(host: "x.example", url: "https://x.example/api/1", reason: "connection refused", unsent: 7)])
    }

    @Test func anyAnswerStartsTheCountAgain() async {
        let replies: [Reply] = [.refused, .refused, .status(500), .refused, .refused, .status(404), .refused, .refused, .status(200)]
        let host = ScriptedHost { call, _ in replies[call] }
        let breaker = CircuitBreaker(threshold: 3)
        for _ in replies { _ = await outcome(BreakingHTTPClient(base: host, breaker: breaker)) }
        #expect(host.sent.count == replies.count)
        #expect(breaker.outages.isEmpty)
    }

    @Test func failuresOfAttemptsDuringWhichTheHostAnsweredOthersDoNotCount() {
        let breaker = CircuitBreaker(threshold: 3)
        let timedOut = TransportError(url: Self.url, reason: "timed out waiting for an answer")
        let slow = (1...3).map { _ in breaker.answersSoFar(for: Self.url) }
        breaker.recordAnswer(from: "https://x.example/other")
        for answersBefore in slow { breaker.recordFailure(timedOut, answersBefore: answersBefore) }
        #expect(breaker.outages.isEmpty, "a slow host that still answers is not down")
        let silent = (1...3).map { _ in breaker.answersSoFar(for: Self.url) }
        for answersBefore in silent { breaker.recordFailure(timedOut, answersBefore: answersBefore) }
        #expect(breaker.outages.map(\.reason) == ["timed out waiting for an answer"])
    }

    @Test(arguments: [404, 500, 503])
    func httpErrorsNeverMarkAHostDown(status: Int) async {
        let host = ScriptedHost { _, _ in .status(status) }
        let breaker = CircuitBreaker(threshold: 3)
        for _ in 1...10 { #expect(await outcome(BreakingHTTPClient(base: host, breaker: breaker)) == "\(status)") }
        #expect(host.sent.count == 10)
        #expect(breaker.outages.isEmpty)
    }

    @Test func hostsAreJudgedApart() async {
        let host = ScriptedHost { _, url in url.hasPrefix("https://down.example") ? .refused : .status(200) }
        let client = BreakingHTTPClient(base: host, breaker: CircuitBreaker(threshold: 3))
        for _ in 1...5 { _ = await outcome(client, "https://down.example/a") }
        #expect(await outcome(client, "https://up.example/a") == "200")
        #expect(host.sent.filter { $0.hasPrefix("https://down.example") }.count == 3)
    }

    @Test(.timeLimit(.minutes(1)))
    func aRetryWaitingWhenItsHostGoesDownFailsAtOnceWithoutSending() async throws {
        let host = ScriptedHost { _, _ in .refused }
        let breaker = CircuitBreaker(threshold: 3)
        let patient = RetryPolicy(attempts: 4, baseDelay: .seconds(3_600), maxDelay: .seconds(3_600))
        let client = RetryingHTTPClient(base: BreakingHTTPClient(base: host, breaker: breaker), policy: patient, breaker: breaker)
        async let waiting = outcome(client)
        try await host.waitForRequests(1)
        // Other requests to the same host fail meanwhile. / Otras peticiones al mismo servidor fallan entretanto.
        for id in 2...3 { _ = await outcome(BreakingHTTPClient(base: host, breaker: breaker), "https://x.example/api/\(id)") }
        #expect(await waiting == "HostDownError")
        #expect(host.sent.count == 3)
    }

    @Test(.timeLimit(.minutes(1)))
    func requestsInFlightAndQueuedStopWaitingWhenTheirHostGoesDown() async throws {
        let host = ScriptedHost { _, url in url.hasSuffix("/slow") ? .hang : .refused }
        let breaker = CircuitBreaker(threshold: 3)
        let client = HostLimitedHTTPClient(base: BreakingHTTPClient(base: host, breaker: breaker), limits: ["x.example": 1])
        async let slow = outcome(client, "https://x.example/slow")
        try await host.waitForRequests(1)
        async let queued = withTaskGroup(of: String.self) { group in
            for id in 1...5 { group.addTask { await self.outcome(client, "https://x.example/queued/\(id)") } }
            return await group.reduce(into: [String]()) { $0.append($1) }
        }
        while await client.limiter.queued("x.example") < 5 { try await Task.sleep(for: .milliseconds(5)) }
        for id in 1...3 { _ = await outcome(BreakingHTTPClient(base: host, breaker: breaker), "https://x.example/other/\(id)") }
        #expect(await slow == "HostDownError")
        #expect(await queued == Array(repeating: "HostDownError", count: 5))
        #expect(host.sent.filter { $0.contains("/queued/") }.isEmpty)
    }

    @Test func aRetryAfterBeyondTheLongestWaitMarksTheHostDown() async {
        let host = ScriptedHost { _, _ in .status(429, retryAfter: "3600") }
        let breaker = CircuitBreaker(threshold: 3)
        let policy = RetryPolicy(attempts: 4, baseDelay: .milliseconds(1), maxDelay: .seconds(30))
        let client = RetryingHTTPClient(base: BreakingHTTPClient(base: host, breaker: breaker), policy: policy, breaker: breaker)
        #expect(await outcome(client) == "HostDownError")
        #expect(await outcome(client, "https://x.example/api/2") == "HostDownError")
        #expect(host.sent.count == 1)
        #expect(breaker.outages.map(\.reason) == ["HTTP 429 with Retry-After: 3600, longer than the 30 s Vitrina waits"])
    }

    @Test func aRetryAfterWithinTheLongestWaitIsWaitedOut() async {
        let host = ScriptedHost { call, _ in call == 0 ? .status(503, retryAfter: "0") : .status(200) }
        let breaker = CircuitBreaker(threshold: 3)
        let policy = RetryPolicy(attempts: 4, baseDelay: .milliseconds(1), maxDelay: .seconds(30))
        let client = RetryingHTTPClient(base: BreakingHTTPClient(base: host, breaker: breaker), policy: policy, breaker: breaker)
        #expect(await outcome(client) == "200")
        #expect(breaker.outages.isEmpty)
    }
}
