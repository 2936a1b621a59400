import Testing
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// The build record's bytes do not depend on the order hint it is saved with: a hint that is sorted and names every
/// record is followed, any other (unsorted, a path twice, a record missing) falls back to sorting the paths.
/// Los bytes del registro no dependen de la pista de orden con que se guarda.
@Suite("Build record order")
struct BuildStateOrderTests {
    @Test("10,000 seeded cases write the same bytes as with no hint, and read back the same records")
    func anyHintGivesTheSortedBytes() {
        var random = SeededBytes(seed: 0x0D_E2)
        var hintFollowed = 0
        for _ in 0..<10_000 {
            let pool = (0..<random.next(10)).map { "s\($0 % 3)/p\($0)/index.html" }
            var state = BuildState(buildID: "b\(random.next(99))")
            for path in pool where random.next(3) > 0 {
                state.records[path] = BuildState.Record(digest: "d\(random.next(9))", inputs: ["i\(random.next(4))"], ids: [], problems: [])
            }
            let output = (pool + ["style.css", "sitemap.xml"].prefix(random.next(3))).sorted()
            var hint: [String]
            switch random.next(5) {
            case 0: hint = output
            case 1: hint = output.reversed()
            case 2: hint = output + output.suffix(1)
            case 3: hint = output.filter { _ in random.next(4) > 0 }
            default: hint = []
            }
            let bytes = state.encoded(inOrderOf: hint)
            #expect(bytes == state.encoded(), "hint \(hint), records \(state.records.keys.sorted())")
            #expect(BuildState.decode(bytes)?.records == state.records)
            if hint == output {
                #expect(state.order(hint: hint) == hint)
                hintFollowed += 1
            }
        }
        #expect(hintFollowed > 1_000)
    }
}
