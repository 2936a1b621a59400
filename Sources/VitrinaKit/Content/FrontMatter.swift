import Foundation
import Yams

/// A Markdown file split into its front matter (YAML between `---` lines, or TOML between `+++` lines) and its body.
/// Un fichero Markdown separado en su cabecera (YAML entre `---` o TOML entre `+++`) y su cuerpo.
public struct FrontMatter: Sendable {
    public let fields: [String: FieldValue]
    public let body: String
    /// Line of the file where the body starts (1-based), for error messages.
    public let bodyLine: Int

    /// Splits `---\nyaml\n---\nbody` or `+++\ntoml\n+++\nbody`; a file without front matter is all body.
    public static func parse(_ text: String, file: String) throws -> FrontMatter {
        try parse(Array(text.utf8), file: file)
    }

    /// The same on the file's bytes: lines are found with `memchr`, and only the front matter becomes lines of text.
    public static func parse(_ bytes: [UInt8], file: String) throws -> FrontMatter {
        // Windows line endings too: "\r\n" is one Character, so it would never split on "\n".
        var bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        if bytes.contains(13) { bytes = withoutCarriageReturns(bytes) }
        return try bytes.withUnsafeBufferPointer { buffer in
            let lines = LineScanner(buffer)
            guard let first = lines.line(at: 0), let fence = Self.fence(UnsafeBufferPointer(rebasing: buffer[first])) else {
                return FrontMatter(fields: [:], body: String(decoding: buffer, as: UTF8.self), bodyLine: 1)
            }
            var lineNumber = 1
            var position = first.upperBound + 1
            var closing: Range<Int>?
            while let line = lines.line(at: position) {
                lineNumber += 1
                if Self.fence(UnsafeBufferPointer(rebasing: buffer[line])) == fence { closing = line; break }
                position = line.upperBound + 1
            }
            guard let closing else {
                throw VitrinaError(.content, "\(file):1: the front matter opened with \(fence) is never closed; add a line with \(fence) after it")
            }
            let bodyStart = min(closing.upperBound + 1, buffer.count)
            let body = String(decoding: UnsafeBufferPointer(rebasing: buffer[bodyStart...]), as: UTF8.self)
            let frontRange = min(first.upperBound + 1, closing.lowerBound)..<closing.lowerBound
            if fence == "+++" {
                let fields = try TOMLFrontMatter.fields(Array(buffer[frontRange]), file: file, firstLine: 2)
                return FrontMatter(fields: fields, body: body, bodyLine: lineNumber + 1)
            }
            let yamlText = String(decoding: UnsafeBufferPointer(rebasing: buffer[frontRange]), as: UTF8.self)
            // Split on the newline byte (carriage returns are gone, so each "\n" is a Character of its own): splitting
            // on Characters walked every grapheme of every page's front matter.
            // Cortada por el byte de salto de línea: cortarla por caracteres recorría cada grafema de cada cabecera.
            let yamlLines = frontRange.isEmpty ? [] : yamlText.utf8.dropLast().split(separator: 10, omittingEmptySubsequences: false)
                .map { Substring($0) }
            return try FrontMatter(yaml: yamlLines, body: body, bodyLine: lineNumber + 1, file: file)
        }
    }

    /// `---` or `+++` when the line is one alone, spaces around it allowed.
    private static func fence(_ line: UnsafeBufferPointer<UInt8>) -> String? {
        var trimmed = line[...]
        while let first = trimmed.first, first == 32 || first == 9 { trimmed = trimmed.dropFirst() }
        while let last = trimmed.last, last == 32 || last == 9 { trimmed = trimmed.dropLast() }
        return ["---", "+++"].first { trimmed.elementsEqual($0.utf8) }
    }

    private static func withoutCarriageReturns(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        for (index, byte) in bytes.enumerated() where !(byte == 13 && index + 1 < bytes.count && bytes[index + 1] == 10) { result.append(byte) }
        return result
    }

    /// Reads the lines between the fences: simple `key: value` lines directly, anything else through Yams.
    private init(yaml lines: [Substring], body: String, bodyLine: Int, file: String) throws {
        self.body = body
        self.bodyLine = bodyLine
        if let fields = Self.simpleFields(lines[...]) {
            self.fields = fields
            return
        }
        let node = try SafeYAML.compose(lines.joined(separator: "\n"), file: file, what: "front matter ", lineOffset: 1, stage: .content)
        var fields: [String: FieldValue] = [:]
        if let node {
            guard let mapping = node.mapping else {
                throw VitrinaError(.content, "\(file):2: front matter must be key: value lines")
            }
            for (key, value) in mapping {
                guard let name = key.string else { continue }
                // Yams marks are 1-based within the YAML, which starts on line 2 of the file.
                fields[name] = FieldValue(node: value, line: (value.mark?.line ?? 0) + 1)
            }
        }
        self.fields = fields
    }

    init(fields: [String: FieldValue], body: String, bodyLine: Int) {
        self.fields = fields
        self.body = body
        self.bodyLine = bodyLine
    }

    public subscript(key: String) -> FieldValue? { fields[key] }

