import Foundation
import Synchronization

/// What one block may cost to highlight; past any limit it comes out plain, with a warning naming its file and line.
/// Lo que puede costar resaltar un bloque; pasado un límite sale sin resaltar, con un aviso.
public struct HighlightBudget: Sendable, Equatable {
    public var maximumBytes = 512 * 1024
    public var maximumLines = 20_000
    public var time: Duration = .seconds(2)

    public init() {}
}

/// How a fenced block came out.
/// Cómo salió un bloque de código.
public enum CodeBlockResult: Sendable, Equatable {
    case highlighted(String)
    /// No lexer has the fence's language: the block stays plain, as written.
    case unknownLanguage
    /// Over its budget, or its lexer failed: plain, and the reason says why.
    case plain(String)
}

/// Highlights fenced code at build time as Hugo does (Chroma's lexers, Hugo's HTML), within a budget per block, and
/// remembers each block it did by language, options, text and lexer version.
/// Resalta bloques de código al construir, como Hugo, con un presupuesto por bloque y memoria de lo ya hecho.
public struct CodeHighlighter: Sendable {
    public let registry: LexerRegistry
    public var budget: HighlightBudget
    public let memo: HighlightMemo

    public init(registry: LexerRegistry = .builtIn, budget: HighlightBudget = HighlightBudget(), memo: HighlightMemo = HighlightMemo()) {
        self.registry = registry
        self.budget = budget
        self.memo = memo
    }

    public func highlight(_ code: String, fence: CodeFence) -> CodeBlockResult {
        guard let found = registry.lexerOrFailure(named: fence.language) else { return .unknownLanguage }
        let lexer: CompiledLexer
        switch found {
        case .success(let compiled): lexer = compiled
        case .failure(let error): return .plain("its lexer does not compile (\(error))")
        }
        if code.utf8.count > budget.maximumBytes {
            return .plain("it is larger than \(budget.maximumBytes / 1024) KB")
        }
        let lines = code.utf8.lazy.filter { $0 == 10 }.count
        if lines > budget.maximumLines { return .plain("it has more than \(budget.maximumLines) lines") }
        let key = HighlightMemo.key(lexer: lexer.config.name, fence: fence, code: code)
        if let known = memo.html(for: key) { return .highlighted(known) }
        var run = LexerRun(registry: registry, deadline: .now + budget.time)
        var tokens: [CodeToken]
        do {
            tokens = try run.tokenise(code, with: lexer)
        } catch {
            return .plain(error.description)
        }
        let text = LexerRun.ensureLF(code)
        Self.dropAddedNewline(&tokens, text: text)
        guard Self.tokens(tokens, spell: text) else {
            return .plain("its tokens do not add up to its text")
        }
        let html = HighlightedHTML.render(tokens, language: fence.language, options: fence.options)
        memo.remember(html, for: key)
        return .highlighted(html)
    }

    /// Starts, on another task, what the theme stage and the first highlighted block would otherwise wait for (the
    /// default stylesheet, the lexers' index), while the theme stage runs on one core.
    /// Prepara en otra tarea la hoja de estilo por defecto y el índice de analizadores mientras carga el tema.
    public static func prepareInBackground(_ settings: HighlightSettings) {
        Task.detached(priority: .high) {
            if settings.style == nil { _ = ChromaStyle.defaultStylesheet() }
            _ = LexerRegistry.builtIn.canonicalName("text")
        }
    }

    /// Whether the tokens' texts, joined, are `text` byte for byte (compared without joining them).
    static func tokens(_ tokens: [CodeToken], spell text: String) -> Bool {
        var expected = text.utf8.makeIterator()
        for token in tokens {
            for byte in token.text.utf8 where expected.next() != byte { return false }
        }
        return expected.next() == nil
    }

