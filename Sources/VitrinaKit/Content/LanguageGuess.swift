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

    /// Each short word's languages, as bits of `words`' places.
    static let languagesOfWord: [String: UInt8] = {
        var table: [String: UInt8] = [:]
        for (index, entry) in words.enumerated() { for word in entry.words { table[word, default: 0] |= 1 << index } }
        return table
    }()
    /// The longest of those words, in bytes: longer words are not looked up.
    static let longestWord = words.flatMap(\.words).map(\.utf8.count).max() ?? 0

    /// The language of `texts`: the one whose words are found most, when at least a few are.
    public static func language(of texts: [String]) -> String {
        var counts = [Int](repeating: 0, count: words.count)
        for text in texts {
            countWords(text) { languages in
                for index in counts.indices where languages & (1 << index) != 0 { counts[index] += 1 }
            }
        }
        guard let best = counts.indices.max(by: { counts[$0] < counts[$1] }), counts[best] >= 8 else { return "en" }
        return words[best].language
    }

    /// Calls `found` with the languages of each known word of `text` outside fenced and indented code, cutting words on
    /// bytes (letters are ASCII letters and any byte of a multi-byte scalar), lowercasing ASCII only.
    /// Llama a `found` con los idiomas de cada palabra conocida del texto, fuera del código; corta palabras sobre bytes.
    static func countWords(_ text: String, _ found: (UInt8) -> Void) {
        var inFence = false
        for line in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            let trimmed = line.drop { $0 == UInt8(ascii: " ") }
            if trimmed.starts(with: "```".utf8) || trimmed.starts(with: "~~~".utf8) { inFence.toggle(); continue }
            if inFence || line.starts(with: "    ".utf8) { continue }
            var word: [UInt8] = []
            for (place, byte) in line.enumerated() {
                let isLetter = byte >= 0x80 || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
                if isLetter { word.append(byte < 0x80 ? byte | 0x20 : byte) }
                guard !isLetter || place == line.count - 1, !word.isEmpty else { continue }
                if word.count <= longestWord, let languages = languagesOfWord[String(decoding: word, as: UTF8.self)] { found(languages) }
                word.removeAll(keepingCapacity: true)
            }
        }
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
