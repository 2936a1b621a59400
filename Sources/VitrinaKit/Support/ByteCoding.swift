import Foundation

/// Appends numbers and strings to a compact byte record (LEB128 lengths), for caches Vitrina alone reads back.
/// Añade números y textos a un registro de bytes compacto, para cachés que solo Vitrina vuelve a leer.
package struct ByteWriter {
    package private(set) var bytes: [UInt8] = []

    init() {}

    /// A writer with room for about `capacity` bytes, so a large record is not copied as it grows.
    package init(reserving capacity: Int) { bytes.reserveCapacity(max(0, capacity)) }

    package mutating func int(_ value: Int) {
        var rest = UInt64(bitPattern: Int64(value))
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    package mutating func string(_ text: String) {
        int(text.utf8.count)
        bytes.append(contentsOf: text.utf8)
    }

    package mutating func strings(_ texts: [String]) {
        int(texts.count)
        for text in texts { string(text) }
    }
}

/// Reads back what a `ByteWriter` wrote; every read fails (nil) past the end or on a malformed record.
/// Lee lo que escribió un `ByteWriter`; cada lectura falla (nil) al pasarse del final o con datos mal formados.
package struct ByteReader {
    private let bytes: [UInt8]
    private var position = 0

    package init(_ bytes: [UInt8]) { self.bytes = bytes }

    package var isAtEnd: Bool { position >= bytes.count }

    /// Bytes not read yet: a bound for any count read from the data.
    package var remaining: Int { bytes.count - position }

    package mutating func int() -> Int? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while position < bytes.count, shift < 64 {
            let byte = bytes[position]
            position += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return Int(Int64(bitPattern: value)) }
            shift += 7
        }
        return nil
    }

    package mutating func string() -> String? {
        guard let count = int(), count >= 0, count <= bytes.count - position else { return nil }
        defer { position += count }
        return bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[position..<(position + count)]), as: UTF8.self) }
    }

    package mutating func strings() -> [String]? {
        guard let count = int(), count >= 0, count <= bytes.count - position else { return nil }
        var texts: [String] = []
        texts.reserveCapacity(count)
        for _ in 0..<count {
            guard let text = string() else { return nil }
            texts.append(text)
        }
        return texts
    }
}

extension ByteWriter {
    /// Texts by key, sorted by key, so the same pairs always give the same bytes.
    package mutating func pairs(_ pairs: [String: String]) {
        let sorted = pairs.sorted { $0.key < $1.key }
        strings(sorted.map(\.key))
        strings(sorted.map(\.value))
    }

    /// Bytes another part wrote, behind their count.
    package mutating func part(_ part: [UInt8]) {
        int(part.count)
        bytes.append(contentsOf: part)
    }
}

extension ByteReader {
    /// What `ByteWriter.pairs` wrote; the first of two equal keys wins.
    package mutating func pairs() -> [String: String]? {
        guard let keys = strings(), let values = strings(), keys.count == values.count else { return nil }
        return Dictionary(zip(keys, values), uniquingKeysWith: { first, _ in first })
    }

    /// A count of things that each take at least a byte: never above `limit` nor the bytes left.
    package mutating func count(atMost limit: Int) -> Int? {
        guard let count = int(), (0...min(limit, remaining)).contains(count) else { return nil }
        return count
    }

    /// What `ByteWriter.part` wrote.
    package mutating func part() -> [UInt8]? {
        guard let count = count(atMost: .max) else { return nil }
        defer { position += count }
        return Array(bytes[position..<(position + count)])
    }
}

/// A file of records a build keeps for the next one (`.vitrina/*.bin`): a header, the settings it was made under and a
/// checksum of the records, so a damaged or foreign file is ignored rather than trusted.
/// Un fichero de registros que una construcción guarda para la siguiente, con cabecera, contexto y suma de control.
package enum MemoFile {
    /// A reader at the records of the file at `path`, when its header, context and checksum are right; else nil.
    package static func read(_ path: String, header: String, context: String) -> ByteReader? {
        guard let bytes = try? Files.read(path) else { return nil }
        var reader = ByteReader(bytes)
        guard reader.string() == header, reader.string() == context, let checksum = reader.string() else { return nil }
        let start = bytes.count - reader.remaining
        let sum = bytes.withUnsafeBytes { Fingerprint.content(UnsafeRawBufferPointer(rebasing: $0[start...])) }
        return sum == checksum ? reader : nil
    }

    /// Writes header, context, checksum and records atomically (a new file, then a rename).
    package static func write(_ payload: [UInt8], to path: String, header: String, context: String) throws {
        var writer = ByteWriter()
        writer.string(header)
        writer.string(context)
        writer.string(Fingerprint.content(payload))
        try Files.createDirectory((path as NSString).deletingLastPathComponent)
        try Files.writeFile(parts: [writer.bytes, payload], to: path + ".new")
        guard rename(path + ".new", path) == 0 else {
            throw VitrinaError(.write, "cannot replace \(path): \(String(cString: strerror(errno)))")
        }
    }
}
