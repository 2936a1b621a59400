import Foundation

/// The colour profile a JPEG or PNG carries (ICC), read as a matrix and three tone curves: the kind cameras, phones
/// (Display P3) and editors (Adobe RGB, ProPhoto) embed. Every size and offset is checked: the bytes are hostile, and a
/// profile that cannot be read counts as none (the pixels are taken as sRGB, as browsers take an untagged picture).
/// El perfil de color ICC de una imagen, leído como matriz y tres curvas, comprobando cada tamaño y desplazamiento.
struct ColourProfile: Sendable, Equatable {
    /// Linear RGB to XYZ (D50), row after row; the columns are the profile's red, green and blue colorants.
    let matrix: [Double]
    /// Red, green and blue: encoded value (0…1) to linear light.
    let curves: [ToneCurve]

    /// The most tags and curve entries read, and the largest profile inflated from a PNG.
    static let maxTags = 256
    static let maxCurveEntries = 65_536
    static let maxSize = 4 << 20

    /// The RGB profile of `bytes`, or nil for none, one of another kind (grey, CMYK, LUT-only) or one that cannot be read.
    init?(_ bytes: [UInt8]) {
        let reader = ByteFields(bytes)
        guard bytes.count >= 132, let declared = reader.u32(0), declared >= 132, declared <= bytes.count,
              reader.tag(36) == "acsp", reader.tag(16) == "RGB ", reader.tag(20) == "XYZ ", let count = reader.u32(128),
              count <= Self.maxTags, 132 + count * 12 <= declared else { return nil }
        var tags: [String: ArraySlice<UInt8>] = [:]
        for index in 0..<count {
            let entry = 132 + index * 12
            guard let name = reader.tag(entry), let offset = reader.u32(entry + 4), let size = reader.u32(entry + 8),
                  size >= 8, offset <= declared, size <= declared - offset else { return nil }
            tags[name] = bytes[offset..<(offset + size)]
        }
        var columns: [[Double]] = []
        var curves: [ToneCurve] = []
        for colour in ["r", "g", "b"] {
            guard let xyz = tags[colour + "XYZ"].flatMap(Self.xyz), let trc = tags[colour + "TRC"].flatMap(ToneCurve.init) else { return nil }
            columns.append(xyz)
            curves.append(trc)
        }
        matrix = (0..<3).flatMap { row in columns.map { $0[row] } }
        self.curves = curves
    }

    /// An `XYZ ` tag's three s15Fixed16 numbers.
    private static func xyz(_ tag: ArraySlice<UInt8>) -> [Double]? {
        let fields = ByteFields(Array(tag))
        guard fields.tag(0) == "XYZ ", let x = fields.fixed(8), let y = fields.fixed(12), let z = fields.fixed(16) else { return nil }
        return [x, y, z]
    }
}

/// One channel's tone curve: encoded value to linear light, as ICC's `curv` (a gamma or a table) or `para` (one of
/// five functions) gives it.
/// La curva de tono de un canal: valor codificado a luz lineal.
enum ToneCurve: Sendable, Equatable {
    case gamma(Double)
    /// Evenly spaced samples from 0 to 1, read with linear interpolation.
    case table([Double])
    /// `para` type 0–4 with its parameters g, a, b, c, d, e, f (missing ones 0).
    case parametric(type: Int, [Double])

    /// sRGB's own curve (IEC 61966-2-1), as `para` type 3 writes it.
    static let sRGB = ToneCurve.parametric(type: 3, [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045, 0, 0])

    init?(_ tag: ArraySlice<UInt8>) {
        let fields = ByteFields(Array(tag))
        switch fields.tag(0) {
        case "curv":
            guard let count = fields.u32(8), count <= ColourProfile.maxCurveEntries, 12 + count * 2 <= fields.bytes.count else { return nil }
            if count == 0 { self = .gamma(1) }
            else if count == 1 { self = .gamma(Double(fields.u16(12)!) / 256) }
            else { self = .table((0..<count).map { Double(fields.u16(12 + $0 * 2)!) / 65_535 }) }
        case "para":
            let counts = [1, 3, 4, 5, 7]
            guard let type = fields.u16(8), type < counts.count, 12 + counts[type] * 4 <= fields.bytes.count else { return nil }
            var parameters = (0..<counts[type]).map { fields.fixed(12 + $0 * 4)! }
            parameters += Array(repeating: 0, count: 7 - parameters.count)
            // Types 1 and 2 divide by a.
            if (type == 1 || type == 2) && parameters[1] == 0 { return nil }
            self = .parametric(type: type, parameters)
        default:
            return nil
        }
    }

