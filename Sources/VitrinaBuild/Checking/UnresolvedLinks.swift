import VitrinaKit

/// The links each page's Markdown kept as written because they reach nothing, as the plan found them: they were
/// reported against their Markdown source, so the check of the output leaves them out.
/// Los enlaces que el Markdown de cada página dejó tal cual porque no llevan a nada; ya se avisó de ellos.
struct UnresolvedLinks: Sendable {
    /// By page file; only pages with some.
    private let byPage: [String: [String]]

    init(_ pages: [Page]) {
        var byPage: [String: [String]] = [:]
        for page in pages where !page.unresolvedLinks.isEmpty { byPage[page.route.file, default: []] += page.unresolvedLinks }
        self.byPage = byPage
    }

    /// `problems` without those about a link already reported (`page links to link, …`).
    func filter(_ problems: [String]) -> [String] {
        guard !byPage.isEmpty else { return problems }
        return problems.filter { problem in
            guard let end = problem.range(of: " links to ") else { return true }
            let page = String(problem[..<end.lowerBound])
            return !(byPage[page] ?? []).contains { problem[end.upperBound...].hasPrefix($0 + ",") }
        }
    }
}
