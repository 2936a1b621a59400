import VitrinaKit

/// What the build says about fenced code it could not highlight: each unknown language once, with how many blocks use it,
/// where the first is and the closest language Vitrina knows; and each block left plain past its budget, by file and line.
/// Lo que la construcción dice del código que no pudo resaltar: cada lenguaje desconocido una vez, y cada bloque pasado de presupuesto.
public enum CodeBlockFindings {
    public static func warnings(_ sources: some Collection<ContentLinks.Source>, registry: LexerRegistry = .builtIn) -> [BuildWarning] {
        var unknown: [String: (count: Int, first: SourceLocation)] = [:]
        var warnings: [BuildWarning] = []
        // Only the pages with notes are sorted: at 100,000 pages, sorting them all cost a quick edit a fifth of its time.
        for source in sources.filter({ !$0.body.codeNotes.isEmpty }).sorted(by: { $0.display < $1.display }) {
            for note in source.body.codeNotes {
                let location = SourceLocation(file: source.display, line: note.line, column: 1)
                switch note.kind {
                case .unknownLanguage:
                    let known = unknown[note.language]
                    unknown[note.language] = ((known?.count ?? 0) + 1, known?.first ?? location)
                case .syntax(let message):
                    warnings.append(BuildWarning(.content, "\(location): \(message)", location: location))
                case .plain(let reason):
                    warnings.append(BuildWarning(.content, "\(location): code block in \(Printable.short(note.language, limit: 40)) left plain: \(reason)",
                                                 location: location))
                }
            }
        }
        for (language, found) in unknown.sorted(by: { $0.key < $1.key }) {
            let blocks = found.count == 1 ? "1 block" : "\(found.count) blocks"
            var message = "\(found.first): unknown code language \"\(Printable.short(language, limit: 40))\" (\(blocks))"
            if let closest = registry.closestName(to: language) { message += ": did you mean \"\(closest)\"?" }
            message += " Those blocks stay plain."
            warnings.append(BuildWarning(.content, message, location: found.first))
        }
        return warnings
    }
}
