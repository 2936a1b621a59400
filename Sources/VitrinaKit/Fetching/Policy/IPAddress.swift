/// An IPv4 or IPv6 address as 4 or 16 bytes, read from every form a URL host or a resolver may write it in.
/// Una dirección IPv4 o IPv6 como 4 o 16 bytes, leída de cualquier forma en que la escriba una URL o un resolvedor.
public struct IPAddress: Sendable, Hashable, CustomStringConvertible {
    public let bytes: [UInt8]

    public init?(bytes: [UInt8]) {
        guard bytes.count == 4 || bytes.count == 16 else { return nil }
        self.bytes = bytes
    }

    public var isIPv4: Bool { bytes.count == 4 }

    /// A URL host as an address, the way browsers and `inet_aton` read it: `127.0.0.1`, `127.1`, `0x7f.0.0.1`, `0177.0.0.1`,
    /// `2130706433`, `[::1]`, `[::ffff:127.0.0.1]`; nil for a name. A trailing dot is allowed, as in DNS.
    /// Un servidor de URL como dirección, como lo leen los navegadores e `inet_aton`; nil si es un nombre.
    public init?(host: String) {
        var text = Substring(host)
        if text.hasPrefix("[") && text.hasSuffix("]") {
            guard let bytes = Self.ipv6(text.dropFirst().dropLast()) else { return nil }
            self.bytes = bytes
            return
        }
        if text.contains(":") {
            guard let bytes = Self.ipv6(text) else { return nil }
            self.bytes = bytes
            return
        }
        if text.hasSuffix(".") { text = text.dropLast() }
        guard let bytes = Self.ipv4(text) else { return nil }
        self.bytes = bytes
    }

