/// The name among some candidates closest to a mistyped one, for "did you mean …?" hints.
/// El nombre más parecido a uno mal escrito entre varios candidatos, para las pistas «¿quisiste decir…?».
public enum Closest {
    /// At most this many candidates are compared, so a folder of thousands of files cannot slow a report down.
    static let candidateLimit = 5_000

    /// The candidate with the fewest edits (on Unicode scalars, ignoring case) from `name`, when it needs at most a
    /// third of `name`'s length in edits (two at least); ties go to the first in sorted order.
    public static func match(_ name: String, among candidates: some Sequence<String>) -> String? {
        let target = Array(name.lowercased().unicodeScalars)
        let limit = max(2, target.count / 3)
        var best: (distance: Int, name: String)?
        for candidate in candidates.prefix(candidateLimit) where candidate != name {
            let other = Array(candidate.lowercased().unicodeScalars)
            guard abs(other.count - target.count) <= limit else { continue }
            let distance = editDistance(target, other, limit: limit)
            guard distance <= limit else { continue }
            if best == nil || (distance, candidate) < (best!.distance, best!.name) { best = (distance, candidate) }
        }
        return best?.name
    }

    /// Levenshtein distance, giving up (returning `limit + 1`) once every path costs more than `limit`.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowBest = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                rowBest = min(rowBest, current[j])
            }
            if rowBest > limit { return limit + 1 }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
