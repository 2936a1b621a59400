import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import NIOPosix

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
        // A connection that cannot be made fails its request at once; the retry policy and the breaker decide what
        // comes next, instead of the pool trying again until the connect timeout.
        // Una conexión imposible hace fallar la petición al momento: deciden los reintentos y el cortacircuitos.
        configuration.connectionPool.retryConnectionEstablishment = false
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
            // A repeated header is joined with ", " (RFC 9110 §5.3), so several `Link` lines keep every link.
            // Una cabecera repetida se une con ", ", así varias líneas `Link` conservan todos los enlaces.
            for header in response.headers {
                let name = header.name.lowercased()
                headers[name] = headers[name].map { "\($0), \(header.value)" } ?? header.value
            }
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

    /// A short reason for the report: `connection refused`, `timed out waiting for an answer`, …
    static func explain(_ error: Error) -> String {
        switch error {
        case let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout: "timed out waiting for an answer"
        case let error as HTTPClientError where error == .connectTimeout: "timed out connecting"
        case let error as HTTPClientError where error == .remoteConnectionClosed || error == .uncleanShutdown: cutOff
        case let error as HTTPParserError where error == .invalidEOFState: cutOff
        case let error as NIOConnectionError where error.dnsAError != nil || error.dnsAAAAError != nil:
            "the host name could not be resolved (DNS)"
        case let error as NIOConnectionError: error.connectionErrors.first.map { explain($0.error) } ?? "\(error)"
        case let error as IOError where error.errnoCode == ECONNREFUSED: "connection refused"
        case let error as IOError where error.errnoCode == ECONNRESET: "connection reset"
        default: "\(error)"
        }
    }

    private static let cutOff = "the connection closed before the whole response arrived"
}
