/// TOML front matter, between `+++` lines as Hugo sites write it, read into the same fields YAML front matter gives:
/// scalars as their text (`true`, `42`, `2024-01-15`), tables as children, arrays as items. `value(_:)` gives the
/// typed tree (`TOMLValue`) the differential tests compare with Python's `tomllib`.
/// Cabecera TOML entre líneas `+++`, como en Hugo, leída en los mismos campos que da la cabecera YAML.
enum TOMLFrontMatter {
    /// Tables and arrays nest no deeper than YAML front matter may.
    static let maxDepth = SafeYAML.maxDepth
    /// Keys, array items and tables together, the same budget as YAML's.
    static let maxValues = SafeYAML.maxNodes

    /// The fields of the lines between the fences; `firstLine` is the file's line number of the first of them.
    static func fields(_ bytes: [UInt8], file: String, firstLine: Int) throws -> [String: FieldValue] {
        var reader = TOMLReader(bytes: bytes, file: file, line: firstLine)
        try reader.readDocument()
        return reader.fields()
    }

    /// The document as typed values, as a TOML library gives them.
    static func value(_ bytes: [UInt8], file: String = "TOML") throws -> TOMLValue {
        var reader = TOMLReader(bytes: bytes, file: file, line: 1)
        try reader.readDocument()
        return reader.value()
    }
}

/// A one-pass TOML reader over bytes: every loop consumes a byte or throws, and nesting stops at `maxDepth`.
/// Un lector TOML de una pasada sobre bytes: cada bucle consume un byte o lanza, y el anidamiento para en `maxDepth`.
struct TOMLReader {
    /// What a node is; TOML's rules on which tables a later line may extend follow from it.
    /// Qué es un nodo; de ello salen las reglas de TOML sobre qué tablas puede ampliar una línea posterior.
    private enum Kind {
        case scalar, array
        /// Made by a header's path (`a` of `[a.b]`): a later `[a]` may still define it.
        case implicitTable
        case headerTable
        /// Made by a dotted key (`a.b = 1`): later dotted keys in the same table may add to it, headers may not.
        case dottedTable
        /// `{ … }`: closed once written.
        case inlineTable
        /// `[[name]]`: its tables are its items, the last one open to later lines.
        case tableArray
    }

    /// One value of the tree, its children as indexes into `nodes`.
    /// Un valor del árbol, con sus hijos como índices en `nodes`.
    private struct Node {
        var kind: Kind
        var line: Int
        let depth: Int
        var scalar: String?
        var children: [String: Int] = [:]
        /// An array's values, in order.
        var items: [Int] = []
        /// A scalar written in quotes (text), not bare (a number, a boolean, a date).
        var isString = false

        var isTable: Bool { kind != .scalar && kind != .array && kind != .tableArray }
    }

    private let bytes: [UInt8]
    private let file: String
    private var index = 0
    private var line: Int
    private var nodes = [Node(kind: .headerTable, line: 1, depth: 0)]
    /// The table that `key = value` lines go into: the root, then the last `[header]`.
    private var current = 0
    private var currentName = ""

    init(bytes: [UInt8], file: String, line: Int) {
        self.bytes = bytes
        self.file = file
        self.line = line
    }

    mutating func readDocument() throws {
        while let byte = peek() {
            switch byte {
            case .space, .tab: index += 1
            case .newline: newline()
            case .hash: skipComment()
            case .openBracket: try readHeader()
            default:
                let name = try readKeyValue(into: current, prefix: currentName)
                try endOfLine(after: "the value of `\(name)`")
            }
        }
    }

    /// The tree as front matter fields.
    func fields() -> [String: FieldValue] { nodes[0].children.mapValues(fieldValue) }

    private func fieldValue(_ index: Int) -> FieldValue {
        let node = nodes[index]
        switch node.kind {
        case .scalar: return FieldValue(scalar: node.scalar, line: node.line)
        case .array, .tableArray: return FieldValue(scalar: nil, items: node.items.map(fieldValue), line: node.line)
        default: return FieldValue(scalar: nil, children: node.children.mapValues(fieldValue), line: node.line)
        }
    }

    /// The tree as typed values.
    func value() -> TOMLValue { typed(0) }

    private func typed(_ index: Int) -> TOMLValue {
        let node = nodes[index]
        switch node.kind {
        case .scalar: return node.isString ? .string(node.scalar ?? "") : TOMLValue(bare: node.scalar ?? "")
        case .array, .tableArray: return .array(node.items.map(typed))
        default: return .table(node.children.mapValues(typed))
        }
    }

