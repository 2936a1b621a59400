import Foundation
import Testing
import TestSupport
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// JSON written into data scripts: valid, with sorted keys, and unable to close a script element.
@Suite("Script JSON")
struct ScriptJSONTests {
    @Test func objectsHaveSortedKeysAndNestedValues() {
        let json = ScriptJSON.object(["b": 1, "a": ["x", true, NSNull()], "c": ["z": 2.5, "y": -3]] as [String: Any])
        #expect(json == #"{"a":["x",true,null],"b":1,"c":{"y":-3,"z":2.5}}"#)
    }

    @Test func stringsAreEscapedAndCannotCloseTheScript() throws {
        let json = ScriptJSON.object(["t": "say \"hi\"\\\n</script><b>\u{1}é/"] as [String: Any])
        #expect(json == #"{"t":"say \"hi\"\\\n\u003c/script>\u003cb>\u0001é/"}"#)
        let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: String]
        #expect(decoded?["t"] == "say \"hi\"\\\n</script><b>\u{1}é/")
    }

    @Test func wholeDoublesAreWrittenAsIntegersAsJSONSerializationDoes() {
        #expect(ScriptJSON.object([1.0, -0.0, 0.25, 1e20] as [Any]) == "[1,-0,0.25,1e+20]")
    }

    @Test func valuesJSONCannotHoldGiveAnEmptyObject() {
        #expect(ScriptJSON.object(["x": Double.nan] as [String: Any]) == "{}")
        #expect(ScriptJSON.object(["x": Date()] as [String: Any]) == "{}")
    }

    /// JSON-LD is built typed: on 2,000 seeded trees of hostile strings (`</script>`, U+2028, controls, a BOM), whole,
    /// negative-zero, huge and infinite numbers, the typed writer gives the bytes the untyped one gives, in and out of HTML.
    @Test func typedValuesAreWrittenAsTheirUntypedTwins() {
        var generator = SeededGenerator(seed: 2026)
        let pieces = ["</script>", "\u{2028}", "\u{2029}", "\u{FEFF}", "\u{1}", "\"", "\\", "&", ">", "é", "🦊", "a", " ", "\n"]
        func text() -> String { (0..<Int.random(in: 0...4, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined() }
        func number() -> Double {
            [0, -0.0, 1, 2.5, -7, 1e15, 1e16, 123_456.789, .infinity, .nan][Int.random(in: 0..<10, using: &generator)]
        }
        func tree(_ depth: Int) -> (typed: JSONValue, untyped: Any) {
            switch Int.random(in: 0..<(depth > 2 ? 5 : 7), using: &generator) {
            case 0: return (.null, NSNull())
            case 1: let flag = Bool.random(using: &generator); return (.bool(flag), flag)
            case 2: let int = Int.random(in: -1_000...1_000, using: &generator); return (.int(int), int)
            case 3: let double = number(); return (.double(double), double)
            case 4: let string = text(); return (.string(string), string)
            case 5:
                let elements = (0..<Int.random(in: 0...3, using: &generator)).map { _ in tree(depth + 1) }
                return (.array(elements.map(\.typed)), elements.map(\.untyped))
            default:
                var typed: [(String, JSONValue)] = [], untyped: [String: Any] = [:]
                for _ in 0..<Int.random(in: 0...3, using: &generator) {
                    let key = text(), value = tree(depth + 1)
                    guard untyped[key] == nil else { continue }
                    typed.append((key, value.typed))
                    untyped[key] = value.untyped
                }
                return (.fields(typed), untyped)
            }
        }
        for index in 0..<2_000 {
            let (typed, untyped) = tree(0)
            for inHTML in [false, true] {
                #expect(ScriptJSON.object(typed, inHTML: inHTML) == ScriptJSON.object(untyped, inHTML: inHTML), "case \(index)")
            }
        }
    }

    /// 3,000 seeded strings of plain runs and every byte that needs an escape: read back by JSONSerialization as they
    /// were, and nothing in them can end a script or confuse a JavaScript parser.
    @Test func seededStringsComeBackWhole() throws {
        var generator = SeededGenerator(seed: 14)
        let pieces = ["plain text ", "a plain run longer than sixteen bytes", "ñ", "🦊", "\u{0}", "\u{1F}", "\u{7F}", "\t", "\r\n", "\"", "\\", "/", "<", ">", "&", "</script>",
                      "\u{2028}", "\u{2029}", "\u{FEFF}", "\u{E2}", "€", "\u{FFFD}"]
        for index in 0..<3_000 {
            let text = (0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            for inHTML in [false, true] {
                let json = ScriptJSON.object(["t": text], inHTML: inHTML)
                #expect(!json.contains("<") && !json.contains("\u{2028}") && !json.contains("\u{2029}") && !json.contains("\u{FEFF}"), "case \(index)")
                if inHTML { #expect(!json.contains(">") && !json.contains("&"), "case \(index)") }
                let back = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: String]
                #expect(back?["t"] == text, "case \(index)")
            }
        }
    }

    /// The eight-byte test that lets plain runs be copied whole says exactly whether a byte of the word is one the
    /// escaper looks at, on 200,000 seeded words mixing plain bytes with every byte value at every place.
    @Test func eightBytesAtATimeMissNoByteThatNeedsAnEscape() {
        var generator = SeededGenerator(seed: 51)
        func looked(_ byte: UInt8, inHTML: Bool) -> Bool {
            byte < 0x20 || byte >= 0x80 || [0x22, 0x5C, 0x3C].contains(byte) || (inHTML && [0x3E, 0x26].contains(byte))
        }
        let plain = Array("azAZ09 /.,:;-_()!?'".utf8)
        for round in 0..<200_000 {
            let bytes = (0..<8).map { _ in
                Int.random(in: 0..<4, using: &generator) == 0 ? UInt8.random(in: 0...255, using: &generator) : generator.pick(plain)
            }
            let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
            for inHTML in [false, true] {
                #expect(ScriptJSON.mayNeedEscape(word, inHTML: inHTML) == bytes.contains { looked($0, inHTML: inHTML) }, "round \(round)")
            }
        }
    }

    /// The breadcrumbs' JSON-LD is written straight to bytes: on 500 seeded trails of hostile labels and routes, with and
    /// without a base URL, it is byte for byte what the general encoder writes for the same object.
    @Test func breadcrumbsAreWrittenAsTheEncoderWritesThem() {
        var generator = SeededGenerator(seed: 27)
        let pieces = ["</script>", "\u{2028}", "\u{FEFF}", "\u{1}", "\"", "\\", "&", ">", "e\u{301}", "🦊", "a", " ", "\n", "/", "%20"]
        func text() -> String { (0..<Int.random(in: 0...4, using: &generator)).map { _ in generator.pick(pieces) }.joined() }
        func route() -> Route { Route.page((0..<Int.random(in: 0...3, using: &generator)).map { _ in text() }) }
        for round in 0..<500 {
            let base = generator.pick(["", "https://example.org/docs/", "https://example.org/a b"])
            var page = Page(route: route(), language: "es", template: "page", title: text(), navigationKey: "", alternates: [:], content: "")
            page.facts.breadcrumbs = (0..<Int.random(in: 0...4, using: &generator)).map { _ in Crumb(label: text(), route: route()) }
            let data = StructuredData(page: page, description: "", config: SiteConfig(baseURL: base))
            let steps = page.facts.breadcrumbs + [Crumb(label: page.title, route: page.route)]
            let expected: JSONValue = .fields([
                ("@context", .string("https://schema.org")), ("@type", .string("BreadcrumbList")),
                ("itemListElement", .array(steps.enumerated().map { index, crumb in
                    .fields([("@type", .string("ListItem")), ("position", .int(index + 1)), ("name", .string(crumb.label)),
                             ("item", .string(data.url(crumb.route)))])
                })),
            ])
            #expect(data.breadcrumbsScript == (page.facts.breadcrumbs.isEmpty ? nil : ScriptJSON.object(expected, inHTML: true)), "round \(round)")
        }
    }

    /// A language's strings script (`ScriptStrings`) holds the theme's texts, which are hostile input: on 2,000 seeded
    /// tables of hostile strings, it is one assignment of one JSON object whose line terminators are all escaped (so a
    /// text cannot end the statement), and that object is exactly the texts of the keys asked for that the table has.
    @Test func stringsScriptsHoldHostileTextsAsOneStatement() throws {
        var generator = SeededGenerator(seed: 2027)
        let pieces = ["</script>", "\u{2028}", "\u{2029}", "\u{FEFF}", "\u{1}", "\"", "\\", "';alert(1);//", "\r", "\n", "é", "🦊", "a", " "]
        let keys = ["no_results", "results_count", "search_failed", "favourite_add"]
        for _ in 0..<2_000 {
            var table: [String: String] = [:]
            for key in keys + ["unasked"] where Bool.random(using: &generator) {
                table[key] = (0..<Int.random(in: 0...5, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            }
            let file = ScriptStrings.file(language: "es", table: table, keys: keys)
            #expect(file.path == "assets/data/strings.es.js")
            let text = String(decoding: file.bytes, as: UTF8.self)
            let (prefix, suffix) = ("window.VITRINA_STRINGS = ", ";\n")
            #expect(text.hasPrefix(prefix) && text.hasSuffix(suffix))
            let json = text.dropFirst(prefix.count).dropLast(suffix.count)
            #expect(!json.unicodeScalars.contains { ["\n", "\r", "\u{2028}", "\u{2029}"].contains($0) })
            let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: String]
            #expect(decoded == table.filter { keys.contains($0.key) })
        }
    }
}
