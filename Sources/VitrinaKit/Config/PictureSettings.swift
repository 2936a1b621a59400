import Yams

/// How pictures are published (`pictures:` in site.yml): the widths made of each, WebP's and JPEG's quality, and the
/// most pixels a picture may declare before it is decoded; `pictures: false` publishes every picture as it comes.
/// Cómo se publican las imágenes (`pictures:` en site.yml): anchos, calidad y límite de píxeles; `false` las deja tal cual.
public struct PictureSettings: Sendable, Equatable {
    public var enabled = true
    /// The widths made of each picture, in pixels, never wider than the picture itself. 750 is a phone's column at twice
    /// its pixels (358–375 CSS pixels wide): without it such a phone takes the 960, 2.7 times the width it shows.
    public var widths = [320, 640, 750, 960, 1280, 1920]
    /// WebP's and the JPEG fallback's quality, 1–100.
    public var quality = 80
    /// A picture declaring more pixels than this is not decoded (a decompression bomb): 100 megapixels by default.
    public var pixelLimit = 100_000_000
    /// The EXIF fields written back into every variant (`keep: [artist, copyright]`); none by default.
    public var keep: Set<KeptMetadata> = []

    public init(enabled: Bool = true, widths: [Int] = [320, 640, 750, 960, 1280, 1920], quality: Int = 80, pixelLimit: Int = 100_000_000) {
        self.enabled = enabled
        self.widths = widths
        self.quality = quality
        self.pixelLimit = pixelLimit
    }

    static let keys = ["enabled", "widths", "quality", "megapixels", "keep"]
    /// Names people may try in `keep:` that are never kept, with why.
    static let neverKept = ["gps", "location", "position", "serial", "thumbnail", "all", "exif", "xmp"]
    static let widthRange = 16...8_192

    /// The settings as a line of text, part of every made picture's key.
    var fingerprint: String { "\(enabled ? "on" : "off") \(widths.map(String.init).joined(separator: ",")) q\(quality) \(pixelLimit)"
        + (keep.isEmpty ? "" : " keep:" + keep.sorted().map(\.rawValue).joined(separator: ",")) }
}

extension YAMLReader {
    func pictures(_ root: Node.Mapping) throws -> PictureSettings {
        var settings = PictureSettings()
        switch try switchable(root, "pictures", keys: PictureSettings.keys, example: "{widths: [320, 640, 960], quality: 80}") {
        case nil: return settings
        case .toggle(let enabled): settings.enabled = enabled
        case .entries(let entries):
            for (key, value) in entries {
                switch key {
                case "enabled":
                    settings.enabled = try enabled(value, in: "pictures")
                case "widths":
                    let range = PictureSettings.widthRange
                    guard let list = value.sequence, (1...16).contains(list.count),
                          case let widths = list.compactMap(\.int), widths.count == list.count, widths.allSatisfy(range.contains)
                    else {
                        throw VitrinaError(.config, "\(file):\(line(value)): pictures.widths must be a list of 1 to 16 widths in pixels, each from "
                            + "\(range.lowerBound) to \(range.upperBound), like [320, 640, 960, 1280, 1920]")
                    }
                    settings.widths = Array(Set(widths)).sorted()
                case "quality":
                    settings.quality = try int(value, maximum: 100, named: "pictures.quality")
                case "keep":
                    settings.keep = try keptMetadata(value)
                default:
                    settings.pixelLimit = try int(value, maximum: 1_000, named: "pictures.megapixels") * 1_000_000
                }
            }
        }
        return settings
    }

    /// `keep: [artist, copyright, description, date, camera]`; the position, serial numbers and the like are refused by name.
    private func keptMetadata(_ value: Node) throws -> Set<KeptMetadata> {
        let allowed = KeptMetadata.allCases.map(\.rawValue).joined(separator: ", ")
        guard let list = value.sequence, list.count <= KeptMetadata.allCases.count * 2 else {
            throw VitrinaError(.config, "\(file):\(line(value)): pictures.keep must be a list of some of: \(allowed)")
        }
        var kept: Set<KeptMetadata> = []
        for item in list {
            let name = item.string ?? ""
            if let field = KeptMetadata(rawValue: name) { kept.insert(field); continue }
            if PictureSettings.neverKept.contains(name.lowercased()) {
                throw VitrinaError(.config, "\(file):\(line(item)): pictures.keep: \(name) is never kept: a picture's position, serial numbers, "
                    + "thumbnail and other metadata are always removed; only these can be kept: \(allowed)")
            }
            throw VitrinaError(.config, "\(file):\(line(item)): pictures.keep: \(Printable.short(name, limit: 40)) is not a field Vitrina keeps; "
                + "use some of: \(allowed)")
        }
        return kept
    }
}
