/// Writes a read SVG back with only what cannot run script or reach another place: allowlisted SVG elements (an
/// `a` gives way to its children), allowlisted attributes without namespace, `href`s to `#fragments` (and raster
/// `data:` pictures on `image`), and CSS without `@import`, escapes or `url()`s other than `#fragment`.
/// Reescribe un SVG leído con solo lo permitido: nada que ejecute código ni lleve a otro sitio.
struct SVGWriter {
    static let svgNamespace = "http://www.w3.org/2000/svg"
    static let xlinkNamespace = "http://www.w3.org/1999/xlink"

    private(set) var output: [UInt8] = []
    private(set) var removed: [String] = []

    mutating func write(root: SVGElement) {
        guard Self.isSVG(root), root.name == "svg" else {
            note("\(root.name) element")
            output = Array(#"<svg xmlns="http://www.w3.org/2000/svg"/>"#.utf8)
            return
        }
        write(root, isRoot: true)
    }

    private mutating func write(_ element: SVGElement, isRoot: Bool = false) {
        output += Array("<\(element.name)".utf8)
        if isRoot { output += Array(#" xmlns="http://www.w3.org/2000/svg""#.utf8) }
        var written: Set<String> = []
        for attribute in element.attributes {
            guard let value = kept(attribute, of: element.name), written.insert(Self.writtenName(attribute)).inserted else { continue }
            output += Array(" \(Self.writtenName(attribute))=\"".utf8)
            escape(value, inAttribute: true)
            output.append(UInt8(ascii: "\""))
        }
        output.append(UInt8(ascii: ">"))
        writeChildren(of: element)
        output += Array("</\(element.name)>".utf8)
    }

    private mutating func writeChildren(of element: SVGElement) {
        for child in element.children {
            switch child {
            case .text(let text):
                if element.name == "style", !SafeCSS.isSafe(text) { note("style element with @import, escapes or outside URLs"); continue }
                escape(text, inAttribute: false)
            case .element(let inner):
                guard Self.isSVG(inner) else {
                    // Editors' metadata (Inkscape, RDF) goes quietly; HTML and what runs script is named.
                    if inner.namespace == Self.xhtmlNamespace || Self.activeNames.contains(inner.name.lowercased()) { note("\(inner.name) element") }
                    continue
                }
                if inner.name == "a" {
                    for attribute in inner.attributes where attribute.name == "href" { _ = href(attribute.value, of: "a") }
                    writeChildren(of: inner)
                    continue
                }
                guard Self.elements.contains(inner.name) else {
                    if Self.activeNames.contains(inner.name.lowercased()) { note("\(inner.name) element") }
                    continue
                }
                write(inner)
            }
        }
    }

    static let xhtmlNamespace = "http://www.w3.org/1999/xhtml"

    /// In SVG's namespace, or in none (an SVG that forgot `xmlns` is read as SVG; it is written with it).
    static func isSVG(_ element: SVGElement) -> Bool { element.namespace == svgNamespace || element.namespace.isEmpty }

    /// Names worth a warning when removed: what runs script, embeds a document or changes attributes over time.
    static let activeNames: Set<String> = ["script", "foreignobject", "iframe", "embed", "object", "set", "animate", "animatemotion",
                                          "animatetransform", "animatecolor", "handler", "listener", "discard", "html", "body", "img",
                                          "audio", "video", "link", "meta", "base", "form", "math"]

    /// `xlink:href` is written `href`, `xml:space` as it was.
    private static func writtenName(_ attribute: (namespace: String, name: String, value: String)) -> String {
        switch attribute.namespace {
        case xlinkNamespace: "href"
        case SVGReader.xmlNamespace: "xml:" + attribute.name
        default: attribute.name
        }
    }

    /// The value to write for an attribute, or nil to leave it out (noted when it could have run script or reached out).
    private mutating func kept(_ attribute: (namespace: String, name: String, value: String), of element: String) -> String? {
        let lower = attribute.name.lowercased()
        if attribute.namespace == Self.xlinkNamespace, attribute.name == "href" { return href(attribute.value, of: element) }
        if attribute.namespace == SVGReader.xmlNamespace { return attribute.name == "space" && ["preserve", "default"].contains(attribute.value) ? attribute.value : nil }
        guard attribute.namespace.isEmpty else { return nil } // editors' own attributes / atributos propios de editores
        if lower.hasPrefix("on") { note("\(attribute.name) attribute"); return nil }
        if attribute.name == "href" { return href(attribute.value, of: element) }
        guard Self.attributes.contains(attribute.name) else { return nil }
        guard SafeCSS.isSafe(attribute.value) else { note("\(attribute.name) attribute with an outside URL or escapes"); return nil }
        return attribute.value
    }

    /// A reference to a fragment of this document; on `image` and `feImage`, also a PNG, JPEG, GIF or WebP `data:` URL.
    private mutating func href(_ value: String, of element: String) -> String? {
        let trimmed = value.trimmingSpaces
        if trimmed.utf8.first == UInt8(ascii: "#"), !trimmed.utf8.contains(where: { $0 < 0x21 || $0 == UInt8(ascii: "\\") }) { return trimmed }
        if element == "image" || element == "feImage", SafeCSS.isRasterDataURL(trimmed) { return trimmed }
        note(trimmed.lowercased().hasPrefix("javascript:") ? "javascript: link" : "href to another document (\(Printable.short(trimmed, limit: 40)))")
        return nil
    }

    private mutating func note(_ what: String) {
        if !removed.contains(what), removed.count < 50 { removed.append(what) }
    }

    /// XML's escapes; characters XML does not allow are left out, white space in attributes kept as references.
    private mutating func escape(_ text: String, inAttribute: Bool) {
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += Array("&amp;".utf8)
            case "<": output += Array("&lt;".utf8)
            case ">": output += Array("&gt;".utf8)
            case "\"" where inAttribute: output += Array("&quot;".utf8)
            case "\t" where inAttribute: output += Array("&#9;".utf8)
            case "\n" where inAttribute: output += Array("&#10;".utf8)
            case "\r": output += Array("&#13;".utf8)
            default:
                if SVGReader.isXMLChar(scalar.value) { output += Array(String(scalar).utf8) }
            }
        }
    }

    /// The SVG elements kept: shapes, text, structure, paint servers, clipping, masking, markers and filters.
    static let elements: Set<String> = [
        "svg", "g", "defs", "desc", "title", "symbol", "use", "image", "switch", "view",
        "path", "rect", "circle", "ellipse", "line", "polyline", "polygon",
        "text", "tspan", "textPath",
        "linearGradient", "radialGradient", "stop", "pattern", "clipPath", "mask", "marker", "style",
        "filter", "feBlend", "feColorMatrix", "feComponentTransfer", "feComposite", "feConvolveMatrix", "feDiffuseLighting",
        "feDisplacementMap", "feDistantLight", "feDropShadow", "feFlood", "feFuncA", "feFuncB", "feFuncG", "feFuncR",
        "feGaussianBlur", "feImage", "feMerge", "feMergeNode", "feMorphology", "feOffset", "fePointLight",
        "feSpecularLighting", "feSpotLight", "feTile", "feTurbulence",
    ]

    /// The attributes kept (without namespace): geometry, presentation, text, paint servers, clipping, markers, filters.
    static let attributes: Set<String> = [
        "id", "class", "style", "lang", "role", "aria-label", "aria-hidden", "aria-labelledby", "aria-describedby",
        "x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "rx", "ry", "fx", "fy", "fr", "z", "width", "height", "d", "points",
        "pathLength", "viewBox", "preserveAspectRatio", "transform", "transform-origin", "version", "systemLanguage",
        "alignment-baseline", "baseline-shift", "clip", "clip-path", "clip-rule", "color", "color-interpolation",
        "color-interpolation-filters", "color-rendering", "cursor", "direction", "display", "dominant-baseline",
        "enable-background", "fill", "fill-opacity", "fill-rule", "filter", "flood-color", "flood-opacity", "font",
        "font-family", "font-size", "font-size-adjust", "font-stretch", "font-style", "font-variant", "font-weight",
        "glyph-orientation-horizontal", "glyph-orientation-vertical", "image-rendering", "isolation", "kerning",
        "letter-spacing", "lighting-color", "marker", "marker-start", "marker-mid", "marker-end", "mask", "mask-type",
        "mix-blend-mode", "opacity", "overflow", "paint-order", "pointer-events", "shape-rendering", "stop-color",
        "stop-opacity", "stroke", "stroke-dasharray", "stroke-dashoffset", "stroke-linecap", "stroke-linejoin",
        "stroke-miterlimit", "stroke-opacity", "stroke-width", "text-anchor", "text-decoration", "text-rendering",
        "unicode-bidi", "vector-effect", "visibility", "word-spacing", "writing-mode",
        "dx", "dy", "rotate", "textLength", "lengthAdjust", "startOffset", "method", "spacing", "side",
        "gradientUnits", "gradientTransform", "spreadMethod", "offset", "patternUnits", "patternContentUnits",
        "patternTransform", "clipPathUnits", "maskUnits", "maskContentUnits", "markerWidth", "markerHeight", "markerUnits",
        "refX", "refY", "orient", "filterUnits", "primitiveUnits", "in", "in2", "result", "stdDeviation", "type", "values",
        "tableValues", "slope", "intercept", "amplitude", "exponent", "operator", "k1", "k2", "k3", "k4", "mode", "scale",
        "xChannelSelector", "yChannelSelector", "baseFrequency", "numOctaves", "seed", "stitchTiles", "kernelMatrix",
        "order", "divisor", "bias", "targetX", "targetY", "edgeMode", "preserveAlpha", "kernelUnitLength", "surfaceScale",
        "diffuseConstant", "specularConstant", "specularExponent", "azimuth", "elevation", "pointsAtX", "pointsAtY",
        "pointsAtZ", "limitingConeAngle", "radius", "media",
    ]
}

/// CSS that reaches nothing outside the document: no `@import`, no escapes (which could spell anything), and `url()`
/// only to `#fragment`s; other functions that load (`image-set()`, `image()`, `element()`, `src()`) are refused.
/// CSS que no alcanza nada fuera del documento.
enum SafeCSS {
    static func isSafe(_ text: String) -> Bool {
        var lower = Array(text.lowercased().utf8)
        lower = withoutComments(lower)
        if lower.contains(UInt8(ascii: "\\")) { return false }
        let text = String(decoding: lower, as: UTF8.self)
        for word in ["@import", "@font-face", "@namespace", "javascript:", "expression(", "-moz-binding", "behavior",
                     "image-set(", "image(", "element(", "src(", "cross-fade("] where text.contains(word) { return false }
        var rest = text[...]
        while let found = rest.range(of: "url(") {
            let after = rest[found.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\"" || $0 == "'" }
            guard after.first == "#" else { return false }
            rest = rest[found.upperBound...]
        }
        return true
    }

    /// `data:image/png;base64,…` (or JPEG, GIF, WebP) with nothing but base64 after the comma.
    static func isRasterDataURL(_ value: String) -> Bool {
        let lower = value.lowercased()
        for type in ["png", "jpeg", "jpg", "gif", "webp"] {
            let prefix = "data:image/\(type);base64,"
            guard lower.hasPrefix(prefix) else { continue }
            return lower.utf8.dropFirst(prefix.utf8.count).allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x7A) || byte == UInt8(ascii: "+")
                    || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "=") || byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
            }
        }
        return false
    }

    private static func withoutComments(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                index += 2
                while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) { index += 1 }
                index += 2
                result.append(0x20)
                continue
            }
            result.append(bytes[index])
            index += 1
        }
        return result
    }
}

extension String {
    /// Without the white space XML allows around a value.
    var trimmingSpaces: String {
        let bytes = Array(utf8)
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }
}
