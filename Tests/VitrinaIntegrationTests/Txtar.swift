/// A text archive in Go's txtar format, as Hugo's scenario tests are written: a free comment, then files, each opened by
/// a line `-- NAME --` and holding every line up to the next such line. A file's text keeps its lines exactly (blank
/// lines at its end too); only the last one, when the archive does not end with a newline, is given one.
/// Un archivo de texto en el formato txtar de Go: un comentario libre y luego ficheros, cada uno abierto por `-- NOMBRE --`.
struct Txtar: Equatable {
    /// One file of the archive: the name on its marker line, trimmed, and its text.
    /// Un fichero del archivo: el nombre de su línea de marca y su texto.
    struct File: Equatable {
        let name: String
        let text: String
    }

    /// What comes before the first marker line.
    var comment = ""
    var files: [File] = []

    /// Reads `text`: a line is a marker when it starts with `-- `, ends with ` --` and names something between them; any
    /// other line (`---`, `a -- b`, `-- not closed`) belongs to the file above it, or to the comment.
    init(parsing text: String) {
        var current: (name: String, lines: [Substring])?
        var comment: [Substring] = []
        for line in Self.lines(text) {
            if let name = Self.marker(line) {
                if let done = current { files.append(File(name: done.name, text: Self.joined(done.lines))) }
                current = (name, [])
            } else if current != nil {
                current?.lines.append(line)
            } else {
                comment.append(line)
            }
        }
        if let done = current { files.append(File(name: done.name, text: Self.joined(done.lines))) }
        self.comment = Self.joined(comment)
    }

    init(comment: String, files: [File]) {
        self.comment = comment
        self.files = files
    }

    /// The name on a marker line, or nil when `line` is no marker (compared on bytes, as Go does; a line may end with
    /// "\r\n", as a file saved on Windows does).
    static func marker(_ line: Substring) -> String? {
        var body = Array(line.utf8)
        if body.last == UInt8(ascii: "\n") { body.removeLast() }
        if body.last == UInt8(ascii: "\r") { body.removeLast() }
        let (open, close) = (Array("-- ".utf8), Array(" --".utf8))
        guard body.count > open.count + close.count, body.starts(with: open), body.suffix(close.count).elementsEqual(close) else { return nil }
        let name = String(decoding: body.dropFirst(open.count).dropLast(close.count), as: UTF8.self).trimmingSpaces
        return name.isEmpty ? nil : String(name)
    }

    /// The lines of `text`, each with its newline (the last one without, when the text does not end with one).
    static func lines(_ text: String) -> [Substring] {
        var lines: [Substring] = []
        var start = text.startIndex
        while start < text.endIndex {
            // On bytes: "\r\n" is one `Character`, which a search for "\n" would pass over.
            let end = text.utf8[start...].firstIndex(of: UInt8(ascii: "\n")).map { text.utf8.index(after: $0) } ?? text.endIndex
            lines.append(text[start..<end])
            start = end
        }
        return lines
    }

    /// The lines as one text, ending with a newline unless there are none.
    static func joined(_ lines: [Substring]) -> String {
        let text = lines.joined()
        return text.isEmpty || text.utf8.last == UInt8(ascii: "\n") ? text : text + "\n"
    }
}

private extension String {
    /// Without the spaces at either end.
    var trimmingSpaces: Substring {
        var text = self[...]
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return text
    }
}
