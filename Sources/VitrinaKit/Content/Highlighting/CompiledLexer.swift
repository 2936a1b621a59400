import Foundation
import Synchronization

/// A lexer ready to run: includes and combined states resolved as Chroma resolves them, each pattern compiled by ICU
/// the first time a run tries it (most states of a lexer are never reached by a docs folder's blocks), and a pool of
/// matchers so runs on several threads never share one.
/// Un analizador listo: inclusiones resueltas, cada patrón compilado al primer intento y matchers por ejecución.
final class CompiledLexer: Sendable {
    let config: LexerDefinition.Config
    let rootState: Int
    fileprivate let states: [[CompiledRule]]
    /// Each distinct pattern in ICU's dialect, with the first state that has it (for error messages).
    private let sources: [(icu: String, original: String, state: String)]
    private let flags: ICUPattern.Flags
    private let patterns: Mutex<[Result<ICUPattern, CompileError>?]>
    private let pool = Mutex<[MatcherSet]>([])

    /// What a rule does to the state stack, in order (Chroma's push, pop and `Push()` of the current state).
    enum StackOperation: Sendable, Equatable {
        case push(Int)
        case unknown(String)
        case pushCurrent
        case pop(Int)
    }

    indirect enum Emitter: Sendable {
        case token(TokenType)
        case byGroups([Emitter])
        case using(lexer: String, remap: [TokenType: TokenType])
        case usingSelf(state: Int)
        case usingByGroup(nameGroup: Int, codeGroup: Int, emitters: [Emitter])
    }

    struct CompiledRule: Sendable {
        let pattern: Int
        let shape: PatternShape
        let emitter: Emitter?
        let operations: [StackOperation]
    }

    /// What a pattern's text tells before ICU is asked, worked out once per distinct pattern.
    struct PatternShape: Sendable {
        /// What a match can start with: a rule is not tried at a character it cannot start with.
        let first: FirstCharacters
        /// What a match's second character can be, when the pattern says (else nil): checked after the first.
        let second: FirstCharacters?
        /// An empty pattern (Chroma's "otherwise" rule): it matches nothing, anywhere, without asking ICU.
        let isEmpty: Bool
        /// A list of words ending at a word boundary, matched without ICU where ASCII decides.
        let words: WordList?

        init(icu: String, caseInsensitive: Bool) {
            first = FirstCharacters.of(icuPattern: icu, caseInsensitive: caseInsensitive)
            let second = FirstCharacters.second(icuPattern: icu, caseInsensitive: caseInsensitive)
            self.second = second.isAny ? nil : second
            isEmpty = icu.isEmpty
            words = caseInsensitive ? nil : WordList.of(icuPattern: icu)
        }
    }

    struct CompileError: Error, CustomStringConvertible {
        let lexer: String
        let reason: String
        var description: String { "lexer \(lexer): \(reason)" }
    }

