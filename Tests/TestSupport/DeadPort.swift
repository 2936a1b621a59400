import Foundation

/// A port on 127.0.0.1 held by this process where no server answers: `refusing` binds it without listening
/// (every connection is refused), `silent` listens but never accepts, reads or writes (connections open, and every
/// request waits until its timeout). The port stays reserved until `close()`, so no other test can take it.
/// Un puerto de 127.0.0.1 reservado donde ningún servidor contesta: `refusing` rechaza cada conexión; `silent` las
/// acepta en el núcleo pero nunca responde.
public final class DeadPort: Sendable {
    public enum Behaviour: String, Sendable, CaseIterable { case refusing, silent }

    public let behaviour: Behaviour
    public let port: Int
    private let descriptor: Int32

    public init(_ behaviour: Behaviour) throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw DeadPortError.socket(errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound, behaviour == .refusing || listen(descriptor, 64) == 0 else {
            let code = errno
            closeSocket(descriptor)
            throw DeadPortError.socket(code)
        }
        self.behaviour = behaviour
        self.descriptor = descriptor
        self.port = Int(UInt16(bigEndian: address.sin_port))
    }

    /// `http://127.0.0.1:PORT`, without a trailing slash.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Frees the port; connections waiting on a silent port are reset.
    public func close() {
        closeSocket(descriptor)
    }
}

private func closeSocket(_ descriptor: Int32) {
    _ = close(descriptor)
}

/// A socket call failed, with its errno.
/// Falló una llamada de socket, con su errno.
public enum DeadPortError: Error, Sendable {
    case socket(Int32)
}
