import Foundation

/// An http(s) URL's scheme, host and port, read strictly: no user name or password, no spaces, control characters or
/// backslashes, an ASCII host, a port from 1 to 65535. What is ambiguous to one reader or another is refused, not guessed.
/// El esquema, servidor y puerto de una URL http(s), leídos con rigor: lo ambiguo se rechaza, no se adivina.
public struct WebOrigin: Sendable, Hashable, CustomStringConvertible {
    public let scheme: String
    /// Lowercased, without a trailing dot; an address in its one canonical form (`127.0.0.1`, `[::1]`).
    public let host: String
    public let port: Int

    public init(scheme: String, host: String, port: Int) {
        self.scheme = scheme
        self.host = host
        self.port = port
    }

    /// `host`, or `host:port` when the port is not the scheme's own.
    public var authority: String { isStandardPort ? host : "\(host):\(port)" }

    private var isStandardPort: Bool { (scheme == "https" && port == 443) || (scheme == "http" && port == 80) }

    public var description: String {
        let standard = (scheme == "https" && port == 443) || (scheme == "http" && port == 80)
        return "\(scheme)://\(host)" + (standard ? "" : ":\(port)")
    }

    /// The origin of `url`, or why it is not one Vitrina requests.
    public static func of(_ url: String) -> Result<WebOrigin, FetchRefusal> {
        let bytes = url.utf8
        guard bytes.count <= FetchPolicy.maxURLBytes else { return .failure(.malformed("it is longer than \(FetchPolicy.maxURLBytes) bytes")) }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon != bytes.startIndex,
              bytes[..<colon].allSatisfy(isSchemeByte), isLetter(bytes[bytes.startIndex])
        else { return .failure(.malformed("it is not an absolute URL")) }
        let schemeBytes = bytes[..<colon]
        let scheme: String
        if schemeBytes.elementsEqual("https".utf8) { scheme = "https" } else if schemeBytes.elementsEqual("http".utf8) { scheme = "http" } else {
            scheme = String(decoding: schemeBytes, as: UTF8.self).lowercased()
            guard scheme == "http" || scheme == "https" else { return .failure(.scheme(scheme)) }
        }
        guard bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") }) else {
            return .failure(.malformed("it holds spaces, control characters, backslashes or letters outside ASCII"))
        }
        let rest = bytes[bytes.index(after: colon)...]
        guard rest.starts(with: "//".utf8) else { return .failure(.malformed("it has no //host after \(scheme):")) }
        let afterSlashes = rest.dropFirst(2)
        let authority = afterSlashes.prefix { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        guard !authority.contains(UInt8(ascii: "@")) else { return .failure(.malformed("it carries a user name or password, which Vitrina never sends")) }
        guard !authority.contains(UInt8(ascii: "%")) else { return .failure(.malformed("its host is percent-encoded")) }
        return hostAndPort(String(decoding: authority, as: UTF8.self), scheme: scheme)
    }

    /// `host`, `host:port`, `[v6]` or `[v6]:port`, with the host made canonical.
    static func hostAndPort(_ authority: String, scheme: String) -> Result<WebOrigin, FetchRefusal> {
        var hostText = authority, portText: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return .failure(.malformed("its IPv6 host has no closing ]")) }
            hostText = String(authority[...close])
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return .failure(.malformed("text follows its IPv6 host")) }
                portText = after.dropFirst()
            }
        } else if let colon = authority.lastIndex(of: ":") {
            hostText = String(authority[..<colon])
            portText = authority[authority.index(after: colon)...]
        }
        var port = scheme == "https" ? 443 : 80
        if let portText, !portText.isEmpty {
            guard portText.utf8.count <= 5, let number = Int(portText), (1...65_535).contains(number) else {
                return .failure(.malformed("its port is not a number from 1 to 65535"))
            }
            port = number
        }
        guard let host = canonicalHost(hostText) else { return .failure(.malformed("it has no host, or a host that is not a name or an address")) }
        return .success(WebOrigin(scheme: scheme, host: host, port: port))
    }

    /// A name in lowercase without its trailing dot (letters, digits, `-`, `_` and dots), or an address in its one form.
    static func canonicalHost(_ text: String) -> String? {
        if let address = IPAddress(host: text) { return address.description }
        guard !text.hasPrefix("[") else { return nil }
        var name = text.lowercased()
        if name.hasSuffix(".") { name.removeLast() }
        guard !name.isEmpty, name.utf8.count <= 253, !name.hasPrefix("."), !name.contains(".."),
              name.utf8.allSatisfy({ isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".") })
        else { return nil }
        // A name ending in a number is an address to a browser's reader; one that is not a valid address is refused.
        if let last = name.split(separator: ".").last, last.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) || last.hasPrefix("0x") { return nil }
        return name
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
    private static func isSchemeByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }
}

