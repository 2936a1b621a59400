/// `vitrina new DIR`: a minimal site that builds at once — site.yml, a home text, a docs page and the default theme.
/// `vitrina new DIR`: un sitio mínimo que se construye al momento: site.yml, portada, una página de documentación y el tema.
public struct NewSite: Sendable {
    public let directory: String

    public init(directory: String) { self.directory = directory }

    /// Writes the site; refuses a folder that already holds a `Content/` or `Templates/`, so nothing is overwritten.
    public func create() throws {
        for folder in ["Content", "Templates"] where Files.exists(Files.join(directory, folder)) {
            throw VitrinaError(.usage, "\(Files.join(directory, folder)) already exists: `vitrina new` only writes into a new or empty folder")
        }
        for (path, text) in Self.content.sorted(by: { $0.key < $1.key }) { try Files.write(Array(text.utf8), to: Files.join(directory, "Content", path)) }
        try Theme.builtIn.write(to: Files.join(directory, "Templates"))
    }

    static let content: [String: String] = [
        "site.yml": """
            # The site's settings. / Los ajustes del sitio.
            title: Mi sitio
            description: Un sitio hecho con Vitrina.
            default_language: es
            languages: [es, en]
            page_size: 20

            """,
        "_index.md": """
            ---
            title: Mi sitio
            ---
            Bienvenido. Cada carpeta de `Content/` con ficheros Markdown es una sección con su índice.

            """,
        "_index.en.md": """
            ---
            title: My site
            ---
            Welcome. Every folder of Markdown files in `Content/` is a section with its own index.

            """,
        "docs/_index.md": """
            ---
            title: Documentación
            description: Guías y referencia.
            layout: docs
            ---

            """,
        "docs/_index.en.md": """
            ---
            title: Docs
            description: Guides and reference.
            layout: docs
            ---

            """,
        "docs/getting-started.md": """
            ---
            title: Primeros pasos
            description: Escribir, construir y publicar.
            weight: 1
            ---
            ## Escribir

            Añade ficheros `.md` en `Content/`; la cabecera YAML (`title`, `description`, `weight`, `draft`) es opcional.

            ## Construir

            `vitrina build` escribe el sitio en `Output/`; `vitrina serve` lo sirve y recarga la página al guardar.

            """,
        "docs/getting-started.en.md": """
            ---
            title: Getting started
            description: Write, build and publish.
            weight: 1
            ---
            ## Write

            Add `.md` files under `Content/`; the YAML front matter (`title`, `description`, `weight`, `draft`) is optional.

            ## Build

            `vitrina build` writes the site to `Output/`; `vitrina serve` serves it and reloads the page when you save.

            """,
    ]
}
