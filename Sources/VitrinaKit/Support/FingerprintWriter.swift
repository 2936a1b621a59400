/// Values written one after another, each with its kind and length, so that two different sequences never give the same
/// bytes: the fingerprint of what a page shows of a model (a character, a Pokémon), for item-level incremental builds.
/// Valores escritos uno tras otro, cada uno con su tipo y longitud: la huella de lo que una página muestra de un modelo.
public struct FingerprintWriter {
    private(set) var bytes: [UInt8] = []
    /// How many values were written at the top level (not inside another one): the tests compare it with the model's
    /// stored properties, so a property added to a model and left out of its fingerprint is found.
    private(set) var fields = 0
    private var depth = 0

    public init() {}

    /// Each value in turn.
    public mutating func add<each Value: Fingerprinted>(_ values: repeat each Value) {
        repeat write(each values)
    }

    private mutating func write(_ value: some Fingerprinted) {
        if depth == 0 { fields += 1 }
        depth += 1
        value.write(to: &self)
        depth -= 1
    }

    package mutating func text(_ tag: Character, _ value: String) {
        bytes.append(tag.asciiValue ?? 0)
        bytes += String(value.utf8.count).utf8
        bytes.append(UInt8(ascii: ":"))
        bytes += value.utf8
    }

    /// The fingerprint of everything written.
    public var hex: String { Fingerprint.hex(bytes) }
}

/// A value that can write what it holds into a fingerprint.
/// Un valor que sabe escribir lo que contiene en una huella.
public protocol Fingerprinted {
    func write(to writer: inout FingerprintWriter)
}

extension Fingerprinted {
    /// The fingerprint of this value alone.
    public var fingerprint: String {
        var writer = FingerprintWriter()
        writer.add(self)
        return writer.hex
    }
}

extension String: Fingerprinted {
    public func write(to writer: inout FingerprintWriter) { writer.text("s", self) }
}

extension Int: Fingerprinted {
    public func write(to writer: inout FingerprintWriter) { writer.text("i", String(self)) }
}

extension Double: Fingerprinted {
    public func write(to writer: inout FingerprintWriter) { writer.text("d", String(bitPattern)) }
}

extension Bool: Fingerprinted {
    public func write(to writer: inout FingerprintWriter) { writer.text("b", self ? "1" : "0") }
}

extension Optional: Fingerprinted where Wrapped: Fingerprinted {
    public func write(to writer: inout FingerprintWriter) {
        if let value = self { writer.text("?", "1"); value.write(to: &writer) } else { writer.text("?", "0") }
    }
}

extension Array: Fingerprinted where Element: Fingerprinted {
    public func write(to writer: inout FingerprintWriter) {
        writer.text("a", String(count))
        for element in self { element.write(to: &writer) }
    }
}

extension Dictionary: Fingerprinted where Key == String, Value: Fingerprinted {
    /// Keys in order, so the fingerprint never depends on Swift's randomized hashing.
    public func write(to writer: inout FingerprintWriter) {
        writer.text("o", String(count))
        for key in keys.sorted() {
            key.write(to: &writer)
            self[key]?.write(to: &writer)
        }
    }
}

extension BuildInput {
    /// An input whose fingerprint is that of `values`, in turn.
    public static func of<each Value: Fingerprinted>(_ key: String, _ values: repeat each Value) -> BuildInput {
        var writer = FingerprintWriter()
        writer.add(repeat each values)
        return BuildInput(key: key, fingerprint: writer.hex)
    }

    /// What a page shows when the item it refers to is not there (a link left out, a name shown as text).
    public static func absent(_ key: String) -> BuildInput { BuildInput(key: key, fingerprint: "absent") }

    /// A page made from the site, its template and its strings alone, nothing of the data (the favourites screen).
    public static let noData = BuildInput(key: "no-data", fingerprint: "")
}
