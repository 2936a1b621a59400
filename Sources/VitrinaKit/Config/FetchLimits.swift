import Foundation
import Yams

/// How much one answer may weigh (`fetch:` in site.yml): larger ones are refused, not read to the end.
/// Cuánto puede pesar una respuesta (`fetch:` en site.yml): las mayores se rechazan sin leerlas enteras.
public struct FetchLimits: Sendable, Equatable {
    /// One JSON response of an API.
    public var json = 32 * ByteCount.mebibyte
    /// One picture.
    public var image = 16 * ByteCount.mebibyte

    public init() {}

    static let keys = ["max_json_size", "max_image_size"]
}

/// Sizes as site.yml writes them: `800KB`, `16MB`, `1GB` (powers of 1,024) or bytes.
/// Tamaños como los escribe site.yml: `800KB`, `16MB`, `1GB` (potencias de 1.024) o bytes.
public enum ByteCount {
    public static let kibibyte = 1_024, mebibyte = 1_048_576, gibibyte = 1_073_741_824
    public static let range = 1_024...(4 * gibibyte)

    public static func parse(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).uppercased()
        let units: [(String, Int)] = [("KIB", kibibyte), ("KB", kibibyte), ("K", kibibyte), ("MIB", mebibyte), ("MB", mebibyte), ("M", mebibyte),
                                      ("GIB", gibibyte), ("GB", gibibyte), ("G", gibibyte), ("B", 1)]
        let (digits, factor) = units.first { trimmed.hasSuffix($0.0) }.map { (String(trimmed.dropLast($0.0.count)), $0.1) } ?? (trimmed, 1)
        let number = digits.trimmingCharacters(in: .whitespaces)
        guard number.utf8.count <= 12, let value = Int(number) else { return nil }
        let (bytes, overflow) = value.multipliedReportingOverflow(by: factor)
        return overflow || !range.contains(bytes) ? nil : bytes
    }

    /// `16 MB`, `800 KB`, `1,500 bytes`.
    public static func text(_ bytes: Int) -> String {
        if bytes >= mebibyte && bytes % mebibyte == 0 { return "\(bytes / mebibyte) MB" }
        if bytes >= kibibyte && bytes % kibibyte == 0 { return "\(bytes / kibibyte) KB" }
        return "\(bytes) bytes"
    }
}

extension YAMLReader {
    /// `fetch: {max_json_size: 32MB, max_image_size: 16MB}`; unknown keys and sizes out of range name their line.
    func fetchLimits(_ root: Node.Mapping) throws -> FetchLimits {
        var limits = FetchLimits()
        guard let node = root["fetch"] else { return limits }
        guard let map = node.mapping else {
            throw VitrinaError(.config, "\(file):\(line(node)): fetch must be a mapping like {max_json_size: 32MB, max_image_size: 16MB}")
        }
        for (keyNode, value) in map {
            guard let key = keyNode.string, FetchLimits.keys.contains(key) else {
                throw VitrinaError(.config, "\(file):\(line(keyNode)): fetch.\(Printable.short(keyNode.string ?? "?", limit: 40)) is not a setting; "
                    + "use \(FetchLimits.keys.joined(separator: " or "))")
            }
            guard let text = value.string, let bytes = ByteCount.parse(text) else {
                throw VitrinaError(.config, "\(file):\(line(value)): fetch.\(key) must be a size from 1KB to 4GB, like 16MB or 800KB")
            }
            if key == "max_json_size" { limits.json = bytes } else { limits.image = bytes }
        }
        return limits
    }
}
