import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Tests of the replay server over real HTTP on 127.0.0.1.
/// Pruebas del servidor de reproducción por HTTP real en 127.0.0.1.
@Suite("ReplayServer")
struct ReplayServerTests {
    // MARK: PokéAPI

    @Test func pokeAPIPagesWithLimitAndOffset() async throws {
        try await withServer { server, client in
            let page = try await client.get("/api/v2/pokemon/?limit=2&offset=1")
            #expect(page.status == 200)
            let json = try page.object()
            #expect(json["count"] as? Int == 5)
            #expect(json["next"] as? String == "https://pokeapi.co/api/v2/pokemon/?offset=3&limit=2")
            #expect(json["previous"] as? String == "https://pokeapi.co/api/v2/pokemon/?offset=0&limit=2")
            let names = (json["results"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
            #expect(names == ["ivysaur", "venusaur"])

            let last = try await client.get("/api/v2/pokemon?offset=4&limit=2").object()
            #expect(last["next"] is NSNull)
            #expect((last["results"] as? [Any])?.count == 1)
        }
    }

    @Test func pokeAPIDefaultPageHasEverythingAndNoLinks() async throws {
        try await withServer { _, client in
            let json = try await client.get("/api/v2/pokemon/").object()
            #expect((json["results"] as? [Any])?.count == 5)
            #expect(json["next"] is NSNull)
            #expect(json["previous"] is NSNull)
        }
    }

    @Test func pokeAPIServesRecordedBytesByIdAndByName() async throws {
        try await withServer { _, client in
            let recorded = try Data(contentsOf: Fixtures.recordings
                .appendingPathComponent("pokeapi.co/api/v2/pokemon/25/index.json"))
            let byID = try await client.get("/api/v2/pokemon/25/")
            let byName = try await client.get("/api/v2/pokemon/pikachu")
            #expect(byID.body == recorded)
            #expect(byName.body == recorded)
            #expect(byID.header("content-type") == "application/json; charset=utf-8")
        }
    }

    @Test func pokeAPIUnknownResourceIsPlainNotFound() async throws {
        try await withServer { _, client in
            let missing = try await client.get("/api/v2/pokemon/mewtwo/")
            #expect(missing.status == 404)
            #expect(missing.text == "Not Found")
        }
    }

    // MARK: Rick and Morty

    @Test func rickAndMortyPagesOfTwenty() async throws {
        try await withServer { server, client in
            let first = try await client.get("/api/character").object()
            let info = try #require(first["info"] as? [String: Any])
            #expect(info["count"] as? Int == 25)
            #expect(info["pages"] as? Int == 2)
            #expect(info["next"] as? String == "https://rickandmortyapi.com/api/character/?page=2")
            #expect(info["prev"] is NSNull)
            #expect((first["results"] as? [Any])?.count == 20)

            let second = try await client.get("/api/character/?page=2").object()
            #expect((second["results"] as? [Any])?.count == 5)
            #expect((second["info"] as? [String: Any])?["prev"] as? String == "https://rickandmortyapi.com/api/character/?page=1")
        }
    }

    @Test func rickAndMortyFiltersCombineWithPage() async throws {
        try await withServer { _, client in
            let json = try await client.get("/api/character/?name=RICK&status=unknown&page=1").object()
            let info = try #require(json["info"] as? [String: Any])
            #expect(info["count"] as? Int == 3)
            #expect(info["next"] is NSNull)
            let ids = (json["results"] as? [[String: Any]])?.compactMap { $0["id"] as? Int }
            #expect(ids == [15, 19, 22])
        }
    }

    @Test func rickAndMortyNothingHere() async throws {
        try await withServer { _, client in
            for path in ["/api/character?page=3", "/api/character?name=nobody-at-all"] {
                let reply = try await client.get(path)
                #expect(reply.status == 404)
                #expect(try reply.object()["error"] as? String == "There is nothing here")
            }
        }
    }

    @Test func rickAndMortySeveralIdsMissingIdAndNonNumericId() async throws {
        try await withServer { _, client in
            let several = try await client.get("/api/character/3,1,2")
            let ids = try (JSONSerialization.jsonObject(with: several.body) as? [[String: Any]])?.compactMap { $0["id"] as? Int }
            #expect(ids == [1, 2, 3])

            let missing = try await client.get("/api/character/999")
            #expect(missing.status == 404)
            #expect(try missing.object()["error"] as? String == "Character not found")

            let missingEpisode = try await client.get("/api/episode/999")
            #expect(try missingEpisode.object()["error"] as? String == "Episode not found")

            let nonNumeric = try await client.get("/api/character/rick")
            #expect(nonNumeric.status == 500)
            #expect(try nonNumeric.object()["error"] as? String == "Hey! you must provide an id")
        }
    }

    @Test func rickAndMortyAvatarIsJPEG() async throws {
        try await withServer { _, client in
            let avatar = try await client.get("/api/character/avatar/1.jpeg")
            #expect(avatar.status == 200)
            #expect(avatar.header("content-type") == "image/jpeg")
            #expect(avatar.body.starts(with: [0xFF, 0xD8]))
        }
    }

    // MARK: Fake Store and sprites

    @Test func fakeStoreCategoryLimitAndSort() async throws {
        try await withServer { _, client in
            let category = try await client.get("/products/category/men's%20clothing")
            let products = try #require(try JSONSerialization.jsonObject(with: category.body) as? [[String: Any]])
            #expect(products.count == 4)
            #expect(products.allSatisfy { $0["category"] as? String == "men's clothing" })

            let sorted = try await client.get("/products?limit=3&sort=desc")
            let ids = try (JSONSerialization.jsonObject(with: sorted.body) as? [[String: Any]])?.compactMap { $0["id"] as? Int }
            #expect(ids == [20, 19, 18])

            let categories = try await client.get("/products/categories")
            #expect(try JSONSerialization.jsonObject(with: categories.body) as? [String] != nil)
        }
    }

    @Test func fakeStoreUnknownProductIsEmpty200() async throws {
        try await withServer { _, client in
            let unknown = try await client.get("/products/999")
            #expect(unknown.status == 200)
            #expect(unknown.body.isEmpty)
        }
    }

    @Test func spritesAreServedOrNotFound() async throws {
        try await withServer { _, client in
            let sprite = try await client.get("/PokeAPI/sprites/master/sprites/pokemon/25.png")
            #expect(sprite.status == 200)
            #expect(sprite.header("content-type") == "image/png")
            let svg = try await client.get("/PokeAPI/sprites/master/sprites/pokemon/other/dream-world/25.svg")
            #expect(svg.header("content-type") == "image/svg+xml")
            let missing = try await client.get("/PokeAPI/sprites/master/sprites/pokemon/150.png")
            #expect(missing.status == 404)
        }
    }

    // MARK: Validators

    @Test func matchingIfNoneMatchGives304() async throws {
        try await withServer { _, client in
            let first = try await client.get("/api/v2/type/13/")
            let tag = try #require(first.header("etag"))
            #expect(tag.hasPrefix("\"") && !tag.hasPrefix("W/"))
            #expect(first.header("last-modified") != nil)

            let again = try await client.get("/api/v2/type/13/", headers: ["If-None-Match": tag])
            #expect(again.status == 304)
            #expect(again.body.isEmpty)

            let stale = try await client.get("/api/v2/type/13/", headers: ["If-None-Match": "\"other\""])
            #expect(stale.status == 200)
        }
    }

    // MARK: Faults

    @Test func tooManyRequestsCarriesRetryAfterAndIsUsedUp() async throws {
        try await withServer { server, client in
            server.inject(.tooManyRequests(retryAfterSeconds: 7), pathPrefix: "/api/v2/", times: 1)
            let products = try await client.get("/products/1")
            #expect(products.status == 200)
            let refused = try await client.get("/api/v2/pokemon/1/")
            #expect(refused.status == 429)
            #expect(refused.header("retry-after") == "7")
            let retried = try await client.get("/api/v2/pokemon/1/")
            #expect(retried.status == 200)
        }
    }

    @Test func serviceUnavailableWithAndWithoutRetryAfter() async throws {
        try await withServer { server, client in
            server.inject(.serviceUnavailable(retryAfterSeconds: 2), times: 1)
            server.inject(.serviceUnavailable(retryAfterSeconds: nil), times: 1)
            let first = try await client.get("/products")
            #expect(first.status == 503)
            #expect(first.header("retry-after") == "2")
            let second = try await client.get("/products")
            #expect(second.status == 503)
            #expect(second.header("retry-after") == nil)
        }
    }

    @Test func serverErrorHasJSONBody() async throws {
        try await withServer { server, client in
            server.inject(.serverError)
            let reply = try await client.get("/api/character/1")
            #expect(reply.status == 500)
            #expect(try reply.object()["error"] as? String == "Internal Server Error")
            server.clearFaults()
            #expect(try await client.get("/api/character/1").status == 200)
        }
    }

    @Test func malformedJSONDoesNotParse() async throws {
        try await withServer { server, client in
            server.inject(.malformedJSON, times: 1)
            let reply = try await client.get("/api/character/1")
            #expect(reply.status == 200)
            #expect(reply.header("content-type") == "application/json; charset=utf-8")
            #expect(!reply.body.isEmpty)
            #expect(throws: (any Error).self) { try JSONSerialization.jsonObject(with: reply.body) }
        }
    }

    @Test func truncatedBodyIsAClientError() async throws {
        try await withServer { server, client in
            server.inject(.truncatedBody, times: 1)
            let error = await #expect(throws: (any Error).self) { try await client.get("/api/v2/pokemon/1/") }
            #expect(error.map { ($0 as NSError).code } != NSURLErrorTimedOut)
            let retried = try await client.get("/api/v2/pokemon/1/")
            #expect(retried.status == 200)
        }
    }

    @Test func latencyDelaysTheAnswer() async throws {
        try await withServer { server, client in
            server.inject(.latency(.milliseconds(400)), times: 1)
            let clock = ContinuousClock()
            let start = clock.now
            let reply = try await client.get("/products/1")
            #expect(reply.status == 200)
            #expect(clock.now - start >= .milliseconds(400))
        }
    }

    @Test func noAnswerTimesOut() async throws {
        try await withServer { server, client in
            server.inject(.noAnswer, pathPrefix: "/products", times: 1)
            let clock = ContinuousClock()
            let start = clock.now
            let error = await #expect(throws: (any Error).self) { try await client.get("/products/1", timeout: 1) }
            #expect(error.map { ($0 as NSError).code } == NSURLErrorTimedOut)
            #expect(clock.now - start >= .seconds(1))
            let later = try await client.get("/products/1")
            #expect(later.status == 200)
        }
    }

    @Test func stopClosesThePort() async throws {
        let server = ReplayServer(root: Fixtures.recordings)
        try await server.start()
        let client = HTTPClient(baseURL: server.baseURL)
        defer { client.close() }
        server.inject(.noAnswer, times: 1)
        async let pending = try? client.get("/products/1")
        // Stopped once the request is there, left without answer: not before it arrives.
        #expect(await server.waitForRequests(1), "the request reached the server")
        await server.stop()
        #expect(await pending == nil, "a request left without answer ends with the connection, not a response")
        await #expect(throws: (any Error).self) { try await client.get("/products/1") }
    }

    /// Waiting for requests ends once they have arrived, or says false at its limit: tests wait on this, not on sleeps.
    /// Esperar peticiones acaba cuando han llegado, y da falso si no llegan a tiempo: las pruebas esperan esto, no pausas.
    @Test func waitingForRequestsEndsWhenTheyHaveArrived() async throws {
        try await withServer { server, client in
            #expect(await server.waitForRequests(0, within: .zero))
            #expect(!(await server.waitForRequests(1, within: .milliseconds(50))), "no request has come")
            async let first = client.get("/products/1")
            #expect(await server.waitForRequests(1))
            #expect(try await first.status == 200)
            _ = try await client.get("/products/2")
            #expect(await server.waitForRequests(2, within: .zero), "both are there already")
            #expect(server.requests.count == 2)
        }
    }

    // MARK: Logging

    @Test func requestsAreRecorded() async throws {
        try await withServer { server, client in
            #expect(server.port > 0)
            #expect(server.baseURL == "http://127.0.0.1:\(server.port)")
            _ = try await client.get("/api/v2/pokemon/?limit=1", headers: ["X-Replay-Test": "yes"])
            _ = try await client.get("/products/1")
            let requests = server.requests
            #expect(requests.map(\.uri) == ["/api/v2/pokemon/?limit=1", "/products/1"])
            #expect(requests.first?.method == "GET")
            #expect(requests.first?.headers["x-replay-test"] == "yes")
        }
    }
}

// MARK: - Helpers

/// Starts a server on the fixtures, runs `body`, and stops the server even when `body` throws.
private func withServer(_ body: (ReplayServer, HTTPClient) async throws -> Void) async throws {
    let server = ReplayServer(root: Fixtures.recordings)
    try await server.start()
    let client = HTTPClient(baseURL: server.baseURL)
    do {
        try await body(server, client)
    } catch {
        client.close()
        await server.stop()
        throw error
    }
    client.close()
    await server.stop()
}

/// A bare URLSession client with no cache, so every request reaches the server.
/// Un cliente URLSession sin caché, para que cada petición llegue al servidor.
private struct HTTPClient {
    let baseURL: String
    private let session: URLSession

    init(baseURL: String) {
        self.baseURL = baseURL
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration)
    }

    /// `timeout` is in whole seconds: swift-corelibs-foundation truncates fractions. A minute by default: on two cores
    /// the whole suite's CPU-bound tests can hold the answer's continuation back for several seconds.
    func get(_ path: String, headers: [String: String] = [:], timeout: TimeInterval = 60) async throws -> HTTPReply {
        var request = URLRequest(url: try #require(URL(string: baseURL + path)))
        request.timeoutInterval = timeout
        for (name, value) in headers {
            request.setValue(value, forHTTPHeaderField: name)
        }
        let (data, response) = try await session.data(for: request)
        return HTTPReply(response: try #require(response as? HTTPURLResponse), body: data)
    }

    func close() {
        session.invalidateAndCancel()
    }
}

/// Status, headers and body of one answer.
/// Estado, cabeceras y cuerpo de una respuesta.
private struct HTTPReply {
    let response: HTTPURLResponse
    let body: Data

    var status: Int { response.statusCode }
    var text: String { String(decoding: body, as: UTF8.self) }

    func header(_ name: String) -> String? {
        response.value(forHTTPHeaderField: name)
    }

    func object() throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
    }
}
