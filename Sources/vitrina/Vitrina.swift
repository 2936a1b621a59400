import ArgumentParser
import Foundation
import Synchronization
import VitrinaKit
import VitrinaBuild
import VitrinaFeatures

/// The features every command builds with: the registry's set, composed here with the build and the server.
/// Las funciones con las que construye cada orden: el conjunto del registro, compuesto aquí con la construcción.
let siteFeatures: FeatureSet = FeatureRegistry.standard

/// The `vitrina` command: a thin adapter that parses flags, calls the core and prints.
/// La orden `vitrina`: un adaptador fino que lee opciones, llama al núcleo e imprime.
@main
struct Vitrina: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vitrina",
        abstract: "Builds a static site from PokéAPI, Rick and Morty, Fake Store data and Markdown.",
        version: VitrinaVersion.number,
        subcommands: [Build.self, Check.self, Serve.self, New.self, Places.self, Fetch.self, Clean.self])

    /// Exit codes: 0 success, 1 the build failed, 2 the command line was wrong.
    static func main() async {
        RelocationTable.release()
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let failure as BuildFailure {
            Console.error(failure)
            Foundation.exit(failure.error.stage == .usage ? 2 : 1)
        } catch let code as ExitCode {
            Foundation.exit(code.rawValue)
        } catch {
            let code = exitCode(for: error)
            if code == .success || error is CleanExit {
                exit(withError: error)
            }
            FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
            Foundation.exit(2)
        }
    }
}

/// Flags shared by commands that read a site.
/// Opciones comunes a las órdenes que leen un sitio.
struct SiteOptions: ParsableArguments {
    @Option(name: .long, help: "The folder holding Content/ and Templates/ (default: the current folder).")
    var site: String = "."

    @Option(name: .long, help: "Where to write the site (default: Output inside the site folder).")
    var output: String?

    @Option(name: .customLong("api"), help: ArgumentHelp("Point a source at another base URL, e.g. pokeapi=http://127.0.0.1:8080.", valueName: "NAME=URL"))
    var apis: [String] = []

    func overrides() throws -> [String: String] {
        var result: [String: String] = [:]
        for pair in apis {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty, parts[1].hasPrefix("http://") || parts[1].hasPrefix("https://") else {
                throw ValidationError("--api takes NAME=URL, like pokeapi=http://127.0.0.1:8080 (got \(pair))")
            }
            if case .failure(let refusal) = WebOrigin.of(parts[1]) {
                throw ValidationError("--api \(parts[0])=… is not an address Vitrina requests: \(refusal)")
            }
            result[parts[0]] = parts[1]
        }
        return result
    }

    var siteDirectory: String { Console.absolute((site as NSString).expandingTildeInPath) }
}
