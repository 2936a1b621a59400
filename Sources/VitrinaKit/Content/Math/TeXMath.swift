/// TeX made into MathML Core at build time, as GitHub, MkDocs' arithmatex and mdBook write math: no script in the page,
/// nothing from the network, and the TeX kept as the formula's annotation for a browser without MathML.
/// TeX convertido en MathML Core al construir: sin scripts ni red, con el TeX como anotación.
public enum TeXMath {
    public struct Failure: Error, Sendable, Equatable {
        public let message: String
    }

    /// The `<math>` element of `tex` (display math as `display="block"`), or why it cannot be made.
    public static func mathML(_ tex: String, display: Bool, macros: [String: String] = [:]) -> Result<String, Failure> {
        mathML(tex, display: display, parsedMacros: TeXParser.macros(macros))
    }

    /// The same, with the macros already read into tokens (a site's, read once for all its formulas).
    static func mathML(_ tex: String, display: Bool, parsedMacros macros: [String: TeXParser.Macro]) -> Result<String, Failure> {
        var parser = TeXParser(tex, display: display, macros: macros)
        let node: MathNode
        do {
            node = try parser.parse()
        } catch let failure as TeXParser.Failure {
            return .failure(Failure(message: failure.message))
        } catch {
            return .failure(Failure(message: "\(error)"))
        }
        var out = "<math xmlns=\"http://www.w3.org/1998/Math/MathML\"" + (display ? " display=\"block\"" : "") + "><semantics>"
        node.write(into: &out)
        out += "<annotation encoding=\"application/x-tex\">"
        MathNode.escape(tex, into: &out)
        out += "</annotation></semantics></math>"
        return .success(out)
    }
}
