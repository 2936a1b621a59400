import Foundation
import Testing
import TestSupport
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// The pieces under the highlighter: Chroma's XML read tolerantly, regexp2 patterns rewritten for ICU, and the state
/// machine's rules (push, pop, include, combined, bygroups, using, delegation) on small lexers written here.
@Suite struct ChromaEngineTests {
    // MARK: XML

    @Test func chromasXMLIsReadWithRepeatedAttributesAndEntities() throws {
        let root = try ChromaXML.parse(##"<?xml version="1.0"?><!-- c --><lexer><push state="#pop" state="b"/><rule pattern="&lt;a&amp;&#34;&#x41;"/><name> X </name></lexer>"##)
        #expect(root.name == "lexer")
        #expect(root.child("push")?.attributes(named: "state") == ["#pop", "b"])
        #expect(root.child("rule")?.attribute("pattern") == "<a&\"A")
        #expect(root.child("name")?.text == " X ")
    }

    @Test(arguments: ["<a>", "<a></b>", "<a b=c/>", "<a b=\"c/>", String(repeating: "<a>", count: 100) + String(repeating: "</a>", count: 100), "", "<", "<a/"])
    func brokenXMLIsAnErrorNotACrash(xml: String) {
        #expect(throws: ChromaXML.ParseError.self) { try ChromaXML.parse(xml) }
    }

    @Test func seededHostileXMLNeverCrashesOrHangs() {
        var random = SeededGenerator(seed: 42)
        let pieces = ["<", ">", "/", "\"", "'", "=", "a", "rule", " ", "&", "&lt;", "&#", ";", "<!--", "-->", "<?", "?>", "<![CDATA[", "]]>", "\u{0}", "é"]
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 0...60, using: &random)).map { _ in random.pick(pieces) }.joined()
            _ = try? ChromaXML.parse(text)
        }
    }

    // MARK: Patterns

    @Test(arguments: [
        ("", "(?:)"),
        ("[[]", "[\\[]"),
        ("[^\\]]", "[^\\]]"),
        ("a{", "a\\{"),
        ("a{2}", "a{2}"),
        ("a{2,}b{,3}", "a{2,}b\\{,3\\}"),
        ("(?P<name>x)", "(?<name>x)"),
        ("(?<my_group>x)\\k<my_group>", "(?<mygroup>x)\\k<mygroup>"),
        ("\\v", "\\x{0B}"),
        ("[^\\W\\d]", "[^\\W]"),
        ("[^\\W\\d_]", "[^\\W_]"),
        ("[\\w\\d]", "[\\w\\d]"),
        ("[a-z-[aeiou]]", "[[a-z]--[aeiou]]"),
        ("\\b([<>]=)\\b?", "\\b([<>]=)"),
        ("(?<=\\s*)x", "(?<=\\s{0,255})x"),
        ("\\p{L}+", "\\p{L}+"),
        ("[$_\\p{L}]", "[\\$_\\p{L}]"),
        ("[&&]", "[\\&\\&]"),
        ("a\\Z", "a\\z"),
        ("(?=:if +)?(?=x)", "(?=x)"),
        ("[^\\W\\s]", "[^\\W]"),
    ])
    func regexp2PatternsAreRewrittenForICU(pattern: String, icu: String) throws {
        #expect(PatternTranslation.icu(pattern) == icu)
        _ = try ICUPattern(PatternTranslation.icu(pattern), flags: [.multiline, .unixLines])
    }

    @Test func everyBuiltInPatternCompiles() {
        // Patterns compile on first use; validating compiles them all, and a failure names the lexer, the state and the pattern.
        for name in LexerRegistry.builtIn.names {
            switch LexerRegistry.builtIn.lexerOrFailure(named: name) {
            case .success(let lexer)?:
                do { try lexer.validate() } catch { Issue.record("\(error)") }
            case .failure(let error)?: Issue.record("\(error)")
            case nil: Issue.record("\(name) is not found by its own name")
            }
        }
    }

    // MARK: The state machine

    static func lexer(_ states: String, config: String = "") -> String {
        "<lexer><config><name>T</name><alias>t</alias>\(config)</config><rules>\(states)</rules></lexer>"
    }

    func tokens(_ xml: String, _ text: String, others: [String: String] = [:]) throws -> [String] {
        let registry = LexerRegistry(sources: others.merging(["t": xml]) { $1 })
        let lexer = try #require(registry.lexer(named: "t"))
        var run = LexerRun(registry: registry, deadline: .now + .seconds(5))
        return try run.tokenise(text, with: lexer).map { "\($0.type.name):\($0.text)" }
    }

    @Test func pushPopIncludeAndCombinedWorkAsInChroma() throws {
        let xml = Self.lexer("""
        <state name="root"><rule pattern="&quot;"><token type="LiteralString"/><push state="string"/></rule><rule><include state="words"/></rule><rule pattern="\\s+"><token type="Text"/></rule></state>
        <state name="words"><rule pattern="[a-z]+"><token type="Name"/></rule><rule pattern="\\("><token type="Punctuation"/><combined state="inner" state="words"/></rule></state>
        <state name="inner"><rule pattern="\\)"><token type="Punctuation"/><pop depth="1"/></rule></state>
        <state name="string"><rule pattern="[^&quot;]+"><token type="LiteralString"/></rule><rule pattern="&quot;"><token type="LiteralString"/><pop depth="1"/></rule></state>
        """)
        #expect(try tokens(xml, "ab \"x y\" (cd)") == ["Name:ab", "Text: ", "LiteralString:\"x y\"", "Text: ", "Punctuation:(", "Name:cd", "Punctuation:)"])
    }

    @Test func anUnmatchedCharacterIsAnErrorAndANewlineResetsTheState() throws {
        let xml = Self.lexer("""
        <state name="root"><rule pattern="a"><token type="Keyword"/><push state="after"/></rule><rule pattern="\\n"><token type="Text"/></rule></state>
        <state name="after"><rule pattern="b"><token type="Name"/></rule></state>
        """)
        #expect(try tokens(xml, "a?\na") == ["Keyword:a", "Error:?", "Text:\n", "Keyword:a"])
    }

    @Test func byGroupsUsingSelfAndUsingAnotherLexer() throws {
        let other = "<lexer><config><name>Other</name><alias>other</alias></config><rules><state name=\"root\"><rule pattern=\"\\d+\"><token type=\"LiteralNumber\"/></rule><rule pattern=\"\\s+\"><token type=\"Text\"/></rule></state></rules></lexer>"
        let xml = Self.lexer("""
        <state name="root"><rule pattern="(let)(\\s+)(\\w+)"><bygroups><token type="Keyword"/><token type="Text"/><usingself state="name"/></bygroups></rule><rule pattern="\\[([^\\]]*)\\]"><using lexer="Other"/></rule></state>
        <state name="name"><rule pattern="\\w+"><token type="NameVariable"/></rule></state>
        """)
        #expect(try tokens(xml, "let x[1 2]", others: ["other": other]) == ["Keyword:let", "Text: ", "NameVariable:x", "Error:[", "LiteralNumber:1", "Text: ", "LiteralNumber:2", "Error:]"])
    }

    @Test func aNestedGroupIsWrittenOnceNotTwice() throws {
        // Chroma would write "  " twice here (group 2 is inside group 1); the text must come out whole and once.
        let xml = Self.lexer(#"<state name="root"><rule pattern="((\s+)x)"><bygroups><token type="Name"/><token type="Text"/></bygroups></rule></state>"#)
        #expect(try tokens(xml, "  x").joined() == "Name:  x")
    }

    @Test func delegationLexesOtherTextWithTheRootLexer() throws {
        let root = "<lexer><config><name>Root</name><alias>root</alias></config><rules><state name=\"root\"><rule pattern=\"[a-z]+\"><token type=\"Name\"/></rule><rule pattern=\"\\s+\"><token type=\"Text\"/></rule></state></rules></lexer>"
        let xml = Self.lexer(#"<state name="root"><rule pattern="\{\{[^}]*\}\}"><token type="CommentPreproc"/></rule><rule pattern="[^{]+"><token type="Other"/></rule></state>"#,
                             config: #"<delegate lexer="Root"/>"#)
        #expect(try tokens(xml, "ab {{x}} cd", others: ["root": root]) == ["Name:ab", "Text: ", "CommentPreproc:{{x}}", "Text: ", "Name:cd"])
    }

    @Test func stateLoopsAndDeepStacksEndAsFailures() throws {
        let loop = Self.lexer(#"<state name="root"><rule pattern=""><push state="root"/></rule></state>"#)
        let registry = LexerRegistry(sources: ["t": loop])
        let lexer = try #require(registry.lexer(named: "t"))
        var run = LexerRun(registry: registry, deadline: .now + .seconds(5))
        #expect(throws: LexingFailure.self) { try run.tokenise("x", with: lexer) }
    }

    @Test func globsMatchAsGosFilepathMatch() {
        #expect(Glob.matches("*.rs", "main.rs"))
        #expect(!Glob.matches("*.rs", "main.rsx"))
        #expect(Glob.matches("*.php[345]", "a.php4"))
        #expect(!Glob.matches("*.php[345]", "a.php6"))
        #expect(Glob.matches("Dockerfile.*", "Dockerfile.dev"))
        #expect(Glob.matches("?akefile", "Makefile"))
        #expect(!Glob.matches(String(repeating: "*", count: 50) + "x", String(repeating: "a", count: 60)))
    }
}

/// The first-character filter never skips a rule ICU would match: every rule of every built-in lexer, at texts starting
/// with every ASCII character and a few beyond.
@Suite struct FirstCharactersTests {
    @Test func aSkippedRuleNeverMatches() throws {
        var random = SeededGenerator(seed: 7)
        let starts: [Unicode.Scalar] = (0..<128).compactMap(Unicode.Scalar.init) + ["é", "K", "ſ", "λ", "\u{1F600}", "\u{00A0}"]
        let tails = ["", "abc", " x", "123", "\n", "_a", "(", "\"s\"", "->", "#!"]
        var checked = 0
        var skipped = 0
        for key in ChromaData.lexers.keys.sorted() {
            guard let definition = try? LexerDefinition(xml: ChromaData.lexers[key]!) else { continue }
            let flags = definition.config.icuFlags
            // States in name order: the same rules are drawn on every run (a dictionary's order changes between processes).
            for rule in definition.states.sorted(by: { $0.key < $1.key }).flatMap(\.value) where random.chance(0.3) {
                let translated = PatternTranslation.icu(rule.pattern)
                let first = FirstCharacters.of(icuPattern: translated, caseInsensitive: definition.config.caseInsensitive)
                guard !first.isAny, let matcher = try ICUPattern(translated, flags: flags).matcher() else { continue }
                for start in starts {
                    let text = Array((String(Character(start)) + random.pick(tails)).utf16)
                    guard !first.admits(text[0]) else { continue }
                    skipped += 1
                    let outcome = text.withUnsafeBufferPointer { buffer in
                        matcher.use(buffer, run: checked)
                        return matcher.match(at: 0)
                    }
                    checked += 1
                    #expect(outcome != .matched, "\(key): \(rule.pattern) matches at \(start.debugDescription) but was skipped")
                }
            }
        }
        print("First characters: \(skipped) skips checked against ICU")
        #expect(skipped > 10_000)
    }

    @Test func secondCharactersAreReadFromPlainStarts() {
        func second(_ pattern: String) -> FirstCharacters { FirstCharacters.second(icuPattern: pattern, caseInsensitive: false) }
        #expect(second("//!.*?\\n").admits(UInt16(UInt8(ascii: "/"))) && !second("//!.*?\\n").admits(UInt16(UInt8(ascii: "*"))))
        #expect(second("0[xX][0-9a-f]+").admits(UInt16(UInt8(ascii: "X"))) && !second("0[xX][0-9a-f]+").admits(UInt16(UInt8(ascii: "1"))))
        #expect(second("#!?\\[").admits(UInt16(UInt8(ascii: "!"))) && second("#!?\\[").admits(UInt16(UInt8(ascii: "["))) && !second("#!?\\[").admits(UInt16(UInt8(ascii: "a"))))
        #expect(second("(?:/\\*|//)").admits(UInt16(UInt8(ascii: "*"))) && !second("(?:/\\*|//)").admits(UInt16(UInt8(ascii: "a"))))
        // A match of one character, a quantified or zero-width start, a group: nothing known about the second.
        for pattern in ["(?::|->)", "a", "a+b", "\\bif", "(ab)c", "a?b", "\\d\\d", ".x", "a|", "x\\b"] {
            #expect(second(pattern).isAny, "\(pattern)")
        }
    }

    @Test func wordListsAreReadOnlyFromPlainLists() throws {
        let keywords = try #require(WordList.of(icuPattern: #"(if|else|for)\b"#))
        #expect(keywords.groups == 1 && !keywords.boundaryBefore && keywords.all.count == 3)
        let bare = try #require(WordList.of(icuPattern: #"\b(?:let|mut)\b"#))
        #expect(bare.groups == 0 && bare.boundaryBefore)
        #expect(WordList.of(icuPattern: #"self\b"#)?.all.count == 1)
        for pattern in [#"(a|b.c)\b"#, #"(a|)\b"#, "if", #"(if|else)"#, #"[sS]elf\b"#, #"(é|a)\b"#, #"\b"#, #"(?i)(if)\b"#] {
            #expect(WordList.of(icuPattern: pattern) == nil, "\(pattern)")
        }
        let text = Array("elif x".utf16)
        text.withUnsafeBufferPointer { buffer in
            #expect(keywords.match(buffer, at: 0) == .failed)
            #expect(bare.match(buffer, at: 2) == .failed)
        }
    }

    /// Word lists are matched without ICU: on every such rule of every built-in lexer, at words, their prefixes and
    /// longer words, between ASCII and non-ASCII neighbours, the fast path says what ICU says (or leaves it to ICU).
    @Test func wordListsMatchAsICUDoes() throws {
        var random = SeededGenerator(seed: 11)
        let neighbours = ["", " ", "_", "x", "1", "é", "(", "\n", ".", "\u{301}", "ß", "::", "Z"]
        var lists = 0
        var compared = 0
        var undecided = 0
        for key in ChromaData.lexers.keys.sorted() {
            guard let definition = try? LexerDefinition(xml: ChromaData.lexers[key]!), !definition.config.caseInsensitive else { continue }
            let flags = definition.config.icuFlags
            for rule in definition.states.sorted(by: { $0.key < $1.key }).flatMap(\.value) {
                let translated = PatternTranslation.icu(rule.pattern)
                guard let list = WordList.of(icuPattern: translated), let matcher = try ICUPattern(translated, flags: flags).matcher() else { continue }
                lists += 1
                #expect(matcher.groupCount == list.groups, "\(key): \(rule.pattern)")
                for _ in 0..<12 {
                    var word = String(decoding: random.pick(list.all), as: UTF16.self)
                    switch Int.random(in: 0..<4, using: &random) {
                    case 0: word.removeLast()
                    case 1: word += random.pick(["s", "_", "9", "é"])
                    default: break
                    }
                    let before = random.pick(neighbours), after = random.pick(neighbours)
                    let text = Array((before + word + after).utf16)
                    let position = before.utf16.count
                    let icu: Range<Int>? = text.withUnsafeBufferPointer { buffer in
                        matcher.use(buffer, run: compared + 1)
                        return matcher.match(at: position) == .matched ? matcher.range(ofGroup: 0) : nil
                    }
                    let fast = text.withUnsafeBufferPointer { list.match($0, at: position) }
                    compared += 1
                    switch fast {
                    case .matched(let range): #expect(icu == range, "\(key): \(rule.pattern) at \((before + word + after).debugDescription)")
                    case .failed: #expect(icu == nil, "\(key): \(rule.pattern) at \((before + word + after).debugDescription)")
                    case .undecided: undecided += 1
                    }
                }
            }
        }
        print("Word lists: \(lists) rules, \(compared) texts compared with ICU, \(undecided) left to ICU")
        #expect(lists > 100)
    }

    /// The second-character filter never skips a rule ICU would match: every rule with a second-character set, at texts
    /// whose first character the rule admits and whose second it refuses.
    @Test func aRuleSkippedByItsSecondCharacterNeverMatches() throws {
        var random = SeededGenerator(seed: 13)
        let characters: [Unicode.Scalar] = (0..<128).compactMap(Unicode.Scalar.init) + ["é", "K", "ſ", "λ", "\u{1F600}", "\u{00A0}"]
        var rules = 0
        var skipped = 0
        for key in ChromaData.lexers.keys.sorted() {
            guard let definition = try? LexerDefinition(xml: ChromaData.lexers[key]!) else { continue }
            let flags = definition.config.icuFlags
            for rule in definition.states.sorted(by: { $0.key < $1.key }).flatMap(\.value) {
                let translated = PatternTranslation.icu(rule.pattern)
                let caseInsensitive = definition.config.caseInsensitive
                let second = FirstCharacters.second(icuPattern: translated, caseInsensitive: caseInsensitive)
                guard !second.isAny, let matcher = try ICUPattern(translated, flags: flags).matcher() else { continue }
                let first = FirstCharacters.of(icuPattern: translated, caseInsensitive: caseInsensitive)
                rules += 1
                let firsts = characters.filter { first.admits(String($0).utf16.first!) }
                for _ in 0..<24 {
                    guard let start = firsts.randomElement(using: &random), let next = characters.randomElement(using: &random) else { break }
                    let text = Array((String(Character(start)) + String(Character(next)) + random.pick(["", "abc", " x", "\n", "*/", "//", "1"])).utf16)
                    let nextUnit = text[String(Character(start)).utf16.count]
                    guard !second.admits(nextUnit) else { continue }
                    skipped += 1
                    let outcome = text.withUnsafeBufferPointer { buffer in
                        matcher.use(buffer, run: skipped)
                        return matcher.match(at: 0)
                    }
                    #expect(outcome != .matched, "\(key): \(rule.pattern) matches \(String(decoding: text, as: UTF16.self).debugDescription) but was skipped")
                }
            }
        }
        print("Second characters: \(rules) rules, \(skipped) skips checked against ICU")
        #expect(rules > 200 && skipped > 2_000)
    }

    @Test(arguments: [
        ("abc", "a", "b"), ("\\(", "(", ")"), ("[a-c]x", "b", "d"), ("(?:if|else)\\b", "e", "x"), ("\\d+", "7", "a"), ("\\s+", " ", "a"),
        ("(?i)select", "S", "x"), ("^#", "#", "a"), ("(?<=x)y", "y", "z"), ("[^a]", "b", "a"),
        // Optional atoms before the first that must consume add theirs.
        ("a?b", "a", "c"), ("a?b", "b", "c"), ("(r#)?[a-z_]\\w*", "r", "#"), ("\\b_?[A-Z]", "_", "a"), ("(?:e?print)!", "p", "r"),
    ])
    func plainStartsAreRead(pattern: String, admitted: String, refused: String) {
        let first = FirstCharacters.of(icuPattern: pattern, caseInsensitive: false)
        #expect(first.admits(admitted.utf16.first!))
        #expect(!first.admits(refused.utf16.first!))
    }

    @Test(arguments: ["a?b?", "x*", "", "(?=a)", "\\p{L}", ".", "(?x) a", "(a|)", "\\1", "[[:alpha:]]"])
    func anythingUnclearIsAnyCharacter(pattern: String) {
        #expect(FirstCharacters.of(icuPattern: pattern, caseInsensitive: false).isAny)
    }
}
