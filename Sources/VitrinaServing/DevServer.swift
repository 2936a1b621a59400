import Foundation
import Hummingbird
import Synchronization
import VitrinaKit
import VitrinaBuild

/// `vitrina serve`'s HTTP side: the files the last build wrote, with a live-reload script put into every HTML page, and
/// the build events as server-sent events; only to requests whose `Host` names this server.
/// El lado HTTP de `vitrina serve`: los ficheros de la última construcción, con un script de recarga en cada página, y
/// los avisos como eventos; solo a peticiones cuyo `Host` nombra a este servidor.
public struct DevServer: Sendable {
    public let outputDirectory: String
    public let host: String
    public let port: Int
    public let hub: ReloadHub
    /// What may be served, and to which `Host`. / Qué se puede servir, y a qué `Host`.
    let files: ServedFiles
    let hosts: AllowedHosts

    static let eventsPath = "/_vitrina/events"
    static let scriptPath = "/_vitrina/live.js"

    /// `hosts` defaults to the names that reach `host` (see `AllowedHosts`).
    public init(outputDirectory: String, host: String = "127.0.0.1", port: Int = 8080, hub: ReloadHub, hosts: AllowedHosts? = nil) {
        self.outputDirectory = outputDirectory
        self.host = host
        self.port = port
        self.hub = hub
        self.files = ServedFiles(outputDirectory: outputDirectory)
        self.hosts = hosts ?? AllowedHosts(listeningOn: host)
    }

    /// Serves until cancelled; `onListening` gets the bound port (useful with port 0).
    public func run(onListening: @escaping @Sendable (Int) -> Void = { _ in }) async throws {
        let bound = BoundPort(port)
        let responder = CallbackResponder<BasicRequestContext> { request, _ in self.respond(to: request, port: bound.value) }
        var app = Application(
            responder: responder,
            configuration: ApplicationConfiguration(address: .hostname(host, port: port)),
            onServerRunning: { channel in
                bound.value = channel.localAddress?.port ?? 0
                onListening(bound.value)
            })
        app.logger.logLevel = .critical
        try await GracefulStop.run(app)
    }

    /// The answer to one request on `port`: 403 unless its single `Host` names this server (a page of another site can
    /// reach 127.0.0.1 through DNS rebinding, but its requests then carry that site's name).
    func respond(to request: Request, port: Int) -> Response {
        // A second `Host` line stays among the fields (the first became the authority): refused as ambiguous.
        // Una segunda línea `Host` queda entre los campos (la primera pasó a ser la autoridad): se rechaza por ambigua.
        guard hosts.allows(request.head.authority, port: port), !request.headers.contains(where: { $0.name.canonicalName == "host" }) else {
            return Self.text("Forbidden: vitrina serve answers only requests addressed to it, like http://localhost:\(port)/", status: .forbidden)
        }
        guard request.method == .get || request.method == .head else { return Self.text("Method Not Allowed", status: .methodNotAllowed) }
        switch request.uri.path {
        case Self.eventsPath: return events()
        case Self.scriptPath: return Response(status: .ok, headers: [.contentType: "text/javascript; charset=utf-8", .cacheControl: "no-store"],
                                              body: ResponseBody(byteBuffer: ByteBuffer(string: LiveReloadScript.source)))
        default: return file(at: request.uri.path)
        }
    }

