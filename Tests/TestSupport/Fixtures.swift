import Foundation

/// Locations of the committed test fixtures.
/// Ubicaciones de los datos de prueba incluidos en el repositorio.
public enum Fixtures {
    /// `<repo>/Tests/Fixtures/recordings`, laid out like the shared recordings.
    public static var recordings: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Fixtures/recordings", isDirectory: true)
    }

    /// `<repo>/Tests/Fixtures/declared`: the catalog and details a declared source reads in tests.
    public static var declared: URL {
        recordings.deletingLastPathComponent().appendingPathComponent("declared", isDirectory: true)
    }

    /// `<repo>/Tests/Fixtures/colour`: pictures with a colour profile and LittleCMS's sRGB of each (Scripts/colour-fixtures.py).
    public static var colour: URL {
        recordings.deletingLastPathComponent().appendingPathComponent("colour", isDirectory: true)
    }
}
