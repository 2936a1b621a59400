import Foundation
import Synchronization
import Testing
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// Backoff with jitter, `Retry-After`, and which answers are worth asking again.
/// Espera exponencial con azar, `Retry-After` y qué respuestas merecen otra pregunta.
@Suite("RetryPolicy")
struct RetryPolicyTests {
    let policy = RetryPolicy(attempts: 4, baseDelay: .milliseconds(500), maxDelay: .seconds(30))

    private func ceiling(_ attempt: Int) -> Duration {
        min(policy.baseDelay * (1 << (attempt - 1)), policy.maxDelay)
    }

    // MARK: backoff

    @Test(arguments: 1...12)
    func backoffStaysWithinHalfAndFullCeiling(attempt: Int) {
        let ceiling = ceiling(attempt)
        for _ in 0..<200 {
            let delay = policy.backoff(attempt: attempt)
            #expect(delay >= ceiling * 0.5, "attempt \(attempt): \(delay) < half of \(ceiling)")
            #expect(delay <= ceiling, "attempt \(attempt): \(delay) > \(ceiling)")
        }
    }

    @Test func backoffCeilingsAreTheExpectedValues() {
        #expect(ceiling(1) == .milliseconds(500))
        #expect(ceiling(2) == .seconds(1))
        #expect(ceiling(4) == .seconds(4))
        #expect(ceiling(7) == .seconds(30))
        // The largest wait of each attempt stays below the shortest wait two attempts later, until the cap.
        for attempt in 1...4 {
            let longest = (0..<100).map { _ in policy.backoff(attempt: attempt) }.max()!
            let shortestLater = (0..<100).map { _ in policy.backoff(attempt: attempt + 2) }.min()!
            #expect(longest < shortestLater, "attempt \(attempt)")
        }
    }

    @Test func backoffIsJittered() {
        let delays = Set((0..<50).map { _ in policy.backoff(attempt: 3) })
        #expect(delays.count > 1)
    }

    @Test(arguments: [30, 64, 1_000, Int.max / 2])
    func backoffNeverPassesTheCapForLateAttempts(attempt: Int) {
        for _ in 0..<50 {
            let delay = policy.backoff(attempt: attempt)
            #expect(delay <= .seconds(30))
            #expect(delay >= .seconds(15))
        }
    }

    @Test func standardPolicy() {
        #expect(RetryPolicy.standard.attempts == 4)
        #expect(RetryPolicy.standard.baseDelay == .milliseconds(500))
        #expect(RetryPolicy.standard.maxDelay == .seconds(30))
    }

    // MARK: serverDelay

    private static let now = Date(timeIntervalSince1970: 1_789_380_000) // 2026-09-14, a whole second

