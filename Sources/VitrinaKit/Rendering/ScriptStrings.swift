/// The UI strings the pages' scripts read (result counts, favourite buttons, the search box), one classic script per
/// language (`assets/data/strings.es.js`): the same for every page of a language, so a browser loads it once instead of
/// each page carrying it (at 100,000 pages, 30 MB of HTML), and it works from file:// as any `<script src>` does.
/// Los textos de la interfaz que leen los scripts, un script por idioma: se carga una vez en lugar de ir en cada página.
public enum ScriptStrings {
    /// Where language `language`'s strings are published (fingerprinted like any script).
    public static func path(_ language: String) -> String { "assets/data/strings.\(language).js" }

    /// The strings of `keys` that `table` has, as a JSON object: a key without a text is left out, so the script's own
    /// English fallback shows, not the key.
    /// Una clave sin texto se omite: el script muestra su texto inglés de reserva, no la clave.
    static func json(_ table: [String: String], keys: [String]) -> String {
        ScriptJSON.object(keys.reduce(into: [String: Any]()) { json, key in if let text = table[key] { json[key] = text } })
    }

    /// The script that hands them to the page's scripts (`window.VITRINA_STRINGS`), before app.js runs.
    static func file(language: String, table: [String: String], keys: [String]) -> DataFile {
        DataFile(path: path(language), bytes: Array("window.VITRINA_STRINGS = \(json(table, keys: keys));\n".utf8))
    }
}
