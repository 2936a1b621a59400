import Foundation

/// A program run to its end: its exit status and what it wrote.
/// Un programa ejecutado hasta el final: su estado de salida y lo que escribió.
struct ProgramRun {
    let status: Int32
    let output: String
    let error: String

    /// Runs `executable` on a thread of its own: reading its pipes blocks, and a blocked thread of Swift's shared pool
    /// (two on a two-core machine) would starve the replay server this same process runs for the child to talk to.
    static func of(_ executable: String, _ arguments: [String], in directory: String? = nil,
                   environment: [String: String] = [:]) async throws -> ProgramRun {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try blocking(executable, arguments, in: directory, environment: environment) })
            }
        }
    }

    private static func blocking(_ executable: String, _ arguments: [String], in directory: String?,
                                 environment: [String: String]) throws -> ProgramRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile(), error = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ProgramRun(status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
                          error: String(decoding: error, as: UTF8.self))
    }
}
