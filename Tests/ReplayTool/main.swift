import ArgumentParser
import Foundation
import TestSupport
import VitrinaKit

/// The tests' tool: serves a recordings folder, writes a fixture the browser tests need, or makes formulas for the
/// math oracle's comparison.
/// La herramienta de las pruebas: sirve grabaciones, escribe un fichero de prueba o hace fórmulas para el oráculo.
struct ReplayTool: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vitrina-replay",
        abstract: "Serve recorded API responses on 127.0.0.1, or write a test fixture.",
        subcommands: [Serve.self, PhonePhotoCommand.self, MathCommand.self],
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

/// Formulas made as pages make them, for `Scripts/mathml-compare.py`: JSON lines {"tex", "display"} in, the same with
/// "mathml" or "error" out.
/// Fórmulas hechas como en las páginas, para compararlas con las de KaTeX.
struct MathCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "math", abstract: "Make TeX formulas (JSON lines on stdin) into MathML.")

    struct Formula: Codable {
        let tex: String
        let display: Bool
        var mathml: String?
        var error: String?
    }

    func run() async throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        while let line = readLine(strippingNewline: true) {
            guard !line.isEmpty else { continue }
            var formula = try JSONDecoder().decode(Formula.self, from: Data(line.utf8))
            switch TeXMath.mathML(formula.tex, display: formula.display) {
            case .success(let made): formula.mathml = made
            case .failure(let failure): formula.error = failure.message
            }
            print(String(decoding: try encoder.encode(formula), as: UTF8.self))
        }
    }
}

extension ReplayTool {
    /// Parses the arguments and runs, choosing the async entry point.
    static func launch() async {
        await main(nil)
    }
}

await ReplayTool.launch()
