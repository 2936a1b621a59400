import Testing
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// Which of the last build's files a build no longer writes: against the plain set difference, on seeded lists that
/// are sorted or not, hold a path twice or not, and share all, some or none of the last build's paths.
/// Qué ficheros de la última construcción ya no escribe una construcción, frente a la diferencia de conjuntos.
@Suite("Files gone from the output")
struct GoneFilesTests {
    @Test("10,000 seeded cases agree with the set difference")
    func goneMatchesTheSetDifference() {
        var random = SeededBytes(seed: 0x60_4E)
        var fastPathTaken = 0
        for _ in 0..<10_000 {
            let pool = (0..<random.next(12)).map { "p\($0)/index.html" }
            var previous: [String: String] = [:]
            for path in pool where random.next(4) > 0 { previous[path] = "h-\(random.next(9))" }
            var written: [String]
            switch random.next(4) {
            case 0: written = previous.keys.sorted()
            case 1: written = pool.filter { _ in random.next(2) == 0 }
            case 2: written = previous.keys.sorted() + (previous.keys.first.map { [$0] } ?? [])
            default: written = previous.keys.sorted().dropLast() + pool.suffix(random.next(3))
            }
            if random.next(3) == 0 { written.reverse() }
            let expected = Set(previous.keys).subtracting(written).sorted()
            let gone = OutputWriter.gone(from: previous, written: written)
            #expect(gone == expected, "previous \(previous.keys.sorted()), written \(written)")
            if gone.isEmpty && written.count == previous.count { fastPathTaken += 1 }
        }
        #expect(fastPathTaken > 1_000)
    }

    @Test func aPathWrittenTwiceDoesNotHideOneGone() {
        #expect(OutputWriter.gone(from: ["a": "1", "b": "2"], written: ["a", "a"]) == ["b"])
        #expect(OutputWriter.gone(from: ["a": "1", "b": "2"], written: ["b", "a"]) == [])
        #expect(OutputWriter.gone(from: ["a": "1", "b": "2"], written: ["a", "c"]) == ["b"])
    }
}
