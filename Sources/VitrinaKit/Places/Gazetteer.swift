import Foundation

/// The offline gazetteer: GeoNames' cities over 15,000 people (CC BY 4.0), compiled into the binary, looked up by name as
/// the diary app's place search does: accents, case and the other names GeoNames knows a city by all match
/// (`valparaiso`, `Valparaíso`, `Balparaiso`), most populous first; a prefix suggests; nothing close names the closest;
/// a country after a comma (`Valparaíso, Chile`, `valparaiso, cl`) keeps that country's cities only.
/// El nomenclátor sin conexión: las ciudades de GeoNames, buscadas por nombre sin tildes ni mayúsculas, y por país si
/// se da tras una coma.
public struct Gazetteer: Sendable {
    /// One city as GeoNames lists it. / Una ciudad tal como la lista GeoNames.
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

        /// `Valparaíso, Chile`: how an entry names its place, and what finds the city again.
        public var written: String { "\(name), \(countryName)" }

        /// `(-33.036, -71.6296), 282,448 people`: what tells namesakes apart in a list.
        var whereAndHowMany: String {
            "(\(PlaceLinks.coordinate(latitude)), \(PlaceLinks.coordinate(longitude))), \(Self.grouped(population)) people"
        }

        /// Whether one of its names holds `region` (folded) as whole words: `taizhou i zhejiang` holds `zhejiang`.
        func mentions(_ region: String) -> Bool {
            ([folded] + alternates).contains { " \($0) ".contains(" \(region) ") }
        }

