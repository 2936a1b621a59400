import Foundation
import VitrinaKit

/// Each page file's last change, from one `git log` over the pages' folder (not one per page). A shallow clone knows
/// only its last commit, which would give every page the same date: then no page shows one.
/// El último cambio de cada fichero, de un solo `git log` sobre la carpeta; un clon superficial no da fechas.
enum GitChanges {
    /// The most bytes of `git log` read: a history beyond is cut, its older changes unread.
    static let maxOutput = 64 << 20

    /// Last change by file path relative to `siteDirectory` (`docs/setup.md`); empty outside a repository, in a shallow
    /// clone (then `shallow`), or when git is missing.
    static func read(siteDirectory: String, folder: String) -> (changes: [String: SimpleDate], shallow: Bool) {
        guard let answer = git(["rev-parse", "--is-shallow-repository"], in: siteDirectory) else { return ([:], false) }
        guard String(decoding: answer, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == "false" else { return ([:], true) }
        guard let log = git(["log", "--format=format:%x01%cs", "--name-only", "--no-renames", "--relative", "--", folder], in: siteDirectory)
        else { return ([:], false) }
        return (parse(log), false)
    }

    /// What the report says once of a shallow clone.
    static let shallowNote = "the repository is a shallow clone, which knows only its last commit, so no page shows its last change; "
        + "fetch the whole history to show them (actions/checkout: fetch-depth: 0; GitLab: GIT_DEPTH: 0)"

    /// `\u{1}2024-05-01` lines start a commit (newest first); the paths below it changed in it.
    static func parse(_ output: [UInt8]) -> [String: SimpleDate] {
        var changes: [String: SimpleDate] = [:]
        var date: SimpleDate?
        for line in output.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            if line.first == 1 {
                date = SimpleDate(String(decoding: line.dropFirst(), as: UTF8.self))
            } else if let date {
                let path = String(decoding: line, as: UTF8.self)
                if changes[path] == nil { changes[path] = date }
            }
        }
        return changes
    }

    /// What `git -C directory arguments` prints, or nil when it fails.
    static func git(_ arguments: [String], in directory: String) -> [UInt8]? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", directory] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        var bytes: [UInt8] = []
        while let chunk = try? output.fileHandleForReading.read(upToCount: 1 << 16), !chunk.isEmpty {
            if bytes.count < maxOutput { bytes += chunk }
        }
        process.waitUntilExit()
        return process.terminationStatus == 0 ? bytes : nil
    }
}
