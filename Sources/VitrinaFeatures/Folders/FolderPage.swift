import VitrinaKit

/// A page of a folder of Markdown with its translations.
/// Una página de una carpeta de Markdown con sus traducciones.
public struct FolderPage: Sendable {
    public let name: String
    public var slug: String
    public let weight: Int
    public let draft: Bool
    public let versions: [String: Version]
    /// Whether the slug was given in the front matter (else it comes from the file name).
    public var explicitSlug = false
    /// Its terms by taxonomy (`tags: [viaje]`), from the default language's front matter.
    public var terms: [String: [String]] = [:]

    /// The page in one language. Its fields live in one shared box: listing, planning and drawing copy a version
    /// many times per page, and a copy of eleven fields cost eleven reference counts.
    /// La página en un idioma; sus campos viven en una caja compartida, y copiarla cuesta una cuenta de referencias.
    public struct Version: Sendable {
        private let box: Box

        public var title: String { _read { yield box.title } }
        public var description: String { _read { yield box.description } }
        public var date: SimpleDate? { _read { yield box.date } }
        public var html: String { _read { yield box.html } }
        public var headings: [RenderedMarkdown.Heading] { _read { yield box.headings } }
        /// Links and images pointing inside the site.
        public var links: [MarkdownLink] { _read { yield box.links } }
        public var language: String { _read { yield box.language } }
        /// The Markdown file it came from and the fingerprint of its bytes, for the build's dependency records.
        public var file: String { _read { yield box.file } }
        public var fingerprint: String { _read { yield box.fingerprint } }
        /// Fenced blocks left plain, for the build's warnings.
        public var codeNotes: [CodeBlockNote] { _read { yield box.codeNotes } }
        /// The ids besides the headings', as `RenderedMarkdown.anchorIDs`.
        public var anchorIDs: [String]? { _read { yield box.anchorIDs } }

        init(title: String, description: String, date: SimpleDate?, html: String, headings: [RenderedMarkdown.Heading],
             links: [MarkdownLink], language: String, file: String, fingerprint: String, codeNotes: [CodeBlockNote] = [],
             anchorIDs: [String]? = nil) {
            box = Box(title: title, description: description, date: date, html: html, headings: headings, links: links, language: language,
                      file: file, fingerprint: fingerprint, codeNotes: codeNotes, anchorIDs: anchorIDs)
        }

        /// The rendered Markdown, as links are resolved against it.
        public var body: RenderedMarkdown {
            RenderedMarkdown(html: html, headings: headings, links: links, codeNotes: codeNotes, anchorIDs: anchorIDs)
        }

        private final class Box: Sendable {
            let title: String
            let description: String
            let date: SimpleDate?
            let html: String
            let headings: [RenderedMarkdown.Heading]
            let links: [MarkdownLink]
            let language: String
            let file: String
            let fingerprint: String
            let codeNotes: [CodeBlockNote]
            let anchorIDs: [String]?

            init(title: String, description: String, date: SimpleDate?, html: String, headings: [RenderedMarkdown.Heading],
                 links: [MarkdownLink], language: String, file: String, fingerprint: String, codeNotes: [CodeBlockNote],
                 anchorIDs: [String]?) {
                (self.title, self.description, self.date, self.html, self.headings) = (title, description, date, html, headings)
                (self.links, self.language, self.file, self.fingerprint) = (links, language, file, fingerprint)
                (self.codeNotes, self.anchorIDs) = (codeNotes, anchorIDs)
            }
        }
    }

    /// The files of every translation with their fingerprints.
    public var inputs: [BuildInput] { versions.values.map { .file($0.file, $0.fingerprint) } }

    /// The page's text in `language`, or in the default language when it has no translation.
    public func version(_ language: String, defaultLanguage: String) -> Version? {
        versions[language] ?? versions[defaultLanguage] ?? versions.values.sorted { $0.language < $1.language }.first
    }
}

