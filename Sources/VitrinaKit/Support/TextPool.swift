import Foundation

/// One stored copy of each text seen, looked up by its bytes: the same link found on 100,000 pages takes memory once.
/// Texts of up to 15 bytes live inside the `String` itself and are never pooled; bytes that are not valid UTF-8 are
/// decoded (repaired) each time and not pooled either, so a lookup only ever compares exact bytes.
/// Una copia de cada texto visto, buscada por sus bytes: el mismo enlace en 100.000 páginas ocupa memoria una vez.
struct TextPool {
    private var texts: [Int: [String]] = [:]

    /// The pooled text with exactly these bytes, stored on first sight.
    mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard bytes.count > 15 else { return String(decoding: bytes, as: UTF8.self) }
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
        let key = hasher.finalize()
        if let known = texts[key]?.first(where: { Self.same($0, bytes) }) { return known }
        let text = String(decoding: bytes, as: UTF8.self)
        if Self.same(text, bytes) { texts[key, default: []].append(text) }
        return text
    }

    private static func same(_ text: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var text = text
        return text.withUTF8 { $0.count == bytes.count && ($0.isEmpty || memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0) }
    }
}
