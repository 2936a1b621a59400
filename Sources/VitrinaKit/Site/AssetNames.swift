/// Where the theme's stylesheets and scripts and the data scripts are published: with the start of their bytes'
/// fingerprint in the name (`assets/site.css` → `assets/site.3f9a1c2b.css`), so a host may let browsers keep them for a
/// year; new bytes get a new name, and a file whose bytes did not change keeps its name from build to build.
/// Dónde se publican hojas de estilo y scripts: con el comienzo de su huella en el nombre, para guardarlos un año.
public struct AssetNames: Sendable {
    /// The published path of each fingerprinted file, by the path pages and templates name it by.
    package private(set) var published: [String: String] = [:]

    /// No file renamed (`outputs: {fingerprints: false}`).
    public init() {}

    /// The names a build kept (`KeptPlan`).
    package init(published: [String: String]) { self.published = published }

    /// Names every `.css` and `.js` file of `files`; other files (pictures, fonts) keep their paths.
    public init(fingerprinting files: [(path: String, bytes: [UInt8])]) {
        for file in files where Self.isFingerprinted(file.path) {
            published[file.path] = Self.name(file.path, hash: Fingerprint.hex(file.bytes))
        }
    }

    /// The path a file is published at: its fingerprinted name, or the path itself.
    public subscript(path: String) -> String { published[path] ?? path }

    /// What a set of links depends on: the published names of `paths`, for the pages' digests.
    package func fingerprint(of paths: [String]) -> String { Fingerprint.hex(paths.map { self[$0] }.joined(separator: "\n")) }

    /// Every stylesheet and script but the docs' nav scripts, which name themselves (`assets/nav/`: their index has one
    /// name for every page to load, and names the others).
    static func isFingerprinted(_ path: String) -> Bool {
        (path.hasSuffix(".css") || path.hasSuffix(".js")) && !path.hasPrefix("assets/nav/")
    }

    /// `assets/data/search.es.js` with hash `3f9a1c2b…` → `assets/data/search.es.3f9a1c2b.js`.
    static func name(_ path: String, hash: String) -> String {
        let dot = path.utf8.lastIndex(of: UInt8(ascii: "."))!
        return String(path[..<dot]) + "." + hash.prefix(8) + String(path[dot...])
    }
}
