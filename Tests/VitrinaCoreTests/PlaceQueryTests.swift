import Foundation
import Testing
import TestSupport
@testable import VitrinaKit

/// Places as people write them (issue 49): `City`, `City, Country`, `City, Region, Country`, the country by its code or
/// its English or Spanish name; each candidate listed as it can be given back; hostile queries bounded.
/// Lugares como los escribe la gente: «Ciudad», «Ciudad, País», «Ciudad, Región, País», con el país por su código o su
/// nombre inglés o español; cada candidata listada como puede devolverse; consultas hostiles acotadas.
@Suite("Places as people write them")
struct PlaceQueryTests {
    static let gazetteer = GazetteerTests.gazetteer

    func chosen(_ query: String, pick: Int? = nil) throws -> Gazetteer.City {
        try PlaceChoice.choose(query, pick: pick, in: Self.gazetteer)
    }

    func message(_ query: String) -> String {
        do { _ = try chosen(query); return "" } catch { return "\(error)" }
    }

    @Test(arguments: ["Valparaíso, Chile", "valparaiso, cl", "VALPARAISO , CHILE", "  valparaíso,chile  ", "Valparaiso, CL",
                      "Valparaíso,, Chile", "Balparaiso, Chile"])
    func theIssueExamplesChooseValparaisoInChile(query: String) throws {
        let city = try chosen(query)
        #expect(city.name == "Valparaíso" && city.country == "CL" && city.written == "Valparaíso, Chile")
    }

    @Test(arguments: [("Sevilla, España", "Sevilla", "ES"), ("Seville, Spain", "Sevilla", "ES"), ("sevilla, espana", "Sevilla", "ES"),
                      ("Sevilla, es", "Sevilla", "ES"), ("Berlín, Alemania", "Berlin", "DE"), ("Munich, Germany", "Munich", "DE"),
                      ("Nueva York, Estados Unidos", "New York City", "US"), ("New York, United States", "New York City", "US"),
                      ("New York, EE. UU.", "New York City", "US"), ("Londres, Reino Unido", "London", "GB"),
                      ("Edinburgh, Scotland", "Edinburgh", "GB"), ("Amsterdam, Países Bajos", "Amsterdam", "NL"),
                      ("Amsterdam, Netherlands", "Amsterdam", "NL"), ("Córdoba, Argentina", "Córdoba", "AR"),
                      ("Cordoba, España", "Córdoba", "ES"), ("Ciudad de México, México", "Mexico City", "MX")])
    func countriesInSpanishOrEnglishOrByCodeKeepTheirCitiesOnly(query: String, name: String, country: String) throws {
        let city = try chosen(query)
        #expect(city.name == name && city.country == country, "\(query): \(city.written)")
    }

    @Test func aCountryAfterACommaKeepsOnlyThatCountrysCities() {
        guard case .named(let brazil) = Self.gazetteer.search("Valparaíso, Brazil") else { Issue.record("named in Brazil"); return }
        #expect(brazil.map(\.written) == ["Valparaíso, Brazil"])
        guard case .named(let everywhere) = Self.gazetteer.search("sevilla") else { Issue.record("named"); return }
        #expect(Set(everywhere.map(\.country)).isSuperset(of: ["ES", "CO"]))
        guard case .starting(let chilean) = Self.gazetteer.search("valpara, chile") else { Issue.record("a beginning in Chile"); return }
        #expect(!chilean.isEmpty && chilean.allSatisfy { $0.country == "CL" })
        guard case .nothing(let closest) = Self.gazetteer.search("Valparaisso, Chile") else { Issue.record("nothing so in Chile"); return }
        #expect(closest.first == "Valparaíso, Chile")
        guard case .nothing(let elsewhere) = Self.gazetteer.search("Atlanta, Georgia") else { Issue.record("no Atlanta in Georgia"); return }
        #expect(elsewhere.first == "Atlanta, United States", "the city of that name in another country comes first")
    }

    @Test func aRegionChoosesAmongNamesakesOfOneCountryOrIsLeftAside() throws {
        #expect(try chosen("Valparaíso, Valparaíso, Chile").written == "Valparaíso, Chile")
        #expect(try chosen("Córdoba, Andalucía, España").written == "Córdoba, Spain", "the gazetteer knows no regions: city and country decide")
        let zhejiang = try chosen("Taizhou, Zhejiang, China"), jiangsu = try chosen("Taizhou, Jiangsu, China")
        #expect(zhejiang.name == "Taizhou" && jiangsu.name == "Taizhou" && zhejiang != jiangsu)
        #expect(message("Taizhou, China").contains("add --pick N"), "two cities of that name in China")
        // A name with a comma in it is found whole, with its country or without.
        #expect(try chosen("Misato, Saitama, Japan").name == "Misato, Saitama")
        #expect(try chosen("misato, saitama").name == "Misato, Saitama")
        #expect(try chosen("Kralendijk, Bonaire, Saint Eustatius and Saba").country == "BQ")
    }

    @Test func anAmbiguousNameListsEachCandidateAsItCanBeGivenBack() throws {
        let text = message("valparaiso")
        #expect(text.contains("add --pick N, or give --place one as listed here (--place \"Valparaíso, Chile\")"))
        #expect(text.contains("  1. Valparaíso, Chile (-33.036, -71.62963), 282,448 people"))
        #expect(text.contains("  2. Valparaiso, United States (41.47309, -87.06114), 32,626 people"))
        #expect(text.contains("  3. Valparaíso, Brazil (-21.22778, -50.86833), 24,241 people"))
        // Namesakes in one country show the --pick that goes with their City, Country.
        let portland = message("Portland")
        #expect(portland.contains("Portland, United States --pick 1 ") && portland.contains("Portland, United States --pick 2 "))
        for query in ["valparaiso", "sevilla", "portland", "cordoba", "santiago", "san fernando", "taizhou", "valpara"] {
            guard case .named(let cities) = Self.gazetteer.search(query) else {
                guard case .starting(let cities) = Self.gazetteer.search(query) else { Issue.record("\(query) finds some"); continue }
                for city in cities { try expectGivenBack(city) }
                continue
            }
            for city in cities { try expectGivenBack(city) }
        }
    }

