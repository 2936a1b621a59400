import Foundation
import Testing
import TestSupport
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// TOML front matter between `+++` lines: what Hugo sites write, errors on the file's line, hostile bytes, a round trip.
/// Cabecera TOML entre `+++`: lo que escriben los sitios Hugo, errores en la línea del fichero, bytes hostiles, ida y vuelta.
@Suite("TOMLFrontMatter")
struct TOMLFrontMatterTests {
    private static let hugo = #"""
        +++
        title = "Un día en \"Lisboa\""
        date = 2024-01-15T10:00:00Z
        lastmod = 2024-02-01 09:30:00+01:00
        draft = false
        weight = 1_000
        rating = -4.5e0
        tags = ["viaje", "portugal"]   # etiquetas
        'quoted key' = 'C:\no\escape'
        params.author = "Ana"
        params.social.mastodon = "@ana"
        summary = """
        Primera línea
        segunda \u00e9 \U0001F600"""

        [menu.main]
        name = "Diario"
        order = +3

        [place]
        name = 'Lisboa'
        country = "Portugal"
        +++
        # Lisboa

        Texto.
        """#

    @Test func listsReadAsItemsInYAMLAndTOMLAlike() throws {
        let yaml = try FrontMatter.parse("---\ntags: [viaje, \"comida\"]\nauthors:\n  - name: Ana\n---\nB", file: "a.md")
        let toml = try FrontMatter.parse("+++\ntags = [\"viaje\", 'comida']\n[[authors]]\nname = \"Ana\"\n+++\nB", file: "a.md")
        for front in [yaml, toml] {
            #expect(front["tags"]?.items.map(\.scalar) == ["viaje", "comida"])
            #expect(front["tags"]?.items.map(\.line) == [2, 2])
            #expect(front["authors"]?.items.first?.children["name"]?.scalar == "Ana")
        }
        #expect(try TOMLFrontMatter.value(Array("a = [1, 'x', 2024-01-15]".utf8)) == .table(["a": .array([.integer(1), .string("x"), .dateTime(try #require(TOMLDateTime("2024-01-15")))])]))
    }

    @Test func hugoFrontMatterReadsLikeYAML() throws {
        let front = try FrontMatter.parse(Self.hugo, file: "Content/diary/lisboa.md")
        #expect(front.fields.keys.sorted() == ["date", "draft", "lastmod", "menu", "params", "place", "quoted key", "rating", "summary", "tags", "title", "weight"])
        #expect(front["title"]?.scalar == "Un día en \"Lisboa\"")
        #expect(front["date"]?.scalar == "2024-01-15T10:00:00Z")
        #expect(front["lastmod"]?.scalar == "2024-02-01 09:30:00+01:00")
        #expect(front["weight"]?.scalar == "1000")
        #expect(front["rating"]?.scalar == "-4.5e0")
        #expect(front["quoted key"]?.scalar == #"C:\no\escape"#)
        #expect(front["summary"]?.scalar == "Primera línea\nsegunda é 😀")
        #expect(front["params"]?.children["author"]?.scalar == "Ana")
        #expect(front["params"]?.children["social"]?.children["mastodon"]?.scalar == "@ana")
        #expect(front["menu"]?.children["main"]?.children["name"]?.scalar == "Diario")
        #expect(front.body == "# Lisboa\n\nTexto.")
        #expect(front.bodyLine == 24)

        let fields = FieldReader(file: "Content/diary/lisboa.md", fields: front.fields)
        #expect(try fields.date("date") == SimpleDate("2024-01-15"))
        #expect(try fields.date("lastmod") == SimpleDate("2024-02-01"))
        #expect(try fields.bool("draft") == false)
        #expect(try fields.int("weight") == 1000)
        #expect(try fields.double("rating") == -4.5)
        #expect(try fields.nested("menu")?.nested("main")?.int("order") == 3)
        let place = try #require(fields.nested("place"))
        #expect(place.string("name") == "Lisboa" && place.string("country") == "Portugal")
    }

    @Test func fieldLinesAreLinesOfTheFile() throws {
        let front = try FrontMatter.parse(Self.hugo, file: "x.md")
        #expect(front["title"]?.line == 2)
        #expect(front["tags"]?.line == 8)
        #expect(front["params"]?.line == 10)
        #expect(front["params"]?.children["author"]?.line == 10)
        #expect(front["params"]?.children["social"]?.children["mastodon"]?.line == 11)
        #expect(front["summary"]?.line == 12)
        #expect(front["menu"]?.children["main"]?.line == 16)
        #expect(front["menu"]?.children["main"]?.children["order"]?.line == 18)
        #expect(front["place"]?.line == 20)
        #expect(front["place"]?.children["country"]?.line == 22)
        let fields = FieldReader(file: "x.md", fields: try #require(front["place"]?.children))
        let error = try #require(throws: VitrinaError.self) { try fields.int("name") }
        #expect(error.message.hasPrefix("x.md:21: name "), "got: \(error.message)")
    }

    @Test func arraysAreDroppedAsYAMLSequencesAre() throws {
        let toml = try FrontMatter.parse("+++\ntags = [\n  \"a\",   # one\n  ['b', { c = 1 }],\n]\ntitle = 'x'\n+++\n", file: "t.md")
        let yaml = try FrontMatter.parse("---\ntags: [a, [b, {c: 1}]]\ntitle: x\n---\n", file: "y.md")
        for tags in [toml["tags"], yaml["tags"]] {
            #expect(tags != nil && tags?.scalar == nil && tags?.children.isEmpty == true)
        }
        #expect(toml["title"]?.scalar == "x" && toml["title"]?.line == 6)
    }

    @Test func valuesAsTheirText() throws {
        let text = """
            +++
            b = 0xDEAD_beef
            c = 0o755
            d = 0b1010
            e = -0
            f = 6.626e-34
            g = -inf
            h = nan
            i = 1979-05-27T07:32:00.999999-07:00
            j = 07:32:00
            k = 1979-05-27t07:32:00z
            l = true
            m = ""
            n = '''
            it's "raw" \\n'''
            o = \"\"\"a\\
                 b \\
               c\"\"\"\"\"
            p = { x = 1, y.z = "w" }
            q = {}
            "" = "empty key"
            "a.b" = "one key"
            +++
            """
        let front = try FrontMatter.parse(text, file: "v.md")
        let scalars = front.fields.compactMapValues(\.scalar)
        #expect(scalars["b"] == "0xDEADbeef" && scalars["c"] == "0o755" && scalars["d"] == "0b1010" && scalars["e"] == "-0")
        #expect(scalars["f"] == "6.626e-34" && scalars["g"] == "-inf" && scalars["h"] == "nan")
        #expect(scalars["i"] == "1979-05-27T07:32:00.999999-07:00" && scalars["j"] == "07:32:00" && scalars["k"] == "1979-05-27t07:32:00z")
        #expect(scalars["l"] == "true" && scalars["m"] == "")
        #expect(scalars["n"] == "it's \"raw\" \\n")
        #expect(scalars["o"] == "ab c\"\"")
        #expect(front["p"]?.children["x"]?.scalar == "1" && front["p"]?.children["y"]?.children["z"]?.scalar == "w")
        #expect(front["q"] != nil && front["q"]?.children.isEmpty == true && front["q"]?.scalar == nil)
        #expect(scalars[""] == "empty key" && scalars["a.b"] == "one key")
    }

    @Test func yamlFrontMatterStillWorksAndFencesDoNotMix() throws {
        let yaml = try FrontMatter.parse("---\ntitle: YAML\nnote: |\n  +++\n---\nCuerpo", file: "y.md")
        #expect(yaml["title"]?.scalar == "YAML")
        #expect(yaml["note"]?.scalar == "+++")
        #expect(yaml.body == "Cuerpo" && yaml.bodyLine == 6)
        let toml = try FrontMatter.parse("  +++ \ntext = '''\n---\n'''\n+++\nCuerpo", file: "t.md")
        #expect(toml["text"]?.scalar == "---\n")
        #expect(toml.body == "Cuerpo" && toml.bodyLine == 6)
        let empty = try FrontMatter.parse("+++\n+++\nHola", file: "e.md")
        #expect(empty.fields.isEmpty && empty.body == "Hola" && empty.bodyLine == 3)
        let plain = try FrontMatter.parse("Texto\n+++\n", file: "p.md")
        #expect(plain.fields.isEmpty && plain.body == "Texto\n+++\n")
    }

    @Test func windowsLineEndingsAndByteOrderMark() throws {
        let text = "\u{FEFF}+++\r\ntitle = \"Con BOM\"\r\nnotes = \"\"\"\r\nuno\r\ndos\"\"\"\r\norder = 2\r\n+++\r\n# Cuerpo\r\n"
        let front = try FrontMatter.parse(text, file: "crlf.md")
        #expect(front["title"]?.scalar == "Con BOM")
        #expect(front["notes"]?.scalar == "uno\ndos")
        #expect(front["order"]?.scalar == "2" && front["order"]?.line == 6)
        #expect(front.bodyLine == 8)
        #expect(front.body == "# Cuerpo\n")
        let error = try #require(throws: VitrinaError.self) {
            try FrontMatter.parse("\u{FEFF}+++\r\na = 1\r\n\r\nb = hola\r\n+++\r\n", file: "crlf.md")
        }
        #expect(error.message.hasPrefix("crlf.md:4: "), "got: \(error.message)")
    }

    // MARK: Errors

    @Test(arguments: [
        ("+++\ntitle = \"x\"\n\nCuerpo", 1, "opened with +++ is never closed; add a line with +++"),
        ("+++\ntitle = \"ok\"\ndate = hoy\n+++\n", 3, "value of `date` is not TOML: `hoy`; put text in quotes"),
        ("+++\ntitle = Un día\n+++\n", 2, "`Un día`"),
        ("+++\nday = 2024-02-30\n+++\n", 2, "not TOML"),
        ("+++\nn = 007\n+++\n", 2, "not TOML"),
        ("+++\nn = 1__0\n+++\n", 2, "not TOML"),
        ("+++\nn = 0x_dead\n+++\n", 2, "not TOML"),
        ("+++\nt = 2024-01-15T25:00:00\n+++\n", 2, "not TOML"),
        ("+++\nn = 99999999999999999999\n+++\n", 2, "does not fit in 64 bits"),
        ("+++\na = 1\nb = 2\na = 3\n+++\n", 4, "key `a` is defined twice (first on line 2); keep one of them"),
        ("+++\n[p]\nx = 1\nx = 2\n+++\n", 4, "key `p.x` is defined twice (first on line 3)"),
        ("+++\n[p]\nx = 1\n\n[p]\n+++\n", 5, "`p` is already defined on line 2"),
        ("+++\np.x = 1\n[p]\n+++\n", 3, "`p` is already defined on line 2"),
        ("+++\np = { x = 1 }\np.y = 2\n+++\n", 3, "`p` is already defined on line 2"),
        ("+++\np = 1\n[p.q]\n+++\n", 3, "`p` is already defined on line 2"),
        ("+++\n[a.b.c]\n[a]\nb.d = 1\n+++\n", 4, "`a.b` is already defined"),
        ("+++\na = 1\ntitle = \"sin cierre\n+++\n", 3, "string is never closed; end it with \" on the same line"),
        ("+++\ntitle = 'sin cierre\n+++\n", 2, "end it with ' on the same line"),
        ("+++\na = 1\ntext = \"\"\"\nuno\ndos\n+++\n", 3, "opened with \"\"\" is never closed"),
        ("+++\ntext = '''\nuno\n+++\n", 2, "opened with ''' is never closed"),
        ("+++\ntext = \"\"\"\nuno\ndos\"\"\"\nbad = value\n+++\n", 5, "value of `bad`"),
        ("+++\n\na = \"x\\qy\"\n+++\n", 3, "unknown escape `\\q`; write \\\\ for a backslash"),
        ("+++\na = \"\\uD800\"\n+++\n", 2, "\\u without 4 hex digits"),
        ("+++\na = \"\\U0011FFFF\"\n+++\n", 2, "\\U without 8 hex digits"),
        ("+++\na = \"bell\u{7}\"\n+++\n", 2, "control character U+0007; write it as \\u0007"),
        ("+++\n[[items]]\nname = 1\n[items]\n+++\n", 4, "`items` is already defined on line 2"),
        ("+++\n[[items]\n+++\n", 2, "needs ]] at its end"),
        ("+++\np = { a = 1,\n b = 2 }\n+++\n", 2, "must close with } on its own line"),
        ("+++\np = { a = 1, }\n+++\n", 2, "comma after its last key"),
        ("+++\ntitle: Hola\n+++\n", 2, "followed by : as in YAML; front matter between +++ lines is TOML, so write title = value"),
        ("+++\ntitle\n+++\n", 2, "key `title` needs = and a value"),
        ("+++\ntitle =\n+++\n", 2, "key `title` has no value after ="),
        ("+++\nweight = 10 kg\n+++\n", 2, "has more after the value of `weight`: `kg`"),
        ("+++\n[params] x = 1\n+++\n", 2, "after the table header [params]"),
        ("+++\n[params\n+++\n", 2, "needs a ] at its end"),
        ("+++\n[]\n+++\n", 2, "a table header needs a name"),
        ("+++\na. = 1\n+++\n", 2, "a key must follow the dot after `a`"),
        ("+++\n= 1\n+++\n", 2, "must be key = value, a [table] header or a # comment, not `= 1`"),
        ("+++\ntags = [\n  \"a\",\n+++\n", 2, "array of `tags` is never closed"),
        ("+++\ntags = [\"a\" \"b\"]\n+++\n", 2, "needs a comma between items"),
        ("+++\np = { a = 1\n+++\n", 2, "inline table of `p` must close with }"),
        ("+++\np = { a = 1 b = 2 }\n+++\n", 2, "needs a comma between keys"),
        ("+++\na = \"\\\n+++\n", 2, "string is never closed"),
    ])
    func errorsNameTheFileAndLine(text: String, line: Int, fragment: String) throws {
        let error = try #require(throws: VitrinaError.self) { try FrontMatter.parse(text, file: "Content/docs/bad.md") }
        #expect(error.stage == .content)
        #expect(error.message.hasPrefix("Content/docs/bad.md:\(line): "), "got: \(error.message)")
        #expect(error.message.contains(fragment), "got: \(error.message)")
        #expect(error.message.contains(";"), "says what to do: \(error.message)")
    }

    @Test func nestingAndSizeAreBounded() throws {
        let start = ContinuousClock.now
        let deepArray = "+++\ntitle = 'x'\nlist = " + String(repeating: "[", count: 100_000) + "\n+++\n"
        let deep = try #require(throws: VitrinaError.self) { try FrontMatter.parse(deepArray, file: "deep.md") }
        #expect(deep.message.hasPrefix("deep.md:3: front matter TOML nested more than 64 levels deep; flatten it"), "got: \(deep.message)")
        let deepInline = "+++\np = " + String(repeating: "{ a = ", count: 70) + "1" + String(repeating: " }", count: 70) + "\n+++\n"
        #expect(throws: VitrinaError.self) { try FrontMatter.parse(deepInline, file: "deep.md") }
        let longHeader = "+++\n[" + Array(repeating: "a", count: 100_000).joined(separator: ".") + "]\n+++\n"
        let header = try #require(throws: VitrinaError.self) { try FrontMatter.parse(longHeader, file: "deep.md") }
        #expect(header.message.hasPrefix("deep.md:2: front matter TOML nested more than 64"), "got: \(header.message)")
        let allowed = "+++\n[" + Array(repeating: "a", count: 63).joined(separator: ".") + "]\nb.c = 1\n+++\n"
        #expect(try FrontMatter.parse(allowed, file: "ok.md").fields["a"] != nil)
        let many = "+++\na = 1\nlist = [\n" + String(repeating: "1,\n", count: 20_000) + "]\n+++\n"
        let budget = try #require(throws: VitrinaError.self) { try FrontMatter.parse(many, file: "many.md") }
        #expect(budget.message.hasPrefix("many.md:10002: front matter TOML holds more than 10000 values"), "got: \(budget.message)")
        #expect(ContinuousClock.now - start < .seconds(10))
    }

    @Test func messagesSpellOutControlsAndBidiInKeysAndValues() throws {
        let error = try #require(throws: VitrinaError.self) {
            try FrontMatter.parse("+++\n\"a\\u202Eb\\u0000\" = hola\u{202E}\n+++\n", file: "x.md")
        }
        #expect(error.message.contains("`\"a\\u{202E}b\\u{0}\"`"), "got: \(error.message)")
        #expect(error.message.contains("`hola\\u{202E}`"), "got: \(error.message)")
        #expect(!error.message.unicodeScalars.contains { $0.properties.generalCategory == .format || $0.value < 0x20 })
    }

    // MARK: Properties

    private static let tomlPieces = [
        "=", " = ", "[", "]", "[[", "{", "}", ",", ".", "\"", "'", "\"\"\"", "'''", "\\", "\\u", "\\U0001F600", "\\uD800", "#",
        "\n", "\n", "+++", " ", "a", "b.c", "\"k\"", "'k'", "1", "-0", "1_000", "0x1F", "3.14", "1e9", "inf", "true",
        "2024-01-15", "T10:00:00Z", " 10:00:00", "+02:00", "[a]\n", "x = ", "\r", "\r\n",
    ]

    @Test func hostileBytesAfterTheFenceReturnFieldsOrAnErrorNamingTheFile() {
        var random = SeededGenerator(seed: 61)
        var (parsed, refused) = (0, 0)
        for number in 0..<10_000 {
            var bytes = Array("+++\n".utf8)
            for _ in 0..<Int.random(in: 0...24, using: &random) {
                switch Int.random(in: 0..<4, using: &random) {
                case 0, 1: bytes += random.pick(Self.tomlPieces).utf8
                case 2: bytes += HostileText.string(&random, maxPieces: 3).utf8
                default: bytes.append(UInt8.random(in: 0...255, using: &random))
                }
            }
            if random.chance(0.7) { bytes += "\n+++\nCuerpo".utf8 }
            let file = "Content/docs/hostile-\(number).md"
            let lineCount = bytes.split(separator: 10, omittingEmptySubsequences: false).count
            do {
                let front = try FrontMatter.parse(bytes, file: file)
                parsed += 1
                var stack = Array(front.fields.values)
                while let field = stack.popLast() {
                    #expect((2..<front.bodyLine).contains(field.line), "case \(number): line \(field.line), body at \(front.bodyLine)")
                    stack += field.children.values
                }
            } catch let error as VitrinaError {
                refused += 1
                #expect(error.stage == .content, "case \(number)")
                #expect(error.message.hasPrefix("\(file):"), "case \(number): \(error.message)")
                let line = error.message.dropFirst(file.count + 1).prefix { $0.isNumber }
                #expect(Int(line).map { (1...lineCount).contains($0) } == true, "case \(number): \(error.message)")
                #expect(!error.message.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || $0.properties.generalCategory == .format },
                        "case \(number): \(String(reflecting: error.message))")
            } catch {
                Issue.record("case \(number): \(error)")
            }
        }
        print("hostile TOML: \(parsed) parsed, \(refused) refused")
        #expect(parsed > 300 && refused > 3_000, "both outcomes are exercised: \(parsed) parsed, \(refused) refused")
    }

    /// A table of random keys holding strings, bare values and tables, as the tree the parser must give back.
    /// Una tabla de claves al azar con textos, valores sin comillas y tablas, como el árbol que debe devolver el lector.
    private indirect enum Tree: Equatable {
        case scalar(written: String, text: String)
        case table([String: Tree])

        /// What FieldValue holds, without how it was written.
        var shape: Shape {
            switch self {
            case .scalar(_, let text): .scalar(text)
            case .table(let children): .table(children.mapValues(\.shape))
            }
        }
    }

    /// Front matter fields reduced to text and nesting.
    /// Campos de la cabecera reducidos a texto y anidamiento.
    private indirect enum Shape: Equatable {
        case scalar(String)
        case table([String: Shape])

        init(_ field: FieldValue) {
            self = field.scalar.map(Shape.scalar) ?? .table(field.children.mapValues(Shape.init))
        }
    }

    private static func randomTable(_ random: inout SeededGenerator, depth: Int) -> [String: Tree] {
        var table: [String: Tree] = [:]
        for _ in 0..<Int.random(in: 0...4, using: &random) {
            let key = random.chance(0.5) ? random.pick(["title", "a", "b-c", "x_1", "42", "", "a.b", "con espacio", "ñ", "'"])
                : HostileText.string(&random, maxPieces: 3)
            if depth < 4, random.chance(0.3) {
                table[key] = .table(randomTable(&random, depth: depth + 1))
            } else {
                table[key] = randomScalar(&random)
            }
        }
        return table
    }

    private static func randomScalar(_ random: inout SeededGenerator) -> Tree {
        switch Int.random(in: 0..<6, using: &random) {
        case 0:
            let number = Int.random(in: -9_999_999...9_999_999, using: &random)
            var digits = Array(String(number.magnitude))
            if random.chance(0.5) { for index in stride(from: digits.count - 3, to: 0, by: -3) { digits.insert("_", at: index) } }
            return .scalar(written: (number < 0 ? "-" : "") + String(digits), text: String(number))
        case 1:
            let word = random.pick(["true", "false", "2024-01-15", "2024-01-15T10:00:00Z", "1.5", "-2e-3", "inf"])
            return .scalar(written: word, text: word)
        default:
            let text = HostileText.string(&random, maxPieces: 8)
            return .scalar(written: quoted(text, &random), text: text)
        }
    }

    /// `text` as one of TOML's four strings, escaping what must be escaped.
    private static func quoted(_ text: String, _ random: inout SeededGenerator) -> String {
        let hasControl = text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\t" && $0 != "\n") || $0.value == 0x7F }
        // Scalars, not Characters: a quote followed by a combining mark is one Character that is not "'".
        let hasQuote = text.unicodeScalars.contains("'")
        let style = Int.random(in: 0..<4, using: &random)
        if style == 1, !hasControl, !hasQuote, !text.unicodeScalars.contains("\n") { return "'\(text)'" }
        if style == 2, !hasControl, !hasQuote { return "'''\n\(text)'''" }
        let multiline = style == 3
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n" where multiline: out += "\n"
            case "\t": out += random.chance(0.5) ? "\t" : "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                out += String(format: random.chance(0.5) ? "\\u%04X" : "\\U%08x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return multiline ? "\"\"\"\n\(out)\"\"\"" : "\"\(out)\""
    }

    private static func key(_ name: String, _ random: inout SeededGenerator) -> String {
        if !name.isEmpty, name.utf8.allSatisfy({ $0 < 0x80 && (Character(Unicode.Scalar($0)).isLetter || Character(Unicode.Scalar($0)).isNumber || $0 == 0x2D || $0 == 0x5F) }) {
            return name
        }
        let hasControl = name.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
        if random.chance(0.3), !hasControl, !name.unicodeScalars.contains("'") { return "'\(name)'" }
        return "\"\(escapedKey(name))\""
    }

    private static func escapedKey(_ name: String) -> String {
        var out = ""
        for scalar in name.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Writes `table` under `header`: its values, its tables inline or as dotted keys, then the rest as `[header]` sections.
    private static func write(_ table: [String: Tree], header: [String], into lines: inout [String], _ random: inout SeededGenerator) {
        var later: [(String, [String: Tree])] = []
        for (name, value) in table.sorted(by: { $0.key < $1.key }) {
            switch value {
            case .scalar(let written, _): lines.append("\(key(name, &random)) = \(written)")
            case .table(let children):
                switch Int.random(in: 0..<3, using: &random) {
                case 0: lines.append("\(key(name, &random)) = \(inline(children, &random))")
                case 1: dotted(children, prefix: key(name, &random), into: &lines, &random)
                default: later.append((name, children))
                }
            }
        }
        for (name, children) in later {
            let path = header + [name]
            lines.append("[" + path.map { key($0, &random) }.joined(separator: random.pick([".", " . "])) + "]  # section")
            write(children, header: path, into: &lines, &random)
        }
    }

    private static func dotted(_ table: [String: Tree], prefix: String, into lines: inout [String], _ random: inout SeededGenerator) {
        guard !table.isEmpty else { return lines.append("\(prefix) = {}") }
        for (name, value) in table.sorted(by: { $0.key < $1.key }) {
            let path = prefix + "." + key(name, &random)
            switch value {
            case .scalar(let written, _): lines.append("\(path) = \(written)")
            case .table(let children):
                if random.chance(0.5) { lines.append("\(path) = \(inline(children, &random))") } else { dotted(children, prefix: path, into: &lines, &random) }
            }
        }
    }

    private static func inline(_ table: [String: Tree], _ random: inout SeededGenerator) -> String {
        let entries = table.sorted(by: { $0.key < $1.key }).map { name, value in
            switch value {
            case .scalar(let written, _): "\(key(name, &random)) = \(written)"
            case .table(let children): "\(key(name, &random)) = \(inline(children, &random))"
            }
        }
        return "{ " + entries.joined(separator: ", ") + " }"
    }

    @Test func randomTablesWrittenAsTOMLReadBackTheSame() throws {
        var random = SeededGenerator(seed: 62)
        for number in 0..<3_000 {
            let table = Self.randomTable(&random, depth: 0)
            var lines: [String] = []
            Self.write(table, header: [], into: &lines, &random)
            let text = "+++\n" + lines.joined(separator: "\n") + "\n+++\nCuerpo"
            do {
                let front = try FrontMatter.parse(text, file: "round.md")
                #expect(front.fields.mapValues(Shape.init) == table.mapValues(\.shape), "case \(number):\n\(text)")
                #expect(front.body == "Cuerpo", "case \(number)")
            } catch {
                Issue.record("case \(number): \(error)\n\(text)")
            }
        }
    }
}