    /// Linear light for an encoded value, both from 0 to 1 (anything the curve gives outside that, or not a number, is
    /// brought back into it).
    func linear(_ x: Double) -> Double {
        let y: Double
        switch self {
        case .gamma(let gamma): y = Self.power(x, gamma)
        case .table(let samples):
            let position = x * Double(samples.count - 1)
            let below = min(max(Int(position), 0), samples.count - 2)
            let fraction = position - Double(below)
            y = samples[below] + (samples[below + 1] - samples[below]) * fraction
        case .parametric(let type, let p):
            let (g, a, b, c, d, e, f) = (p[0], p[1], p[2], p[3], p[4], p[5], p[6])
            switch type {
            case 0: y = Self.power(x, g)
            case 1: y = x >= -b / a ? Self.power(a * x + b, g) : 0
            case 2: y = x >= -b / a ? Self.power(a * x + b, g) + c : c
            case 3: y = x >= d ? Self.power(a * x + b, g) : c * x
            default: y = x >= d ? Self.power(a * x + b, g) + e : c * x + f
            }
        }
        return y.isNaN ? 0 : min(max(y, 0), 1)
    }

    private static func power(_ base: Double, _ exponent: Double) -> Double { base <= 0 ? 0 : pow(base, exponent) }
}

/// The change from a picture's profile to sRGB, made once per picture into lookup tables: each channel to linear light,
/// the 3 × 3 matrix into sRGB's primaries (white to white, as a colour manager's relative intent does for these
/// profiles), colours outside sRGB clipped, and sRGB's curve back to 8 bits.
/// El paso del perfil de una imagen a sRGB, en tablas: a luz lineal, la matriz a los primarios de sRGB y la curva de sRGB.
struct SRGBConversion: Sendable {
    /// sRGB's linear RGB to XYZ (D50, Bradford-adapted), as colour managers build sRGB's profile.
    static let sRGBMatrix: [Double] = [0.4360747, 0.3850649, 0.1430804,
                                       0.2225045, 0.7168786, 0.0606169,
                                       0.0139322, 0.0971045, 0.7141733]
    /// XYZ (D50) to sRGB's linear RGB, worked out once.
    static let fromXYZ = inverse(sRGBMatrix)
    static let outputSteps = 16_384

    let toLinear: [[Float]]
    let matrix: [Float]
    /// Linear light in `outputSteps` steps to sRGB's 8 bits, the same for every picture.
    static let toSRGB: [UInt8] = (0..<outputSteps).map { step in
        UInt8((ToneCurve.sRGBEncoded(Double(step) / Double(outputSteps - 1)) * 255).rounded())
    }

    /// Nil when the profile is sRGB's own within what 8 bits can show: nothing to do.
    init?(_ profile: ColourProfile) {
        let combined = Self.multiply(Self.fromXYZ, profile.matrix)
        let samples = (0...32).map { Double($0) / 32 }
        let identity: [Double] = [1, 0, 0, 0, 1, 0, 0, 0, 1]
        let sameCurves = profile.curves.allSatisfy { curve in samples.allSatisfy { abs(curve.linear($0) - ToneCurve.sRGB.linear($0)) < 0.001 } }
        if sameCurves && zip(combined, identity).allSatisfy({ abs($0 - $1) < 0.002 }) { return nil }
        toLinear = profile.curves.map { curve in (0..<256).map { Float(curve.linear(Double($0) / 255)) } }
        matrix = combined.map(Float.init)
    }

    /// Converts RGBA pixels in place (alpha as it is).
    func apply(_ pixels: UnsafeMutableBufferPointer<UInt8>) {
        let top = Float(Self.outputSteps - 1)
        toLinear[0].withUnsafeBufferPointer { red in
            toLinear[1].withUnsafeBufferPointer { green in
                toLinear[2].withUnsafeBufferPointer { blue in
                    Self.toSRGB.withUnsafeBufferPointer { out in
                        let m = matrix
                        var index = 0
                        while index + 3 < pixels.count {
                            let r = red[Int(pixels[index])], g = green[Int(pixels[index + 1])], b = blue[Int(pixels[index + 2])]
                            for channel in 0..<3 {
                                let value = m[channel * 3] * r + m[channel * 3 + 1] * g + m[channel * 3 + 2] * b
                                pixels[index + channel] = out[Int(min(max(value, 0), 1) * top + 0.5)]
                            }
                            index += 4
                        }
                    }
                }
            }
        }
    }

