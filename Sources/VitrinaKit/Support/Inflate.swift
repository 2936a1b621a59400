import CImageCodecs

/// zlib data inflated by Debian's zlib (through the C target's `vit_inflate`), refused past `maxSize` bytes.
/// Datos zlib descomprimidos, rechazados si pasan de `maxSize` bytes.
enum Inflate {
    static func bytes(_ data: UnsafeBufferPointer<UInt8>, maxSize: Int) -> [UInt8]? {
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        var error = vit_error()
        let status = vit_inflate(data.baseAddress, data.count, maxSize, &out, &size, &error)
        defer { vit_free(out) }
        guard status == 0, let out else { return nil }
        return Array(UnsafeBufferPointer(start: out, count: size))
    }
}
