import AsyncHTTPClient
import NIOCore
import NIOHTTP1

/// The real client, on AsyncHTTPClient, with a User-Agent and a timeout per request.
/// El cliente real, sobre AsyncHTTPClient, con User-Agent y tiempo límite por petición.
public final class LiveHTTPClient: HTTPClient {
    private let client: AsyncHTTPClient.HTTPClient
    private let maxBodyBytes = 64 * 1024 * 1024

    public init() {
        var configuration = AsyncHTTPClient.HTTPClient.Configuration()
        configuration.redirectConfiguration = .follow(max: 5, allowCycles: false)
        configuration.decompression = .enabled(limit: .ratio(100))
        configuration.timeout.connect = .seconds(10)
        client = AsyncHTTPClient.HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    public func send(_ request: WebRequest) async throws -> WebResponse {
        var outgoing = HTTPClientRequest(url: request.url)
        outgoing.headers.add(name: "User-Agent", value: VitrinaVersion.userAgent)
        outgoing.headers.add(name: "Accept-Encoding", value: "gzip")
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) {
            outgoing.headers.add(name: name, value: value)
        }
        let timeout = TimeAmount.nanoseconds(Int64(request.timeout.components.seconds) * 1_000_000_000
            + request.timeout.components.attoseconds / 1_000_000_000)
        do {
            let response = try await client.execute(outgoing, timeout: timeout)
            let body = try await response.body.collect(upTo: maxBodyBytes)
            var headers: [String: String] = [:]
            for header in response.headers { headers[header.name.lowercased()] = header.value }
            return WebResponse(status: Int(response.status.code), headers: headers, body: Array(body.readableBytesView))
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw TransportError(url: request.url, reason: Self.explain(error))
        }
    }

    public func shutdown() async {
        try? await client.shutdown()
    }

    private static func explain(_ error: Error) -> String {
        let text = String(describing: error)
        if text.contains("deadlineExceeded") || text.contains("readTimeout") { return "no answer in time (timed out)" }
        if text.contains("connectTimeout") || text.contains("connectionRefused") || text.contains("Connection refused") {
            return "could not connect (\(text))"
        }
        if text.contains("remoteConnectionClosed") || text.contains("Premature") || text.contains("uncleanShutdown") {
            return "the connection closed before the whole response arrived"
        }
        return text
    }
}