    /// The stream of build events, one `data:` line per event, with a comment every 15 s to keep the connection open.
    func events() -> Response {
        let stream = hub.subscribe()
        let (buffers, continuation) = AsyncStream<ByteBuffer>.makeStream()
        let forward = Task {
            continuation.yield(ByteBuffer(string: ": connected\n\n"))
            for await event in stream { continuation.yield(ByteBuffer(string: "data: \(event.data)\n\n")) }
            continuation.finish()
        }
        let keepAlive = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(15))
                continuation.yield(ByteBuffer(string: ": keep-alive\n\n"))
            }
        }
        continuation.onTermination = { _ in
            forward.cancel()
            keepAlive.cancel()
        }
        return Response(status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
                        body: ResponseBody(asyncSequence: buffers))
    }

    /// A file the last build wrote (`ServedFiles` says which); folders answer with their `index.html`; HTML gets the
    /// live-reload script; anything else gets the site's 404 page.
    func file(at urlPath: String) -> Response {
        guard let found = files.file(at: urlPath) else {
            let page = files.listedFile("404.html").map(Self.notFoundPage) ?? Array("Not Found".utf8)
            return Response(status: .notFound, headers: [.contentType: "text/html; charset=utf-8"], body: ResponseBody(byteBuffer: ByteBuffer(bytes: page)))
        }
        let type = MediaType.forPath(found.path)
        let bytes = type.hasPrefix("text/html") ? Self.withLiveReload(found.bytes) : found.bytes
        return Response(status: .ok, headers: [.contentType: type, .cacheControl: "no-store"], body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// The site's 404 page as it is sent for a missing page at any depth: its links are relative to the output's root,
    /// where it was built, so it gets `<base href="/">` (unless it has a base already, from `base_url`), and the
    /// live-reload script. Without the base, its stylesheet was asked for below the missing page's folder.
    /// La página 404 tal como se envía a cualquier profundidad: con `<base href="/">`, pues sus enlaces parten de la raíz.
    static func notFoundPage(_ html: [UInt8]) -> [UInt8] {
        withLiveReload(withRootBase(html))
    }

    /// `<base href="/">` right after the `<head>` tag, when the page has a head and no base.
    static func withRootBase(_ html: [UInt8]) -> [UInt8] {
        let head = html.withUnsafeBufferPointer { bytes in
            bytes.firstIndex(of: Array("<base".utf8), from: 0) == nil ? headTagEnd(in: bytes) : nil
        }
        guard let head else { return html }
        return Array(html[..<head]) + Array("<base href=\"/\">".utf8) + Array(html[head...])
    }

    /// Where the `<head>` (or `<head …>`) tag ends; not `<header>`.
    private static func headTagEnd(in html: UnsafeBufferPointer<UInt8>) -> Int? {
        let marker = Array("<head".utf8)
        var from = 0
        while let at = html.firstIndex(of: marker, from: from) {
            let next = at + marker.count
            guard next < html.count else { return nil }
            if html[next] == UInt8(ascii: ">") { return next + 1 }
            if [UInt8(ascii: " "), 9, 10, 13].contains(html[next]), let close = html.firstIndex(of: UInt8(ascii: ">"), from: next) { return close + 1 }
            from = next
        }
        return nil
    }

    /// The page with `<script src="/_vitrina/live.js">` before `</body>` (the built files stay as they are).
    static func withLiveReload(_ html: [UInt8]) -> [UInt8] {
        let tag = Array("<script src=\"\(scriptPath)\"></script>\n".utf8)
        let marker = Array("</body>".utf8)
        guard let at = lastIndex(of: marker, in: html) else { return html + tag }
        return Array(html[..<at]) + tag + Array(html[at...])
    }

    static func lastIndex(of marker: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= marker.count else { return nil }
        var index = bytes.count - marker.count
        while index >= 0 {
            if bytes[index] == marker[0], Array(bytes[index..<index + marker.count]) == marker { return index }
            index -= 1
        }
        return nil
    }

    static func text(_ text: String, status: HTTPResponse.Status) -> Response {
        Response(status: status, headers: [.contentType: "text/plain; charset=utf-8"], body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}

/// The port the server listens on, known once it is bound (port 0 picks one).
/// El puerto en el que escucha el servidor, conocido al enlazarlo (el puerto 0 elige uno).
final class BoundPort: Sendable {
    private let port: Atomic<Int>

    init(_ port: Int) { self.port = Atomic(port) }

    var value: Int {
        get { port.load(ordering: .acquiring) }
        set { port.store(newValue, ordering: .releasing) }
    }
}

/// Content types by file extension, for the files a site holds.
/// Tipos de contenido por extensión, para los ficheros de un sitio.
enum MediaType {
    static let types = [
        "html": "text/html; charset=utf-8", "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8",
        "json": "application/json", "xml": "application/xml", "svg": "image/svg+xml", "png": "image/png", "jpg": "image/jpeg",
        "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp", "ico": "image/x-icon", "txt": "text/plain; charset=utf-8",
    ]

    static func forPath(_ path: String) -> String {
        types[(path as NSString).pathExtension.lowercased()] ?? "application/octet-stream"
    }
}

/// The script every served page loads: reloads on a good build, shows the error of a failed one in an overlay.
/// El script que carga cada página servida: recarga tras una construcción buena y muestra el error de una fallida.
enum LiveReloadScript {
    static let source = #"""
    (function () {
      "use strict";
      var overlay = null;
      function hide() { if (overlay) { overlay.remove(); overlay = null; } }
      function show(message) {
        hide();
        overlay = document.createElement("div");
        overlay.id = "vitrina-error-overlay";
        overlay.setAttribute("role", "alert");
        overlay.style.cssText = "position:fixed;inset:0;z-index:2147483647;background:rgba(20,10,10,.92);color:#ffe9e9;" +
          "font:14px/1.5 ui-monospace,monospace;padding:2rem;overflow:auto;white-space:pre-wrap";
        var title = document.createElement("strong");
        title.textContent = "Vitrina: the last build failed; the page shows the last good build.\n\n";
        var text = document.createElement("div");
        text.className = "vitrina-error-message";
        text.textContent = message;
        overlay.appendChild(title);
        overlay.appendChild(text);
        document.body.appendChild(overlay);
      }
      var failed = false;
      var source = new EventSource("/_vitrina/events");
      source.onmessage = function (event) {
        var data = JSON.parse(event.data);
        if (data.kind === "error") { failed = true; show(data.message); }
        else if (data.kind === "reload") { hide(); failed = false; window.location.reload(); }
      };
      window.vitrinaLiveReload = { connected: function () { return source.readyState === 1; }, failed: function () { return failed; } };
    })();
    """#
}
