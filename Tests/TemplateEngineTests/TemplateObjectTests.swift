@testable import VitrinaKit
import Testing
import TestSupport

/// A template object finds, replaces and removes fields as a `Dictionary` of the same keys does, whether it reads its
/// row or its table of places, with keys that are equal as text but not as bytes.
@Suite struct TemplateObjectTests {
    /// Keys among which some are one key to `String` equality: "K" and U+212A KELVIN SIGN, "é" and "e" + U+0301.
    static let keys = ["a", "b", "title", "K", "\u{212A}", "é", "e\u{301}", "日本", "", "a.b", "x y"] + (0..<90).map { "k\($0)" }

    @Test(arguments: 0..<8)
    func randomEditsMatchADictionary(batch: Int) {
        for index in 0..<50 {
            var random = SeededGenerator(seed: UInt64(batch * 1_000 + index))
            var object = TemplateObject()
            var model: [String: TemplateValue] = [:]
            for step in 0..<Int.random(in: 1...300, using: &random) {
                let key = random.pick(Self.keys)
                if random.chance(0.2) {
                    object[key] = nil
                    model[key] = nil
                } else {
                    object[key] = .int(step)
                    model[key] = .int(step)
                }
                let probe = random.pick(Self.keys)
                #expect(object[probe] == model[probe], "seed \(batch * 1_000 + index), step \(step), key \(probe.debugDescription)")
                #expect(object.value(of: probe, number: TemplateObject.number(probe)) == model[probe])
            }
            #expect(object.count == model.count)
            #expect(object == TemplateObject(model))
            #expect(Set(object.map(\.key)) == Set(model.keys))
        }
    }

    @Test func fieldsKeepTheOrderTheyWereAddedIn() {
        var object: TemplateObject = ["z": 1, "a": 2]
        object["m"] = 3
        object["z"] = 4
        #expect(object.map(\.key) == ["z", "a", "m"])
        #expect(TemplateValue.object(object).text == #"["z": 4, "a": 2, "m": 3]"#)
    }

    @Test func aKeyThatIsNotASCIIIsFoundByEqualText() throws {
        // A template's names are ASCII; a data key that is not may still be the same text.
        #expect(try render("[{{K}}]", ["\u{212A}": "kelvin"]) == "[kelvin]")
        #expect(try render("[{{K}}]", ["\u{212B}": "angstrom"]) == "[]")
    }
}
