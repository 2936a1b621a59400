import Testing
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

@Suite("Directions and map links of a place")
struct PlaceLinksTests {
    @Test func linksCarryTheCoordinatesWithADotAndNoTrailingZeros() {
        let links = PlaceLinks(latitude: -33.0420, longitude: -71.6275)
        #expect(links.walking == "https://www.openstreetmap.org/directions?engine=fossgis_osrm_foot&route=%3B-33.042%2C-71.6275#map=15/-33.042/-71.6275")
        #expect(links.driving.contains("engine=fossgis_osrm_car&route=%3B-33.042%2C-71.6275"))
        #expect(links.map == "https://www.openstreetmap.org/?mlat=-33.042&mlon=-71.6275#map=16/-33.042/-71.6275")
        #expect(links.geo == "geo:-33.042,-71.6275")
    }

    @Test(arguments: [(0.0, "0"), (-0.0, "0"), (-0.0000001, "0"), (40.4168, "40.4168"), (12.3456789, "12.345679"), (90, "90"), (500, "180")])
    func coordinates(value: Double, text: String) {
        #expect(PlaceLinks.coordinate(value) == text)
    }
}
