/// An object's fields for templates, found by a template's names. A small object is a row of keys searched by a short
/// number per key, computed once (a template's names when it is compiled): drawing a page looks names up a hundred
/// times, each down the context stack, and a `Dictionary` hashed the whole name again with SipHash at every level
/// (7% of a build's own instructions, counted by callgrind). A large one (from API data) keeps a `Dictionary` of places.
/// Keys are equal as `String`s are (canonically equivalent text is one key), as in a `Dictionary`.
/// Los campos de un objeto para plantillas: una fila de claves buscada por un número corto, no un hash SipHash por nivel.
public struct TemplateObject: Sendable, Equatable, ExpressibleByDictionaryLiteral, Sequence {
    public typealias Element = (key: String, value: TemplateValue)

    /// The fields in the order they were added: one array, so that a copy of the object (each lookup makes one) costs
    /// one retain, as a `Dictionary`'s does.
    private var entries: [Entry] = []
    /// Each key's place, once the object has more than `rowLimit` fields.
    private var places: [String: Int]?
    /// Bit `number % 64` of each key's number: a name whose bit is clear is not here, without reading the row.
    private var mask: UInt64 = 0
    /// Whether a key's number is 0 (not all ASCII): lookups then compare every key.
    private var hasUnnumbered = false

    fileprivate struct Entry: Sendable {
        let key: String
        let number: UInt32
        var value: TemplateValue
    }

    /// Up to this many fields, a lookup reads the row (a page's own object has about 40).
    static let rowLimit = 64

    public init() {}

    public init(dictionaryLiteral elements: (String, TemplateValue)...) { self.init(pairs: elements) }

    /// The fields of `pairs`; of a key given twice, the last value.
    public init(pairs: [(String, TemplateValue)]) {
        entries.reserveCapacity(pairs.count)
        for (key, value) in pairs { self[key] = value }
    }

    /// The fields of `dictionary`, whose keys are already distinct.
    public init(_ dictionary: [String: TemplateValue]) {
        entries.reserveCapacity(dictionary.count)
        for (key, value) in dictionary { append(key, value, number: Self.number(key)) }
    }

    /// Strings as fields (a table of UI strings).
    public init(strings: [String: String]) {
        entries.reserveCapacity(strings.count)
        for (key, value) in strings { append(key, .string(value), number: Self.number(key)) }
    }

    public mutating func reserveCapacity(_ count: Int) { entries.reserveCapacity(count) }

    public var count: Int { entries.count }
    public var isEmpty: Bool { entries.isEmpty }
    public var values: [TemplateValue] { entries.map(\.value) }

    public subscript(key: String) -> TemplateValue? {
        get { place(of: key, number: Self.number(key)).map { entries[$0].value } }
        set { set(newValue, for: key) }
    }

    /// The value of `key`, whose `number(_:)` is `number` (a compiled template's name carries it).
    @inline(__always)
    func value(of key: String, number: UInt32) -> TemplateValue? {
        place(of: key, number: number).map { entries[$0].value }
    }

    public func makeIterator() -> Iterator { Iterator(entries: entries) }

    /// The fields in the order they were added.
    public struct Iterator: IteratorProtocol {
        fileprivate let entries: [Entry]
        var index = 0

        public mutating func next() -> Element? {
            guard index < entries.count else { return nil }
            defer { index += 1 }
            return (entries[index].key, entries[index].value)
        }
    }

    /// Adds `other`'s fields; for a key in both, `combine` chooses the value.
    public mutating func merge(_ other: TemplateObject, uniquingKeysWith combine: (TemplateValue, TemplateValue) throws -> TemplateValue) rethrows {
        for (key, value) in other { self[key] = try self[key].map { try combine($0, value) } ?? value }
    }

    public static func == (a: TemplateObject, b: TemplateObject) -> Bool {
        guard a.count == b.count else { return false }
        for entry in a.entries where b[entry.key] != entry.value { return false }
        return true
    }

    /// The short number a key is looked up by: FNV-1a of its bytes when they are all ASCII (never 0), else 0, which
    /// matches every key (text that is not ASCII may equal other text, even ASCII text: U+212A KELVIN SIGN is "K").
    /// El número corto de una clave: FNV-1a de sus bytes si es ASCII; si no, 0, que se compara con toda clave.
    public static func number(_ key: String) -> UInt32 {
        var key = key
        return key.withUTF8 { bytes in
            var hash: UInt32 = 2_166_136_261
            for byte in bytes {
                guard byte < 0x80 else { return 0 }
                hash = (hash ^ UInt32(byte)) &* 16_777_619
            }
            return hash == 0 ? 1 : hash
        }
    }

    private static func bit(_ number: UInt32) -> UInt64 { 1 << UInt64(number & 63) }

    private func place(of key: String, number: UInt32) -> Int? {
        if let places { return places[key] }
        if number == 0 || hasUnnumbered { return entries.firstIndex { $0.key == key } }
        guard mask & Self.bit(number) != 0 else { return nil }
        return entries.withUnsafeBufferPointer { entries in
            for index in entries.indices where entries[index].number == number && entries[index].key == key { return index }
            return nil
        }
    }

    private mutating func set(_ value: TemplateValue?, for key: String) {
        let number = Self.number(key)
        switch (place(of: key, number: number), value) {
        case (let index?, let value?):
            entries[index].value = value
        case (let index?, nil):
            entries.remove(at: index)
            (mask, hasUnnumbered) = entries.reduce((0, false)) { ($0.0 | Self.bit($1.number), $0.1 || $1.number == 0) }
            if places != nil { indexPlaces() }
        case (nil, let value?):
            append(key, value, number: number)
        case (nil, nil):
            break
        }
    }

    /// Adds a key not in the object.
    private mutating func append(_ key: String, _ value: TemplateValue, number: UInt32) {
        entries.append(Entry(key: key, number: number, value: value))
        mask |= Self.bit(number)
        if number == 0 { hasUnnumbered = true }
        if places != nil {
            places?[key] = entries.count - 1
        } else if entries.count > Self.rowLimit {
            indexPlaces()
        }
    }

    private mutating func indexPlaces() {
        guard entries.count > Self.rowLimit else {
            places = nil
            return
        }
        var made: [String: Int] = [:]
        made.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() where made[entry.key] == nil { made[entry.key] = index }
        places = made
    }
}
