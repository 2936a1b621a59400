import Foundation
import Testing
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

extension ServeTests {
    /// `vitrina serve` against hostile requests and a tampered output: the real server on 127.0.0.1, asked over a bare
    /// socket so that paths and `Host` headers reach it exactly as written.
    /// `vitrina serve` frente a peticiones hostiles y una salida manipulada: el servidor real, por un socket desnudo.
    @Suite("Serve hardening", .serialized)
    struct Hardening {
        @Test func dotfilesAreNeverServedEvenWhenListed() async throws {
            try await withServedSite { site, client in
                try site.write("Output/.env", "SECRET=1\n")
                try site.list(".env")
                for path in ["/.env", "/%2Eenv", "/.vitrina-manifest", "/linux/../.env"] {
                    let reply = try await client.get(path)
                    #expect(reply.status == 404, "\(path)")
                    #expect(!reply.body.contains("SECRET") && !reply.body.contains("index.html\t"), "\(path)")
                }
            }
        }

        @Test func aFileTheManifestDoesNotListIsNotServed() async throws {
            try await withServedSite { site, client in
                try site.write("Output/notes.txt", "SECRET\n")
                try site.write("Output/linux/draft/index.html", "<p>SECRET</p>\n")
                for path in ["/notes.txt", "/linux/draft/", "/linux/draft/index.html"] {
                    let reply = try await client.get(path)
                    #expect(reply.status == 404 && !reply.body.contains("SECRET"), "\(path)")
                }
                #expect(try await client.get("/linux/tar/").status == 200, "a listed page is still served")
            }
        }

        /// A listed page made a link to a file outside the output, and a listed folder made a link to a folder outside.
        @Test(arguments: [("Output/linux/tar/index.html", "Elsewhere/index.html"), ("Output/linux/tar", "Elsewhere")])
        func aSymlinkThatLeavesTheOutputIsNotServed(replaced: String, target: String) async throws {
            try await withServedSite { site, client in
                try site.write("Elsewhere/index.html", "<p>SECRET</p>\n")
                try site.replaceWithSymlink(replaced, to: site.root + "/" + target)
                for path in ["/linux/tar/", "/linux/tar/index.html"] {
                    let reply = try await client.get(path)
                    #expect(reply.status == 404 && !reply.body.contains("SECRET"), "\(path) through \(replaced) → \(target)")
                }
            }
        }

        @Test func aSymlinkThatStaysInsideTheOutputIsServed() async throws {
            try await withServedSite { site, client in
                let page = try Files.read(site.output + "/linux/ls/index.html")
                try site.replaceWithSymlink("Output/linux/tar/index.html", to: site.output + "/linux/ls/index.html")
                let reply = try await client.get("/linux/tar/")
                #expect(reply.status == 200 && reply.body.contains(String(decoding: page.prefix(200), as: UTF8.self)))
            }
        }

        @Test func aMissingPageAtAnyDepthGetsThe404PageWithItsLinksFromTheRoot() async throws {
            try await withServedSite { site, client in
                let reply = try await client.get("/linux/nada/mas/")
                #expect(reply.status == 404)
                #expect(reply.body.components(separatedBy: "<base href=\"/\">").count == 2, "one base, for the page's relative links")
                #expect(reply.body.contains("/_vitrina/live.js"))
                let built = try Files.readText(site.output + "/404.html")
                #expect(!built.contains("<base"), "the built file stays as it is")
            }
        }

        @Test func aFIFOInTheOutputIsNotServedAndDoesNotHangTheServer() async throws {
            try await withServedSite { site, client in
                let fifo = site.output + "/linux/ls/index.html"
                try Files.remove(fifo)
                #expect(mkfifo(fifo, 0o644) == 0)
                // Without the check, a reader blocks in open(2) until a writer comes: let it go when the test is done.
                // Sin la comprobación, un lector se bloquea en open(2) hasta que llega un escritor: se le suelta al final.
                defer { Self.release(fifo) }
                let reply = try await client.get("/linux/ls/", timeout: .seconds(15))
                #expect(reply.status == 404, "a FIFO is no file to serve (got \(reply.status.map(String.init) ?? "no answer"))")
                #expect(try await client.get("/linux/tar/").status == 200, "the server still answers")
            }
        }

        @Test func aForeignHostIsRefused() async throws {
            try await withServedSite { _, client in
                let port = client.port
                for host in ["evil.example", "evil.example:\(port)", "localhost.evil.example:\(port)", "127.0.0.1.nip.io:\(port)",
                             "localhost:\(port + 1)", "127.0.0.1:\(port)x", "[::1]x", ""] {
                    for path in ["/", "/linux/tar/", "/_vitrina/live.js"] {
                        let reply = try await client.get(path, host: host)
                        #expect(reply.status == 403, "Host: \(host), \(path)")
                    }
                }
                let anonymous = try await client.get("/", host: nil)
                #expect(anonymous.status == 403, "no Host at all")
            }
        }

