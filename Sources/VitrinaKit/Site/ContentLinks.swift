import Foundation

/// The one link resolver of every Markdown page: where each Markdown file, folder and file beside them lands in the
/// output, how a link written in Markdown (`../guide/setup.md#install`, `/img/a.png`, `README.md`) reaches it, and
/// what is wrong with the links that reach nothing, reported against the Markdown source.
/// El único resolutor de enlaces de las páginas Markdown: dónde cae cada fichero y cómo llega a él un enlace escrito.
public struct ContentLinks: Sendable {
    /// A Markdown page as links reach it: its route and its shown text in each language.
    package struct Target: Sendable {
        let display: String
        let routes: [String: Route]
        let bodies: [String: RenderedMarkdown]
        /// Each body's ids, read once here rather than from its HTML again for every link into the page.
        private let idsByLanguage: [String: Set<String>]

        init(display: String, routes: [String: Route], bodies: [String: RenderedMarkdown]) {
            self.display = display
            self.routes = routes
            self.bodies = bodies
            idsByLanguage = bodies.mapValues(\.ids)
        }

        func ids(_ language: String, defaultLanguage: String) -> Set<String> {
            idsByLanguage[language] ?? idsByLanguage[defaultLanguage] ?? idsByLanguage.values.first ?? []
        }
    }

    /// A file beside the Markdown and where it is published.
    public struct Published: Sendable {
        public let file: ContentFile
        public let output: String
        /// False for a file the media catalogue already publishes (a diary photo): links lead there, nothing is copied.
        public var copied = true
        /// A picture made for the web: published at `output` in its place (upright, no metadata), with WebP variants.
        public var picture: MediaFile?

        /// The size an `<img>` of it is shown at: the made picture's, else the file's own.
        var shownSize: (width: Int, height: Int)? {
            if let picture { return (picture.width, picture.height) }
            guard let width = file.width, let height = file.height else { return nil }
            return (width, height)
        }
    }

    /// A Markdown file whose links are checked: its path for messages, its language and its rendered body.
    public struct Source: Sendable {
        public let display: String
        public let language: String
        public let body: RenderedMarkdown

        package init(display: String, language: String, body: RenderedMarkdown) {
            self.display = display
            self.language = language
            self.body = body
        }
    }

    /// Markdown pages by their path below `Content/` (every translation's file names its page).
    private(set) var pages: [String: Target] = [:]
    /// Folders below `Content/` (`""` is `Content/` itself) with an index page.
    private(set) var folders: [String: Target] = [:]
    /// Files beside the Markdown by their path below `Content/`.
    public private(set) var files: [String: Published] = [:]
    /// Each folder with pages and its output folder in the default language, as files beside the Markdown are placed.
    private var outputFolders: [String: String] = [:]
    /// The Markdown files whose links are checked, by path.
    public private(set) var sources: [String: Source] = [:]
    let defaultLanguage: String

    /// The folder of the site's pages, as messages name it: `Content`, `docs`, `src`.
    public var contentFolder = "Content"

    public init(defaultLanguage: String, contentFolder: String = "Content") {
        self.defaultLanguage = defaultLanguage
        self.contentFolder = contentFolder
    }

    // MARK: Registering what the site has
    // Registro de lo que tiene el sitio

    /// Room for `count` more Markdown files, so that registering 100,000 pages does not grow the tables step by step.
    package mutating func reserve(files count: Int) {
        pages.reserveCapacity(pages.count + count)
        sources.reserveCapacity(sources.count + count)
    }

    /// A page or folder index made ready to register, on any thread: its target, the paths below `Content/` that lead
    /// to it, and its sources; registering it is then only a few table entries.
    /// Una página o índice de carpeta preparado en cualquier hilo; registrarlo es solo añadir unas entradas.
    package struct Prepared: Sendable {
        let target: Target
        let paths: [String]
        let sources: [Source]
        /// The folder whose index page it is; nil for a page.
        let folder: String?
    }

    /// A page made from Markdown files: every translation's file leads to it; `bodies` are the texts shown per language.
    /// Nil when there is no file.
    package static func preparePage(files: [String], routes: [String: Route], bodies: [String: RenderedMarkdown], sources: [Source]) -> Prepared? {
        guard let first = files.min() else { return nil }
        return Prepared(target: Target(display: first, routes: routes, bodies: bodies), paths: files.map(contentPath), sources: sources, folder: nil)
    }

