import Foundation
import Testing
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// Front matter: splitting, typed reads and error messages that point at the right line of the file.
/// Cabecera: separación, lecturas tipadas y mensajes de error que señalan la línea correcta del fichero.
@Suite("FrontMatter")
struct FrontMatterTests {
    private static let entry = """
        ---
        title: Un día en Lisboa
        date: 2026-09-14
        draft: false
        rating: 4.5
        order: 3
        place:
          name: Lisboa
          country: Portugal
        ---
        # Lisboa

        Texto del **cuerpo**.
        """

    @Test func splitsFieldsAndBody() throws {
        let front = try FrontMatter.parse(Self.entry, file: "Content/diary/lisboa.md")
        #expect(front["title"]?.scalar == "Un día en Lisboa")
        #expect(front["date"]?.scalar == "2026-09-14")
        #expect(front["order"]?.scalar == "3")
        #expect(front.fields.keys.sorted() == ["date", "draft", "order", "place", "rating", "title"])
        #expect(front.body == "# Lisboa\n\nTexto del **cuerpo**.")
        #expect(front.bodyLine == 11)
        #expect(front["missing"] == nil)
    }

    @Test func fieldLinesAreLinesOfTheFile() throws {
        let front = try FrontMatter.parse(Self.entry, file: "x.md")
        #expect(front["title"]?.line == 2)
        #expect(front["date"]?.line == 3)
        #expect(front["order"]?.line == 6)
        #expect(front["place"]?.children["name"]?.line == 8)
        #expect(front["place"]?.children["country"]?.line == 9)
    }

    @Test func bodyLineCountsFromTheClosingDashes() throws {
        let front = try FrontMatter.parse("---\na: 1\n---\nbody", file: "x.md")
        #expect(front.bodyLine == 4)
        #expect(front.body == "body")
        let lines = Self.entry.split(separator: "\n", omittingEmptySubsequences: false)
        let parsed = try FrontMatter.parse(Self.entry, file: "x.md")
        #expect(lines[parsed.bodyLine - 1] == "# Lisboa")
    }

    @Test func withoutFrontMatterEverythingIsBody() throws {
        let text = "# Título\n\ntitle: not a field\n---\n"
        let front = try FrontMatter.parse(text, file: "x.md")
        #expect(front.fields.isEmpty)
        #expect(front.body == text)
        #expect(front.bodyLine == 1)
    }

    @Test func emptyFrontMatterHasNoFields() throws {
        let front = try FrontMatter.parse("---\n---\nHola", file: "x.md")
        #expect(front.fields.isEmpty)
        #expect(front.body == "Hola")
        #expect(front.bodyLine == 3)
    }

    @Test func byteOrderMarkIsIgnored() throws {
        let front = try FrontMatter.parse("\u{FEFF}---\ntitle: Con BOM\n---\nCuerpo", file: "bom.md")
        #expect(front["title"]?.scalar == "Con BOM")
        #expect(front.body == "Cuerpo")
        let plain = try FrontMatter.parse("\u{FEFF}Solo cuerpo", file: "bom.md")
        #expect(plain.body == "Solo cuerpo")
    }

    @Test func windowsLineEndingsAreFrontMatterToo() throws {
        let text = "---\r\ntitle: Con CRLF\r\norder: 2\r\n---\r\n# Cuerpo\r\n\r\nTexto\r\n"
        let front = try FrontMatter.parse(text, file: "crlf.md")
        #expect(front["title"]?.scalar == "Con CRLF")
        #expect(front["order"]?.scalar == "2")
        #expect(front["order"]?.line == 3)
        #expect(front.bodyLine == 5)
        #expect(front.body.hasPrefix("# Cuerpo"))
        #expect(!front.body.contains("---"))
        #expect(!front.body.contains("\r"))
    }

