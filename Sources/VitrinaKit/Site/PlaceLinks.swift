import Foundation

/// Links from a place to OpenStreetMap, as the diary app's "Directions" control opens them: directions on foot and by
/// car to the place (from wherever the reader is: OpenStreetMap asks), the place on the map, and a `geo:` link for the
/// phone's own map app. Absolute links, so they work from file:// and under any sub-path.
/// Enlaces de un lugar a OpenStreetMap: cómo llegar a pie y en coche, el lugar en el mapa y un enlace `geo:`.
package struct PlaceLinks: Sendable, Equatable {
    let walking: String
    let driving: String
    let map: String
    let geo: String

    /// OpenStreetMap's routing engines (FOSSGIS's OSRM) for each profile.
    static let engines = (walking: "fossgis_osrm_foot", driving: "fossgis_osrm_car")

    package init(latitude: Double, longitude: Double) {
        let (lat, lon) = (Self.coordinate(latitude), Self.coordinate(longitude))
        // `route=FROM;TO` with no FROM: OpenStreetMap fills the destination and asks where from.
        func directions(_ engine: String) -> String {
            "https://www.openstreetmap.org/directions?engine=\(engine)&route=%3B\(lat)%2C\(lon)#map=15/\(lat)/\(lon)"
        }
        walking = directions(Self.engines.walking)
        driving = directions(Self.engines.driving)
        map = "https://www.openstreetmap.org/?mlat=\(lat)&mlon=\(lon)#map=16/\(lat)/\(lon)"
        geo = "geo:\(lat),\(lon)"
    }

    /// Six decimals (about 10 cm), a dot whatever the page's language, no trailing zeros: `-33.0472`.
    static func coordinate(_ value: Double) -> String {
        var text = String(format: "%.6f", min(max(value, -180), 180))
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    package init(walking: String, driving: String, map: String, geo: String) {
        self.walking = walking
        self.driving = driving
        self.map = map
        self.geo = geo
    }
}
