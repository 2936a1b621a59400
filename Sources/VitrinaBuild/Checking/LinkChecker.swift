import Foundation
import Synchronization
import VitrinaKit

/// Checks that every internal link and `#anchor` points at something the build wrote.
/// Comprueba que cada enlace interno y cada `#ancla` apunta a algo que la construcción escribió.
public struct LinkChecker: Sendable {
    public init() {}

    /// What the check found on one page: its problems, and the other files it links into with a `#fragment`.
    /// Lo que la comprobación halló en una página: sus problemas y los ficheros a cuyos `#fragmentos` enlaza.
    public struct PageCheck: Sendable, Equatable {
        public let file: String
        public let problems: [String]
        public let anchored: [String]
    }

    /// Every problem of the HTML pages of a folder already built (by Vitrina or anything else), sorted by page.
    public func check(folder: String) -> [String] {
        let files = Files.list(folder).filter { !$0.pathSegments.contains { $0.utf8.first == UInt8(ascii: ".") } }
        var extractor = LinkExtractor()
        let pages = files.filter { $0.hasSuffix(".html") }.compactMap { path in
            (try? Files.read(Files.join(folder, path))).map { extractor.extract(file: path, html: $0) }
        }
        return check(pages: pages, files: Set(files))
    }

    /// Every problem of `pages`, sorted by page, then by text.
    public func check(pages: [PageLinks], files: Set<String>) -> [String] {
        check(pages: pages, files: files, ids: Dictionary(pages.map { ($0.file, $0.ids) }, uniquingKeysWith: { a, _ in a })).flatMap(\.problems)
    }

    /// Checks pages in parallel chunks (sorted by file, so each chunk's memory of good links stays useful), against the
    /// output's files and the ids of every page; results come back sorted by page.
    public func check(pages: [PageLinks], files: Set<String>, ids idsByFile: [String: Set<String>]) -> [PageCheck] {
        let sorted = pages.sorted { $0.file < $1.file }
        return Parallel.map(sorted, slices: Parallel.slicesPerCore) { check($0, files: files, ids: idsByFile) }.flatMap { $0 }
    }

    /// One batch, checked on one thread with one memory of good links.
    func check(_ pages: ArraySlice<PageLinks>, files: Set<String>, ids idsByFile: [String: Set<String>]) -> [PageCheck] {
        var checks: [PageCheck] = []
        // A link resolves the same from every page whose folder, climbed as many times as the link's leading `../`,
        // is the same folder: `../index.html` from every page of `linux/`, `../../assets/site.css` from every page two
        // folders deep. Links found to resolve are remembered by that base folder and the rest of the link, with the
        // file they point into when they carry a `#fragment`.
        // Un enlace se resuelve igual desde toda página con la misma carpeta base: los buenos se recuerdan por ella.
        // A link to a place on its own page (`#usage`, `?page=2`: most of a docs page's links to its headings) is checked
        // where it stands and not remembered: no other page starts from there.
        // Un enlace a un lugar de su propia página se comprueba sin recordarlo: ninguna otra página parte de ahí.
        var resolving: [LinkKey: String] = [:]
        // Pages in sibling folders (`linux/ls/`, `linux/cp/`) carry their layout's links (assets, menu, section) at the
        // same places among their links, and a link that starts with `../` leads to the same place from either: what it
        // came to on the page before, at the same place, is taken without working out its key again.
        // Las páginas de carpetas hermanas llevan los enlaces de su marco en los mismos puestos: un `../` igual lleva
        // al mismo sitio, y se toma lo hallado en la página anterior sin calcular su clave.
        var before = SiblingLinks(), now = SiblingLinks()
        for page in pages {
            var found: [String] = []
            var anchored = Set<String>()
            now.start(page)
            let sibling = now.isSibling(of: before)
            for (place, link) in page.links.enumerated() where LinkSyntax.isInternal(link) {
                if sibling, let anchor = before.anchor(at: place, ifLinkIs: link) {
                    if !anchor.isEmpty && anchor != page.file { anchored.insert(anchor) }
                    now.note(anchor, at: place)
                    continue
                }
                let key = LinkSyntax.staysOnPage(link) ? nil : LinkKey(link: link, page: page.file)
                if let key, let target = resolving[key] {
                    if !target.isEmpty && target != page.file { anchored.insert(target) }
                    if SiblingLinks.leadsAlike(link) { now.note(target, at: place) }
                    continue
                }
                switch verdict(link, on: page, files: files, ids: idsByFile) {
                case .problem(let problem, let anchor):
                    found.append(problem)
                    if let anchor, anchor != page.file { anchored.insert(anchor) }
                case .resolves(let target, let fragment):
                    let anchor = fragment ? target : ""
                    if !anchor.isEmpty && anchor != page.file { anchored.insert(anchor) }
                    if let key {
                        resolving[key] = anchor
                        if SiblingLinks.leadsAlike(link) { now.note(anchor, at: place) }
                    }
                }
            }
            swap(&before, &now)
            found.sort()
            let problems = found.enumerated().filter { $0.offset == 0 || found[$0.offset - 1] != $0.element }.map(\.element)
            checks.append(PageCheck(file: page.file, problems: problems, anchored: anchored.sorted()))
        }
        return checks
    }

