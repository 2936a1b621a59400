import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import VitrinaKit

/// SVG from outside the site: known attack vectors and 10,000 generated hostile documents come out, as libxml2 reads
/// them (an independent parser), with no element, attribute, link or CSS that can run script or reach another place,
/// or are refused; what comes out is a fixed point; real SVGs (PokéAPI's artwork, the theme's) lose nothing they draw.
/// SVG de fuera del sitio: vectores conocidos y 10.000 documentos hostiles salen sin nada que ejecute código.
@Suite("Safe SVG")
struct SafeSVGTests {
    static let open = #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="40" height="40">"#

    /// Vectors from the OWASP XSS filter evasion sheet, DOMPurify's SVG tests and the SVG specification's script hooks.
    static let vectors: [String] = [
        "<script>alert(1)</script>",
        "<script><![CDATA[alert(1)]]></script>",
        #"<script xlink:href="data:,alert(1)"/>"#,
        #"<script href="https://evil.example/x.js"/>"#,
        #"<rect width="10" height="10" onload="alert(1)"/>"#,
        #"<rect width="10" height="10" ONCLICK="alert(1)" OnMouseOver="alert(1)"/>"#,
        #"<image href="x" onerror="alert(1)"/>"#,
        #"<a href="javascript:alert(1)"><rect width="9" height="9"/></a>"#,
        #"<a xlink:href="&#106;avascript:alert(1)"><text>x</text></a>"#,
        #"<a href=" java&#x09;script:alert(1)"><circle r="3"/></a>"#,
        #"<foreignObject width="9" height="9"><body xmlns="http://www.w3.org/1999/xhtml" onload="alert(1)"><p>x</p></body></foreignObject>"#,
        #"<iframe xmlns="http://www.w3.org/1999/xhtml" src="javascript:alert(1)"/>"#,
        #"<animate attributeName="href" to="javascript:alert(1)" begin="0s"/>"#,
        #"<set attributeName="onload" to="alert(1)"/>"#,
        #"<a><animate attributeName="href" values="javascript:alert(1)"/><text y="10">x</text></a>"#,
        #"<use href="data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIG9ubG9hZD0iYWxlcnQoMSkiLz4=#x"/>"#,
        #"<use xlink:href="https://evil.example/sprite.svg#icon"/>"#,
        #"<image href="data:image/svg+xml,&lt;svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/&gt;"/>"#,
        #"<image href="https://evil.example/x.png" width="5" height="5"/>"#,
        #"<feImage href="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;"/>"#,
        "<style>@import url(https://evil.example/x.css);</style>",
        "<style>@im\\port 'https://evil.example/x.css';</style>",
        "<style>rect { fill: url(https://evil.example/p.svg#g) }</style>",
        "<style>rect { background: image-set('https://evil.example/x.png' 1x) }</style>",
        #"<rect width="5" height="5" style="fill:url(javascript:alert(1))"/>"#,
        #"<rect width="5" height="5" fill="url(https://evil.example/#x)"/>"#,
        #"<handler xmlns:ev="http://www.w3.org/2001/xml-events" ev:event="load">alert(1)</handler>"#,
        #"<x:script xmlns:x="http://www.w3.org/2000/svg">alert(1)</x:script>"#,
        #"<h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script>"#,
        #"<h:img xmlns:h="http://www.w3.org/1999/xhtml" src="x" onerror="alert(1)"/>"#,
        "<SCRIPT>alert(1)</SCRIPT>",
        "<script\n>alert(1)</script\n>",
        #"<textPath href="javascript:alert(1)">x</textPath>"#,
        #"<math xmlns="http://www.w3.org/1998/Math/MathML"><maction actiontype="statusline" xlink:href="javascript:alert(1)">x</maction></math>"#,
        #"<?xml-stylesheet type="text/xsl" href="data:text/xml,x"?><rect width="2" height="2"/>"#,
        #"<svg onload="alert(1)"/>"#,
        #"<g><svg><script>alert(1)</script></svg></g>"#,
        #"<discard begin="0s" onbegin="alert(1)"/>"#,
        #"<animate onbegin="alert(1)" attributeName="x" dur="1s"/>"#,
        #"<a xlink:href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="><text>x</text></a>"#,
        "<text>&lt;script&gt;alert(1)&lt;/script&gt;</text>",
        "<style><![CDATA[ @import 'https://evil.example/x.css'; ]]></style>",
        #"<rect width="5" height="5" style="behavior:url(x.htc)"/>"#,
        #"<image xlink:href="  data:image/png;base64,iVBORw0KGgo= " width="1" height="1" onload="alert(1)"/>"#,
    ]

