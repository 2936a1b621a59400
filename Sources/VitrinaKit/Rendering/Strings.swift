import Foundation
import Yams

/// UI strings per language from `Templates/i18n/<lang>.yml`, falling back to the default language.
/// Textos de la interfaz por idioma desde `Templates/i18n/<lang>.yml`, con el idioma por defecto de reserva.
public struct Strings: Sendable {
    public let tables: [String: [String: String]]
    public let defaultLanguage: String

    public init(tables: [String: [String: String]], defaultLanguage: String) {
        self.tables = tables
        self.defaultLanguage = defaultLanguage
    }

    /// The `<lang>.yml` files of one folder, as a theme's `i18n/` would hold them.
    public static func load(directory: String, languages: [String], defaultLanguage: String, diagnostics: Diagnostics) throws -> Strings {
        var files: [String: [UInt8]] = [:]
        for language in languages where Files.exists("\(directory)/\(language).yml") {
            files["i18n/\(language).yml"] = try Files.read("\(directory)/\(language).yml")
        }
        let theme = Theme(origin: (directory as NSString).deletingLastPathComponent, files: files)
        return try load(theme: theme, languages: languages, defaultLanguage: defaultLanguage, diagnostics: diagnostics)
    }

    /// Loads every language; a key missing in one language is a warning naming it.
    public static func load(theme: Theme, languages: [String], defaultLanguage: String, diagnostics: Diagnostics) throws -> Strings {
        var tables: [String: [String: String]] = [:]
        for language in languages {
            var file = "\(theme.origin)/i18n/\(language).yml"
            // A language the theme has no words for reads English, the built-in theme's without a warning (a docs
            // folder in French gets English buttons, not none).
            // Un idioma sin textos en el tema lee los ingleses; el tema incorporado, sin aviso.
            guard let text = theme.text("i18n/\(language).yml") else {
                guard let english = theme.text("i18n/en.yml") else {
                    diagnostics.warn(.i18n, "\(file) is missing: UI strings for \(language) fall back to \(defaultLanguage)")
                    continue
                }
                if theme.origin != Theme.builtIn.origin {
                    diagnostics.warn(.i18n, "\(file) is missing: UI strings for \(language) are the English ones")
                }
                file = "\(theme.origin)/i18n/en.yml"
                tables[language] = try table(english, file: file)
                continue
            }
            tables[language] = try table(text, file: file)
        }
        let allKeys = Set(tables.values.flatMap(\.keys))
        for language in languages.sorted() {
            guard let table = tables[language] else { continue }
            for key in allKeys.subtracting(table.keys).sorted() {
                diagnostics.warn(.i18n, "Templates/i18n/\(language).yml has no \(key): add it (shown in \(defaultLanguage) meanwhile)")
            }
        }
        return Strings(tables: tables, defaultLanguage: defaultLanguage)
    }

    /// One `<lang>.yml`'s keys and texts: scalars as written (`Yes` stays "Yes", an empty value stays "").
    static func table(_ text: String, file: String) throws -> [String: String] {
        do {
            let mapping = try Yams.compose(yaml: text)?.mapping ?? [:]
            return mapping.reduce(into: [:]) { table, pair in
                if let key = pair.key.string { table[key] = pair.value.scalar?.string ?? "" }
            }
        } catch {
            throw VitrinaError(.render, "\(file): \(YAMLErrorText.describe(error))")
        }
    }

    /// The full table for a language, with the default language filling its gaps.
    public func table(_ language: String) -> [String: String] {
        (tables[defaultLanguage] ?? [:]).merging(tables[language] ?? [:]) { _, own in own }
    }

    /// Each language with strings of its own names every route segment in `keys`, as a plain folder name (lowercase
    /// letters, digits, hyphens): a third language never gets another's folder names without a word.
    public func checkRouteSegments(_ keys: [String], origin: String) throws {
        let keys = Array(Set(keys)).sorted()
        for language in tables.keys.sorted() {
            let table = tables[language] ?? [:]
            let file = "\(origin)/i18n/\(language).yml"
            let missing = keys.filter { table[$0] == nil }
            if !missing.isEmpty {
                throw VitrinaError(.render, "\(file) has no \(missing.joined(separator: ", ")): add the folder name\(missing.count == 1 ? "" : "s") "
                    + "pages in \(language) go under, like `\(missing[0]): \(tables[defaultLanguage]?[missing[0]] ?? "name")`")
            }
            for key in keys where Slug.make(table[key] ?? "", fallback: "") != table[key] {
                throw VitrinaError(.render, "\(file): \(key) is \(String(reflecting: table[key] ?? "")), which is no plain folder name; "
                    + "use lowercase letters, digits and hyphens, like \(String(reflecting: Slug.make(table[key] ?? "", fallback: "name")))")
            }
        }
    }

    /// The same strings with `defaults` where the theme has none: a route folder (`route_…`) in each language whose file
    /// lacks it, as no language's folder is another's; any other string in the default language's, which the others
    /// fall back to as they do for any string.
    /// Los mismos textos con `defaults` donde el tema no los tiene: una carpeta de ruta en cada idioma, el resto en el idioma por defecto.
    public func filling(_ defaults: [String: String]) -> Strings {
        var tables = tables
        for (key, value) in defaults {
            let languages = key.hasPrefix("route_") ? Array(tables.keys) : [defaultLanguage]
            for language in languages where tables[language] != nil && tables[language]?[key] == nil { tables[language]?[key] = value }
        }
        return Strings(tables: tables, defaultLanguage: defaultLanguage)
    }

    public func text(_ key: String, _ language: String) -> String { optionalText(key, language) ?? key }

    /// The string in `language` or the default language; nil when the theme has none.
    public func optionalText(_ key: String, _ language: String) -> String? { tables[language]?[key] ?? tables[defaultLanguage]?[key] }
}
