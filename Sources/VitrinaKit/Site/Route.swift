/// Where a file lives in the output, as a path relative to the output root.
/// Dónde vive un fichero en la salida, como ruta relativa a la raíz.
public struct Route: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// `pokemon/25-pikachu/index.html`, `404.html`, `index.html`.
    public let file: String

    public init(file: String) { self.file = file }

    /// A page route: the folder `path` with its `index.html`.
    public static func page(_ segments: [String]) -> Route { page(first: nil, segments, last: nil) }

    public static func page(_ segments: String...) -> Route { page(segments) }

    /// A route in a language: the default language at the root, others under their code.
    public static func page(language: String, defaultLanguage: String, _ segments: [String], then last: String? = nil) -> Route {
        page(first: language == defaultLanguage ? nil : language, segments, last: last)
    }

    /// `first`, `segments` and `last` as folders, empty ones left out, then `index.html`: written straight into the
    /// new string, with no array joined for it (a docs site makes a few routes a page).
    /// Las carpetas y luego `index.html`, escritas directamente en la cadena nueva, sin unir listas para ella.
    private static func page(first: String?, _ segments: [String], last: String?) -> Route {
        let index = "index.html"
        let size = segments.reduce(index.utf8.count + (first.map { $0.utf8.count + 1 } ?? 0) + (last.map { $0.utf8.count + 1 } ?? 0)) {
            $0 + $1.utf8.count + 1
        }
        let file = String(unsafeUninitializedCapacity: size) { storage in
            var file = StorageWriter(storage)
            func folder(_ name: String?) {
                guard let name, !name.isEmpty else { return }
                file.put(name)
                file.put(UInt8(ascii: "/"))
            }
            folder(first)
            for segment in segments { folder(segment) }
            folder(last)
            file.put(index)
            return file.count
        }
        return Route(file: file)
    }

    /// The folder URL form used in canonical links and the sitemap: `pokemon/25-pikachu/`.
    public var directoryPath: String {
        file.hasSuffix("index.html") ? String(file.dropLast("index.html".count)) : file
    }

    public var description: String { file }

    public static func < (a: Route, b: Route) -> Bool { a.file < b.file }

    /// A link from this route's file to `target`, relative, pointing at a file.
    /// Walks both paths' bytes once: shared leading folders are dropped, one `../` per folder left; the link's bytes
    /// written straight into the new string (appended piece by piece, it cost five times as much).
    /// Recorre los bytes de ambas rutas una vez y escribe el enlace directamente en la cadena nueva.
    public func link(to target: Route, fragment: String? = nil) -> String {
        var from = file, to = target.file
        return from.withUTF8 { from in
            to.withUTF8 { to in
                let (ups, shared) = Self.walk(from, to)
                let tail = UnsafeBufferPointer(rebasing: to[shared...])
                let marked = fragment.map { $0.utf8.count + 1 } ?? 0
                return String(unsafeUninitializedCapacity: 3 * ups + tail.count + marked) { storage in
                    var link = StorageWriter(storage)
                    for _ in 0..<ups { link.put("../") }
                    link.put(tail)
                    if let fragment {
                        link.put(UInt8(ascii: "#"))
                        link.put(fragment)
                    }
                    return link.count
                }
            }
        }
    }

    /// The bytes of the folders both paths start with (up to and including their last shared `/`), and how many
    /// folders `from` goes down past them: a link climbs that many times, then follows `to` from there.
    private static func walk(_ from: UnsafeBufferPointer<UInt8>, _ to: UnsafeBufferPointer<UInt8>) -> (ups: Int, shared: Int) {
        let slash = UInt8(ascii: "/")
        var index = 0, shared = 0
        while index < from.count, index < to.count, from[index] == to[index] {
            if from[index] == slash { shared = index + 1 }
            index += 1
        }
        var ups = 0
        for byte in from[shared...] where byte == slash { ups += 1 }
        return (ups, shared)
    }

    /// The way from this page back to the site root: `""`, `"../"`, `"../../"`.
    public var rootPrefix: String { String(repeating: "../", count: max(0, file.utf8.split(separator: UInt8(ascii: "/")).count - 1)) }

    /// A link from this route to any output file given by its path (`media/x.png`, `assets/site.css`).
    public func link(toFile path: String) -> String { link(to: Route(file: path)) }

    /// The absolute URL under a base URL (`https://example.org/sub/`), or nil when none is set.
    public func absoluteURL(base: String) -> String? {
        guard !base.isEmpty else { return nil }
        return (base.hasSuffix("/") ? base : base + "/") + directoryPath
    }
}

/// Bytes written one piece after another into a new string's storage (`String(unsafeUninitializedCapacity:)`), whose
/// size the caller counted first.
/// Bytes escritos uno tras otro en el espacio de una cadena nueva, cuyo tamaño se contó antes.
private struct StorageWriter {
    let storage: UnsafeMutableBufferPointer<UInt8>
    private(set) var count = 0

    init(_ storage: UnsafeMutableBufferPointer<UInt8>) { self.storage = storage }

    mutating func put(_ byte: UInt8) {
        storage[count] = byte
        count += 1
    }

    mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        UnsafeMutableRawPointer(storage.baseAddress! + count).copyMemory(from: source, byteCount: bytes.count)
        count += bytes.count
    }

    mutating func put(_ text: String) {
        var text = text
        text.withUTF8 { put($0) }
    }
}
