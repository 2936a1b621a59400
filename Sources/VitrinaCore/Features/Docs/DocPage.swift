/// A documentation page with its translations.
/// Una página de documentación con sus traducciones.
public struct DocPage: Sendable {
    public let name: String
    public let slug: String
    public let weight: Int
    public let draft: Bool
    public let versions: [String: Version]

    /// The page in one language.
    public struct Version: Sendable {
        public let title: String
        public let description: String
        public let date: SimpleDate?
        public let html: String
        public let headings: [RenderedMarkdown.Heading]
        public let language: String
    }

    /// The page's text in `language`, or in the default language when it has no translation.
    public func version(_ language: String, defaultLanguage: String) -> Version? {
        versions[language] ?? versions[defaultLanguage] ?? versions.values.sorted { $0.language < $1.language }.first
    }
}

/// Builds doc pages from documents: title falls back to the first heading, then the file name.
/// Construye páginas de documentación: el título cae al primer encabezado y luego al nombre del fichero.
public enum DocPageMapper {
    public static func map(_ groups: [String: [String: Document]], defaultLanguage: String) throws -> [DocPage] {
        var pages: [DocPage] = []
        for (name, documents) in groups {
            let primary = documents[defaultLanguage] ?? documents.values.sorted { $0.language < $1.language }.first!
            var versions: [String: DocPage.Version] = [:]
            for (language, document) in documents {
                let fields = document.fields
                versions[language] = DocPage.Version(
                    title: fields.string("title") ?? document.body.firstHeading ?? name.replacingOccurrences(of: "-", with: " ").capitalized,
                    description: fields.string("description") ?? "",
                    date: try fields.date("date"), html: document.body.html, headings: document.body.headings, language: language)
            }
            pages.append(DocPage(
                name: name, slug: Slug.make(primary.fields.string("slug") ?? name, fallback: "page"),
                weight: try primary.fields.int("weight") ?? 1_000, draft: try primary.fields.bool("draft"), versions: versions))
        }
        return try uniqueSlugs(pages).sorted { ($0.weight, $0.slug) < ($1.weight, $1.slug) }
    }

    static func uniqueSlugs(_ pages: [DocPage]) throws -> [DocPage] {
        var seen: [String: String] = [:]
        for page in pages.sorted(by: { $0.name < $1.name }) {
            if let other = seen[page.slug] {
                throw VitrinaError(.content, "Content/docs/\(page.name).md and Content/docs/\(other).md both have slug \(page.slug); give one a different slug:")
            }
            seen[page.slug] = page.name
        }
        return pages
    }
}
