import CompressNIO
import NIOCore

/// Gzip in memory, for cache entries and the snapshot.
/// Gzip en memoria, para las entradas de la caché y la instantánea.
public enum Gzip {
    public static func compress(_ bytes: [UInt8]) throws -> [UInt8] {
        var input = ByteBuffer(bytes: bytes)
        let output = try input.compress(with: .gzip())
        return Array(output.readableBytesView)
    }

    /// The most a stored body may grow to when inflated (what the HTTP client accepts): a gzip bomb in the cache or
    /// the snapshot is refused, not inflated.
    public static let maxInflatedBytes = 64 * 1024 * 1024

    /// Throws on a truncated stream too: the inflater stops quietly when input runs out, so the
    /// gzip trailer's size (ISIZE, the last 4 bytes, little-endian) must match what came out.
    public static func decompress(_ bytes: [UInt8]) throws -> [UInt8] {
        guard bytes.count >= 18 else { throw CompressNIOError.corruptData }
        var input = ByteBuffer(bytes: bytes)
        let output = try input.decompress(with: .gzip(), maxSize: maxInflatedBytes)
        let size = bytes.suffix(4).reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        guard size == UInt32(truncatingIfNeeded: output.readableBytes) else { throw CompressNIOError.corruptData }
        return Array(output.readableBytesView)
    }
}
