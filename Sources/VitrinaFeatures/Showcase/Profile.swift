import Yams
import VitrinaKit

/// The profile screen's data from `Content/profile.yml`: photo, name, and labelled details.
/// Los datos del perfil desde `Content/profile.yml`: foto, nombre y detalles con etiqueta.
public struct Profile: Sendable, Equatable {
    public let name: String
    /// Path relative to `Content/`.
    public let photo: String?
    public let details: [Detail]

    public struct Detail: Sendable, Equatable {
        public let key: String
        public let labels: [String: String]
        public let value: String
    }

    public var photoKey: String? { photo.map { "profile:" + $0 } }

    /// Reads the file; errors name the file and line.
    public static func load(path: String, display: String) throws -> Profile? {
        guard Files.exists(path) else { return nil }
        let node = try SafeYAML.compose(try Files.readText(path), file: display, stage: .content)
        guard let map = node?.mapping, let name = map["name"]?.string else {
            throw VitrinaError(.content, "\(display): a profile needs name: (and optionally photo: and details:)")
        }
        var details: [Detail] = []
        for item in map["details"]?.sequence ?? [] {
            guard let fields = item.mapping, let key = fields["key"]?.string, let value = fields["value"]?.string else {
                throw VitrinaError(.content, "\(display):\((item.mark?.line ?? 0)): each detail needs key: and value: (and label: {es: …, en: …})")
            }
            var labels: [String: String] = [:]
            for (language, text) in fields["label"]?.mapping ?? [:] {
                if let language = language.string, let text = text.string { labels[language] = text }
            }
            details.append(Detail(key: Slug.make(key), labels: labels, value: value))
        }
        return Profile(name: name, photo: map["photo"]?.string, details: details)
    }
}

extension Profile: Fingerprinted {
    public func write(to writer: inout FingerprintWriter) { writer.add(name, photo, details) }
}

extension Profile.Detail: Fingerprinted {
    public func write(to writer: inout FingerprintWriter) { writer.add(key, labels, value) }
}