    /// One page's links found to resolve, by their place among its links, for the page after it in a sibling folder.
    /// Los enlaces resueltos de una página según su puesto, para la siguiente si está en una carpeta hermana.
    struct SiblingLinks {
        /// The page's folder climbed once: `linux` for `linux/ls/index.html`, empty for `ls/index.html`, nil for a page
        /// at the root (whose `../` links lead out of the output: never taken from another page).
        private(set) var parent: Substring?
        private var links: [String] = []
        /// What each link came to (the file whose id its fragment names, or ""), when it starts with `../`; else nil.
        private var anchors: [String?] = []

        mutating func start(_ page: PageLinks) {
            let folder = LinkChecker.folder(of: page.file[...])
            parent = folder.isEmpty ? nil : LinkChecker.folder(of: folder)
            links = page.links
            anchors.removeAll(keepingCapacity: true)
            anchors.append(contentsOf: repeatElement(nil, count: links.count))
        }

        mutating func note(_ anchor: String, at place: Int) { anchors[place] = anchor }

        /// Both pages' folders are in one folder (compared byte for byte: `é` and `e` with an accent are two folders).
        func isSibling(of other: SiblingLinks) -> Bool {
            guard let parent, let otherParent = other.parent else { return false }
            return LinkChecker.sameBytes(parent, otherParent)
        }

        /// What the link at `place` came to, when it has the bytes of `link`.
        func anchor(at place: Int, ifLinkIs link: String) -> String? {
            guard place < anchors.count, let anchor = anchors[place], LinkChecker.sameBytes(links[place], link) else { return nil }
            return anchor
        }

        /// A link climbing at least once leaves its page's own folder: from sibling folders it climbs to the same one.
        static func leadsAlike(_ link: String) -> Bool { link.utf8.starts(with: "../".utf8) }
    }

    /// A link by where it starts from: the page's folder climbed once per leading `../`, and the rest of the link. Nil
    /// when the link climbs above the root. (Links to a place on their own page have none: see `staysOnPage`.) Equal
    /// by bytes: `String`'s own equality is canonical, and would take a link to `e` + U+0301 for one to `é`, which are
    /// two folders on disk.
    /// Un enlace según su punto de partida: la carpeta de la página subida una vez por cada `../`, y el resto; igual
    /// por bytes, pues la igualdad de `String` es canónica y confundiría dos carpetas distintas.
    struct LinkKey: Hashable {
        let base: Substring
        let rest: Substring

        static func == (a: LinkKey, b: LinkKey) -> Bool {
            LinkChecker.sameBytes(a.base, b.base) && LinkChecker.sameBytes(a.rest, b.rest)
        }

        // `String`'s own hash: texts with the same bytes are canonically equal too, so they hash alike.
        func hash(into hasher: inout Hasher) {
            hasher.combine(base)
            hasher.combine(rest)
        }

        init?(link: String, page: String) {
            let climbs = LinkChecker.climbs(link)
            var folder = LinkChecker.folder(of: page[...])
            for _ in 0..<climbs {
                guard !folder.isEmpty else { return nil }
                folder = LinkChecker.folder(of: folder)
            }
            base = folder
            rest = link.utf8.dropFirst(climbs * 3).isEmpty ? "" : link[link.utf8.index(link.startIndex, offsetBy: climbs * 3)...]
        }
    }