/// Builds pages from documents: title falls back to the first heading, then the file name.
/// Construye páginas a partir de documentos: el título cae al primer encabezado y luego al nombre del fichero.
public enum FolderPageMapper {
    /// One page from its documents by language.
    public static func page(name: String, documents: [String: Document], defaultLanguage: String, taxonomies: [String] = []) throws -> FolderPage {
        let primary = documents[defaultLanguage] ?? documents.values.sorted { $0.language < $1.language }.first!
        var versions: [String: FolderPage.Version] = [:]
        for (language, document) in documents {
            let fields = document.fields
            versions[language] = FolderPage.Version(
                title: fields.string("title") ?? document.body.firstHeading ?? name.replacingOccurrences(of: "-", with: " ").capitalized,
                description: fields.string("description") ?? "",
                date: try fields.date("date"), html: document.body.html, headings: document.body.headings, links: document.body.links, language: language,
                file: document.file, fingerprint: document.fingerprint, codeNotes: document.body.codeNotes, anchorIDs: document.body.anchorIDs)
        }
        let slug = Slug.make(primary.fields.string("slug") ?? name, fallback: "")
        var page = FolderPage(name: name, slug: slug.isEmpty ? Slug.codes(name) : slug,
                              weight: try primary.fields.int("weight") ?? 1_000, draft: try primary.fields.bool("draft"), versions: versions,
                              explicitSlug: primary.fields.string("slug") != nil)
        page.terms = try primary.fields.terms(taxonomies)
        return page
    }

    /// What a list of these pages shows (order, slugs, titles, descriptions, drafts), as one input.
    /// The facts go into the fingerprint as they are read, a newline between two, the bytes their lines joined would
    /// be: asked for every page on its own too (`FolderEdits.Listed`), a string made for each fact cost 1% of a build.
    /// Los datos entran en la huella según se leen, los mismos bytes que sus líneas unidas, sin una cadena por dato.
    public static func listing(_ pages: [FolderPage], folder: String, extra: [String] = []) -> BuildInput {
        var facts = ListingFacts()
        for page in pages {
            facts.add(page.slug, String(page.weight), page.draft ? "true" : "false")
            for (language, version) in page.versions.sorted(by: { $0.key < $1.key }) { facts.add(language, version.title, version.description) }
        }
        for line in extra { facts.add(line) }
        return BuildInput(key: "list:\(folder)", fingerprint: facts.stream.hex)
    }

    /// Lines of `|`-separated fields fed to one fingerprint, a newline before every line but the first.
    /// Líneas de campos separados por `|` en una sola huella.
    private struct ListingFacts {
        var stream = FingerprintStream()
        private var started = false

        mutating func add(_ fields: String...) {
            if started { stream.add(byte: UInt8(ascii: "\n")) }
            started = true
            for (index, field) in fields.enumerated() {
                if index > 0 { stream.add(byte: UInt8(ascii: "|")) }
                stream.add(field)
            }
        }
    }

    /// Two slugs given in front matter that collide are an error; a slug made from a file name that collides
    /// (`clang.md`, `clang++.md`) gets `-2`, `-3`… in name order, the plainest name keeping the bare slug.
    static func uniqueSlugs(_ pages: [FolderPage], folder: String) throws -> [FolderPage] {
        var seen: [String: String] = [:]
        // Where the search for a free `slug-N` goes on for each slug: taken numbers stay taken, so many pages of one
        // slug cost one try each instead of trying every number again.
        var nextNumber: [String: Int] = [:]
        var result: [FolderPage] = []
        let ordered = pages.map { (page: $0, rank: ($0.explicitSlug ? 0 : 1) * 2 + ($0.name != $0.slug ? 1 : 0)) }
            .sorted { ($0.rank, $0.page.name) < ($1.rank, $1.page.name) }.map(\.page)
        for var page in ordered {
            if let other = seen[page.slug] {
                guard !page.explicitSlug else {
                    throw VitrinaError(.content, "\(folder)/\(page.name).md and \(folder)/\(other).md both have slug \(page.slug); give one a different slug: in its front matter")
                }
                var number = nextNumber[page.slug] ?? 2
                while seen["\(page.slug)-\(number)"] != nil { number += 1 }
                nextNumber[page.slug] = number + 1
                page.slug = "\(page.slug)-\(number)"
            }
            seen[page.slug] = page.name
            result.append(page)
        }
        return result
    }
}
