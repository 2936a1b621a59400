import Foundation
import Hummingbird
import VitrinaKit
import VitrinaFeatures
import VitrinaBuild
import VitrinaServing

/// Replay server: answers on 127.0.0.1 like PokéAPI, the Rick and Morty API, the Fake Store API and the sprites
/// repository, from recorded files, with faults on demand.
/// Servidor de reproducción: responde en 127.0.0.1 como esas API a partir de archivos grabados, con fallos a demanda.
public final class ReplayServer: Sendable {
    private struct State {
        var port: Int?
        var runTask: Task<Void, Never>?
        var faults = FaultQueue()
        var requests: [RecordedRequest] = []
        var scripted: [String: Reply] = [:]
    }

    private let router: ReplayRouter
    private let state = Locked(State())
    /// How many requests arrived, for tests to await rather than sleep.
    private let received = AwaitableCount()

    /// Serves `root`, a folder laid out like the recordings (`HOST/PATH/index.json`).
    public init(root: URL) {
        router = ReplayRouter(store: RecordingStore(root: root))
    }

    /// The listening port; 0 before `start()`.
    public var port: Int {
        state.withLock { $0.port ?? 0 }
    }

    /// `http://127.0.0.1:PORT`, without a trailing slash.
    public var baseURL: String {
        "http://127.0.0.1:\(port)"
    }

    /// Every request received so far, oldest first.
    public var requests: [RecordedRequest] {
        state.withLock { $0.requests }
    }

    /// Waits until `count` requests have arrived in all (at once when they have); false when `limit` passed first.
    /// Espera hasta que hayan llegado `count` peticiones; falso si antes pasó `limit`.
    public func waitForRequests(_ count: Int, within limit: Duration = .seconds(30)) async -> Bool {
        await received.wait(until: count, within: limit)
    }

    /// Binds 127.0.0.1 on an ephemeral port and returns once the server listens.
    public func start() async throws {
        try await start(port: 0)
    }

    /// Binds 127.0.0.1 on `port` (0 for an ephemeral one) and returns once the server listens.
    public func start(port requestedPort: Int) async throws {
        let startup = StartupSignal()
        let responder = CallbackResponder<BasicRequestContext> { request, _ in
            try await self.respond(to: request)
        }
        var app = Application(
            responder: responder,
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: requestedPort)),
            onServerRunning: { channel in startup.succeed(port: channel.localAddress?.port ?? 0) }
        )
        app.logger.logLevel = .critical
        let application = app
        let port = try await withCheckedThrowingContinuation { continuation in
            startup.wait(with: continuation)
            let task = Task {
                do {
                    try await GracefulStop.run(application)
                    startup.fail(ReplayServerError.stoppedBeforeListening)
                } catch {
                    startup.fail(error)
                }
            }
            state.withLock { $0.runTask = task }
        }
        state.withLock { $0.port = port }
    }

    /// Stops listening, closes connections and ends pending `noAnswer` requests.
    public func stop() async {
        let task = state.withLock { state -> Task<Void, Never>? in
            defer { state.runTask = nil }
            return state.runTask
        }
        task?.cancel()
        await task?.value
    }

    /// Gives `fault` to the next `times` requests whose path starts with `pathPrefix`.
    public func inject(_ fault: Fault, pathPrefix: String = "/", times: Int = Int.max) {
        state.withLock { $0.faults.add(fault, pathPrefix: pathPrefix, times: times) }
    }

    /// Answers requests for `path` (the query aside) with this status, headers and body instead of the recordings;
    /// `{{base}}` in the body and the headers stands for the server's own address.
    public func script(_ path: String, status: Int = 200, contentType: String = "application/json", headers: [String: String] = [:], body: [UInt8] = []) {
        let base = baseURL
        let filled = { (text: String) in text.replacingOccurrences(of: "{{base}}", with: base) }
        let bytes = String(validating: body, as: UTF8.self).map { Data(filled($0).utf8) } ?? Data(body)
        var reply = Reply(status: HTTPResponse.Status(code: status), contentType: contentType, body: bytes)
        for (name, value) in headers { reply.headers[.init(name)!] = filled(value) }
        state.withLock { $0.scripted[path] = reply }
    }

    /// Removes every injected fault that has not been used up.
    public func clearFaults() {
        state.withLock { $0.faults.removeAll() }
    }

    // MARK: - Answering

    private func respond(to request: Request) async throws -> Response {
        let fault = state.withLock { state in
            state.requests.append(RecordedRequest(request))
            return state.faults.take(forPath: request.uri.path)
        }
        received.increment()
        if let scripted = state.withLock({ $0.scripted[request.uri.path] }) { return scripted.response }
        guard let fault else {
            return routed(request).validated(ifNoneMatch: request.headers[.ifNoneMatch]).response
        }
        switch fault {
        case .latency(let delay):
            try await Task.sleep(for: delay)
            return routed(request).validated(ifNoneMatch: request.headers[.ifNoneMatch]).response
        case .tooManyRequests(let seconds):
            return Self.refusal("Too Many Requests", status: .tooManyRequests, retryAfter: seconds)
        case .serviceUnavailable(let seconds):
            return Self.refusal("Service Unavailable", status: .serviceUnavailable, retryAfter: seconds)
        case .serverError:
            return Reply.jsonError("Internal Server Error", status: .internalServerError).response
        case .notFound:
            return Reply.jsonError("Not Found", status: .notFound).response
        case .malformedJSON:
            return routed(request).malformed.validated(ifNoneMatch: nil).response
        case .truncatedBody:
            return routed(request).validated(ifNoneMatch: nil).truncatedResponse
        case .noAnswer:
            try await waitUntilStopped()
            throw CancellationError()
        }
    }

    private func routed(_ request: Request) -> Reply {
        guard request.method == .get || request.method == .head else {
            return .text("Method Not Allowed", status: .methodNotAllowed)
        }
        return router.reply(to: ReplayRequest(path: request.uri.path, query: request.uri.query, baseURL: baseURL))
    }

    private static func refusal(_ text: String, status: HTTPResponse.Status, retryAfter seconds: Int?) -> Response {
        var reply = Reply.text(text, status: status)
        reply.headers[.retryAfter] = seconds.map(String.init)
        return reply.response
    }

    /// Waits until the server's teardown cancels the request (a second after `stop()`), so it ends with the connection,
    /// not with an error response. (Sleeping five seconds past the stop, as it did, let a loaded machine wake the request
    /// before the teardown came, and answer it.) An hour at most, the bound of a wait no test reaches.
    private func waitUntilStopped() async throws {
        try await Task.sleep(for: .seconds(3_600))
    }
}

/// Why the replay server could not start.
/// Por qué no pudo arrancar el servidor de reproducción.
public enum ReplayServerError: Error, Sendable {
    case stoppedBeforeListening
}

/// Hands the bound port (or the startup error) to `start()` exactly once.
/// Entrega a `start()` el puerto (o el error de arranque) una sola vez.
private final class StartupSignal: Sendable {
    private let continuation = Locked<CheckedContinuation<Int, any Error>?>(nil)

    func wait(with continuation: CheckedContinuation<Int, any Error>) {
        self.continuation.withLock { $0 = continuation }
    }

    func succeed(port: Int) {
        take()?.resume(returning: port)
    }

    func fail(_ error: any Error) {
        take()?.resume(throwing: error)
    }

    private func take() -> CheckedContinuation<Int, any Error>? {
        continuation.withLock { stored in
            defer { stored = nil }
            return stored
        }
    }
}