    /// Documents that cannot be made safe: a DTD, entities other than XML's five, XML that is not well formed.
    static let refused: [String] = [
        "<!DOCTYPE svg [<!ENTITY x \"&#60;script&#62;alert(1)&#60;/script&#62;\">]>" + open + "&x;</svg>",
        "<!DOCTYPE svg [<!ENTITY % p SYSTEM \"https://evil.example/x.dtd\"> %p;]>" + open + "</svg>",
        open + "<text>&nbsp;</text></svg>",
        open + "<svg onload=alert(1)/></svg>",
        open + "<g></svg>",
        open + "<rect x=\"1\" x=\"2\"/></svg>",
        open + "<p:rect/></svg>",
        open + String(repeating: "<g>", count: 300) + String(repeating: "</g>", count: 300) + "</svg>",
    ]

    @Test("every known vector comes out with nothing that runs script, and is named in what was removed")
    func knownVectorsAreRemoved() throws {
        for vector in Self.vectors {
            let document = Self.open + "<rect width=\"40\" height=\"40\" fill=\"#3a6\"/>" + vector + "</svg>"
            let cleaned = try SafeSVG.clean(Array(document.utf8)).get()
            let problems = Self.problems(in: cleaned.bytes)
            #expect(problems.isEmpty, "\(vector)\n→ \(String(decoding: cleaned.bytes, as: UTF8.self))\n\(problems)")
            #expect(String(decoding: cleaned.bytes, as: UTF8.self).contains("fill=\"#3a6\""), "the drawing around \(vector) was kept")
            let harmless = vector.hasPrefix("<text>") || vector.hasPrefix("<?xml-stylesheet") || vector.hasPrefix("<SCRIPT>")
            #expect(harmless || !cleaned.removed.isEmpty, "nothing was named as removed from \(vector)")
        }
    }

    @Test("a DTD, an unknown entity or XML that is not well formed cannot be made safe")
    func unsafeDocumentsAreRefused() {
        for document in Self.refused {
            guard case .failure(let refusal) = SafeSVG.clean(Array(document.utf8)) else {
                Issue.record("not refused: \(document.prefix(120))")
                continue
            }
            #expect(!refusal.reason.isEmpty)
        }
        let deep = Self.open + String(repeating: "<g>", count: 10_000) + String(repeating: "</g>", count: 10_000) + "</svg>"
        #expect(throws: SafeSVG.Refusal.self) { try SafeSVG.clean(Array(deep.utf8)).get() }
    }

    @Test("10,000 generated hostile SVGs: none traps, each comes out safe as libxml2 reads it, or is refused; what comes out is a fixed point")
    func generatedHostileDocuments() throws {
        var random = SeededBytes(seed: 0x5AFE_5A6)
        var refusedCount = 0
        for round in 0..<10_000 {
            let document = HostileSVG.make(&random)
            switch SafeSVG.clean(Array(document.utf8)) {
            case .failure:
                refusedCount += 1
            case .success(let cleaned):
                let problems = Self.problems(in: cleaned.bytes)
                if !problems.isEmpty {
                    Issue.record("round \(round): \(problems)\n\(document)\n→ \(String(decoding: cleaned.bytes, as: UTF8.self))")
                    return
                }
                let again = try SafeSVG.clean(cleaned.bytes).get()
                #expect(again.bytes == cleaned.bytes, "round \(round): not a fixed point")
                #expect(again.removed.isEmpty)
                #expect(cleaned.bytes.count <= document.utf8.count * 3 + 64)
            }
        }
        // The generator makes well-formed documents most of the time: a sanitiser that refused everything would fail here.
        #expect(refusedCount < 3_000, "\(refusedCount) of 10,000 refused")
    }

