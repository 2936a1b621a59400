/// The distinct terms met so far, each given a number in the order first met: their bytes back to back and an
/// open-addressed table of numbers hashed by those bytes. Counting a page's words costs one probe a word here, where
/// strings hashed with SipHash into two dictionaries a word were most of the index's making.
/// Los términos distintos vistos, cada uno con un número: una búsqueda por palabra en lugar de dos diccionarios de cadenas.
struct SearchTerms {
    /// The terms' bytes back to back; term `n` is `bytes[starts[n]..<starts[n + 1]]`.
    private(set) var bytes: [UInt8] = []
    private var starts: [Int32] = [0]
    /// Each term as `hash << 32 | number + 1` at its hash's place, 0 where empty: a probe reads one number, and compares
    /// bytes only when the hash is the word's. Its count a power of two kept at least twice the terms'.
    /// Cada término como `hash << 32 | número + 1`: una lectura por sondeo, y los bytes solo si el hash coincide.
    private var slots: [UInt64]

    /// Mixed into every hash; random unless a test gives one.
    private let seed: UInt64

    init(capacity: Int = 1_024, seed: UInt64 = .random(in: .min ... .max)) {
        self.seed = seed
        var size = 16
        while size < capacity * 2 { size *= 2 }
        slots = Array(repeating: 0, count: size)
        bytes.reserveCapacity(capacity * 8)
        starts.reserveCapacity(capacity + 1)
    }

    var count: Int { starts.count - 1 }

    /// The number of `word`, given the next one when it is new.
    mutating func number(of word: UnsafeBufferPointer<UInt8>) -> Int32 {
        let code = hash(word)
        let mask = slots.count - 1
        var slot = Int(code) & mask
        while true {
            let found = slots[slot]
            if found == 0 { break }
            if UInt32(truncatingIfNeeded: found >> 32) == code {
                let number = Int(UInt32(truncatingIfNeeded: found)) - 1
                if equals(number, word) { return Int32(number) }
            }
            slot = (slot + 1) & mask
        }
        let new = Int32(count)
        slots[slot] = UInt64(code) << 32 | UInt64(new + 1)
        bytes.append(contentsOf: word)
        starts.append(Int32(bytes.count))
        if count * 2 > slots.count { grow() }
        return new
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

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: 0, count: old.count * 2)
        let mask = slots.count - 1
        for entry in old where entry != 0 {
            var slot = Int(entry >> 32) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = entry
        }
    }

    /// The bytes eight at a time, each mixed by a full-width multiply with this table's random seed: a site's text can't
    /// be written to fall into one slot, as it could against an unseeded hash (the numbers never depend on the seed).
    /// Los bytes de ocho en ocho, mezclados con la semilla aleatoria de la tabla: un texto no puede caer en un solo hueco.
    private func hash(_ word: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var state = seed ^ (UInt64(word.count) &* 0x9e37_79b9_7f4a_7c15)
        let raw = UnsafeRawBufferPointer(word)
        var index = 0
        while index < word.count {
            var chunk: UInt64 = 0
            if word.count - index >= 8 {
                chunk = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            } else {
                // The last bytes in one copy, not a loop a byte: most words are shorter than eight.
                withUnsafeMutableBytes(of: &chunk) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[index...])) }
            }
            let product = (state ^ chunk).multipliedFullWidth(by: 0xa076_1d64_78bd_642f)
            state = product.high ^ product.low
            index += 8
        }
        let product = (state ^ seed).multipliedFullWidth(by: 0xe703_7ed1_a0b4_28db)
        return UInt32(truncatingIfNeeded: product.high ^ product.low)
    }
}
