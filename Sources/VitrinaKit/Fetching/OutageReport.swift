/// What a down host cost the fetch: stale copies served in its place, URLs with no copy, and the sources
/// that `--api` pointed at it.
/// Lo que costó un servidor caído: copias caducadas servidas, URLs sin copia y las fuentes que `--api` apuntó a él.
public struct OutageEffect: Sendable, Equatable {
    public var stale = 0
    public var missing = 0
    public var sources: Set<String> = []
}

/// The words for hosts that were down: one warning each, or one error when some URL could not be had at all.
/// Las palabras para los servidores caídos: un aviso por servidor, o un error si alguna URL no se pudo obtener.
enum OutageReport {
    /// `pokeapi.co was down from URL on (connection refused); 2397 requests were not sent; 2400 stale copies served`.
    static func sentence(_ outage: Outage, _ effect: OutageEffect) -> String {
        let host = effect.sources.isEmpty ? outage.host : "\(outage.host) (\(effect.sources.sorted().joined(separator: ", ")))"
        var parts = ["\(host) was down from \(outage.url) on (\(outage.reason))"]
        if outage.unsent > 0 { parts.append(count(outage.unsent, "request was not sent", "requests were not sent")) }
        if effect.stale > 0 { parts.append(count(effect.stale, "stale copy served", "stale copies served")) }
        if effect.missing > 0 { parts.append(count(effect.missing, "URL could not be had", "URLs could not be had")) }
        return parts.joined(separator: "; ")
    }

    /// One error listing every host that was down, when some of them left URLs with no copy; nil otherwise.
    static func failure(_ outages: [(Outage, OutageEffect)]) -> String? {
        guard outages.contains(where: { $0.1.missing > 0 }) else { return nil }
        return "\(count(outages.count, "host was", "hosts were")) down, and some of what was asked of them is in neither the cache nor the snapshot:\n"
            + outages.map { "  - " + sentence($0.0, $0.1) }.joined(separator: "\n")
            + "\nCheck the network or the sources' base_url and build again, or build with --offline from the snapshot."
    }

    private static func count(_ number: Int, _ one: String, _ many: String) -> String {
        "\(number) \(number == 1 ? one : many)"
    }
}
