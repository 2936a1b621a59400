import Foundation
import Testing
import TestSupport
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

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
    func price(value: Double, english: String, spanish: String) throws {
        var price = ItemsDeclaration.NumberFormat(name: "price", path: try JSONPath(parsing: "price"))
        price.digits = 2
        // The default site's price_usd texts (Templates/i18n/en.yml, es.yml).
        #expect(price.shown(value, language: "en", pattern: "${value}") == english)
        #expect(price.shown(value, language: "es", pattern: "{value}\u{A0}US$") == spanish)
    }

    @Test func aTextWithoutTheValueShowsTheNumberAlone() throws {
        var rating = ItemsDeclaration.NumberFormat(name: "rating", path: try JSONPath(parsing: "rating.rate"))
        rating.digits = 1
        #expect(rating.shown(3.94, language: "es", pattern: nil) == "3,9")
        #expect(rating.shown(3.94, language: "en", pattern: "price_usd") == "3.9", "a strings key that is missing comes back as the key")
    }

    @Test(arguments: [(4.5, 5.0, "90"), (0, 5, "0"), (5, 5, "100"), (3.14, 5, "63"), (2.5, 10, "25"), (-1, 5, "-20")])
    func percentOfAMaximum(value: Double, maximum: Double, shown: String) throws {
        var stars = ItemsDeclaration.NumberFormat(name: "stars", path: try JSONPath(parsing: "rating.rate"))
        stars.percentOf = maximum
        #expect(stars.shown(value, language: "es", pattern: nil) == shown)
    }

    /// Seeded: any number in range over any maximum above 0 gives a whole percentage, never a trap.
    @Test func percentagesOfHostileNumbersNeverTrap() throws {
        var stars = ItemsDeclaration.NumberFormat(name: "stars", path: try JSONPath(parsing: "x"))
        var random = SeededGenerator(seed: 71)
        let limit = ItemsDeclaration.NumberFormat.maxMagnitude
        for number in 0..<500 {
            let value = random.pick([limit, -limit, 0, 1, 4.5, Double.random(in: -limit...limit, using: &random)])
            stars.percentOf = random.pick([Double.leastNonzeroMagnitude, 1e-300, 1, 5, limit, Double.random(in: 1e-9...1e9, using: &random)])
            let shown = stars.shown(value, language: "es", pattern: nil)
            #expect(Int(shown) != nil, "case \(number): \(value) of \(stars.percentOf ?? 0) → \(shown)")
        }
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
