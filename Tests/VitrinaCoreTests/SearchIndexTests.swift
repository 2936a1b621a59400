import Foundation
import Testing
import TestSupport
@testable import VitrinaKit

/// The full-text index read back as the reader's browser reads it (the trie walked, postings decoded): every word of
/// every page finds that page, and only pages holding the word; hostile text stays data; pages stay bounded.
/// El índice de texto completo leído como lo lee el navegador: cada palabra de cada página la encuentra, y solo a ella.
@Suite struct SearchIndexTests {
    static func entry(_ url: String, _ title: String, _ html: String, headings: [RenderedMarkdown.Heading] = []) -> SearchIndex.Entry {
        SearchIndex.Entry(url: url, kind: "Page", text: SearchText(title: title, source: SearchSource(html: html, headings: headings)))
    }

    // MARK: Words / palabras

    /// The rules shared with search.js, on the vectors both are tested against.
    @Test func wordsFollowTheSharedVectors() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/search/tokens.json")
        let vectors = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [[String: Any]])
        #expect(vectors.count >= 60)
        for vector in vectors {
            let text = try #require(vector["text"] as? String)
            #expect(SearchWords.words(text) == vector["words"] as? [String], "\(text.debugDescription)")
        }
    }

    @Test func wordsAreFoldedCutAndPairedWhereTextHasNoSpaces() {
        #expect(SearchWords.words("Canción de CUNA, ﬁle") == ["cancion", "de", "cuna", "file"])
        #expect(SearchWords.words("東京都に行く") == ["東京", "京都", "都に", "に行", "行く"])
        #expect(SearchWords.words("abc東京def 猫") == ["abc", "東京", "def", "猫"])
        #expect(SearchWords.words(String(repeating: "a", count: 50)) == [String(repeating: "a", count: 40)])
        #expect(SearchWords.words("<script>alert(1)</script>") == ["script", "alert", "1", "script"])
    }

    /// The words as the rules say them, read from the whole text folded first (each scalar on its own): runs of word scalars cut at
    /// `maxLength`, a spaceless run as its pairs (a lone scalar as itself).
    static func referenceWords(_ text: String) -> [String] {
        var words: [String] = [], run: [Unicode.Scalar] = [], spaceless = false
        func flush() {
            if spaceless && run.count > 1 {
                for index in 0..<(run.count - 1) { words.append(SearchWords.string(run[index...index + 1])) }
            } else if !run.isEmpty {
                words.append(SearchWords.string(run.prefix(SearchWords.maxLength)))
            }
            run.removeAll()
        }
        var folded = ""
        for scalar in text.unicodeScalars {
            folded += scalar.isASCII ? String(scalar).lowercased() : String(decoding: SearchWords.foldScalar(scalar), as: UTF8.self)
        }
        #expect(SearchWords.fold(text) == folded)
        for scalar in folded.unicodeScalars {
            guard SearchWords.isWordScalar(scalar) else { flush(); continue }
            if !run.isEmpty && SearchWords.isSpaceless(scalar) != spaceless { flush() }
            spaceless = SearchWords.isSpaceless(scalar)
            run.append(scalar)
        }
        flush()
        return words
    }

    @Test("3,000 seeded texts: words read in one pass are those of the text folded first, and stop where asked")
    func wordsReadInOnePassAreThoseOfTheFoldedText() {
        var random = SeededGenerator(seed: 0x5110)
        let pieces = ["a", "Z", "9", " ", ".", "-", "é", "E\u{301}", "Ñ", "ß", "ﬁ", "Ⅻ", "½", "①", "ΟΔΟΣ", "ς", "東", "京", "に", "カ",
                      "한", "…", "’", "→", "©", "𝐀", "😀", "\u{200B}", "\u{301}", "Ａ", "ǅ", "İ", "ŉ", "\t", "\n", "\u{0}", "𠀀",
                      String(repeating: "x", count: 45), String(repeating: "ñ", count: 41), String(repeating: "猫", count: 3)]
        var folds = SearchWords.Folds()
        for round in 0..<3_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...24, using: &random) { text += random.pick(pieces) }
            let expected = Self.referenceWords(text)
            #expect(SearchWords.words(text) == expected, "round \(round): \(text.debugDescription)")
            // Stopping after `limit` words visits exactly the first `limit`, with a cache shared across texts.
            let limit = Int.random(in: 0...max(0, expected.count), using: &random)
            var seen: [String] = []
            SearchWords.forEachWord(in: text, &seen, folds: &folds) { seen, word in
                seen.append(String(decoding: word, as: UTF8.self))
                return seen.count < limit
            }
            #expect(seen == Array(expected.prefix(max(limit, expected.isEmpty ? 0 : 1))), "round \(round): \(text.debugDescription)")
        }
    }

    // MARK: Text / texto

    @Test func aPagesTextIsCutIntoSectionsUnderItsHeadingsAnchors() {
        let html = "<p>Intro &amp; more&nbsp;text.</p>\n<h2 id=\"usage\">Usage <a class=\"anchor\" href=\"#usage\">#</a></h2>\n<p>Run <code>tar -x</code>.</p><script>secret()</script><h3 id=\"flags\">Flags</h3><ul><li>one</li><li>two</li></ul>"
        let text = SearchText(title: "tar", source: SearchSource(html: html, headings: [.init(level: 2, id: "usage", text: "Usage"), .init(level: 3, id: "flags", text: "Flags")]))
        #expect(text.sections == [
            .init(anchor: "", heading: "", text: "Intro & more text."),
            .init(anchor: "usage", heading: "Usage", text: "Run tar -x ."),
            .init(anchor: "flags", heading: "Flags", text: "one two"),
        ])
    }

    /// Property: a lone space between words reads as any other white space. Runs of text are copied whole with their
    /// lone spaces, so each page's text read with its spaces turned into newlines (read one by one) must be the same,
    /// for 1,000 seeded pages of words, entities, tags, headings and skipped elements.
    @Test("1,000 seeded pages: spaces between words read as newlines do")
    func loneSpacesReadAsAnyWhiteSpace() {
        var random = SeededGenerator(seed: 0x5109)
        let texts = ["tar", "a b", "x y z", " lead", "trail ", "two  spaces", "año nuevo", "e\u{301} f", "日本 語", "a\tb", "1 2"]
        let markup = ["<p>", "</p>", "&amp;", "&nbsp;", "&lt;b&gt;", "<code>", "</code>", "\n", "<br>", "<h2 id=\"usage\">Usage</h2>",
                      "<h3 id=\"more\">More</h3>", "<script>let a = 1</script>", "<a href=\"x y\">", "</a>", "&", "<"]
        for round in 0..<1_000 {
            var spaced = "", newlined = ""
            for _ in 0..<Int.random(in: 0...30, using: &random) {
                if Bool.random(using: &random) {
                    let text = random.pick(texts)
                    spaced += text
                    newlined += text.replacingOccurrences(of: " ", with: "\n")
                } else {
                    let tag = random.pick(markup)
                    spaced += tag
                    newlined += tag
                }
            }
            let headings: [RenderedMarkdown.Heading] = [.init(level: 2, id: "usage", text: "Usage")]
            #expect(SearchText.sections(html: spaced, headings: headings) == SearchText.sections(html: newlined, headings: headings),
                    "round \(round): \(spaced.debugDescription)")
        }
    }

    /// Property: a page of random words keeps at most its bounds' words and distinct ones, and its record's
    /// text is exactly what is indexed.
    @Test func aPageIsBoundedAndItsRecordHoldsWhatIsIndexed() {
        var random = SeededGenerator(seed: 51)
        for _ in 0..<40 {
            let vocabulary = (0..<Int.random(in: 10...6_000, using: &random)).map { "w\($0)" }
            let count = Int.random(in: 100...12_000, using: &random)
            let body = (0..<count).map { _ in random.pick(vocabulary) }.joined(separator: random.chance(0.5) ? " " : "  ")
            let bounds = random.chance(0.5) ? SearchText.Bounds.standard : SearchText.Bounds(words: Int.random(in: SearchText.Bounds.least.words...9_000, using: &random))
            let text = SearchText(title: "A title", source: SearchSource(html: "<p>\(body)</p>"), bounds: bounds)
            let words = SearchWords.words(text.title) + text.sections.flatMap { SearchWords.words($0.heading) + SearchWords.words($0.text) }
            #expect(words.count <= bounds.words)
            #expect(Set(words).count <= bounds.terms)
            let weights = SearchIndex.weights(of: text)
            #expect(Set(weights.map(\.0)) == Set(words), "every word kept is indexed, and nothing else")
        }
    }

    // MARK: The index / el índice

    /// Property: on generated sites (words from a small vocabulary in several scripts, hostile text, headings), every
    /// term of the index leads exactly to the pages whose text holds it, as a scan of the pages finds them.
    @Test func everyWordFindsExactlyThePagesHoldingIt() throws {
        var random = SeededGenerator(seed: 20261202)
        let vocabulary = ["tar", "archivo", "canción", "Canción", "cancion", "東京都", "файл", "Ωmega", "run", "running", "a", "42",
                          "x86_64", "naïve", "ﬁle", "<script>", "&amp;", "\"quoted\"", "\u{301}e", "日本語テキスト"]
        for round in 0..<6 {
            var entries: [SearchIndex.Entry] = []
            for page in 0..<Int.random(in: 1...(round == 5 ? 3_000 : 300), using: &random) {
                var html = ""
                var headings: [RenderedMarkdown.Heading] = []
                for section in 0..<Int.random(in: 0...3, using: &random) {
                    let words = (0..<Int.random(in: 0...30, using: &random)).map { _ in random.chance(0.1) ? HostileText.string(&random) : random.pick(vocabulary) }
                    if section > 0 {
                        let id = "s\(section)"
                        let heading = random.pick(vocabulary)
                        headings.append(.init(level: 2, id: id, text: heading))
                        html += "<h2 id=\"\(id)\">\(HTMLText.escape(heading))</h2>"
                    }
                    html += "<p>\(HTMLText.escape(words.joined(separator: " ")))</p>"
                }
                entries.append(Self.entry("p\(page)/index.html", random.pick(vocabulary) + " \(page)", html, headings: headings))
            }
            let index = SearchIndex(language: "en", entries: entries)
            let read = try SearchFiles(index.files(), language: "en")
            #expect(read.manifest["pages"] as? Int == entries.count)
            // What a scan of each page's kept text finds, term by term.
            var scanned: [String: Set<Int>] = [:]
            for (id, entry) in (0..<index.count).map(index.entry).enumerated() {
                var words = SearchWords.words(entry.text.title)
                for section in entry.text.sections { words += SearchWords.words(section.heading) + SearchWords.words(section.text) }
                for word in words { scanned[word, default: []].insert(id) }
                let record = try #require(read.record(id))
                #expect(record[0] as? String == entry.url && record[1] as? String == entry.text.title)
            }
            for (term, pages) in scanned {
                let found = read.pages(of: term)
                #expect(Set(found.map(\.page)) == pages, "\(term.debugDescription)")
                #expect(found.map(\.page) == found.map(\.page).sorted() && found.allSatisfy { (1...63).contains($0.weight) })
            }
            // No shard holds a term no page has, and each is within its size unless a single term fills it.
            for (name, value) in read.files where name.contains(".s") {
                let shard = try #require(value as? [String: String])
                #expect(shard.keys.allSatisfy { scanned[$0] != nil })
                let size = shard.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count + 6 }
                #expect(size <= SearchIndex.shardBytes || shard.count == 1 || shard.keys.allSatisfy { $0.unicodeScalars.count >= 12 }, "\(name)")
            }
            if round == 5 { #expect(read.trie.count > 1, "a large index is split") }
        }
    }

    /// Property: an edit of some pages' text patched into the last index gives the files a full build of the edited
    /// pages gives, byte for byte, or nil (the trie's shape changes: the whole build then); damaged files give nil.
    @Test func aPatchedIndexIsTheOneAFullBuildMakes() throws {
        var random = SeededGenerator(seed: 52)
        let vocabulary = (0..<400).map { "w\($0)" } + ["canción", "東京都", "tar", "zip", "a"]
        func page(_ id: Int) -> SearchIndex.Entry {
            let words = (0..<Int.random(in: 1...60, using: &random)).map { _ in random.pick(vocabulary) }.joined(separator: " ")
            return Self.entry("p\(String(format: "%05d", id))/index.html", "Page \(id % 50)", "<h2 id=\"x\">x</h2><p>\(words)</p>",
                              headings: [.init(level: 2, id: "x", text: "x")])
        }
        var patched = 0, declined = 0, branched = 0
        for round in 0..<30 {
            var entries = (0..<Int.random(in: 1...(round % 3 == 0 ? 4_000 : 200), using: &random)).map(page)
            // Every other round, a trie of more than 4 nodes goes into branches. / Una ronda de cada dos, con ramas.
            let nodes = round % 2 == 0 ? 4 : SearchIndex.maxManifestNodes
            let before = SearchIndex(language: "es", entries: entries, manifestNodes: nodes).files()
            let old = Dictionary(uniqueKeysWithValues: before.map { ($0.path, $0.bytes) })
            var edited: [SearchIndex.Entry] = []
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let at = Int.random(in: 0..<entries.count, using: &random)
                let new = page(at)
                entries[at] = SearchIndex.Entry(url: entries[at].url, kind: entries[at].kind, text: SearchText(title: entries[at].text.title, sections: new.text.sections))
                edited.removeAll { $0.url == entries[at].url }
                edited.append(entries[at])
            }
            let full = Dictionary(uniqueKeysWithValues: SearchIndex(language: "es", entries: entries, manifestNodes: nodes).files().map { ($0.path, $0.bytes) })
            guard let patch = SearchIndex.patch(language: "es", edited: edited, manifestNodes: nodes, read: { old[$0] }) else { declined += 1; continue }
            patched += 1
            if String(decoding: old["assets/search/es.js"]!, as: UTF8.self).contains("\"b\":") { branched += 1 }
            var result = old
            for path in patch.removed { #expect(result.removeValue(forKey: path) != nil, "\(path) was there") }
            for file in patch.written { result[file.path] = file.bytes }
            #expect(Set(result.keys) == Set(full.keys), "round \(round)")
            for (path, bytes) in full where result[path] != bytes { Issue.record("round \(round): \(path) differs") }
            // The same files, damaged: never a trap, and nil or a patch.
            for _ in 0..<20 {
                var damaged = old
                let path = random.pick(Array(old.keys))
                damaged[path] = random.damaged(old[path]!)
                _ = SearchIndex.patch(language: "es", edited: edited, manifestNodes: nodes, read: { damaged[$0] })
            }
        }
        #expect(patched >= 20, "most edits are patched (\(patched) patched, \(declined) declined)")
        #expect(branched >= 3, "edits of an index whose trie is in branches are patched too (\(branched))")
        // A page the index does not hold is left to the whole build.
        let files = SearchIndex(language: "es", entries: [page(1)]).files()
        #expect(SearchIndex.patch(language: "es", edited: [page(2)], read: { path in files.first { $0.path == path }?.bytes }) == nil)
    }

    /// The same pages, in any order, give the same files byte for byte.
    @Test func theSamePagesGiveTheSameBytes() {
        let entries = (0..<200).map { Self.entry("p\($0)/index.html", "Page \($0)", "<p>word\($0 % 17) common text \($0)</p>") }
        let one = SearchIndex(language: "es", entries: entries).files()
        let other = SearchIndex(language: "es", entries: entries.reversed()).files()
        #expect(one.map(\.path) == other.map(\.path) && one.map(\.bytes) == other.map(\.bytes))
        #expect(one.allSatisfy { $0.path.hasPrefix("assets/search/es.") })
        #expect(one.filter { $0.path != "assets/search/es.js" }.allSatisfy { $0.path.split(separator: ".").count == 4 }, "fingerprinted")
    }

    /// Property: a record chunk holds a power of two of pages, 1 to 64, whose records weigh at most `chunkBytes` at the
    /// average (one page alone may weigh more), and twice as many would weigh more (unless 64 already).
    @Test func recordChunksHoldAsManyPagesAsWeighTwelveKilobytes() {
        var random = SeededGenerator(seed: 53)
        for _ in 0..<2_000 {
            let pages = Int.random(in: 0...200_000, using: &random)
            let bytes = pages * Int.random(in: 0...40_000, using: &random)
            let count = SearchIndex.recordsPerChunk(recordBytes: bytes, pages: pages)
            #expect(count.nonzeroBitCount == 1 && (1...SearchIndex.maxRecordsPerChunk).contains(count))
            guard pages > 0 else { #expect(count == 1); continue }
            let average = max(1, bytes / pages)
            #expect(count == 1 || count * average <= SearchIndex.chunkBytes)
            #expect(count == SearchIndex.maxRecordsPerChunk || count * 2 * average > SearchIndex.chunkBytes)
        }
        // Short pages share a file, long ones have one each; the manifest says how many.
        let short = (0..<100).map { Self.entry("s\($0)/index.html", "S\($0)", "<p>short page \($0)</p>") }
        let long = (0..<10).map { Self.entry("l\($0)/index.html", "L\($0)", "<p>" + String(repeating: "long text ", count: 1_500) + "</p>") }
        for (entries, expected) in [(short, 64), (long, 1)] {
            let read = try? SearchFiles(SearchIndex(language: "es", entries: entries).files(), language: "es")
            #expect(read?.recordsPerChunk == expected)
            #expect(read?.record(entries.count - 1) != nil && read?.record(entries.count) == nil)
        }
    }

    /// A small index's manifest holds its whole trie; past its most nodes, it holds the root and one branch
    /// file per first letter, each holding only nodes below its letter, and every term is found through them.
    @Test func aSplitTriesNodesAreInBranchFilesByFirstLetter() throws {
        let small = try SearchFiles(SearchIndex(language: "es", entries: [Self.entry("a/index.html", "A", "<p>uno dos</p>")]).files(), language: "es")
        #expect(small.manifest["b"] == nil && small.trie.keys.sorted() == [""])
        // Numbers spelt in letters (0 → a … 9 → j): words of letters alone.
        func letters(_ number: Int) -> String { String(String(number).unicodeScalars.map { Character(Unicode.Scalar($0.value + 49)!) }) }
        let words = (0..<8_000).map { "w\(letters($0 % 40))x\(letters($0)) b\(letters($0)) ñ\(letters($0)) 東京" }
        let entries = (0..<1_600).map { Self.entry("p\($0)/index.html", "Page", "<p>\(words[($0 * 5)..<($0 * 5 + 5)].joined(separator: " "))</p>") }
        let read = try SearchFiles(SearchIndex(language: "es", entries: entries, manifestNodes: 4).files(), language: "es")
        let whole = try SearchFiles(SearchIndex(language: "es", entries: entries).files(), language: "es")
        #expect(whole.trie.count <= SearchIndex.maxManifestNodes && whole.manifest["b"] == nil && whole.trie.count == read.trie.count)
        let root = try #require(read.manifest["s"] as? [String: [Any]])
        let branches = try #require(read.manifest["b"] as? [String: String])
        #expect(Array(root.keys) == [""] && root[""]?[1] as? Int == 1)
        #expect(Set(branches.keys).isSuperset(of: ["w", "b", "n", "p", "東"]) && branches.keys.allSatisfy { $0.unicodeScalars.count == 1 }, "\(branches.keys.sorted()) \(read.trie.keys.sorted())")
        for (letter, name) in branches {
            let nodes = try #require(read.files[name] as? [String: [Any]])
            #expect(!nodes.isEmpty && nodes.keys.allSatisfy { String($0.unicodeScalars.first!) == letter }, "\(letter)")
        }
        for term in ["wdxbcd", "bcjjj", "nbh", "page", "東京"] { #expect(!read.pages(of: term).isEmpty, "\(term)") }
        #expect(read.manifest["n"] as? Int == read.trie.count)
        #expect(read.trie.keys.contains { $0.unicodeScalars.count > 1 }, "a branch holds deeper nodes")
    }

    /// Title over heading over text, in the weights the engine ranks by.
    @Test func weightsRankTitleOverHeadingOverText() throws {
        let text = SearchText(title: "Tar", source: SearchSource(html: "<h2 id=\"a\">Zip</h2><p>gzip gzip gzip zip</p>",
                                                                headings: [.init(level: 2, id: "a", text: "Zip")]))
        let weights = Dictionary(uniqueKeysWithValues: SearchIndex.weights(of: text).map { ($0.0, Int($0.1)) })
        #expect(weights == ["tar": 16, "zip": 5, "gzip": 3])
    }

    // MARK: Term numbers / números de término

    /// Property: whatever the seed, terms are numbered in the order first met, each number gives back its bytes, and
    /// their order is UTF-8's; words chosen to share their low bytes (as hostile text could) change none of it.
    @Test func termsAreNumberedInTheOrderFirstMetWhateverTheSeed() {
        var random = SeededGenerator(seed: 5102)
        for round in 0..<20 {
            let words: [String] = (0..<Int.random(in: 1...4_000, using: &random)).map { index in
                switch round % 3 {
                case 0: HostileText.string(&random)
                case 1: "w\(Int.random(in: 0...900, using: &random))"
                default: String(repeating: "a", count: 8) + String(UnicodeScalar(UInt8(index % 200))) + "\(index % 700)"
                }
            }.filter { !$0.isEmpty }
            var expected: [String: Int32] = [:]
            var first = SearchTerms(capacity: 4, seed: random.next())
            var second = SearchTerms(capacity: 1_000, seed: random.next())
            for word in words {
                let number = expected[word] ?? Int32(expected.count)
                expected[word] = number
                var bytes = Array(word.utf8)
                let (one, other) = bytes.withUnsafeMutableBufferPointer { buffer in
                    (first.number(of: UnsafeBufferPointer(buffer)), second.number(of: UnsafeBufferPointer(buffer)))
                }
                #expect(one == number && other == number, "\(word.debugDescription)")
            }
            #expect(first.count == expected.count)
            for (word, number) in expected { #expect(first.string(Int(number)) == word) }
            let sorted = (0..<first.count).sorted { first.precedes($0, $1) }.map { first.string($0) }
            #expect(sorted == expected.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        }
    }
}

