import Foundation

/// A scenario of `Tests/Scenarios/`: a whole small site written as a txtar archive, then rounds of edits, each followed
/// by what the build after it must redraw. Sections, in order:
///
///     theme: built-in                     (in the comment, optional: the theme built into Vitrina, copied to
///                                          Templates/ before the site's own Templates/ files)
///     -- Content/site.yml --              the site's files, each with its text
///     -- edit: Content/linux/tar.md --    a round's edits: a file's new text,
///     -- remove: Content/osx/open.md --   or a file removed (nothing under its marker)
///     -- build --                         optional: `kept plan` or `whole site`, how the build after the edits ran
///     -- warnings --                      optional: one text per warning the build gives (each found in its
///                                          warning, in order); without it, the build gives none
///     -- redrawn --                       ends the round: the output paths the build makes anew, one per line — the
///                                          pages it draws and the other files (feeds, sitemap…) whose bytes change
///
/// Un escenario: un sitio pequeño escrito como archivo txtar y rondas de ediciones, cada una con lo que debe redibujarse.
struct Scenario {
    /// Which theme the site starts from: its own files alone, or the built-in one beneath them.
    /// Con qué tema empieza el sitio: solo sus ficheros, o el incorporado debajo de ellos.
    enum Theme: Equatable { case ownOrNone, builtIn }

    /// How the build after a round's edits ran, so a scenario can say an edit is drawn from the kept plan.
    /// Cómo corrió la construcción tras las ediciones, para que un escenario diga si salió del plan guardado.
    enum BuildPath: String { case keptPlan = "kept plan", wholeSite = "whole site" }

    /// One change to the site's sources, as an editor saves it.
    /// Un cambio en las fuentes del sitio, como lo guarda un editor.
    enum Edit: Equatable {
        case write(path: String, text: String)
        case remove(path: String)
    }

    /// Edits, then what the build that follows them must do: one step of a scenario.
    /// Ediciones y lo que debe hacer la construcción que las sigue: un paso del escenario.
    struct Round {
        var edits: [Edit] = []
        var build: BuildPath?
        var warnings: [String] = []
        var redrawn: [String] = []
    }

    /// A scenario file that cannot mean what it says, so it fails instead of testing less than it seems to.
    /// Un escenario que no puede significar lo que dice: falla en vez de probar menos de lo que parece.
    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    let name: String
    var theme = Theme.ownOrNone
    /// The site before any edit, by path below its folder.
    var files: [String: String] = [:]
    var rounds: [Round] = []

    /// Reads scenario `name` (for messages) from `text`; throws `Malformed` naming the section at fault.
    init(name: String, text: String) throws {
        self.name = name
        let archive = Txtar(parsing: text)
        for line in archive.comment.split(separator: "\n") where line.hasPrefix("theme:") {
            let value = line.dropFirst("theme:".count).trimmingCharacters(in: .whitespaces)
            guard value == "built-in" else { throw Malformed(description: "\(name): theme is \(value.debugDescription); only built-in is known") }
            theme = .builtIn
        }
        var round = Round()
        var open = false
        for file in archive.files {
            let problem = { (reason: String) in Malformed(description: "\(name): section `-- \(file.name) --` \(reason)") }
            if let path = Self.value(of: "edit:", in: file.name) {
                try Self.check(path, problem)
                round.edits.append(.write(path: path, text: file.text))
                open = true
            } else if let path = Self.value(of: "remove:", in: file.name) {
                try Self.check(path, problem)
                guard file.text.isEmpty else { throw problem("has text; a removal has none") }
                round.edits.append(.remove(path: path))
                open = true
            } else if file.name == "build" {
                let value = file.text.trimmingCharacters(in: .whitespacesAndNewlines)
                guard open, round.build == nil else { throw problem("comes before any edit of its round, or twice") }
                guard let path = BuildPath(rawValue: value) else { throw problem("says \(value.debugDescription); use `kept plan` or `whole site`") }
                round.build = path
            } else if file.name == "warnings" {
                guard open, round.warnings.isEmpty else { throw problem("comes before any edit of its round, or twice") }
                round.warnings = Self.lines(file.text)
            } else if file.name == "redrawn" {
                guard open else { throw problem("ends a round without edits") }
                round.redrawn = Self.lines(file.text).sorted()
                rounds.append(round)
                round = Round()
                open = false
            } else {
                try Self.check(file.name, problem)
                guard rounds.isEmpty && !open else { throw problem("names a site file after the edits began; use `-- edit: \(file.name) --`") }
                guard files[file.name] == nil else { throw problem("is given twice") }
                files[file.name] = file.text
            }
        }
        if open { throw Malformed(description: "\(name): the last edits have no `-- redrawn --` section") }
        if rounds.isEmpty { throw Malformed(description: "\(name): no round of edits") }
        if files.isEmpty { throw Malformed(description: "\(name): no site files") }
    }

    /// The rest of `name` after `prefix`, trimmed; nil when it does not start so.
    private static func value(of prefix: String, in name: String) -> String? {
        name.hasPrefix(prefix) ? name.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces) : nil
    }

    /// A site file's path: below `Content/` or `Templates/`, with no way out of the site.
    private static func check(_ path: String, _ problem: (String) -> Malformed) throws {
        guard path.hasPrefix("Content/") || path.hasPrefix("Templates/"), !path.split(separator: "/").contains(".."), !path.hasSuffix("/") else {
            throw problem("names no file below Content/ or Templates/")
        }
    }

    /// The section's lines that say something, trimmed.
    private static func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
