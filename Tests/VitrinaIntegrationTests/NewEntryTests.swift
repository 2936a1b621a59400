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
            let country = try await run(["new", "entry", "T", "--place", "Valparaíso, Chilee", "--site", site.root])
            #expect(country.status == 2 && country.error.contains("no country called \"Chilee\""))
            #expect(country.error.contains("Closest: Chile."))
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

    @Test(arguments: ["Valparaíso, Chile", "valparaiso, cl"])
    func theIssueExamplesWriteAnEntryInValparaisoChile(place: String) async throws {
        try await withSite { site in
            let result = try await run(["new", "entry", "Ascensores", "--place", place, "--date", "2026-11-23", "--site", site.root])
            #expect(result.status == 0, "\(result.error)")
            let text = try Files.readText(site.root + "/Content/diary/2026-11-23-ascensores.md")
            #expect(text.contains("name: \"Valparaíso, Chile\"") && text.contains("latitude: -33.036"))
        }
    }

    @Test func whatAnAmbiguousNameListsWritesAnEntryWhenGivenBack() async throws {
        try await withSite { site in
            let several = try await run(["new", "entry", "T", "--place", "valparaiso", "--site", site.root])
            #expect(several.status == 2 && several.error.contains("--place \"Valparaíso, Chile\""))
            let listed = several.error.split(separator: "\n").first { $0.contains("2. ") }.map(String.init) ?? ""
            let place = String(listed.drop { $0 != "." }.dropFirst(2).prefix { $0 != "(" }).trimmingCharacters(in: .whitespaces)
            #expect(place == "Valparaiso, United States")
            let given = try await run(["new", "entry", "T", "--place", place, "--date", "2026-11-24", "--site", site.root])
            #expect(given.status == 0, "\(given.error)")
            #expect(try Files.readText(site.root + "/Content/diary/2026-11-24-t.md").contains("name: \"Valparaiso, United States\""))
        }
    }

    @Test func placesUnderstandsCountriesInSpanishAndEnglish() async throws {
        let spanish = try await run(["places", "Sevilla, España"])
        #expect(spanish.status == 0 && spanish.output == "1. Sevilla, Spain (37.38283, -5.97317), 686,741 people\n", "\(spanish.error)")
        #expect(try await run(["places", "seville, spain"]).output == spanish.output)
        let namesakes = try await run(["places", "portland, usa", "--limit", "2"])
        #expect(namesakes.output.hasPrefix("1. Portland, United States --pick 1 ("))
        #expect(namesakes.output.contains("\n2. Portland, United States --pick 2 ("))
        let unknown = try await run(["places", "Sevilla, Españia"])
        #expect(unknown.status == 1 && unknown.error.hasPrefix("No country called \"Españia\"") && unknown.error.contains("España"))
    }

    /// Each `vitrina new entry` and `vitrina places` command the README and the guide show, as they show it: in inline
    /// code (README) or after `$ ` in a console block, with the lines it prints below it.
    static func shownCommands(in text: String) -> [(arguments: [String], printed: [String])] {
        var commands: [(arguments: [String], printed: [String])] = []
        var inConsole = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("```") { inConsole = line == "```console"; continue }
            if inConsole, line.hasPrefix("$ vitrina ") {
                commands.append((shellWords(String(line.dropFirst(2))), []))
            } else if inConsole, !commands.isEmpty, !line.isEmpty {
                commands[commands.count - 1].printed.append(line)
            } else if !inConsole {
                for piece in line.split(separator: "`", omittingEmptySubsequences: false).enumerated() where piece.offset % 2 == 1
                    && (piece.element.hasPrefix("vitrina new entry ") || piece.element.hasPrefix("vitrina places ")) {
                    commands.append((shellWords(String(piece.element)), []))
                }
            }
        }
        return commands.filter { $0.arguments.count > 2 && ($0.arguments[1] == "places" || $0.arguments[1...2] == ["new", "entry"]) }
    }

    /// Words as a POSIX shell splits them: spaces apart, except within single or double quotes.
    static func shellWords(_ line: String) -> [String] {
        var words: [String] = [], word = "", quote: Character?, started = false
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { word.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character; started = true
            } else if character == " " {
                if started || !word.isEmpty { words.append(word) }
                word = ""; started = false
            } else {
                word.append(character)
            }
        }
        if started || !word.isEmpty { words.append(word) }
        return words
    }

    @Test func theShellWordsAreTheShells() {
        #expect(Self.shellWords(#"vitrina new entry "Valparaíso's lifts" --place 'a, b' x"#)
                == ["vitrina", "new", "entry", "Valparaíso's lifts", "--place", "a, b", "x"])
    }

    /// The README's and the guide's examples work as written: each entry is written (the photo a real one, the date today's),
    /// and `vitrina places` prints what the page shows.
    @Test(arguments: ["README.md", "Content/docs/diary-terminal.md", "Content/docs/diary-terminal.en.md"])
    func theExamplesShownWorkAsWritten(path: String) async throws {
        let commands = Self.shownCommands(in: try Files.readText(TestSite.repository + "/" + path))
        #expect(commands.contains { $0.arguments.contains("--place") }, "\(path) shows an entry with a place")
        try await withSite { site in
            let photo = site.root + "/photo.jpg"
            try Files.write(try TestPictures.gradient(width: 30, height: 20).encoded(as: .jpeg, quality: 80), to: photo)
            for command in commands {
                var arguments = Array(command.arguments.dropFirst())
                if let index = arguments.firstIndex(of: "--photo"), index + 1 < arguments.count { arguments[index + 1] = photo }
                let isEntry = arguments.first == "new"
                let result = try await run(arguments + (isEntry ? ["--site", site.root] : []), in: site.root)
                #expect(result.status == 0, "\(path): \(command.arguments): \(result.error)")
                let printed = result.output.split(separator: "\n").map(String.init)
                if isEntry {
                    let written = printed.first.map { $0.hasPrefix("/") ? $0 : site.root + "/" + $0 } ?? ""
                    #expect(try Files.readText(written).contains("place:"), "\(path): \(command.arguments)")
                    let undated = { (line: String) in
                        line.replacingOccurrences(of: #"\d{4}-\d{2}-\d{2}-"#, with: "", options: .regularExpression)
                    }
                    #expect(command.printed.isEmpty || command.printed.map(undated) == printed.map { undated($0.replacingOccurrences(of: site.root + "/", with: "")) })
                    try? FileManager.default.removeItem(atPath: written)
                    try? FileManager.default.removeItem(atPath: site.root + "/Content/diary/photos")
                } else {
                    #expect(command.printed.isEmpty || printed == command.printed, "\(path): \(command.arguments)")
                }
            }
        }
    }

    @Test func newWithAFolderStillWritesASite() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vitrina-new-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let result = try await run(["new", root])
        #expect(result.status == 0 && Files.exists(root + "/Content/site.yml"))
    }
}
