import Foundation

/// Numbers, prices and dates written the way each language writes them, deterministically.
/// Números, precios y fechas escritos como cada idioma los escribe, siempre igual.
public enum Formatting {
    public static func decimal(_ value: Double, digits: Int, language: String) -> String {
        let text = String(format: "%.\(digits)f", value)
        return language == "en" ? text : text.replacingOccurrences(of: ".", with: ",")
    }

    /// `14 de septiembre de 2026`, `September 14, 2026`.
    public static func date(_ date: SimpleDate, language: String, months: [String]) -> String {
        let month = months.indices.contains(date.month - 1) ? months[date.month - 1] : "\(date.month)"
        return language == "en" ? "\(month) \(date.day), \(date.year)" : "\(date.day) de \(month) de \(date.year)"
    }
}
