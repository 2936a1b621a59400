import Foundation
import Synchronization

/// A problem worth telling the user about that does not stop the build (an error under `--strict`).
/// Un problema que conviene contar y que no detiene la construcción (error con `--strict`).
public struct BuildWarning: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable { case link, image, stale, i18n, content, output }
    public let kind: Kind
    public let message: String
    /// Where in a source file the problem is, when it is in one (a Markdown link).
    public let location: SourceLocation?

    public init(_ kind: Kind, _ message: String, location: SourceLocation? = nil) {
        self.kind = kind
        self.message = message
        self.location = location
    }

    public var description: String { message }
}

/// Thread-safe collector of warnings shared by the stages of one build.
/// Recolector de avisos, seguro entre hilos, compartido por las etapas de una construcción.
public final class Diagnostics: Sendable {
    private let store = Mutex<[BuildWarning]>([])

    public init() {}

    public func warn(_ kind: BuildWarning.Kind, _ message: String) {
        store.withLock { $0.append(BuildWarning(kind, message)) }
    }

    public func warn(_ warnings: [BuildWarning]) {
        store.withLock { $0 += warnings }
    }

    /// Warnings sorted and without repeats, so reports are deterministic.
    public var warnings: [BuildWarning] { Self.ordered(store.withLock { $0 }) }

    /// Warnings without repeats, sorted by kind, then message.
    package static func ordered(_ warnings: [BuildWarning]) -> [BuildWarning] {
        var seen = Set<BuildWarning>()
        return warnings.filter { seen.insert($0).inserted }
            .sorted { ($0.kind.rawValue, $0.message) < ($1.kind.rawValue, $1.message) }
    }
}

/// An error that stops the build, worded for the person who has to fix it.
/// Un error que detiene la construcción, escrito para quien tiene que arreglarlo.
public struct VitrinaError: Error, Sendable, CustomStringConvertible, Equatable {
    public enum Stage: String, Sendable { case config, fetch, map, content, render, write, check, usage }
    public let stage: Stage
    public let message: String

    public init(_ stage: Stage, _ message: String) {
        self.stage = stage
        self.message = message
    }

    public var description: String { "\(stage.rawValue) error: \(message)" }
}