    /// Compiles `definition`, reading the states it inherits through `definitionNamed`.
    init(_ definition: LexerDefinition, definitionNamed: (String) -> LexerDefinition?) throws {
        let config = definition.config
        self.config = config
        var states: [String: [LexerDefinition.Rule]] = [:]
        for inheritance in definition.inherits {
            guard let other = definitionNamed(inheritance.lexer) else {
                throw CompileError(lexer: config.name, reason: "inherits unknown lexer \(inheritance.lexer)")
            }
            for (name, rules) in other.states { states[name == "root" ? (inheritance.root ?? "root") : name] = rules }
        }
        for (name, rules) in definition.states { states[name] = rules }
        guard states["root"] != nil else { throw CompileError(lexer: config.name, reason: "no root state") }
        try Self.resolveIncludes(&states, lexer: config.name)
        Self.resolveCombined(&states)

        let names = states.keys.sorted()
        let index = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($0.element, $0.offset) })
        let flags = config.icuFlags
        var patternIndex: [String: (number: Int, shape: PatternShape)] = [:]
        var sources: [(icu: String, original: String, state: String)] = []
        var compiled: [[CompiledRule]] = []
        for name in names {
            var rules: [CompiledRule] = []
            for rule in states[name] ?? [] {
                let pattern: (number: Int, shape: PatternShape)
                if let known = patternIndex[rule.pattern] {
                    pattern = known
                } else {
                    let icu = PatternTranslation.icu(rule.pattern)
                    sources.append((icu, rule.pattern, name))
                    pattern = (sources.count - 1, PatternShape(icu: icu, caseInsensitive: config.caseInsensitive))
                    patternIndex[rule.pattern] = pattern
                }
                let emitter = try rule.emitter.map { try Self.compile($0, states: index, lexer: config.name) }
                let operations = try rule.mutator.map { try Self.operations($0, states: index, lexer: config.name) } ?? []
                rules.append(CompiledRule(pattern: pattern.number, shape: pattern.shape, emitter: emitter, operations: operations))
            }
            compiled.append(rules)
        }
        rootState = index["root"]!
        self.states = compiled
        self.sources = sources
        self.flags = flags
        self.patterns = Mutex(Array(repeating: nil, count: sources.count))
    }

    /// Compiles every pattern now: the first that ICU refuses is the error, naming its state.
    func validate() throws(CompileError) {
        for number in sources.indices { _ = try pattern(number).get() }
    }

    /// Pattern `number`, compiled by ICU on first use and kept (a refusal is kept too). Compiled outside the lock, so
    /// that runs starting together on several threads do not wait in turn for each other's patterns.
    private func pattern(_ number: Int) -> Result<ICUPattern, CompileError> {
        if let known = patterns.withLock({ $0[number] }) { return known }
        let source = sources[number]
        let result = Result { () throws(ICUPattern.CompileError) in try ICUPattern(source.icu, flags: flags) }.mapError { error in
            CompileError(lexer: config.name, reason: "state \(source.state): pattern \(source.original) does not compile (ICU error \(error.code) at \(error.offset))")
        }
        return patterns.withLock { patterns in
            if let earlier = patterns[number] { return earlier }
            patterns[number] = result
            return result
        }
    }

    /// Chroma's include: the rule is replaced by the included state's rules, again until none is left.
    private static func resolveIncludes(_ states: inout [String: [LexerDefinition.Rule]], lexer: String) throws {
        var budget = 100_000
        for name in states.keys.sorted() {
            var index = 0
            while var rules = states[name], index < rules.count {
                guard case .include(let included)? = rules[index].mutator else { index += 1; continue }
                guard let replacement = states[included] else { throw CompileError(lexer: lexer, reason: "include of unknown state \(included)") }
                budget -= replacement.count + 1
                guard budget > 0 else { throw CompileError(lexer: lexer, reason: "includes do not end") }
                rules.replaceSubrange(index...index, with: replacement)
                states[name] = rules
            }
        }
    }

    /// Chroma's combined: a state `__combined_a__b` with the rules of each, and the rule pushes it.
    private static func resolveCombined(_ states: inout [String: [LexerDefinition.Rule]]) {
        // A combined state may itself hold the rule that made it: resolve until none is left (each pass adds states only
        // for new combinations, so this ends).
        var pending = true
        var passes = 0
        while pending, passes < 16 {
            pending = false
            passes += 1
            resolveCombinedOnce(&states, pending: &pending)
        }
    }

    private static func resolveCombinedOnce(_ states: inout [String: [LexerDefinition.Rule]], pending: inout Bool) {
        for name in states.keys.sorted() {
            guard var rules = states[name] else { continue }
            for index in rules.indices {
                guard case .combined(let parts)? = rules[index].mutator else { continue }
                let combined = "__combined_" + parts.joined(separator: "__")
                if states[combined] == nil {
                    states[combined] = parts.flatMap { states[$0] ?? [] }
                    pending = true
                }
                rules[index].mutator = .push([combined])
            }
            states[name] = rules
        }
    }

    private static func compile(_ emitter: LexerDefinition.Emitter, states: [String: Int], lexer: String) throws -> Emitter {
        switch emitter {
        case .token(let type): return .token(type)
        case .byGroups(let emitters): return .byGroups(try emitters.map { try compile($0, states: states, lexer: lexer) })
        case .using(let name, let remap): return .using(lexer: name, remap: remap)
        case .usingSelf(let state):
            guard let index = states[state] else { throw CompileError(lexer: lexer, reason: "usingself of unknown state \(state)") }
            return .usingSelf(state: index)
        case .usingByGroup(let nameGroup, let codeGroup, let emitters):
            return .usingByGroup(nameGroup: nameGroup, codeGroup: codeGroup, emitters: try emitters.map { try compile($0, states: states, lexer: lexer) })
        }
    }

    private static func operations(_ mutator: LexerDefinition.Mutator, states: [String: Int], lexer: String) throws -> [StackOperation] {
        switch mutator {
        case .push(let names):
            if names.isEmpty { return [.pushCurrent] }
            return names.map { name -> StackOperation in
                if name == "#pop" { return .pop(1) }
                if name == "#push" { return .pushCurrent }
                // Chroma fails only when such a rule runs (yang.xml pushes a state it lacks in a rule no text reaches).
                return states[name].map { .push($0) } ?? .unknown(name)
            }
        case .pop(let depth): return [.pop(depth)]
        case .multiple(let mutators): return try mutators.flatMap { try operations($0, states: states, lexer: lexer) }
        case .include, .combined: throw CompileError(lexer: lexer, reason: "include or combined inside other mutators")
        }
    }

    // MARK: Matchers

    /// One matcher per pattern, made on first use, for one run at a time.
    final class MatcherSet: @unchecked Sendable {
        var matchers: [ICUMatcher?]
        init(count: Int) { matchers = Array(repeating: nil, count: count) }
    }

    func checkOut() -> MatcherSet {
        pool.withLock { $0.popLast() } ?? MatcherSet(count: sources.count)
    }

    func checkIn(_ set: MatcherSet) {
        pool.withLock { if $0.count < 16 { $0.append(set) } }
    }

    fileprivate func matcher(_ number: Int, in set: MatcherSet) throws(LexingFailure) -> ICUMatcher {
        if let matcher = set.matchers[number] { return matcher }
        switch pattern(number) {
        case .failure(let error): throw .lexerBroken(error.reason)
        case .success(let pattern):
            guard let made = pattern.matcher() else { throw .lexerBroken("ICU could not clone a pattern") }
            set.matchers[number] = made
            return made
        }
    }

    fileprivate func rules(of state: Int) -> [CompiledRule] { states[state] }
}