    /// A folder's index page (a section's list, the docs index); its `README.md`/`index.md`/`_index.md` files lead to it.
    package static func prepareFolder(_ folder: String, files: [String], routes: [String: Route], bodies: [String: RenderedMarkdown],
                              sources: [Source]) -> Prepared {
        Prepared(target: Target(display: files.min() ?? folder, routes: routes, bodies: bodies), paths: files.map(contentPath),
                 sources: sources, folder: folder)
    }

    /// Its tables made its own (copied now when another value shares them), so that the next change is made in place.
    /// Sus tablas hechas propias (copiadas ya si otro valor las comparte), para que el próximo cambio se haga en su sitio.
    package mutating func ownTables() {
        pages.reserveCapacity(pages.count)
        folders.reserveCapacity(folders.count)
        files.reserveCapacity(files.count)
        outputFolders.reserveCapacity(outputFolders.count)
        sources.reserveCapacity(sources.count)
    }

    package mutating func add(_ prepared: Prepared) {
        if let folder = prepared.folder { folders[folder] = prepared.target }
        for path in prepared.paths { pages[path] = prepared.target }
        for source in prepared.sources { sources[source.display] = source }
    }

    /// Links to `address` (an old address of a page, a redirect) lead where links to `path` do; true when `path` is a page.
    @discardableResult
    package mutating func addAlias(_ address: String, to path: String) -> Bool {
        guard pages[address] == nil, let target = pages[path] ?? folders[path] else { return false }
        pages[address] = target
        return true
    }

    /// The route in `language` of the page at `path` (below the pages' folder), if it is one.
    package func route(ofPage path: String, _ language: String) -> Route? {
        (pages[path] ?? folders[path]).flatMap { $0.routes[language] ?? $0.routes[defaultLanguage] }
    }

    package mutating func addPage(files: [String], routes: [String: Route], bodies: [String: RenderedMarkdown], sources: [Source]) {
        if let prepared = Self.preparePage(files: files, routes: routes, bodies: bodies, sources: sources) { add(prepared) }
    }

    package mutating func addFolder(_ folder: String, files: [String], routes: [String: Route], bodies: [String: RenderedMarkdown], sources: [Source]) {
        add(Self.prepareFolder(folder, files: files, routes: routes, bodies: bodies, sources: sources))
    }

    /// Publishes each file beside the Markdown in the output folder of the nearest folder that has pages
    /// (`guide/img/a.png` beside `guide/`'s pages), so the site keeps the folder layout the Markdown was written in.
    /// A file that would land on a page is left out with a warning.
    mutating func addFiles(_ contentFiles: [ContentFile], outputFolders: [String: String], taken: Set<String>,
                           media: [String: String] = [:], pictures: [String: MediaFile] = [:]) -> [String] {
        self.outputFolders = outputFolders
        var notes: [String] = []
        var used = taken
        for file in contentFiles {
            if let published = media[file.path] {
                files[file.path] = Published(file: file, output: published, copied: false)
                continue
            }
            if ContentFiles.isImage(file.path), file.kind == nil {
                notes.append("\(contentFolder)/\(file.path) is named as a picture, but its bytes are none Vitrina knows (PNG, JPEG, GIF, WebP, SVG); "
                             + "it is not published: replace it or rename it")
                continue
            }
            let output = file.kind.map { $0.path(outputPath(forMissing: file.path)) } ?? outputPath(forMissing: file.path)
            guard used.insert(output).inserted else {
                notes.append("\(contentFolder)/\(file.path) would be published as \(output), which another page or file already is; rename it")
                continue
            }
            files[file.path] = Published(file: file, output: output, picture: pictures[file.path].map { PictureMaker.rehomed($0, at: output) })
        }
        return notes
    }

    /// Where a file at `path` below `Content/` is (or would be) published: in the output folder of the nearest folder
    /// that has pages, keeping the layout below it.
    func outputPath(forMissing path: String) -> String {
        var folder = Self.folder(of: path)
        var rest: [String] = [Self.name(of: path)]
        var base = outputFolders[folder]
        while base == nil, !folder.isEmpty {
            rest.insert(Self.name(of: folder), at: 0)
            folder = Self.folder(of: folder)
            base = outputFolders[folder]
        }
        return ((base.map { [$0] } ?? []) + rest).filter { !$0.isEmpty }.joined(separator: "/")
    }

