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
        let file = String(unsafeUninitializedCapacity: size) { file in
            var count = 0
            func put(_ text: String, folder: Bool) {
                guard !text.isEmpty else { return }
                var text = text
                text.withUTF8 { bytes in
                    UnsafeMutableRawPointer(file.baseAddress! + count).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
                    count += bytes.count
                }
                if folder {
                    file[count] = UInt8(ascii: "/")
                    count += 1
                }
            }
            first.map { put($0, folder: true) }
            for segment in segments { put(segment, folder: true) }
            last.map { put($0, folder: true) }
            put(index, folder: false)
            return count
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
        var from = file, to = target.file, fragment = fragment
        return from.withUTF8 { from in
            to.withUTF8 { to in
                let (ups, shared) = Self.walk(from, to)
                let tail = UnsafeBufferPointer(rebasing: to[shared...])
                let marked = fragment?.withUTF8 { $0.count + 1 } ?? 0
                return String(unsafeUninitializedCapacity: 3 * ups + tail.count + marked) { link in
                    var count = 0
                    func put(_ bytes: UnsafeBufferPointer<UInt8>) {
                        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
                        UnsafeMutableRawPointer(link.baseAddress! + count).copyMemory(from: base, byteCount: bytes.count)
                        count += bytes.count
                    }
                    for _ in 0..<ups {
                        (link[count], link[count + 1], link[count + 2]) = (UInt8(ascii: "."), UInt8(ascii: "."), UInt8(ascii: "/"))
                        count += 3
                    }
                    put(tail)
                    if marked > 0 {
                        link[count] = UInt8(ascii: "#")
                        count += 1
                        fragment?.withUTF8(put)
                    }
                    return count
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
