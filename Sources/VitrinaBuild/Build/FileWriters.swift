import Foundation
import Synchronization
import VitrinaKit

/// Threads of their own that write the files the drawing threads hand over, in batches: on a disk where each new file
/// or folder can wait for a block to be read, drawing goes on meanwhile instead of leaving a core idle.
/// Hilos propios que escriben los ficheros que les pasan los hilos de dibujo, por tandas: mientras el disco hace esperar
/// a un fichero nuevo, el dibujo sigue en vez de dejar un núcleo parado.
final class FileWriters: Sendable {
    typealias Job = @Sendable () throws -> Void

    private let queue = Mutex<Pending>(Pending())
    /// Counts the batches waiting (and one wake-up per thread at the end).
    private let waiting = DispatchSemaphore(value: 0)
    /// Counts the room left: a drawing thread waits when `capacity` batches are already waiting.
    private let room: DispatchSemaphore
    private let finished = DispatchGroup()
    private let threadCount: Int

    /// The batches handed over and not yet taken (at most `capacity`), whether `finish` was called, the first error.
    private struct Pending {
        var jobs: [Job] = []
        var closing = false
        var failure: (any Error)?
    }

    init(threads: Int = FileWriters.threads, capacity: Int = 32, threadSetUp: @escaping @Sendable () -> Void = {}) {
        room = DispatchSemaphore(value: capacity)
        threadCount = max(1, threads)
        for _ in 0..<threadCount {
            finished.enter()
            let thread = Thread { [self] in
                threadSetUp()
                drain()
                finished.leave()
            }
            thread.start()
        }
    }

    /// Hands `job` (a batch of files) to the writers; waits while the queue is full. Throws the first writer's error.
    func submit(_ job: @escaping Job) throws {
        if let failure = queue.withLock({ $0.failure }) { throw failure }
        room.wait()
        queue.withLock { $0.jobs.append(job) }
        waiting.signal()
    }

    /// Waits for every batch to be written and the threads to end; throws the first error a write met.
    func finish() throws {
        queue.withLock { $0.closing = true }
        for _ in 0..<threadCount { waiting.signal() }
        finished.wait()
        if let failure = queue.withLock({ $0.failure }) { throw failure }
    }

    private func drain() {
        while true {
            waiting.wait()
            let (job, closing) = queue.withLock { state in (state.jobs.isEmpty ? nil : state.jobs.removeFirst(), state.closing) }
            guard let job else {
                if closing { return }
                continue
            }
            room.signal()
            do { try job() } catch {
                queue.withLock { if $0.failure == nil { $0.failure = error } }
            }
        }
    }

    /// More threads than cores: most of a writer's time on disk is waiting, not working.
    static let threads = 8
}

/// When a build's pages are written by writer threads, and what each of them runs first.
/// Cuándo escriben las páginas de una construcción hilos propios, y qué ejecuta cada uno al empezar.
public struct WriterThreads: Sendable {
    /// From this many pages to draw (tests lower it): on disk, writer threads take about a seventh off a 100,000-page
    /// build, while a site of a few thousand pages gains nothing from them and holds more memory.
    var from = 20_000
    /// Run first on each writer thread: the program turns off its allocator's per-thread cache there, as a writer frees
    /// what the drawing threads allocated.
    public var setUp: @Sendable () -> Void = {}

    public init() {}
}
