/// FNV-1a, 64 bit: a stable, fast fingerprint for cache keys and ETags (not for security).
/// FNV-1a de 64 bits: huella estable y rápida para claves de caché (no para seguridad).
public enum Fingerprint {
    public static func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    public static func hex(_ text: String) -> String { hex(text.utf8) }
}
