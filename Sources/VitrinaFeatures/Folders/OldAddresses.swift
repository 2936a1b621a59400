import VitrinaKit

/// The addresses a docs folder's own generator published its pages at (mdBook's `ch01-01-installation.html`, MkDocs'
/// `setup/install/`), and the redirects its config declares: each becomes a small page that sends the reader on, so
/// links from the web still work after a switch, and links written to them in the Markdown still resolve.
/// Las direcciones que el generador original dio a cada página y las redirecciones de su configuración.
struct OldAddresses: Sendable {
    /// A file of the output that sends the reader to `path` (a page's file below the pages' folder) or to `url`.
    struct Redirect: Sendable, Equatable {
        /// Where it is written: `ch17-00-oop.html`, `old/index.html`.
        let file: String
        let path: String?
        let url: String?
    }

    let redirects: [Redirect]
    /// Links to the old address of a page (as the Markdown writes it) → the page's file.
    let aliases: [(address: String, path: String)]

    /// Every page's old address and the config's redirects, for the site's pages `root` of a docs folder `project`.
    init(root: MarkdownFolder, project: DocsProject) {
        var byAddress: [String: String] = [:]
        var redirects: [Redirect] = []
        for section in root.all {
            let files = (section.index.map { [$0] } ?? []) + section.pages
            for page in files {
                for version in page.versions.values {
                    let path = ReadingOrder.below(version.file)
                    let address = Self.address(of: path, project.generator)
                    if byAddress[address] == nil { byAddress[address] = path }
                }
            }
        }
        for (address, path) in byAddress.sorted(by: { $0.key < $1.key }) where !address.isEmpty {
            redirects.append(Redirect(file: Self.file(of: address), path: path, url: nil))
        }
        var aliases: [(address: String, path: String)] = []
        for redirect in project.redirects {
            let from = Self.file(of: redirect.from)
            if redirect.to.contains("://") {
                guard redirect.to.hasPrefix("https://") || redirect.to.hasPrefix("http://") else { continue }
                redirects.append(Redirect(file: from, path: nil, url: redirect.to))
            } else if let path = byAddress[Self.clean(redirect.to)] {
                redirects.append(Redirect(file: from, path: path, url: nil))
                aliases.append((from, path))
            }
        }
        var seen = Set<String>()
        self.redirects = redirects.filter { SafePath.isPlainRelative($0.file) && seen.insert($0.file).inserted }
        self.aliases = aliases
    }

    /// Where the generator published the page of `path`: mdBook `guide/setup.md` → `guide/setup.html` (a README is its
    /// folder's `index.html`); MkDocs `guide/setup.md` → `guide/setup/`.
    static func address(of path: String, _ generator: DocsProject.Generator) -> String {
        switch generator {
        case .mkdocs: return MkDocsNav.address(of: path)
        case .mdbook:
            guard path.hasSuffix(".md") else { return path }
            let stem = String(path.dropLast(3))
            let name = stem.split(separator: "/").last.map(String.init) ?? stem
            return name.lowercased() == "readme" ? String(stem.dropLast(name.utf8.count)) + "index.html" : stem + ".html"
        }
    }

    /// The file an address is answered by: `setup/` → `setup/index.html`.
    static func file(of address: String) -> String {
        let clean = clean(address)
        return clean.isEmpty || clean.hasSuffix("/") ? clean + "index.html" : clean
    }

    /// An address without a leading `/` or `./`, a query or a fragment.
    static func clean(_ address: String) -> String {
        var text = Substring(address)
        if let cut = text.firstIndex(where: { $0 == "#" || $0 == "?" }) { text = text[..<cut] }
        while text.hasPrefix("/") || text.hasPrefix("./") { text = text.drop { $0 == "/" || $0 == "." } }
        return String(text)
    }

    /// The redirect files, each sending the reader from where it is written to the page's route or the URL; none where a
    /// page already is.
    func files(links: ContentLinks, language: String, taken: Set<String>) -> [DataFile] {
        redirects.compactMap { redirect in
            guard !taken.contains(redirect.file) else { return nil }
            let here = Route(file: redirect.file)
            let href: String
            if let url = redirect.url {
                href = url
            } else if let path = redirect.path, let route = links.route(ofPage: path, language) {
                guard route.file != redirect.file else { return nil }
                href = here.link(to: route)
            } else {
                return nil
            }
            return DataFile(path: redirect.file, bytes: Array(Self.page(to: href, language: language).utf8))
        }
    }

    /// A page that sends the reader on at once (no script: a refresh, with a link for those who stop it).
    static func page(to href: String, language: String) -> String {
        let escaped = HTMLText.escape(href)
        return """
            <!DOCTYPE html>
            <html lang="\(HTMLText.escape(language))">
            <head>
            <meta charset="utf-8">
            <title>\(escaped)</title>
            <meta name="robots" content="noindex">
            <meta http-equiv="refresh" content="0; url=\(escaped)">
            <link rel="canonical" href="\(escaped)">
            </head>
            <body><p><a href="\(escaped)">\(escaped)</a></p></body>
            </html>

            """
    }
}