    @Test func unclosedFrontMatterNamesFileAndLineOne() throws {
        let error = try #require(throws: VitrinaError.self) {
            try FrontMatter.parse("---\ntitle: Sin cierre\n\nCuerpo", file: "Content/diary/roto.md")
        }
        #expect(error.stage == .content)
        #expect(error.message.hasPrefix("Content/diary/roto.md:1:"))
        #expect(error.message.contains("---"))
    }

    @Test func yamlSyntaxErrorNamesFileAndTheBrokenLine() throws {
        // Line 1 is the opening ---; the broken line is line 4 of the file.
        let text = "---\ntitle: Hola\ndate: 2026-09-14\nplace: Lisboa: Portugal\n---\nCuerpo\n"
        let error = try #require(throws: VitrinaError.self) { try FrontMatter.parse(text, file: "Content/diary/yaml.md") }
        #expect(error.stage == .content)
        #expect(error.message.contains("Content/diary/yaml.md"))
        #expect(error.message.contains("line 4,"), "got: \(error.message)")
    }

    @Test func yamlSyntaxErrorOnTheFirstYAMLLine() throws {
        let text = "---\n: : :\n---\n"
        let error = try #require(throws: VitrinaError.self) { try FrontMatter.parse(text, file: "first.md") }
        #expect(error.message.contains("first.md"))
        #expect(error.message.contains("line 2,"), "got: \(error.message)")
    }

    @Test func frontMatterThatIsNotAMappingIsAnError() throws {
        let error = try #require(throws: VitrinaError.self) { try FrontMatter.parse("---\n- a\n- b\n---\n", file: "list.md") }
        #expect(error.message.hasPrefix("list.md:2:"))
    }

    // MARK: FieldReader

    private func reader(_ text: String, file: String = "Content/diary/x.md") throws -> FieldReader {
        FieldReader(file: file, fields: try FrontMatter.parse(text, file: file).fields)
    }

    @Test func typedReads() throws {
        let fields = try reader(Self.entry)
        #expect(fields.string("title") == "Un día en Lisboa")
        #expect(try fields.requiredString("title") == "Un día en Lisboa")
        #expect(try fields.int("order") == 3)
        #expect(try fields.double("rating") == 4.5)
        #expect(try fields.bool("draft") == false)
        #expect(try fields.date("date") == SimpleDate("2026-09-14"))
        #expect(try fields.int("missing") == nil)
        #expect(try fields.double("missing") == nil)
        #expect(try fields.bool("missing") == false)
        #expect(try fields.date("missing") == nil)
        #expect(fields.string("missing") == nil)
    }

    @Test(arguments: ["true", "yes", "on", "True", "YES"])
    func boolAcceptsTrueWords(word: String) throws {
        #expect(try reader("---\nflag: \(word)\n---\n").bool("flag") == true)
    }

    @Test(arguments: ["false", "no", "off", "False"])
    func boolAcceptsFalseWords(word: String) throws {
        #expect(try reader("---\nflag: \(word)\n---\n").bool("flag") == false)
    }

    @Test func emptyStringIsMissing() throws {
        let fields = try reader("---\ntitle: \"\"\n---\n")
        #expect(fields.string("title") == nil)
        let error = try #require(throws: VitrinaError.self) { try fields.requiredString("title") }
        #expect(error.message.contains("Content/diary/x.md"))
        #expect(error.message.contains("title:"))
    }

    @Test(arguments: [
        ("count: tres", "count", "whole number"),
        ("price: caro", "price", "number"),
        ("draft: quizás", "draft", "true or false"),
        ("date: 14/09/2026", "date", "date like"),
        ("date: 2026-13-01", "date", "date like"),
    ])
    func typeErrorsNameFileLineAndKey(line: String, key: String, hint: String) throws {
        // The bad value sits on line 3 of the file.
        let fields = try reader("---\ntitle: x\n\(line)\n---\nCuerpo", file: "Content/diary/bad.md")
        let error = try #require(throws: VitrinaError.self) {
            switch key {
            case "count": _ = try fields.int(key)
            case "price": _ = try fields.double(key)
            case "draft": _ = try fields.bool(key)
            default: _ = try fields.date(key)
            }
        }
        #expect(error.stage == .content)
        #expect(error.message.hasPrefix("Content/diary/bad.md:3: \(key) "), "got: \(error.message)")
        #expect(error.message.contains(hint))
        #expect(error.message.contains(String(line.split(separator: " ", maxSplits: 1)[1])))
    }

    @Test func nestedPlace() throws {
        let fields = try reader(Self.entry)
        let place = try #require(fields.nested("place"))
        #expect(place.string("name") == "Lisboa")
        #expect(place.string("country") == "Portugal")
        #expect(place.file == "Content/diary/x.md")
        #expect(fields.nested("title") == nil)
        #expect(fields.nested("missing") == nil)
    }

    @Test func nestedErrorsPointAtTheNestedLine() throws {
        let text = "---\ntitle: x\nplace:\n  name: Oporto\n  lat: norte\n---\n"
        let place = try #require(try reader(text, file: "p.md").nested("place"))
        let error = try #require(throws: VitrinaError.self) { try place.double("lat") }
        #expect(error.message.hasPrefix("p.md:5: lat "), "got: \(error.message)")
    }

    // MARK: SimpleDate

    @Test func simpleDateParses() throws {
        let date = try #require(SimpleDate("2026-09-14"))
        #expect(date.year == 2026 && date.month == 9 && date.day == 14)
        #expect(date.description == "2026-09-14")
        #expect(SimpleDate("2026-1-5")?.description == "2026-01-05")
        #expect(SimpleDate("2026-09-14T10:00:00Z") == date)
    }

    @Test(arguments: ["", "2026", "2026-09", "2026-00-10", "2026-13-10", "2026-09-00", "2026-09-32", "hoy", "14-09-x"])
    func simpleDateRejects(text: String) {
        #expect(SimpleDate(text) == nil)
    }

    @Test func simpleDateOrdering() throws {
        let dates = ["2026-09-14", "2025-12-31", "2026-01-02", "2026-09-02", "2026-01-10"].compactMap(SimpleDate.init)
        #expect(dates.sorted().map(\.description) == ["2025-12-31", "2026-01-02", "2026-01-10", "2026-09-02", "2026-09-14"])
        let february = try #require(SimpleDate("2026-02-01"))
        let january = try #require(SimpleDate("2026-01-31"))
        #expect(february > january)
        #expect(!(january > february))
        #expect(SimpleDate("2026-02-01") == SimpleDate("2026-2-1"))
    }
}
