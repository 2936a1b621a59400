/// Decorator, outermost in every fetcher's chain: sends only what `FetchPolicy` permits, tells the live client which
/// addresses the request may reach, and follows redirects itself, each hop checked like a new request (the live client
/// follows none).
/// Decorador, el más externo: solo envía lo que permite la política, dice al cliente real a qué direcciones puede ir
/// y sigue él mismo las redirecciones, comprobando cada salto como una petición nueva.
public struct PolicedHTTPClient: HTTPClient {
    let base: any HTTPClient
    let policy: FetchPolicy
    public static let maxRedirects = 5

    public init(base: any HTTPClient, policy: FetchPolicy) {
        self.base = base
        self.policy = policy
    }

    public func send(_ request: WebRequest) async throws -> WebResponse {
        var current = request
        var visited: Set<String> = [request.url]
        for hop in 0...Self.maxRedirects {
            let permit: FetchPolicy.Permit
            switch policy.permit(current.url) {
            case .success(let granted): permit = granted
            case .failure(let refusal):
                throw FetchError.refused(url: request.url, hop == 0 ? refusal : .redirect(to: current.url, because: refusal.description))
            }
            current.addresses = permit.explicit ? .chosenByAuthor : .publicInternet
            let response = try await base.send(current)
            guard Self.isRedirect(response.status), let location = response.header("location") else { return response }
            guard hop < Self.maxRedirects else {
                throw FetchError.refused(url: request.url, .malformed("it redirects more than \(Self.maxRedirects) times"))
            }
            guard let next = LinkHeader.resolve(location, against: current.url) else {
                throw FetchError.refused(url: request.url, .malformed("it redirects to \(Printable.short(location)), which is not a URL"))
            }
            guard visited.insert(next).inserted else {
                throw FetchError.refused(url: request.url, .malformed("its redirects go round in a loop"))
            }
            current.url = next
        }
        throw FetchError.refused(url: request.url, .malformed("it redirects more than \(Self.maxRedirects) times"))
    }

    static func isRedirect(_ status: Int) -> Bool { [301, 302, 303, 307, 308].contains(status) }
}
