import Yams

/// One way of sorting pages by subject (`tags`, `categories`), as `taxonomies:` in site.yml declares it: its name, which
/// is also the front matter key pages list their terms under, and a term's display name per language when given.
/// Una forma de clasificar páginas (`tags`, `categories`): su nombre, que es la clave de la cabecera, y nombres por idioma.
public struct Taxonomy: Sendable, Equatable {
    public let name: String
    /// A term's display name by language, by the term as pages write it (`viaje: {en: Travel}`).
    public var names: [String: [String: String]] = [:]

    public init(name: String, names: [String: [String: String]] = [:]) {
        self.name = name
        self.names = names
    }

    /// The taxonomies a site has when site.yml says nothing.
    public static let defaults = [Taxonomy(name: "tags"), Taxonomy(name: "categories")]
    /// At most this many taxonomies, terms per page and taxonomy, and characters in a term.
    static let maxTaxonomies = 10
    static let maxTermsPerPage = 100
    static let maxTermLength = 100

    /// Terms as API data gives them, made fit to publish rather than refused (the data is not the site's to fix):
    /// control characters dropped, at most `maxTermLength` characters, trimmed, each once, at most `maxTermsPerPage`.
    package static func terms(fromData texts: [String]) -> [String] {
        var list: [String] = []
        for text in texts where list.count < maxTermsPerPage {
            let kept = String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.properties.generalCategory != .control }.prefix(maxTermLength)))
            let term = kept.trimmingCharacters(in: .whitespacesAndNewlines)
            if !term.isEmpty, !list.contains(term) { list.append(term) }
        }
        return list
    }

    /// The fingerprint of the declaration, for the pages drawn from it.
    var fingerprint: String { name + "|" + names.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.sorted { $0.key < $1.key })" }.joined(separator: ",") }
}

extension YAMLReader {
    /// `taxonomies: [tags, categories]`, `taxonomies: {tags: {names: {viaje: {en: Travel}}}}`, or `false` for none.
    func taxonomies(_ root: Node.Mapping) throws -> [Taxonomy] {
        guard let node = root["taxonomies"] else { return Taxonomy.defaults }
        if node.bool == false { return [] }
        var taxonomies: [Taxonomy] = []
        if let list = node.sequence {
            for item in list { taxonomies.append(Taxonomy(name: try taxonomyName(item))) }
        } else if let map = node.mapping {
            for (key, value) in map {
                var taxonomy = Taxonomy(name: try taxonomyName(key))
                if let settings = value.mapping {
                    for (settingKey, setting) in settings {
                        guard settingKey.string == "names", let terms = setting.mapping else {
                            throw VitrinaError(.config, "\(file):\(line(settingKey)): taxonomies.\(taxonomy.name) takes names: {term: {en: Name}}")
                        }
                        for (term, languages) in terms {
                            guard let term = term.string, let byLanguage = languages.mapping else {
                                throw VitrinaError(.config, "\(file):\(line(languages)): taxonomies.\(taxonomy.name).names gives each term its name per language, like viaje: {en: Travel}")
                            }
                            taxonomy.names[term] = Dictionary(byLanguage.compactMap { key, value in key.string.flatMap { k in value.string.map { (k, $0) } } },
                                                              uniquingKeysWith: { first, _ in first })
                        }
                    }
                } else if !(value.string ?? "").isEmpty || value.bool == false {
                    throw VitrinaError(.config, "\(file):\(line(value)): taxonomies.\(taxonomy.name) must be a mapping like {names: {viaje: {en: Travel}}}, or empty")
                }
                taxonomies.append(taxonomy)
            }
        } else {
            throw VitrinaError(.config, "\(file):\(line(node)): taxonomies must be a list like [tags, categories], a mapping, or false")
        }
        guard taxonomies.count <= Taxonomy.maxTaxonomies, Set(taxonomies.map(\.name)).count == taxonomies.count else {
            throw VitrinaError(.config, "\(file):\(line(node)): taxonomies lists at most \(Taxonomy.maxTaxonomies) names, each once")
        }
        return taxonomies
    }

    /// A name of lower-case ASCII letters, digits, `-` and `_`: it is a front matter key and a folder of the output.
    private func taxonomyName(_ node: Node) throws -> String {
        guard let name = node.string, (1...40).contains(name.utf8.count),
              name.utf8.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D || $0 == 0x5F }) else {
            throw VitrinaError(.config, "\(file):\(line(node)): a taxonomy's name is 1 to 40 lower-case letters, digits, - or _, like tags")
        }
        return name
    }
}
