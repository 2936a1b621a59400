/// FNV-1a, 64 bit: a stable, fast fingerprint for cache keys and ETags (not for security).
/// FNV-1a de 64 bits: huella estable y rápida para claves de caché (no para seguridad).
public enum Fingerprint {
    /// Inlinable, as `number`: called from the other targets, a generic copy would read each byte through a witness table.
    @inlinable public static func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 { hex(number(bytes)) }

    /// The same fingerprint as a number (to pick a shard by).
    @inlinable package static func number<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        var stream = FingerprintStream()
        for byte in bytes { stream.add(byte: byte) }
        return stream.number
    }

    public static func hex(_ text: String) -> String { hex(text.utf8) }

    /// The fingerprint of large content only Vitrina reads back (a memo's checksum, a page's links, a code block's key):
    /// eight bytes at a time, each word mixed in by a multiplication and a shift (both invertible, so two texts of one
    /// length that differ in one word always differ), then SplitMix64's finalizer. Several times faster than FNV-1a's
    /// byte at a time on pages of highlighted code; never compared with an FNV fingerprint.
    /// La huella de contenido grande que solo Vitrina relee: ocho bytes a la vez.
    public static func content(_ bytes: UnsafeRawBufferPointer) -> String { hex(contentNumber(bytes)) }

    /// `content`'s number, for tables and sums that never leave the process or its own state files.
    public static func contentNumber(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        var index = 0
        while index + 8 <= bytes.count {
            hash = mixWord(hash, bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            index += 8
        }
        var tail: UInt64 = 0
        for offset in index..<bytes.count { tail |= UInt64(bytes[offset]) << UInt64(8 * (offset - index)) }
        return finish(hash ^ tail)
    }

    /// `contentNumber` of a text's UTF-8 bytes (copied only when they are not stored in one piece).
    public static func contentNumber(utf8 bytes: some Collection<UInt8>) -> UInt64 {
        bytes.withContiguousStorageIfAvailable { contentNumber(UnsafeRawBufferPointer($0)) }
            ?? Array(bytes).withUnsafeBytes { contentNumber($0) }
    }

    /// One word mixed into a running hash: a multiplication and a shift, both invertible.
    @inline(__always) public static func mixWord(_ hash: UInt64, _ word: UInt64) -> UInt64 {
        let mixed = (hash ^ word) &* 0xBF58_476D_1CE4_E5B9
        return mixed ^ (mixed >> 31)
    }

    /// SplitMix64's finalizer, after a last multiplication.
    @inline(__always) public static func finish(_ value: UInt64) -> UInt64 {
        var hash = value &* 0x94D0_49BB_1331_11EB
        hash ^= hash >> 30
        hash &*= 0xBF58_476D_1CE4_E5B9
        hash ^= hash >> 27
        hash &*= 0x94D0_49BB_1331_11EB
        hash ^= hash >> 31
        return hash
    }

    public static func content(_ bytes: [UInt8]) -> String { bytes.withUnsafeBytes { content($0) } }

    public static func content(_ text: String) -> String {
        var text = text
        return text.withUTF8 { content(UnsafeRawBufferPointer($0)) }
    }

    /// Whether `digits` are sixteen lowercase hexadecimal digits, as `hex` and `content` write them (checked where a
    /// fingerprint is read back from disk before it names a file or goes into a manifest).
    static func isSixteenHexDigits(_ digits: some Collection<UInt8>) -> Bool {
        digits.count == 16 && digits.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// Sixteen hexadecimal digits.
    @usableFromInline static func hex(_ hash: UInt64) -> String {
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

/// `Fingerprint.hex` of texts fed one after another, without joining them first: the same digits as the fingerprint
/// of their concatenation.
/// La huella de textos dados uno tras otro, sin unirlos antes: la misma que la de su concatenación.
@usableFromInline package struct FingerprintStream {
    @usableFromInline package private(set) var number: UInt64 = 0xcbf2_9ce4_8422_2325

    package mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { for byte in $0 { add(byte: byte) } }
    }

    @inlinable package mutating func add(byte: UInt8) {
        number ^= UInt64(byte)
        number &*= 0x0000_0100_0000_01B3
    }

    package var hex: String { Fingerprint.hex(number) }

    @inlinable package init() {}

    /// Carries on from a fingerprint already taken (its sixteen digits), as if its bytes had been fed here first: what is
    /// appended to a file is fingerprinted without reading the file back. Nil for anything but sixteen hex digits.
    /// Sigue desde una huella ya tomada, como si sus bytes se hubieran dado aquí antes; nil si no son 16 dígitos hex.
    package init?(continuing hex: String) {
        guard hex.utf8.count == 16, hex.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }),
              let number = UInt64(hex, radix: 16) else { return nil }
        self.number = number
    }
}

extension Fingerprint {
    /// What the output's manifest records of a file's content: its fingerprint and its size (`hex-size`). Pictures and
    /// media are recorded so, as their names carry it.
    /// Lo que el manifiesto de la salida anota del contenido de un fichero: su huella y su tamaño.
    package static func sized(_ bytes: [UInt8]) -> String { hex(bytes) + "-" + String(bytes.count) }
}
