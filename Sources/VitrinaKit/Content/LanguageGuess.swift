import Foundation

/// The language a folder of Markdown is written in, when no setting names it: its commonest short words counted
/// against each language's, over a bounded sample of its files. English when the text says too little.
/// El idioma en que está escrita una carpeta de Markdown, por sus palabras cortas más comunes; inglés si dice poco.
public enum LanguageGuess {
    /// Each language's most frequent short words that other languages here rarely write.
    static let words: [(language: String, words: Set<String>)] = [
        ("en", ["the", "and", "of", "to", "is", "in", "that", "it", "for", "you", "with", "this", "are", "be", "on", "can", "your", "from", "which", "have"]),
        ("es", ["el", "la", "los", "las", "de", "que", "y", "en", "un", "una", "es", "por", "con", "para", "del", "se", "su", "como", "al", "más"]),
        ("fr", ["le", "la", "les", "des", "et", "est", "une", "pour", "dans", "que", "qui", "du", "sur", "pas", "vous", "avec", "au", "ce", "sont", "être"]),
        ("de", ["der", "die", "das", "und", "ist", "nicht", "mit", "den", "ein", "eine", "zu", "auf", "für", "sie", "sich", "dem", "auch", "werden", "wird", "oder"]),
        ("pt", ["o", "os", "as", "de", "que", "e", "do", "da", "em", "um", "uma", "para", "com", "não", "por", "mais", "dos", "das", "ao", "são"]),
        ("it", ["il", "di", "che", "è", "e", "la", "per", "un", "una", "non", "sono", "con", "del", "della", "gli", "le", "si", "nel", "anche", "come"]),
    ]
    /// How many files and bytes of each are read, and how many folder entries looked at.
    static let maxFiles = 48
    static let maxBytesPerFile = 12_288
    static let maxEntries = 20_000

    /// The language of the Markdown below `folder`.
    public static func language(ofFolder folder: String) -> String {
        language(of: sample(folder))
    }

    /// The language of `texts`: the one whose words are found most, when at least a few are.
    public static func language(of texts: [String]) -> String {
        var counts = [Int](repeating: 0, count: words.count)
        for text in texts {
            for word in tokens(text) {
                for (index, entry) in words.enumerated() where entry.words.contains(word) { counts[index] += 1 }
            }
        }
        guard let best = counts.indices.max(by: { counts[$0] < counts[$1] }), counts[best] >= 8 else { return "en" }
        return words[best].language
    }

    /// Lowercased words of letters, outside fenced code.
    static func tokens(_ text: String) -> [String] {
        var result: [String] = []
        var inFence = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") { inFence.toggle(); continue }
            if inFence || line.hasPrefix("    ") { continue }
            var word = String.UnicodeScalarView()
            for scalar in line.unicodeScalars {
                if scalar.properties.isAlphabetic {
                    word.append(scalar)
                } else if !word.isEmpty {
                    result.append(String(word).lowercased())
                    word = String.UnicodeScalarView()
                }
            }
            if !word.isEmpty { result.append(String(word).lowercased()) }
        }
        return result
    }

    /// The start of the first Markdown files below `folder`, shallowest first, in name order.
    static func sample(_ folder: String) -> [String] {
        var texts: [String] = []
        var queue = [folder]
        var seen = 0
        while !queue.isEmpty, texts.count < maxFiles, seen < maxEntries {
            let current = queue.removeFirst()
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: current)) ?? []).sorted()
            for name in names where !name.hasPrefix(".") {
                seen += 1
                guard seen < maxEntries, texts.count < maxFiles else { break }
                let path = Files.join(current, name)
                switch SafePath.kind(path) {
                case .folder: queue.append(path)
                case .file where name.hasSuffix(".md"):
                    if let bytes = try? Files.readPrefix(path, count: maxBytesPerFile) { texts.append(String(decoding: bytes, as: UTF8.self)) }
                default: continue
                }
            }
        }
        return texts
    }
}
