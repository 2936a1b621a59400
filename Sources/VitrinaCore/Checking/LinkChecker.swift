import Foundation
import Synchronization

/// The links and anchors of one written HTML file.
/// Los enlaces y anclas de un fichero HTML escrito.
public struct PageLinks: Sendable {
    public let file: String
    public let links: [String]
    public let ids: Set<String>

    /// Reads `href`/`src` values and `id`s from HTML in one pass over its UTF-8 bytes.
    public static func extract(file: String, html: String) -> PageLinks {
        var html = html
        return html.withUTF8 { extract(file: file, bytes: $0) }
    }

    public static func extract(file: String, html: [UInt8]) -> PageLinks {
        html.withUnsafeBufferPointer { extract(file: file, bytes: $0) }
    }

    static func extract(file: String, bytes: UnsafeBufferPointer<UInt8>) -> PageLinks {
        var links: [String] = []
        var ids = Set<String>()
        AttributeScanner.scan(bytes) { name, value in
            if name == .id { ids.insert(value) } else { links.append(value) }
        }
        return PageLinks(file: file, links: links, ids: ids)
    }
}

/// Finds ` href="…"`, ` src="…"` and ` id="…"` in HTML bytes without Foundation's string search.
/// Encuentra ` href="…"`, ` src="…"` e ` id="…"` en los bytes del HTML sin la búsqueda de Foundation.
enum AttributeScanner {
    enum Name { case href, src, id }

    private static let patterns: [(Name, [UInt8])] = [(.href, Array(" href=\"".utf8)), (.src, Array(" src=\"".utf8)), (.id, Array(" id=\"".utf8))]

    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, _ found: (Name, String) -> Void) {
        let space = UInt8(ascii: " "), quote = UInt8(ascii: "\"")
        var index = 0
        let count = bytes.count
        while index < count {
            guard bytes[index] == space else { index += 1; continue }
            var matched = false
            for (name, pattern) in patterns where index + pattern.count <= count {
                var k = 1
                while k < pattern.count && bytes[index + k] == pattern[k] { k += 1 }
                guard k == pattern.count else { continue }
                let start = index + pattern.count
                var end = start
                while end < count && bytes[end] != quote { end += 1 }
                found(name, String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
                index = end
                matched = true
                break
            }
            if !matched { index += 1 }
        }
    }
}

/// Checks that every internal link and `#anchor` points at something the build wrote.
/// Comprueba que cada enlace interno y cada `#ancla` apunta a algo que la construcción escribió.
public struct LinkChecker: Sendable {
    public init() {}

    /// Checks pages in parallel chunks (grouped by folder so each chunk's cache stays useful); problems come back sorted.
    public func check(pages: [PageLinks], files: Set<String>) -> [String] {
        let idsByFile = Dictionary(pages.map { ($0.file, $0.ids) }, uniquingKeysWith: { a, _ in a })
        let sorted = pages.sorted { $0.file < $1.file }
        let chunks = max(1, min(ProcessInfo.processInfo.activeProcessorCount * 2, sorted.count))
        let size = (sorted.count + chunks - 1) / max(chunks, 1)
        let results = Mutex<[Int: [String]]>([:])
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            let slice = sorted[min(chunk * size, sorted.count)..<min((chunk + 1) * size, sorted.count)]
            let found = check(Array(slice), files: files, ids: idsByFile)
            results.withLock { $0[chunk] = found }
        }
        return results.withLock { all in (0..<chunks).flatMap { all[$0] ?? [] } }
    }

    private func check(_ pages: [PageLinks], files: Set<String>, ids idsByFile: [String: Set<String>]) -> [String] {
        var problems: [String] = []
        // A link that climbs at least as many folders as its page is deep (`../../assets/site.css` from `a/b/`) resolves
        // the same from every page of that depth: check it once per depth. Other links are checked per folder.
        var verdicts: [String: String?] = [:]
        for page in pages {
            let depth = page.file.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "/") ? 1 : 0) }
            let folder = page.file.split(separator: "/").dropLast().joined(separator: "/")
            var found: [String] = []
            for link in Set(page.links) where Self.isInternal(link) {
                guard !link.hasPrefix("#"), !link.hasPrefix("?") else {
                    if let problem = self.problem(link, on: page, files: files, ids: idsByFile) { found.append(problem) }
                    continue
                }
                let key = Self.climbs(link) >= depth ? "\(depth)\u{0}\(link)" : "\(folder)/\u{0}\(link)"
                if let verdict = verdicts[key] {
                    if let problem = verdict { found.append(problem.replacingOccurrences(of: "\u{0}", with: page.file)) }
                    continue
                }
                let problem = self.problem(link, on: page, files: files, ids: idsByFile)
                verdicts[key] = .some(problem?.replacingOccurrences(of: page.file + " links", with: "\u{0} links"))
                if let problem { found.append(problem) }
            }
            problems += found.sorted()
        }
        return problems
    }

    /// How many leading `../` a link has.
    static func climbs(_ link: String) -> Int {
        var count = 0
        var rest = link[...]
        while rest.hasPrefix("../") {
            count += 1
            rest = rest.dropFirst(3)
        }
        return count
    }

    /// What is wrong with one link of a page, or nil when it resolves (and its anchor exists).
    func problem(_ link: String, on page: PageLinks, files: Set<String>, ids idsByFile: [String: Set<String>]) -> String? {
        let decoded = link.contains("&") ? link.replacingOccurrences(of: "&amp;", with: "&") : link
        let hash = decoded.firstIndex(of: "#")
        let beforeFragment = decoded[..<(hash ?? decoded.endIndex)]
        let fragment = hash.map { String(decoded[decoded.index(after: $0)...]) }
        // `?page=2` alone links to this page: keep the empty path before the `?`.
        let path = String(beforeFragment[..<(beforeFragment.firstIndex(of: "?") ?? beforeFragment.endIndex)])
        let target = path.isEmpty ? page.file : Self.resolve(path, from: page.file)
        guard let target, files.contains(target) else {
            return "\(page.file) links to \(link), which is not in the output"
        }
        if let fragment, !fragment.isEmpty, let ids = idsByFile[target],
           !ids.contains(fragment.contains("%") ? fragment.removingPercentEncoding ?? fragment : fragment) {
            return "\(page.file) links to \(link), but \(target) has no id \"\(fragment)\""
        }
        return nil
    }

    static func isInternal(_ link: String) -> Bool {
        !(link.isEmpty || link.hasPrefix("//") || link.contains(":") && link.prefix { $0 != ":" }.allSatisfy { $0.isLetter || $0 == "+" || $0 == "." || $0 == "-" })
    }

    /// `../a/index.html` from `x/y/index.html` → `x/a/index.html`; nil when it climbs above the root.
    static func resolve(_ link: String, from file: String) -> String? {
        var parts = file.split(separator: "/").dropLast().map(String.init)
        for segment in link.split(separator: "/", omittingEmptySubsequences: false) {
            switch segment {
            case "..": if parts.isEmpty { return nil } else { parts.removeLast() }
            case ".", "": continue
            default: parts.append(segment.contains("%") ? String(segment).removingPercentEncoding ?? String(segment) : String(segment))
            }
        }
        var path = parts.joined(separator: "/")
        if link.hasSuffix("/") { path += path.isEmpty ? "index.html" : "/index.html" }
        return path
    }
}