        @Test func theLoopbackNamesWithThePortAreServed() async throws {
            try await withServedSite { _, client in
                let port = client.port
                for host in ["localhost:\(port)", "127.0.0.1:\(port)", "[::1]:\(port)", "LocalHost:\(port)", "localhost", "127.0.0.1"] {
                    let reply = try await client.get("/linux/tar/", host: host)
                    #expect(reply.status == 200 && reply.body.contains("/_vitrina/live.js"), "Host: \(host)")
                }
                #expect(try await client.get("/_vitrina/live.js", host: "localhost:\(port)").status == 200)
            }
        }

        @Test func theEventsEndpointChecksTheHost() async throws {
            try await withServedSite { _, client in
                let refused = try await client.get("/_vitrina/events", host: "evil.example:\(client.port)")
                #expect(refused.status == 403 && !refused.body.contains("connected"))
                let served = try await client.get("/_vitrina/events", until: ": connected")
                #expect(served.status == 200 && served.body.contains(": connected"), "a page of the site still gets its events")
            }
        }

        @Test func theNotFoundPageIsServedOnlyWhenListed() async throws {
            try await withServedSite { site, client in
                #expect(try await client.get("/nothing/here").body.contains("/_vitrina/live.js"), "the site's own 404 page")
                try site.unlist("404.html")
                let reply = try await client.get("/nothing/here")
                #expect(reply.status == 404 && !reply.body.contains("<html"), "an unlisted 404.html is not used")
            }
        }

        @Test func aNewBuildIsServedAtOnceAndWhatItRemovedIsNot() async throws {
            let site = try TestSite(files: IncrementalBuildTests.files)
            defer { site.remove() }
            _ = try await site.build()
            try await withDevServer(output: site.output) { port in
                let client = RawHTTPClient(port: port)
                let before = try await client.get("/linux/mv/")
                #expect(before.status == 404)
                try site.write("Content/linux/mv.md", "---\ntitle: mv\n---\nMueve.\n")
                try site.delete("Content/linux/tar.md")
                _ = try await site.build()
                let added = try await client.get("/linux/mv/"), removed = try await client.get("/linux/tar/")
                #expect(added.status == 200 && added.body.contains("Mueve"), "the manifest is read again after a build")
                #expect(removed.status == 404)
            }
        }

        @Test func hostHeadersAreSplitIntoNameAndPort() {
            #expect(AllowedHosts.split("LocalHost:8080")! == ("localhost", 8080))
            #expect(AllowedHosts.split("[::1]:80")! == ("[::1]", 80))
            #expect(AllowedHosts.split("[::1]")! == ("[::1]", nil))
            #expect(AllowedHosts.split("example.org")! == ("example.org", nil))
            for malformed in ["", ":80", "localhost:", "localhost:+80", "localhost:80:80", "localhost:123456", "[::1", "[::1]80", "::1"] {
                #expect(AllowedHosts.split(malformed) == nil, "\(malformed)")
            }
        }

        @Test func onLoopbackOnlyTheLoopbackNamesAreAllowed() {
            let hosts = AllowedHosts(listeningOn: "127.0.0.1", machineNames: { ["devbox"] }, machineAddresses: { ["192.168.1.20"] })
            #expect(hosts.names == ["127.0.0.1", "localhost", "[::1]"])
            #expect(hosts.allows("localhost:8080", port: 8080) && hosts.allows("localhost", port: 8080))
            #expect(!hosts.allows("localhost:8081", port: 8080) && !hosts.allows("devbox:8080", port: 8080) && !hosts.allows(nil, port: 8080))
        }

        @Test func onAnotherAddressThatAddressAndTheMachinesNamesAreAllowed() {
            let hosts = AllowedHosts(listeningOn: "192.168.1.20", machineNames: { ["DevBox.example.lan", "devbox"] },
                                     machineAddresses: { Issue.record("addresses are asked only for 0.0.0.0 and ::"); return [] })
            #expect(hosts.names == ["127.0.0.1", "localhost", "[::1]", "192.168.1.20", "devbox.example.lan", "devbox"])
            #expect(hosts.allows("192.168.1.20:8080", port: 8080) && hosts.allows("devbox.example.lan:8080", port: 8080))
            #expect(!hosts.allows("evil.example:8080", port: 8080))
            let everywhere = AllowedHosts(listeningOn: "::", machineNames: { ["devbox"] }, machineAddresses: { ["192.168.1.20", "fe80::1"] })
            #expect(everywhere.allows("[fe80::1]:8080", port: 8080) && everywhere.allows("192.168.1.20:8080", port: 8080))
            #expect(everywhere.allows("[::]:8080", port: 8080) && !everywhere.allows("evil.example:8080", port: 8080))
            #expect(AllowedHosts.machineNames().allSatisfy { !$0.isEmpty }, "the real machine's names can be read")
        }

        /// Opens the FIFO for writing and closes it, so a reader blocked in open(2) goes on and sees the end of the file.
        static func release(_ fifo: String) {
            let descriptor = open(fifo, O_WRONLY | O_NONBLOCK)
            if descriptor >= 0 { close(descriptor) }
        }
    }
}

