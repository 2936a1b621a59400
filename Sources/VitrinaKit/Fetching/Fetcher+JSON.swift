import Foundation
import Synchronization

extension Fetcher {
    /// Decodes a JSON response; a body that does not decode names the URL and the JSON path.
    /// A stored copy unchanged since an earlier build decoded it (same file stamp) is read back from the memo's compact
    /// copy; the numbers of either are checked the same way.
    public func json<T: Codable>(_ type: T.Type, from url: String) async throws -> T {
        do {
            let value = try await derived("\(T.self) \(url)", from: url) { try JSONDecoder().decode(T.self, from: Data($0.body)) }.value
            if let checked = value as? any NumbersInRange, let problem = checked.numberOutOfRange() {
                throw VitrinaError(.map, "\(url): \(problem), which Vitrina does not show; the API sent a number it should not have — "
                    + "check the source's base_url in site.yml, or run `vitrina fetch` again later")
            }
            return value
        } catch let error as DecodingError {
            throw VitrinaError(.map, "\(url): the response does not match what Vitrina expects (\(DecodingErrorText.describe(error))); the API may have changed or sent a broken body — run `vitrina fetch` again")
        }
    }

    /// Fetches many URLs concurrently and keeps going past failures, so every missing URL is known.
    public func jsonAll<T: Codable & Sendable>(_ type: T.Type, from urls: [String]) async throws -> [String: T] {
        let outcomes = await withTaskGroup(of: Outcome<T>.self, returning: [Outcome<T>].self) { group in
            for url in urls {
                group.addTask {
                    do { return Outcome(url: url, value: try await self.json(T.self, from: url), error: nil) } catch {
                        return Outcome(url: url, value: nil, error: error)
                    }
                }
            }
            var outcomes: [Outcome<T>] = []
            outcomes.reserveCapacity(urls.count)
            for await outcome in group { outcomes.append(outcome) }
            return outcomes
        }
        if let failed = outcomes.filter({ $0.error != nil }).min(by: { $0.url < $1.url }), let error = failed.error { throw error }
        var values: [String: T] = [:]
        for outcome in outcomes { values[outcome.url] = outcome.value }
        return values
    }
}

/// One URL's result inside `jsonAll`.
struct Outcome<T: Sendable>: Sendable {
    let url: String
    let value: T?
    let error: (any Error)?
}