extension LexerDefinition.Config {
    /// ICU's flags for this lexer's patterns: only `\n` ends a line, as in regexp2; multi-line unless `not_multiline`.
    var icuFlags: ICUPattern.Flags {
        var flags: ICUPattern.Flags = [.unixLines]
        if !notMultiline { flags.insert(.multiline) }
        if caseInsensitive { flags.insert(.caseInsensitive) }
        if dotAll { flags.insert(.dotAll) }
        return flags
    }
}

/// Why a block could not be highlighted within its budget, or at all.
/// Por qué un bloque no pudo resaltarse dentro de su presupuesto.
enum LexingFailure: Error, Equatable, CustomStringConvertible {
    case tooSlow
    case tooDeep
    case noProgress
    case patternOverBudget
    case lexerBroken(String)

    var description: String {
        switch self {
        case .tooSlow: return "it took longer than its time budget"
        case .tooDeep: return "its lexer nested states or languages too deeply"
        case .noProgress: return "its lexer stopped moving forward"
        case .patternOverBudget: return "a pattern of its lexer backtracked past ICU's limit"
        case .lexerBroken(let reason): return "its lexer is broken (\(reason))"
        }
    }
}

/// Runs compiled lexers over a text as Chroma's RegexLexer does (regexp.go's Iterator), under a deadline.
/// Ejecuta analizadores compilados sobre un texto como el RegexLexer de Chroma, con un plazo.
struct LexerRun {
    let registry: LexerRegistry
    let deadline: ContinuousClock.Instant
    private var steps = 0
    private var depth = 0
    private static let runNumbers = Atomic<Int>(0)

    init(registry: LexerRegistry, deadline: ContinuousClock.Instant) {
        self.registry = registry
        self.deadline = deadline
    }

