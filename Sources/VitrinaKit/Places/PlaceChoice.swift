/// The one city a name chooses for `vitrina new entry --place`: the only city called so (in the country given after a
/// comma, if one is), or the one `--pick` numbers among several; otherwise an error that lists the candidates (most
/// populous first), each as it can be given back, or the closest names.
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
            let label = near?.written ?? "\(PlaceLinks.coordinate(latitude)), \(PlaceLinks.coordinate(longitude))"
            return NamedPlace(name: label, latitude: latitude, longitude: longitude)
        case (let name?, nil, nil):
            let city = try choose(name, pick: pick, in: try gazetteer())
            return NamedPlace(name: city.written, latitude: city.latitude, longitude: city.longitude)
        default:
            throw VitrinaError(.usage, "give --place NAME, or --lat and --lon together, not both")
        }
    }

    /// The city `--place` names: the only one the query finds by name, or the one `--pick` numbers among several.
    /// La ciudad que nombra `--place`: la única que encuentra la consulta, o la que numera `--pick` entre varias.
    public static func choose(_ name: String, pick: Int?, in gazetteer: Gazetteer) throws -> Gazetteer.City {
        let found: (cities: [Gazetteer.City], named: Bool)
        do { found = try candidates(name, in: gazetteer) } catch let error as VitrinaError {
            throw VitrinaError(error.stage, error.message + "; or give --lat and --lon")
        }
        let candidates = found.cities
        if let pick {
            guard (1...candidates.count).contains(pick) else {
                throw VitrinaError(.usage, "--pick \(pick): \"\(shown(name))\" finds \(candidates.count) place(s); "
                    + "pick one from 1 to \(candidates.count)")
            }
            return candidates[pick - 1]
        }
        if found.named, candidates.count == 1 { return candidates[0] }
        let lines = candidates.prefix(10).enumerated().map { "  \($0.offset + 1). \(gazetteer.line(for: $0.element))" }
            .joined(separator: "\n")
        let more = candidates.count > 10 ? "\n  … and \(candidates.count - 10) more" : ""
        throw VitrinaError(.usage, "\(candidates.count) places are called \"\(shown(name))\" or start so; add --pick N, or give --place "
            + "one as listed here (--place \"\(candidates[0].written)\"), with the --pick it shows if any:\n\(lines)\(more)")
    }

    /// The cities a query finds (and whether by their name, not by its beginning), or an error that says what was not
    /// understood, the place or the country, and the closest names. `vitrina places` and `--place` share it.
    /// Las ciudades que encuentra una consulta, o un error que dice qué no se entendió y los nombres más parecidos.
    public static func candidates(_ name: String, in gazetteer: Gazetteer) throws -> (cities: [Gazetteer.City], named: Bool) {
        switch gazetteer.search(name) {
        case .named(let cities): return (cities, true)
        case .starting(let cities): return (cities, false)
        case .nothing(let closest):
            let hint = closest.isEmpty ? "" : " Closest: " + closest.joined(separator: "; ") + "."
            throw VitrinaError(.usage, "no place called \"\(shown(name))\" in the gazetteer (cities over 15,000 people).\(hint) "
                + "Give another name, as City or City, Country")
        case .noCountry(let given, let closest):
            let hint = closest.isEmpty ? "" : " Closest: " + closest.joined(separator: "; ") + "."
            throw VitrinaError(.usage, "no country called \"\(shown(given))\" (the last part of \"\(shown(name))\").\(hint) "
                + "Write the country in English or Spanish, or its two-letter code, as in \"Sevilla, España\" or \"valparaiso, cl\"")
        }
    }

    /// What a message repeats of a query: its first `Gazetteer.maxQuery` characters, controls shown as `�`.
    /// Lo que un mensaje repite de una consulta: acotado y sin caracteres de control.
    static func shown(_ query: String) -> String {
        let scalars = query.unicodeScalars.prefix(Gazetteer.maxQuery).map { $0.properties.generalCategory == .control ? "\u{FFFD}" : $0 }
        return String(String.UnicodeScalarView(scalars)) + (query.unicodeScalars.count > Gazetteer.maxQuery ? "…" : "")
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
