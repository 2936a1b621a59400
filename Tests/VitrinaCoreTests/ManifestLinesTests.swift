import Testing
@testable import VitrinaKit
@testable import VitrinaBuild

/// The output's manifest read back after edits appended their lines to it: the last line of a path counts, a removed
/// mark takes the path out, and the paths come back sorted, as a manifest written whole would give them.
/// El manifiesto leído tras las líneas que añadieron las ediciones: cuenta la última línea de cada ruta.
@Suite("Manifest lines appended by edits")
struct ManifestLinesTests {
    /// A path of a small pool, some with letters past ASCII (sorted by their bytes, as the manifest is).
    static func path(_ random: inout SeededBytes) -> String {
        ["index.html", "a/index.html", "b/index.html", "é/index.html", "a/b/index.html", "assets/search/en.s1.js",
         "assets/search/en.s2.js", "z.txt", "ü/ä.html", "a-b/index.html"][random.next(10)]
    }

    @Test("5,000 seeded manifests with appended edits read as the edits applied in order")
    func appendedLinesReadAsTheEditsAppliedInOrder() {
        var random = SeededBytes(seed: 0x3A_11)
        for number in 0..<5_000 {
            var model: [String: String] = [:]
            for _ in 0..<random.next(8) { model[Self.path(&random)] = "h\(random.next(99))-\(random.next(9))" }
            var bytes = OutputWriter.manifest(files: model.keys.sorted(), recorded: model)
            for _ in 0..<random.next(4) {
                var lines = ""
                for _ in 0..<random.next(5) {
                    let path = Self.path(&random)
                    switch random.next(4) {
                    case 0:
                        lines += "\(path)\t\(OutputWriter.removedMark)\n"
                        model[path] = nil
                    case 1:
                        // A file marked as changing (no fingerprint): kept, but trusted by no build.
                        lines += "\(path)\t\n"
                        model[path] = ""
                    default:
                        let hash = "n\(random.next(99))-\(random.next(9))"
                        lines += "\(path)\t\(hash)\n"
                        model[path] = hash
                    }
                }
                bytes += Array(lines.utf8)
            }
            let (files, refused, order) = OutputWriter.entries(bytes)
            #expect(files == model, "case \(number)")
            #expect(order == model.keys.sorted(), "case \(number): sorted, each path once")
            #expect(refused.isEmpty, "case \(number)")
        }
    }

    @Test func aManifestWithoutAppendedLinesKeepsItsOwnOrder() {
        let (files, _, order) = OutputWriter.entries(Array("a/index.html\th-1\nb/index.html\th-2\n".utf8))
        #expect(files == ["a/index.html": "h-1", "b/index.html": "h-2"] && order == ["a/index.html", "b/index.html"])
        // Out of order with no appended edit (a manifest someone sorted otherwise): still every path, sorted.
        let shuffled = OutputWriter.entries(Array("b/index.html\th-2\na/index.html\th-1\n".utf8))
        #expect(shuffled.order == ["a/index.html", "b/index.html"])
    }

    /// A damaged manifest of many lines out of order costs one pass and one sort, and names each path once.
    @Test func manyLinesOutOfOrderAreReadInBoundedWork() {
        var random = SeededBytes(seed: 0x3A_12)
        var text = ""
        for _ in 0..<60_000 { text += "p\(random.next(40_000))/index.html\t" + (random.next(5) == 0 ? "-" : "h-1") + "\n" }
        let (files, refused, order) = OutputWriter.entries(Array(text.utf8))
        #expect(refused.isEmpty && order == files.keys.sorted() && files.count < 40_000)
    }

    @Test("5,000 seeded sorted lists merged as their sets would be")
    func sortedListsMergeAsSets() {
        var random = SeededBytes(seed: 0x3A_13)
        for number in 0..<5_000 {
            let list = Set((0..<random.next(12)).map { _ in Self.path(&random) }).sorted()
            let removing = (0..<random.next(5)).map { _ in Self.path(&random) }
            let adding = (0..<random.next(5)).map { _ in Self.path(&random) }
            let expected = Set(list).subtracting(Set(removing).subtracting(adding)).union(adding).sorted()
            #expect(list.merging(removing: removing, adding: adding) == expected, "case \(number): \(list) - \(removing) + \(adding)")
        }
    }

    @Test("An appended manifest's id carried on from the last one's is the whole file's fingerprint")
    func aFingerprintCarriedOnIsTheWholeFilesFingerprint() {
        var random = SeededBytes(seed: 0x3A_14)
        for number in 0..<1_000 {
            let first = (0..<random.next(300)).map { _ in UInt8(random.next(256)) }
            let appended = (0..<random.next(300)).map { _ in UInt8(random.next(256)) }
            var stream = FingerprintStream(continuing: Fingerprint.hex(first))
            for byte in appended { stream?.add(byte: byte) }
            #expect(stream?.hex == Fingerprint.hex(first + appended), "case \(number)")
        }
        #expect(FingerprintStream(continuing: "not-hex") == nil && FingerprintStream(continuing: "12") == nil)
        #expect(FingerprintStream(continuing: "+123456789abcdef") == nil && FingerprintStream(continuing: String(repeating: "f", count: 17)) == nil)
    }

    @Test func theSortedPlaceIsFoundByHalving() {
        let list = ["a", "c", "e"]
        #expect(["", "a", "b", "c", "d", "e", "f"].map { list.sortedPlace(of: $0) } == [0, 0, 1, 1, 2, 2, 3])
        #expect([String]().sortedPlace(of: "a") == 0)
    }
}