    /// Front matter made only of `key: plain text` or `key: "text"` lines reads the same without a YAML parser;
    /// anything else (lists, nesting, escapes, comments, a key given twice) returns nil and goes to Yams. Read on UTF-8
    /// bytes: a space followed by a combining mark is one `Character`, and would hide the space from a check on them.
    /// Una cabecera de líneas `clave: texto` se lee igual sin analizador de YAML; se lee sobre bytes UTF-8.
    static func simpleFields(_ lines: ArraySlice<Substring>) -> [String: FieldValue]? {
        var fields: [String: FieldValue] = [:]
        for (offset, line) in lines.enumerated() {
            // The line's own bytes where it has them (a native string's always), else a copy.
            // Los bytes de la línea donde los tiene (siempre en una cadena nativa), si no una copia.
            let field = line.utf8.withContiguousStorageIfAvailable(simpleField) ?? Array(line.utf8).withUnsafeBufferPointer(simpleField)
            switch field {
            case .blank: continue
            case .notSimple: return nil
            case .field(let name, let scalar):
                // A key given twice is Yams's to refuse, naming it. / Una clave repetida la rechaza Yams, nombrándola.
                guard fields[name] == nil else { return nil }
                fields[name] = FieldValue(scalar: scalar, line: offset + 2)
            }
        }
        return fields
    }

    /// What one line of front matter is to `simpleFields`.
    private enum SimpleLine {
        case blank, notSimple
        case field(name: String, scalar: String)
    }

    private static func simpleField(_ bytes: UnsafeBufferPointer<UInt8>) -> SimpleLine {
        if bytes.allSatisfy({ $0 == space }) { return .blank }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0,
              UnsafeBufferPointer(rebasing: bytes[..<colon]).allSatisfy(isKeyByte) else { return .notSimple }
        var (start, end) = (colon + 1, bytes.count)
        guard start == end || bytes[start] == space else { return .notSimple }
        while start < end && bytes[start] == space { start += 1 }
        while end > start && bytes[end - 1] == space { end -= 1 }
        guard let scalar = plainScalar(UnsafeBufferPointer(rebasing: bytes[start..<end])) else { return .notSimple }
        return .field(name: String(decoding: UnsafeBufferPointer(rebasing: bytes[..<colon]), as: UTF8.self), scalar: scalar)
    }

    private static let space = UInt8(ascii: " ")

    private static func isKeyByte(_ byte: UInt8) -> Bool {
        (byte >= 97 && byte <= 122) || (byte >= 65 && byte <= 90) || (byte >= 48 && byte <= 57) || byte == 95 || byte == 45
    }

    /// `text` or `"text"` with nothing YAML would read differently (no escapes, flow or block markers, comments,
    /// tabs at either end).
    private static func plainScalar(_ value: UnsafeBufferPointer<UInt8>) -> String? {
        let (quote, backslash, tab, colon) = (UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "\t"), UInt8(ascii: ":"))
        guard let first = value.first, let last = value.last, first != tab, last != tab else { return nil }
        if first == quote {
            guard value.count >= 2, last == quote else { return nil }
            let inner = UnsafeBufferPointer(rebasing: value[1..<(value.count - 1)])
            return inner.contains(quote) || inner.contains(backslash) ? nil : String(decoding: inner, as: UTF8.self)
        }
        guard !isIndicator(first), last != colon else { return nil }
        for index in 0..<(value.count - 1) {
            let (byte, next) = (value[index], value[index + 1])
            if (byte == colon && next == space) || (byte == space && next == UInt8(ascii: "#")) { return nil }
        }
        return String(decoding: value, as: UTF8.self)
    }

    /// A byte YAML reads as an indicator at the start of a plain scalar: ``[]{}&*!|>'%@`#,?-:"~``.
    private static func isIndicator(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "&"), UInt8(ascii: "*"),
             UInt8(ascii: "!"), UInt8(ascii: "|"), UInt8(ascii: ">"), UInt8(ascii: "'"), UInt8(ascii: "%"), UInt8(ascii: "@"),
             UInt8(ascii: "`"), UInt8(ascii: "#"), UInt8(ascii: ","), UInt8(ascii: "?"), UInt8(ascii: "-"), UInt8(ascii: ":"),
             UInt8(ascii: "\""), UInt8(ascii: "~"): true
        default: false
        }
    }
}

/// The lines of a buffer, found with `memchr`.
/// Las líneas de un búfer, halladas con `memchr`.
struct LineScanner {
    let buffer: UnsafeBufferPointer<UInt8>

    init(_ buffer: UnsafeBufferPointer<UInt8>) { self.buffer = buffer }

    /// The line starting at `start`, without its newline; nil past the end.
    func line(at start: Int) -> Range<Int>? {
        guard start < buffer.count else { return nil }
        return start..<(buffer.firstIndex(of: 10, from: start) ?? buffer.count)
    }
}

/// One front matter value with the line it came from.
/// Un valor de la cabecera con la línea de la que vino.
public struct FieldValue: Sendable {
    public let scalar: String?
    public let children: [String: FieldValue]
    /// A list's values (a YAML sequence, a TOML array), in order.
    public let items: [FieldValue]
    public let line: Int

