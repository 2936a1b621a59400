import Testing
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// What `vitrina build` leaves for the process's end is still there after its owner let go of it.
/// Lo que `vitrina build` deja para el final del proceso sigue ahí cuando su dueño lo suelta.
@Suite("Leftovers")
struct LeftoversTests {
    final class Probe: Sendable {}

    @Test func keptValuesOutliveTheirOwner() {
        weak var kept: Probe?
        weak var dropped: Probe?
        let leftovers = Leftovers.untilExit()
        do {
            let first = Probe(), second = Probe()
            (kept, dropped) = (first, second)
            leftovers.leave(first)
        }
        #expect(kept != nil)
        #expect(dropped == nil)
    }
}
