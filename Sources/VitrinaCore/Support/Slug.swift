import Foundation

/// Safe URL segments: lowercase ASCII letters, digits and hyphens, never empty, never `..`.
/// Segmentos de URL seguros: minúsculas ASCII, dígitos y guiones, nunca vacíos ni `..`.
public enum Slug {
    public static func make(_ text: String, fallback: String = "page") -> String {
        let folded = text.utf8.allSatisfy({ $0 < 128 }) ? text : text.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil)
        var slug = ""
        var pendingHyphen = false
        for scalar in folded.unicodeScalars {
            let lower = scalar.properties.lowercaseMapping
            if lower.unicodeScalars.count == 1, let c = lower.unicodeScalars.first, c.isASCII,
               (c >= "a" && c <= "z") || (c >= "0" && c <= "9") {
                if pendingHyphen && !slug.isEmpty { slug.append("-") }
                pendingHyphen = false
                slug.unicodeScalars.append(c)
            } else {
                pendingHyphen = true
            }
        }
        if slug.count > 80 { slug = String(slug.prefix(80)).trimmingCharacters(in: CharacterSet(charactersIn: "-")) }
        return slug.isEmpty ? fallback : slug
    }

    /// A slug for names with no letters or digits (`$`, `[[`): their code points, `u24`, `u5b-5b`.
    public static func codes(_ text: String) -> String {
        let codes = text.unicodeScalars.prefix(20).map { String($0.value, radix: 16) }
        return codes.isEmpty ? "page" : "u" + codes.joined(separator: "-")
    }

    /// `25-pikachu`: an id keeps slugs unique even when names collide.
    public static func make(id: Int, name: String) -> String {
        let name = make(name, fallback: "")
        return name.isEmpty ? "\(id)" : "\(id)-\(name)"
    }
}
