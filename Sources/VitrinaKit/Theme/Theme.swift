import Foundation

/// The templates, UI strings and assets that draw a site: the site's `Templates/` folder, or the built-in default theme.
/// Las plantillas, textos y recursos que dibujan un sitio: la carpeta `Templates/` del sitio o el tema por defecto incluido.
public struct Theme: Sendable {
    /// Where the files came from, for messages: the `Templates` folder's path, or `default theme`.
    public let origin: String
    /// Every file by its path inside the theme (`layouts/base.mustache`, `i18n/es.yml`, `assets/site.css`).
    public let files: [String: [UInt8]]

    public init(origin: String, files: [String: [UInt8]]) {
        self.origin = origin
        self.files = files
    }

    /// The site's own `Templates/` when it has one, else the default theme.
    public static func load(templatesDirectory: String) throws -> Theme {
        guard Files.isDirectory(templatesDirectory) else { return .builtIn }
        var files: [String: [UInt8]] = [:]
        for path in try Files.scan(templatesDirectory).refusingLoops(in: templatesDirectory, stage: .render).files {
            guard SafePath.isPlainRelative(path), !SafePath.hasControlCharacters(path) else {
                throw VitrinaError(.render, "\(templatesDirectory)/\(String(reflecting: path)): file names with control characters "
                    + "(a newline, a tab) are refused; rename the file")
            }
            files[path] = try Files.read("\(templatesDirectory)/\(path)")
        }
        return Theme(origin: templatesDirectory, files: files)
    }

    /// The theme compiled into Vitrina: a plain, readable layout for folders of Markdown.
    public static let builtIn = Theme(origin: "default theme", files: DefaultTheme.files.mapValues { Array($0.utf8) })

    /// The same theme with `extra` files added where it has none of its own (a theme's file wins).
    public func adding(_ extra: [String: String]) -> Theme {
        guard !extra.isEmpty else { return self }
        var merged = files
        for (path, text) in extra where merged[path] == nil { merged[path] = Array(text.utf8) }
        return Theme(origin: origin, files: merged)
    }

    /// With search on, the search box's stylesheet and script ride at the end of the layout's own (`assets/site.css`,
    /// `assets/js/app.js`) when the theme has both: two links fewer in every page, and one file fewer for a reader to load.
    /// Con la búsqueda activa, su hoja de estilo y su script van al final de los del diseño: dos enlaces menos por página.
    public func bundlingSearch() -> Theme {
        var merged = files
        for (part, host, joint) in [(LayoutAssets.searchPaths.stylesheet, LayoutAssets.stylesheet, "\n"),
                                    (LayoutAssets.searchPaths.script, LayoutAssets.appScript, "\n;\n")] {
            guard let bytes = merged[part], let base = merged[host] else { continue }
            merged[host] = base + Array(joint.utf8) + bytes
            merged[part] = nil
        }
        return Theme(origin: origin, files: merged)
    }

    /// The search box's files published on their own: both, unless `bundlingSearch` folded them into the layout's.
    public var searchFilesApart: Set<String> {
        Set([LayoutAssets.searchPaths.stylesheet, LayoutAssets.searchPaths.script].filter { files[$0] != nil })
    }

    public func text(_ path: String) -> String? { files[path].map { String(decoding: $0, as: UTF8.self) } }

    /// The files copied as they are into the output's `assets/`: the theme's `assets/` folder, and each script and
    /// stylesheet that sits with a feature's templates (`pokemon/pokemon.js` is published as `assets/pokemon/pokemon.js`).
    /// One whose published path an `assets/` file already has (`js/app.js` beside `assets/js/app.js`) is not published.
    public var assets: [(path: String, bytes: [UInt8])] {
        var published: [String: String] = [:]
        for path in files.keys where path.hasPrefix("assets/") { published[path] = path }
        for path in files.keys where !path.hasPrefix("assets/") && (path.hasSuffix(".js") || path.hasSuffix(".css"))
            && published["assets/" + path] == nil {
            published["assets/" + path] = path
        }
        return published.keys.sorted().map { ($0, files[published[$0]!]!) }
    }

    /// The stylesheets that sit with each folder's templates (`pokemon/pokemon.css`), as published: a page drawn by a
    /// template of that folder loads them, and no other page does.
    /// Las hojas de estilo junto a las plantillas de cada carpeta: solo las cargan las páginas de esas plantillas.
    public var templateStyles: TemplateStyles {
        var byFolder: [String: [String]] = [:]
        for path in files.keys where path.hasSuffix(".css") && !path.hasPrefix("assets/") && files["assets/" + path] == nil {
            let parts = path.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2 else { continue }
            byFolder[String(parts[0]), default: []].append("assets/" + path)
        }
        return TemplateStyles(byFolder: byFolder.mapValues { $0.sorted() })
    }

    /// The fingerprint of one file, for the build's dependency records.
    public func fingerprint(_ path: String) -> String { files[path].map { Fingerprint.hex($0) } ?? "-" }

    /// `vitrina new`: writes the theme's files under `directory` so they can be edited.
    public func write(to directory: String) throws {
        for (path, bytes) in files.sorted(by: { $0.key < $1.key }) { try Files.write(bytes, to: "\(directory)/\(path)") }
    }
}

/// The stylesheets each template folder brings (`pokemon/` → `assets/pokemon/pokemon.css`), for the pages drawn by its
/// templates: a page loads its feature's styles only.
/// Las hojas de estilo de cada carpeta de plantillas, para las páginas que dibujan sus plantillas.
public struct TemplateStyles: Sendable {
    let byFolder: [String: [String]]

    public init(byFolder: [String: [String]] = [:]) { self.byFolder = byFolder }

    /// What `page` loads besides the layout's stylesheet: its template folder's, then its own (`page.styles`).
    package func styles(of page: Page) -> [String] {
        guard !byFolder.isEmpty, let slash = page.template.utf8.firstIndex(of: UInt8(ascii: "/")),
              let folder = byFolder[String(page.template[..<slash])] else { return page.styles }
        return folder + page.styles
    }
}
