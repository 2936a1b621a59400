import ArgumentParser
import Foundation
import TestSupport
import VitrinaKit

/// The tests' tool: serves a recordings folder, or writes a fixture the browser tests need.
/// La herramienta de las pruebas: sirve grabaciones o escribe un fichero de prueba.
struct ReplayTool: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vitrina-replay",
        abstract: "Serve recorded API responses on 127.0.0.1, or write a test fixture.",
        subcommands: [Serve.self, PhonePhotoCommand.self],
        defaultSubcommand: Serve.self
    )
}

/// Serves a recordings folder over HTTP until killed.
/// Sirve una carpeta de grabaciones por HTTP hasta que se mata el proceso.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Serve recorded API responses on 127.0.0.1 until killed.")

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

/// Writes the phone photo of the picture tests: 4032 x 3024, stored sideways (EXIF orientation 6), with a GPS position.
/// Escribe la foto de teléfono de las pruebas de imágenes.
struct PhonePhotoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "phone-photo", abstract: "Write a 12-megapixel JPEG as a phone writes it.")

    @Option(help: "Where to write it.")
    var output: String

    func run() async throws {
        try Files.write(try PhonePhoto.bytes(), to: output)
    }
}

extension ReplayTool {
    /// Parses the arguments and runs, choosing the async entry point.
    static func launch() async {
        await main(nil)
    }
}

await ReplayTool.launch()
