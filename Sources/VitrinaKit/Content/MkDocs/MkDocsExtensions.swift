import Foundation

/// Which Python-Markdown and PyMdown extensions a docs folder's `mkdocs.yml` turns on (`markdown_extensions`), as far as
/// Vitrina draws them; the names it cannot draw are kept for `vitrina check` to name once.
/// Qué extensiones de Python-Markdown y PyMdown activa el `mkdocs.yml` de una carpeta de documentos; las que Vitrina no
/// sabe dibujar se guardan para que `vitrina check` las nombre una vez.
public struct MkDocsExtensions: Sendable, Hashable {
    /// `!!! note` blocks. / Bloques `!!! note`.
    public var admonition = false
    /// `??? note` collapsible blocks. / Bloques plegables `??? note`.
    public var details = false
    /// Fences inside lists, admonitions and tabs (cmark already nests them; kept to know the folder asked).
    /// Bloques de código dentro de listas, avisos y pestañas.
    public var superfences = false
    /// `=== "Label"` content tabs. / Pestañas `=== "Etiqueta"`.
    public var tabbed = false
    /// `{ #id .class key="value" }` after headings, links, images and paragraphs. / Atributos tras títulos, enlaces…
    public var attrList = false
    /// `Term` + `:   definition`. / Listas de definiciones.
    public var defList = false
    /// `*[HTML]: Hyper Text Markup Language`. / Abreviaturas.
    public var abbr = false
    /// `<div markdown>` blocks. / Bloques `<div markdown>`.
    public var mdInHTML = false
    /// `++ctrl+alt+del++`. / Teclas.
    public var keys = false
    /// `==mark==`. / Resaltado.
    public var mark = false
    /// `^^insert^^` and `^sup^`. / Insertado y superíndice.
    public var caret = false
    /// `~sub~` (and `~~delete~~`, which cmark already draws). / Subíndice.
    public var tilde = false
    /// `--8<-- "file"`. / Fragmentos incluidos.
    public var snippets = false
    /// Folders that snippet paths are read from (`base_path`; `["."]` when unset, as in pymdownx).
    /// Carpetas desde las que se leen los fragmentos.
    public var snippetBasePaths: [String] = ["."]
    /// Footnotes and the table of contents: cmark and Vitrina draw them already. / Notas y tabla de contenidos.
    public var footnotes = false
    public var toc = false
    /// Extensions that are on but not drawn, whose syntax is reported where a page uses it.
    /// Extensiones activas que no se dibujan; su sintaxis se avisa donde aparece.
    public var emoji = false
    public var critic = false
    public var blocks = false
    /// The names in the list that Vitrina does not support, in the order written, each once.
    /// Los nombres de la lista que Vitrina no admite, en el orden escrito, una vez cada uno.
    public var unsupported: [String] = []

    public init() {}

    /// Every supported extension on: what the tests and a folder without a list but with Material use.
    /// Todas las extensiones admitidas activas.
    public static var all: MkDocsExtensions {
        var all = MkDocsExtensions()
        all.admonition = true; all.details = true; all.superfences = true; all.tabbed = true; all.attrList = true
        all.defList = true; all.abbr = true; all.mdInHTML = true; all.keys = true; all.mark = true; all.caret = true
        all.tilde = true; all.snippets = true; all.footnotes = true; all.toc = true
        return all
    }

    /// Whether any extension changes the Markdown before or after cmark. / Si alguna extensión cambia algo.
    public var changesMarkdown: Bool {
        admonition || details || tabbed || attrList || defList || abbr || mdInHTML || keys || mark || caret || tilde || snippets
            || emoji || critic || blocks
    }

    /// An option value as `mkdocs.yml` writes it (read by the caller's YAML reader).
    /// Un valor de opción tal como lo escribe `mkdocs.yml`.
    public enum Option: Sendable, Hashable {
        case string(String)
        case bool(Bool)
        case number(Double)
        case list([Option])
        case map([String: Option])

        var strings: [String] {
            switch self {
            case let .string(value): [value]
            case let .list(values): values.flatMap(\.strings)
            default: []
            }
        }
    }

    /// The extensions that `markdown_extensions` names (`markdown.extensions.admonition` and `admonition` alike), with
    /// each one's options by name (`options["pymdownx.snippets"]?["base_path"]`).
    /// Las extensiones que nombra `markdown_extensions`, con las opciones de cada una.
    public static func from(names: [String], options: [String: [String: Option]] = [:]) -> MkDocsExtensions {
        var extensions = MkDocsExtensions()
        for written in names {
            let name = canonical(written)
            switch name {
            case "admonition": extensions.admonition = true
            case "pymdownx.details": extensions.details = true
            case "pymdownx.superfences": extensions.superfences = true
            case "pymdownx.tabbed": extensions.tabbed = true
            case "attr_list": extensions.attrList = true
            case "def_list": extensions.defList = true
            case "abbr": extensions.abbr = true
            case "md_in_html": extensions.mdInHTML = true
            case "pymdownx.keys": extensions.keys = true
            case "pymdownx.mark": extensions.mark = true
            case "pymdownx.caret": extensions.caret = true
            case "pymdownx.tilde": extensions.tilde = true
            case "pymdownx.snippets":
                extensions.snippets = true
                let paths = (options[written]?["base_path"] ?? options[name]?["base_path"])?.strings ?? []
                if !paths.isEmpty { extensions.snippetBasePaths = paths }
            case "footnotes": extensions.footnotes = true
            case "toc": extensions.toc = true
            case "pymdownx.emoji": extensions.emoji = true; extensions.note(unsupported: written)
            case "pymdownx.critic": extensions.critic = true; extensions.note(unsupported: written)
            // Its math is found by `MathSpans` (`DocsProject.math`), not by the pre-pass. / Sus fórmulas, en MathSpans.
            case "pymdownx.arithmatex": break
            case _ where name.hasPrefix("pymdownx.blocks"): extensions.blocks = true; extensions.note(unsupported: written)
            case _ where drawnAnyway.contains(name): break
            default: extensions.note(unsupported: written)
            }
        }
        return extensions
    }

    /// Names whose effect cmark or Vitrina already gives (tables, task lists, highlighting, smart quotes…).
    /// Nombres cuyo efecto ya dan cmark o Vitrina.
    static let drawnAnyway: Set<String> = [
        "tables", "fenced_code", "sane_lists", "smarty", "nl2br", "meta", "pymdownx.highlight", "pymdownx.inlinehilite",
        "pymdownx.tasklist", "pymdownx.magiclink", "pymdownx.betterem", "pymdownx.saneheaders", "pymdownx.escapeall",
        "pymdownx.smartsymbols", "codehilite", "extra",
    ]

    /// `markdown.extensions.toc` → `toc`; `pymdownx.tabbed` stays. / Quita el prefijo de Python-Markdown.
    static func canonical(_ name: String) -> String {
        let prefix = "markdown.extensions."
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        return trimmed.hasPrefix(prefix) ? String(trimmed.dropFirst(prefix.count)) : trimmed
    }

    private mutating func note(unsupported name: String) {
        if !unsupported.contains(name) { unsupported.append(name) }
    }
}
