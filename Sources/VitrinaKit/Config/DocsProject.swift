import Foundation
import Yams

/// A docs folder written for another generator — MkDocs (`mkdocs.yml`) or mdBook (`book.toml`) — read as it is: where
/// its pages live, what the site is called, its language, its nav, its repository and the addresses it published.
/// Una carpeta de documentación escrita para otro generador (MkDocs o mdBook), leída tal como está.
public struct DocsProject: Sendable, Equatable {
    public enum Generator: String, Sendable, Equatable { case mkdocs = "MkDocs", mdbook = "mdBook" }

    public var generator: Generator
    /// The file it was read from, relative to the site folder: `mkdocs.yml`, `book.toml`.
    public var configFile: String
    /// The folder of its pages, relative to the site folder: `docs_dir` (MkDocs, `docs`) or `book.src` (mdBook, `src`).
    public var contentFolder: String
    public var title: String?
    public var description: String?
    /// `theme.language` or `book.language`.
    public var language: String?
    public var siteURL: String?
    public var repositoryURL: String?
    /// An edit link for a page: `{path}` is its file relative to the content folder.
    public var editURL: String?
    /// MkDocs' `nav`; nil lets the folder's files give the order. mdBook's order comes from `SUMMARY.md`.
    public var outline: DocsOutline?
    /// `markdown_extensions`, by name, with the options Vitrina reads.
    public var markdownExtensions: [String] = []
    /// `pymdownx.snippets`' `base_path`, relative to the site folder.
    public var snippetBasePaths: [String] = []
    /// Old address → new address, both relative to the site root (`[output.html.redirect]`, `redirect_maps`).
    public var redirects: [Redirect] = []
    /// `book.toml`'s `mathjax-support`, MkDocs' `pymdownx.arithmatex`.
    public var math = false
    /// mdBook's `[output.html.code.hidelines]`: the prefix that hides a line, by language (Rust's `# ` always).
    public var hiddenLinePrefixes: [String: String] = [:]
    /// Keys of the file Vitrina reads nothing from, with their lines, for `vitrina check` to name once.
    public var unusedKeys: [String] = []

    public struct Redirect: Sendable, Equatable {
        public let from: String
        public let to: String
    }

    /// The MkDocs Markdown its `markdown_extensions` turn on (nil for mdBook).
    public var mkDocsExtensions: MkDocsExtensions? {
        guard generator == .mkdocs else { return nil }
        var extensions = MkDocsExtensions.from(names: markdownExtensions)
        if !snippetBasePaths.isEmpty { extensions.snippetBasePaths = snippetBasePaths }
        return extensions
    }

    /// The edit link of a page whose file is `path` below the content folder, if the project gives one.
    public func editLink(for path: String) -> String? {
        guard let editURL, !path.isEmpty else { return nil }
        let encoded = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
        let link = editURL.contains("{path}") ? editURL.replacingOccurrences(of: "{path}", with: encoded) : editURL + encoded
        // Only a web address becomes a link: a config's `javascript:` template is no edit page.
        let lower = link.lowercased()
        return lower.hasPrefix("https://") || lower.hasPrefix("http://") ? link : nil
    }
}

extension DocsProject {
    /// The config files looked for, in this order, beside a site with no `Content/`.
    public static let configFiles = ["mkdocs.yml", "mkdocs.yaml", "book.toml"]

    /// The folder holding the pages of the site at `siteDirectory`: `Content/` when there is one, else the folder a
    /// `mkdocs.yml` or `book.toml` names (its defaults when it cannot be read: the config stage then says why).
    /// La carpeta de las páginas: `Content/` si existe; si no, la que nombra `mkdocs.yml` o `book.toml`.
    public static func contentFolder(in siteDirectory: String) -> String {
        if Files.isDirectory(Files.join(siteDirectory, "Content")) { return "Content" }
        guard let file = configFile(in: siteDirectory) else { return "Content" }
        return (try? load(siteDirectory: siteDirectory, file: file).contentFolder) ?? (file == "book.toml" ? "src" : "docs")
    }

