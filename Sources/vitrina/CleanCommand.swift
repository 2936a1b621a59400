import ArgumentParser
import Foundation
import Synchronization
import VitrinaKit
import VitrinaBuild

/// `vitrina clean`: what the manifest lists removed from the output, and the working cache.
/// `vitrina clean`: se borra de la salida lo que lista el manifiesto, y la caché de trabajo.
struct Clean: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Remove what Vitrina wrote to Output/ and the working cache.")

    @OptionGroup var site: SiteOptions

    func run() async throws {
        let options = BuildOptions(siteDirectory: site.siteDirectory, outputDirectory: site.output.map(Console.absolute))
        let notes = try OutputWriter(outputDirectory: options.outputDirectory).clean()
        try Files.remove(options.cacheDirectory)
        try Files.remove(options.documentMemoPath)
        try Files.remove(options.decodedMemoPath)
        print("Removed what Vitrina wrote to \(options.outputDirectory) (what its manifest lists; nothing else), \(options.cacheDirectory), \(options.documentMemoPath) and \(options.decodedMemoPath)")
        for note in notes { print("  kept: \(note)") }
    }
}
