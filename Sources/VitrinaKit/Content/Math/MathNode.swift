/// A formula as MathML Core elements, made by `TeXParser` and written by `write(into:)`: the tree KaTeX's MathML has,
/// so that the two can be compared leaf by leaf.
/// Una fórmula como elementos de MathML Core, el mismo árbol que escribe KaTeX.
indirect enum MathNode: Sendable, Equatable {
    /// `<mi>`, `<mn>`, `<mo>` or `<mtext>` holding text, with its attributes in order.
    case leaf(Leaf, String, [Attribute])
    /// `<mspace width="…"/>`.
    case space(width: String)
    /// An element around others: `mrow`, `mfrac`, `msqrt`, `mroot`, `msub`, `msup`, `msubsup`, `munder`, `mover`,
    /// `munderover`, `mstyle`, `mpadded`, `menclose`, `mtable`, `mtr`, `mtd`.
    case element(String, [Attribute], [MathNode])

    enum Leaf: String, Sendable {
        case identifier = "mi", number = "mn", op = "mo", text = "mtext"
    }

    struct Attribute: Sendable, Equatable {
        let name: String
        let value: String

        init(_ name: String, _ value: String) { (self.name, self.value) = (name, value) }
    }

    static func row(_ nodes: [MathNode]) -> MathNode { nodes.count == 1 ? nodes[0] : .element("mrow", [], nodes) }

    static func identifier(_ text: String, variant: String? = nil) -> MathNode {
        .leaf(.identifier, text, variant.map { [Attribute("mathvariant", $0)] } ?? [])
    }

    static func op(_ text: String, _ attributes: [Attribute] = []) -> MathNode { .leaf(.op, text, attributes) }

    /// The same node with `variant` as the style of its letters and digits (`\mathbf{x_1}`): the style's Unicode
    /// characters where it has them (`MathAlphabets`), the attribute otherwise, and CSS for text.
    func styled(_ variant: String) -> MathNode {
        switch self {
        case .leaf(let kind, let text, var attributes) where kind != .op:
            attributes.removeAll { $0.name == "mathvariant" || $0.name == "style" }
            if kind != .text, let letters = MathAlphabets.styled(text, variant) { return .leaf(kind, letters, attributes) }
            return .leaf(kind, text, Self.variant(variant, text: kind == .text) + attributes)
        case .element(let name, let attributes, let children):
            return .element(name, attributes, children.map { $0.styled(variant) })
        default:
            return self
        }
    }

    /// The same node with no space around its operators (`lspace`/`rspace` 0, where none is given), as TeX sets a
    /// script; tables and text inside keep theirs. / Sin espacio alrededor de sus operadores, como un índice en TeX.
    func tightened() -> MathNode {
        switch self {
        case .leaf(.op, let text, let attributes) where !attributes.contains(where: { $0.name == "lspace" || $0.name == "rspace" }):
            return .leaf(.op, text, attributes + [Attribute("lspace", "0em"), Attribute("rspace", "0em")])
        case .element(let name, let attributes, let children) where name != "mtable":
            return .element(name, attributes, children.map { $0.tightened() })
        default:
            return self
        }
    }

    /// The attributes of `variant`: `mathvariant`, and for text the CSS Chromium needs to draw it.
    static func variant(_ variant: String, text: Bool) -> [Attribute] {
        guard text, let style = MathAlphabets.textStyle(variant) else { return [Attribute("mathvariant", variant)] }
        return [Attribute("mathvariant", variant), Attribute("style", style)]
    }

    /// The MathML of this node, its text escaped scalar by scalar.
    func write(into out: inout String) {
        switch self {
        case .leaf(let kind, let text, let attributes):
            Self.open(kind.rawValue, attributes, into: &out)
            Self.escape(text, into: &out)
            out += "</\(kind.rawValue)>"
        case .space(let width):
            out += "<mspace width=\"\(width)\"></mspace>"
        case .element(let name, let attributes, let children):
            Self.open(name, attributes, into: &out)
            for child in children { child.write(into: &out) }
            out += "</\(name)>"
        }
    }

    private static func open(_ name: String, _ attributes: [Attribute], into out: inout String) {
        out += "<" + name
        // `data-` attributes are the parser's notes (a big operator's limits), not MathML.
        for attribute in attributes where !attribute.name.hasPrefix("data-") {
            out += " \(attribute.name)=\""
            escape(attribute.value, into: &out)
            out += "\""
        }
        out += ">"
    }

    /// `&`, `<`, `>` and `"` as entities, on Unicode scalars. / Escapa sobre escalares Unicode.
    static func escape(_ text: String, into out: inout String) {
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.unicodeScalars.append(scalar)
            }
        }
    }
}
