import Foundation

/// JSON for data scripts and `<script type="application/json">`: sorted keys, and `<` escaped so no
/// value can close the script element.
/// JSON para scripts de datos: claves ordenadas y `<` escapado para que ningún valor cierre el script.
public enum ScriptJSON {
    public static func object(_ value: Any) -> String {
        guard JSONSerialization.isValidJSONObject(value),
              let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes])
        else { return "{}" }
        return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "<", with: "\\u003c")
    }

    /// `window.VITRINA = window.VITRINA || {}; VITRINA.name = …;` as a file's bytes.
    public static func dataScript(name: String, value: Any) -> [UInt8] {
        Array("window.VITRINA = window.VITRINA || {};\nVITRINA.\(name) = \(object(value));\n".utf8)
    }
}