    /// The other folders a docs folder's pages may read (mdBook's `listings/`, MkDocs' snippets): every folder of the site
    /// but the pages', the theme's, hidden ones and build outputs; none for a site with `Content/`. `vitrina serve` watches them.
    /// Las otras carpetas que pueden leer las páginas de una carpeta de documentación; `vitrina serve` las vigila.
    public static func sourceFolders(in siteDirectory: String, contentFolder: String) -> [String] {
        guard configFile(in: siteDirectory) != nil else { return [] }
        let outputs: Set<String> = [contentFolder, "Templates", "Output", "book", "site", "target", "node_modules"]
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: siteDirectory)) ?? []).sorted().prefix(1_000)
        return names.filter { name in
            !name.hasPrefix(".") && !outputs.contains(name) && SafePath.isPlainSegment(name) && SafePath.kind(Files.join(siteDirectory, name)) == .folder
        }
    }

    /// The docs config beside a site with no `Content/`, if there is one.
    public static func configFile(in siteDirectory: String) -> String? {
        guard !Files.isDirectory(Files.join(siteDirectory, "Content")) else { return nil }
        return configFiles.first { SafePath.kind(Files.join(siteDirectory, $0)) == .file }
    }

    /// Reads `file` (one of `configFiles`) in `siteDirectory`; errors name the file, the line and what to write.
    public static func load(siteDirectory: String, file: String) throws -> DocsProject {
        let bytes = try Files.read(Files.join(siteDirectory, file))
        guard bytes.count <= 1 << 20 else { throw VitrinaError(.config, "\(file) is larger than 1 MB; a docs config is a page of settings") }
        let text = String(decoding: bytes, as: UTF8.self)
        return file == "book.toml" ? try mdBook(text, file: file) : try mkDocs(text, file: file)
    }

    /// A folder named by the config, kept inside the site folder.
    static func folder(_ value: String?, default name: String, key: String, file: String) throws -> String {
        guard let value else { return name }
        let trimmed = value.hasSuffix("/") ? String(value.dropLast()) : value
        let cleaned = trimmed.hasPrefix("./") ? String(trimmed.dropFirst(2)) : trimmed
        guard !cleaned.isEmpty, cleaned != ".", SafePath.isPlainRelative(cleaned), !cleaned.contains("/") else {
            throw VitrinaError(.config, "\(file): \(key) \(String(reflecting: value)) must be a folder directly inside the site's folder, like \(name)")
        }
        return cleaned
    }
}

// MARK: mkdocs.yml

extension DocsProject {
    /// The keys of `mkdocs.yml` Vitrina reads.
    static let mkDocsKeys: Set<String> = ["site_name", "site_description", "site_url", "repo_url", "edit_uri", "edit_uri_template",
                                          "docs_dir", "nav", "theme", "markdown_extensions", "plugins", "site_author", "repo_name", "copyright"]

    /// `mkdocs.yml`, tags such as `!!python/name:` and `!ENV` read as plain values.
    static func mkDocs(_ text: String, file: String) throws -> DocsProject {
        let node = try SafeYAML.compose(text, file: file, stage: .config)
        guard let root = node?.mapping else {
            throw VitrinaError(.config, "\(file): expected a mapping of settings (site_name:, nav:, …)")
        }
        let reader = YAMLReader(file: file)
        var project = DocsProject(generator: .mkdocs, configFile: file,
                                  contentFolder: try folder(try reader.string(root, "docs_dir"), default: "docs", key: "docs_dir", file: file))
        project.title = try reader.string(root, "site_name")
        project.description = try reader.string(root, "site_description")?.trimmingCharacters(in: .whitespacesAndNewlines)
        project.siteURL = try reader.string(root, "site_url")
        project.repositoryURL = try reader.string(root, "repo_url")
        project.language = root["theme"]?.mapping?["language"]?.string
        project.editURL = try mkDocsEditURL(root, reader: reader, repository: project.repositoryURL, docsFolder: project.contentFolder)
        if let nav = root["nav"] { project.outline = try MkDocsNav.read(nav, file: file) }
        (project.markdownExtensions, project.snippetBasePaths) = try mkDocsExtensions(root["markdown_extensions"], file: file)
        project.math = project.markdownExtensions.contains("pymdownx.arithmatex")
        project.redirects = mkDocsRedirects(root["plugins"])
        var unused: [(line: Int, key: String)] = root.keys.compactMap { key in
            key.string.flatMap { mkDocsKeys.contains($0) ? nil : (key.mark?.line ?? 1, $0) }
        }
        // Search and redirects Vitrina does itself; any other plugin's work is not done.
        for item in root["plugins"]?.sequence ?? [] {
            guard let name = item.string ?? item.mapping?.first?.key.string, !["search", "redirects"].contains(name) else { continue }
            unused.append((item.mark?.line ?? 1, "plugins: \(name)"))
        }
        project.unusedKeys = unused.sorted { $0.line < $1.line }.map { "\(file):\($0.line): \($0.key)" }
        return project
    }