    @Test("real SVGs lose nothing they draw: PokéAPI's artwork, the theme's pictures, a docs folder's logo")
    func benignDocumentsKeepTheirDrawing() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let folders = ["Fixtures/recordings/raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/other/dream-world",
                       "../Templates/assets", "Fixtures/docs-folder/Content/img"]
        var checked = 0
        for folder in folders {
            let directory = root.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) where name.hasSuffix(".svg") {
                let bytes = Array(try Data(contentsOf: directory.appendingPathComponent(name)))
                let cleaned = try SafeSVG.clean(bytes).get()
                #expect(cleaned.removed.isEmpty, "\(folder)/\(name): \(cleaned.removed)")
                #expect(Self.problems(in: cleaned.bytes).isEmpty)
                #expect(Self.drawnElements(bytes) == Self.drawnElements(cleaned.bytes), "\(folder)/\(name)")
                #expect(ImageSize.of(bytes).map { [$0.width, $0.height] } == ImageSize.of(cleaned.bytes).map { [$0.width, $0.height] })
                checked += 1
            }
        }
        #expect(checked >= 9)
    }

    @Test("a picture's kind is what its bytes say: an HTML page holding an <svg> is none, an SVG after a prolog is one")
    func kindsComeFromBytes() {
        #expect(PictureKind.of(Array("<!doctype html><html><body><svg onload=alert(1)></svg>".utf8)) == nil)
        #expect(PictureKind.of(Array("<html><svg xmlns=\"http://www.w3.org/2000/svg\"/></html>".utf8)) == nil)
        #expect(PictureKind.of([0xEF, 0xBB, 0xBF] + Array("<?xml version=\"1.0\"?>\n<!-- made by hand -->\n<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" \"x.dtd\">\n<svg width=\"1\"/>".utf8)) == .svg)
        #expect(PictureKind.of(Array("<svg:svg xmlns:svg=\"http://www.w3.org/2000/svg\"/>".utf8)) == .svg)
        #expect(PictureKind.of(Array("<svgx/>".utf8)) == nil)
        #expect(PictureKind.of([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0]) == .png)
        #expect(PictureKind.of([0xFF, 0xD8, 0xFF, 0xE0]) == .jpeg)
        #expect(PictureKind.of(Array("GIF89a....".utf8)) == .gif)
        #expect(PictureKind.of(Array("RIFF\0\0\0\0WEBPVP8 ".utf8)) == .webp)
        #expect(PictureKind.png.name("shot.jpg") == "shot.png")
        #expect(PictureKind.jpeg.name("shot.JPEG") == "shot.JPEG")
        #expect(PictureKind.svg.name("728bf0f0") == "728bf0f0.svg")
        #expect(PictureKind.png.name("a.min") == "a.min.png")
        #expect(MediaFetcher.named("media/web/host/728bf0f0", kind: .svg, hash: "0123456789abcdef-99") == "media/web/host/728bf0f0.01234567.svg")
        #expect(MediaFetcher.named("media/pokeapi/sprites/6.svg", kind: .svg, hash: "fedcba9876543210-9") == "media/pokeapi/sprites/6.fedcba98.svg")
        #expect(MediaFetcher.named("media/store/img/a.jpg", kind: .png, hash: "x") == "media/store/img/a.png")
    }

    @Test("a fetched picture's memo read back from disk: facts out of range or an unknown kind are refused, no bytes come from it")
    func memoReadBackIsChecked() throws {
        let made = FetchedPicture(Array((Self.open + "<script>alert(1)</script></svg>").utf8))
        #expect(made.cleaned != nil)
        let stored = try JSONEncoder().encode(made)
        let read = try JSONDecoder().decode(FetchedPicture.self, from: stored)
        #expect(read.cleaned == nil, "the safe bytes are never taken from the memo")
        guard case .picture(_, .svg, let removed) = read.outcome else { Issue.record("\(read.outcome)"); return }
        #expect(removed == ["script element"])
        let text = String(decoding: stored, as: UTF8.self)
        for hostile in [text.replacingOccurrences(of: "\"svg\"", with: "\"exe\""),
                        text.replacingOccurrences(of: "\"width\":40", with: "\"width\":-1"),
                        text.replacingOccurrences(of: "\"width\":40", with: "\"width\":1e300")] {
            #expect(hostile != text)
            #expect(throws: (any Error).self) { try JSONDecoder().decode(FetchedPicture.self, from: Data(hostile.utf8)) }
        }
    }

    // MARK: The oracle: libxml2, through Foundation's XMLParser

    /// What a browser could run or fetch in `bytes`, as libxml2 reads them; an empty list when nothing.
    static func problems(in bytes: [UInt8]) -> [String] {
        let reader = OracleReader()
        let parser = XMLParser(data: Data(bytes))
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        parser.delegate = reader
        if !parser.parse() { return ["libxml2 cannot read it: \(parser.parserError.map { "\($0)" } ?? "")"] }
        return reader.problems
    }

    /// The drawing elements of a document in order (shapes, paint servers, text), as libxml2 reads them.
    static func drawnElements(_ bytes: [UInt8]) -> [String] {
        let reader = OracleReader()
        let parser = XMLParser(data: Data(bytes))
        parser.shouldProcessNamespaces = true
        parser.delegate = reader
        _ = parser.parse()
        return reader.elements.filter { SVGWriter.elements.contains($0) }
    }

    final class OracleReader: NSObject, XMLParserDelegate {
        var problems: [String] = []
        var elements: [String] = []
        private var inStyle = false

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            elements.append(name)
            if namespaceURI != "http://www.w3.org/2000/svg" { problems.append("element \(name) in \(namespaceURI ?? "no namespace")") }
            if ["script", "foreignObject", "iframe", "animate", "set", "animateTransform", "animateMotion", "handler", "discard"].contains(name) {
                problems.append("element \(name)")
            }
            inStyle = name == "style"
            for (key, value) in attributes {
                let local = key.split(separator: ":").last.map(String.init) ?? key
                if local.lowercased().hasPrefix("on") { problems.append("attribute \(key)") }
                if local == "href" {
                    let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
                    let raster = ["png", "jpeg", "jpg", "gif", "webp"].contains { trimmed.hasPrefix("data:image/\($0);base64,") }
                    if !trimmed.hasPrefix("#") && !raster { problems.append("\(key)=\(value)") }
                }
                problems += Self.cssProblems(value).map { "\(key): \($0)" }
            }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) { inStyle = false }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if inStyle { problems += Self.cssProblems(string) }
        }

        func parser(_ parser: XMLParser, foundCDATA block: Data) {
            if inStyle { problems += Self.cssProblems(String(decoding: block, as: UTF8.self)) }
        }

        func parser(_ parser: XMLParser, foundProcessingInstructionWithTarget target: String, data: String?) {
            problems.append("processing instruction \(target)")
        }

        /// `javascript:` (with white space and controls taken out), `@import`, escapes, and `url()` to anything but `#`.
        static func cssProblems(_ text: String) -> [String] {
            let squeezed = String(text.lowercased().unicodeScalars.filter { $0.value > 0x20 })
            var found: [String] = []
            if squeezed.contains("javascript:") { found.append("javascript:") }
            if squeezed.contains("@import") { found.append("@import") }
            var rest = Substring(squeezed)
            while let range = rest.range(of: "url(") {
                let after = rest[range.upperBound...].drop { $0 == "\"" || $0 == "'" }
                if after.first != "#" { found.append("url(\(after.prefix(20))") }
                rest = rest[range.upperBound...]
            }
            return found
        }
    }
}

