import Foundation
import Synchronization
import VitrinaKit
import VitrinaBuild

/// Notices edits under `Content/` and `Templates/`: Linux's inotify names each changed file as it happens (nothing to
/// do while idle); where inotify is unavailable, polling compares each file's stamp.
/// Detecta cambios en `Content/` y `Templates/`: inotify nombra cada fichero cambiado; sin inotify, se sondean los sellos.
public struct SiteWatcher: Sendable {
    public let siteDirectory: String
    public let interval: Duration
    /// Whether to listen to inotify's events rather than poll.
    let usesEvents: Bool

    public init(siteDirectory: String, interval: Duration = .milliseconds(100)) {
        self.init(siteDirectory: siteDirectory, interval: interval, usesEvents: true)
    }

    init(siteDirectory: String, interval: Duration, usesEvents: Bool) {
        self.siteDirectory = siteDirectory
        self.interval = interval
        self.usesEvents = usesEvents
        // Found once: reading a docs folder's config at every poll would be work done again each tenth of a second.
        let content = DocsProject.contentFolder(in: siteDirectory)
        roots = [content, "Templates"] + DocsProject.sourceFolders(in: siteDirectory, contentFolder: content)
    }

    /// The folders watched: the pages' (`Content`, or a docs folder's own), `Templates`, and a docs folder's others
    /// its pages may include (mdBook's `listings/`).
    let roots: [String]
    /// The files of the site folder itself that are watched: a docs folder's config and the site.yml beside it.
    static let rootFiles = Set(DocsProject.configFiles + ["site.yml"])

    /// Starts watching: every change made from now on is reported by the watch's `next()`, even one made while the
    /// caller was busy building. `whenWaiting` is called each time `next()` begins to wait for a change (tests edit once
    /// the watch waits, rather than after a sleep).
    public func start() -> SiteWatch { start(whenWaiting: nil) }

    func start(whenWaiting: (@Sendable () -> Void)?) -> SiteWatch {
        if usesEvents, let events = FolderEvents(siteDirectory: siteDirectory, roots: roots) {
            return SiteWatch(events: events, whenWaiting: whenWaiting)
        }
        return SiteWatch(polling: self, whenWaiting: whenWaiting)
    }

    /// Every watched file with its stamp; a new, removed or touched file changes the snapshot.
    func snapshot() -> [String: FileStamp] {
        var stamps: [String: FileStamp] = [:]
        for name in Self.rootFiles {
            if let stamp = FileStamp(path: Files.join(siteDirectory, name)) { stamps[name] = stamp }
        }
        for folder in roots {
            let root = Files.join(siteDirectory, folder)
            for path in Files.list(root) where !FolderEvents.isHidden("\(folder)/\(path)") {
                if let stamp = FileStamp(path: "\(root)/\(path)") { stamps["\(folder)/\(path)"] = stamp }
            }
        }
        return stamps
    }
}

/// A running watch of one site: says which files changed since the last call.
/// Una vigilancia en marcha: dice qué ficheros cambiaron desde la última llamada.
public final class SiteWatch: Sendable {
    private let events: FolderEvents?
    private let polling: SiteWatcher?
    private let last: Mutex<[String: FileStamp]>
    /// Called each time `next()` begins to wait for a change.
    private let whenWaiting: (@Sendable () -> Void)?

    init(events: FolderEvents, whenWaiting: (@Sendable () -> Void)? = nil) {
        self.events = events
        polling = nil
        last = Mutex([:])
        self.whenWaiting = whenWaiting
    }

    init(polling watcher: SiteWatcher, whenWaiting: (@Sendable () -> Void)? = nil) {
        events = nil
        polling = watcher
        last = Mutex(watcher.snapshot())
        self.whenWaiting = whenWaiting
    }

    /// Whether inotify wakes this watch (else it polls).
    var usesEvents: Bool { events != nil }

    /// The paths (from the site folder) changed since the last call, as soon as there are some; an editor may write
    /// a file in several steps, so events are gathered until none came for a few milliseconds.
    public func next() async throws -> [String] {
        guard let events else { return try await poll() }
        var changed = Set<String>()
        while changed.isEmpty {
            try Task.checkCancellation()
            guard events.isOpen else { throw CancellationError() }
            whenWaiting?()
            _ = await events.wait(milliseconds: 250)
            changed.formUnion(events.read())
        }
        for _ in 0..<50 {
            guard await events.wait(milliseconds: 3) else { break }
            changed.formUnion(events.read())
        }
        return changed.sorted()
    }

    private func poll() async throws -> [String] {
        guard let watcher = polling else { return [] }
        while true {
            let current = watcher.snapshot()
            let previous = last.withLock { $0 }
            if current != previous {
                last.withLock { $0 = current }
                return Set(current.keys).union(previous.keys).filter { current[$0] != previous[$0] }.sorted()
            }
            whenWaiting?()
            try await Task.sleep(for: watcher.interval)
        }
    }

    public func stop() { events?.stop() }
}

/// Linux inotify on the watched roots and every folder below them: new folders are watched as they appear.
/// inotify de Linux sobre las carpetas vigiladas y todas sus subcarpetas; las nuevas se vigilan al aparecer.
final class FolderEvents: Sendable {
    private struct State {
        var open = true
        /// Each watch's folder, relative to the site folder ("" for the site folder itself).
        var folders: [Int32: String] = [:]
    }

