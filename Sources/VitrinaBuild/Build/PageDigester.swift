import Foundation
import VitrinaKit

/// The digest of everything a page is made from: the site, its template, its language's strings and its own inputs.
/// Full builds and quick edits digest pages the same way, so either can tell whether a page must be drawn again.
/// La huella de todo aquello de lo que se hace una página; la misma en construcciones completas y ediciones rápidas.
struct PageDigester: Sendable {
    let site: BuildInput
    let templates: TemplateLibrary
    /// The fingerprint of each language's strings.
    let strings: [String: String]
    /// What a page that declares no inputs of its own is made from: every input of the site. Gathered only when such
    /// a page is planned (none is on a site of Markdown folders, where gathering them was the diff's longest step on
    /// one core); otherwise a fingerprint no record holds, so a page without inputs met later is always drawn.
    /// Todas las entradas del sitio, reunidas solo si alguna página no declara las suyas.
    let everything: BuildInput
    /// The names its stylesheets and scripts are published under, and those every page links to.
    let assets: AssetNames
    let layoutAssets: [String]
    let layoutInput: BuildInput
    /// The stylesheets each template folder brings to its pages.
    let templateStyles: TemplateStyles
    /// Each template's and each language's input, made once: every page of a template shares its key's text.
    private let templateInputs: [String: BuildInput]
    private let stringsInputs: [String: BuildInput]

    init(pages: [Page], templates: TemplateLibrary, strings: Strings, site: BuildInput, assets: AssetNames = AssetNames(),
         layoutAssets: [String] = [], templateStyles: TemplateStyles = TemplateStyles()) {
        var languages = Set<String>()
        var templateNames = Set<String>()
        for page in pages {
            languages.insert(page.language)
            templateNames.insert(page.template)
        }
        self.site = site
        self.templates = templates
        self.assets = assets
        self.layoutAssets = layoutAssets
        self.templateStyles = templateStyles
        layoutInput = BuildInput(key: "assets", fingerprint: assets.fingerprint(of: layoutAssets))
        let stringTables = Dictionary(uniqueKeysWithValues: languages.map { language in
            (language, Fingerprint.hex(strings.table(language).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "\n")))
        })
        everything = Self.everything(pages)
        templateInputs = Dictionary(uniqueKeysWithValues: templateNames.map { ($0, Self.templateInput($0, templates)) })
        self.strings = stringTables
        stringsInputs = Dictionary(uniqueKeysWithValues: stringTables.keys.map { ($0, Self.stringsInput($0, stringTables)) })
    }

    private static func everything(_ pages: [Page]) -> BuildInput {
        guard pages.contains(where: { $0.inputs.isEmpty }) else {
            return BuildInput(key: "everything", fingerprint: "unknown " + UUID().uuidString)
        }
        var all = Set<BuildInput>()
        for page in pages { all.formUnion(page.inputs) }
        return BuildInput(key: "everything", fingerprint: Fingerprint.hex(all.map { "\($0.key)=\($0.fingerprint)" }.sorted().joined(separator: "\n")))
    }

    private static func templateInput(_ name: String, _ templates: TemplateLibrary) -> BuildInput {
        BuildInput(key: "template:\(name)", fingerprint: templates.fingerprint(name))
    }

    private static func stringsInput(_ language: String, _ strings: [String: String]) -> BuildInput {
        BuildInput(key: "strings:\(language)", fingerprint: strings[language] ?? "")
    }

    /// Each page with its digest, in order, digested on every core.
    func jobs(_ pages: [Page], previous: BuildState?) -> [RenderStage.Job] {
        Parallel.map(Array(pages.indices), slices: Parallel.slicesPerCore) { slice in
            slice.map { job(pages[$0], at: $0, previous: previous) }
        }.flatMap { $0 }
    }

    /// The page (at `index` of the pages to render) with its digest and, when the digest matches the last build's
    /// record, that record to reuse.
    /// The digest is the fingerprint of the inputs' `key=fingerprint` lines, fed to the hash one text at a time.
    func job(_ page: Page, at index: Int, previous: BuildState?) -> RenderStage.Job {
        var digest = FingerprintStream()
        var keys: [String] = []
        keys.reserveCapacity(4 + max(page.inputs.count, 1))
        func add(_ input: BuildInput) {
            if !keys.isEmpty { digest.add(byte: UInt8(ascii: "\n")) }
            digest.add(input.key)
            digest.add(byte: UInt8(ascii: "="))
            digest.add(input.fingerprint)
            keys.append(input.key)
        }
        add(site)
        add(templateInputs[page.template] ?? Self.templateInput(page.template, templates))
        add(stringsInputs[page.language] ?? Self.stringsInput(page.language, strings))
        add(assetInput(page))
        if page.inputs.isEmpty {
            add(everything)
        } else {
            // Sorted, each input once.
            var last: BuildInput?
            for input in page.inputs.sorted(by: { ($0.key, $0.fingerprint) < ($1.key, $1.fingerprint) }) where input != last {
                add(input)
                last = input
            }
        }
        let hex = digest.hex
        let record = previous?.records[page.route.file]
        return RenderStage.Job(index: index, digest: hex, inputs: keys, reuse: record?.digest == hex ? record : nil)
    }

    /// What the page's links to stylesheets and scripts depend on: the names those are published under.
    private func assetInput(_ page: Page) -> BuildInput {
        let styles = templateStyles.styles(of: page)
        return page.scripts.isEmpty && styles.isEmpty ? layoutInput
            : BuildInput(key: "assets", fingerprint: assets.fingerprint(of: layoutAssets + page.scripts + styles))
    }
}