    /// `edit_uri_template`, else `repo_url` + `edit_uri` (GitHub's and GitLab's default: `edit/master/<docs_dir>/`).
    static func mkDocsEditURL(_ root: Node.Mapping, reader: YAMLReader, repository: String?, docsFolder: String) throws -> String? {
        if let template = try reader.string(root, "edit_uri_template") {
            let absolute = template.hasPrefix("http") ? template : (repository.map { $0.hasSuffix("/") ? $0 : $0 + "/" } ?? "") + template
            return absolute.replacingOccurrences(of: "{path_noext}", with: "{path}")
        }
        guard let repository, repository.hasPrefix("https://") else { return nil }
        let editURI: String
        if let given = try reader.string(root, "edit_uri") {
            guard !given.isEmpty else { return nil }
            editURI = given
        } else if repository.contains("github.com") || repository.contains("gitlab.com") {
            editURI = "edit/master/\(docsFolder)/"
        } else {
            return nil
        }
        if editURI.hasPrefix("http") { return editURI.hasSuffix("/") ? editURI : editURI + "/" }
        let base = repository.hasSuffix("/") ? repository : repository + "/"
        let path = editURI.hasPrefix("/") ? String(editURI.dropFirst()) : editURI
        return base + (path.hasSuffix("/") || path.isEmpty ? path : path + "/")
    }

    /// The names of `markdown_extensions` (a list of names or one-key mappings) and the snippets' base paths.
    static func mkDocsExtensions(_ node: Node?, file: String) throws -> (names: [String], snippetBases: [String]) {
        guard let node else { return ([], []) }
        guard let items = node.sequence else {
            throw VitrinaError(.config, "\(file):\(node.mark?.line ?? 1): markdown_extensions must be a list of names")
        }
        var names: [String] = []
        var bases: [String] = []
        for item in items.prefix(256) {
            if let name = item.string { names.append(name); continue }
            guard let pair = item.mapping?.first, let name = pair.key.string else { continue }
            names.append(name)
            if name == "pymdownx.snippets", let options = pair.value.mapping, let base = options["base_path"] {
                bases += base.string.map { [$0] } ?? base.sequence?.compactMap(\.string) ?? []
            }
        }
        return (names, bases.filter { $0 != "." && SafePath.isPlainRelative($0) } + (bases.contains(".") ? ["."] : []))
    }

    /// The `redirects` plugin's `redirect_maps: {old.md: new.md}`, as addresses.
    static func mkDocsRedirects(_ plugins: Node?) -> [Redirect] {
        for item in plugins?.sequence ?? [] {
            guard let pair = item.mapping?.first, pair.key.string == "redirects",
                  let maps = pair.value.mapping?["redirect_maps"]?.mapping else { continue }
            return maps.prefix(10_000).compactMap { key, value in
                guard let from = key.string, let to = value.string else { return nil }
                return Redirect(from: MkDocsNav.address(of: from), to: to.contains("://") ? to : MkDocsNav.address(of: to))
            }
        }
        return []
    }
}

// MARK: book.toml

extension DocsProject {
    /// `book.toml`: `[book]`, `[output.html]` and its `redirect` table.
    static func mdBook(_ text: String, file: String) throws -> DocsProject {
        guard case .table(let root) = try TOMLFrontMatter.value(Array(text.utf8), file: file) else {
            throw VitrinaError(.config, "\(file): expected TOML tables ([book], [output.html])")
        }
        let book = root["book"]?.table ?? [:]
        let html = root["output"]?.table?["html"]?.table ?? [:]
        var project = DocsProject(generator: .mdbook, configFile: file,
                                  contentFolder: try folder(book["src"]?.string, default: "src", key: "book.src", file: file))
        project.title = book["title"]?.string
        project.description = book["description"]?.string
        project.language = book["language"]?.string
        project.siteURL = html["site-url"]?.string
        project.repositoryURL = html["git-repository-url"]?.string
        project.editURL = html["edit-url-template"]?.string
        project.math = html["mathjax-support"]?.bool ?? false
        project.hiddenLinePrefixes = (html["code"]?.table?["hidelines"]?.table ?? [:]).prefix(64)
            .reduce(into: [:]) { table, pair in if let prefix = pair.value.string, !prefix.isEmpty { table[pair.key] = prefix } }
        project.redirects = (html["redirect"]?.table ?? [:]).sorted { $0.key < $1.key }.prefix(10_000).compactMap { from, to in
            guard let to = to.string else { return nil }
            return Redirect(from: from.hasPrefix("/") ? String(from.dropFirst()) : from, to: to)
        }
        let read: Set<String> = ["book", "output", "preprocessor", "rust", "build"]
        project.unusedKeys = root.keys.filter { !read.contains($0) }.sorted().map { "\(file): [\($0)]" }
            + html.keys.filter { !["site-url", "git-repository-url", "edit-url-template", "mathjax-support", "redirect", "code"].contains($0) }
                .sorted().map { "\(file): output.html.\($0)" }
        return project
    }
}

extension TOMLValue {
    var string: String? { if case .string(let text) = self { text } else { nil } }
    var bool: Bool? { if case .bool(let value) = self { value } else { nil } }
    var table: [String: TOMLValue]? { if case .table(let table) = self { table } else { nil } }
}
