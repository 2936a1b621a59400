import Foundation
import Synchronization
import Testing
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// `Parallel.both` runs its two pieces of work at once and hands back both results, or the first's error.
@Suite("Two pieces of work at once")
struct ParallelTests {
    /// Each side waits for the other to have started: run one after the other, the first would wait in vain.
    @Test func bothSidesRunAtOnce() throws {
        let firstStarted = DispatchSemaphore(value: 0), secondStarted = DispatchSemaphore(value: 0)
        let (first, second) = try Parallel.both({ () throws -> Bool in
            firstStarted.signal()
            return secondStarted.wait(timeout: .now() + 10) == .success
        }, {
            secondStarted.signal()
            return firstStarted.wait(timeout: .now() + 10) == .success
        })
        #expect(first && second)
    }

    /// A `map` inside the first side runs its slices at once: inside one `concurrentPerform` of two iterations,
    /// libdispatch ran a nested one on a single thread of two, and each slice here would wait for the other in vain.
    @Test(.enabled(if: ProcessInfo.processInfo.activeProcessorCount > 1, "needs two cores"))
    func aMapInsideTheFirstSideRunsItsSlicesAtOnce() throws {
        let started = [DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)]
        let (met, _) = Parallel.both({
            Parallel.map([0, 1], slices: 2) { slice in
                slice.allSatisfy { index in
                    started[index].signal()
                    return started[1 - index].wait(timeout: .now() + 5) == .success
                }
            }
        }, { 0 })
        #expect(met == [true, true])
    }

    struct Refused: Error, Equatable {}

    @Test func theFirstSidesErrorIsThrownAfterTheSecondEnds() {
        let finished = Mutex(false)
        #expect(throws: Refused()) {
            _ = try Parallel.both({ () throws(Refused) -> Int in throw Refused() }, { finished.withLock { $0 = true } })
        }
        #expect(finished.withLock { $0 })
    }
}
