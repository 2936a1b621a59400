import Foundation

/// A place responses are kept by URL: the working cache or the committed snapshot.
/// Un lugar donde se guardan respuestas por URL: la caché de trabajo o la instantánea.
public protocol ResponseStore: Sendable {
    /// The entry for `url` as stored, its body not unzipped.
    func entry(_ url: String) -> StoredEntry?
    func write(_ response: StoredResponse) throws
}

extension ResponseStore {
    /// The response for `url` with its body unzipped; nil when there is none or it is damaged.
    public func read(_ url: String) -> StoredResponse? { entry(url)?.response() }
}
