import Foundation
import Synchronization

/// Finds the values of ` href="…"` and ` src="…"` attributes in HTML bytes; `isSource` tells an `<img src>`.
/// Encuentra los valores de los atributos ` href="…"` y ` src="…"` en los bytes del HTML.
enum AttributeRewriter {
    private static let href = Array(" href=\"".utf8), src = Array(" src=\"".utf8), img = Array("<img".utf8)

    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, _ found: (Range<Int>, _ isSource: Bool) -> Void) {
        var index = 0
        while let space = bytes.firstIndex(of: UInt8(ascii: " "), from: index) {
            index = space + 1
            if let end = HighlightedBlock.end(ofBlockAtSpace: space, in: bytes) { index = end; continue }
            let isHref = bytes.hasPrefix(href, at: space)
            guard isHref || bytes.hasPrefix(src, at: space) else { continue }
            let start = space + (isHref ? href.count : src.count)
            guard let end = bytes.firstIndex(of: UInt8(ascii: "\""), from: start) else { return }
            found(start..<end, !isHref && space >= img.count && bytes.hasPrefix(img, at: space - img.count))
            index = end + 1
        }
    }
}
