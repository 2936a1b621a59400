import Foundation

/// Notices edits under `Content/` and `Templates/` by comparing each file's size and modification time.
/// Detecta cambios en `Content/` y `Templates/` comparando el tamaño y la fecha de cada fichero.
public struct SiteWatcher: Sendable {
    public let siteDirectory: String
    public let interval: Duration

    public init(siteDirectory: String, interval: Duration = .milliseconds(100)) {
        self.siteDirectory = siteDirectory
        self.interval = interval
    }

    /// Every watched file with its stamp; a new, removed or touched file changes the snapshot.
    public func snapshot() -> [String: FileStamp] {
        var stamps: [String: FileStamp] = [:]
        for folder in ["Content", "Templates"] {
            let root = Files.join(siteDirectory, folder)
            for path in Files.list(root) where !path.hasPrefix(".") {
                if let stamp = FileStamp(path: "\(root)/\(path)") { stamps["\(folder)/\(path)"] = stamp }
            }
        }
        return stamps
    }

    /// Waits until something changes after `previous`, then returns the new snapshot and the changed paths.
    public func next(after previous: [String: FileStamp]) async throws -> (snapshot: [String: FileStamp], changed: [String]) {
        while true {
            try await Task.sleep(for: interval)
            let current = snapshot()
            guard current != previous else { continue }
            let changed = Set(current.keys).union(previous.keys).filter { current[$0] != previous[$0] }.sorted()
            return (current, changed)
        }
    }
}
