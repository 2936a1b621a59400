/// One picture made for the web: where it goes in the output, its size and the fingerprint of its bytes.
/// Una imagen hecha para la web: dónde va en la salida, su tamaño y la huella de sus bytes.
package struct MadeVariant: Sendable, Equatable {
    let format: PictureFormat
    let width: Int
    let height: Int
    /// The output's manifest hash of its bytes (`Fingerprint.sized`).
    package let hash: String
    let size: Int

    package var facts: ImageFacts { ImageFacts(width: width, height: height, hash: hash, size: size) }
}

/// What became of one source picture: kept as it is (an SVG, a GIF, an icon or pixel art), or a fallback in its own format
/// (JPEG or PNG) and WebP variants at the configured widths, every one upright and without metadata.
/// Lo que se hizo de una imagen: dejada tal cual, o un respaldo en su formato y variantes WebP, sin metadatos.
package struct MadePicture: Sendable, Equatable {
    /// Nil: published as it came.
    package let fallback: MadeVariant?
    package let webp: [MadeVariant]

    static let kept = MadePicture(fallback: nil, webp: [])
}

/// Makes the variants of one picture from its bytes: decoded once (a large JPEG at a fraction of its size), turned
/// upright, then resized and encoded for each width. Pure: bytes in, bytes out.
/// Hace las variantes de una imagen a partir de sus bytes: decodificada una vez, enderezada, redimensionada y codificada.
package struct PictureMaker: Sendable {
    let settings: PictureSettings

    /// Bumped when what is made changes (filter, encoder settings), so cached variants are made again.
    static let version = "pictures 2"

    /// Pictures no larger than this on both sides are icons or pixel art (the Pokémon sprites, shown larger with
    /// `image-rendering: pixelated`): resampling or lossy encoding would spoil them, and they weigh little.
    static let smallSide = 128

    /// The widths to make for a picture shown `width` pixels wide: each configured width below it, then the picture's
    /// own width, capped at the largest configured one.
    func widths(forShownWidth width: Int) -> [Int] {
        guard let largest = settings.widths.max() else { return [] }
        return Array(Set(settings.widths.filter { $0 < width } + [min(width, largest)])).sorted()
    }

    /// Whether a picture of this stored size is published as it is, without reading it.
    package static func isKeptBySize(width: Int, height: Int) -> Bool { width <= smallSide && height <= smallSide }

    /// The fallback and WebP variants of `bytes` with their bytes (fallback first, as `MadePicture.allVariants` lists
    /// them), or `.kept` with none for what is not a JPEG or PNG.
    package func make(_ bytes: [UInt8]) throws(PictureError) -> (picture: MadePicture, files: [[UInt8]]) {
        guard let format = PictureFormat(sniffing: bytes), format != .webp else { return (.kept, []) }
        guard let stored = PictureCodec.size(of: bytes, format: format) else { throw PictureError("its header cannot be read") }
        guard stored.width * stored.height <= settings.pixelLimit else {
            throw PictureError("it declares \(stored.width) x \(stored.height) pixels, more than the limit of \(settings.pixelLimit / 1_000_000) megapixels (pictures.megapixels)")
        }
        if Self.isKeptBySize(width: stored.width, height: stored.height) { return (.kept, []) }
        let orientation = format == .jpeg ? ExifOrientation.of(jpeg: bytes) : 1
        let shownWidth = ExifOrientation.swapsSides(orientation) ? stored.height : stored.width
        let widths = widths(forShownWidth: shownWidth)
        guard let widest = widths.last else { return (.kept, []) }
        // libjpeg-turbo decodes at 1/2, 1/4 or 1/8 of the size for far less time and memory: the largest such step
        // that still leaves the widest variant's pixels.
        let scale = format == .jpeg ? [8, 4, 2].first { (shownWidth + $0 - 1) / $0 >= widest } ?? 1 : 1
        let decoded = try PictureCodec.decode(bytes, format: format, pixelLimit: settings.pixelLimit, scaleDown: scale)
        // Colours from the picture's own profile (a phone's Display P3, Adobe RGB) into sRGB, as untagged pictures are shown.
        if let conversion = Self.conversion(of: bytes, format: format) { decoded.convert(conversion) }
        let upright = try decoded.oriented(orientation)
        // The fallback keeps the source's format (PNG: lossless, alpha kept; else JPEG), at the widest width.
        let fallbackFormat: PictureFormat = format == .png ? .png : .jpeg
        let widestPicture = try upright.resized(toWidth: widest)
        // Only the fields site.yml names (`keep:`) are written back; by default, nothing but pixels.
        let metadata = PictureMetadata(of: bytes, format: format, keeping: settings.keep)
        func encoded(_ picture: DecodedPicture, as format: PictureFormat) throws(PictureError) -> [UInt8] {
            let bytes = try picture.encoded(as: format, quality: settings.quality)
            return metadata?.written(into: bytes, format: format, width: picture.width, height: picture.height, hasAlpha: picture.hasAlpha) ?? bytes
        }
        let fallbackBytes = try encoded(widestPicture, as: fallbackFormat)
        var files = [fallbackBytes]
        var webp: [MadeVariant] = []
        for width in widths {
            let sized = width == widest ? widestPicture : try upright.resized(toWidth: width)
            let encoded = try encoded(sized, as: .webp)
            webp.append(Self.variant(.webp, sized, encoded))
            files.append(encoded)
        }
        return (MadePicture(fallback: Self.variant(fallbackFormat, widestPicture, fallbackBytes), webp: webp), files)
    }

    /// The change into sRGB a picture's embedded profile asks for; nil for none, sRGB's own, or one that is not read.
    static func conversion(of bytes: [UInt8], format: PictureFormat) -> SRGBConversion? {
        EmbeddedProfile.bytes(in: bytes, format: format).flatMap(ColourProfile.init).flatMap(SRGBConversion.init)
    }

    private static func variant(_ format: PictureFormat, _ picture: DecodedPicture, _ bytes: [UInt8]) -> MadeVariant {
        MadeVariant(format: format, width: picture.width, height: picture.height, hash: Fingerprint.sized(bytes), size: bytes.count)
    }

    /// A made picture moved to where its source is published (a file beside the Markdown): the fallback takes the
    /// source's own name, so links to the file still reach it, and the WebP variants are named beside it.
    static func rehomed(_ picture: MediaFile, at output: String) -> MediaFile {
        var moved = MediaFile(path: output, facts: picture.facts, content: picture.content)
        moved.webp = picture.webp.map { MediaFile(path: outputPath(source: output, width: $0.width, hash: $0.hash, format: .webp), facts: $0.facts, content: $0.content) }
        return moved
    }

    /// Where a made file goes beside its source's path: `media/store/1.jpg` → `media/store/1-640.3f9a1c2b.webp`. The
    /// name holds the start of its bytes' fingerprint, so a host may cache it for a year: new bytes, new name.
    package static func outputPath(source: String, _ variant: MadeVariant) -> String {
        outputPath(source: source, width: variant.width, hash: variant.hash, format: variant.format)
    }

    static func outputPath(source: String, width: Int, hash: String, format: PictureFormat) -> String {
        let slash = source.utf8.lastIndex(of: UInt8(ascii: "/")).map { source.utf8.index(after: $0) } ?? source.startIndex
        let name = source[slash...]
        let stem = name.utf8.lastIndex(of: UInt8(ascii: ".")).map { String(name[..<$0]) } ?? String(name)
        return String(source[..<slash]) + "\(stem)-\(width).\(hash.prefix(8)).\(format.fileExtension)"
    }

    package init(settings: PictureSettings) {
        self.settings = settings
    }
}

extension MadePicture {
    /// The fallback first, then the WebP variants: the order `PictureMaker.make` returns their bytes in.
    package var allVariants: [MadeVariant] { (fallback.map { [$0] } ?? []) + webp }
}