    /// Each folder's output folder in `language` (`guide` → `guide`, `docs` → `docs`, `""` → `""`).
    func folderOutputs(_ language: String) -> [String: String] {
        folders.compactMapValues { target in
            target.routes[language].map { route in
                let folder = route.directoryPath
                return folder.hasSuffix("/") ? String(folder.dropLast()) : folder
            }
        }
    }

    /// The output files of every registered page and folder index.
    var pageFiles: Set<String> {
        var files = Set<String>(minimumCapacity: pages.count + folders.count)
        for target in pages.values { for route in target.routes.values { files.insert(route.file) } }
        for target in folders.values { for route in target.routes.values { files.insert(route.file) } }
        return files
    }

    /// `guide/img/a.png` → `guide/img`; `a.png` → `""` (on bytes: paths come from links and file names).
    static func folder(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return String(path[..<slash])
    }

    /// `guide/img/a.png` → `a.png`.
    static func name(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return String(path[path.utf8.index(after: slash)...])
    }

    /// `Content/docs/setup.en.md` → `docs/setup.en.md`: a page's file below the folder of the pages (one folder).
    package static func contentPath(_ display: String) -> String {
        guard let slash = display.utf8.firstIndex(of: UInt8(ascii: "/")) else { return display }
        return String(display[display.utf8.index(after: slash)...])
    }

    // MARK: Resolving one link
    // Resolución de un enlace

    /// What a link written in a Markdown file comes to.
    package enum Resolution {
        /// Another site, or nothing to resolve (`?x`).
        case outside
        /// `#fragment` on the same page.
        case here(fragment: String)
        /// A page, with what follows its path as written (`?q`, `#f`) and the fragment, decoded.
        case page(Target, suffix: Substring, fragment: String?)
        case file(Published, suffix: Substring)
        /// What is wrong, worded after "link to X: "; `meant` is the place below `Content/` the link names (`std/index.html`)
        /// when there is one, so the page can still point there from where it is published.
        case problem(String, meant: String? = nil)
    }

    /// Resolves `url` written in a file of the folder `folder` (below `Content/`): relative to that folder, or from
    /// `Content/` when it starts with `/`; percent-encoding is decoded; a folder leads to its index page.
    package func resolve(_ url: String, from folder: String) -> Resolution {
        guard LinkSyntax.isInternal(url), !url.isEmpty else { return .outside }
        let hash = url.firstIndex(of: "#")
        let beforeFragment = url[..<(hash ?? url.endIndex)]
        let question = beforeFragment.firstIndex(of: "?")
        let rawPath = beforeFragment[..<(question ?? beforeFragment.endIndex)]
        let suffix = url[(question ?? hash ?? url.endIndex)...]
        let fragment = hash.map { String(url[url.index(after: $0)...]) }.map { $0.removingPercentEncoding ?? $0 }
        if rawPath.isEmpty { return fragment.map { .here(fragment: $0) } ?? .outside }
        let path = String(rawPath).removingPercentEncoding ?? String(rawPath)
        guard !SafePath.hasControlCharacters(path) else { return .problem("the path holds a control character") }
        // Cut on the byte `/` (`pathSegments`): a combining mark after a slash makes one Character of both, which would hide a `..`.
        var parts = path.hasPrefix("/") ? [] : folder.pathSegments
        var steps = 0
        for segment in path.pathSegments {
            steps += 1
            guard steps <= 256 else { return .problem("the path has too many segments") }
            switch segment {
            case ".": continue
            case "..":
                // Left as written: from the published page it would lead off the site.
                guard !parts.isEmpty else { return .problem("it leads outside \(contentFolder)/, where the site has nothing") }
                parts.removeLast()
            default: parts.append(String(segment))
            }
        }
        let key = parts.joined(separator: "/")
        if let target = pages[key] { return .page(target, suffix: suffix, fragment: fragment) }
        if let target = folders[key] { return .page(target, suffix: suffix, fragment: fragment) }
        if let file = files[key] { return .file(file, suffix: suffix) }
        // mdBook writes links to a chapter's page (`setup.html`); the chapter is `setup.md`.
        if key.hasSuffix(".html"), let target = pages[String(key.dropLast(5)) + ".md"] { return .page(target, suffix: suffix, fragment: fragment) }
        return .problem(missing(key, written: String(rawPath)), meant: key)
    }

