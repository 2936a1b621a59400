import Foundation

/// Notices edits under `Content/` and `Templates/`: woken by Linux's inotify (nothing to do while idle, about 10 ms to
/// notice), or by polling where inotify is unavailable; then compares each file's stamp to say what changed.
/// Detecta cambios en `Content/` y `Templates/`: despierta con inotify (o sondeando) y compara el sello de cada fichero.
public struct SiteWatcher: Sendable {
    public let siteDirectory: String
    public let interval: Duration
    /// Whether to wait for inotify's events rather than poll.
    let usesEvents: Bool

    public init(siteDirectory: String, interval: Duration = .milliseconds(100)) {
        self.init(siteDirectory: siteDirectory, interval: interval, usesEvents: true)
    }

    init(siteDirectory: String, interval: Duration, usesEvents: Bool) {
        self.siteDirectory = siteDirectory
        self.interval = interval
        self.usesEvents = usesEvents
    }

    static let roots = ["Content", "Templates"]

    /// Every watched file with its stamp; a new, removed or touched file changes the snapshot.
    public func snapshot() -> [String: FileStamp] {
        var stamps: [String: FileStamp] = [:]
        for folder in Self.roots {
            let root = Files.join(siteDirectory, folder)
            for path in Files.list(root) where !path.hasPrefix(".") {
                if let stamp = FileStamp(path: "\(root)/\(path)") { stamps["\(folder)/\(path)"] = stamp }
            }
        }
        return stamps
    }

    /// Returns as soon as something differs from `previous` (at once when it already does: an edit made during the
    /// last build), with the new snapshot and the changed paths.
    public func next(after previous: [String: FileStamp]) async throws -> (snapshot: [String: FileStamp], changed: [String]) {
        var events = usesEvents ? FolderEvents(folders: folders()) : nil
        defer { events?.stop() }
        while true {
            let current = snapshot()
            if current != previous {
                let changed = Set(current.keys).union(previous.keys).filter { current[$0] != previous[$0] }.sorted()
                return (current, changed)
            }
            guard let waiting = events else {
                try await Task.sleep(for: interval)
                continue
            }
            repeat { try await Task.sleep(for: .milliseconds(10)) } while !waiting.drain()
            // An editor may write a file in several steps: let it finish. New folders get watches of their own before
            // the stamps are read again, so nothing written into them is missed.
            try await Task.sleep(for: .milliseconds(10))
            waiting.stop()
            events = FolderEvents(folders: folders())
        }
    }

    /// The watched roots and every folder below them.
    func folders() -> [String] {
        var folders: Set<String> = []
        for root in Self.roots {
            let base = Files.join(siteDirectory, root)
            guard Files.isDirectory(base) else { continue }
            folders.insert(base)
            for path in Files.list(base) {
                var folder = path
                while let slash = folder.utf8.lastIndex(of: UInt8(ascii: "/")) {
                    folder = String(folder[..<slash])
                    guard folders.insert("\(base)/\(folder)").inserted else { break }
                }
            }
        }
        return folders.sorted()
    }
}

/// Linux inotify on a set of folders: says that something changed in them, not what.
/// inotify de Linux sobre unas carpetas: dice que algo cambió en ellas, no qué.
struct FolderEvents {
    private let descriptor: Int32

    /// Nil when inotify is unavailable or out of watches: the watcher polls instead.
    init?(folders: [String]) {
        let descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0 else { return nil }
        let mask = UInt32(IN_CREATE | IN_DELETE | IN_MODIFY | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE | IN_ATTRIB | IN_DELETE_SELF)
        for folder in folders where inotify_add_watch(descriptor, folder, mask) < 0 {
            Foundation.close(descriptor)
            return nil
        }
        self.descriptor = descriptor
    }

    /// Whether any event arrived since the last call; reads them all.
    func drain() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 16_384)
        var any = false
        while buffer.withUnsafeMutableBytes({ Foundation.read(descriptor, $0.baseAddress, $0.count) }) > 0 { any = true }
        return any
    }

    func stop() { Foundation.close(descriptor) }
}
