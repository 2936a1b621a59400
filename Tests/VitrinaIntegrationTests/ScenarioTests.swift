import Foundation
import Testing
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// Edits as text files (`Tests/Scenarios/`), so a case of incremental building is written without Swift and read at a glance.
/// Ediciones escritas como ficheros de texto, para escribir un caso de construcción incremental sin Swift y leerlo de un vistazo.
@Suite("Scenarios written as text")
struct ScenarioTests {
    /// `<repo>/Tests/Scenarios`.
    static let folder = TestSite.repository + "/Tests/Scenarios"

    /// The scenario files, by name.
    static let names: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".txtar") }.sorted()

    /// The scenarios are found: a folder moved or emptied would run none, and pass.
    /// Los escenarios se encuentran: una carpeta movida o vacía no ejecutaría ninguno.
    @Test func theScenariosAreFoundAndRead() throws {
        #expect(Self.names.count >= 9, "\(Self.folder) holds \(Self.names)")
        for name in Self.names { _ = try Scenario(name: name, text: Files.readText("\(Self.folder)/\(name)")) }
    }

    /// The runner: after each round, exactly the listed files are made anew and the output is a full build's.
    /// El ejecutor: tras cada ronda se rehace justo lo listado y la salida es la de una construcción completa.
    @Test(arguments: names)
    func scenario(_ name: String) async throws {
        try await Self.run(Scenario(name: name, text: Files.readText("\(Self.folder)/\(name)")))
    }

    /// A scenario whose list is wrong fails, naming the file and both lists: the runner is able to fail.
    /// Un escenario con la lista equivocada falla, con el fichero y ambas listas: el ejecutor sabe fallar.
    @Test func aWrongListFailsNamingTheScenarioAndBothLists() async throws {
        let text = """
            -- Content/site.yml --
            title: Notas
            default_language: es
            languages: [es, en]
            -- Content/linux/tar.md --
            Archiva.
            -- Content/linux/ls.md --
            Lista.
            -- edit: Content/linux/tar.md --
            Archiva y comprime.
            -- redrawn --
            linux/ls/index.html
            linux/tar/index.html

            """
        let scenario = try Scenario(name: "wrong.txtar", text: text)
        try await withKnownIssue {
            try await Self.run(scenario)
        } matching: { (issue: Issue) -> Bool in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("wrong.txtar, round 1") && text.contains("listed but not made anew: [\"linux/ls/index.html\"]")
                && text.contains("made anew but not listed: [\"en/linux/tar/index.html\"]")
        }
    }

    /// Builds the scenario's site, then each round's edits, checking each build against the round.
    static func run(_ scenario: Scenario) async throws {
        let name = scenario.name
        let site = try Self.site(scenario)
        defer { site.remove() }
        _ = try await Self.build(site)
        for (number, round) in scenario.rounds.enumerated() {
            let place = "\(name), round \(number + 1)"
            let records = site.state()
            let before = try site.snapshotOfOutput()
            for edit in round.edits {
                switch edit {
                case .write(let path, let text): try site.write(path, text)
                case .remove(let path): try site.delete(path)
                }
            }
            let report = try await Self.build(site)
            let after = try site.snapshotOfOutput()
            let pages = Set((site.state()?.records ?? [:]).keys)
            let drawn = site.drawn(since: records)
            // Files that are no pages (feeds, sitemap, data scripts) count as made anew when their bytes are new; the
            // manifest, which names the build, is new after every build. The search index's files change with any page's
            // text and carry their bytes' fingerprint in their names: SearchIndexTests and the full-build comparison
            // below cover them, the scenarios list the rest.
            let remade = Set(after.filter { !pages.contains($0.key) && before[$0.key] != $0.value && !$0.key.hasPrefix("assets/search/") }.keys)
                .subtracting([OutputWriter.manifestName])
            let actual = (drawn.union(remade)).sorted()
            let changedPages = Set(after.filter { pages.contains($0.key) && before[$0.key] != $0.value }.keys)
            #expect(actual == round.redrawn, Self.mismatch(place, expected: round.redrawn, actual: actual))
            #expect(report.rendered == drawn.count, "\(place): the report says \(report.rendered) pages drawn, the records \(drawn.count)")
            #expect(changedPages.isSubset(of: drawn), "\(place): pages changed without being drawn: \(changedPages.subtracting(drawn).sorted())")
            if let path = round.build {
                #expect(fromKeptPlan(report) == (path == .keptPlan),
                        "\(place): expected a build from the \(path.rawValue); its stages were \(report.stages.map(\.name))")
            }
            let warnings = report.warnings.map(\.message)
            #expect(warnings.count == round.warnings.count && zip(warnings, round.warnings).allSatisfy { $0.contains($1) },
                    "\(place): expected warnings containing \(round.warnings), got \(warnings)")
            try await site.expectSameAsFullBuild(comment: "\(place): the output is no full build's", report: report)
        }
    }

    /// What a round made anew against what it lists, the difference first.
    static func mismatch(_ place: String, expected: [String], actual: [String]) -> Comment {
        let missing = Set(expected).subtracting(actual).sorted(), extra = Set(actual).subtracting(expected).sorted()
        return """
            \(place): the build did not make anew what the scenario lists
              listed but not made anew: \(missing)
              made anew but not listed: \(extra)
              expected: \(expected)
              actual:   \(actual)
            """
    }

    /// The scenario's site in a temporary folder: its theme first, then its own files.
    static func site(_ scenario: Scenario) throws -> TestSite {
        let site = try TestSite(files: scenario.files.filter { !$0.key.hasPrefix("Templates/") }, theme: scenario.theme == .builtIn ? .builtIn : .ownOrNone)
        for (path, text) in scenario.files where path.hasPrefix("Templates/") { try site.write(path, text) }
        return site
    }

    /// Drawn from the kept plan: the whole site was neither loaded nor planned (as `KeptPlanTests` tells).
    static func fromKeptPlan(_ report: BuildReport) -> Bool {
        let names = report.stages.map(\.name)
        return names.contains("kept plan") && !names.contains("memos") && !names.contains("plan")
    }

    /// An offline build whose files count as settled at once (so the next build may start from the plan it keeps).
    static func build(_ site: TestSite) async throws -> BuildReport {
        var options = BuildOptions(siteDirectory: site.root, offline: true)
        options.settleTime = .zero
        return try await BuildPipeline(options: options, client: NoNetwork()).build()
    }
}