/// Hostile SVG documents from a seed: vectors in random places and nestings, with case, white space, quoting, entity,
/// CDATA and namespace tricks, among benign drawing.
/// Documentos SVG hostiles a partir de una semilla.
enum HostileSVG {
    static let benign = [##"<rect x="1" y="1" width="8" height="8" fill="#c33"/>"##, ##"<circle cx="5" cy="5" r="4" stroke="#000"/>"##,
                         #"<path d="M0 0L10 10" stroke-width="2"/>"#, #"<text x="1" y="9" font-size="8">héllo</text>"#,
                         ##"<linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient>"##,
                         ##"<use href="#g"/>"##, "<title>t</title>"]
    static let containers = ["g", "defs", "symbol", "a", "switch", "text", "clipPath", "mask", "pattern", "svg", "foreignObject", "x:g"]
    static let handlers = ["onload", "onerror", "onclick", "onbegin", "onend", "onfocusin", "onmouseover", "ONLOAD", "OnLoad", "onanimationstart"]
    static let javascript = ["javascript:alert(1)", "JaVaScRiPt:alert(1)", " javascript:alert(1)", "java&#x09;script:alert(1)",
                             "&#106;avascript:alert(1)", "&#x6A;&#x61;vascript:alert(1)", "javascript&#58;alert(1)", "data:text/html,x",
                             "data:image/svg+xml;base64,PHN2Zy8+", "https://evil.example/x.svg#a", "//evil.example/x", "vbscript:x"]
    static let hrefNames = ["href", "xlink:href", "x:href", "XLINK:href"]

    static func make(_ random: inout SeededBytes) -> String {
        var parts: [String] = []
        for _ in 0..<(1 + random.next(5)) {
            parts.append(random.next(3) == 0 ? pick(benign, &random) : vector(&random))
        }
        var body = parts.joined(separator: pick(["", "\n", " ", "<!-- c -->"], &random))
        for _ in 0..<random.next(3) {
            let container = pick(containers, &random)
            body = "<\(container)>\(body)</\(container)>"
        }
        let namespaces = pick([#" xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:x="http://www.w3.org/2000/svg""#,
                               #" xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:x="http://www.w3.org/1999/xhtml""#,
                               #" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:x="http://www.w3.org/1999/xlink""#], &random)
        let rootExtra = random.next(4) == 0 ? " \(pick(handlers, &random))=\"alert(1)\"" : ""
        let prolog = pick(["", "<?xml version=\"1.0\"?>", "\u{FEFF}", "<!-- x -->\n", "<!DOCTYPE svg>"], &random)
        return prolog + "<svg\(namespaces) width=\"10\" height=\"10\"\(rootExtra)>\(body)</svg>"
    }

    static func vector(_ random: inout SeededBytes) -> String {
        let script = pick(["alert(1)", "<![CDATA[alert(1)]]>", "&lt;img src=x onerror=alert(1)&gt;"], &random)
        let element = pick(["rect", "image", "use", "feImage", "textPath", "animate", "set", "a", "circle", "g", "svg"], &random)
        let quote = pick(["\"", "'"], &random)
        let space = pick([" ", "\n", "\t", "  "], &random)
        switch random.next(11) {
        case 0: return "<\(pick(["script", "x:script", "SCRIPT", "Script"], &random))\(space)>\(script)</\(pick(["script", "x:script", "SCRIPT", "Script"], &random))>"
        case 1: return "<\(element)\(space)\(pick(handlers, &random))=\(quote)alert(1)\(quote)/>"
        case 2: return "<\(element)\(space)\(pick(hrefNames, &random))=\(quote)\(pick(javascript, &random))\(quote)/>"
        case 3: return "<style>\(pick(["@import url(//evil.example/x.css);", "@IMPORT 'x.css';", "rect{fill:url( 'https://evil.example/#a')}", "@im\\port 'x';", "a{b:url(#ok)}", "/*x*/@import'y';"], &random))</style>"
        case 4: return "<\(element) style=\(quote)\(pick(["fill:url(https://evil.example/#a)", "fill:URL(javascript:alert(1))", "x:expression(alert(1))", "fill:red"], &random))\(quote)/>"
        case 5: return "<foreignObject><div xmlns=\"http://www.w3.org/1999/xhtml\"><img src=\"x\" onerror=\"alert(1)\"/></div></foreignObject>"
        case 6: return "<\(pick(["animate", "set", "animateTransform"], &random)) attributeName=\"\(pick(["href", "xlink:href", "onload", "fill"], &random))\" \(pick(["to", "values", "from"], &random))=\"\(pick(javascript, &random))\"/>"
        case 7: return "<iframe xmlns=\"http://www.w3.org/1999/xhtml\" src=\"\(pick(javascript, &random))\"/>"
        case 8: return "<a \(pick(hrefNames, &random))=\"\(pick(javascript, &random))\"><text>x</text></a>"
        case 9: return "<?xml-stylesheet href=\"\(pick(javascript, &random))\"?>"
        default: return "<handler xmlns:ev=\"http://www.w3.org/2001/xml-events\" ev:event=\"load\">\(script)</handler>"
        }
    }

    static func pick(_ options: [String], _ random: inout SeededBytes) -> String { options[random.next(options.count)] }
}
