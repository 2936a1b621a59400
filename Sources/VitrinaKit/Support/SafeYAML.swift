import Yams

/// YAML from files a person or a stranger wrote (front matter, site.yml, profile.yml), read with limits: nesting no
/// deeper than `maxDepth` and at most `maxNodes` values once aliases are expanded, so an alias bomb or a deeply nested
/// file is an error naming the file and line, never minutes of work or gigabytes of memory.
/// YAML leído con límites de anidamiento y de valores tras expandir alias: una bomba de alias es un error con línea.
public enum SafeYAML {
    public static let maxDepth = 64
    public static let maxNodes = 10_000

    /// The document's root node; `lineOffset` is added to line numbers (front matter starts on line 2 of its file).
    /// `what` names the YAML in errors (`front matter `).
    public static func compose(_ yaml: String, file: String, what: String = "", lineOffset: Int = 0, stage: VitrinaError.Stage) throws -> Node? {
        if let line = lineTooDeep(yaml) {
            throw VitrinaError(stage, "\(file):\(line + lineOffset): \(what)YAML nested more than \(maxDepth) levels deep; flatten it")
        }
        let node: Node?
        do {
            node = try Yams.compose(yaml: yaml)
        } catch {
            throw VitrinaError(stage, "\(file): \(what)\(YAMLErrorText.describe(error, lineOffset: lineOffset))")
        }
        if let node, let line = lineOverBudget(node) {
            throw VitrinaError(stage, "\(file):\(line + lineOffset): \(what)YAML expands to more than \(maxNodes) values (aliases `*name` "
                + "repeating anchors `&name`); Vitrina refuses that, write the values out")
        }
        return node
    }

    /// The line where flow brackets or block indentation first nest deeper than `maxDepth`, if they do.
    static func lineTooDeep(_ yaml: String) -> Int? {
        var line = 1, flow = 0, quote: UInt8 = 0, indents = 0, lineStart = true, comment = false
        var previous: UInt8 = 10
        for byte in yaml.utf8 {
            if byte == 10 {
                (line, lineStart, indents, comment) = (line + 1, true, 0, false)
                if quote == UInt8(ascii: "'") || quote == UInt8(ascii: "\"") { lineStart = false }
                previous = byte
                continue
            }
            if comment { continue }
            if quote != 0 {
                if byte == quote && previous != UInt8(ascii: "\\") { quote = 0 }
            } else if lineStart && (byte == 32 || byte == UInt8(ascii: "-")) {
                indents += 1
                if indents > maxDepth * 4 { return line }
            } else {
                lineStart = false
                switch byte {
                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    flow += 1
                    if flow > maxDepth { return line }
                case UInt8(ascii: "]"), UInt8(ascii: "}"): flow = max(0, flow - 1)
                case UInt8(ascii: "\""), UInt8(ascii: "'"):
                    // A quote opens a quoted scalar only where a value starts.
                    if " :[{,\n".utf8.contains(previous) { quote = byte }
                case UInt8(ascii: "#") where previous == 32 || previous == 9: comment = true
                default: break
                }
            }
            previous = byte
        }
        return nil
    }

    /// The line of the top-level entry during which the expanded tree passes `maxNodes` values, if it does.
    static func lineOverBudget(_ root: Node) -> Int? {
        var budget = maxNodes
        func visit(_ node: Node) -> Bool {
            budget -= 1
            guard budget >= 0 else { return false }
            switch node {
            case .mapping(let mapping): return mapping.allSatisfy { visit($0.key) && visit($0.value) }
            case .sequence(let sequence): return sequence.allSatisfy(visit)
            default: return true
            }
        }
        guard case .mapping(let mapping) = root else { return visit(root) ? nil : root.mark?.line ?? 1 }
        for (key, value) in mapping where !(visit(key) && visit(value)) { return key.mark?.line ?? 1 }
        return nil
    }
}

/// Turns Yams errors into one line with the line and column.
/// Convierte los errores de Yams en una línea con fila y columna.
enum YAMLErrorText {
    static func describe(_ error: Error, lineOffset: Int = 0) -> String {
        if let yaml = error as? YamlError {
            switch yaml {
            case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _):
                let what = [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
                return "line \(mark.line + lineOffset), column \(mark.column): YAML \(what)"
            default:
                return "YAML error: \(yaml)"
            }
        }
        return "YAML error: \(error)"
    }
}