    /// A lexer that wants a final newline (Chroma's `ensure_nl`) gets one; it is not part of the block's text.
    static func dropAddedNewline(_ tokens: inout [CodeToken], text: String) {
        guard !text.hasSuffix("\n"), let last = tokens.last, last.text.hasSuffix("\n") else { return }
        if last.text == "\n" { tokens.removeLast() } else { tokens[tokens.count - 1].text.removeLast() }
    }
}

/// Highlighted blocks kept between builds: in memory by `vitrina serve`, in `.vitrina/highlight.bin` by `vitrina build`.
/// Bloques ya resaltados guardados entre construcciones (en memoria o en `.vitrina/highlight.bin`).
public final class HighlightMemo: Sendable {
    private struct Entry {
        let html: String
        var used: Bool
    }

    /// Nil until first needed: a build whose pages all come from the document memo never reads the file.
    private let loaded: Mutex<[String: Entry]?>
    private let file: (path: String, context: String)?
    private let changed = Mutex(false)
    static let header = "vitrina-highlight 1"

    public init() {
        loaded = Mutex([:])
        file = nil
    }

    private init(path: String, context: String) {
        loaded = Mutex(nil)
        file = (path, context)
    }

    /// The entries, read from the file on first use.
    private func withEntries<T>(_ body: (inout [String: Entry]) -> T) -> T {
        loaded.withLock { state in
            if state == nil { state = file.map { Self.read($0.path, context: $0.context) } ?? [:] }
            return body(&state!)
        }
    }

    /// The key of one block: lexer version and name, the fence's language and options, and the code.
    static func key(lexer: String, fence: CodeFence, code: String) -> String {
        let options = fence.options
        let ranges = options.highlightedLines.map { "\($0.lowerBound)-\($0.upperBound)" }.joined(separator: ",")
        return Fingerprint.content([LexerRegistry.version, lexer, fence.language, options.lineNumbers.rawValue, "\(options.lineNumberStart)", ranges, code]
            .joined(separator: "\u{0}"))
    }

    func html(for key: String) -> String? {
        withEntries { entries in
            guard let entry = entries[key] else { return nil }
            entries[key]?.used = true
            return entry.html
        }
    }

    func remember(_ html: String, for key: String) {
        withEntries { $0[key] = Entry(html: html, used: true) }
        changed.withLock { $0 = true }
    }

    /// How many blocks it holds.
    public var count: Int { withEntries { $0.count } }

    /// The memo a build saved under the same settings, read when first needed; a damaged file counts as empty.
    public static func load(from path: String, context: String) -> HighlightMemo { HighlightMemo(path: path, context: context) }

    private static func read(_ path: String, context: String) -> [String: Entry] {
        guard var reader = MemoFile.read(path, header: header, context: context) else { return [:] }
        guard let count = reader.int(), (0...reader.remaining).contains(count) else { return [:] }
        var entries: [String: Entry] = [:]
        entries.reserveCapacity(count)
        for _ in 0..<count {
            guard let pair = reader.strings(), pair.count == 2 else { return [:] }
            entries[pair[0]] = Entry(html: pair[1], used: false)
        }
        return entries
    }

    /// Most blocks kept: past it, only the blocks this build used are written.
    static let capacity = 20_000

    /// Writes the blocks when one was highlighted anew, atomically. Blocks of pages the document memo served were not
    /// looked at, so unused blocks are kept too, up to `capacity`.
    public func save(to path: String, context: String) throws {
        guard changed.withLock({ $0 }) else { return }
        let all = withEntries { $0 }
        let used = all.count > Self.capacity ? all.filter(\.value.used) : all
        var writer = ByteWriter(reserving: used.reduce(0) { $0 + $1.value.html.utf8.count + 32 })
        writer.int(used.count)
        // Keys are hexadecimal: their bytes sort them, without String's Unicode comparison.
        for (key, entry) in used.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) { writer.strings([key, entry.html]) }
        try MemoFile.write(writer.bytes, to: path, header: Self.header, context: context)
    }
}
