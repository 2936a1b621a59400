import ArgumentParser
import Foundation
import TestSupport

/// Serves a recordings folder over HTTP until killed.
/// Sirve una carpeta de grabaciones por HTTP hasta que se mata el proceso.
struct ReplayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vitrina-replay",
        abstract: "Serve recorded API responses on 127.0.0.1 until killed."
    )

    @Option(help: "Folder laid out like the recordings (HOST/PATH/index.json).")
    var root: String

    @Option(help: "Port to listen on (0 picks a free one).")
    var port: Int = 8089

    func run() async throws {
        let rootURL = URL(fileURLWithPath: root, isDirectory: true)
        guard FileManager.default.fileExists(atPath: rootURL.path) else {
            throw ValidationError("no such folder: \(root)")
        }
        let server = ReplayServer(root: rootURL)
        try await server.start(port: port)
        FileHandle.standardOutput.write(Data("listening on \(server.baseURL)\n".utf8))
        while true {
            try await Task.sleep(for: .seconds(3600))
        }
    }
}

extension ReplayCommand {
    /// Parses the arguments and runs, choosing the async entry point.
    static func launch() async {
        await main(nil)
    }
}

await ReplayCommand.launch()