    /// What the list shows of `city` chooses it again, and only it when no --pick is shown.
    func expectGivenBack(_ city: Gazetteer.City) throws {
        let handle = Self.gazetteer.handle(of: city)
        #expect(try chosen(handle.place, pick: handle.pick) == city, "\(handle)")
        if handle.pick == nil { #expect(Self.gazetteer.search(handle.place) == .named([city]), "\(handle.place)") }
    }

    /// Async, yielding now and then: 34,000 look-ups must not hold one of the two threads the suite's servers share.
    @Test func everyCityIsFoundAgainByWhatTheListShowsOfIt() async {
        var wrong: [String] = [], picks = 0
        for (index, city) in Self.gazetteer.cities.enumerated() {
            if index % 500 == 0 { await Task.yield() }
            let handle = Self.gazetteer.handle(of: city)
            guard case .named(let found) = Self.gazetteer.search(handle.place) else { wrong.append(handle.place); continue }
            if let pick = handle.pick {
                picks += 1
                if found.indices.contains(pick - 1), found[pick - 1] == city { continue }
            } else if found == [city] { continue }
            wrong.append(handle.place)
        }
        #expect(wrong.isEmpty, "\(wrong.count): \(wrong.prefix(20))")
        #expect(picks < Self.gazetteer.cities.count / 10, "namesakes in one country are the exception: \(picks)")
    }

    @Test func anUnknownCountryIsNamedWithTheClosestCountries() {
        #expect(Self.gazetteer.search("Valparaíso, Chilee") == .noCountry("Chilee", closest: ["Chile"]))
        let text = message("Valparaíso, Chilee")
        #expect(text.contains("no country called \"Chilee\" (the last part of \"Valparaíso, Chilee\")") && text.contains("Closest: Chile."))
        #expect(text.contains("two-letter code"))
        guard case .noCountry(_, let spanish) = Self.gazetteer.search("Berlín, Alemannia") else { Issue.record("no such country"); return }
        #expect(spanish.contains("Alemania"))
        guard case .noCountry(_, let beginning) = Self.gazetteer.search("Lima, Per") else { Issue.record("no such country"); return }
        #expect(beginning.contains("Peru") && beginning.contains("Perú"))
        guard case .noCountry("Qqqqqqqqqq", let none) = Self.gazetteer.search("Lima, Qqqqqqqqqq") else { Issue.record("no such country"); return }
        #expect(none.isEmpty)
    }

    @Test func everyCountryOfTheGazetteerHasASpanishNameAndEveryNameOneCountry() {
        let codes = Set(Self.gazetteer.countryNames.keys)
        #expect(codes.count > 240)
        #expect(Set(Self.gazetteer.cities.map(\.country)).isSubset(of: codes), "each city's country is in the #countries table")
        #expect(codes.subtracting(CountryNames.spanish.keys).sorted() == [], "country codes without a Spanish name")
        #expect(Set(CountryNames.spanish.keys).subtracting(codes).sorted() == [], "Spanish names of codes the gazetteer lacks")
        #expect(Set(CountryNames.others.keys).isSubset(of: codes))
        var named: [String: Set<String>] = [:]
        for code in codes {
            for name in [code] + Self.gazetteer.countryNames[code]! + (CountryNames.others[code] ?? []) {
                named[CountryNames.key(name), default: []].insert(code)
            }
        }
        let shared = named.filter { $0.value.count > 1 }
        #expect(shared.isEmpty, "names of two countries: \(shared)")
        #expect(Self.gazetteer.countryNames["ES"] == ["Spain", "España"] && Self.gazetteer.countryNames["US"] == ["United States", "Estados Unidos"])
    }

    /// Seeded hostile queries: long ones, many commas, controls, country names and city names mixed in. Each answer is
    /// bounded (five closest names at most, messages of bounded length) and none traps.
    @Test func hostileQueriesNeverTrapAndStayBounded() async {
        #expect(Self.gazetteer.cities.count > 30_000, "loaded before the clock starts")
        var random = SeededGenerator(seed: 49_005)
        let words = ["Valparaíso", "Chile", "cl", "España", "Sevilla", ",", ", ", ",,,,", "Saitama", "Taizhou", "United States", " "]
        for round in 0..<100 {
            await Task.yield()
            var query = ""
            for _ in 0..<Int.random(in: 0...8, using: &random) {
                query += random.chance(0.5) ? random.pick(words) : HostileText.string(&random, maxPieces: 4)
            }
            if round % 20 == 0 { query += String(repeating: random.chance(0.5) ? "," : "a,", count: 50_000) }
            let started = ContinuousClock.now
            switch Self.gazetteer.search(query) {
            case .named(let cities), .starting(let cities): #expect(!cities.isEmpty)
            case .nothing(let closest): #expect(closest.count <= 5)
            case .noCountry(let given, let closest):
                #expect(closest.count <= 5 && given.unicodeScalars.count <= Gazetteer.maxQuery)
            }
            let text = message(query)
            #expect(text.unicodeScalars.count < 3_000, "seed 49005, round \(round)")
            #expect(!text.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" }, "round \(round)")
            #expect(ContinuousClock.now - started < .seconds(30), "round \(round): the suite's bound on a loaded machine")
        }
    }
}
