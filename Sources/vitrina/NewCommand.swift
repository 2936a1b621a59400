import ArgumentParser
import Foundation
import Synchronization
import VitrinaCore

/// `vitrina new`: a minimal site that builds at once.
/// `vitrina new`: un sitio mínimo que se construye al momento.
struct New: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Write a minimal site (site.yml, a home text, a docs page, the default theme) into DIR.")

    @Argument(help: "The folder to create the site in.") var directory: String

    func run() async throws {
        let path = Console.absolute((directory as NSString).expandingTildeInPath)
        do { try NewSite(directory: path).create() } catch let error as VitrinaError { throw BuildFailure(error: error, warnings: []) }
        print("Created a site in \(path). Next: vitrina serve --site \(path)")
    }
}
