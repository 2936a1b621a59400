import Foundation
import Testing
import TestSupport
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild

/// One file of a worked example of the guide: a fenced block whose info string names where it goes,
/// ```` ```yaml {file="Content/site.yml"} ```` (an attribute the highlighter, like Hugo, leaves aside).
/// Un fichero de un ejemplo de la guía: un bloque cuya cadena de información dice dónde va.
struct GuideExampleFile: Sendable {
    /// The line of the block's opening fence in its page.
    let line: Int
    /// Where it goes, below the site's folder (`Templates/shop/list.mustache`).
    let path: String
    let text: String

    /// Every marked block of one page of the guide, in the page's order. Fences are read as CommonMark reads them: a
    /// block closes at a fence of its own character at least as long, so a block shown inside a longer fence stays text.
    static func all(in text: String) -> [GuideExampleFile] {
        var files: [GuideExampleFile] = []
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var index = 0
        while index < lines.count {
            let line = lines[index].drop { $0 == " " }
            guard let mark = line.first, mark == "`" || mark == "~" else { index += 1; continue }
            let fence = line.prefix { $0 == mark }
            guard fence.count >= 3 else { index += 1; continue }
            let info = line.dropFirst(fence.count)
            let end = lines[(index + 1)...].firstIndex { candidate in
                let trimmed = candidate.trimmingCharacters(in: .whitespaces)
                return trimmed.count >= fence.count && trimmed.allSatisfy { $0 == mark }
            } ?? lines.count
            if let path = Self.path(inInfo: String(info)) {
                let body = lines[(index + 1)..<end].joined(separator: "\n") + "\n"
                files.append(GuideExampleFile(line: index + 1, path: path, text: body))
            }
            index = end + 1
        }
        return files
    }

    /// `file="PATH"` among the attributes in braces (`yaml {file="Content/site.yml"}`).
    static func path(inInfo info: String) -> String? {
        guard let open = info.firstIndex(of: "{"), let match = info[open...].firstMatch(of: /file="([^"]+)"/) else { return nil }
        return String(match.1)
    }

    /// Writes it into the site at `root` as a reader would: a YAML file that exists takes the block's top-level keys
    /// (each replacing the file's own), any other file is the block.
    /// Lo escribe en el sitio como lo haría quien lee: un YAML que existe recibe las claves del bloque.
    func write(into root: String) throws {
        let target = Files.join(root, path)
        guard path.hasSuffix(".yml"), Files.exists(target) else { return try Files.write(Array(text.utf8), to: target) }
        let merged = Self.merging(text, into: try Files.readText(target))
        try Files.write(Array(merged.utf8), to: target)
    }

    /// `file` without the top-level entries `block` sets, then `block`.
    static func merging(_ block: String, into file: String) -> String {
        func key(_ line: Substring) -> String? {
            guard let first = line.first, !" \t#-".contains(first), let colon = line.firstIndex(of: ":") else { return nil }
            return String(line[..<colon])
        }
        let replaced = Set(block.split(separator: "\n").compactMap(key))
        var kept: [Substring] = []
        var skipping = false
        for line in file.split(separator: "\n", omittingEmptySubsequences: false) {
            if let name = key(line) { skipping = replaced.contains(name) } else if line.first.map({ !" \t".contains($0) }) ?? false { skipping = false }
            if !skipping { kept.append(line) }
        }
        let head = kept.joined(separator: "\n")
        return (head.hasSuffix("\n") || head.isEmpty ? head : head + "\n") + block
    }
}

/// The guide's worked examples as a reader follows them: every file a page of the guide (es and en) shows to create is
/// written onto a new site, made by `vitrina new`'s own code, and the site builds through the command line's pipeline,
/// without a warning; its sources are pointed at the replay server on 127.0.0.1, which serves the Fake Store's recordings.
/// Los ejemplos de la guía como los sigue quien la lee: cada fichero que muestra una página se escribe en un sitio nuevo,
/// que se construye sin avisos, con sus fuentes apuntadas al servidor de réplica en 127.0.0.1.
@Suite("Guide examples", .serialized)
struct GuideExampleTests {
    static let guide = TestSite.repository + "/Content/docs"

    /// Each page of the guide with the files it shows, pages with none left out.
    static let examples: [String: [GuideExampleFile]] = {
        let pages = ((try? FileManager.default.contentsOfDirectory(atPath: guide)) ?? []).filter { $0.hasSuffix(".md") }
        return pages.reduce(into: [:]) { examples, page in
            let files = GuideExampleFile.all(in: (try? Files.readText("\(guide)/\(page)")) ?? "")
            if !files.isEmpty { examples[page] = files }
        }
    }()