    /// Chroma's `Tokenise` with default options (line endings made `\n`), coalesced as `chroma.Coalesce` does.
    mutating func tokenise(_ text: String, with lexer: CompiledLexer) throws(LexingFailure) -> [CodeToken] {
        Self.coalesce(try tokens(Array(Self.ensureLF(text).utf16), lexer: lexer, nested: false))
    }

    static func ensureLF(_ text: String) -> String {
        guard text.utf8.contains(13) else { return text }
        return text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
    }

    /// A lexer's tokens with what Chroma wraps around its rules: delegation, the HTTP body.
    mutating func tokens(_ text: [UInt16], lexer: CompiledLexer, nested: Bool) throws(LexingFailure) -> [CodeToken] {
        if let delegate = lexer.config.delegate {
            guard let root = registry.lexer(named: delegate) else { throw .lexerBroken("delegates to unknown \(delegate)") }
            return try delegated(text, language: lexer, root: root, nested: nested)
        }
        let tokens = try run(text, lexer: lexer, state: lexer.rootState, nested: nested)
        return lexer.config.contentTypeBody ? try bodyByContentType(tokens) : tokens
    }

    /// The state machine of regexp.go: the first rule of the top state that matches here wins.
    mutating func run(_ input: [UInt16], lexer: CompiledLexer, state initial: Int, nested: Bool) throws(LexingFailure) -> [CodeToken] {
        depth += 1
        defer { depth -= 1 }
        guard depth <= 24 else { throw .tooDeep }
        var text = input
        var end = text.count
        if !nested, lexer.config.ensureNewline, text.last != 10 {
            text.append(10)
        }
        end = min(end, text.count)
        let set = lexer.checkOut()
        defer { lexer.checkIn(set) }
        let runNumber = Self.runNumbers.add(1, ordering: .relaxed).newValue
        var tokens: [CodeToken] = []
        var failure: LexingFailure?
        text.withUnsafeBufferPointer { buffer in
            do throws(LexingFailure) {
                try machine(buffer, cutting: TokenText(buffer), end: end, lexer: lexer, set: set, run: runNumber, initial: initial, into: &tokens)
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        return tokens
    }

    private mutating func machine(_ text: UnsafeBufferPointer<UInt16>, cutting cut: TokenText, end: Int, lexer: CompiledLexer,
                                  set: CompiledLexer.MatcherSet, run: Int, initial: Int, into tokens: inout [CodeToken]) throws(LexingFailure) {
        var position = 0
        var stack = [initial]
        var standing = 0
        while position < end, let state = stack.last {
            try tick()
            var matched: (rule: Int, matcher: ICUMatcher?, range: Range<Int>)?
            let unit = text[position]
            let next = position + (UTF16.isLeadSurrogate(unit) ? 2 : 1)
            let secondUnit: UInt16? = next < text.count ? text[next] : nil
            let rules = lexer.rules(of: state)
            // By index, so that rules the first character rules out are not copied (nor their emitters retained).
            trying: for index in rules.indices where rules[index].shape.first.admits(unit) {
                let shape = rules[index].shape
                if let second = shape.second {
                    guard let secondUnit, second.admits(secondUnit) else { continue }
                }
                if shape.isEmpty {
                    matched = (index, nil, position..<position)
                    break trying
                }
                switch shape.words?.match(text, at: position) {
                case .matched(let range)?:
                    matched = (index, nil, range)
                    break trying
                case .failed?: continue trying
                case .undecided?, nil: break
                }
                let matcher = try lexer.matcher(rules[index].pattern, in: set)
                matcher.use(text, run: run)
                switch matcher.match(at: position) {
                case .matched:
                    if let range = matcher.range(ofGroup: 0) {
                        matched = (index, matcher, range)
                        break trying
                    }
                case .failed: continue trying
                case .overBudget: throw .patternOverBudget
                }
            }
            guard let (ruleIndex, matcher, range) = matched else {
                if text[position] == 10 && state != initial {
                    stack = [initial]
                    continue
                }
                let width = Self.scalarWidth(text, at: position)
                tokens.append(CodeToken(.error, cut.string(position..<(position + width))))
                position += width
                continue
            }
            let rule = rules[ruleIndex]
            standing = range.isEmpty ? standing + 1 : 0
            guard standing < 1_000 else { throw .noProgress }
            position = range.upperBound
            for operation in rule.operations {
                switch operation {
                case .push(let next): stack.append(next)
                case .pushCurrent: stack.append(state)
                case .pop(let count): stack.removeLast(min(count, stack.count))
                case .unknown(let name): throw .lexerBroken("pushes unknown state \(name)")
                }
            }
            guard stack.count < 10_000 else { throw .tooDeep }
            switch rule.emitter {
            case nil: break
            case .token(let type)?: tokens.append(CodeToken(type, cut.string(range)))
            case let emitter?:
                let groups = matcher.map { matcher in (0...matcher.groupCount).map { matcher.range(ofGroup: $0) } }
                    ?? Array(repeating: range, count: 1 + (rule.shape.words?.groups ?? 0))
                try emit(emitter, groups: groups, text: text, cutting: cut, lexer: lexer, into: &tokens)
            }
        }
        if position < text.count, stack.isEmpty {
            tokens.append(CodeToken(.error, cut.string(position..<text.count)))
        }
    }

    private mutating func tick() throws(LexingFailure) {
        steps += 1
        if steps & 31 == 0, ContinuousClock.now > deadline { throw .tooSlow }
    }

    /// Emits one rule's tokens; `groups[0]` is the whole match, as in Chroma's emitters.go.
    private mutating func emit(_ emitter: CompiledLexer.Emitter, groups: [Range<Int>?], text: UnsafeBufferPointer<UInt16>, cutting cut: TokenText,
                               lexer: CompiledLexer, into tokens: inout [CodeToken]) throws(LexingFailure) {
        let whole = groups.first.flatMap { $0 } ?? 0..<0
        switch emitter {
        case .token(let type):
            tokens.append(CodeToken(type, cut.string(whole)))
        case .byGroups(let emitters):
            guard emitters.count == groups.count - 1 else {
                tokens.append(CodeToken(.error, cut.string(whole)))
                return
            }
            // Chroma emits every group's text. When those texts joined are not the match (a group nested in another
            // is written twice, text no group covers is lost), each character is written once instead, in order, and
            // text no group covers is plain.
            if Self.groupsSpellMatch(groups, whole: whole, text: text) {
                for (index, sub) in emitters.enumerated() {
                    let group = groups[index + 1] ?? whole.lowerBound..<whole.lowerBound
                    try emit(sub, groups: [group], text: text, cutting: cut, lexer: lexer, into: &tokens)
                }
                return
            }
            var cursor = whole.lowerBound
            for (index, sub) in emitters.enumerated() {
                guard let group = groups[index + 1], group.upperBound > cursor else { continue }
                let start = max(group.lowerBound, cursor)
                if start > cursor { tokens.append(CodeToken(.text, cut.string(cursor..<start))) }
                try emit(sub, groups: [start..<group.upperBound], text: text, cutting: cut, lexer: lexer, into: &tokens)
                cursor = group.upperBound
            }
            if cursor < whole.upperBound { tokens.append(CodeToken(.text, cut.string(cursor..<whole.upperBound))) }
        case .usingSelf(let state):
            tokens += try run(Array(text[whole]), lexer: lexer, state: state, nested: true)
        case .using(let name, let remap):
            guard let other = registry.lexer(named: name) else { throw .lexerBroken("uses unknown lexer \(name)") }
            let sub = try self.tokens(Array(text[whole]), lexer: other, nested: true)
            tokens += remap.isEmpty ? sub : sub.map { CodeToken(remap[$0.type] ?? $0.type, $0.text) }
        case .usingByGroup(let nameGroup, let codeGroup, let emitters):
            guard emitters.count == groups.count - 1, nameGroup < groups.count, codeGroup < groups.count else {
                throw .lexerBroken("usingbygroup with \(emitters.count) emitters for \(groups.count - 1) groups")
            }
            let name = groups[nameGroup].map { cut.string($0) } ?? ""
            let sublexer = registry.lexer(named: name)
            for (index, sub) in emitters.enumerated() {
                let group = groups[index + 1] ?? whole.lowerBound..<whole.lowerBound
                if index + 1 == codeGroup, let sublexer {
                    tokens += try self.tokens(Array(text[group]), lexer: sublexer, nested: false)
                } else {
                    try emit(sub, groups: [group], text: text, cutting: cut, lexer: lexer, into: &tokens)
                }
            }
        }
    }

    /// Whether the groups' texts, joined in order, are the whole match's text.
    private static func groupsSpellMatch(_ groups: [Range<Int>?], whole: Range<Int>, text: UnsafeBufferPointer<UInt16>) -> Bool {
        var position = whole.lowerBound
        var contiguous = true
        var length = 0
        for group in groups.dropFirst() {
            guard let group else { continue }
            contiguous = contiguous && group.lowerBound == position
            position = group.upperBound
            length += group.count
        }
        guard length == whole.count else { return false }
        if contiguous { return true }
        var offset = whole.lowerBound
        for group in groups.dropFirst() {
            guard let group else { continue }
            for index in group where text[index] != text[offset + index - group.lowerBound] { return false }
            offset += group.count
        }
        return true
    }

    /// delegate.go: the language lexer's `Other` text is lexed by the root lexer and the language's tokens put back in.
    private mutating func delegated(_ text: [UInt16], language: CompiledLexer, root: CompiledLexer, nested: Bool) throws(LexingFailure) -> [CodeToken] {
        let languageTokens = Self.coalesce(try run(text, lexer: language, state: language.rootState, nested: nested))
        struct Insertion { var start: Int; var end: Int; var tokens: [CodeToken] }
        var others: [UInt16] = []
        var insertions: [Insertion] = []
        var offset = 0
        var lastWasOther: Bool?
        for token in languageTokens {
            let length = token.text.utf16.count
            if token.type == .other {
                if lastWasOther == false, !insertions.isEmpty { insertions[insertions.count - 1].end = offset }
                others.append(contentsOf: token.text.utf16)
            } else {
                if lastWasOther != false { insertions.append(Insertion(start: offset, end: offset, tokens: [])) }
                insertions[insertions.count - 1].tokens.append(token)
            }
            lastWasOther = token.type == .other
            offset += length
        }
        if lastWasOther == false, !insertions.isEmpty { insertions[insertions.count - 1].end = offset }
        guard !insertions.isEmpty else { return try tokens(text, lexer: root, nested: nested) }
        let rootTokens = Self.coalesce(try tokens(others, lexer: root, nested: nested))
        var out: [CodeToken] = []
        offset = 0
        var rootIndex = 0
        var insertionIndex = 0
        var current: CodeToken? = rootTokens.first
        rootIndex = current == nil ? 0 : 1
        func nextRoot() -> CodeToken? {
            defer { rootIndex += 1 }
            return rootIndex < rootTokens.count ? rootTokens[rootIndex] : nil
        }
        while current != nil || insertionIndex < insertions.count {
            let insertion = insertionIndex < insertions.count ? insertions[insertionIndex] : nil
            if let insertion, current == nil || insertion.start < offset + current!.text.utf16.count {
                if let token = current {
                    let (left, right) = Self.split(token, at: insertion.start - offset)
                    if let left { out.append(left); offset += left.text.utf16.count }
                    current = right
                }
                out += insertion.tokens
                offset += insertion.end - insertion.start
                if current == nil { current = nextRoot() }
                insertionIndex += 1
            } else if let token = current {
                out.append(token)
                offset += token.text.utf16.count
                current = nextRoot()
            }
        }
        return out
    }

    private static func split(_ token: CodeToken, at offset: Int) -> (CodeToken?, CodeToken?) {
        let units = Array(token.text.utf16)
        if offset <= 0 { return (nil, token) }
        if offset >= units.count { return (token, nil) }
        return (CodeToken(token.type, String(decoding: units[..<offset], as: UTF16.self)),
                CodeToken(token.type, String(decoding: units[offset...], as: UTF16.self)))
    }

    /// http.go's body: after a `Content-Type` header, the body is lexed by the lexer of that type (or is plain text).
    private mutating func bodyByContentType(_ tokens: [CodeToken]) throws(LexingFailure) -> [CodeToken] {
        var out: [CodeToken] = []
        var contentType = ""
        var readingType = false
        for var token in tokens {
            if token.type == .name && token.text.lowercased() == "content-type" {
                readingType = true
            } else if token.type == .literal && readingType {
                readingType = false
                contentType = token.text.trimmingCharacters(in: .whitespaces)
                if let semicolon = contentType.firstIndex(of: ";"), semicolon > contentType.startIndex {
                    contentType = String(contentType[..<semicolon]).trimmingCharacters(in: .whitespaces)
                }
            } else if token.type == .generic && !contentType.isEmpty {
                var lexer = registry.lexer(mimeType: contentType)
                if lexer == nil, contentType.contains("+"), let slash = contentType.firstIndex(of: "/"), let plus = contentType.lastIndex(of: "+") {
                    lexer = registry.lexer(mimeType: String(contentType[...slash]) + String(contentType[contentType.index(after: plus)...]))
                }
                guard let lexer else { token = CodeToken(.text, token.text); out.append(token); continue }
                out += try self.tokens(Array(Self.ensureLF(token.text).utf16), lexer: lexer, nested: false)
                return out
            }
            out.append(token)
        }
        return out
    }

    /// coalesce.go: empty tokens dropped, neighbours of one type joined while the first is under 8,192 bytes.
    static func coalesce(_ tokens: [CodeToken]) -> [CodeToken] {
        var out: [CodeToken] = []
        out.reserveCapacity(tokens.count)
        for token in tokens where !token.text.isEmpty {
            if let last = out.last, last.type == token.type, last.text.utf8.count < 8192 {
                out[out.count - 1].text += token.text
            } else {
                out.append(token)
            }
        }
        return out
    }

    private static func scalarWidth(_ text: UnsafeBufferPointer<UInt16>, at position: Int) -> Int {
        UTF16.isLeadSurrogate(text[position]) && position + 1 < text.count && UTF16.isTrailSurrogate(text[position + 1]) ? 2 : 1
    }
}

/// A run's text as UTF-8, which tokens are cut from: ICU's offsets count UTF-16 units, mapped to bytes unless the text
/// is ASCII. A cut inside a surrogate pair puts the whole character on its left, so tokens joined are the text.
/// El texto de una ejecución en UTF-8, del que se cortan los tokens (ICU cuenta en unidades UTF-16).
struct TokenText {
    private let utf8: [UInt8]
    /// UTF-8 offset of each UTF-16 index (and of the end); nil when they are the same (ASCII).
    private let offsets: [Int]?
    private let unitCount: Int

    init(_ units: UnsafeBufferPointer<UInt16>) {
        unitCount = units.count
        guard units.contains(where: { $0 >= 0x80 }) else {
            utf8 = units.map { UInt8(truncatingIfNeeded: $0) }
            offsets = nil
            return
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(units.count * 3)
        var offsets = [Int](repeating: 0, count: units.count + 1)
        var index = 0
        while index < units.count {
            offsets[index] = bytes.count
            let unit = units[index]
            if UTF16.isLeadSurrogate(unit), index + 1 < units.count, UTF16.isTrailSurrogate(units[index + 1]) {
                let scalar = Unicode.Scalar(UInt32(unit - 0xD800) << 10 + UInt32(units[index + 1] - 0xDC00) + 0x10000)
                UTF8.encode(scalar ?? "\u{FFFD}") { bytes.append($0) }
                offsets[index + 1] = bytes.count
                index += 2
            } else {
                UTF8.encode(Unicode.Scalar(unit) ?? "\u{FFFD}") { bytes.append($0) }
                index += 1
            }
        }
        offsets[units.count] = bytes.count
        utf8 = bytes
        self.offsets = offsets
    }

    /// The text of a range of UTF-16 units.
    func string(_ range: Range<Int>) -> String {
        let units = range.clamped(to: 0..<unitCount)
        let start = offsets?[units.lowerBound] ?? units.lowerBound
        let end = offsets?[units.upperBound] ?? units.upperBound
        guard start < end else { return "" }
        return utf8.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[start..<end]), as: UTF8.self) }
    }
}
