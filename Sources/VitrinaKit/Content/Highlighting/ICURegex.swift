internal import _FoundationICU

/// A pattern compiled by ICU, the regular-expression engine Foundation already links into every Swift binary; shared
/// read-only, matched through per-run clones. Chosen over NSRegularExpression for its per-match time limit and because
/// a match at a position costs no string bridging (measured in the guide's CI page).
/// Un patrón compilado por ICU (el que Foundation ya enlaza), compartido; se usa con clones por ejecución.
final class ICUPattern: @unchecked Sendable {
    // The handle is only read after init (cloned, never matched), which ICU allows from any thread.
    private let handle: OpaquePointer
    let groupCount: Int

    struct Flags: OptionSet, Sendable, Hashable {
        let rawValue: UInt32
        static let caseInsensitive = Flags(rawValue: UREGEX_CASE_INSENSITIVE.rawValue)
        static let multiline = Flags(rawValue: UREGEX_MULTILINE.rawValue)
        static let dotAll = Flags(rawValue: UREGEX_DOTALL.rawValue)
        /// Only `\n` ends a line for `.`, `^` and `$`, as in Go's regexp2.
        static let unixLines = Flags(rawValue: UREGEX_UNIX_LINES.rawValue)
    }

    struct CompileError: Error, Equatable {
        let code: Int32
        let offset: Int32
    }

    init(_ pattern: String, flags: Flags) throws(CompileError) {
        let units = Array(pattern.utf16)
        var status = U_ZERO_ERROR
        var parseError = UParseError()
        let opened = units.withUnsafeBufferPointer { swift_uregex_open($0.baseAddress, Int32($0.count), flags.rawValue, &parseError, &status) }
        guard let opened, status.rawValue <= U_ZERO_ERROR.rawValue else {
            if let opened { swift_uregex_close(opened) }
            throw CompileError(code: status.rawValue, offset: parseError.offset)
        }
        handle = opened
        groupCount = Int(swift_uregex_groupCount(opened, &status))
    }

    deinit { swift_uregex_close(handle) }

    /// A matcher of its own for one run on one thread.
    func matcher() -> ICUMatcher? {
        var status = U_ZERO_ERROR
        guard let clone = swift_uregex_clone(handle, &status), status.rawValue <= U_ZERO_ERROR.rawValue else { return nil }
        return ICUMatcher(handle: clone, groupCount: groupCount)
    }
}

/// One clone of a pattern, matched against one text at a time; never shared between threads.
/// Un clon de un patrón para un texto a la vez; nunca compartido entre hilos.
final class ICUMatcher {
    private let handle: OpaquePointer
    let groupCount: Int
    /// The run whose text is set, so a text is handed to ICU once per run.
    var textOwner: Int = -1

    enum Outcome: Equatable {
        case matched
        case failed
        /// ICU's own limit on steps or backtracking stack was hit: the text is hostile to this pattern.
        case overBudget
    }

    fileprivate init(handle: OpaquePointer, groupCount: Int) {
        self.handle = handle
        self.groupCount = groupCount
        var status = U_ZERO_ERROR
        // About 100 ms of matching per attempt at most (ICU counts in steps of roughly a millisecond's work).
        swift_uregex_setTimeLimit(handle, 100, &status)
        swift_uregex_setStackLimit(handle, 4 << 20, &status)
    }

    deinit { swift_uregex_close(handle) }

    /// Hands ICU the text (which must outlive the run) for a run; cheap when it already has it.
    func use(_ text: UnsafeBufferPointer<UInt16>, run: Int) {
        guard textOwner != run, let start = text.baseAddress else { return }
        var status = U_ZERO_ERROR
        swift_uregex_setText(handle, start, Int32(text.count), &status)
        swift_uregex_useTransparentBounds(handle, 1, &status)
        swift_uregex_useAnchoringBounds(handle, 0, &status)
        textOwner = run
    }

    /// Whether the pattern matches starting exactly at `position` (lookbehind sees the text before it).
    func match(at position: Int) -> Outcome {
        var status = U_ZERO_ERROR
        let found = swift_uregex_lookingAt64(handle, Int64(position), &status)
        if status == U_REGEX_TIME_OUT || status == U_REGEX_STACK_OVERFLOW { return .overBudget }
        return status.rawValue <= U_ZERO_ERROR.rawValue && found != 0 ? .matched : .failed
    }

    /// The range of group `group` of the last match (0 = the whole match), nil when the group took no part.
    func range(ofGroup group: Int) -> Range<Int>? {
        var status = U_ZERO_ERROR
        let start = swift_uregex_start64(handle, Int32(group), &status)
        let end = swift_uregex_end64(handle, Int32(group), &status)
        guard status.rawValue <= U_ZERO_ERROR.rawValue, start >= 0, end >= start else { return nil }
        return Int(start)..<Int(end)
    }
}
