import VitrinaKit

/// A diary entry with its place and photo, in each language it was written in.
/// Una entrada del diario con su lugar y su foto, en cada idioma en que se escribió.
public struct DiaryEntry: Sendable {
    public let name: String
    public let slug: String
    public let date: SimpleDate
    public let draft: Bool
    public let place: NamedPlace?
    /// Path relative to `Content/diary/`, e.g. `photos/albaicin.jpg`.
    public let photo: String?
    public let versions: [String: Version]
    /// The entry's files with their fingerprints.
    public let inputs: [BuildInput]
    /// Its terms by taxonomy, from the default language's front matter.
    public var terms: [String: [String]] = [:]


    public struct Version: Sendable {
        public let title: String
        public let message: String
        public let body: RenderedMarkdown
        public let language: String
        /// The Markdown file, for messages about its links.
        public let file: String

        public var html: String { body.html }
    }

    public func version(_ language: String, defaultLanguage: String) -> Version {
        versions[language] ?? versions[defaultLanguage] ?? versions.values.sorted { $0.language < $1.language }.first!
    }

    /// Catalogue key of the photo.
    public var photoKey: String? { photo.map { "diary/" + $0 } }
}

/// Reads diary front matter: title, date, message, place, photo, draft; coordinates are checked.
/// Lee la cabecera del diario: título, fecha, mensaje, lugar, foto y borrador; comprueba coordenadas.
public enum DiaryMapper {
    public static func map(_ groups: [String: [String: Document]], defaultLanguage: String, taxonomies: [String] = []) throws -> [DiaryEntry] {
        try groups.map { name, documents in
            let primary = documents[defaultLanguage] ?? documents.values.sorted { $0.language < $1.language }.first!
            let fields = primary.fields
            guard let date = try fields.date("date") else {
                throw VitrinaError(.content, "\(primary.file): a diary entry needs date: YYYY-MM-DD in its front matter")
            }
            var versions: [String: DiaryEntry.Version] = [:]
            for (language, document) in documents {
                versions[language] = .init(
                    title: document.fields.string("title") ?? document.body.firstHeading ?? name,
                    message: document.fields.string("message") ?? "", body: document.body, language: language, file: document.file)
            }
            var entry = DiaryEntry(name: name, slug: Slug.make(fields.string("slug") ?? name), date: date, draft: try fields.bool("draft"),
                                   place: try place(fields), photo: fields.string("photo"), versions: versions,
                                   inputs: documents.values.map { .file($0.file, $0.fingerprint) })
            entry.terms = try fields.terms(taxonomies)
            return entry
        }.sorted { ($0.date, $0.slug) > ($1.date, $1.slug) }
    }

    static func place(_ fields: FieldReader) throws -> NamedPlace? {
        guard let place = fields.nested("place") else { return nil }
        let name = try place.requiredString("name")
        guard let latitude = try place.double("latitude"), (-90...90).contains(latitude),
              let longitude = try place.double("longitude"), (-180...180).contains(longitude) else {
            throw VitrinaError(.content, "\(fields.file): place needs latitude (−90…90) and longitude (−180…180)")
        }
        return .init(name: name, latitude: latitude, longitude: longitude)
    }
}