/// A small built site served by the dev server on 127.0.0.1 for the length of `body`, with a client for it.
/// Un sitio pequeño construido y servido en 127.0.0.1 mientras dura `body`, con un cliente para él.
func withServedSite(_ body: (ServedSite, RawHTTPClient) async throws -> Void) async throws {
    let site = try TestSite(files: IncrementalBuildTests.files)
    defer { site.remove() }
    _ = try await site.build()
    let served = ServedSite(root: site.root)
    try await withDevServer(output: site.output) { port in try await body(served, RawHTTPClient(port: port)) }
}

/// The dev server on `host`, port 0, for the length of `body`, which gets the port it listens on.
/// El servidor de desarrollo en `host`, puerto 0, mientras dura `body`, que recibe el puerto.
func withDevServer(output: String, host: String = "127.0.0.1", _ body: (Int) async throws -> Void) async throws {
    let server = DevServer(outputDirectory: output, host: host, port: 0, hub: ReloadHub())
    let (ports, listening) = AsyncStream<Int>.makeStream()
    let running = Task { try await server.run { listening.yield($0) } }
    var iterator = ports.makeAsyncIterator()
    guard let port = await iterator.next() else { throw VitrinaError(.write, "the dev server did not start") }
    var failure: (any Error)?
    do { try await body(port) } catch { failure = error }
    // Stopped and waited for, so no later test meets a server still closing.
    // Parado y esperado, para que ninguna prueba posterior encuentre un servidor aún cerrándose.
    running.cancel()
    _ = await running.result
    if let failure { throw failure }
}

/// Tampering with a built output the way a hostile file system would.
/// Manipula una salida construida como lo haría un sistema de ficheros hostil.
struct ServedSite {
    let root: String
    var output: String { root + "/Output" }
    var manifest: String { output + "/" + OutputWriter.manifestName }

    func write(_ path: String, _ text: String) throws { try Files.write(Array(text.utf8), to: "\(root)/\(path)") }

    /// Puts a symbolic link where a file or folder of the site was.
    func replaceWithSymlink(_ path: String, to target: String) throws {
        try Files.remove("\(root)/\(path)")
        try FileManager.default.createSymbolicLink(atPath: "\(root)/\(path)", withDestinationPath: target)
    }

    /// Adds a line to the output's manifest, as if the build had written the file.
    func list(_ path: String) throws {
        try Files.write(try Files.read(manifest) + Array("\(path)\tfeed-1\n".utf8), to: manifest)
    }

    /// Removes a file's line from the output's manifest.
    func unlist(_ path: String) throws {
        let lines = try Files.readText(manifest).split(separator: "\n").filter { !$0.hasPrefix("\(path)\t") }
        try Files.write(Array(lines.map { $0 + "\n" }.joined().utf8), to: manifest)
    }
}

/// A bare HTTP/1.1 client over a socket: sends the path and `Host` exactly as given (or no `Host`), reads until the
/// server closes or the time is up, and reports the status (nil when nothing came back).
/// Un cliente HTTP/1.1 desnudo: envía la ruta y el `Host` tal cual, lee hasta que el servidor cierra o se acaba el tiempo.
struct RawHTTPClient {
    let port: Int

    struct Reply {
        let status: Int?
        let body: String
    }

    /// Asks on a thread of its own: the blocking socket calls must not hold the threads the server's tasks run on.
    /// `until` stops reading once the answer holds that text (for a stream that never ends).
    func get(_ path: String, host: String? = "SELF", until marker: String? = nil, timeout: Duration = .seconds(20)) async throws -> Reply {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try blockingGet(path, host: host, until: marker, timeout: timeout) })
            }
        }
    }

    private func blockingGet(_ path: String, host: String?, until marker: String?, timeout: Duration) throws -> Reply {
        let hostLine = host.map { "Host: \($0 == "SELF" ? "127.0.0.1:\(port)" : $0)\r\n" } ?? ""
        let request = "GET \(path) HTTP/1.1\r\n\(hostLine)Connection: close\r\n\r\n"
        let socket = try connected(timeout: timeout)
        defer { close(socket) }
        _ = request.withCString { send(socket, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            received += chunk[..<count]
            if let marker, String(decoding: received, as: UTF8.self).contains(marker) { break }
        }
        let text = String(decoding: received, as: UTF8.self)
        let statusLine = text.split(separator: "\r\n", maxSplits: 1).first ?? ""
        let status = statusLine.hasPrefix("HTTP/1.1 ") ? Int(statusLine.dropFirst(9).prefix(3)) : nil
        let body = text.range(of: "\r\n\r\n").map { String(text[$0.upperBound...]) } ?? ""
        return Reply(status: status, body: body)
    }

    private func connected(timeout: Duration) throws -> Int32 {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        let (seconds, attoseconds) = timeout.components
        var limit = timeval(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Foundation.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            close(socket)
            throw VitrinaError(.write, "cannot connect to 127.0.0.1:\(port)")
        }
        return socket
    }
}
