/// Loaded content that redraws its own pages for edited files without building the site: from memory under
/// `vitrina serve` (`quickEdit`), and in a later build from what it kept (`keptForEdits`, read back by its feature's
/// `redraw`). One rule says which edits qualify, so both paths draw the same pages as a whole build would.
/// Contenido cargado que redibuja sus propias páginas para ficheros editados sin construir el sitio: en memoria con
/// `vitrina serve` y, en una construcción posterior, desde lo que guardó.
public protocol EditableContent: LoadedFeature {
    /// For `changed` (paths below the site), when every one is its own: the content with the edits, and the pages that
    /// show them drawn again, the link resolver in `pageContext` told of them; nil when the change needs a build.
    func quickEdit(_ changed: [String], reading loader: DocumentLoader, pageContext: inout PageContext) throws -> QuickEdited?

    /// What a later build needs to redraw its pages after an edit of their text alone, without loading the site; nil
    /// when it keeps nothing.
    func keptForEdits(pageContext: PageContext) -> KeptEdits?

    /// The content with what its first quick edit would make (its lookup tables) made now, while `vitrina serve` waits.
    /// El contenido con lo que haría su primera edición rápida (sus tablas) hecho ya, mientras `vitrina serve` espera.
    func preparedForEdits() -> Self
}

extension EditableContent {
    public func keptForEdits(pageContext: PageContext) -> KeptEdits? { nil }
    public func preparedForEdits() -> Self { self }
}

/// What a quick edit made: the content with the edits, and its pages to draw again.
/// Lo que hizo una edición rápida: el contenido con los cambios y sus páginas para volver a dibujar.
public struct QuickEdited: Sendable {
    public let content: any LoadedFeature
    public let pages: [Page]

    public init(content: any LoadedFeature, pages: [Page]) {
        self.content = content
        self.pages = pages
    }
}

/// What content keeps for a later build: the pages an edit of their text alone can redraw, each by its source files,
/// and its own record of them, which only its feature reads back (the build stores it as it is).
/// Lo que el contenido guarda para una construcción posterior: sus páginas por sus ficheros y su propio registro.
public struct KeptEdits: Sendable {
    /// Each page's files below the site (`Content/linux/tar.md`), in the order of the record's pages.
    public var pageFiles: [[String]]
    /// The feature's record, read back by its `EditableFeature.redraw`.
    public var record: [UInt8]

    public init(pageFiles: [[String]], record: [UInt8]) {
        self.pageFiles = pageFiles
        self.record = record
    }

    /// A kept page whose files changed: its place among the record's pages and its files (as kept: `Content/…`).
    public struct Edited: Sendable {
        public let place: Int
        public let files: [String]

        public init(place: Int, files: [String]) {
            self.place = place
            self.files = files
        }
    }
}

/// A feature whose content can be redrawn from what it kept (`EditableContent.keptForEdits`).
/// Una función cuyo contenido se puede redibujar desde lo que guardó.
public protocol EditableFeature: Feature {
    /// The pages of `edited` read again through `loader` and drawn in every language; nil when the record is damaged
    /// or an edit changes more than their own text (a whole build follows).
    func redraw(_ edited: [KeptEdits.Edited], kept record: [UInt8], reading loader: DocumentLoader, pageContext: PageContext) throws -> [Page]?
}
