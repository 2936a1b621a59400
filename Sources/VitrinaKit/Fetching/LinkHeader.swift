import Foundation

/// The `Link` response header (RFC 8288): `<URL>; rel="next", <URL>; rel="last"`, read on bytes.
/// La cabecera de respuesta `Link` (RFC 8288), leída sobre bytes.
public enum LinkHeader {
    /// One link: its target as written and its parameters, names lowercased.
    /// Un enlace: su destino tal cual y sus parámetros, con los nombres en minúsculas.
    public struct Link: Sendable, Equatable {
        public let target: String
        public let parameters: [Parameter]

        /// The relation types of `rel`, lowercased (`rel="next last"` has two).
        public var relations: [String] {
            guard let rel = parameters.first(where: { $0.name == "rel" })?.value else { return [] }
            return rel.utf8.split(whereSeparator: { $0 == 0x20 || $0 == 0x09 }).map { LinkHeader.asciiLowercased($0) }
        }
    }

    /// One `name=value` (or bare `name`) after a link.
    /// Un `name=value` (o `name` solo) tras un enlace.
    public struct Parameter: Sendable, Equatable {
        public let name: String
        public let value: String?
    }

    /// The longest header read and the most links taken from it.
    public static let maxBytes = 64 * 1024
    public static let maxLinks = 100

    /// The target of the first link whose relations include `next`, resolved against `base` (the request's URL).
    /// El destino del primer enlace con relación `next`, resuelto contra `base` (la URL pedida).
    public static func next(in header: String, base: String) -> String? {
        guard let target = links(in: header).first(where: { $0.relations.contains("next") })?.target else { return nil }
        return resolve(target, against: base)
    }

    /// Every link in the header, in order; malformed parts are skipped up to the next comma at the top level.
    /// Cada enlace de la cabecera, en orden; las partes mal formadas se saltan hasta la siguiente coma.
    public static func links(in header: String) -> [Link] {
        var reader = LinkReader(bytes: Array(header.utf8.prefix(maxBytes)))
        var links: [Link] = []
        // Each turn consumes at least one byte (a link or the malformed part before a comma), so it ends.
        // Cada vuelta consume al menos un byte, así que termina.
        while !reader.isAtEnd, links.count < maxLinks {
            let before = reader.position
            if let link = reader.link() { links.append(link) } else { reader.skipPastComma() }
            if reader.position == before { reader.skipPastComma() }
        }
        return links
    }

    /// ASCII letters lowercased, other bytes kept: relation types and parameter names compare case-insensitively (RFC 8288 §2.1.1).
    static func asciiLowercased<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        String(decoding: bytes.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    /// A link target relative to the request's URL made absolute; nil when it cannot be.
    public static func resolve(_ target: String, against base: String) -> String? {
        guard let url = URL(string: target, relativeTo: URL(string: base)) else { return nil }
        return url.absoluteString
    }
}

/// A cursor over the header's bytes.
/// Un cursor sobre los bytes de la cabecera.
private struct LinkReader {
    let bytes: [UInt8]
    var position = 0

    var isAtEnd: Bool { position >= bytes.count }

    private static let comma = UInt8(ascii: ","), semicolon = UInt8(ascii: ";"), quote = UInt8(ascii: "\""), equals = UInt8(ascii: "=")

    private func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    mutating func skipSpace() { while position < bytes.count, isSpace(bytes[position]) { position += 1 } }

    /// Past the next comma that is outside `<…>` and quotes, or to the end.
    mutating func skipPastComma() {
        var inQuotes = false, inAngle = false
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if inQuotes {
                if byte == UInt8(ascii: "\\") { position += 1 } else if byte == Self.quote { inQuotes = false }
            } else if inAngle {
                if byte == UInt8(ascii: ">") { inAngle = false }
            } else if byte == Self.quote {
                inQuotes = true
            } else if byte == UInt8(ascii: "<") {
                inAngle = true
            } else if byte == Self.comma {
                return
            }
        }
    }

    /// `<target>` then parameters up to a comma at the top level (consumed) or the end.
    mutating func link() -> LinkHeader.Link? {
        skipSpace()
        while position < bytes.count, bytes[position] == Self.comma { position += 1; skipSpace() }
        guard position < bytes.count, bytes[position] == UInt8(ascii: "<") else { return nil }
        guard let close = bytes[position...].firstIndex(of: UInt8(ascii: ">")) else { position = bytes.count; return nil }
        var inside = bytes[(position + 1)..<close]
        while let first = inside.first, isSpace(first) { inside.removeFirst() }
        while let last = inside.last, isSpace(last) { inside.removeLast() }
        let target = String(decoding: inside, as: UTF8.self)
        position = close + 1
        var parameters: [LinkHeader.Parameter] = []
        while true {
            skipSpace()
            guard position < bytes.count else { break }
            if bytes[position] == Self.comma { position += 1; break }
            guard bytes[position] == Self.semicolon else { skipPastComma(); break }
            position += 1
            skipSpace()
            let nameStart = position
            while position < bytes.count, !isSpace(bytes[position]), ![Self.equals, Self.semicolon, Self.comma].contains(bytes[position]) {
                position += 1
            }
            let name = LinkHeader.asciiLowercased(bytes[nameStart..<position])
            skipSpace()
            var value: String?
            if position < bytes.count, bytes[position] == Self.equals {
                position += 1
                skipSpace()
                value = parameterValue()
            }
            if !name.isEmpty { parameters.append(LinkHeader.Parameter(name: name, value: value)) }
        }
        return LinkHeader.Link(target: target, parameters: parameters)
    }

    /// A quoted string (backslash escapes taken literally) or a token up to `;`, `,` or space.
    private mutating func parameterValue() -> String {
        var value: [UInt8] = []
        if position < bytes.count, bytes[position] == Self.quote {
            position += 1
            while position < bytes.count, bytes[position] != Self.quote {
                if bytes[position] == UInt8(ascii: "\\"), position + 1 < bytes.count { position += 1 }
                value.append(bytes[position])
                position += 1
            }
            position = min(position + 1, bytes.count)
        } else {
            while position < bytes.count, !isSpace(bytes[position]), bytes[position] != Self.semicolon, bytes[position] != Self.comma {
                value.append(bytes[position])
                position += 1
            }
        }
        return String(decoding: value, as: UTF8.self)
    }
}
