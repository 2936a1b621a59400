import Foundation
import Synchronization

/// Why a URL could not be had, with what to do about it.
/// Por qué no se pudo obtener una URL, y qué hacer.
public enum FetchError: Error, Sendable, CustomStringConvertible, Equatable {
    case missingOffline(url: String)
    case status(url: String, status: Int)
    case unreachable(url: String, reason: String)
    case hostDown(url: String, host: String)
    /// Not requested: the fetch policy refused it before any connection.
    case refused(url: String, FetchRefusal)
    /// The answer was larger than the limit for its kind (`fetch.max_json_size`, `fetch.max_image_size`).
    case tooLarge(url: String, limit: Int)
    /// A picture its source said does not exist (404 or 410) when it was last asked, kept as such in the cache or the
    /// snapshot: settled, so a build shows the placeholder without warning again.
    case absent(url: String)

    public var url: String {
        switch self {
        case .missingOffline(let url), .status(let url, _), .unreachable(let url, _), .hostDown(let url, _), .refused(let url, _),
             .tooLarge(let url, _), .absent(let url): url
        }
    }

    public var description: String {
        switch self {
        case .missingOffline(let url):
            "\(url) is in neither the cache nor the snapshot; build without --offline once, or run `vitrina fetch`"
        case .status(let url, let status):
            "\(url) answered HTTP \(status); check the source's base_url in site.yml, or try again later if the API is down"
        case .unreachable(let url, let reason):
            "\(url) could not be fetched (\(reason)) and no cached copy exists; check the network or the source's base_url, or build with --offline from the snapshot"
        case .hostDown(let url, let host):
            "\(url) was not requested: \(host) was down and no cached copy exists; check the network or the source's base_url, or build with --offline from the snapshot"
        case .refused(let url, let refusal):
            "\(Printable.short(url)) was not requested: \(refusal) (guide: Security)"
        case .absent(let url):
            "\(url) does not exist at its source (it answered 404 when last asked); the placeholder is shown"
        case .tooLarge(let url, let limit):
            "\(url) answered with more than \(ByteCount.text(limit)); raise fetch.max_json_size or fetch.max_image_size in site.yml if it is expected"
        }
    }
}
