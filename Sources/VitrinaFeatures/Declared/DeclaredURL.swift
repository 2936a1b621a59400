import VitrinaKit

/// URL checks and edits a declared source needs, on bytes: under base_url or not, one query parameter set.
/// Comprobaciones y cambios de URL que necesita una fuente declarada, sobre bytes.
enum DeclaredURL {
    /// True when `url` is `base` itself or lies under it (`base/…` or `base?…`), and holds no space or control byte.
    /// Verdadero si `url` es `base` o está bajo ella, y no lleva espacios ni bytes de control.
    static func isUnder(_ url: String, base: String) -> Bool {
        guard url.utf8.allSatisfy({ $0 > 0x20 && $0 != 0x7F }), url.utf8.starts(with: base.utf8) else { return false }
        let rest = url.utf8.dropFirst(base.utf8.count)
        return rest.isEmpty || rest.first == UInt8(ascii: "/") || rest.first == UInt8(ascii: "?")
    }

    /// `url` with the query parameter `name` set to `value` (percent-encoded), replacing any it had.
    /// `url` con el parámetro `name` puesto a `value` (codificado), sustituyendo el que tuviera.
    static func setting(_ name: String, to value: String, in url: String) -> String {
        setting([(name, value)], in: url)
    }

    /// `url` with each parameter set, in order, replacing any of the same name.
    static func setting(_ parameters: [(name: String, value: String)], in url: String) -> String {
        let bytes = Array(url.utf8)
        let question = bytes.firstIndex(of: UInt8(ascii: "?")) ?? bytes.endIndex
        let names = Set(parameters.map { Array($0.name.utf8) })
        var kept = bytes[question...].dropFirst().split(separator: UInt8(ascii: "&")).filter { pair in
            !names.contains(Array(pair.prefix { $0 != UInt8(ascii: "=") }))
        }.map(Array.init)
        kept += parameters.map { Array("\($0.name)=\(PercentEncoding.component($0.value))".utf8) }
        return String(decoding: bytes[..<question] + [UInt8(ascii: "?")] + Array(kept.joined(separator: [UInt8(ascii: "&")])), as: UTF8.self)
    }
}
