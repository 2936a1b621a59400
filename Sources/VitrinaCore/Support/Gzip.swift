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

    public static func decompress(_ bytes: [UInt8]) throws -> [UInt8] {
        var input = ByteBuffer(bytes: bytes)
        let output = try input.decompress(with: .gzip())
        return Array(output.readableBytesView)
    }
}
