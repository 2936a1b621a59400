import Foundation
import Synchronization

/// Every lexer compiled into Vitrina, found as Chroma's registry finds them (name, alias, then file name), each compiled
/// on first use and kept; a lexer that does not compile stays unusable and says why.
/// Todos los analizadores de Vitrina, buscados como en Chroma y compilados al primer uso.
public final class LexerRegistry: Sendable {
    struct Entry: Sendable {
        let key: String
        let config: LexerDefinition.Config
    }

    private let sources: [String: String]
    private let entries: [Entry]
    private let byName: [String: Int]
    private let byAlias: [String: Int]
    private let compiled = Mutex<[String: Result<CompiledLexer, CompiledLexer.CompileError>]>([:])
    private let definitions = Mutex<[String: LexerDefinition]>([:])
    /// Names already looked up (an unknown one checks every file glob): at most `lookupCapacity` of them.
    private let lookups = Mutex<[String: Int?]>([:])
    private static let lookupCapacity = 4_096

    /// The lexers of Chroma and Vitrina's own, as compiled into the binary.
    public static let builtIn = LexerRegistry(sources: ChromaData.lexers)

    /// The version of the lexers, part of every remembered block's key.
    public static let version = ChromaData.version

    /// Lexers from XML by key; an entry whose `<config>` cannot be read is left out.
    init(sources: [String: String]) {
        self.sources = sources
        var entries: [Entry] = []
        for key in sources.keys.sorted() {
            guard let xml = sources[key], let config = try? LexerDefinition.config(fromXML: xml) else { continue }
            entries.append(Entry(key: key, config: config))
        }
        var byName: [String: Int] = [:]
        var byAlias: [String: Int] = [:]
        for (index, entry) in entries.enumerated() {
            byName[entry.config.name] = byName[entry.config.name] ?? index
            byName[entry.config.name.lowercased()] = byName[entry.config.name.lowercased()] ?? index
            for alias in entry.config.aliases {
                byAlias[alias] = byAlias[alias] ?? index
                byAlias[alias.lowercased()] = byAlias[alias.lowercased()] ?? index
            }
        }
        self.entries = entries
        self.byName = byName
        self.byAlias = byAlias
    }

    /// Every lexer's name, sorted.
    public var names: [String] { entries.map(\.config.name).sorted() }

    /// Chroma's `Get`: exact name or alias, then lower-cased, then a file named `filename.<name>` or `<name>`.
    func lexer(named name: String) -> CompiledLexer? {
        guard let entry = entry(named: name) else { return nil }
        return try? compile(entries[entry].key).get()
    }

    /// The lexer a fence's language names, or the reason it cannot run; nil when no lexer has that name.
    func lexerOrFailure(named name: String) -> Result<CompiledLexer, CompiledLexer.CompileError>? {
        entry(named: name).map { compile(entries[$0].key) }
    }

    /// The canonical name of the lexer `name` finds (`rs` → `Rust`), nil when none.
    public func canonicalName(_ name: String) -> String? { entry(named: name).map { entries[$0].config.name } }

    private func entry(named name: String) -> Int? {
        guard !name.isEmpty, name.utf8.count <= 100 else { return nil }
        if let index = byName[name] ?? byAlias[name] ?? byName[name.lowercased()] ?? byAlias[name.lowercased()] { return index }
        if let known = lookups.withLock({ $0[name] }) { return known }
        let found = match(fileName: "filename." + name) ?? match(fileName: name)
        lookups.withLock { if $0.count < Self.lookupCapacity { $0[name] = found } }
        return found
    }

    func lexer(mimeType: String) -> CompiledLexer? {
        let matches = entries.indices.filter { entries[$0].config.mimeTypes.contains(mimeType) }
        guard let best = prioritised(matches) else { return nil }
        return try? compile(entries[best].key).get()
    }

    /// Chroma's `Match`: the lexers whose file globs match, then those whose alias globs do, highest priority first.
    private func match(fileName: String) -> Int? {
        let base = fileName.pathSegments.last ?? fileName
        // Chroma tries every glob with each ignored suffix added (`*.py` + `.bak`); a glob ending in a literal suffix
        // matches exactly when the name ends with it and the glob matches the rest, so the rest is tried instead: one
        // match per glob, not fourteen.
        let names = [base] + Self.ignoredSuffixes.compactMap { suffix -> String? in
            let bytes = base.utf8
            guard bytes.count >= suffix.utf8.count, bytes.suffix(suffix.utf8.count).elementsEqual(suffix.utf8) else { return nil }
            return String(Substring(bytes.dropLast(suffix.utf8.count)))
        }
        for globs in [\LexerDefinition.Config.filenames, \LexerDefinition.Config.aliasFilenames] {
            let matches = entries.indices.filter { index in
                entries[index].config[keyPath: globs].contains { glob in names.contains { Glob.matches(glob, $0) } }
            }
            if let best = prioritised(matches) { return best }
        }
        return nil
    }

