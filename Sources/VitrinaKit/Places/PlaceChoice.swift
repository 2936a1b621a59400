/// The one city a name chooses for `vitrina new entry --place`: the only city called so, or the one `--pick` numbers among
/// several; otherwise an error that lists the candidates (most populous first) or the closest names.
/// La ciudad que elige un nombre: la única que se llama así, o la que indica `--pick` entre varias.
public enum PlaceChoice {
    /// The place of `--place NAME` (looked up) or of `--lat` and `--lon` (named after the nearest city), or none.
    public static func place(named name: String?, pick: Int?, latitude: Double?, longitude: Double?,
                             gazetteer: () throws -> Gazetteer = Gazetteer.bundled) throws -> NamedPlace? {
        switch (name, latitude, longitude) {
        case (nil, nil, nil):
            if pick != nil { throw VitrinaError(.usage, "--pick chooses among the places --place finds; give --place too") }
            return nil
        case (nil, let latitude?, let longitude?):
            guard (-90...90).contains(latitude), (-180...180).contains(longitude), pick == nil else {
                throw VitrinaError(.usage, "--lat must be from -90 to 90 and --lon from -180 to 180 (and --pick goes with --place)")
            }
            let near = try gazetteer().nearest(latitude: latitude, longitude: longitude)
            let label = near.map { "\($0.name), \($0.countryName)" } ?? "\(PlaceLinks.coordinate(latitude)), \(PlaceLinks.coordinate(longitude))"
            return NamedPlace(name: label, latitude: latitude, longitude: longitude)
        case (let name?, nil, nil):
            let city = try choose(name, pick: pick, in: try gazetteer())
            return NamedPlace(name: "\(city.name), \(city.countryName)", latitude: city.latitude, longitude: city.longitude)
        default:
            throw VitrinaError(.usage, "give --place NAME, or --lat and --lon together, not both")
        }
    }

    public static func choose(_ name: String, pick: Int?, in gazetteer: Gazetteer) throws -> Gazetteer.City {
        let candidates: [Gazetteer.City]
        switch gazetteer.search(name) {
        case .named(let cities): candidates = cities
        case .starting(let cities): candidates = cities
        case .nothing(let closest):
            let hint = closest.isEmpty ? "" : " Closest: " + closest.joined(separator: "; ") + "."
            throw VitrinaError(.usage, "no place called \"\(name)\" in the gazetteer (cities over 15,000 people).\(hint) "
                + "Give another name, or --lat and --lon")
        }
        if let pick {
            guard (1...candidates.count).contains(pick) else {
                throw VitrinaError(.usage, "--pick \(pick): \"\(name)\" finds \(candidates.count) place(s); pick one from 1 to \(candidates.count)")
            }
            return candidates[pick - 1]
        }
        if case .named = gazetteer.search(name), candidates.count == 1 { return candidates[0] }
        let shown = candidates.prefix(10).enumerated().map { "  \($0.offset + 1). \($0.element.summary)" }.joined(separator: "\n")
        let more = candidates.count > 10 ? "\n  … and \(candidates.count - 10) more" : ""
        throw VitrinaError(.usage, "\(candidates.count) places are called \"\(name)\" or start so; add --pick N:\n\(shown)\(more)")
    }
}

/// A place on Earth by the name a person gave it: a diary entry's `place:`.
/// Un lugar de la Tierra con el nombre que le dio una persona: el `place:` de una entrada del diario.
public struct NamedPlace: Sendable, Equatable {
    public let name: String
    public let latitude: Double
    public let longitude: Double

    public init(name: String, latitude: Double, longitude: Double) {
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
    }
}