    init(scalar: String?, children: [String: FieldValue] = [:], items: [FieldValue] = [], line: Int) {
        self.scalar = scalar
        self.children = children
        self.items = items
        self.line = line
    }

    init(node: Node, line: Int) {
        self.line = line
        scalar = node.scalar?.string
        var children: [String: FieldValue] = [:]
        for (key, value) in node.mapping ?? [:] {
            if let name = key.string { children[name] = FieldValue(node: value, line: (value.mark?.line ?? 0) + line - (node.mark?.line ?? 0)) }
        }
        self.children = children
        items = (node.sequence.map(Array.init) ?? []).map { FieldValue(node: $0, line: ($0.mark?.line ?? 0) + line - (node.mark?.line ?? 0)) }
    }
}

/// Typed reads of front matter with errors naming the file, line and key.
/// Lecturas tipadas de la cabecera con errores que nombran fichero, línea y clave.
public struct FieldReader: Sendable {
    public let file: String
    public let fields: [String: FieldValue]

    public func string(_ key: String) -> String? { fields[key]?.scalar.flatMap { $0.isEmpty ? nil : $0 } }

    public func requiredString(_ key: String) throws -> String {
        guard let value = string(key) else {
            throw VitrinaError(.content, "\(file): front matter needs \(key): (add a line `\(key): ...` between the --- lines)")
        }
        return value
    }

    public func int(_ key: String) throws -> Int? {
        guard let field = fields[key], let text = field.scalar else { return nil }
        guard let value = Int(text) else { throw VitrinaError(.content, "\(file):\(field.line): \(key) must be a whole number, not \"\(text)\"") }
        return value
    }

    public func double(_ key: String) throws -> Double? {
        guard let field = fields[key], let text = field.scalar else { return nil }
        guard let value = Double(text) else { throw VitrinaError(.content, "\(file):\(field.line): \(key) must be a number, not \"\(text)\"") }
        return value
    }

    public func bool(_ key: String) throws -> Bool {
        guard let field = fields[key], let text = field.scalar else { return false }
        switch text.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: throw VitrinaError(.content, "\(file):\(field.line): \(key) must be true or false, not \"\(text)\"")
        }
    }

    public func date(_ key: String) throws -> SimpleDate? {
        guard let field = fields[key], let text = field.scalar else { return nil }
        guard let date = SimpleDate(text) else {
            throw VitrinaError(.content, "\(file):\(field.line): \(key) must be a date like 2026-09-14, not \"\(text)\"")
        }
        return date
    }

    public func nested(_ key: String) -> FieldReader? {
        guard let field = fields[key], !field.children.isEmpty else { return nil }
        return FieldReader(file: file, fields: field.children)
    }
}

/// A calendar date without time zone trouble: year, month, day.
/// Una fecha de calendario sin líos de zona horaria: año, mes, día.
public struct SimpleDate: Sendable, Comparable, Hashable, CustomStringConvertible {
    public let year: Int, month: Int, day: Int

    public init?(_ text: String) {
        let parts = text.prefix(10).split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, (1...12).contains(parts[1]), (1...31).contains(parts[2]) else { return nil }
        (year, month, day) = (parts[0], parts[1], parts[2])
    }

    public var description: String { String(format: "%04d-%02d-%02d", year, month, day) }

    public static func < (a: SimpleDate, b: SimpleDate) -> Bool { (a.year, a.month, a.day) < (b.year, b.month, b.day) }
}

extension FieldReader {
    /// The terms the front matter lists for each taxonomy (`tags: [viaje, comida]`, `tags = ["viaje"]`, or one
    /// `tags: viaje`), trimmed, each once, in the order written; a mapping, an empty name or too many are errors.
    public func terms(_ taxonomies: [String]) throws -> [String: [String]] {
        var terms: [String: [String]] = [:]
        for name in taxonomies {
            guard let field = fields[name] else { continue }
            let written = field.scalar.map { [$0] } ?? field.items.map { $0.scalar }
            guard field.children.isEmpty, written.allSatisfy({ $0 != nil }) else {
                throw VitrinaError(.content, "\(file):\(field.line): \(name) must be a list of names, like \(name): [viaje, comida]")
            }
            var list: [String] = []
            for term in written.compactMap({ $0?.trimmingCharacters(in: .whitespacesAndNewlines) }) where !term.isEmpty && !list.contains(term) {
                guard term.unicodeScalars.count <= Taxonomy.maxTermLength, !term.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                    throw VitrinaError(.content, "\(file):\(field.line): a name in \(name) is longer than \(Taxonomy.maxTermLength) characters "
                        + "or holds a control character; keep each to a few words")
                }
                list.append(term)
            }
            guard list.count <= Taxonomy.maxTermsPerPage else {
                throw VitrinaError(.content, "\(file):\(field.line): \(name) lists more than \(Taxonomy.maxTermsPerPage) names; keep the ones that matter")
            }
            if !list.isEmpty { terms[name] = list }
        }
        return terms
    }
}
