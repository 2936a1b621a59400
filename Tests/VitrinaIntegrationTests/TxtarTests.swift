import Testing

/// The txtar reader and the scenario read from it: a slip here would build another site than the one written.
/// El lector txtar y el escenario leído: un error aquí haría construir otro sitio que el escrito.
@Suite("Txtar and scenario files")
struct TxtarTests {
    /// The comment, then each file in order with its name trimmed and its lines as written.
    /// El comentario y luego cada fichero, en orden, con su nombre y sus líneas tal cual.
    @Test func sectionsComeInOrderWithTheirNamesAndText() {
        let archive = Txtar(parsing: "A site.\ntheme: built-in\n-- Content/a.md --\n# a\n\nText.\n--   Content/b.md   --\nb\n-- empty --\n-- last --\nend\n")
        #expect(archive.comment == "A site.\ntheme: built-in\n")
        #expect(archive.files == [
            .init(name: "Content/a.md", text: "# a\n\nText.\n"), .init(name: "Content/b.md", text: "b\n"),
            .init(name: "empty", text: ""), .init(name: "last", text: "end\n"),
        ])
        #expect(Txtar(parsing: "").files.isEmpty && Txtar(parsing: "").comment.isEmpty)
        #expect(Txtar(parsing: "only a comment").comment == "only a comment\n")
    }

    /// A file keeps the blank lines it ends with; only the archive's last line, without its newline, gets one.
    /// Un fichero conserva sus líneas en blanco finales; solo la última línea del archivo, sin salto, recibe uno.
    @Test func trailingNewlinesAreKeptAndTheLastOneIsAdded() {
        let archive = Txtar(parsing: "-- a --\nx\n\n\n-- b --\ny")
        #expect(archive.files.map(\.text) == ["x\n\n\n", "y\n"])
        #expect(Txtar(parsing: "-- a --\n\n").files.map(\.text) == ["\n"])
        #expect(Txtar(parsing: "-- a --").files == [.init(name: "a", text: "")], "a marker on the last line, without newline")
        #expect(Txtar(parsing: "-- a --\r\nx\r\n").files == [.init(name: "a", text: "x\r\n")], "a marker ending in \\r\\n; lines end at their newline byte")
    }

    /// Lines with `--` that are no marker belong to the file: front matter, text, half markers.
    /// Las líneas con `--` que no son marca pertenecen al fichero: front matter, texto, medias marcas.
    @Test func aFileWhoseTextHoldsDashesKeepsThem() {
        let text = "---\ntitle: tar -- GNU\n---\n-- not closed\nnot opened --\n--x--\n-- --\n--  --\n- - a - -\n"
        let archive = Txtar(parsing: "-- Content/tar.md --\n" + text + "-- next --\nz\n")
        #expect(archive.files == [.init(name: "Content/tar.md", text: text), .init(name: "next", text: "z\n")])
        #expect(Txtar.marker("-- -- --") == "--", "a name may itself be dashes")
        #expect(Txtar.marker("-- a --\n") == "a" && Txtar.marker(" -- a --") == nil && Txtar.marker("-- a -- ") == nil)
    }

    /// A scenario: the site's files, then rounds of edits, each with its build, warnings and pages.
    /// Un escenario: los ficheros del sitio y rondas de ediciones, cada una con su construcción, avisos y páginas.
    @Test func aScenarioReadsItsSiteAndRounds() throws {
        let scenario = try Scenario(name: "s.txtar", text: """
            Two rounds.
            theme: built-in
            -- Content/site.yml --
            title: T
            -- Templates/page.mustache --
            {{title}}
            -- edit: Content/a.md --
            ---
            title: A
            ---
            -- remove: Content/b.md --
            -- build --
            whole site
            -- warnings --
            Content/c.md
            -- redrawn --
            b/index.html

            a/index.html
            -- edit: Content/a.md --
            A.
            -- redrawn --
            a/index.html
            """)
        #expect(scenario.theme == .builtIn)
        #expect(scenario.files == ["Content/site.yml": "title: T\n", "Templates/page.mustache": "{{title}}\n"])
        #expect(scenario.rounds.count == 2)
        #expect(scenario.rounds[0].edits == [.write(path: "Content/a.md", text: "---\ntitle: A\n---\n"), .remove(path: "Content/b.md")])
        #expect(scenario.rounds[0].build == .wholeSite && scenario.rounds[0].warnings == ["Content/c.md"])
        #expect(scenario.rounds[0].redrawn == ["a/index.html", "b/index.html"])
        #expect(scenario.rounds[1].edits == [.write(path: "Content/a.md", text: "A.\n")] && scenario.rounds[1].build == nil)
    }

    /// A scenario that cannot mean what it says is refused, naming the file and the section.
    /// Un escenario que no puede significar lo que dice se rechaza, con el fichero y la sección.
    @Test(arguments: [
        ("-- Content/a.md --\nx\n", "no round of edits"),
        ("-- Content/a.md --\nx\n-- edit: Content/a.md --\ny\n", "the last edits have no `-- redrawn --` section"),
        ("-- Content/a.md --\nx\n-- redrawn --\na/index.html\n", "`-- redrawn --` ends a round without edits"),
        ("-- Content/a.md --\nx\n-- edit: Content/a.md --\ny\n-- Content/b.md --\nz\n-- redrawn --\n", "`-- Content/b.md --` names a site file after the edits began"),
        ("-- Content/a.md --\nx\n-- remove: Content/a.md --\ny\n-- redrawn --\n", "`-- remove: Content/a.md --` has text"),
        ("-- Content/a.md --\nx\n-- edit: ../a.md --\ny\n-- redrawn --\n", "`-- edit: ../a.md --` names no file below Content/ or Templates/"),
        ("-- Content/a.md --\nx\n-- edit: Content/../../a.md --\ny\n-- redrawn --\n", "names no file below Content/ or Templates/"),
        ("-- Output/a.html --\nx\n", "`-- Output/a.html --` names no file below Content/ or Templates/"),
        ("-- Content/a.md --\nx\n-- edit: Content/a.md --\ny\n-- build --\nquickly\n-- redrawn --\n", "says \"quickly\""),
        ("theme: mine\n-- Content/a.md --\nx\n", "theme is \"mine\""),
        ("-- Content/a.md --\nx\n-- Content/a.md --\ny\n", "`-- Content/a.md --` is given twice"),
    ])
    func aMalformedScenarioIsRefusedSayingWhy(text: String, reason: String) {
        do {
            _ = try Scenario(name: "bad.txtar", text: text)
            Issue.record("accepted: \(text.debugDescription)")
        } catch {
            let message = "\(error)"
            #expect(message.hasPrefix("bad.txtar: ") && message.contains(reason), "\(message)")
        }
    }
}
