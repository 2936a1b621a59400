import Foundation
import Testing
@testable import VitrinaKit

/// A job's processor time on every thread: each piece run elsewhere counted once, the caller's own pieces not twice.
/// El tiempo de procesador de un trabajo en todos sus hilos: cada pieza de otro hilo una vez, las del llamante no dos.
@Suite("Processor time of a job on every thread")
struct CPUMeterTests {
    /// Busy on this thread until its processor time has grown by `amount` (not the wall clock's: a loaded machine
    /// lengthens the wait, not the time counted).
    static func spin(_ amount: Duration) {
        let start = CPUMeter.threadTime()
        while CPUMeter.threadTime() - start < amount {}
    }

    @Test func piecesOnOtherThreadsCountOnce() {
        let meter = CPUMeter()
        let (_, total) = meter.measure {
            Parallel.map([0, 1], slices: 2) { _ in meter.piece { Self.spin(.milliseconds(40)) } }
        }
        #expect(total >= .milliseconds(80) && total < .milliseconds(115), "\(total)")
    }

    @Test func piecesOnTheCallersThreadAreItsOwnTime() {
        let meter = CPUMeter()
        let (_, total) = meter.measure {
            meter.piece { Self.spin(.milliseconds(40)) }
            meter.piece { Self.spin(.milliseconds(40)) }
        }
        #expect(total >= .milliseconds(80) && total < .milliseconds(115), "\(total)")
    }
}
