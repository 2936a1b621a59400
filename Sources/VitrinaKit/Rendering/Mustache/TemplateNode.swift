/// A parsed piece of a template: the parser's output, before `TemplateProgram` lays it out flat.
/// The nodes keep swift-mustache's token boundaries (one text node per line), which matter where a
/// partial's indentation is inserted.
package enum TemplateNode: Sendable {
    case text([UInt8])
    case variable(TemplateName, escaped: Bool)
    case section(TemplateName, [TemplateNode])
    case inverted(TemplateName, [TemplateNode])
    /// `{{> name}}`; the indentation is non-nil when the tag stood alone on its line.
    case partial(String, indentation: [UInt8]?)
    /// `{{< name}}…{{/name}}` with the block definitions found inside it.
    case parent(String, indentation: [UInt8], blocks: [String: [TemplateNode]])
    /// `{{$ name}}default{{/name}}` outside a parent tag.
    case block(String, [TemplateNode], indentation: [UInt8])
}

/// A variable or section name split on `.` at parse time. No segments means the top of the stack
/// (`.`, `..`, or an empty name); `anchored` (a leading `.`) looks only at the top of the stack.
package struct TemplateName: Sendable {
    package let segments: [String]
    let anchored: Bool

    init(_ name: String) {
        if name == "." {
            segments = []
            anchored = true
        } else {
            segments = name.split(separator: ".").map(String.init)
            anchored = name.first == "."
        }
    }
}