    // MARK: Lines

    /// `[a.b]`: later `key = value` lines go into that table.
    private mutating func readHeader() throws {
        let headerLine = line
        index += 1
        let isArray = peek() == .openBracket
        if isArray { index += 1 }
        let path = try readKeyPath(in: .header)
        let name = Self.display(path)
        let close = isArray ? "]]" : "]"
        guard peek() == .closeBracket, !isArray || index + 1 < bytes.count && bytes[index + 1] == .closeBracket else {
            throw error("the table header \(isArray ? "[[" : "[")\(name) needs \(isArray ? "]]" : "a ]") at its end; write it as \(isArray ? "[[" : "[")\(name)\(close)")
        }
        index += isArray ? 2 : 1
        try endOfLine(after: "the table header \(isArray ? "[[" : "[")\(name)\(close)")
        var table = 0
        for (position, segment) in path.enumerated() {
            let isLast = position == path.count - 1
            guard let existing = nodes[table].children[segment] else {
                if isLast && isArray {
                    let array = try add(Node(kind: .tableArray, line: headerLine, depth: nodes[table].depth + 1), named: segment, to: table)
                    table = try appendTable(to: array, line: headerLine)
                } else {
                    let kind: Kind = isLast ? .headerTable : .implicitTable
                    table = try add(Node(kind: kind, line: headerLine, depth: nodes[table].depth + 1), named: segment, to: table)
                }
                continue
            }
            let node = nodes[existing]
            if node.kind == .tableArray {
                // `[[a]]` again adds a table; `[a.b]` or `[[a.b]]` goes into a's last table.
                if isLast && !isArray { throw conflict(Self.display(path[...position]), with: node, at: headerLine) }
                table = isLast ? try appendTable(to: existing, line: headerLine) : node.items[node.items.count - 1]
                continue
            }
            if isLast && isArray { throw conflict(Self.display(path[...position]), with: node, at: headerLine) }
            if isLast && node.kind == .implicitTable {
                nodes[existing].kind = .headerTable
                nodes[existing].line = headerLine
            } else if isLast || !node.isTable || node.kind == .inlineTable {
                throw conflict(Self.display(path[...position]), with: node, at: headerLine)
            }
            table = existing
        }
        current = table
        currentName = name
    }

    /// A new table at the end of a `[[…]]` array.
    private mutating func appendTable(to array: Int, line tableLine: Int) throws -> Int {
        let table = try add(Node(kind: .headerTable, line: tableLine, depth: nodes[array].depth + 1))
        nodes[array].items.append(table)
        return table
    }

    /// `a.b = value` into `table`; returns the key as messages show it.
    private mutating func readKeyValue(into table: Int, prefix: String) throws -> String {
        let keyLine = line
        let path = try readKeyPath(in: .keyValue)
        let name = Self.joined(prefix, Self.display(path))
        guard peek() == .equals else {
            if peek() == .colon { throw error("key `\(name)` is followed by : as in YAML; front matter between +++ lines is TOML, so write \(name) = value") }
            throw error("key `\(name)` needs = and a value after it; write it like \(name) = \"text\"")
        }
        index += 1
        skipSpaces()
        var target = table
        for (position, segment) in path.dropLast().enumerated() {
            if let existing = nodes[target].children[segment] {
                guard nodes[existing].kind == .dottedTable else {
                    throw conflict(Self.joined(prefix, Self.display(path[...position])), with: nodes[existing], at: keyLine)
                }
                target = existing
            } else {
                target = try add(Node(kind: .dottedTable, line: keyLine, depth: nodes[target].depth + 1), named: segment, to: target)
            }
        }
        let last = path[path.count - 1]
        if let existing = nodes[target].children[last] {
            throw error("key `\(name)` is defined twice (first on line \(nodes[existing].line)); keep one of them", line: keyLine)
        }
        nodes[target].children[last] = try readValue(line: keyLine, depth: nodes[target].depth + 1, key: name)
        return name
    }

    /// After a value or header only spaces and a comment may follow on its line.
    private mutating func endOfLine(after what: String) throws {
        skipSpaces()
        if peek() == .hash { skipComment() }
        guard let byte = peek(), byte != .newline else { return }
        throw error("has more after \(what): `\(restOfLine())`; put each key = value on its own line and text in quotes (a # starts a comment)")
    }

    // MARK: Keys

    /// Where a key is read, for the message when there is none.
    /// Dónde se lee una clave, para el mensaje cuando falta.
    private enum KeyPlace { case header, keyValue }

    /// `a`, `"a b"`, `'c'` and dotted paths of them, spaces allowed around the dots.
    private mutating func readKeyPath(in place: KeyPlace) throws -> [String] {
        var path: [String] = []
        while true {
            skipSpaces()
            switch peek() {
            case .quote?: path.append(try readBasic())
            case .apostrophe?: path.append(try readLiteral())
            default:
                let start = index
                while let byte = peek(), Self.isBareKeyByte(byte) { index += 1 }
                guard index > start else {
                    if !path.isEmpty { throw error("a key must follow the dot after `\(Self.display(path))`, not `\(restOfLine())`; write it like \(Self.display(path)).name") }
                    switch place {
                    case .header: throw error("a table header needs a name, not `[\(restOfLine())`; write it like [params]")
                    case .keyValue: throw error("a line here must be key = value, a [table] header or a # comment, not `\(restOfLine())`; fix or remove it")
                    }
                }
                path.append(String(decoding: bytes[start..<index], as: UTF8.self))
            }
            guard path.count <= TOMLFrontMatter.maxDepth else { throw tooDeep() }
            skipSpaces()
            guard peek() == .dot else { return path }
            index += 1
        }
    }

    // MARK: Values

    /// One value; `line` is the line its key is on, `key` names it in messages.
    private mutating func readValue(line valueLine: Int, depth: Int, key: String) throws -> Int {
        switch peek() {
        case .quote?: return try scalar(startsTriple(.quote) ? readMultilineBasic() : readBasic(), line: valueLine)
        case .apostrophe?: return try scalar(startsTriple(.apostrophe) ? readMultilineLiteral() : readLiteral(), line: valueLine)
        case .openBracket?: return try readArray(line: valueLine, depth: depth, key: key)
        case .openBrace?: return try readInlineTable(line: valueLine, depth: depth, key: key)
        case nil, .newline?, .hash?: throw error("key `\(key)` has no value after =; write one, like \(key) = \"text\"")
        default: return try scalar(readBare(key: key), line: valueLine, isString: false)
        }
    }

    private mutating func scalar(_ text: String, line valueLine: Int, isString: Bool = true) throws -> Int {
        var node = Node(kind: .scalar, line: valueLine, depth: 0, scalar: text)
        node.isString = isString
        return try add(node)
    }

    /// `true`, `false`, a number or a date, kept as written (numbers without their `_`).
    private mutating func readBare(key: String) throws -> String {
        let start = index
        while let byte = peek(), Self.isBareValueByte(byte) { index += 1 }
        // `2024-01-15 10:00:00`: a space may stand for the T between a date and its time.
        if index - start == 10, index + 3 < bytes.count, bytes[index] == .space, Self.isDigit(bytes[index + 1]),
           Self.isDigit(bytes[index + 2]), bytes[index + 3] == .colon, TOMLBareValue.isDate(bytes[start..<index]) {
            index += 1
            while let byte = peek(), Self.isBareValueByte(byte) { index += 1 }
        }
        let reading = TOMLBareValue.read(bytes[start..<index])
        if case .text(let text) = reading { return text }
        index = start
        if reading == .tooLarge {
            throw error("the number `\(restOfLine())` of `\(key)` does not fit in 64 bits; put it in quotes if it is text")
        }
        throw error("the value of `\(key)` is not TOML: `\(restOfLine())`; put text in quotes (\(key) = \"…\"), "
            + "numbers, true, false and dates like 2024-01-15 go without")
    }

    /// `[a, b, …]` over any number of lines, with comments and a trailing comma; kept only as an array.
    private mutating func readArray(line valueLine: Int, depth: Int, key: String) throws -> Int {
        let array = try add(Node(kind: .array, line: valueLine, depth: depth))
        let openLine = line
        let unclosed = "the array of `\(key)` is never closed; end it with ] before the closing +++"
        index += 1
        while true {
            try skipBlank(orElse: unclosed, line: openLine)
            if peek() == .closeBracket { break }
            let item = try readValue(line: line, depth: depth + 1, key: key)
            nodes[array].items.append(item)
            try skipBlank(orElse: unclosed, line: openLine)
            guard peek() == .comma else {
                guard peek() == .closeBracket else { throw error("the array of `\(key)` needs a comma between items or ] at its end, not `\(restOfLine())`; separate items with commas") }
                break
            }
            index += 1
        }
        index += 1
        return array
    }

    /// `{ a = 1, b.c = 2 }` on one line, no comma after the last key: TOML 1.0, as Python's `tomllib` and Hugo read it.
    private mutating func readInlineTable(line valueLine: Int, depth: Int, key: String) throws -> Int {
        let table = try add(Node(kind: .dottedTable, line: valueLine, depth: depth))
        let oneLine = "the inline table of `\(key)` must close with } on its own line (TOML 1.0); for more keys, write a [\(key)] table"
        index += 1
        skipSpaces()
        if peek() == .closeBrace {
            index += 1
            close(table)
            return table
        }
        while true {
            skipSpaces()
            guard let byte = peek(), byte != .newline, byte != .hash else { throw error(oneLine, line: valueLine) }
            _ = try readKeyValue(into: table, prefix: key)
            skipSpaces()
            guard peek() == .comma else {
                guard peek() == .closeBrace else {
                    if peek() == nil || peek() == .newline || peek() == .hash { throw error(oneLine, line: valueLine) }
                    throw error("the inline table of `\(key)` needs a comma between keys or } at its end, not `\(restOfLine())`; separate keys with commas")
                }
                break
            }
            index += 1
            skipSpaces()
            if peek() == .closeBrace { throw error("the inline table of `\(key)` has a comma after its last key; TOML 1.0 allows none: remove it") }
        }
        index += 1
        close(table)
        return table
    }

    /// An inline table and the tables its dotted keys made cannot be added to afterwards.
    private mutating func close(_ table: Int) {
        nodes[table].kind = .inlineTable
        for child in nodes[table].children.values where nodes[child].isTable { close(child) }
    }

    // MARK: Strings

    /// `"…"` on one line, escapes decoded.
    private mutating func readBasic() throws -> String {
        let openLine = line
        index += 1
        var text: [UInt8] = []
        while let byte = peek(), byte != .newline {
            index += 1
            switch byte {
            case .quote: return String(decoding: text, as: UTF8.self)
            case .backslash: try readEscape(into: &text)
            default: text.append(try allowed(byte))
            }
        }
        throw error("a string is never closed; end it with \" on the same line, or use \"\"\" for text over several lines", line: openLine)
    }

    /// `"""…"""`: a newline right after the opening quotes is dropped, a `\` at the end of a line joins the next.
    private mutating func readMultilineBasic() throws -> String {
        let openLine = line
        index += 3
        if peek() == .newline { newline() }
        var text: [UInt8] = []
        while let byte = peek() {
            if byte == .quote, let run = closingRun(of: .quote) {
                text += repeatElement(UInt8.quote, count: run - 3)
                index += run
                return String(decoding: text, as: UTF8.self)
            }
            index += 1
            switch byte {
            case .backslash: if !skipLineEndingBackslash() { try readEscape(into: &text) }
            case .newline:
                line += 1
                text.append(byte)
            default: text.append(try allowed(byte))
            }
        }
        throw error("a string opened with \"\"\" is never closed; end it with \"\"\" before the closing +++", line: openLine)
    }

    /// `'…'` on one line, taken as it is.
    private mutating func readLiteral() throws -> String {
        let openLine = line
        index += 1
        var text: [UInt8] = []
        while let byte = peek(), byte != .newline {
            index += 1
            if byte == .apostrophe { return String(decoding: text, as: UTF8.self) }
            text.append(try allowed(byte))
        }
        throw error("a string is never closed; end it with ' on the same line, or use ''' for text over several lines", line: openLine)
    }

    /// `'''…'''` taken as it is, but for a newline right after the opening quotes.
    private mutating func readMultilineLiteral() throws -> String {
        let openLine = line
        index += 3
        if peek() == .newline { newline() }
        var text: [UInt8] = []
        while let byte = peek() {
            if byte == .apostrophe, let run = closingRun(of: .apostrophe) {
                text += repeatElement(UInt8.apostrophe, count: run - 3)
                index += run
                return String(decoding: text, as: UTF8.self)
            }
            index += 1
            if byte == .newline { line += 1 } else { _ = try allowed(byte) }
            text.append(byte)
        }
        throw error("a string opened with ''' is never closed; end it with ''' before the closing +++", line: openLine)
    }

    /// Three to five quotes close a multi-line string; the ones beyond three belong to the text.
    private func closingRun(of quote: UInt8) -> Int? {
        var run = 0
        while run < 5, index + run < bytes.count, bytes[index + run] == quote { run += 1 }
        return run >= 3 ? run : nil
    }

    private func startsTriple(_ quote: UInt8) -> Bool {
        index + 2 < bytes.count && bytes[index + 1] == quote && bytes[index + 2] == quote
    }

    /// After a `\` in `"""…"""`: when only spaces follow on the line, skips them, the newline and the next line's
    /// leading blanks.
    private mutating func skipLineEndingBackslash() -> Bool {
        var look = index
        while look < bytes.count, bytes[look] == .space || bytes[look] == .tab { look += 1 }
        guard look < bytes.count, bytes[look] == .newline else { return false }
        index = look
        while let byte = peek(), byte == .space || byte == .tab || byte == .newline {
            if byte == .newline { newline() } else { index += 1 }
        }
        return true
    }

    /// The escape after a `\`: `\" \\ \b \t \n \f \r \uXXXX \UXXXXXXXX`.
    private mutating func readEscape(into text: inout [UInt8]) throws {
        guard let letter = peek() else { throw error("a string ends in a lone \\; write \\\\ for a backslash") }
        // A `\` ending a one-line string's line leaves the string unclosed, which its reader reports.
        if letter == .newline { return }
        index += 1
        switch letter {
        case .quote, .backslash: text.append(letter)
        case UInt8(ascii: "b"): text.append(8)
        case UInt8(ascii: "t"): text.append(9)
        case UInt8(ascii: "n"): text.append(10)
        case UInt8(ascii: "f"): text.append(12)
        case UInt8(ascii: "r"): text.append(13)
        case UInt8(ascii: "u"), UInt8(ascii: "U"):
            let count = letter == UInt8(ascii: "u") ? 4 : 8
            let digits = bytes[index..<min(index + count, bytes.count)]
            var value: UInt32 = 0
            for digit in digits {
                guard let nibble = Self.hexValue(digit) else { break }
                value = value << 4 | nibble
            }
            guard digits.count == count, digits.allSatisfy({ Self.hexValue($0) != nil }), let scalar = Unicode.Scalar(value) else {
                throw error("a string has \\\(Character(Unicode.Scalar(letter))) without \(count) hex digits of a Unicode character after it; "
                    + "write it like \\u00E9 or \\U0001F600 (surrogates such as D800 are not characters)")
            }
            index += count
            text.append(contentsOf: String(Character(scalar)).utf8)
        default:
            let what = (0x21...0x7E).contains(letter) ? "the unknown escape `\\\(Character(Unicode.Scalar(letter)))`" : "a \\ before a character no escape starts with"
            throw error("a string has \(what); write \\\\ for a backslash")
        }
    }

    /// Strings may hold any character but controls other than tab (TOML's rule).
    private func allowed(_ byte: UInt8) throws -> UInt8 {
        guard (byte < 0x20 && byte != .tab) || byte == 0x7F else { return byte }
        let code = String(byte, radix: 16, uppercase: true)
        let padded = String(repeating: "0", count: 4 - code.count) + code
        throw error("a string holds the control character U+\(padded); write it as \\u\(padded) in a \"…\" string, or remove it")
    }

    // MARK: Bytes

    private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func newline() {
        index += 1
        line += 1
    }

    private mutating func skipSpaces() {
        while let byte = peek(), byte == .space || byte == .tab { index += 1 }
    }

    private mutating func skipComment() {
        while let byte = peek(), byte != .newline { index += 1 }
    }

    /// Spaces, newlines and comments inside brackets or braces; the end of the front matter there is an error.
    private mutating func skipBlank(orElse unclosed: String, line openLine: Int) throws {
        while let byte = peek() {
            switch byte {
            case .space, .tab: index += 1
            case .newline: newline()
            case .hash: skipComment()
            default: return
            }
        }
        throw error(unclosed, line: openLine)
    }

    /// What is left of the line, short and with controls spelled out, for messages.
    private func restOfLine() -> String {
        let end = min(bytes[index...].firstIndex(of: .newline) ?? bytes.count, index + 160)
        return Self.shown(String(decoding: bytes[index..<end], as: UTF8.self))
    }

    // MARK: Tree

    private mutating func add(_ node: Node) throws -> Int {
        guard nodes.count <= TOMLFrontMatter.maxValues else {
            throw error("TOML holds more than \(TOMLFrontMatter.maxValues) values; Vitrina refuses that, keep front matter to the page's settings")
        }
        if node.kind != .scalar, node.depth > TOMLFrontMatter.maxDepth { throw tooDeep() }
        nodes.append(node)
        return nodes.count - 1
    }

    private mutating func add(_ node: Node, named name: String, to table: Int) throws -> Int {
        let child = try add(node)
        nodes[table].children[name] = child
        return child
    }

    // MARK: Messages

    private func error(_ message: String, line: Int? = nil) -> VitrinaError {
        VitrinaError(.content, "\(file):\(line ?? self.line): front matter \(message)")
    }

    private func tooDeep() -> VitrinaError { error("TOML nested more than \(TOMLFrontMatter.maxDepth) levels deep; flatten it") }

    private func conflict(_ name: String, with node: Node, at line: Int) -> VitrinaError {
        error("`\(name)` is already defined on line \(node.line); write everything under `\(name)` in one place", line: line)
    }

    /// A key path as TOML writes it: bare segments as they are, others in quotes.
    private static func display<Path: Collection<String>>(_ path: Path) -> String {
        shown(path.map { segment in
            !segment.isEmpty && segment.utf8.allSatisfy(isBareKeyByte) ? segment : "\"\(segment)\""
        }.joined(separator: "."))
    }

    private static func joined(_ prefix: String, _ name: String) -> String { prefix.isEmpty ? name : prefix + "." + name }

    /// At most `limit` characters, with controls, format characters (bidi overrides) and separators spelled as `\u{…}`.
    static func shown(_ text: String, limit: Int = 40) -> String {
        var out = String.UnicodeScalarView()
        for (count, scalar) in text.unicodeScalars.enumerated() {
            if count == limit { return String(out) + "…" }
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
                out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            default:
                out.append(scalar)
            }
        }
        return String(out)
    }

    private static func isBareKeyByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }

    private static func isBareValueByte(_ byte: UInt8) -> Bool {
        isBareKeyByte(byte) || byte == UInt8(ascii: "+") || byte == .dot || byte == .colon
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        if isDigit(byte) { return UInt32(byte - UInt8(ascii: "0")) }
        let lower = byte | 0x20
        return lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "f") ? UInt32(lower - UInt8(ascii: "a") + 10) : nil
    }
}

/// Bare TOML values (booleans, numbers, dates and times) checked against TOML's grammar and turned into their text.
/// Valores TOML sin comillas (booleanos, números, fechas y horas) comprobados con la gramática de TOML.
enum TOMLBareValue {
    /// The text a bare value stands for, or why it is not one.
    /// El texto de un valor sin comillas, o por qué no lo es.
    enum Reading: Equatable {
        case text(String)
        case tooLarge
        case invalid
    }

    static func read(_ token: ArraySlice<UInt8>) -> Reading {
        if token.elementsEqual("true".utf8) || token.elementsEqual("false".utf8) || isDateTime(token) {
            return .text(String(decoding: token, as: UTF8.self))
        }
        let integer = self.integer(token)
        if integer != .invalid { return integer }
        return isFloat(token) ? .text(withoutUnderscores(token)) : .invalid
    }

    /// `42`, `-1_000`, `0xDEAD_BEEF`, `0o755`, `0b1010` within 64 bits.
    static func integer(_ token: ArraySlice<UInt8>) -> Reading {
        let start = token.startIndex
        if token.count > 2, token[start] == UInt8(ascii: "0"), let radix = radix(token[start + 1]) {
            let digits = token.dropFirst(2)
            guard underscored(digits, isDigit: { digitValue($0) < radix }) else { return .invalid }
            return Int64(withoutUnderscores(digits), radix: radix) == nil ? .tooLarge : .text(withoutUnderscores(token))
        }
        guard isDecimalInteger(token) else { return .invalid }
        return Int64(withoutUnderscores(token)) == nil ? .tooLarge : .text(withoutUnderscores(token))
    }

    /// `3.14`, `-0.5e-3`, `1e6`, `inf`, `nan`, with a sign or without.
    static func isFloat(_ token: ArraySlice<UInt8>) -> Bool {
        let body = dropSign(token)
        if body.elementsEqual("inf".utf8) || body.elementsEqual("nan".utf8) { return true }
        let exponentAt = body.firstIndex { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
        let mantissa = body[..<(exponentAt ?? body.endIndex)]
        let dot = mantissa.firstIndex(of: UInt8(ascii: "."))
        guard isDecimalInteger(mantissa[..<(dot ?? mantissa.endIndex)], signed: false) else { return false }
        if let dot, !underscored(mantissa[(dot + 1)...], isDigit: TOMLReader.isDigit) { return false }
        if let exponentAt, !underscored(dropSign(body[(exponentAt + 1)...]), isDigit: TOMLReader.isDigit) { return false }
        return dot != nil || exponentAt != nil
    }

    /// `2024-01-15`, `2024-01-15T10:00:00Z`, `2024-01-15 10:00:00.5+02:00`, `10:00:00`.
    static func isDateTime(_ token: ArraySlice<UInt8>) -> Bool {
        let start = token.startIndex
        guard token.count >= 10, isDate(token[start..<(start + 10)]) else { return timeEnd(token) == token.endIndex }
        guard token.count > 10 else { return true }
        guard [UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")].contains(token[start + 10]),
              let end = timeEnd(token[(start + 11)...]) else { return false }
        return end == token.endIndex || isOffset(token[end...])
    }

    static func isDate(_ token: ArraySlice<UInt8>) -> Bool {
        let start = token.startIndex
        guard token.count == 10, token[start + 4] == UInt8(ascii: "-"), token[start + 7] == UInt8(ascii: "-"),
              let year = number(token[start..<(start + 4)]), let month = number(token[(start + 5)..<(start + 7)]),
              let day = number(token[(start + 8)..<(start + 10)]), (1...12).contains(month) else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        return (1...[31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]).contains(day)
    }

    /// Where `HH:MM:SS` with an optional fraction at the start of `token` ends.
    private static func timeEnd(_ token: ArraySlice<UInt8>) -> Int? {
        let start = token.startIndex
        guard token.count >= 8, token[start + 2] == UInt8(ascii: ":"), token[start + 5] == UInt8(ascii: ":"),
              let hour = number(token[start..<(start + 2)]), let minute = number(token[(start + 3)..<(start + 5)]),
              let second = number(token[(start + 6)..<(start + 8)]), hour < 24, minute < 60, second < 60 else { return nil }
        var end = start + 8
        if end < token.endIndex, token[end] == UInt8(ascii: ".") {
            let digits = token[(end + 1)...].prefix(while: TOMLReader.isDigit)
            guard !digits.isEmpty else { return nil }
            end = digits.endIndex
        }
        return end
    }

    /// `Z` or `±HH:MM`.
    private static func isOffset(_ token: ArraySlice<UInt8>) -> Bool {
        let start = token.startIndex
        if token.count == 1 { return token[start] | 0x20 == UInt8(ascii: "z") }
        guard token.count == 6, token[start] == UInt8(ascii: "+") || token[start] == UInt8(ascii: "-"), token[start + 3] == UInt8(ascii: ":"),
              let hour = number(token[(start + 1)..<(start + 3)]), let minute = number(token[(start + 4)..<(start + 6)]) else { return false }
        return hour < 24 && minute < 60
    }

    /// `0` or digits not starting with 0, `_` only between digits, a sign when `signed`.
    private static func isDecimalInteger(_ token: ArraySlice<UInt8>, signed: Bool = true) -> Bool {
        let digits = signed ? dropSign(token) : token
        return underscored(digits, isDigit: TOMLReader.isDigit) && (digits.first != UInt8(ascii: "0") || digits.count == 1)
    }

    /// Digits with single underscores between them, at least one digit.
    private static func underscored(_ digits: ArraySlice<UInt8>, isDigit: (UInt8) -> Bool) -> Bool {
        guard let first = digits.first, let last = digits.last, isDigit(first), isDigit(last) else { return false }
        var previous = first
        for byte in digits.dropFirst() {
            if byte == UInt8(ascii: "_") {
                if previous == UInt8(ascii: "_") { return false }
            } else if !isDigit(byte) {
                return false
            }
            previous = byte
        }
        return true
    }

    private static func dropSign(_ token: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        token.first == UInt8(ascii: "+") || token.first == UInt8(ascii: "-") ? token.dropFirst() : token
    }

    private static func radix(_ letter: UInt8) -> Int? {
        switch letter {
        case UInt8(ascii: "x"): 16
        case UInt8(ascii: "o"): 8
        case UInt8(ascii: "b"): 2
        default: nil
        }
    }

    /// A hex digit's value, 99 for anything else.
    private static func digitValue(_ byte: UInt8) -> Int {
        if TOMLReader.isDigit(byte) { return Int(byte - UInt8(ascii: "0")) }
        let lower = byte | 0x20
        return lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "f") ? Int(lower - UInt8(ascii: "a")) + 10 : 99
    }

    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in digits {
            guard TOMLReader.isDigit(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    private static func withoutUnderscores(_ token: ArraySlice<UInt8>) -> String {
        String(decoding: token.filter { $0 != UInt8(ascii: "_") }, as: UTF8.self)
    }
}

/// The bytes TOML's grammar turns on.
/// Los bytes en los que se apoya la gramática de TOML.
private extension UInt8 {
    static let tab: UInt8 = 9
    static let newline: UInt8 = 10
    static let space: UInt8 = 32
    static let quote = UInt8(ascii: "\"")
    static let hash = UInt8(ascii: "#")
    static let apostrophe = UInt8(ascii: "'")
    static let comma = UInt8(ascii: ",")
    static let dot = UInt8(ascii: ".")
    static let colon = UInt8(ascii: ":")
    static let equals = UInt8(ascii: "=")
    static let openBracket = UInt8(ascii: "[")
    static let closeBracket = UInt8(ascii: "]")
    static let backslash = UInt8(ascii: "\\")
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")
}

/// A TOML value with its type, as TOML libraries (Python's `tomllib`, toml++) give it.
/// Un valor TOML con su tipo, como lo dan las bibliotecas de TOML.
indirect enum TOMLValue: Equatable, Sendable {
    case string(String)
    case integer(Int64)
    case float(Double)
    case bool(Bool)
    case dateTime(TOMLDateTime)
    case array([TOMLValue])
    case table([String: TOMLValue])

    /// A bare value as the reader kept it (checked, without underscores): its type from its form.
    init(bare text: String) {
        if text == "true" || text == "false" { self = .bool(text == "true"); return }
        if let dateTime = TOMLDateTime(text) { self = .dateTime(dateTime); return }
        let bytes = Array(text.utf8)
        let unsigned = bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") ? Array(bytes.dropFirst()) : bytes
        if unsigned.count > 2, unsigned[0] == UInt8(ascii: "0"), let radix = [UInt8(ascii: "x"): 16, UInt8(ascii: "o"): 8, UInt8(ascii: "b"): 2][unsigned[1]],
           let value = Int64(String(decoding: unsigned.dropFirst(2), as: UTF8.self), radix: radix) {
            self = .integer(value)
            return
        }
        if let value = Int64(text) { self = .integer(value); return }
        switch text {
        case "inf", "+inf": self = .float(.infinity)
        case "-inf": self = .float(-.infinity)
        case "nan", "+nan", "-nan": self = .float(.nan)
        default: self = .float(Double(text) ?? .nan)
        }
    }
}

/// A TOML date, time or both, with the offset when it has one; the fraction of a second as written (TOML allows any
/// precision).
/// Una fecha, hora o ambas de TOML, con su desfase si lo tiene.
struct TOMLDateTime: Equatable, Sendable {
    var date: [Int]?
    var time: [Int]?
    var fraction = ""
    /// Minutes east of UTC.
    var offset: Int?

    init?(_ text: String) {
        let token = Array(text.utf8)
        guard TOMLBareValue.isDateTime(token[...]) else { return nil }
        func number(_ range: Range<Int>) -> Int { Int(String(decoding: token[range], as: UTF8.self)) ?? 0 }
        var at = 0
        if token.count >= 10, token[4] == UInt8(ascii: "-") {
            date = [number(0..<4), number(5..<7), number(8..<10)]
            at = 11
        }
        guard at < token.count else { return }
        time = [number(at..<(at + 2)), number((at + 3)..<(at + 5)), number((at + 6)..<(at + 8))]
        at += 8
        if at < token.count, token[at] == UInt8(ascii: ".") {
            let digits = token[(at + 1)...].prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
            fraction = String(decoding: digits, as: UTF8.self)
            at = digits.endIndex
        }
        guard at < token.count else { return }
        if token[at] | 0x20 == UInt8(ascii: "z") { offset = 0; return }
        let sign = token[at] == UInt8(ascii: "-") ? -1 : 1
        offset = sign * (number((at + 1)..<(at + 3)) * 60 + number((at + 4)..<(at + 6)))
    }
}