    static func multiply(_ a: [Double], _ b: [Double]) -> [Double] {
        var product = [Double](repeating: 0, count: 9)
        for row in 0..<3 {
            for column in 0..<3 {
                for k in 0..<3 { product[row * 3 + column] += a[row * 3 + k] * b[k * 3 + column] }
            }
        }
        return product
    }

    static func inverse(_ m: [Double]) -> [Double] {
        let (a, b, c, d, e, f, g, h, i) = (m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8])
        let cofactors: [Double] = [e * i - f * h, c * h - b * i, b * f - c * e,
                                   f * g - d * i, a * i - c * g, c * d - a * f,
                                   d * h - e * g, b * g - a * h, a * e - b * d]
        let determinant: Double = a * cofactors[0] + b * cofactors[3] + c * cofactors[6]
        return cofactors.map { $0 / determinant }
    }
}

extension ToneCurve {
    /// sRGB's encoding of linear light (the inverse of `sRGB.linear`).
    static func sRGBEncoded(_ linear: Double) -> Double {
        let x = min(max(linear, 0), 1)
        return x <= 0.0031308 ? 12.92 * x : 1.055 * pow(x, 1 / 2.4) - 0.055
    }
}

/// Where a picture keeps its profile: a JPEG's APP2 `ICC_PROFILE` segments (joined in their order), a PNG's `iCCP` chunk
/// (inflated within `ColourProfile.maxSize`).
/// Dónde guarda una imagen su perfil: segmentos APP2 de un JPEG o el bloque iCCP de un PNG.
enum EmbeddedProfile {
    static func bytes(in picture: [UInt8], format: PictureFormat) -> [UInt8]? {
        switch format {
        case .jpeg: jpeg(picture)
        case .png: png(picture)
        case .webp: nil
        }
    }

    /// The APP2 segments that start with `ICC_PROFILE\0`, then their sequence number and count, joined in sequence.
    static func jpeg(_ bytes: [UInt8]) -> [UInt8]? {
        let signature = Array("ICC_PROFILE".utf8) + [0]
        var chunks: [Int: ArraySlice<UInt8>] = [:]
        var expected = 0
        JPEGSegments.each(in: bytes) { marker, body in
            guard marker == 0xE2, body.count > signature.count + 2, body.starts(with: signature) else { return }
            let sequence = Int(body[body.startIndex + signature.count]), count = Int(body[body.startIndex + signature.count + 1])
            guard sequence >= 1, count >= 1, sequence <= count, expected == 0 || expected == count else { return }
            expected = count
            chunks[sequence] = body.dropFirst(signature.count + 2)
        }
        guard expected > 0, chunks.count == expected else { return nil }
        return (1...expected).flatMap { chunks[$0]! }
    }

    /// The `iCCP` chunk before the image data: a name of 1–79 bytes, a NUL, method 0, then zlib data.
    static func png(_ bytes: [UInt8]) -> [UInt8]? {
        guard let data = PNGChunks.first("iCCP", in: bytes), let nul = data.prefix(80).firstIndex(of: 0), nul > data.startIndex,
              nul + 1 < data.endIndex, data[nul + 1] == 0 else { return nil }
        return data[(nul + 2)...].withUnsafeBufferPointer { Inflate.bytes($0, maxSize: ColourProfile.maxSize) }
    }
}

/// Big-endian fields of a profile, each read only when it lies inside the bytes.
private struct ByteFields {
    let bytes: [UInt8]
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func u16(_ at: Int) -> Int? {
        guard at >= 0, at + 2 <= bytes.count else { return nil }
        return Int(bytes[at]) << 8 | Int(bytes[at + 1])
    }

    func u32(_ at: Int) -> Int? {
        guard let high = u16(at), let low = u16(at + 2) else { return nil }
        return high << 16 | low
    }

    /// An s15Fixed16Number.
    func fixed(_ at: Int) -> Double? { u32(at).map { Double(Int32(bitPattern: UInt32($0))) / 65_536 } }

    /// Four ASCII bytes (a signature or a type).
    func tag(_ at: Int) -> String? {
        guard at >= 0, at + 4 <= bytes.count else { return nil }
        return String(decoding: bytes[at..<(at + 4)], as: UTF8.self)
    }
}
