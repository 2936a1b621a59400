import Foundation

/// One stored copy of each text seen, looked up by its bytes: the same link found on 100,000 pages takes memory once.
/// Texts of up to 15 bytes live inside the `String` itself and are never pooled; bytes that are not valid UTF-8 are
/// decoded (repaired) each time and not pooled either, so a lookup only ever compares exact bytes.
/// Una copia de cada texto visto, buscada por sus bytes: el mismo enlace en 100.000 páginas ocupa memoria una vez.
struct TextPool {
    /// The pooled texts, in the order first seen.
    private var texts: [String] = []
    /// Each text's place by its bytes' hash (as `SearchTerms`' terms): one seeded hash and a probe, where a `Dictionary`
    /// keyed by SipHash cost 2% of a build's instructions.
    /// El lugar de cada texto por el hash de sus bytes: un hash con semilla y un sondeo, no SipHash y un diccionario.
    private var slots = HashSlots(capacity: 32)

    /// The pooled text with exactly these bytes, stored on first sight.
    mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard bytes.count > 15 else { return String(decoding: bytes, as: UTF8.self) }
        let (known, place) = slots.find(bytes) { Self.same(texts[$0], bytes) }
        if let known { return texts[known] }
        let text = String(decoding: bytes, as: UTF8.self)
        guard Self.same(text, bytes) else { return text }
        texts.append(text)
        slots.insert(texts.count - 1, at: place)
        return text
    }

    private static func same(_ text: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var text = text
        return text.withUTF8 { $0.count == bytes.count && ($0.isEmpty || memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0) }
    }
}
