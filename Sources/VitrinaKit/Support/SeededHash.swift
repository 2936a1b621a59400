/// A hash of bytes for the tables Vitrina keeps of text it reads (search terms, link texts): eight bytes at a time,
/// each mixed by a full-width multiply with the table's random seed, so that a site's text can't be written to fall
/// into one slot, as it could against an unseeded hash; a few instructions a word where SipHash took hundreds.
/// Un hash de bytes con la semilla aleatoria de cada tabla: un texto no puede escribirse para caer en un solo hueco.
enum SeededHash {
    /// A random seed for a new table.
    static func seed() -> UInt64 { .random(in: .min ... .max) }

    static func hash(_ bytes: UnsafeBufferPointer<UInt8>, seed: UInt64) -> UInt32 {
        var state = seed ^ (UInt64(bytes.count) &* 0x9e37_79b9_7f4a_7c15)
        let raw = UnsafeRawBufferPointer(bytes)
        var index = 0
        while index < bytes.count {
            var chunk: UInt64 = 0
            if bytes.count - index >= 8 {
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

/// An open-addressed table of numbered entries found by their bytes, hashed with the table's own seed: each as
/// `hash << 32 | number + 1` at its hash's slot, 0 where empty; a probe reads one number and asks about the entry only
/// when the hash is the one sought. Its count a power of two, kept at least twice the entries'.
/// Una tabla de entradas numeradas por el hash de sus bytes: una lectura por sondeo, y la entrada solo si el hash coincide.
struct HashSlots {
    private var slots: [UInt64]
    private var entries = 0
    /// Mixed into every hash; random unless a test gives one (the numbers never depend on it).
    private let seed: UInt64

    /// Where `find` left off: the bytes' hash and the empty slot a new entry goes to.
    struct Place {
        fileprivate let code: UInt32
        fileprivate let slot: Int
    }

    init(capacity: Int, seed: UInt64 = SeededHash.seed()) {
        var size = 16
        while size < capacity * 2 { size *= 2 }
        slots = Array(repeating: 0, count: size)
        self.seed = seed
    }

    /// The number of the entry of these bytes, as `isEntry` says, or the place where a new one goes.
    @inline(__always)
    func find(_ bytes: UnsafeBufferPointer<UInt8>, _ isEntry: (Int) -> Bool) -> (number: Int?, place: Place) {
        let code = SeededHash.hash(bytes, seed: seed)
        let mask = slots.count - 1
        var slot = Int(code) & mask
        while true {
            let found = slots[slot]
            if found == 0 { return (nil, Place(code: code, slot: slot)) }
            if UInt32(truncatingIfNeeded: found >> 32) == code {
                let number = Int(UInt32(truncatingIfNeeded: found)) - 1
                if isEntry(number) { return (number, Place(code: code, slot: slot)) }
            }
            slot = (slot + 1) & mask
        }
    }

    /// Puts entry `number` at the empty place `find` gave for its bytes.
    mutating func insert(_ number: Int, at place: Place) {
        slots[place.slot] = UInt64(place.code) << 32 | UInt64(number + 1)
        entries += 1
        if entries * 2 > slots.count { grow() }
    }

    /// Twice the slots, each entry at its hash's place again.
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
}