        static func grouped(_ number: Int) -> String {
            let digits = Array(String(number))
            return String(digits.enumerated().flatMap { index, digit in (index > 0 && (digits.count - index) % 3 == 0 ? [","] : []) + [digit] })
        }
    }

    /// What a search found: the cities called so (most populous first), else those whose name starts so, else nothing but
    /// the closest names; or a last part that names no country, with the closest country names.
    /// Lo que encontró una búsqueda: las ciudades con ese nombre, las que empiezan así, o nada más que las más parecidas;
    /// o una última parte que no nombra ningún país, con los nombres de país más parecidos.
    public enum Found: Sendable, Equatable {
        case named([City])
        case starting([City])
        case nothing(closest: [String])
        case noCountry(String, closest: [String])
    }

    public let cities: [City]
    public let source: String
    /// Each folded name and other name → the cities called so (their indices in `cities`).
    /// Cada nombre plegado → las ciudades que se llaman así, para no recorrer las 34.000 en cada búsqueda.
    let byName: [String: [Int]]
    /// Each way of writing a country (`CountryNames.key`) → its ISO code; and each code → its English, Spanish names.
    /// Cada forma de escribir un país → su código ISO; y cada código → sus nombres inglés y español.
    let countryCodes: [String: String]
    let countryNames: [String: [String]]

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
        var byName: [String: [Int]] = [:]
        for (index, city) in cities.enumerated() {
            for name in Set([city.folded] + city.alternates) { byName[name, default: []].append(index) }
        }
        self.byName = byName
        var names: [String: [String]] = [:], codes: [String: String] = [:]
        for (code, english) in countries {
            let code = String(code), own = [english] + (CountryNames.spanish[code].map { [$0] } ?? [])
            names[code] = own
            for name in [code] + own + (CountryNames.others[code] ?? []) { codes[CountryNames.key(name)] = code }
        }
        countryNames = names
        countryCodes = codes
        self.source = source
    }

    /// The longest query looked up (a name, not a text).
    public static let maxQuery = 200

    /// The cities a query names, most populous first. The query is written as people write places, its parts split at
    /// commas: `City`, `City, Country` or `City, Region, Country`, the country by its ISO code (`cl`) or its English or
    /// Spanish name (`Spain`, `España`); a name that holds a comma itself (`Misato, Saitama`) is found whole too. The
    /// gazetteer knows no regions: a region only chooses among namesakes of one country, by the other names GeoNames
    /// gives them (`Taizhou, Zhejiang`); one it cannot tell is left aside, the city and the country decide.
    /// Las ciudades que nombra una consulta escrita como la gente escribe un lugar: «Ciudad», «Ciudad, País» o «Ciudad,
    /// Región, País»; el nomenclátor no conoce regiones, así que una región solo elige entre homónimas de un país.
    public func search(_ query: String) -> Found {
        let text = String(String.UnicodeScalarView(query.unicodeScalars.prefix(Self.maxQuery)))
        let pieces = text.split(separator: ",")
            .map { (written: $0.trimmingCharacters(in: .whitespacesAndNewlines), folded: Self.fold(String($0))) }
            .filter { !$0.folded.isEmpty }
        let written = pieces.map(\.written), parts = pieces.map(\.folded)
        guard parts.count > 1 else { return search(name: parts.first ?? "", in: nil) }
        guard let (code, used) = country(endingIn: parts) else {
            // No country at the end: a name with a comma in it, or a country not understood.
            if let whole = exactly(parts.joined(separator: ", "), in: nil) { return .named(whole) }
            return .noCountry(written[written.count - 1], closest: closestCountries(to: parts[parts.count - 1]))
        }
        let head = Array(parts.dropLast(used))
        if head.count > 1, let whole = exactly(head.joined(separator: ", "), in: code) { return .named(whole) }
        let found = search(name: head[0], in: code)
        if case .nothing(let closest) = found, let elsewhere = exactly(head[0], in: nil) {
            // Called so in other countries (`Portland, ME` is Montenegro's code, not Maine): those come first.
            var seen = Set<String>()
            return .nothing(closest: Array((elsewhere.map(\.written) + closest).filter { seen.insert($0).inserted }.prefix(5)))
        }
        guard case .named(var namesakes) = found, head.count > 1 else { return found }
        for region in head.dropFirst() where namesakes.count > 1 {
            let mentioned = namesakes.filter { $0.mentions(region) }
            if !mentioned.isEmpty { namesakes = mentioned }
        }
        return .named(namesakes)
    }

    /// The cities called `wanted` (already folded), in one country or anywhere; else those starting so; else the closest.
    private func search(name wanted: String, in country: String?) -> Found {
        guard !wanted.isEmpty else { return .nothing(closest: []) }
        if let named = exactly(wanted, in: country) { return .named(named) }
        let pool = country.map { code in cities.filter { $0.country == code } } ?? cities
        let starting = pool.filter { $0.folded.hasPrefix(wanted) || $0.alternates.contains { $0.hasPrefix(wanted) } }
        if !starting.isEmpty { return .starting(starting.sorted(by: Self.morePopulous)) }
        // Nothing close by prefix: the names a few edits away, the most populous first among equals.
        let closest = Self.nearby(wanted, among: pool, by: \.folded).sorted { ($0.0, -$0.1.population) < ($1.0, -$1.1.population) }
        return .nothing(closest: closest.prefix(5).map { $0.1.written })
    }

    /// The cities whose name or other name folds to `wanted`, most populous first; nil when none.
    private func exactly(_ wanted: String, in country: String?) -> [City]? {
        let found = (byName[wanted] ?? []).map { cities[$0] }.filter { country == nil || $0.country == country }
        return found.isEmpty ? nil : found.sorted(by: Self.morePopulous)
    }

    /// The country the last part (or the last two, for `Bonaire, Saint Eustatius and Saba`) names, and how many parts
    /// it took; at least one part is left for the city.
    private func country(endingIn parts: [String]) -> (code: String, parts: Int)? {
        for count in stride(from: min(2, parts.count - 1), through: 1, by: -1) {
            if let code = countryCodes[CountryNames.key(parts.suffix(count).joined(separator: ", "))] { return (code, count) }
        }
        return nil
    }

    /// The country names (English and Spanish) that start as `given` does, else the nearest few edits away; five at most.
    func closestCountries(to given: String) -> [String] {
        let wanted = CountryNames.key(given)
        guard !wanted.isEmpty else { return [] }
        let all = Set(countryNames.values.joined()).sorted()
        let starting = all.filter { CountryNames.key($0).hasPrefix(wanted) }
        if !starting.isEmpty { return Array(starting.prefix(5)) }
        let scored = Self.nearby(wanted, among: all, by: CountryNames.key)
        let nearest = scored.map(\.0).min()
        return Array(scored.filter { $0.0 == nearest }.map(\.1).prefix(5))
    }

    /// The candidates whose key is a few edits from `wanted` (a third of its length, two at least), with those edits.
    /// Las candidatas a pocas ediciones de `wanted`, con cuántas: la pista de «¿quisiste decir…?».
    private static func nearby<T>(_ wanted: String, among candidates: [T], by key: (T) -> String) -> [(Int, T)] {
        let target = Array(wanted.unicodeScalars), limit = max(2, target.count / 3)
        return candidates.compactMap { candidate in
            let other = key(candidate).unicodeScalars
            guard abs(other.count - target.count) <= limit else { return nil }
            let distance = Closest.editDistance(target, Array(other), limit: limit)
            return distance <= limit ? (distance, candidate) : nil
        }
    }

    /// What finds `city` again, and it alone: its `City, Country` (`Valparaíso, Chile`), with the number `--pick` takes
    /// among namesakes of one country (`Portland, United States` and 2), which the gazetteer cannot tell apart otherwise.
    /// Lo que vuelve a encontrar esa ciudad y solo esa: su «Ciudad, País», con el número de `--pick` entre homónimas.
    public func handle(of city: City) -> (place: String, pick: Int?) {
        guard case .named(let found) = search(city.written), let index = found.firstIndex(of: city), found.count > 1 else {
            return (city.written, nil)
        }
        return (city.written, index + 1)
    }

    /// One line of a list of candidates: `Valparaíso, Chile (-33.036, -71.62963), 282,448 people`, its handle first.
    /// Una línea de una lista de candidatas, empezando por lo que hay que escribir para elegirla.
    public func line(for city: City) -> String {
        let handle = handle(of: city)
        return handle.place + (handle.pick.map { " --pick \($0)" } ?? "") + " " + city.whereAndHowMany
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
