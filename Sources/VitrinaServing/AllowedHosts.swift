import Foundation
import VitrinaKit
import VitrinaBuild

/// The `Host` headers `vitrina serve` answers: the loopback names, and, when it listens on another address, that address,
/// the machine's names and (listening on all interfaces) their addresses; with a port, only the one it listens on. Any
/// other name may be a page of another site that reaches the server through DNS rebinding, and gets 403.
/// Las cabeceras `Host` que atiende `vitrina serve`: los nombres de bucle local y, si escucha en otra dirección, esa
/// dirección, los nombres de la máquina y (en todas las interfaces) sus direcciones; con puerto, solo el suyo.
public struct AllowedHosts: Sendable, Equatable {
    /// Lowercased names and addresses, IPv6 ones in brackets (`[::1]`), as a `Host` header writes them.
    public let names: Set<String>

    static let loopback: Set<String> = ["127.0.0.1", "localhost", "[::1]"]
    static let wildcards: Set<String> = ["0.0.0.0", "[::]"]

    /// `machineNames` and `machineAddresses` are asked only when `host` is not a loopback address.
    public init(listeningOn host: String, machineNames: () -> [String] = AllowedHosts.machineNames,
                machineAddresses: () -> [String] = AllowedHosts.machineAddresses) {
        let address = Self.hostForm(host)
        var names = Self.loopback.union([address])
        if !Self.isLoopback(address) {
            names.formUnion(machineNames().map(Self.hostForm))
            if Self.wildcards.contains(address) { names.formUnion(machineAddresses().map(Self.hostForm)) }
        }
        self.names = names
    }

    /// Whether a request's `Host` names this server: a known name, with no port or the port it listens on.
    public func allows(_ host: String?, port: Int) -> Bool {
        guard let host, let (name, given) = Self.split(host), names.contains(name) else { return false }
        return given == nil || given == port
    }

    /// A `Host` value's name (lowercased) and port; nil when it is malformed (a bad port, an unclosed bracket).
    static func split(_ host: String) -> (name: String, port: Int?)? {
        let text = host.lowercased()
        let nameEnd: String.Index
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            nameEnd = text.index(after: close)
        } else {
            nameEnd = text.firstIndex(of: ":") ?? text.endIndex
        }
        let name = String(text[..<nameEnd]), rest = text[nameEnd...]
        guard !name.isEmpty else { return nil }
        if rest.isEmpty { return (name, nil) }
        let digits = rest.dropFirst()
        guard rest.first == ":", (1...5).contains(digits.count), digits.allSatisfy(Self.isDigit), let port = Int(digits) else { return nil }
        return (name, port)
    }

    /// A name or address as a `Host` header carries it: lowercased, an IPv6 address in brackets.
    static func hostForm(_ host: String) -> String {
        let text = host.lowercased()
        return text.contains(":") && !text.hasPrefix("[") ? "[\(text)]" : text
    }

    static func isLoopback(_ address: String) -> Bool {
        loopback.contains(address) || (address.hasPrefix("127.") && address.allSatisfy { isDigit($0) || $0 == "." })
    }

    static func isDigit(_ character: Character) -> Bool { ("0"..."9").contains(character) }

    /// The machine's host name and its first label (`build-01.example.lan` and `build-01`).
    public static func machineNames() -> [String] {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return [] }
        let name = text(buffer)
        guard !name.isEmpty else { return [] }
        return [name, String(name.prefix { $0 != "." })]
    }

    /// The IPv4 and IPv6 addresses of the machine's interfaces, for a server listening on all of them.
    public static func machineAddresses() -> [String] {
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0 else { return [] }
        defer { freeifaddrs(first) }
        var addresses: [String] = []
        var next = first
        while let entry = next {
            next = entry.pointee.ifa_next
            guard let address = entry.pointee.ifa_addr else { continue }
            let family = Int32(address.pointee.sa_family)
            guard family == AF_INET || family == AF_INET6 else { continue }
            let length = socklen_t(family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size)
            var buffer = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            guard getnameinfo(address, length, &buffer, socklen_t(buffer.count), nil, 0, NI_NUMERICHOST) == 0 else { continue }
            let numeric = text(buffer)
            if !numeric.contains("%") { addresses.append(numeric) }  // a link-local zone (fe80::1%eth0) is no Host
        }
        return addresses
    }

    /// The text of a NUL-terminated C buffer.
    static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