/// Why a URL is not requested, in words for a warning.
/// Por qué no se pide una URL, con palabras para un aviso.
public enum FetchRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not an http(s) URL Vitrina can read without guessing.
    case malformed(String)
    /// `file:`, `data:`, `javascript:`, `ftp:` …
    case scheme(String)
    /// A host no source declares.
    case undeclared(String)
    /// A declared host named over plain http.
    case insecure(String)
    /// The host resolved to an address off the public Internet.
    case address(host: String, address: String, restriction: AddressRestriction)
    /// A redirect that leads where a request may not go, or that goes on too long.
    case redirect(to: String, because: String)

    /// Refused on the way, after the first request was sent.
    public var isRedirect: Bool {
        if case .redirect = self { return true }
        return false
    }

    public var description: String {
        switch self {
        case .malformed(let why): why
        case .scheme(let scheme): "it is a \(Printable.short(scheme, limit: 20)): URL, not a web address; only http(s) is ever requested"
        case .undeclared(let origin): "its host \(origin) is not declared in site.yml (a source's base_url or media_hosts)"
        case .insecure(let origin): "it asks \(origin) over plain http, and declared hosts are requested over https only"
        case .address(let host, let address, let restriction):
            "\(host) resolved to \(address), \(restriction.rawValue); only a source pointed there with --api may use it"
        case .redirect(let target, let why): "it redirects to \(Printable.short(target)), which is refused: \(why)"
        }
    }
}

/// The one rule for every request a build makes: to a host the site declares (a source's `base_url` host or one of its
/// `media_hosts`) over https, or to an origin an `--api NAME=URL` option names. Everything else is refused before any
/// connection; which addresses a permitted request may reach is `AddressPolicy`'s part.
/// La única regla de cada petición: a un servidor declarado por https, o al origen que nombra `--api`; nada más.
public struct FetchPolicy: Sendable {
    /// Longer URLs are refused unread.
    public static let maxURLBytes = 8_192

    /// What may be requested of a permitted URL.
    public struct Permit: Sendable, Equatable {
        /// Named by `--api`: any address the author chose, loopback and private included.
        public let explicit: Bool
    }

    let declared: Set<WebOrigin>
    let explicit: Set<WebOrigin>

    public init(sources: [String: SourceConfig], overrides: [String: String]) {
        var declared = Set<WebOrigin>()
        for source in sources.values {
            if case .success(let origin) = WebOrigin.of(source.baseURL), origin.scheme == "https" { declared.insert(origin) }
            for host in source.mediaHosts {
                if case .success(let origin) = WebOrigin.hostAndPort(host, scheme: "https") { declared.insert(origin) }
            }
        }
        self.declared = declared
        explicit = Set(overrides.values.compactMap { try? WebOrigin.of($0).get() })
    }

    /// The permit for `url`, or why it is refused.
    public func permit(_ url: String) -> Result<Permit, FetchRefusal> {
        switch WebOrigin.of(url) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let origin):
            if explicit.contains(origin) { return .success(Permit(explicit: true)) }
            if declared.contains(origin) { return .success(Permit(explicit: false)) }
            if origin.scheme == "http", declared.contains(WebOrigin(scheme: "https", host: origin.host, port: origin.port == 80 ? 443 : origin.port)) {
                return .failure(.insecure(origin.description))
            }
            return .failure(.undeclared(origin.authority))
        }
    }
}

/// Text from outside (a URL an API wrote) made safe to print in one line: control and format characters escaped,
/// and cut short.
/// Texto de fuera hecho seguro para imprimir en una línea: caracteres de control escapados, y acortado.
public enum Printable {
    public static func short(_ text: String, limit: Int = 160) -> String {
        var result = "", count = 0
        for scalar in text.unicodeScalars {
            guard count < limit else { return result + "…" }
            count += 1
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
                result += "\\u{\(String(scalar.value, radix: 16))}"
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
