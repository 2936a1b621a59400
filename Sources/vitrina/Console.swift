import ArgumentParser
import Foundation
import Synchronization
import VitrinaKit
import VitrinaBuild

/// Printing errors without stack noise.
/// Errores impresos sin ruido de pila.
enum Console {
    static func error(_ failure: BuildFailure) {
        var text = "error: \(failure.error.message)\n"
        if !failure.warnings.isEmpty && failure.error.stage != .check {
            text += failure.warnings.map { "warning: \($0.message)\n" }.joined()
        }
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// The warnings again as GitHub Actions annotations, when running there.
    static func annotate(_ warnings: [BuildWarning], site: String, error: Bool) {
        let environment = ProcessInfo.processInfo.environment
        guard WorkflowAnnotations.isEnabled(environment) else { return }
        for line in WorkflowAnnotations.lines(for: warnings, siteDirectory: site, environment: environment, error: error) { Console.line(line) }
    }

    /// One line to stdout, unbuffered, so a long-running command's output shows as it happens, even into a pipe.
    static func line(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    static func absolute(_ path: String) -> String {
        let standardized = (path as NSString).standardizingPath
        return standardized.hasPrefix("/") ? standardized : (FileManager.default.currentDirectoryPath + "/" + standardized as NSString).standardizingPath
    }
}
