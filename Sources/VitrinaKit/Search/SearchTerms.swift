/// The distinct terms met so far, each given a number in the order first met: their bytes back to back and an
/// open-addressed table of numbers hashed by those bytes. Counting a page's words costs one probe a word here, where
/// strings hashed with SipHash into two dictionaries a word were most of the index's making.
/// Los términos distintos vistos, cada uno con un número: una búsqueda por palabra en lugar de dos diccionarios de cadenas.
struct SearchTerms {
    /// The terms' bytes back to back; term `n` is `bytes[starts[n]..<starts[n + 1]]`.
    private(set) var bytes: [UInt8] = []
    private var starts: [Int32] = [0]
    /// Each term's number by its bytes' hash (seeded at random unless a test gives one).
    /// El número de cada término por el hash de sus bytes.
    private var slots: HashSlots

    init(capacity: Int = 1_024, seed: UInt64 = SeededHash.seed()) {
        slots = HashSlots(capacity: capacity, seed: seed)
        bytes.reserveCapacity(capacity * 8)
        starts.reserveCapacity(capacity + 1)
    }

    var count: Int { starts.count - 1 }

    /// The number of `word`, given the next one when it is new.
    mutating func number(of word: UnsafeBufferPointer<UInt8>) -> Int32 {
        let (known, place) = slots.find(word) { equals($0, word) }
        if let known { return Int32(known) }
        let new = count
        bytes.append(contentsOf: word)
        starts.append(Int32(bytes.count))
        slots.insert(new, at: place)
        return Int32(new)
    }

    /// Term `number`'s bytes.
    func term(_ number: Int) -> ArraySlice<UInt8> { bytes[Int(starts[number])..<Int(starts[number + 1])] }

    func string(_ number: Int) -> String { String(decoding: term(number), as: UTF8.self) }

    /// Whether term `a`'s bytes sort before term `b`'s (UTF-8 order, the order of the shards).
    func precedes(_ a: Int, _ b: Int) -> Bool {
        bytes.withUnsafeBufferPointer { all in
            let (startA, endA) = (Int(starts[a]), Int(starts[a + 1]))
            let (startB, endB) = (Int(starts[b]), Int(starts[b + 1]))
            let common = min(endA - startA, endB - startB)
            for offset in 0..<common where all[startA + offset] != all[startB + offset] {
                return all[startA + offset] < all[startB + offset]
            }
            return endA - startA < endB - startB
        }
    }

    /// Term `number`'s first eight bytes as a big-endian number (zeros past its end): ordered as the bytes are, but
    /// for terms that share them.
    func leadingKey(_ number: Int) -> UInt64 {
        var key: UInt64 = 0
        let start = Int(starts[number])
        for place in 0..<8 {
            key <<= 8
            if start + place < Int(starts[number + 1]) { key |= UInt64(bytes[start + place]) }
        }
        return key
    }

    private func equals(_ number: Int, _ word: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = Int(starts[number])
        guard Int(starts[number + 1]) - start == word.count else { return false }
        return bytes.withUnsafeBufferPointer { all in
            for offset in 0..<word.count where all[start + offset] != word[offset] { return false }
            return true
        }
    }
}
