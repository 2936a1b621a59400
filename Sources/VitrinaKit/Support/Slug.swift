import Foundation

/// Safe URL segments: lowercase ASCII letters, digits and hyphens, never empty, never `..`.
/// Segmentos de URL seguros: minúsculas ASCII, dígitos y guiones, nunca vacíos ni `..`.
public enum Slug {
    public static func make(_ text: String, fallback: String = "page") -> String {
        if text.utf8.allSatisfy({ $0 < 128 }) { return ascii(text, fallback: fallback) }
        let folded = text.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil)
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

    /// The same rules on ASCII bytes: letters lowercased, digits kept, any run of other bytes one hyphen, at most 80.
    private static func ascii(_ text: String, fallback: String) -> String {
        var slug: [UInt8] = []
        slug.reserveCapacity(text.utf8.count)
        var pendingHyphen = false
        for byte in text.utf8 {
            let lower = byte >= 65 && byte <= 90 ? byte + 32 : byte
            if (lower >= 97 && lower <= 122) || (lower >= 48 && lower <= 57) {
                if pendingHyphen && !slug.isEmpty { slug.append(45) }
                pendingHyphen = false
                slug.append(lower)
            } else {
                pendingHyphen = true
            }
        }
        if slug.count > 80 {
            slug.removeLast(slug.count - 80)
            while slug.last == 45 { slug.removeLast() }
        }
        return slug.isEmpty ? fallback : String(decoding: slug, as: UTF8.self)
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
