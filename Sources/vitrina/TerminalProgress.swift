import ArgumentParser
import Foundation
import Synchronization
import VitrinaKit
import VitrinaBuild

/// A progress line redrawn in place on a terminal; plain lines, one per stage, when stdout is a file or a pipe (CI).
/// Una línea de progreso redibujada en un terminal; líneas simples, una por etapa, si la salida es un fichero (CI).
final class TerminalProgress: BuildProgress, Sendable {
    let isTerminal: Bool
    private let last = Mutex((stage: "", drawn: ContinuousClock.now))

    init(isTerminal: Bool) { self.isTerminal = isTerminal }

    static func standardOutput() -> TerminalProgress { TerminalProgress(isTerminal: isatty(STDOUT_FILENO) == 1) }

    func stage(_ name: String) {
        if isTerminal { draw("\(name)…") } else { Console.line("· \(name)") }
        last.withLock { $0.stage = name }
    }

    func advance(_ stage: String, done: Int, total: Int?) {
        guard isTerminal else { return }
        // At most one redraw every 50 ms.
        let due = last.withLock { state -> Bool in
            guard ContinuousClock.now - state.drawn > .milliseconds(50) || done == total else { return false }
            state.drawn = .now
            return true
        }
        guard due else { return }
        if let total, total > 0 {
            let width = 30, filled = min(width, done * width / total)
            draw("\(stage) [" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "] \(done)/\(total)")
        } else {
            draw("\(stage) \(done)")
        }
    }

    private func draw(_ line: String) {
        FileHandle.standardOutput.write(Data(("\r\u{1B}[2K" + line).utf8))
    }

    /// Clears the progress line before the report is printed.
    func clear() { if isTerminal { FileHandle.standardOutput.write(Data("\r\u{1B}[2K".utf8)) } }
}
