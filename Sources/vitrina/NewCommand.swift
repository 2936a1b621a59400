import ArgumentParser
import Foundation
import Synchronization
import VitrinaKit
import VitrinaBuild

/// `vitrina new`: a minimal site (`vitrina new DIR`), or a diary entry (`vitrina new entry "Title"`).
/// `vitrina new`: un sitio mínimo o una entrada del diario.
struct New: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a minimal site into DIR, or a diary entry.",
        subcommands: [NewSiteCommand.self, NewEntryCommand.self], defaultSubcommand: NewSiteCommand.self)
}

/// `vitrina new DIR`: a minimal site that builds at once.
struct NewSiteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "site", abstract: "Write a minimal site (site.yml, a home text, a docs page, the default theme) into DIR.")

    @Argument(help: "The folder to create the site in.") var directory: String

    func run() async throws {
        let path = Console.absolute((directory as NSString).expandingTildeInPath)
        do { try NewSite(directory: path).create() } catch let error as VitrinaError { throw BuildFailure(error: error, warnings: []) }
        print("Created a site in \(path). Next: vitrina serve --site \(path)")
    }
}

/// `vitrina new entry "Title"`: a diary entry with its place (found in the offline gazetteer) and photo.
struct NewEntryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "entry",
        abstract: "Write a diary entry into Content/diary/ (a draft until --publish) and print its path.",
        discussion: "Places come from GeoNames (CC BY 4.0): see `vitrina places`. Exit codes: 0 written, 2 a wrong option, "
            + "several places or none by that name, or a file that exists (nothing is ever overwritten).")

    @Argument(help: "The entry's title.") var title: String
    @Option(help: ArgumentHelp("A city, looked up offline as City or City, Country, the country in English or Spanish or by "
                               + "its code (Valparaíso, Chile; valparaiso, cl; Sevilla, España); accents and case do not matter."))
    var place: String?
    @Option(help: "Which of several places called so, by its number in the list.") var pick: Int?
    // Unconditional: a negative coordinate (-33.04) is a value, not an option.
    @Option(parsing: .unconditional, help: "The place's latitude (-90 to 90), with --lon, instead of --place.") var lat: Double?
    @Option(parsing: .unconditional, help: "The place's longitude (-180 to 180), with --lat.") var lon: Double?
    @Option(help: "A photo to copy beside the entry (JPEG, PNG, WebP or GIF).") var photo: String?
    @Option(help: "The entry's date, YYYY-MM-DD (default: today).") var date: String?
    @Option(help: "The entry's language (default: the site's default language).") var lang: String?
    @Flag(help: "Publish at once instead of writing a draft.") var publish = false
    @Option(name: .long, help: "The folder holding Content/ (default: the current folder).") var site: String = "."

    func run() async throws {
        do {
            var entry = NewEntry(title: title, date: date ?? Self.today(), language: lang, photo: photo.map(Console.absolute), publish: publish)
            entry.place = try PlaceChoice.place(named: place, pick: pick, latitude: lat, longitude: lon)
            let siteDirectory = Console.absolute((site as NSString).expandingTildeInPath)
            let written = try entry.write(siteDirectory: siteDirectory)
            print(site == "." ? written.entry : Files.join(siteDirectory, written.entry))
            if !publish { FileHandle.standardError.write(Data("A draft: vitrina build --drafts shows it; set draft: false (or use --publish) to publish it.\n".utf8)) }
        } catch let error as VitrinaError {
            throw BuildFailure(error: error, warnings: [])
        }
    }

    static func today() -> String {
        let parts = Calendar(identifier: .gregorian).dateComponents(in: .current, from: Date())
        return String(format: "%04d-%02d-%02d", parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1)
    }
}

/// `vitrina places QUERY`: the offline gazetteer's answer, as the diary app's place search suggests.
struct Places: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the places called QUERY (or starting so), most populous first, each as --place takes it back.",
        discussion: "Cities over 15,000 people from GeoNames (https://www.geonames.org, CC BY 4.0). Exit codes: 0 places found, 1 none.")

    @Argument(help: ArgumentHelp("A place as City, City, Country or City, Region, Country (the country in English or Spanish, "
                                 + "or its ISO code); accents and case do not matter."))
    var query: String
    @Option(help: "How many to list (1 to 100).") var limit: Int = 10

    func run() async throws {
        guard (1...100).contains(limit) else { throw ValidationError("--limit must be from 1 to 100") }
        let gazetteer: Gazetteer, found: [Gazetteer.City]
        do { gazetteer = try Gazetteer.bundled() } catch let error as VitrinaError { throw BuildFailure(error: error, warnings: []) }
        do { found = try PlaceChoice.candidates(query, in: gazetteer).cities } catch let error as VitrinaError {
            FileHandle.standardError.write(Data((error.message.prefix(1).uppercased() + error.message.dropFirst() + "\n").utf8))
            throw ExitCode(1)
        }
        for (index, city) in found.prefix(limit).enumerated() { print("\(index + 1). \(gazetteer.line(for: city))") }
        if found.count > limit { print("… and \(found.count - limit) more (--limit)") }
    }
}
