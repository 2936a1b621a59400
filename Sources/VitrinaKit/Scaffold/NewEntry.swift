import Foundation
import Yams

/// `vitrina new entry`: a diary entry written from the terminal, as the diary app writes one: its front matter (a draft
/// until published), its place and its photo copied beside it. Nothing that exists is ever overwritten.
/// `vitrina new entry`: una entrada del diario escrita desde la terminal, con lugar y foto; nunca sobrescribe nada.
public struct NewEntry: Sendable {
    public var title: String
    /// `YYYY-MM-DD`.
    public var date: String
    /// The entry's language; the site's default language when nil.
    public var language: String?
    public var place: NamedPlace?
    /// A picture to copy into `Content/diary/photos/`.
    public var photo: String?
    public var publish = false

    public init(title: String, date: String, language: String? = nil, place: NamedPlace? = nil, photo: String? = nil, publish: Bool = false) {
        (self.title, self.date, self.language, self.place, self.photo, self.publish) = (title, date, language, place, photo, publish)
    }

    /// Extensions of the pictures a diary entry shows.
    static let photoExtensions = ["jpg", "jpeg", "png", "webp", "gif"]
    /// The longest title taken.
    static let maxTitle = 300

    /// What was written: the entry's Markdown file and the copied photo, as paths below the site's folder.
    public struct Written: Sendable, Equatable {
        public let entry: String
        public let photo: String?
    }

    /// Writes the entry into the site at `siteDirectory`: checks everything first, then writes the photo and the entry.
    public func write(siteDirectory: String) throws -> Written {
        let config = try SiteConfig.load(path: Files.join(siteDirectory, "Content/site.yml"))
        let language = language ?? config.defaultLanguage
        guard config.languages.contains(language) else {
            throw VitrinaError(.usage, "--lang \(language): the site's languages are \(config.orderedLanguages.joined(separator: ", ")) (Content/site.yml)")
        }
        let title = title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !title.isEmpty, title.unicodeScalars.count <= Self.maxTitle, !SafePath.hasControlCharacters(title), !title.unicodeScalars.contains(where: { $0 == "\u{2028}" || $0 == "\u{2029}" }) else {
            throw VitrinaError(.usage, "the title must be one line of 1 to \(Self.maxTitle) characters, like \"Ascensores de Valparaíso\"")
        }
        guard TOMLBareValue.isDate(Array(date.utf8)[...]) else { throw VitrinaError(.usage, "--date \(date): write a real date as YYYY-MM-DD, like 2026-11-26") }
        if let place, !((-90...90).contains(place.latitude) && (-180...180).contains(place.longitude)) {
            throw VitrinaError(.usage, "the place's latitude must be from -90 to 90 and its longitude from -180 to 180")
        }
        let name = "\(date)-\(Slug.make(title, fallback: "entry"))"
        let suffix = language == config.defaultLanguage ? ".md" : ".\(language).md"
        let entry = "Content/diary/\(name)\(suffix)"
        var photoPath: String?
        if let photo {
            let ext = (photo as NSString).pathExtension.lowercased()
            guard Self.photoExtensions.contains(ext) else {
                throw VitrinaError(.usage, "--photo \(photo): a diary photo is a \(Self.photoExtensions.joined(separator: ", ")) file")
            }
            guard Files.isRegularFile(photo) else { throw VitrinaError(.usage, "--photo \(photo): no such file") }
            photoPath = "photos/\(name).\(ext)"
        }
        for path in [entry] + (photoPath.map { ["Content/diary/" + $0] } ?? []) where Files.exists(Files.join(siteDirectory, path)) {
            throw VitrinaError(.usage, "\(path) already exists; nothing was written (give another --date or title, or edit that file)")
        }
        let text = try frontMatter(title: title, photo: photoPath)
        if let photo, let photoPath {
            try Files.createDirectory(Files.join(siteDirectory, "Content/diary/photos"))
            try Files.copy(photo, to: Files.join(siteDirectory, "Content/diary/" + photoPath), exclusive: true)
        }
        try Files.createDirectory(Files.join(siteDirectory, "Content/diary"))
        try Files.createNew(Array(text.utf8), at: Files.join(siteDirectory, entry))
        return Written(entry: entry, photo: photoPath.map { "Content/diary/" + $0 })
    }

    /// The entry's Markdown: YAML front matter made by Yams (every text quoted as YAML needs), then an empty body.
    func frontMatter(title: String, photo: String?) throws -> String {
        func text(_ value: String) -> Node { Node(value, Tag(.str), .doubleQuoted) }
        func plain(_ value: String) -> Node { Node(value, Tag(.implicit), .plain) }
        var pairs: [(Node, Node)] = [(plain("title"), text(title)), (plain("date"), plain(date))]
        if !publish { pairs.append((plain("draft"), plain("true"))) }
        if let place {
            pairs.append((plain("place"), Node.mapping(Node.Mapping([
                (plain("name"), text(place.name)), (plain("latitude"), plain(PlaceLinks.coordinate(place.latitude))),
                (plain("longitude"), plain(PlaceLinks.coordinate(place.longitude))),
            ]))))
        }
        if let photo { pairs.append((plain("photo"), text(photo))) }
        let yaml = try Yams.serialize(node: Node.mapping(Node.Mapping(pairs)), allowUnicode: true)
        return "---\n\(yaml)---\n\n"
    }
}