    /// "there is no Content/x.md; did you mean y.md?", the hint naming a page, folder or file of the same folder.
    private func missing(_ key: String, written: String) -> String {
        let folder = Self.folder(of: key)
        let name = Self.name(of: key)
        let neighbours = (Array(pages.keys) + Array(folders.keys) + Array(files.keys)).filter { Self.folder(of: $0) == folder }
            .map { Self.name(of: $0) }.sorted()
        var text = "there is no \(contentFolder)/\(key)"
        if key.pathSegments.contains(where: { $0.utf8.first == UInt8(ascii: ".") }) { text += " in the site (hidden files are not published)" }
        if let best = Closest.match(name, among: neighbours) {
            let shown = written.hasSuffix(name) ? String(written.dropLast(name.utf8.count)) + best : best
            text += "; did you mean \(shown)?"
        }
        return text
    }

    // MARK: Problems, against the Markdown source
    // Problemas, señalados en el Markdown

    /// Every broken link, missing anchor or missing image of every registered source, with file, line and column.
    public func problems() -> [BuildWarning] {
        var found: [BuildWarning] = []
        for source in sources.values.filter({ !$0.body.links.isEmpty }).sorted(by: { $0.display < $1.display }) {
            let folder = Self.folder(of: Self.contentPath(source.display))
            var ownIDs: Set<String>?
            for link in source.body.links {
                let what = (link.isImage ? "image " : "link to ") + link.url
                let location = SourceLocation(file: source.display, line: link.line, column: link.column)
                var problem: String?
                switch resolve(link.url, from: folder) {
                case .outside, .file: break
                case .problem(let text, _): problem = text
                case .here(let fragment):
                    if ownIDs == nil { ownIDs = source.body.ids }
                    problem = Self.missingAnchor(fragment, in: ownIDs!, place: "on this page")
                case .page(let target, _, let fragment):
                    guard let fragment, !fragment.isEmpty else { break }
                    problem = Self.missingAnchor(fragment, in: target.ids(source.language, defaultLanguage: defaultLanguage), place: "in \(target.display)")
                }
                if let problem { found.append(BuildWarning(.link, "\(location): \(what): \(problem)", location: location)) }
            }
        }
        return found
    }

    static func missingAnchor(_ fragment: String, in ids: Set<String>, place: String) -> String? {
        guard !fragment.isEmpty, !ids.contains(fragment) else { return nil }
        var text = "no heading \"\(fragment)\" \(place)"
        if let best = Closest.match(fragment, among: ids.sorted()) { text += "; did you mean \"\(best)\"?" }
        return text
    }

    // MARK: Rewriting a page's HTML
    // Reescritura del HTML de una página

