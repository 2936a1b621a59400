import Foundation
import Synchronization

/// The fetch stage's one door: cache, snapshot, revalidation, offline mode and stale-if-error.
/// La única puerta de la etapa de descarga: caché, instantánea, revalidación, modo sin red y copia caducada.
public final class Fetcher: Sendable {
    public struct Settings: Sendable {
        public var sources: [String: SourceConfig]
        public var overrides: [String: String]
        public var offline: Bool
        /// `vitrina fetch`: revalidate every entry whatever its age.
        public var revalidateAll: Bool
        public var timeout: Duration
        /// The most bytes one answer may have, by kind.
        public var limits: FetchLimits

        public init(sources: [String: SourceConfig], overrides: [String: String] = [:], offline: Bool = false,
                    revalidateAll: Bool = false, timeout: Duration = WebRequest.standardTimeout, limits: FetchLimits = FetchLimits()) {
            self.limits = limits
            self.sources = sources
            self.overrides = overrides
            self.offline = offline
            self.revalidateAll = revalidateAll
            self.timeout = timeout
        }
    }

    private let client: any HTTPClient
    /// Where requests may go; checked at this door, before the cache, and again for every hop on the way out.
    private let policy: FetchPolicy
    private let breaker: CircuitBreaker
    private let cache: any ResponseStore
    private let snapshot: any ResponseStore
    private let settings: Settings
    private let diagnostics: Diagnostics
    private let now: @Sendable () -> Double
    private let counters = Mutex(FetchStats())
    private let servedLog = Mutex<[String: ServedCopy]>([:])
    private let missingLog = Mutex<Set<String>>([])
    private let outageLog = Mutex<[String: OutageEffect]>([:])
    /// Responses decoded by earlier builds, when the caller keeps them.
    private let decoded: DecodedMemo?

