import Foundation
import Testing
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// The offline gazetteer compiled into Vitrina: GeoNames' cities, found as the diary app's place search finds them.
/// El nomenclátor sin conexión: las ciudades de GeoNames, encontradas como las encuentra la búsqueda del diario.
@Suite("Gazetteer")
struct GazetteerTests {
    static let gazetteer = try! Gazetteer.bundled()

    func named(_ query: String) -> [Gazetteer.City] {
        if case .named(let cities) = Self.gazetteer.search(query) { return cities }
        return []
    }

    @Test func theCompiledDataHoldsTensOfThousandsOfCitiesWithTheirCountries() {
        #expect(Self.gazetteer.cities.count > 30_000)
        #expect(Self.gazetteer.cities.allSatisfy { (-90...90).contains($0.latitude) && (-180...180).contains($0.longitude) && $0.population >= 0 })
        #expect(Self.gazetteer.source.contains("CC BY 4.0"))
        let madrid = named("Madrid").first
        #expect(madrid?.country == "ES" && madrid?.countryName == "Spain")
        #expect(abs((madrid?.latitude ?? 0) - 40.4165) < 0.01 && abs((madrid?.longitude ?? 0) + 3.7026) < 0.01)
    }

    @Test(arguments: ["valparaiso", "Valparaíso", "VALPARAÍSO", "  valparaíso ", "Balparaiso", "Ciudad de Valparaíso"])
    func accentsCaseSpacesAndOtherNamesFindValparaisoInChileFirst(query: String) {
        let cities = named(query)
        #expect(cities.first?.name == "Valparaíso" && cities.first?.country == "CL", "\(query): \(cities.map(\.written))")
    }

    @Test func severalCitiesOfOneNameComeMostPopulousFirst() {
        let cities = named("valparaiso")
        #expect(cities.count >= 3)
        #expect(cities.map(\.population) == cities.map(\.population).sorted(by: >))
        #expect(Set(cities.map(\.country)).isSuperset(of: ["CL", "US", "BR"]))
    }

    @Test func aBeginningSuggestsAndAMisspellingNamesTheClosest() {
        guard case .starting(let cities) = Self.gazetteer.search("valpara") else { Issue.record("a prefix suggests"); return }
        #expect(cities.contains { $0.name == "Valparai" && $0.country == "IN" } && cities.first?.country == "CL")
        guard case .nothing(let closest) = Self.gazetteer.search("valparaisso") else { Issue.record("no city is called so"); return }
        #expect(closest.first == "Valparaíso, Chile")
        #expect(Self.gazetteer.search("qqqqqqqqqqqqqqqqqqq") == .nothing(closest: []))
    }

    @Test func hostileQueriesAreBoundedAndFindNothingOrSomething() {
        for query in ["", "   ", "\u{0}", String(repeating: "a", count: 100_000), "\u{202E}sirap", "🏙️", "a\nb", "../../etc/passwd"] {
            switch Self.gazetteer.search(query) {
            case .named(let cities), .starting(let cities): #expect(!cities.isEmpty)
            case .nothing(let closest), .noCountry(_, let closest): #expect(closest.count <= 5)
            }
        }
    }

    @Test func thePointNearestToCoordinatesNamesThem() {
        #expect(Self.gazetteer.nearest(latitude: -33.042, longitude: -71.6275)?.name == "Valparaíso")
        #expect(Self.gazetteer.nearest(latitude: 0, longitude: -140) == nil, "mid-Pacific: no city within 25 km")
    }

    @Test func choosingAmongSeveralNeedsAPickAndNamesThem() throws {
        #expect(throws: VitrinaError.self) { try PlaceChoice.choose("valparaiso", pick: nil, in: Self.gazetteer) }
        do { _ = try PlaceChoice.choose("valparaiso", pick: nil, in: Self.gazetteer) } catch {
            #expect("\(error)".contains("add --pick N") && "\(error)".contains("1. Valparaíso, Chile (-33.036, -71.62963), 282,448 people"))
        }
        #expect(try PlaceChoice.choose("valparaiso", pick: 2, in: Self.gazetteer).country == "US")
        #expect(throws: VitrinaError.self) { try PlaceChoice.choose("valparaiso", pick: 99, in: Self.gazetteer) }
        #expect(try PlaceChoice.choose("Montevideo", pick: nil, in: Self.gazetteer).country == "UY", "one city of that name: no pick needed")
        do { _ = try PlaceChoice.choose("Montevideoo", pick: nil, in: Self.gazetteer) } catch {
            #expect("\(error)".contains("no place called \"Montevideoo\"") && "\(error)".contains("Closest: Montevideo, Uruguay"))
        }
    }
}
