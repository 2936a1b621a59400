import Foundation
import Synchronization

/// The processor time one job takes on every thread it runs on: the calling thread's from start to end, and each piece
/// handed to another thread (a piece the caller runs itself is in its own time already). The build reports what its
/// search index costs with it: beside drawing pages, on busy cores, a clock on the wall cannot tell.
/// El tiempo de procesador de un trabajo en todos sus hilos; con él la construcción dice lo que cuesta su índice.
package final class CPUMeter: Sendable {
    private let caller: pthread_t
    private let pieces = Mutex<Duration>(.zero)

    /// A meter for a job started on this thread.
    package init() { caller = pthread_self() }

    /// Runs the whole job on the calling thread; returns its result and its processor time on every thread.
    package func measure<T>(_ job: () -> T) -> (T, Duration) {
        let (result, own) = Self.timed(job)
        return (result, own + pieces.withLock { $0 })
    }

    /// Runs one piece of the job, counted when it runs on another thread than the caller's.
    package func piece<T, Failure: Error>(_ work: () throws(Failure) -> T) throws(Failure) -> T {
        guard pthread_equal(pthread_self(), caller) == 0 else { return try work() }
        let (result, took) = try Self.timed(work)
        pieces.withLock { $0 += took }
        return result
    }

    /// `Parallel.map` with each slice counted as a piece of the job.
    package func map<Item: Sendable, Value: Sendable>(_ items: [Item], slices: Int, _ work: @Sendable (ArraySlice<Item>) -> Value) -> [Value] {
        Parallel.map(items, slices: slices) { slice in piece { work(slice) } }
    }

    /// `work`'s result and the processor time it took on this thread (program and kernel).
    package static func timed<T, Failure: Error>(_ work: () throws(Failure) -> T) throws(Failure) -> (T, Duration) {
        let start = threadTime()
        let result = try work()
        return (result, threadTime() - start)
    }

    /// This thread's processor time so far (program and kernel).
    package static func threadTime() -> Duration {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return .seconds(now.tv_sec) + .nanoseconds(now.tv_nsec)
    }
}
