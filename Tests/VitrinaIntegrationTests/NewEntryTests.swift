import Foundation
import Testing
import TestSupport
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// `vitrina new entry` and `vitrina places` as a user runs them: what is written, what is printed, the exit codes, and
/// that nothing is ever overwritten; the entry then builds as the diary shows it.
/// `vitrina new entry` y `vitrina places` como los usa alguien: lo escrito, lo impreso, los códigos de salida.
@Suite("New diary entries from the terminal")
struct NewEntryTests {
    func run(_ arguments: [String], in directory: String? = nil) async throws -> ProgramRun {
        try await ProgramRun.of(CommandLineTests.binary, arguments, in: directory)
    }

    /// A site with a diary and its default languages, es and en.
    func withSite(_ body: (TestSite) async throws -> Void) async throws {
        let site = try TestSite(files: ["Content/site.yml": "title: T\nlanguages: [es, en]\npictures: false\napp_screens: true\n",
                                        "Content/diary/2026-01-01-uno.md": "---\ntitle: Uno\ndate: 2026-01-01\n---\nHola.\n"], theme: .repository)
        defer { site.remove() }
        try await body(site)
    }

    @Test func anEntryWithAPlaceAndAPhotoIsWrittenAsADraftAndBuilds() async throws {
        try await withSite { site in
            let photo = site.root + "/camera.jpg"
            let bytes = try TestPictures.gradient(width: 300, height: 200).encoded(as: .jpeg, quality: 80)
            try Files.write(bytes, to: photo)
            let result = try await run(["new", "entry", "Ascensores: \"el\" Concepción", "--place", "Valparaíso", "--pick", "1",
                                        "--photo", photo, "--date", "2026-11-20"], in: site.root)
            #expect(result.status == 0, "\(result.error)")
            #expect(result.output == "Content/diary/2026-11-20-ascensores-el-concepcion.md\n")
            #expect(result.error.contains("draft"))
            #expect(try Files.read(site.root + "/Content/diary/photos/2026-11-20-ascensores-el-concepcion.jpg") == bytes, "the photo copied as it is")
            let text = try Files.readText(site.root + "/Content/diary/2026-11-20-ascensores-el-concepcion.md")
            #expect(text.contains("title: \"Ascensores: \\\"el\\\" Concepción\"") && text.contains("draft: true"))
            #expect(text.contains("name: \"Valparaíso, Chile\"") && text.contains("latitude: -33.036"))
            _ = try await site.build(drafts: true)
            let page = try site.read("diario/2026-11-20-ascensores-el-concepcion/index.html")
            #expect(page.contains("Ascensores: &quot;el&quot; Concepción") && page.contains("route=%3B-33.036%2C-71.62963"))
            #expect(page.contains("badge-draft"))
            _ = try await site.build()
            #expect(!site.exists("diario/2026-11-20-ascensores-el-concepcion/index.html"), "a draft is not published")
        }
    }

    @Test func eachOptionIsWrittenDown() async throws {
        try await withSite { site in
            let english = try await run(["new", "entry", "Harbour lifts", "--lat", "-33.042", "--lon", "-71.6275", "--lang", "en",
                                         "--date", "2026-11-21", "--publish", "--site", site.root])
            #expect(english.status == 0, "\(english.error)")
            let path = site.root + "/Content/diary/2026-11-21-harbour-lifts.en.md"
            #expect(english.output == path + "\n")
            let text = try Files.readText(path)
            #expect(!text.contains("draft") && text.contains("name: \"Valparaíso, Chile\"") && text.contains("longitude: -71.6275"))
            let today = try await run(["new", "entry", "Sin lugar", "--site", site.root])
            #expect(today.status == 0 && today.output.contains("-sin-lugar.md"))
            let entries = try DiaryMapper.map(try await DocumentLoader.forBuild(BuildOptions(siteDirectory: site.root), config: SiteConfig())
                .loader.load(folder: "diary"), defaultLanguage: "es")
            #expect(entries.contains { $0.name == "2026-11-21-harbour-lifts" && $0.place?.latitude == -33.042 && !$0.draft })
        }
    }

    @Test func ambiguousAndUnknownPlacesAndWrongOptionsExitTwoWritingNothing() async throws {
        try await withSite { site in
            let before = Files.list(site.root + "/Content")
            let several = try await run(["new", "entry", "T", "--place", "valparaiso", "--site", site.root])
            #expect(several.status == 2 && several.error.contains("add --pick N") && several.error.contains("2. Valparaiso, United States"))
            let none = try await run(["new", "entry", "T", "--place", "Valparaisso", "--site", site.root])
            #expect(none.status == 2 && none.error.contains("Closest: Valparaíso, Chile"))
            for arguments in [["--place", "Lima", "--lat", "1", "--lon", "2"], ["--lat", "95", "--lon", "0"], ["--lat", "1"], ["--date", "2026-02-30"],
                              ["--lang", "fr"], ["--photo", site.root + "/missing.jpg"], ["--photo", site.root + "/Content/site.yml"], ["--pick", "1"]] {
                let result = try await run(["new", "entry", "T", "--site", site.root] + arguments)
                #expect(result.status == 2, "\(arguments): \(result.error)")
                #expect(!result.error.contains("Fatal"))
            }
            #expect(Files.list(site.root + "/Content") == before, "nothing was written")
        }
    }

    @Test func anExistingEntryOrPhotoIsNeverOverwritten() async throws {
        try await withSite { site in
            try site.write("Content/diary/photos/2026-11-22-dos.png", "mine")
            let photo = site.root + "/new.png"
            try Files.write(try TestPictures.gradient(width: 20, height: 20).encoded(as: .png, quality: 80), to: photo)
            let clash = try await run(["new", "entry", "Dos", "--date", "2026-11-22", "--photo", photo, "--site", site.root])
            #expect(clash.status == 2 && clash.error.contains("Content/diary/photos/2026-11-22-dos.png already exists"))
            #expect(!Files.exists(site.root + "/Content/diary/2026-11-22-dos.md"), "nothing written when the photo's name is taken")
            let first = try await run(["new", "entry", "Uno", "--date", "2026-01-01", "--site", site.root])
            #expect(first.status == 2 && first.error.contains("Content/diary/2026-01-01-uno.md already exists"))
            #expect(try Files.readText(site.root + "/Content/diary/2026-01-01-uno.md").contains("Hola."))
            #expect(try Files.readText(site.root + "/Content/diary/photos/2026-11-22-dos.png") == "mine")
        }
    }

    @Test func placesListsMatchesMostPopulousFirstAndExitsOneForNone() async throws {
        let found = try await run(["places", "valparaíso", "--limit", "2"])
        #expect(found.status == 0)
        #expect(found.output.hasPrefix("1. Valparaíso, Chile (-33.036, -71.62963), 282,448 people\n2. Valparaiso, United States"))
        #expect(found.output.contains("more (--limit)"))
        let none = try await run(["places", "Xyzzyqq"])
        #expect(none.status == 1 && none.error.contains("No place called \"Xyzzyqq\""))
        #expect(try await run(["places", "x", "--limit", "0"]).status == 2)
        #expect(try await run(["places", "--help"]).output.contains("GeoNames"))
    }

    @Test func newWithAFolderStillWritesASite() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vitrina-new-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let result = try await run(["new", root])
        #expect(result.status == 0 && Files.exists(root + "/Content/site.yml"))
    }
}