    @Test func theWorkedExamplesAreFound() {
        // The shop of "Pages from any JSON API", in both languages: the source, its three templates, its stylesheet and strings.
        let shop = ["Content/site.yml", "Templates/shop/list.mustache", "Templates/shop/group.mustache", "Templates/shop/item.mustache",
                    "Templates/i18n/es.yml", "Templates/i18n/en.yml", "Templates/shop/shop.css"]
        for page in ["json-api.md", "json-api.en.md"] {
            #expect(Set(Self.examples[page]?.map(\.path) ?? []) == Set(shop), "\(page)")
        }
        #expect(Self.examples.count >= 12, "\(Self.examples.keys.sorted())")
    }

    @Test func aBlockInsideALongerFenceIsText() {
        let markdown = "````markdown\n```yaml {file=\"Content/site.yml\"}\ntitle: A\n```\n````\n\n```yaml {file=\"Content/site.yml\"}\ntitle: B\n```\n"
        let files = GuideExampleFile.all(in: markdown)
        #expect(files.map(\.text) == ["title: B\n"] && files.map(\.line) == [7])
    }

    @Test func aYAMLExampleReplacesOnlyTheKeysItSets() {
        let file = "# settings\ntitle: Mi sitio\nhighlight:\n  style: github\nlanguages: [es, en]\n"
        let merged = GuideExampleFile.merging("highlight:\n  style: monokai\n", into: file)
        #expect(merged == "# settings\ntitle: Mi sitio\nlanguages: [es, en]\nhighlight:\n  style: monokai\n")
    }

    @Test(arguments: examples.keys.sorted())
    func theExamplesOfAPageBuildOnANewSite(_ page: String) async throws {
        // A folder of its own with nothing in it yet, made into a site as `vitrina new` makes one.
        let site = try TestSite(files: [:])
        defer { site.remove() }
        try NewSite(directory: site.root).create()
        let files = Self.examples[page] ?? []
        let shop = page.hasPrefix("json-api")
        if shop {
            // "That is the whole shop": before its strings, it builds named after the source, in every language; and
            // with a theme copied by an older `vitrina new`, which has no `partials/image`, Vitrina's own draws it.
            for file in files where !file.path.hasPrefix("Templates/i18n/") { try file.write(into: site.root) }
            try site.delete("Templates/partials/image.mustache")
            let asked = try await Self.build(site, page)
            #expect(!asked.isEmpty, "\(page): the shop was read from the replay server")
            #expect(site.exists("shop/electronics/index.html") && site.exists("en/shop/electronics/index.html"), "\(page)")
            #expect(try site.read("shop/index.html").contains("<h1>Shop</h1>"), "\(page): the list's heading")
            let item = try #require(Files.list(site.output + "/shop/electronics").first { $0.hasSuffix("/index.html") }, "\(page)")
            #expect(try site.read("shop/electronics/" + item).contains("<img src=\"../../../media/"), "\(page): the product's picture")
        }
        // Each file again is the same file: a YAML block's keys replace the ones it wrote before.
        for file in files { try file.write(into: site.root) }
        let asked = try await Self.build(site, page)
        let config = try SiteConfig.load(path: site.root + "/Content/site.yml")
        #expect(shop || config.sources.isEmpty || !asked.isEmpty, "\(page): its sources were read from the replay server")
        if shop {
            // The shop as the page says: its folders named by the strings it shows, one page per category and per product.
            for path in ["tienda/index.html", "tienda/electronics/index.html", "en/shop/index.html", "en/shop/electronics/index.html"] {
                #expect(site.exists(path), "\(page): \(path)")
            }
            #expect(!site.exists("shop/index.html"), "\(page): the Spanish list moved to tienda/")
            let list = try site.read("en/shop/index.html")
            #expect(list.contains("<h1>The shop</h1>") && list.contains("assets/shop/shop."), "\(page): the list's heading and stylesheet")
        }
    }

    /// Builds `site` through the command line's pipeline and features (`BuildPipeline(options:client:)` composes the
    /// registry's), strictly: an example that builds with a warning is not one to follow. Each source is pointed at the
    /// replay server as `--api NAME=URL` would, its path kept; returns the URLs asked, every one on 127.0.0.1.
    static func build(_ site: TestSite, _ page: String) async throws -> [String] {
        let config = try SiteConfig.load(path: site.root + "/Content/site.yml")
        let wire = HostDownTests.Wire()
        try await withReplayServer { server in
            let overrides = config.sources.mapValues { server.baseURL + (URLComponents(string: $0.baseURL)?.path ?? "") }
            let options = BuildOptions(siteDirectory: site.root, strict: true, apiOverrides: overrides,
                                       retry: RetryPolicy(attempts: 4, baseDelay: .milliseconds(20), maxDelay: .seconds(3)),
                                       requestTimeout: TestSite.answerWait)
            _ = try await site.build(options, observer: wire.watching)
        }
        let elsewhere = wire.urls.filter { !$0.hasPrefix("http://127.0.0.1:") }
        #expect(elsewhere.isEmpty, "\(page) asked beyond the replay server: \(elsewhere)")
        return wire.urls
    }
}