    /// `a.b.c.d` with one to four parts, each decimal, octal (`0…`) or hexadecimal (`0x…`); the last part fills the
    /// bytes the others leave (`127.1` is 127.0.0.1, `2130706433` is 127.0.0.1).
    static func ipv4(_ text: Substring) -> [UInt8]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...4).contains(parts.count) else { return nil }
        var numbers: [UInt64] = []
        for part in parts {
            guard let number = number(part) else { return nil }
            numbers.append(number)
        }
        let last = numbers.removeLast()
        guard numbers.allSatisfy({ $0 <= 255 }), last < (UInt64(1) << (8 * UInt64(4 - numbers.count))) else { return nil }
        var value = last
        for (index, number) in numbers.enumerated() { value |= number << (8 * UInt64(3 - index)) }
        return (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64(3 - $0))) }
    }

    /// One IPv4 part: at most 32 bits' worth of digits, so no loop runs long on hostile input.
    private static func number(_ part: Substring) -> UInt64? {
        var digits = part.utf8[...], radix: UInt64 = 10
        if digits.count >= 2, digits.first == UInt8(ascii: "0"), let x = digits.dropFirst().first, x | 0x20 == UInt8(ascii: "x") {
            digits = digits.dropFirst(2)
            radix = 16
            if digits.isEmpty { return 0 }
        } else if digits.count >= 2, digits.first == UInt8(ascii: "0") {
            digits = digits.dropFirst()
            radix = 8
        }
        guard !digits.isEmpty, digits.count <= 32 else { return nil }
        var value: UInt64 = 0
        for byte in digits {
            let digit: UInt64
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt64(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt64(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt64(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
            guard digit < radix else { return nil }
            value = value * radix + digit
            guard value <= UInt64(UInt32.max) else { return nil }
        }
        return value
    }

    /// RFC 4291 text: eight groups of hex, one `::`, an IPv4 tail (`::ffff:127.0.0.1`); a zone (`%eth0`) is refused.
    static func ipv6(_ text: Substring) -> [UInt8]? {
        guard text.utf8.count <= 64, !text.contains("%") else { return nil }
        let halves = text.components(separatedBy: "::")
        guard halves.count <= 2 else { return nil }
        func groups(_ half: String) -> [UInt16]? {
            guard !half.isEmpty else { return [] }
            var result: [UInt16] = []
            let pieces = half.split(separator: ":", omittingEmptySubsequences: false)
            for (index, piece) in pieces.enumerated() {
                if index == pieces.count - 1, piece.contains(".") {
                    guard let four = strictIPv4(piece) else { return nil }
                    result += [UInt16(four[0]) << 8 | UInt16(four[1]), UInt16(four[2]) << 8 | UInt16(four[3])]
                } else {
                    guard (1...4).contains(piece.utf8.count), let group = UInt16(piece, radix: 16) else { return nil }
                    result.append(group)
                }
            }
            return result
        }
        guard let head = groups(halves[0]) else { return nil }
        var all = head
        if halves.count == 2 {
            guard let tail = groups(halves[1]), head.count + tail.count <= 7 else { return nil }
            all += Array(repeating: 0, count: 8 - head.count - tail.count) + tail
        }
        guard all.count == 8 else { return nil }
        return all.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    }

    /// Dotted decimal only, as inside IPv6 text.
    private static func strictIPv4(_ text: Substring) -> [UInt8]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        let bytes = parts.compactMap { part -> UInt8? in
            guard (1...3).contains(part.utf8.count), part.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
            return UInt8(part)
        }
        return bytes.count == 4 ? bytes : nil
    }

    /// The IPv4 address an IPv6 one carries and routes to: mapped `::ffff:a.b.c.d`, compatible `::a.b.c.d`, NAT64
    /// `64:ff9b::a.b.c.d` and 6to4 `2002:AABB:CCDD::`.
    public var embeddedIPv4: IPAddress? {
        guard bytes.count == 16 else { return nil }
        let zeros = bytes[0..<10].allSatisfy { $0 == 0 }
        if zeros && bytes[10] == 0xFF && bytes[11] == 0xFF { return IPAddress(bytes: Array(bytes[12..<16])) }
        if zeros && bytes[10] == 0 && bytes[11] == 0 && !bytes[12..<15].allSatisfy({ $0 == 0 }) { return IPAddress(bytes: Array(bytes[12..<16])) }
        if bytes[0..<12] == [0x00, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0] { return IPAddress(bytes: Array(bytes[12..<16])) }
        if bytes[0] == 0x20 && bytes[1] == 0x02 { return IPAddress(bytes: Array(bytes[2..<6])) }
        return nil
    }

    public var description: String {
        if isIPv4 { return bytes.map(String.init).joined(separator: ".") }
        return "[" + stride(from: 0, to: 16, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }.joined(separator: ":") + "]"
    }
}

/// What keeps an address off the public Internet, worded for a warning.
/// Lo que deja una dirección fuera de Internet pública, con palabras para un aviso.
public enum AddressRestriction: String, Sendable, CaseIterable {
    case unspecified = "the unspecified address"
    case thisNetwork = "a \"this network\" address (0.0.0.0/8)"
    case loopback = "a loopback address"
    case privateNetwork = "a private address (RFC 1918)"
    case sharedNAT = "a shared carrier-grade NAT address (100.64.0.0/10)"
    case linkLocal = "a link-local address"
    case protocolAssignments = "an IETF protocol address (192.0.0.0/24)"
    case benchmarking = "a benchmarking address (198.18.0.0/15)"
    case multicast = "a multicast address"
    case broadcast = "the broadcast address"
    case reserved = "a reserved address"
    case uniqueLocal = "a unique local address (fc00::/7)"
    case siteLocal = "a site-local address (fec0::/10)"

    /// Addresses that name no one server: never connected to, whoever asks.
    var namesNoServer: Bool { self == .unspecified || self == .multicast || self == .broadcast }
}

/// Which addresses a request may connect to: the public Internet only, unless the site's author pointed a source at
/// another address with `--api`.
/// A qué direcciones puede conectarse una petición: solo Internet pública, salvo que el autor apunte una fuente con `--api`.
public enum AddressPolicy {
    /// What keeps `address` off the public Internet, or nil when it is on it.
    public static func restriction(of address: IPAddress) -> AddressRestriction? {
        if let inner = address.embeddedIPv4 { return restriction(of: inner) }
        let b = address.bytes
        if address.isIPv4 {
            switch (b[0], b[1]) {
            case (0, _): return b == [0, 0, 0, 0] ? .unspecified : .thisNetwork
            case (127, _): return .loopback
            case (10, _), (172, 16...31), (192, 168): return .privateNetwork
            case (100, 64...127): return .sharedNAT
            case (169, 254): return .linkLocal
            case (192, 0) where b[2] == 0: return .protocolAssignments
            case (198, 18...19): return .benchmarking
            case (224...239, _): return .multicast
            case (240...255, _): return b == [255, 255, 255, 255] ? .broadcast : .reserved
            default: return nil
            }
        }
        if b.allSatisfy({ $0 == 0 }) { return .unspecified }
        if b[0..<15].allSatisfy({ $0 == 0 }) && b[15] == 1 { return .loopback }
        if b[0] & 0xFE == 0xFC { return .uniqueLocal }
        if b[0] == 0xFE && b[1] & 0xC0 == 0x80 { return .linkLocal }
        if b[0] == 0xFE && b[1] & 0xC0 == 0xC0 { return .siteLocal }
        if b[0] == 0xFF { return .multicast }
        if b[0..<10].allSatisfy({ $0 == 0 }) { return .reserved }
        return nil
    }

    /// Nil when a request may connect to `address`; else what keeps it from doing so. A source pointed somewhere with
    /// `--api` (`explicit`) may connect anywhere but the addresses that name no one server.
    public static func refusal(of address: IPAddress, explicit: Bool) -> AddressRestriction? {
        guard let restriction = restriction(of: address) else { return nil }
        return explicit && !restriction.namesNoServer ? nil : restriction
    }
}
