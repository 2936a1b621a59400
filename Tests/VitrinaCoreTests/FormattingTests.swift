import Foundation
import Testing
@testable import VitrinaCore

/// Prices, numbers and dates written per language, independent of the machine's locale.
/// Precios, números y fechas escritos por idioma, sin depender del idioma de la máquina.
@Suite("Formatting")
struct FormattingTests {
    private static let spanishMonths = ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto",
                                        "septiembre", "octubre", "noviembre", "diciembre"]
    private static let englishMonths = ["January", "February", "March", "April", "May", "June", "July", "August",
                                        "September", "October", "November", "December"]

    @Test(arguments: [
        (109.95, "$109.95", "109,95\u{A0}US$"),
        (22.3, "$22.30", "22,30\u{A0}US$"),
        (7.95, "$7.95", "7,95\u{A0}US$"),
        (0, "$0.00", "0,00\u{A0}US$"),
        (999.99, "$999.99", "999,99\u{A0}US$"),
        (55.99, "$55.99", "55,99\u{A0}US$"),
        (1_500, "$1500.00", "1500,00\u{A0}US$"),
    ])
    func price(value: Double, english: String, spanish: String) {
        #expect(Formatting.price(value, language: "en") == english)
        #expect(Formatting.price(value, language: "es") == spanish)
    }

    @Test func spanishPriceUsesANoBreakSpace() {
        let price = Formatting.price(109.95, language: "es")
        #expect(price.unicodeScalars.contains("\u{A0}"))
        #expect(!price.contains(" "))
        #expect(price.hasSuffix("US$"))
    }

    @Test(arguments: [
        (3.9, 1, "3.9", "3,9"),
        (0.5, 2, "0.50", "0,50"),
        (120, 0, "120", "120"),
        (6.9, 1, "6.9", "6,9"),
        (1.25, 3, "1.250", "1,250"),
    ])
    func decimal(value: Double, digits: Int, english: String, spanish: String) {
        #expect(Formatting.decimal(value, digits: digits, language: "en") == english)
        #expect(Formatting.decimal(value, digits: digits, language: "es") == spanish)
    }

    @Test func decimalHasNoGroupingSeparator() {
        #expect(Formatting.decimal(1234.5, digits: 1, language: "en") == "1234.5")
        #expect(Formatting.decimal(1234.5, digits: 1, language: "es") == "1234,5")
    }

    @Test func dateInSpanish() throws {
        let date = try #require(SimpleDate("2026-09-14"))
        #expect(Formatting.date(date, language: "es", months: Self.spanishMonths) == "14 de septiembre de 2026")
        let first = try #require(SimpleDate("2026-01-01"))
        #expect(Formatting.date(first, language: "es", months: Self.spanishMonths) == "1 de enero de 2026")
    }

    @Test func dateInEnglish() throws {
        let date = try #require(SimpleDate("2026-09-14"))
        #expect(Formatting.date(date, language: "en", months: Self.englishMonths) == "September 14, 2026")
        let last = try #require(SimpleDate("2025-12-31"))
        #expect(Formatting.date(last, language: "en", months: Self.englishMonths) == "December 31, 2025")
    }

    @Test func dateWithTheShippedMonthNames() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let strings = try Strings.load(directory: root.appendingPathComponent("Templates/i18n").path, languages: ["es", "en"],
                                       defaultLanguage: "es", diagnostics: Diagnostics())
        let date = try #require(SimpleDate("2026-09-14"))
        func months(_ language: String) -> [String] {
            strings.text("months", language).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        #expect(Formatting.date(date, language: "es", months: months("es")) == "14 de septiembre de 2026")
        #expect(Formatting.date(date, language: "en", months: months("en")) == "September 14, 2026")
    }

    @Test func missingMonthNamesFallBackToTheNumber() throws {
        let date = try #require(SimpleDate("2026-09-14"))
        #expect(Formatting.date(date, language: "es", months: []) == "14 de 9 de 2026")
        #expect(Formatting.date(date, language: "en", months: ["Jan"]) == "9 14, 2026")
    }
}
