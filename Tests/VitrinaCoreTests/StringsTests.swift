import Foundation
import Testing
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// UI strings per language, warnings for missing keys, and fallback to the default language.
/// Textos de la interfaz por idioma, avisos por claves que faltan y reserva del idioma por defecto.
@Suite("Strings")
struct StringsTests {
    private func withI18n<T>(_ files: [String: String], _ body: (String) throws -> T) throws -> T {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vitrina-i18n-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: url) }
        for (name, text) in files { try Data(text.utf8).write(to: url.appendingPathComponent(name)) }
        return try body(url.path)
    }

    private static let spanish = """
        # Textos en español
        nav_home: Inicio
        nav_store: Tienda
        only_in_spanish: Solo aquí
        footer_data: "Datos: PokéAPI"
        count: 151
        """
    private static let english = """
        nav_home: Home
        nav_store: Store
        footer_data: "Data: PokéAPI"
        count: 151
        """

    @Test func keyMissingInEnglishIsAWarningNamingKeyAndFile() throws {
        try withI18n(["es.yml": Self.spanish, "en.yml": Self.english]) { directory in
            let diagnostics = Diagnostics()
            _ = try Strings.load(directory: directory, languages: ["es", "en"], defaultLanguage: "es", diagnostics: diagnostics)
            let warnings = diagnostics.warnings
            #expect(warnings.count == 1)
            let warning = try #require(warnings.first)
            #expect(warning.kind == .i18n)
            #expect(warning.message.contains("only_in_spanish"))
            #expect(warning.message.contains("en.yml"))
            #expect(!warning.message.contains("es.yml"))
        }
    }

    @Test func keysMissingOnBothSidesAreEachReported() throws {
        try withI18n(["es.yml": "a: 1\nb: 2\n", "en.yml": "b: 2\nc: 3\n"]) { directory in
            let diagnostics = Diagnostics()
            _ = try Strings.load(directory: directory, languages: ["es", "en"], defaultLanguage: "es", diagnostics: diagnostics)
            let messages = diagnostics.warnings.map(\.message)
            #expect(messages.count == 2)
            #expect(messages.contains { $0.contains("en.yml") && $0.contains(" a") })
            #expect(messages.contains { $0.contains("es.yml") && $0.contains(" c") })
        }
    }

    @Test func matchingFilesGiveNoWarning() throws {
        try withI18n(["es.yml": "a: uno\n", "en.yml": "a: one\n"]) { directory in
            let diagnostics = Diagnostics()
            let strings = try Strings.load(directory: directory, languages: ["es", "en"], defaultLanguage: "es", diagnostics: diagnostics)
            #expect(diagnostics.warnings.isEmpty)
            #expect(strings.text("a", "es") == "uno")
            #expect(strings.text("a", "en") == "one")
        }
    }

    @Test func tableFillsGapsFromTheDefaultLanguage() throws {
        try withI18n(["es.yml": Self.spanish, "en.yml": Self.english]) { directory in
            let strings = try Strings.load(directory: directory, languages: ["es", "en"], defaultLanguage: "es", diagnostics: Diagnostics())
            let english = strings.table("en")
            #expect(english["nav_home"] == "Home")
            #expect(english["only_in_spanish"] == "Solo aquí")
            #expect(english["footer_data"] == "Data: PokéAPI")
            #expect(english["count"] == "151")
            #expect(Set(english.keys) == Set(strings.table("es").keys))
            #expect(strings.table("es")["nav_home"] == "Inicio")
            #expect(strings.table("fr") == strings.table("es"))
        }
    }

    @Test func textFallsBackToTheDefaultLanguageThenTheKey() throws {
        try withI18n(["es.yml": Self.spanish, "en.yml": Self.english]) { directory in
            let strings = try Strings.load(directory: directory, languages: ["es", "en"], defaultLanguage: "es", diagnostics: Diagnostics())
            #expect(strings.text("nav_store", "en") == "Store")
            #expect(strings.text("only_in_spanish", "en") == "Solo aquí")
            #expect(strings.text("nav_store", "fr") == "Tienda")
            #expect(strings.text("no_such_key", "en") == "no_such_key")
        }
    }

    /// A feature's defaults never hide the theme's own: a route folder goes into each language that lacks it (so no
    /// language gets another's), any other string into the default language, which the others fall back to as usual.
    @Test func defaultsFillOnlyWhatTheThemeLacks() throws {
        try withI18n(["es.yml": Self.spanish + "\nroute_store: tienda\n", "en.yml": Self.english]) { directory in
            let strings = try Strings.load(directory: directory, languages: ["es", "en"], defaultLanguage: "es", diagnostics: Diagnostics())
                .filling(["route_store": "store", "nav_store": "Store!", "store_title": "Store", "route_shop": "shop"])
            #expect(strings.text("route_store", "es") == "tienda" && strings.text("route_store", "en") == "store")
            #expect(strings.text("route_shop", "es") == "shop" && strings.text("route_shop", "en") == "shop")
            #expect(strings.text("nav_store", "es") == "Tienda" && strings.text("nav_store", "en") == "Store")
            #expect(strings.tables["en"]?["store_title"] == nil && strings.text("store_title", "en") == "Store")
            try strings.checkRouteSegments(["route_store", "route_shop"], origin: "Templates")
        }
    }

    @Test func missingLanguageFileIsAWarningAndFallsBack() throws {
        try withI18n(["es.yml": Self.spanish]) { directory in
            let diagnostics = Diagnostics()
            let strings = try Strings.load(directory: directory, languages: ["es", "en"], defaultLanguage: "es", diagnostics: diagnostics)
            let warnings = diagnostics.warnings
            #expect(warnings.count == 1)
            #expect(warnings.first?.kind == .i18n)
            #expect(warnings.first?.message.contains("en.yml") == true)
            #expect(strings.text("nav_home", "en") == "Inicio")
        }
    }

    @Test func yamlErrorNamesTheFileAndLine() throws {
        try withI18n(["es.yml": "a: uno\nb: dos: tres\n", "en.yml": "a: one\n"]) { directory in
            let error = try #require(throws: VitrinaError.self) {
                try Strings.load(directory: directory, languages: ["es", "en"], defaultLanguage: "es", diagnostics: Diagnostics())
            }
            #expect(error.message.contains("es.yml"))
            #expect(error.message.contains("line 2,"), "got: \(error.message)")
        }
    }

    // MARK: The shipped theme

    private static let i18n = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Templates/i18n")

    @Test func shippedThemeHasTheSameKeysInEveryLanguage() throws {
        let diagnostics = Diagnostics()
        let strings = try Strings.load(directory: Self.i18n.path, languages: ["es", "en"], defaultLanguage: "es", diagnostics: diagnostics)
        let spanish = try #require(strings.tables["es"])
        let english = try #require(strings.tables["en"])
        #expect(spanish.count > 50)
        let onlySpanish = Set(spanish.keys).subtracting(english.keys).sorted()
        let onlyEnglish = Set(english.keys).subtracting(spanish.keys).sorted()
        #expect(onlySpanish == [], "keys missing in en.yml")
        #expect(onlyEnglish == [], "keys missing in es.yml")
        #expect(diagnostics.warnings.isEmpty, "\(diagnostics.warnings)")
    }

    @Test func shippedThemeHasNoEmptyOrUntranslatedPlaceholders() throws {
        let strings = try Strings.load(directory: Self.i18n.path, languages: ["es", "en"], defaultLanguage: "es", diagnostics: Diagnostics())
        for language in ["es", "en"] {
            for (key, value) in try #require(strings.tables[language]) {
                #expect(!value.trimmingCharacters(in: .whitespaces).isEmpty, "\(language).yml: \(key) is empty")
                #expect(value != "<null>", "\(language).yml: \(key) has no value")
            }
        }
        #expect(strings.text("months", "es").split(separator: ",").count == 12)
        #expect(strings.text("months", "en").split(separator: ",").count == 12)
    }
}

@Suite("Strings scalars")
struct StringsScalarTests {
    @Test func valuesAreReadAsWrittenNotAsYAMLTypes() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("strings-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Files.write(Array("answer: Yes\nempty:\ncount: 012\n".utf8), to: directory + "/es.yml")
        let strings = try Strings.load(directory: directory, languages: ["es"], defaultLanguage: "es", diagnostics: Diagnostics())
        #expect(strings.text("answer", "es") == "Yes")
        #expect(strings.text("empty", "es") == "")
        #expect(strings.text("count", "es") == "012")
    }
}
