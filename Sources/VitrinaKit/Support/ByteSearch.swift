import Foundation

/// Searches in UTF-8 bytes with `memchr`, for the hot paths that would otherwise go through Foundation's string search.
/// Búsquedas en bytes UTF-8 con `memchr`, para los caminos calientes que si no pasarían por la búsqueda de Foundation.
extension UnsafeBufferPointer<UInt8> {
    /// The first position of `byte` at or after `start` and before `end` (the end of the buffer when nil).
    @usableFromInline package func firstIndex(of byte: UInt8, from start: Int, before end: Int? = nil) -> Int? {
        let end = Swift.min(end ?? count, count)
        guard start < end, let base = baseAddress else { return nil }
        guard let found = memchr(base + start, Int32(byte), end - start) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// Each part between `separator` bytes, empty ones included (`a,,b` is three parts), in order, found with `memchr`.
    /// Cada parte entre bytes separadores, vacías incluidas, en orden.
    @inlinable package func forEachPart(on separator: UInt8, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var start = 0
        while let end = firstIndex(of: separator, from: start) {
            body(UnsafeBufferPointer(rebasing: self[start..<end]))
            start = end + 1
        }
        body(UnsafeBufferPointer(rebasing: self[start...]))
    }

    /// The parts between `separator` bytes, empty ones kept.
    package func split(on separator: UInt8) -> [UnsafeBufferPointer<UInt8>] {
        var parts: [UnsafeBufferPointer<UInt8>] = []
        forEachPart(on: separator) { parts.append($0) }
        return parts
    }

    /// The first position of `needle` at or after `start`.
    package func firstIndex(of needle: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first else { return nil }
        var index = start
        while let candidate = firstIndex(of: first, from: index) {
            if hasPrefix(needle, at: candidate) { return candidate }
            index = candidate + 1
        }
        return nil
    }

    /// Whether `needle` starts at `index`.
    func hasPrefix(_ needle: [UInt8], at index: Int) -> Bool {
        guard index + needle.count <= count else { return false }
        for offset in needle.indices where self[index + offset] != needle[offset] { return false }
        return true
    }
}

extension StringProtocol {
    /// The parts between `/` bytes, empty ones left out, cut on bytes: a `Character` may hold a `/` with a mark after it
    /// (`/` + U+0301) or a prepended one before it (U+0600 + `/`), and a cut on characters would not see that `/`.
    /// Las partes entre bytes `/`, cortadas sobre bytes: un `Character` puede contener una `/`.
    /// Inlinable: called from the other targets with `String` and `Substring`, a generic copy costs a witness call a byte.
    /// Read from the text's contiguous bytes: `split` walked `utf8` by string indices, about 5,000 instructions a link
    /// the check resolves. / Leídas de los bytes contiguos del texto: `split` sobre `utf8` costaba 5.000 instrucciones.
    @inlinable package var pathSegments: [String] {
        utf8.withContiguousStorageIfAvailable(Self.pathSegments) ?? Array(utf8).withUnsafeBufferPointer(Self.pathSegments)
    }

    /// The non-empty parts of `bytes` between `/` bytes, as strings.
    @inlinable package static func pathSegments(_ bytes: UnsafeBufferPointer<UInt8>) -> [String] {
        var segments: [String] = []
        bytes.forEachPart(on: UInt8(ascii: "/")) { if !$0.isEmpty { segments.append(String(decoding: $0, as: UTF8.self)) } }
        return segments
    }
}

extension String {
    /// The byte offset of `needle` in the text's UTF-8, searched as bytes: Foundation's `contains` and `range(of:)`
    /// would bridge the whole text to UTF-16 first.
    func utf8Offset(of needle: String) -> Int? {
        var text = self
        let needle = Array(needle.utf8)
        return text.withUTF8 { $0.firstIndex(of: needle, from: 0) }
    }

    /// Whether the text's UTF-8 holds `needle`'s, searched as bytes (a page's hot path: no bridging to UTF-16).
    func holdsBytes(_ needle: String) -> Bool { utf8Offset(of: needle) != nil }
}
