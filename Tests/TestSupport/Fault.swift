/// A failure the replay server can inject into its answers.
/// Un fallo que el servidor de reproducción puede inyectar en sus respuestas.
public enum Fault: Sendable, Equatable {
    /// Waits this long, then answers normally.
    case latency(Duration)
    /// 429 with `Retry-After`.
    case tooManyRequests(retryAfterSeconds: Int)
    /// 503, with `Retry-After` when given.
    case serviceUnavailable(retryAfterSeconds: Int?)
    /// 500 with `{"error":"Internal Server Error"}`.
    case serverError
    /// 404 with `{"error":"Not Found"}`, as the APIs answer an unknown id.
    case notFound
    /// 200 `application/json` whose body does not parse.
    case malformedJSON
    /// Headers promise the whole body; the connection closes after half of it.
    case truncatedBody
    /// Never answers until the server stops.
    case noAnswer
}

/// Faults waiting for the requests whose path starts with their prefix.
/// Fallos que esperan a las peticiones cuya ruta empieza por su prefijo.
struct FaultQueue: Sendable {
    private struct Rule {
        let fault: Fault
        let pathPrefix: String
        var remaining: Int
    }

    private var rules: [Rule] = []

    mutating func add(_ fault: Fault, pathPrefix: String, times: Int) {
        guard times > 0 else { return }
        rules.append(Rule(fault: fault, pathPrefix: pathPrefix, remaining: times))
    }

    mutating func removeAll() {
        rules.removeAll()
    }

    /// Consumes one use of the first rule matching `path`.
    mutating func take(forPath path: String) -> Fault? {
        guard let index = rules.firstIndex(where: { path.hasPrefix($0.pathPrefix) }) else { return nil }
        let fault = rules[index].fault
        rules[index].remaining -= 1
        if rules[index].remaining == 0 {
            rules.remove(at: index)
        }
        return fault
    }
}