    private static let ignoredSuffixes = ["~", ".bak", ".old", ".orig", ".dpkg-dist", ".dpkg-old", ".ucf-dist", ".ucf-new", ".ucf-old",
                                          ".rpmnew", ".rpmorig", ".rpmsave", ".in"]

    private func prioritised(_ indices: [Int]) -> Int? {
        indices.max { priority(of: $0) < priority(of: $1) || (priority(of: $0) == priority(of: $1) && $0 > $1) }
    }

    private func priority(of index: Int) -> Double { entries[index].config.priority == 0 ? 1 : entries[index].config.priority }

    private func compile(_ key: String) -> Result<CompiledLexer, CompiledLexer.CompileError> {
        if let done = compiled.withLock({ $0[key] }) { return done }
        let result: Result<CompiledLexer, CompiledLexer.CompileError>
        do {
            guard let parsed = definition(key) else { throw CompiledLexer.CompileError(lexer: key, reason: "its XML does not parse") }
            result = .success(try CompiledLexer(parsed) { [self] name in entry(named: name).flatMap { definition(entries[$0].key) } })
        } catch let error as CompiledLexer.CompileError {
            result = .failure(error)
        } catch {
            result = .failure(CompiledLexer.CompileError(lexer: key, reason: "\(error)"))
        }
        return compiled.withLock { known in
            if let earlier = known[key] { return earlier }
            known[key] = result
            return result
        }
    }

    private func definition(_ key: String) -> LexerDefinition? {
        if let known = definitions.withLock({ $0[key] }) { return known }
        guard let xml = sources[key], let parsed = try? LexerDefinition(xml: xml) else { return nil }
        definitions.withLock { $0[key] = parsed }
        return parsed
    }

    /// The known name or alias closest to `name` (for "did you mean"), when one is close enough to be a typo.
    public func closestName(to name: String) -> String? {
        let candidates = Set(entries.flatMap { [$0.config.name.lowercased()] + $0.config.aliases.map { $0.lowercased() } })
        return Closest.match(name.lowercased(), among: candidates.sorted())
    }
}

/// Go's `filepath.Match` for the globs lexers name (`*.rs`, `Dockerfile.*`, `*.php[345]`), in time linear in the
/// name for each star (the classic backtrack to the last star), so no glob and name can make it explode.
/// El `filepath.Match` de Go para los patrones de nombres de fichero, en tiempo acotado.
enum Glob {
    static func matches(_ pattern: String, _ name: String) -> Bool {
        let pattern = Array(pattern.unicodeScalars), name = Array(name.unicodeScalars)
        var p = 0, n = 0
        var star: (pattern: Int, name: Int)?
        while n < name.count {
            if p < pattern.count, pattern[p] == "*" {
                star = (p, n)
                p += 1
            } else if p < pattern.count, let next = single(pattern, at: p, matching: name[n]) {
                p = next
                n += 1
            } else if let last = star, name[last.name] != "/" {
                star = (last.pattern, last.name + 1)
                p = last.pattern + 1
                n = last.name + 1
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }

    /// The position after the pattern element at `index` when it matches `scalar` (`?`, a `[…]` set, `\x`, a literal).
    private static func single(_ pattern: [Unicode.Scalar], at index: Int, matching scalar: Unicode.Scalar) -> Int? {
        switch pattern[index] {
        case "?":
            return scalar == "/" ? nil : index + 1
        case "[":
            guard let close = pattern[min(index + 2, pattern.count)...].firstIndex(of: "]") else { return nil }
            var set = pattern[(index + 1)..<close]
            let negated = set.first == "^"
            if negated { set = set.dropFirst() }
            var inSet = false
            var position = set.startIndex
            while position < set.endIndex {
                if position + 2 < set.endIndex, set[position + 1] == "-" {
                    if set[position] <= set[position + 2], (set[position]...set[position + 2]).contains(scalar) { inSet = true }
                    position += 3
                } else {
                    if set[position] == scalar { inSet = true }
                    position += 1
                }
            }
            return inSet != negated ? close + 1 : nil
        case "\\" where index + 1 < pattern.count:
            return pattern[index + 1] == scalar ? index + 2 : nil
        default:
            return pattern[index] == scalar ? index + 1 : nil
        }
    }
}