    /// `breaker` is the one the client's chain reports to; the fetcher reads which hosts it marked down. The chain is
    /// wrapped in the fetch policy (`PolicedHTTPClient`), so no fetcher sends a request the policy refuses.
    public init(client: any HTTPClient, breaker: CircuitBreaker, cache: any ResponseStore, snapshot: any ResponseStore,
                settings: Settings, diagnostics: Diagnostics, decoded: DecodedMemo? = nil,
                now: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }) {
        self.decoded = decoded
        policy = FetchPolicy(sources: settings.sources, overrides: settings.overrides)
        self.client = PolicedHTTPClient(base: client, policy: policy)
        self.breaker = breaker
        self.cache = cache
        self.snapshot = snapshot
        self.settings = settings
        self.diagnostics = diagnostics
        self.now = now
    }

    public var stats: FetchStats { counters.withLock { $0 } }

    /// Every successful response served in this build, sorted by URL (what a snapshot keeps).
    public var served: [StoredResponse] { servedLog.withLock { Array($0.values) }.compactMap(\.response).sorted { $0.url < $1.url } }
    /// URLs asked for under `--offline` that neither the cache nor the snapshot had.
    public var missing: [String] { missingLog.withLock { $0.sorted() } }

    /// Each host the breaker marked down, with what it cost this fetch, sorted by host.
    var downHosts: [(Outage, OutageEffect)] {
        let effects = outageLog.withLock { $0 }
        return breaker.outages.map { ($0, effects[$0.host] ?? OutageEffect()) }
    }

    /// One warning per host that was down, in place of one per URL served stale.
    public var outageWarnings: [String] { downHosts.map(OutageReport.sentence) }

    /// One error naming every host that was down, when some URL could be had neither from them nor from a copy.
    public var outageFailure: String? { OutageReport.failure(downHosts) }

    /// The body of a 2xx response for `url`, or a `FetchError`.
    public func body(_ url: String) async throws -> [UInt8] {
        try await fetch(url).body
    }

    /// A response for `url`; with `required: false` an offline miss is not added to the missing list.
    public func fetch(_ url: String, required: Bool = true, kind: ResponseKind = .json) async throws -> StoredResponse {
        ReadTrail.current?.breakOff()  // read without a stamp to remember it by
        try checkDoor(url)
        return try await served(url, required: required, kind: kind)
    }

    /// Nil when the policy lets `url` be requested (or read from a stored copy); else why not.
    public func refusal(of url: String) -> FetchRefusal? {
        if case .failure(let refusal) = policy.permit(url) { return refusal }
        return nil
    }

    /// The door: a URL the policy refuses is not looked up in the cache or the snapshot, nor requested.
    private func checkDoor(_ url: String) throws {
        if let refusal = refusal(of: url) { throw FetchError.refused(url: url, refusal) }
    }

    /// Past the door: the cache, the snapshot or the network.
    private func served(_ url: String, required: Bool, kind: ResponseKind) async throws -> StoredResponse {
        let (response, origin) = try await resolve(url, required: required, kind: kind)
        record(.whole(response), origin, for: url)
        if kind == .image, Self.isAbsence(response.status) { throw FetchError.absent(url: url) }
        return response
    }

    /// 404 and 410: a picture that does not exist, kept as an answer rather than asked for again on every build.
    static func isAbsence(_ status: Int) -> Bool { status == 404 || status == 410 }

    private func record(_ copy: ServedCopy, _ origin: FetchOrigin, for url: String) {
        counters.withLock { stats in
            switch origin {
            case .network: stats.network += 1
            case .cache: stats.cacheHits += 1
            case .revalidated: stats.revalidated += 1
            case .snapshot: stats.snapshotHits += 1
            case .stale: stats.stale += 1
            }
        }
        servedLog.withLock { $0[url] = copy }
    }

    /// The stored copy of `url` served as it is, with no request (under `--offline`, or while fresh): the cache's, else
    /// the snapshot's, its body not unzipped. Nil when a request is due or nothing is stored.
    private func storedAsIs(_ url: String) -> (StoredEntry, FetchOrigin)? {
        guard let (entry, origin) = cache.entry(url).map({ ($0, FetchOrigin.cache) }) ?? snapshot.entry(url).map({ ($0, .snapshot) }),
              servedAsIs(entry.header, url: url)
        else { return nil }
        return (entry, origin)
    }

    /// A stored copy is served with no request under `--offline`, or while younger than its source's `max_age`.
    private func servedAsIs(_ header: StoredResponse.Header, url: String) -> Bool {
        settings.offline || (!settings.revalidateAll && header.age(at: now()) < maxAge(for: url))
    }

    /// What `derive` makes of the response for `url`, with its body to read when needed. With a memo, what was made from
    /// a stored copy is remembered under `key` by the fingerprint of the stored bytes: served again unchanged, the copy
    /// is neither unzipped nor derived again.
    /// Lo que `derive` saca de la respuesta; con memoria, una copia guardada que no cambió no se descomprime ni se vuelve a leer.
    func derived<T: Codable>(_ key: String, from url: String, required: Bool = true, kind: ResponseKind = .json,
                             _ derive: (StoredResponse) throws -> T) async throws -> (value: T, body: LazyBody) {
        try checkDoor(url)
        if let decoded, let (entry, origin) = storedAsIs(url) {
            if kind == .image, Self.isAbsence(entry.header.status) {
                record(.stored(entry), origin, for: url)
                throw FetchError.absent(url: url)
            }
            let fingerprint = entry.fingerprint
            if let compact = decoded.compact(key, fingerprint: fingerprint), let value = try? JSONDecoder().decode(T.self, from: Data(compact)) {
                record(.stored(entry), origin, for: url)
                ReadTrail.current?.note(url, fingerprint)
                return (value, LazyBody(url: url) { entry.response()?.body })
            }
            // A damaged stored copy falls through to the fetch below, which reads the snapshot or asks the network.
            if let response = entry.response() {
                record(.whole(response), origin, for: url)
                let value = try derive(response)
                remember(value, key, fingerprint: fingerprint, in: decoded)
                ReadTrail.current?.note(url, fingerprint)
                return (value, LazyBody(response.body))
            }
        }
        let response = try await served(url, required: required, kind: kind)
        let value = try derive(response)
        // A response just downloaded or revalidated lies in the cache now: remembered under that copy's stamp, when the
        // copy holds these very bytes.
        if let decoded, let entry = cache.entry(url), entry.response()?.body == response.body {
            remember(value, key, fingerprint: entry.fingerprint, in: decoded)
            ReadTrail.current?.note(url, entry.fingerprint)
        } else {
            ReadTrail.current?.breakOff()
        }
        return (value, LazyBody(response.body))
    }

    /// What `load` makes, remembered under `key` with every URL it read and the stamp of the stored copy each came from:
    /// when each of them would be served from that same copy again, the value is read back and none of them is read.
    /// Lo que `load` produce, recordado con cada URL que leyó: si todas siguen igual, se lee de la memoria.
    package func remembering<T: Codable & Sendable>(_ key: String, _ load: () async throws -> T) async throws -> T {
        guard let decoded else { return try await load() }
        let memoKey = "read trail " + key
        // Read back from disk, so its numbers are checked as the responses' were; out of range, it is made again.
        if let compact = decoded.compact(memoKey, fingerprint: ReadTrail.mark),
           let remembered = try? JSONDecoder().decode(ReadTrail.Remembered<T>.self, from: Data(compact)),
           (remembered.value as? any NumbersInRange)?.numberOutOfRange() == nil {
            let copies = remembered.reads.compactMap { url, fingerprint in
                storedAsIs(url).flatMap { $0.0.fingerprint == fingerprint ? (url, $0.0, $0.1) : nil }
            }
            if copies.count == remembered.reads.count {
                for (url, entry, origin) in copies { record(.stored(entry), origin, for: url) }
                return remembered.value
            }
        }
        let trail = ReadTrail()
        let value = try await ReadTrail.$current.withValue(trail) { try await load() }
        if let reads = trail.reads { remember(ReadTrail.Remembered(reads: reads, value: value), memoKey, fingerprint: ReadTrail.mark, in: decoded) }
        return value
    }

    private func remember<T: Encodable>(_ value: T, _ key: String, fingerprint: String, in memo: DecodedMemo) {
        if let compact = try? JSONEncoder().encode(value) { memo.remember(key, fingerprint: fingerprint, compact: Array(compact)) }
    }

    private func resolve(_ url: String, required: Bool, kind: ResponseKind) async throws -> (StoredResponse, FetchOrigin) {
        let cached = cache.read(url)
        let stored = cached ?? snapshot.read(url)
        if settings.offline {
            guard let stored else {
                if required { missingLog.withLock { _ = $0.insert(url) } }
                throw FetchError.missingOffline(url: url)
            }
            return (stored, cached == nil ? .snapshot : .cache)
        }
        if let stored, servedAsIs(stored.header, url: url) {
            return (stored, cached == nil ? .snapshot : .cache)
        }
        return try await download(url, revalidating: stored, kind: kind)
    }

    private func download(_ url: String, revalidating stored: StoredResponse?, kind: ResponseKind) async throws -> (StoredResponse, FetchOrigin) {
        let transport = transportURL(for: url)
        var request = WebRequest(url: transport, timeout: settings.timeout)
        request.maxBodyBytes = kind == .image ? settings.limits.image : settings.limits.json
        if let etag = stored?.etag { request.headers["If-None-Match"] = etag }
        if let lastModified = stored?.lastModified { request.headers["If-Modified-Since"] = lastModified }
        counters.withLock { $0.requests += 1 }
        let response: WebResponse
        do {
            response = try await client.send(request)
        } catch let error as TransportError {
            return try serveStale(stored, url: url, problem: error.reason)
        } catch let refusal as HostDownError {
            return try serveDuringOutage(stored, url: url, host: refusal.host, overridden: transport != url)
        }
        switch response.status {
        case 304 where stored != nil:
            var refreshed = stored!
            refreshed.fetchedAt = now()
            try? cache.write(refreshed)
            return (refreshed, .revalidated)
        case 200..<300:
            let fresh = StoredResponse(url: url, response: response, at: now())
            try? cache.write(fresh)
            return (fresh, .network)
        case 429, 500...:
            return try serveStale(stored, url: url, problem: "HTTP \(response.status)", status: response.status)
        case let status where kind == .image && Self.isAbsence(status):
            // Kept (without the error page's body) as the source's answer: the snapshot made from this fetch holds it,
            // and later builds show the placeholder without warning again. This build warns.
            let absence = StoredResponse(url: url, status: status, contentType: "text/plain", etag: nil, lastModified: nil, fetchedAt: now(), body: [])
            try? cache.write(absence)
            record(.whole(absence), .network, for: url)
            throw FetchError.status(url: url, status: status)
        default:
            throw FetchError.status(url: url, status: response.status)
        }
    }

    private func serveStale(_ stored: StoredResponse?, url: String, problem: String, status: Int? = nil) throws -> (StoredResponse, FetchOrigin) {
        guard let stored else {
            if let status { throw FetchError.status(url: url, status: status) }
            throw FetchError.unreachable(url: url, reason: problem)
        }
        diagnostics.warn(.stale, "\(url): \(problem); served the copy fetched \(Self.describeAge(stored.age(at: now()))) ago")
        return (stored, .stale)
    }

    /// A host that is down: the stale copy, or `FetchError.hostDown`; counted for the host's one warning, not warned per URL.
    private func serveDuringOutage(_ stored: StoredResponse?, url: String, host: String, overridden: Bool) throws -> (StoredResponse, FetchOrigin) {
        let name = overridden ? source(for: url)?.name : nil
        outageLog.withLock { log in
            var effect = log[host] ?? OutageEffect()
            if stored == nil { effect.missing += 1 } else { effect.stale += 1 }
            if let name { effect.sources.insert(name) }
            log[host] = effect
        }
        guard let stored else { throw FetchError.hostDown(url: url, host: host) }
        return (stored, .stale)
    }

    private func source(for url: String) -> (name: String, config: SourceConfig)? {
        settings.sources
            .filter { url.hasPrefix($0.value.baseURL + "/") || url == $0.value.baseURL }
            .max { $0.value.baseURL.count < $1.value.baseURL.count }
            .map { ($0.key, $0.value) }
    }

    private func maxAge(for url: String) -> Duration {
        source(for: url)?.config.maxAge ?? .seconds(86_400)
    }

    /// The URL actually requested: the canonical one, or its `--api NAME=URL` replacement.
    func transportURL(for url: String) -> String {
        guard let (name, config) = source(for: url), var replacement = settings.overrides[name] else { return url }
        if replacement.hasSuffix("/") { replacement.removeLast() }
        return replacement + url.dropFirst(config.baseURL.count)
    }

    /// A URL an API wrote (a next page's link) in its canonical form: one under an `--api NAME=URL` replacement is
    /// mapped back under the source's base_url, so the cache, snapshot and base_url checks see the canonical URL.
    /// Una URL escrita por una API en su forma canónica: bajo un reemplazo `--api` vuelve bajo el base_url de la fuente.
    public func canonicalURL(_ url: String) -> String {
        for (name, replacement) in settings.overrides.sorted(by: { $0.key < $1.key }) {
            guard let config = settings.sources[name] else { continue }
            var prefix = replacement
            if prefix.hasSuffix("/") { prefix.removeLast() }
            let rest = url.utf8.dropFirst(prefix.utf8.count)
            guard url.utf8.starts(with: prefix.utf8), rest.isEmpty || rest.first == UInt8(ascii: "/") || rest.first == UInt8(ascii: "?") else {
                continue
            }
            return config.baseURL + String(decoding: rest, as: UTF8.self)
        }
        return url
    }

    static func describeAge(_ age: Duration) -> String {
        let seconds = age.components.seconds
        if seconds >= 86_400 { return "\(seconds / 86_400) d" }
        if seconds >= 3_600 { return "\(seconds / 3_600) h" }
        if seconds >= 60 { return "\(seconds / 60) min" }
        return "\(seconds) s"
    }
}

/// A response served by this build: as stored (body still compressed) or whole.
/// Una respuesta servida: tal como está guardada (comprimida) o entera.
enum ServedCopy: Sendable {
    case stored(StoredEntry)
    case whole(StoredResponse)

    var response: StoredResponse? {
        switch self {
        case .stored(let entry): entry.response()
        case .whole(let response): response
        }
    }
}