    /// The HTML of a Markdown body as the page at `route` shows it: every `href`/`src` that resolves is made relative
    /// to the page's file; images beside the Markdown get their size and `loading="lazy"`. Links that resolve to nothing
    /// stay as written (they were reported against the source), and are named in the result so the check does not
    /// report them twice. Also returns what the page's HTML now depends on beyond its own file (where its links lead).
    package func rewrite(_ body: RenderedMarkdown, source: String, route: Route, language: String) -> LinkedHTML {
        guard !body.links.isEmpty else { return LinkedHTML(html: body.html) }
        let folder = Self.folder(of: Self.contentPath(source))
        var output: [UInt8] = []
        var copied = 0
        var broken: [String] = []
        var ownIDs: Set<String>?
        var html = body.html
        html.withUTF8 { bytes in
            output.reserveCapacity(bytes.count + 64)
            AttributeRewriter.scan(bytes) { range, isSource in
                let written = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
                let url = written.contains("&") ? written.replacingOccurrences(of: "&#x27;", with: "'").replacingOccurrences(of: "&amp;", with: "&") : written
                var replacement: String?
                var extra = ""
                switch resolve(url, from: folder) {
                case .outside: return
                case .here(let fragment):
                    if ownIDs == nil { ownIDs = body.ids }
                    if !fragment.isEmpty, !ownIDs!.contains(fragment) { broken.append(written) }
                    return
                case .problem(_, let meant):
                    // Pages sit one folder deeper than their Markdown: the link keeps pointing where its source meant.
                    guard let meant else { broken.append(written); break }
                    let suffix = url[(url.firstIndex { $0 == "?" || $0 == "#" } ?? url.endIndex)...]
                    let pointed = Self.encode(route.link(toFile: outputPath(forMissing: meant))) + suffix
                    replacement = pointed
                    broken.append(HTMLText.escape(pointed))
                case .page(let target, let suffix, let fragment):
                    guard let to = target.routes[language] ?? target.routes[defaultLanguage] else { return }
                    replacement = route.link(to: to) + suffix
                    if let fragment, !fragment.isEmpty, !target.ids(language, defaultLanguage: defaultLanguage).contains(fragment) {
                        broken.append(HTMLText.escape(replacement!))
                    }
                case .file(let published, let suffix):
                    replacement = Self.encode(route.link(toFile: published.output)) + suffix
                    if isSource, let size = published.shownSize {
                        extra = " width=\"\(size.width)\" height=\"\(size.height)\""
                    }
                    // An `<img>` of a picture made for the web goes in a <picture> with its WebP variants (cmark-gfm
                    // writes `src` first, so `<img` sits right before it, and escapes `>` in attributes).
                    if isSource, let picture = published.picture, !picture.webp.isEmpty, suffix.isEmpty,
                       let tagEnd = bytes.firstIndex(of: UInt8(ascii: ">"), from: range.upperBound) {
                        let imgStart = range.lowerBound - " src=\"".utf8.count - "<img".utf8.count
                        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<imgStart]))
                        output.append(contentsOf: Self.pictureOpening(picture, from: route).utf8)
                        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[imgStart..<range.lowerBound]))
                        HTMLText.escape(replacement!, into: &output)
                        output.append(UInt8(ascii: "\""))
                        output.append(contentsOf: (extra + " loading=\"lazy\"").utf8)
                        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[(range.upperBound + 1)...tagEnd]))
                        output.append(contentsOf: "</picture>".utf8)
                        copied = tagEnd + 1
                        return
                    }
                }
                if isSource { extra += " loading=\"lazy\"" }
                guard replacement != nil || !extra.isEmpty else { return }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<range.lowerBound]))
                if let replacement { HTMLText.escape(replacement, into: &output) } else { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range])) }
                output.append(UInt8(ascii: "\""))
                output.append(contentsOf: extra.utf8)
                copied = range.upperBound + 1
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
        }
        guard copied > 0 else { return LinkedHTML(html: html, unresolved: broken) }
        let result = String(decoding: output, as: UTF8.self)
        return LinkedHTML(html: result, input: BuildInput(key: "links", fingerprint: Fingerprint.content(output)), unresolved: broken)
    }

    /// `<picture><source …>` for a picture's WebP variants, as `partials/image` writes it: shown at most at its own
    /// width and never wider than the screen.
    static func pictureOpening(_ picture: MediaFile, from route: Route) -> String {
        let srcset = picture.webpSrcset { encode(route.link(toFile: $0)) }
        return "<picture><source type=\"image/webp\" srcset=\"\(HTMLText.escape(srcset))\" sizes=\"\(picture.defaultSizes)\">"
    }

    /// Percent-encodes what a path may not hold as it is (spaces, `#`, `?`, `%`, non-ASCII), byte by byte.
    static func encode(_ path: String) -> String {
        guard path.utf8.contains(where: { !isPlain($0) }) else { return path }
        var out = ""
        for byte in path.utf8 {
            if isPlain(byte) { out.unicodeScalars.append(Unicode.Scalar(byte)) } else { out += String(format: "%%%02X", byte) }
        }
        return out
    }

    private static func isPlain(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || "-._~/!$()*+,;=:@".utf8.contains(byte)
    }
}

/// Where a problem is in a source file: path, line and column (1-based, columns in bytes).
/// Dónde está un problema en un fichero: ruta, línea y columna.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    public let file: String
    public let line: Int
    public let column: Int

    public var description: String { "\(file):\(line):\(column)" }

    package init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }
}

/// A Markdown body's HTML as one page shows it: its links made relative to the page, what that depends on, and the
/// links kept as written because they reach nothing (reported against the Markdown source already).
/// El HTML de un texto Markdown tal como lo muestra una página, con lo que eso depende y los enlaces que no llevan a nada.
public struct LinkedHTML: Sendable {
    public let html: String
    /// Where the page's links lead, as an input of the page; nil when no link was rewritten.
    public let input: BuildInput?
    /// The links (as the HTML writes them) that reach nothing.
    public let unresolved: [String]

    package init(html: String, input: BuildInput? = nil, unresolved: [String] = []) {
        self.html = html
        self.input = input
        self.unresolved = unresolved
    }
}
