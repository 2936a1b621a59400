/// Numbers an API sends are checked against what the pages can show before any arithmetic, so a hostile or broken
/// response (`base_stat: 2^62`, `rate: 1e300`, `pages: 2^62`) is reported with its URL and JSON path, never a trap
/// or an endless loop.
/// Los números de una API se comprueban antes de operar con ellos: un valor absurdo se informa con URL y ruta JSON.
public struct NumberProblem: Sendable, Equatable, CustomStringConvertible {
    public let path: String
    public let value: String
    public let range: String

    public var description: String { "at \(path): \(value) is outside \(range)" }
}

/// A decoded response that knows the ranges of its numbers.
/// Una respuesta decodificada que conoce los rangos de sus números.
package protocol NumbersInRange {
    /// The first number outside its range, with its JSON path.
    func numberOutOfRange() -> NumberProblem?
}

/// A response whose only number the pages use is its id.
/// Una respuesta cuyo único número usado es su id.
package protocol NumberedByID: NumbersInRange {
    var id: Int { get }
}

extension NumberedByID {
    package func numberOutOfRange() -> NumberProblem? { NumberRange.check(id, NumberRange.ids, "id") }
}

/// The ranges Vitrina accepts, and the checks that name the JSON path.
/// Los rangos que acepta Vitrina y las comprobaciones que nombran la ruta JSON.
package enum NumberRange {
    /// Ids, counts and sizes: whole numbers a page can print and add up without overflow.
    package static let ids: ClosedRange<Int> = 0...1_000_000_000
    package static let amounts: ClosedRange<Int> = 0...1_000_000_000
    /// How many pages a paged list may claim: every page is one request.
    package static let pages: ClosedRange<Int> = 0...10_000

    package static func check(_ value: Int, _ range: ClosedRange<Int>, _ path: String) -> NumberProblem? {
        range.contains(value) ? nil : NumberProblem(path: path, value: String(value), range: "\(range.lowerBound)…\(range.upperBound)")
    }

    /// The first problem among the elements of a list, its path prefixed with `[index]`.
    package static func first<T>(_ elements: [T], _ path: String, _ check: (T) -> NumberProblem?) -> NumberProblem? {
        for (index, element) in elements.enumerated() {
            if let problem = check(element) { return NumberProblem(path: "\(path)[\(index)]\(problem.path.isEmpty ? "" : "." + problem.path)", value: problem.value, range: problem.range) }
        }
        return nil
    }
}

extension Array: NumbersInRange where Element: NumbersInRange {
    package func numberOutOfRange() -> NumberProblem? {
        NumberRange.first(self, "") { $0.numberOutOfRange() }
    }
}
