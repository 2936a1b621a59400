import CImageCodecs

/// The raster formats Vitrina decodes and writes, told by their first bytes, never by the file's name.
/// Los formatos de imagen que Vitrina lee y escribe, reconocidos por sus primeros bytes, nunca por el nombre.
public enum PictureFormat: String, Sendable, Hashable, Codable {
    case jpeg, png, webp

    /// The format of `bytes`, or nil for anything else (GIF, SVG, text, an empty file).
    public init?(sniffing bytes: [UInt8]) {
        if bytes.count >= 3, bytes[0] == 0xFF, bytes[1] == 0xD8, bytes[2] == 0xFF {
            self = .jpeg
        } else if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), bytes[8..<12].elementsEqual("WEBP".utf8) {
            self = .webp
        } else {
            return nil
        }
    }

    public var fileExtension: String { self == .jpeg ? "jpg" : rawValue }
}

/// Why a picture could not be read or written, in words for a warning.
/// Por qué no se pudo leer o escribir una imagen.
public struct PictureError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Decoded pixels (RGBA, 8 bits a channel) held in C memory, freed with the value.
/// Píxeles decodificados (RGBA, 8 bits por canal) en memoria de C, liberados con el valor.
public final class DecodedPicture {
    fileprivate var image: vit_image

    fileprivate init(_ image: vit_image) { self.image = image }

    deinit { vit_image_free(&image) }

    /// A picture from RGBA bytes, four a pixel, row after row.
    public static func from(rgba: [UInt8], width: Int, height: Int, hasAlpha: Bool) throws(PictureError) -> DecodedPicture {
        guard width > 0, height > 0, width <= 65_500, height <= 65_500, rgba.count == width * height * 4 else {
            throw PictureError("\(rgba.count) bytes are not \(width) x \(height) RGBA pixels")
        }
        return try PictureCodec.call { out, error in
            rgba.withUnsafeBufferPointer { vit_image_create($0.baseAddress, Int32(width), Int32(height), hasAlpha ? 1 : 0, &out, &error) }
        }
    }

    public var width: Int { Int(image.width) }
    public var height: Int { Int(image.height) }
    public var hasAlpha: Bool { image.has_alpha != 0 }

    /// The RGBA bytes of the pixel at (x, y), for tests.
    public func pixel(x: Int, y: Int) -> [UInt8] {
        precondition((0..<width).contains(x) && (0..<height).contains(y))
        let start = (y * width + x) * 4
        return (0..<4).map { image.pixels[start + $0] }
    }

    /// The pixels changed in place from the picture's own colour profile into sRGB.
    func convert(_ conversion: SRGBConversion) {
        conversion.apply(UnsafeMutableBufferPointer(start: image.pixels, count: width * height * 4))
    }

    /// Turned upright as EXIF orientation 1–8 says (1 and anything out of range: as it is).
    public func oriented(_ orientation: Int) throws(PictureError) -> DecodedPicture {
        guard (2...8).contains(orientation) else { return self }
        return try PictureCodec.call { out, error in withUnsafePointer(to: &image) { vit_orient($0, Int32(orientation), &out, &error) } }
    }

    /// Scaled to `width` pixels wide (at least 1), its height in proportion, with libwebp's rescaler.
    public func resized(toWidth newWidth: Int) throws(PictureError) -> DecodedPicture {
        let target = max(1, min(newWidth, 65_500))
        guard target != width else { return self }
        let newHeight = max(1, Int((Double(height) * Double(target) / Double(width)).rounded()))
        return try PictureCodec.call { out, error in withUnsafePointer(to: &image) { vit_resize($0, Int32(target), Int32(newHeight), &out, &error) } }
    }

    /// The picture written as `format`: WebP and JPEG at `quality` (1–100), PNG lossless; no metadata of any kind.
    public func encoded(as format: PictureFormat, quality: Int) throws(PictureError) -> [UInt8] {
        let quality = min(max(quality, 1), 100)
        var bytes: UnsafeMutablePointer<UInt8>?
        var count = 0
        var error = vit_error()
        let status = withUnsafePointer(to: &image) { picture in
            switch format {
            case .webp: vit_webp_encode(picture, Float(quality), &bytes, &count, &error)
            case .jpeg: vit_jpeg_encode(picture, Int32(quality), &bytes, &count, &error)
            case .png: vit_png_encode(picture, &bytes, &count, &error)
            }
        }
        defer { vit_free(bytes) }
        guard status == 0, let bytes else { throw PictureError(PictureCodec.text(of: &error)) }
        return Array(UnsafeBufferPointer(start: bytes, count: count))
    }
}

/// libjpeg-turbo, libpng and libwebp behind one door: decoding within a pixel limit, with JPEG's scaled decoding.
/// libjpeg-turbo, libpng y libwebp tras una puerta: decodificar dentro de un límite de píxeles.
public enum PictureCodec {
    /// The size a picture's header declares, read without decoding it; nil when the header cannot be read.
    public static func size(of bytes: [UInt8], format: PictureFormat) -> (width: Int, height: Int)? {
        switch format {
        case .jpeg:
            var width: Int32 = 0, height: Int32 = 0
            var error = vit_error()
            let status = bytes.withUnsafeBufferPointer { vit_jpeg_info($0.baseAddress, $0.count, &width, &height, &error) }
            return status == 0 && width > 0 && height > 0 ? (Int(width), Int(height)) : nil
        case .png, .webp:
            return ImageSize.of(bytes).flatMap { $0.width > 0 && $0.height > 0 ? $0 : nil }
        }
    }

    /// Decodes `bytes`, refusing pictures of more than `pixelLimit` pixels before any is decoded. A JPEG is decoded at
    /// 1/`scaleDown` of its size (1, 2, 4 or 8; anything else counts as the nearest lower one).
    public static func decode(_ bytes: [UInt8], format: PictureFormat, pixelLimit: Int, scaleDown: Int = 1) throws(PictureError) -> DecodedPicture {
        guard !bytes.isEmpty else { throw PictureError("the file is empty") }
        let limit = Int64(max(0, pixelLimit))
        let denominator: Int32 = scaleDown >= 8 ? 8 : scaleDown >= 4 ? 4 : scaleDown >= 2 ? 2 : 1
        return try call { out, error in
            bytes.withUnsafeBufferPointer { data in
                switch format {
                case .jpeg: vit_jpeg_decode(data.baseAddress, data.count, denominator, limit, &out, &error)
                case .png: vit_png_decode(data.baseAddress, data.count, limit, &out, &error)
                case .webp: vit_webp_decode(data.baseAddress, data.count, limit, &out, &error)
                }
            }
        }
    }

    /// Runs one C call that fills a picture, turning its status and message into a `DecodedPicture` or an error.
    fileprivate static func call(_ body: (inout vit_image, inout vit_error) -> Int32) throws(PictureError) -> DecodedPicture {
        var image = vit_image()
        var error = vit_error()
        guard body(&image, &error) == 0, image.pixels != nil else {
            vit_image_free(&image)
            throw PictureError(text(of: &error))
        }
        return DecodedPicture(image)
    }

    /// A library's message, cut at its first NUL, written as UTF-8 with anything else repaired.
    fileprivate static func text(of error: inout vit_error) -> String {
        let message = withUnsafeBytes(of: &error.message) { raw in String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self) }
        return message.isEmpty ? "the picture could not be read" : message
    }
}