    private let descriptor: Int32
    private let siteDirectory: String
    private let roots: [String]
    private let state = Mutex(State())
    /// Called after each listing of a new tree, with its path: tests make files there at the moment a watch could miss them.
    private let listed: (@Sendable (String) -> Void)?
    private static let mask = UInt32(IN_CREATE | IN_DELETE | IN_MODIFY | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE | IN_ATTRIB)

    /// Nil when inotify is unavailable or out of watches: the watch polls instead.
    init?(siteDirectory: String, roots: [String], listed: (@Sendable (String) -> Void)? = nil) {
        let descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
        self.siteDirectory = siteDirectory
        self.roots = roots
        self.listed = listed
        let watched = state.withLock { state -> Bool in
            // The site folder itself: new roots, and edits of its config files (mkdocs.yml, book.toml, site.yml).
            guard add("", mask: UInt32(IN_CREATE | IN_MOVED_TO | IN_CLOSE_WRITE | IN_MODIFY | IN_DELETE), to: &state) else { return false }
            return roots.allSatisfy { root in !Files.isDirectory(Files.join(siteDirectory, root)) || addTree(root, to: &state) != nil }
        }
        guard watched else {
            Foundation.close(descriptor)
            return nil
        }
    }

    /// Waits until events are ready or the time is up (on a thread of its own, not one of the tasks'); whether some are.
    func wait(milliseconds: Int32) async -> Bool {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { [descriptor] in
                var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                continuation.resume(returning: poll(&request, 1, milliseconds) > 0 && request.revents & Int16(POLLIN) != 0)
            }
        }
    }

    /// The paths named by the events that arrived; new folders get watches, and the files already in them count as changed.
    func read() -> Set<String> {
        state.withLock { state in
            var changed = Set<String>()
            guard state.open else { return changed }
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
                guard count > 0 else { break }
                buffer.withUnsafeBytes { bytes in
                    var offset = 0
                    while offset + 16 <= count {
                        let watch = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                        let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                        let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                        guard length <= count - offset - 16 else { break }
                        let name = String(decoding: bytes[(offset + 16)..<(offset + 16 + length)].prefix { $0 != 0 }, as: UTF8.self)
                        offset += 16 + length
                        handle(watch: watch, mask: mask, name: name, state: &state, changed: &changed)
                    }
                }
            }
            return changed
        }
    }

    private func handle(watch: Int32, mask: UInt32, name: String, state: inout State, changed: inout Set<String>) {
        if mask & UInt32(IN_Q_OVERFLOW) != 0 { return changed.formUnion(roots) }
        guard let folder = state.folders[watch] else { return }
        if mask & UInt32(IN_IGNORED) != 0 { state.folders[watch] = nil; return }
        guard !name.isEmpty, !folder.isEmpty || roots.contains(name) || SiteWatcher.rootFiles.contains(name) else { return }
        let path = folder.isEmpty ? name : "\(folder)/\(name)"
        guard !Self.isHidden(path) else { return }
        let isFolder = mask & UInt32(IN_ISDIR) != 0
        if isFolder && mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
            changed.formUnion(addTree(path, to: &state) ?? [path])
        } else if !isFolder || mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0 {
            changed.insert(path)
        }
    }

    /// Watches `folder` and every folder below it; returns the files in them, or nil when a watch could not be added.
    /// Each folder is watched before it is listed: a file made meanwhile is then either listed or named by its own
    /// event, where listing first lost a file written between the listing and the watch (an editor saving into a
    /// folder it has just made). A folder that appears during a pass is watched and listed in the next one.
    /// Cada carpeta se vigila antes de listarla: un fichero creado entretanto se lista o llega por su propio evento.
    private func addTree(_ folder: String, to state: inout State) -> [String]? {
        var unwatched = [folder]
        var watched = Set<String>()
        for _ in 0..<Self.treePasses {
            for path in unwatched {
                guard add(path, mask: Self.mask, to: &state) else { return nil }
                watched.insert(path)
            }
            let tree = Files.scan(Files.join(siteDirectory, folder))
            listed?(folder)
            unwatched = tree.folders.map { "\(folder)/\($0)" }.filter { !watched.contains($0) && !Self.isHidden($0) }
            if unwatched.isEmpty { return tree.files.map { "\(folder)/\($0)" }.filter { !Self.isHidden($0) } }
        }
        return nil
    }

    /// Whether a path below a root passes through a hidden file or folder (an editor's swap file, `.git`), by bytes.
    /// Si una ruta bajo una raíz pasa por un fichero o carpeta oculta (el de intercambio de un editor, `.git`).
    static func isHidden(_ path: String) -> Bool {
        path.utf8.split(separator: UInt8(ascii: "/")).dropFirst().contains { $0.first == UInt8(ascii: ".") }
    }

    /// Passes over a new tree before giving up on it (each one watches the folders that appeared during the last).
    static let treePasses = 8

    private func add(_ folder: String, mask: UInt32, to state: inout State) -> Bool {
        let watch = inotify_add_watch(descriptor, Files.join(siteDirectory, folder), mask)
        guard watch >= 0 else { return false }
        state.folders[watch] = folder
        return true
    }

    var isOpen: Bool { state.withLock { $0.open } }

    func stop() {
        state.withLock { state in
            guard state.open else { return }
            state.open = false
            Foundation.close(descriptor)
        }
    }

    deinit { stop() }
}