    /// Whether two texts have the same bytes, compared at once (a comparison byte by byte through `utf8` made the
    /// check stage of 109,230 pages up to a third slower: every remembered link is compared on each lookup).
    /// Read in place (`withUTF8` wants its text mutable: both copied, retained and released, on every lookup).
    static func sameBytes<Text: StringProtocol>(_ a: Text, _ b: Text) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        let same = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y in x.isEmpty || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 }
        }
        return (same ?? nil) ?? a.utf8.elementsEqual(b.utf8)
    }

    /// Whether `set` holds `text` with the same bytes (a `Set<String>` finds a canonically equal one too).
    /// Si el conjunto tiene el texto con los mismos bytes, no solo uno canónicamente igual.
    static func holds(_ set: Set<String>, _ text: String) -> Bool {
        guard let index = set.firstIndex(of: text) else { return false }
        return sameBytes(set[index], text)
    }

    /// The folder `path` is in, cut at its last `/` (on bytes); empty for a path at the root.
    static func folder(of path: Substring) -> Substring {
        path[..<(path.utf8.lastIndex(of: UInt8(ascii: "/")) ?? path.startIndex)]
    }

    /// How many leading `../` a link has.
    static func climbs(_ link: String) -> Int {
        var count = 0
        var bytes = link.utf8.makeIterator()
        while bytes.next() == UInt8(ascii: "."), bytes.next() == UInt8(ascii: "."), bytes.next() == UInt8(ascii: "/") { count += 1 }
        return count
    }

    /// What one link of a page comes to: a problem, or the file it resolves to (whose id its fragment names).
    enum Verdict {
        /// What is wrong, and the file whose ids it was looked up in when only the fragment is missing.
        case problem(String, anchor: String?)
        /// The file it points at, and whether it names a `#fragment` in it.
        case resolves(String, fragment: Bool)
    }

    func verdict(_ link: String, on page: PageLinks, files: Set<String>, ids idsByFile: [String: Set<String>]) -> Verdict {
        let decoded = link.utf8.contains(UInt8(ascii: "&")) ? link.replacingOccurrences(of: "&amp;", with: "&") : link
        let hash = decoded.utf8.firstIndex(of: UInt8(ascii: "#"))
        let beforeFragment = decoded[..<(hash ?? decoded.endIndex)]
        let fragment = hash.map { String(decoded[decoded.utf8.index(after: $0)...]) }
        // `?page=2` alone links to this page: keep the empty path before the `?`.
        let path = String(beforeFragment[..<(beforeFragment.utf8.firstIndex(of: UInt8(ascii: "?")) ?? beforeFragment.endIndex)])
        let target = path.isEmpty ? page.file : Self.resolve(path, from: page.file)
        guard let target, Self.holds(files, target) else {
            return .problem("\(page.file) links to \(link), which is not in the output", anchor: nil)
        }
        guard let fragment, !fragment.isEmpty else { return .resolves(target, fragment: false) }
        if let ids = idsByFile[target], !Self.holds(ids, fragment.utf8.contains(UInt8(ascii: "%")) ? fragment.removingPercentEncoding ?? fragment : fragment) {
            return .problem("\(page.file) links to \(link), but \(target) has no id \"\(fragment)\"", anchor: target)
        }
        return .resolves(target, fragment: true)
    }

    /// `../a/index.html` from `x/y/index.html` → `x/a/index.html`; nil when it climbs above the root.
    /// Cut on bytes: a combining mark after a `/` makes one `Character` of the two, which a cut on characters would miss.
    /// The path is written once, each folder's end kept to step back to on `..` (splitting both paths into strings and
    /// joining them again cost ten times as much, on every link the check had not seen from that folder).
    /// La ruta se escribe una vez, con el final de cada carpeta guardado para volver atrás en `..`.
    static func resolve(_ link: String, from file: String) -> String? {
        var (link, file) = (link, file)
        return file.withUTF8 { file in link.withUTF8 { link in resolve(link, from: file) } }
    }

    static func resolve(_ link: UnsafeBufferPointer<UInt8>, from file: UnsafeBufferPointer<UInt8>) -> String? {
        let slash = UInt8(ascii: "/")
        var path: [UInt8] = []
        path.reserveCapacity(file.count + link.count + 11)
        /// Where each folder of `path` starts, its `/` before it included.
        var starts: [Int] = []
        func add(_ part: UnsafeBufferPointer<UInt8>) {
            starts.append(path.count)
            if path.count > 0 { path.append(slash) }
            path.append(contentsOf: part)
        }
        // The file's folders: every non-empty part but the last. / Las carpetas del fichero: todas las partes menos la última.
        var pending: UnsafeBufferPointer<UInt8>?
        file.forEachPart(on: slash) { part in
            guard !part.isEmpty else { return }
            if let folder = pending { add(folder) }
            pending = part
        }
        var climbed = false
        link.forEachPart(on: slash) { segment in
            let dot = UInt8(ascii: ".")
            guard !climbed, !segment.isEmpty, !(segment.count == 1 && segment[0] == dot) else { return }
            if segment.count == 2 && segment[0] == dot && segment[1] == dot {
                guard let start = starts.popLast() else { climbed = true; return }
                path.removeSubrange(start...)
            } else if segment.contains(UInt8(ascii: "%")) {
                let text = String(decoding: segment, as: UTF8.self)
                var decoded = text.removingPercentEncoding ?? text
                decoded.withUTF8(add)
            } else {
                add(segment)
            }
        }
        guard !climbed else { return nil }
        if link.last == slash { path.append(contentsOf: (path.isEmpty ? "index.html" : "/index.html").utf8) }
        return String(decoding: path, as: UTF8.self)
    }
}
