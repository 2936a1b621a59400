import Foundation
import Hummingbird

/// An answer of the replay server before it goes on the wire.
/// Una respuesta del servidor de reproducción antes de enviarse.
struct Reply: Sendable {
    var status: HTTPResponse.Status
    var headers: HTTPFields
    var body: Data

    static let jsonType = "application/json; charset=utf-8"
    static let textType = "text/plain; charset=utf-8"
    static let lastModified = "Sat, 01 Nov 2025 00:00:00 GMT"

    init(status: HTTPResponse.Status = .ok, contentType: String, body: Data) {
        self.status = status
        self.headers = [.contentType: contentType]
        self.body = body
    }

    static func json(_ body: Data, status: HTTPResponse.Status = .ok) -> Reply {
        Reply(status: status, contentType: jsonType, body: body)
    }

    static func json(_ text: String, status: HTTPResponse.Status = .ok) -> Reply {
        json(Data(text.utf8), status: status)
    }

    /// `{"error": message}`, the error shape of the Rick and Morty API.
    static func jsonError(_ message: String, status: HTTPResponse.Status) -> Reply {
        json("{\"error\":\(RawJSON.string(message))}", status: status)
    }

    static func text(_ text: String, status: HTTPResponse.Status) -> Reply {
        Reply(status: status, contentType: textType, body: Data(text.utf8))
    }

    static let notFound = text("Not Found", status: .notFound)

    /// A recorded file, typed by its extension.
    static func file(_ body: Data, named name: String) -> Reply {
        Reply(contentType: contentType(forFileNamed: name), body: body)
    }

    static func contentType(forFileNamed name: String) -> String {
        switch name.split(separator: ".").last?.lowercased() {
        case "json": jsonType
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "svg": "image/svg+xml"
        case "gif": "image/gif"
        default: "application/octet-stream"
        }
    }
}

// MARK: - Validators and conditional requests

extension Reply {
    /// A strong entity tag: FNV-1a 64 of the body plus its length.
    var entityTag: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in body {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return "\"\(String(hash, radix: 16))-\(String(body.count, radix: 16))\""
    }

    /// Adds `ETag` and `Last-Modified` to a 200, or turns it into a 304 when `ifNoneMatch` matches.
    func validated(ifNoneMatch: String?) -> Reply {
        guard status == .ok else { return self }
        var reply = self
        let tag = entityTag
        reply.headers[.eTag] = tag
        reply.headers[.lastModified] = Self.lastModified
        if let ifNoneMatch, Self.matches(ifNoneMatch, tag: tag) {
            reply.status = .notModified
            reply.headers[.contentType] = nil
            reply.body = Data()
        }
        return reply
    }

    private static func matches(_ ifNoneMatch: String, tag: String) -> Bool {
        ifNoneMatch.split(separator: ",").contains { candidate in
            let candidate = candidate.trimmingCharacters(in: .whitespaces)
            return candidate == "*" || candidate == tag || candidate == "W/\(tag)"
        }
    }
}

// MARK: - Wire form

extension Reply {
    var response: Response {
        Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// Promises the whole body in `Content-Length`, writes half of it, then fails the connection.
    var truncatedResponse: Response {
        let half = ByteBuffer(bytes: body.prefix(body.count / 2))
        let body = ResponseBody(contentLength: max(body.count, 1)) { writer in
            try await writer.write(half)
            throw TruncatedBody()
        }
        return Response(status: status, headers: headers, body: body)
    }

    /// This reply as a 200 JSON whose body is its first half followed by garbage.
    var malformed: Reply {
        var body = self.body.prefix(self.body.count / 2)
        body.append(contentsOf: "<<not json>>".utf8)
        return .json(Data(body))
    }
}

/// Thrown on purpose to cut a response body short.
/// Se lanza a propósito para cortar el cuerpo de una respuesta.
struct TruncatedBody: Error {}
