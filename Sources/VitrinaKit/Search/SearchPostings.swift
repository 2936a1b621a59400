/// Every term's postings — the pages holding it, in increasing order, with its weight there — gathered on every core:
/// each run of pages counts its words by term number (`SearchTerms`, `SearchIndex.readPages`), and the runs are joined
/// in page order.
/// Las apariciones de cada término, reunidas en todos los núcleos: cada tramo de páginas cuenta por número de término.
struct SearchPostings {
    /// The terms, numbered; `order` lists their numbers by their UTF-8 bytes.
    let terms: SearchTerms
    let order: [Int]
    /// Term `n`'s postings are `pages[offsets[n]..<offsets[n + 1]]`, with `weights` at the same places.
    private let offsets: [Int]
    private let pages: [Int32]
    private let weights: [UInt8]

    /// Term `number`'s postings as (page, weight) pairs.
    func list(_ number: Int) -> some Sequence<(page: Int32, weight: UInt8)> {
        let range = offsets[number]..<offsets[number + 1]
        return zip(pages[range], weights[range]).lazy.map { (page: $0, weight: $1) }
    }

    /// The runs' postings joined: each run's terms numbered again in one table, and their lists laid end to end in the
    /// runs' order, which is the pages' order.
    /// Las listas de los tramos unidas en el orden de las páginas, los términos numerados de nuevo en una tabla.
    init(joining runs: [Run]) {
        var terms = SearchTerms(capacity: runs.map(\.terms.count).max() ?? 0)
        var counts: [Int] = []
        let numbering: [[Int32]] = runs.map { run in
            var used = [Bool](repeating: false, count: run.terms.count)
            for term in run.term { used[Int(term)] = true }
            return (0..<run.terms.count).map { local in
                guard used[local] else { return -1 }
                let global = run.terms.term(local).withUnsafeBufferPointer { terms.number(of: $0) }
                if Int(global) == counts.count { counts.append(0) }
                return global
            }
        }
        for (run, numbers) in zip(runs, numbering) {
            for term in run.term { counts[Int(numbers[Int(term)])] += 1 }
        }
        var offsets = [0]
        offsets.reserveCapacity(counts.count + 1)
        for count in counts { offsets.append(offsets[offsets.count - 1] + count) }
        var next = offsets
        var pages = [Int32](repeating: 0, count: offsets[offsets.count - 1])
        var weights = [UInt8](repeating: 0, count: pages.count)
        for (run, numbers) in zip(runs, numbering) {
            var start = 0
            for (offset, end) in run.ends.enumerated() {
                let page = run.first + Int32(offset)
                for place in start..<Int(end) {
                    let global = Int(numbers[Int(run.term[place])])
                    pages[next[global]] = page
                    weights[next[global]] = run.weight[place]
                    next[global] += 1
                }
                start = Int(end)
            }
        }
        (self.terms, self.offsets, self.pages, self.weights) = (terms, offsets, pages, weights)
        // By the first eight bytes as a number, then by all of them. / Por los ocho primeros bytes como número, luego todos.
        order = (0..<terms.count).map { (key: terms.leadingKey($0), number: $0) }
            .sorted { $0.key != $1.key ? $0.key < $1.key : terms.precedes($0.number, $1.number) }.map(\.number)
    }

    // MARK: One run / un tramo

    /// A run of consecutive pages' postings as (term, weight), in page order, with the run's own term numbers; page
    /// `first + n`'s are at `ends[n - 1]..<ends[n]` (a page number a posting was 4 of its 9 bytes).
    /// Las apariciones de un tramo de páginas seguidas como (término, peso), con los números de término del tramo.
    struct Run: Sendable {
        var terms = SearchTerms(capacity: 16)
        let first: Int32
        var term: [Int32] = []
        var weight: [UInt8] = []
        var ends: [Int32] = []

        init(first: Int32) { self.first = first }

        mutating func reserve(postings: Int, pages: Int) {
            term.reserveCapacity(postings)
            weight.reserveCapacity(postings)
            ends.reserveCapacity(pages)
        }
    }

    /// One page's words counted by term number — title, heading and body hits, each capped where the weight stops
    /// growing — and the terms it touched, within `SearchText.Bounds.most` (a text is cut to its site's bounds when it is made; one read back from an index may
    /// be damaged).
    /// Las palabras de una página contadas por número de término, dentro de los límites de una página.
    struct PageCounter {
        private(set) var terms = SearchTerms(capacity: 4_096)
        private var title: [UInt8] = [], heading: [UInt8] = [], body: [UInt8] = []
        private var touched: [Int32] = []
        private var words = 0
        /// The non-ASCII scalars met on this run's pages, folded. / Los escalares no ASCII vistos, plegados.
        private var folds = SearchWords.Folds()
        /// Where the words being read are: 2 the title, 1 a heading, 0 the body.
        private var place = 0

        /// Counts the words of `text`: its title, then each section's heading and text. A piece stops at a bound, as
        /// the text was cut (`SearchText.bounded`); the next piece's known terms still count.
        mutating func read(_ text: SearchText) {
            // The folds held apart while `self` is the words' state. / Los pliegues aparte mientras `self` es el estado.
            var folds = SearchWords.Folds()
            swap(&folds, &self.folds)
            defer { swap(&folds, &self.folds) }
            place = 2
            SearchWords.forEachWord(in: text.title, &self, folds: &folds) { $0.count($1) }
            for section in text.sections {
                place = 1
                SearchWords.forEachWord(in: section.heading, &self, folds: &folds) { $0.count($1) }
                place = 0
                SearchWords.forEachWord(in: section.text, &self, folds: &folds) { $0.count($1) }
            }
        }

        private mutating func count(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
            guard words < SearchText.Bounds.most.words else { return false }
            let number = Int(terms.number(of: word))
            if number == title.count { title.append(0); heading.append(0); body.append(0) }
            if title[number] == 0 && heading[number] == 0 && body[number] == 0 {
                guard touched.count < SearchText.Bounds.most.terms else { return false }
                touched.append(Int32(number))
            }
            words += 1
            switch place {
            case 2: if title[number] < 3 { title[number] += 1 }
            case 1: if heading[number] < 4 { heading[number] += 1 }
            default: if body[number] < 15 { body[number] += 1 }
            }
            return true
        }

        /// The page's postings added to `run` — weight min(63, 16·title + 4·heading + body), capped counts — and the
        /// counts cleared for the next page.
        mutating func finish(into run: inout Run) {
            for number in touched.map(Int.init) {
                let weight = 16 * Int(title[number]) + 4 * Int(heading[number]) + Int(body[number])
                run.term.append(Int32(number))
                run.weight.append(UInt8(min(63, weight)))
                (title[number], heading[number], body[number]) = (0, 0, 0)
            }
            run.ends.append(Int32(run.term.count))
            touched.removeAll(keepingCapacity: true)
            words = 0
        }
    }
}
