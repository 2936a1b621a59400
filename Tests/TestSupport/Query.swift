import Foundation

/// The decoded parameters of a URL query string.
/// Los parámetros decodificados de la cadena de consulta de una URL.
struct Query: Sendable {
    private var values: [String: String] = [:]

    init(_ query: String?) {
        for pair in (query ?? "").split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = Self.decode(parts[0])
            if values[key] == nil {
                values[key] = parts.count > 1 ? Self.decode(parts[1]) : ""
            }
        }
    }

    subscript(_ key: String) -> String? {
        values[key]
    }

    /// The value of `key` when it is a non-empty string.
    func text(_ key: String) -> String? {
        values[key].flatMap { $0.isEmpty ? nil : $0 }
    }

    func int(_ key: String) -> Int? {
        values[key].flatMap { Int($0) }
    }

    private static func decode(_ part: Substring) -> String {
        let spaced = part.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}

extension String {
    /// This text percent-encoded for a query value.
    var queryEncoded: String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+#?")
        return addingPercentEncoding(withAllowedCharacters: allowed) ?? self
    }
}
