import Foundation
import Testing
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// `vitrina serve` saves each build's state on another thread: a site folder removed before that writing is not made
/// again for it (tests that removed their site left dozens of `.vitrina/state/` folders behind in the temporary folder).
/// Una carpeta de sitio borrada antes de guardar su estado no se vuelve a crear.
@Suite("Build states saved in the background")
struct BackgroundStateTests {
    @Test func aSiteRemovedBeforeItsStateIsSavedIsNotMadeAgain() async throws {
        let temporary = FileManager.default.temporaryDirectory.path
        let (gone, kept) = ("\(temporary)/vitrina-gone-\(UUID().uuidString)", "\(temporary)/vitrina-kept-\(UUID().uuidString)")
        try Files.createDirectory(kept)
        defer { try? Files.remove(kept) }
        let memo = BuildMemo()
        for site in [gone, kept] {
            memo.saveInBackground(BuildState(buildID: "b"), at: BuildState.path(siteDirectory: site, outputDirectory: site + "/Output"), of: site)
            await memo.finishSaving()
        }
        #expect(!Files.exists(gone))
        #expect(Files.exists(BuildState.path(siteDirectory: kept, outputDirectory: kept + "/Output")))
    }
}
