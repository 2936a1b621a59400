/// One HTTP GET as a value.
/// Una petición HTTP GET como valor.
public struct WebRequest: Sendable {
    public var url: String
    public var headers: [String: String]
    public var timeout: Duration
    /// Which addresses the host may resolve to; the policy widens it only for a source pointed somewhere with `--api`.
    public var addresses: AddressScope = .publicInternet
    /// The most bytes of body read (after unzipping); a larger answer is `FetchError.tooLarge`.
    public var maxBodyBytes = FetchLimits().json

    /// Until the response's head arrives. Generous: a busy server (or a loaded machine serving tests) may be slow
    /// without being down; one that is silent this long a few times in a row is marked down by the breaker.
    public static let standardTimeout = Duration.seconds(20)

    public init(url: String, headers: [String: String] = [:], timeout: Duration = WebRequest.standardTimeout,
                addresses: AddressScope = .publicInternet) {
        self.url = url
        self.headers = headers
        self.timeout = timeout
        self.addresses = addresses
    }
}

/// One HTTP response as a value; header names are lowercased.
/// Una respuesta HTTP como valor; los nombres de cabecera van en minúsculas.
public struct WebResponse: Sendable {
    public var status: Int
    public var headers: [String: String]
    public var body: [UInt8]

    public init(status: Int, headers: [String: String] = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// Anything that can answer a request: the live client and its decorators.
/// Todo lo que responde una petición: el cliente real y sus decoradores.
public protocol HTTPClient: Sendable {
    func send(_ request: WebRequest) async throws -> WebResponse
}

/// A request that never got a complete answer (refused, timed out, cut off).
/// Una petición sin respuesta completa (rechazada, agotada o cortada).
public struct TransportError: Error, Sendable, CustomStringConvertible {
    public let url: String
    public let reason: String
    public var description: String { "\(url): \(reason)" }
}

/// Which addresses a request may connect to once its host is resolved.
/// A qué direcciones puede conectarse una petición una vez resuelto su servidor.
public enum AddressScope: Sendable, Equatable {
    /// Public addresses only (`AddressPolicy`): what data and declarations may reach.
    case publicInternet
    /// Whatever the author pointed a source at with `--api` (loopback, a private mirror), but never an address that
    /// names no one server.
    case chosenByAuthor

    var isExplicit: Bool { self == .chosenByAuthor }
}
