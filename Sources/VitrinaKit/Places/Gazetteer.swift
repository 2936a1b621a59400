import Foundation

/// The offline gazetteer: GeoNames' cities over 15,000 people (CC BY 4.0), compiled into the binary, looked up by name as
/// the diary app's place search does: accents, case and the other names GeoNames knows a city by all match
/// (`valparaiso`, `Valparaíso`, `Balparaiso`), most populous first; a prefix suggests; nothing close names the closest.
/// El nomenclátor sin conexión: las ciudades de GeoNames, buscadas por nombre sin tildes ni mayúsculas.
public struct Gazetteer: Sendable {
    public struct City: Sendable, Equatable {
        public let name: String
        /// ISO 3166 code (`CL`) and English name (`Chile`).
        public let country: String
        public let countryName: String
        public let latitude: Double
        public let longitude: Double
        public let population: Int
        /// Other names, folded (`balparaiso`).
        let alternates: [String]
        let folded: String

        /// `Valparaíso, Chile (-33.036, -71.6296), 282,448 people` — what the terminal lists.
        public var summary: String {
            "\(name), \(countryName) (\(PlaceLinks.coordinate(latitude)), \(PlaceLinks.coordinate(longitude))), \(Self.grouped(population)) people"
        }

        static func grouped(_ number: Int) -> String {
            let digits = Array(String(number))
            return String(digits.enumerated().flatMap { index, digit in (index > 0 && (digits.count - index) % 3 == 0 ? [","] : []) + [digit] })
        }
    }

    /// What a search found: the cities called so (most populous first), else those whose name starts so, else nothing but
    /// the closest names.
    public enum Found: Sendable, Equatable {
        case named([City])
        case starting([City])
        case nothing(closest: [String])
    }

    public let cities: [City]
    public let source: String

    /// The gazetteer compiled into Vitrina (`Scripts/make-gazetteer.py`).
    public static func bundled() throws -> Gazetteer {
        guard let packed = Data(base64Encoded: GazetteerData.compressed, options: .ignoreUnknownCharacters) else {
            throw VitrinaError(.usage, "the gazetteer compiled into Vitrina cannot be read; rebuild it with make gazetteer")
        }
        guard let text = packed.withUnsafeBytes({ Inflate.bytes($0.bindMemory(to: UInt8.self), maxSize: GazetteerData.size) }) else {
            throw VitrinaError(.usage, "the gazetteer compiled into Vitrina cannot be read; rebuild it with make gazetteer")
        }
        return Gazetteer(text: String(decoding: text, as: UTF8.self), source: GazetteerData.source)
    }

    /// Cities from the gazetteer's text (one per line, tab-separated), then `#countries` and the countries' names.
    init(text: String, source: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        let split = lines.firstIndex(of: "#countries") ?? lines.endIndex
        var countries: [Substring: String] = [:]
        for line in lines[split...].dropFirst() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            if fields.count == 2 { countries[fields[0]] = String(fields[1]) }
        }
        cities = lines[..<split].compactMap { line -> City? in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 6, let latitude = Double(fields[2]), let longitude = Double(fields[3]), let population = Int(fields[4]),
                  (-90...90).contains(latitude), (-180...180).contains(longitude) else { return nil }
            return City(name: String(fields[0]), country: String(fields[1]), countryName: countries[fields[1]] ?? String(fields[1]),
                        latitude: latitude, longitude: longitude, population: population,
                        alternates: fields[5].split(separator: "|").map(String.init), folded: Self.fold(String(fields[0])))
        }
        self.source = source
    }

    /// The longest query looked up (a name, not a text).
    public static let maxQuery = 200

    /// The cities a query names, most populous first.
    public func search(_ query: String) -> Found {
        let wanted = Self.fold(String(query.unicodeScalars.prefix(Self.maxQuery)))
        guard !wanted.isEmpty else { return .nothing(closest: []) }
        let named = cities.filter { $0.folded == wanted || $0.alternates.contains(wanted) }
        if !named.isEmpty { return .named(named.sorted(by: Self.morePopulous)) }
        let starting = cities.filter { $0.folded.hasPrefix(wanted) || $0.alternates.contains { $0.hasPrefix(wanted) } }
        if !starting.isEmpty { return .starting(starting.sorted(by: Self.morePopulous)) }
        // Nothing close by prefix: the names a few edits away, the most populous first among equals.
        let target = Array(wanted.unicodeScalars), limit = max(2, target.count / 3)
        let scored = cities.compactMap { city -> (Int, City)? in
            let other = Array(city.folded.unicodeScalars)
            guard abs(other.count - target.count) <= limit else { return nil }
            let distance = Closest.editDistance(target, other, limit: limit)
            return distance <= limit ? (distance, city) : nil
        }
        let closest = scored.sorted { ($0.0, -$0.1.population) < ($1.0, -$1.1.population) }.prefix(5)
        return .nothing(closest: closest.map { "\($0.1.name), \($0.1.countryName)" })
    }

    /// The city nearest to a point, when one lies within `kilometres` (great-circle distance).
    public func nearest(latitude: Double, longitude: Double, within kilometres: Double = 25) -> City? {
        func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
        func distance(_ city: City) -> Double {
            let dLat = radians(city.latitude - latitude), dLon = radians(city.longitude - longitude)
            let a = sin(dLat / 2) * sin(dLat / 2) + cos(radians(latitude)) * cos(radians(city.latitude)) * sin(dLon / 2) * sin(dLon / 2)
            return 6_371 * 2 * atan2(a.squareRoot(), (1 - a).squareRoot())
        }
        guard let best = cities.min(by: { distance($0) < distance($1) }), distance(best) <= kilometres else { return nil }
        return best
    }

    private static func morePopulous(_ a: City, _ b: City) -> Bool { (a.population, b.name) > (b.population, a.name) }

    /// Lower case, accents and other marks dropped, runs of spaces made one: `  Valparaíso ` → `valparaiso`.
    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
