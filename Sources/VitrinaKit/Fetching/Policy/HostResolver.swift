#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NIOPosix

/// Turns a host name into the addresses it names; the live client checks them before it connects to one.
/// Convierte un nombre de servidor en sus direcciones; el cliente real las comprueba antes de conectarse a una.
public protocol HostResolver: Sendable {
    func addresses(of host: String) async throws -> [IPAddress]
}

/// The system's resolver (`getaddrinfo`, as every program on the machine uses), run off the cooperative threads.
/// El resolvedor del sistema (`getaddrinfo`), fuera de los hilos cooperativos.
public struct SystemResolver: HostResolver {
    /// The most addresses read from one answer.
    static let maxAddresses = 64

    public init() {}

    public func addresses(of host: String) async throws -> [IPAddress] {
        if let literal = IPAddress(host: host) { return [literal] }
        return try await NIOThreadPool.singleton.runIfActive { try Self.lookUp(host) }
    }

    /// Unresolvable names throw `ResolutionError`, which the live client reports as a transport failure.
    static func lookUp(_ host: String) throws -> [IPAddress] {
        var hints = addrinfo()
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0, let first = list else { throw ResolutionError() }
        defer { freeaddrinfo(first) }
        var addresses: [IPAddress] = []
        var node: UnsafeMutablePointer<addrinfo>? = first
        while let current = node, addresses.count < maxAddresses {
            if let address = current.pointee.ai_addr.flatMap(Self.address), !addresses.contains(address) { addresses.append(address) }
            node = current.pointee.ai_next
        }
        return addresses
    }

    private static func address(_ socket: UnsafeMutablePointer<sockaddr>) -> IPAddress? {
        switch Int32(socket.pointee.sa_family) {
        case AF_INET:
            socket.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { pointer in
                withUnsafeBytes(of: pointer.pointee.sin_addr) { IPAddress(bytes: Array($0)) }
            }
        case AF_INET6:
            socket.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { pointer in
                withUnsafeBytes(of: pointer.pointee.sin6_addr) { IPAddress(bytes: Array($0)) }
            }
        default: nil
        }
    }

    struct ResolutionError: Error {}
}
