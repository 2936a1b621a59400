import Foundation
import Synchronization

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

    private struct Pending {
        var jobs: [Job?] = []
        var next = 0
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
            let job: Job? = queue.withLock { state in
                guard state.next < state.jobs.count else { return nil }
                defer {
                    state.jobs[state.next] = nil
                    state.next += 1
                }
                return state.jobs[state.next]
            }
            guard let job else {
                if queue.withLock({ $0.closing && $0.next >= $0.jobs.count }) { return }
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