    private static func httpDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }

    @Test(arguments: [("3", Duration.seconds(3)), (" 3 ", .seconds(3)), ("0", .zero), ("-5", .zero), ("29", .seconds(29))])
    func serverDelayInSeconds(header: String, expected: Duration) {
        #expect(policy.serverDelay(header, now: Self.now) == expected)
    }

    @Test func serverDelayInSecondsIsCapped() {
        #expect(policy.serverDelay("120", now: Self.now) == .seconds(30))
        #expect(policy.serverDelay("99999999", now: Self.now) == .seconds(30))
    }

    @Test func serverDelayAsAFutureHTTPDate() {
        let header = Self.httpDate(Self.now.addingTimeInterval(5))
        #expect(header.hasSuffix(" GMT"))
        #expect(policy.serverDelay(header, now: Self.now) == .seconds(5))
        // Measured from `now`, not from the clock.
        #expect(policy.serverDelay(header, now: Self.now.addingTimeInterval(2)) == .seconds(3))
    }

    @Test func serverDelayAsAKnownHTTPDate() {
        // 2026-09-14T10:00:05Z is 5 s after 10:00:00Z.
        let now = Date(timeIntervalSince1970: 1_789_380_000)
        #expect(Self.httpDate(now) == "Mon, 14 Sep 2026 10:00:00 GMT")
        #expect(policy.serverDelay("Mon, 14 Sep 2026 10:00:05 GMT", now: now) == .seconds(5))
    }

    @Test func serverDelayAsAPastHTTPDateIsZero() {
        let header = Self.httpDate(Self.now.addingTimeInterval(-3_600))
        #expect(policy.serverDelay(header, now: Self.now) == .zero)
    }

    @Test func serverDelayAsAFarHTTPDateIsCapped() {
        let header = Self.httpDate(Self.now.addingTimeInterval(86_400))
        #expect(policy.serverDelay(header, now: Self.now) == .seconds(30))
    }

    @Test(arguments: [nil, "", "   ", "soon", "3.5", "1e3", "Mon, 99 Foo 2026 10:00:05 GMT", "tomorrow at noon"] as [String?])
    func serverDelayGarbageIsNil(header: String?) {
        #expect(policy.serverDelay(header, now: Self.now) == nil)
    }

    // MARK: isRetryable

    @Test(arguments: [429, 500, 502, 503, 504])
    func retryableStatuses(status: Int) {
        #expect(RetryPolicy.isRetryable(status: status))
    }

    @Test(arguments: [200, 201, 204, 301, 304, 400, 401, 403, 404, 410, 418, 501, 505])
    func nonRetryableStatuses(status: Int) {
        #expect(!RetryPolicy.isRetryable(status: status))
    }

    // MARK: RetryingHTTPClient, driven by a scripted base client

    /// Answers with the next scripted status (or throws a transport error for `nil`) and counts calls.
    private final class Script: HTTPClient {
        let replies: Mutex<[Int?]>
        let calls = Mutex(0)
        init(_ replies: [Int?]) { self.replies = Mutex(replies) }

        func send(_ request: WebRequest) async throws -> WebResponse {
            calls.withLock { $0 += 1 }
            let next = replies.withLock { $0.isEmpty ? 200 : $0.removeFirst() }
            guard let status = next else { throw TransportError(url: request.url, reason: "connection refused") }
            return WebResponse(status: status, headers: status == 429 ? ["retry-after": "0"] : [:], body: Array("\(status)".utf8))
        }
    }

    private let fast = RetryPolicy(attempts: 3, baseDelay: .milliseconds(1), maxDelay: .milliseconds(5))

    @Test func retriesServerErrorsUntilSuccess() async throws {
        let script = Script([503, 429, 200])
        let response = try await RetryingHTTPClient(base: script, policy: fast).send(WebRequest(url: "https://x.example/a"))
        #expect(response.status == 200)
        #expect(script.calls.withLock { $0 } == 3)
    }

    @Test func givesUpAfterTheLastAttemptWithTheLastAnswer() async throws {
        let script = Script([500, 502, 504, 200])
        let response = try await RetryingHTTPClient(base: script, policy: fast).send(WebRequest(url: "https://x.example/a"))
        #expect(response.status == 504)
        #expect(script.calls.withLock { $0 } == 3)
    }

    @Test func doesNotRetryClientErrors() async throws {
        let script = Script([404, 200])
        let response = try await RetryingHTTPClient(base: script, policy: fast).send(WebRequest(url: "https://x.example/a"))
        #expect(response.status == 404)
        #expect(script.calls.withLock { $0 } == 1)
    }

    @Test func retriesTransportErrorsThenThrowsTheLast() async throws {
        let recovered = Script([nil, 200])
        #expect(try await RetryingHTTPClient(base: recovered, policy: fast).send(WebRequest(url: "https://x.example/a")).status == 200)
        #expect(recovered.calls.withLock { $0 } == 2)

        let broken = Script([nil, nil, nil, 200])
        await #expect(throws: TransportError.self) {
            try await RetryingHTTPClient(base: broken, policy: fast).send(WebRequest(url: "https://x.example/a"))
        }
        #expect(broken.calls.withLock { $0 } == 3)
    }
}
