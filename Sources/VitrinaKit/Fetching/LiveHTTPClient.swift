import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// The real client, on AsyncHTTPClient, with a User-Agent, a timeout and a size limit per request. It resolves each host
/// itself, checks the address against the request's `AddressScope`, and connects to that very address (no second
/// lookup that DNS rebinding could change); it follows no redirect, which `PolicedHTTPClient` checks hop by hop.
/// El cliente real: resuelve cada servidor, comprueba la dirección y se conecta a esa misma; no sigue redirecciones.
public final class LiveHTTPClient: HTTPClient {
    private let resolver: any HostResolver
    /// One AsyncHTTPClient per host and the address it was pinned to, each with its own connection pool.
    private let pinned = Mutex<[String: AsyncHTTPClient.HTTPClient]>([:])
    /// Each host's checked addresses, kept a minute so a build asks the resolver once per host.
    private let lookups = Mutex<[String: (addresses: [IPAddress], at: ContinuousClock.Instant)]>([:])
    private static let lookupLifetime = Duration.seconds(60)

    public init(resolver: any HostResolver = SystemResolver()) {
        self.resolver = resolver
    }

    public func send(_ request: WebRequest) async throws -> WebResponse {
        let (host, address) = try await checkedAddress(request)
        var outgoing = HTTPClientRequest(url: request.url)
        outgoing.headers.add(name: "User-Agent", value: VitrinaVersion.userAgent)
        outgoing.headers.add(name: "Accept-Encoding", value: "gzip")
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) {
            outgoing.headers.add(name: name, value: value)
        }
        let timeout = TimeAmount.nanoseconds(request.timeout.nanoseconds)
        do {
            let response = try await client(for: host, pinnedTo: address).execute(outgoing, timeout: timeout)
            if let length = response.headers.first(name: "content-length").flatMap(Int.init), length > request.maxBodyBytes {
                throw FetchError.tooLarge(url: request.url, limit: request.maxBodyBytes)
            }
            let body = try await response.body.collect(upTo: request.maxBodyBytes)
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
        } catch let error as FetchError {
            throw error
        } catch is NIOTooManyBytesError {
            throw FetchError.tooLarge(url: request.url, limit: request.maxBodyBytes)
        } catch {
            throw TransportError(url: request.url, reason: Self.explain(error))
        }
    }

    public func shutdown() async {
        for client in pinned.withLock({ Array($0.values) }) { try? await client.shutdown() }
    }

    /// The host as AsyncHTTPClient reads the URL, and the address it may connect to. The host must read the same to the
    /// fetch policy, so what was checked is what is asked; every address the host resolves to is checked, the first
    /// allowed one (IPv4 first) is used.
    private func checkedAddress(_ request: WebRequest) async throws -> (host: String, address: IPAddress) {
        guard case .success(let origin) = WebOrigin.of(request.url), let parsed = URL(string: request.url), var host = parsed.host,
              WebOrigin.canonicalHost(host.hasPrefix("[") ? host : (host.contains(":") ? "[\(host)]" : host)) == origin.host
        else {
            throw FetchError.refused(url: request.url, .malformed("the URL reads differently to the HTTP library than to Vitrina's fetch policy"))
        }
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        let addresses = try await resolve(host, url: request.url)
        var refusal: (IPAddress, AddressRestriction)?
        for address in addresses.sorted(by: { $0.isIPv4 && !$1.isIPv4 }) {
            guard let restriction = AddressPolicy.refusal(of: address, explicit: request.addresses.isExplicit) else { return (host, address) }
            refusal = refusal ?? (address, restriction)
        }
        guard let (address, restriction) = refusal else {
            throw TransportError(url: request.url, reason: "the host name could not be resolved (DNS)")
        }
        throw FetchError.refused(url: request.url, .address(host: origin.host, address: address.description, restriction: restriction))
    }

    private func resolve(_ host: String, url: String) async throws -> [IPAddress] {
        let now = ContinuousClock.now
        if let kept = lookups.withLock({ $0[host] }), now - kept.at < Self.lookupLifetime { return kept.addresses }
        let addresses: [IPAddress]
        do { addresses = try await resolver.addresses(of: host) } catch is CancellationError { throw CancellationError() } catch {
            throw TransportError(url: url, reason: "the host name could not be resolved (DNS)")
        }
        lookups.withLock { $0[host] = (addresses, now) }
        return addresses
    }

    /// The client whose only DNS answer for `host` is `address`: AsyncHTTPClient connects there and still sends the host's
    /// name in the `Host` header and the TLS handshake.
    private func client(for host: String, pinnedTo address: IPAddress) -> AsyncHTTPClient.HTTPClient {
        let key = "\(host) \(address)"
        return pinned.withLock { clients in
            if let client = clients[key] { return client }
            var configuration = AsyncHTTPClient.HTTPClient.Configuration()
            configuration.redirectConfiguration = .disallow
            configuration.decompression = .enabled(limit: .ratio(100))
            configuration.timeout.connect = .seconds(10)
            configuration.dnsOverride = [host: address.isIPv4 ? address.description : String(address.description.dropFirst().dropLast())]
            // A connection that cannot be made fails its request at once; the retry policy and the breaker decide what
            // comes next, instead of the pool trying again until the connect timeout.
            // Una conexión imposible hace fallar la petición al momento: deciden los reintentos y el cortacircuitos.
            configuration.connectionPool.retryConnectionEstablishment = false
            let client = AsyncHTTPClient.HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
            clients[key] = client
            return client
        }
    }

    /// A short reason for the report, in words: `connection refused`, `timed out waiting for an answer`, …
    static func explain(_ error: Error) -> String {
        switch error {
        case let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout: "timed out waiting for an answer"
        case let error as HTTPClientError where error == .connectTimeout: "timed out connecting"
        case let error as HTTPClientError where error == .tlsHandshakeTimeout: "timed out making the secure (TLS) connection"
        case let error as HTTPClientError where error == .remoteConnectionClosed || error == .uncleanShutdown || error == .bodyLengthMismatch: cutOff
        case let error as HTTPParserError where error == .invalidEOFState: cutOff
        case is HTTPParserError: "the server's answer is not valid HTTP"
        case let error as NIOConnectionError where error.dnsAError != nil || error.dnsAAAAError != nil:
            "the host name could not be resolved (DNS)"
        case let error as NIOConnectionError: error.connectionErrors.first.map { explain($0.error) } ?? "the connection could not be made"
        case let error as IOError where error.errnoCode == ECONNREFUSED: "connection refused"
        case let error as IOError where error.errnoCode == ECONNRESET: "connection reset"
        case let error as IOError: "the connection failed (\(String(cString: strerror(error.errnoCode)).lowercased()))"
        case _ where String(reflecting: type(of: error)).contains("SSL"):
            "the secure (TLS) connection could not be made: the certificate or the handshake was refused"
        case _ where String(reflecting: type(of: error)).contains("Decompression"):
            "the compressed answer could not be unzipped, or it grew more than 100 times when unzipped"
        default: "the connection failed for a reason the HTTP library did not name"
        }
    }

    private static let cutOff = "the connection closed before the whole response arrived"
}
