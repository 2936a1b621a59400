import Foundation
import Synchronization
import Testing
import TestSupport
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// The writer threads that take drawn pages off the drawing threads, and the staging area's batch writes they make.
/// Los hilos que escriben las páginas dibujadas, y las escrituras por tandas de la carpeta temporal.
@Suite("Writer threads")
struct FileWritersTests {
    struct Refused: Error {}

    @Test func everyJobRunsOnceEvenWithLittleRoomInTheQueue() throws {
        let writers = FileWriters(threads: 4, capacity: 2)
        let seen = Mutex<[Int]>([])
        for index in 0..<2_000 { try writers.submit { seen.withLock { $0.append(index) } } }
        try writers.finish()
        #expect(seen.withLock { $0 }.sorted() == Array(0..<2_000))
    }

    /// Each of three jobs waits for the other two to have started: on fewer threads than jobs, they would wait in vain.
    /// So a writer waiting on the disk never holds the others back.
    @Test func jobsRunOnTheirOwnThreadsAtOnce() throws {
        let writers = FileWriters(threads: 3)
        let started = Mutex(0), met = Mutex(0)
        for _ in 0..<3 {
            try writers.submit {
                started.withLock { $0 += 1 }
                let deadline = Date().addingTimeInterval(5)
                while started.withLock({ $0 }) < 3, Date() < deadline { Thread.sleep(forTimeInterval: 0.001) }
                if started.withLock({ $0 }) == 3 { met.withLock { $0 += 1 } }
            }
        }
        try writers.finish()
        #expect(met.withLock { $0 } == 3)
    }

    @Test func aWritersErrorIsThrownByFinishAndRefusesLaterWork() throws {
        let writers = FileWriters(threads: 2)
        let ran = Mutex(0)
        // Handed over before any error, so both are taken (the other order raced a writer meeting the error first).
        try writers.submit { ran.withLock { $0 += 1 } }
        try writers.submit { throw Refused() }
        // The error reaches a later hand-over as soon as a writer has met it.
        var refusedLater = false
        for _ in 0..<1_000 where !refusedLater {
            do { try writers.submit { ran.withLock { $0 += 1 } } } catch { refusedLater = error is Refused }
            if !refusedLater { Thread.sleep(forTimeInterval: 0.001) }
        }
        #expect(refusedLater)
        #expect(throws: Refused.self) { try writers.finish() }
        #expect(ran.withLock { $0 } >= 1)
    }

    /// Seeded batches of pages in shared, nested, not yet made folders, written by eight threads at once (two may make
    /// the same folder): every page is there with its bytes, every fingerprint and change is recorded, and a batch with
    /// a path that would leave the folder is refused with that path named, nothing written outside.
    @Test func seededBatchesOnEightThreadsWriteEveryPageAndRefuseEscapes() throws {
        var random = SeededGenerator(seed: 0xF11E)
        for round in 0..<20 {
            let root = FileManager.default.temporaryDirectory.appendingPathComponent("vitrina-writers-\(UUID().uuidString)").path
            defer { try? FileManager.default.removeItem(atPath: root) }
            let staging = StagingArea(directory: root + "/stage")
            try Files.createDirectory(staging.directory)
            var pages: [String: [UInt8]] = [:]
            for _ in 0..<Int.random(in: 50...400, using: &random) {
                let depth = Int.random(in: 0...4, using: &random)
                let folders = (0..<depth).map { _ in random.pick(["a", "b", "c", "ñ", "日本", "x.y", "-"]) }
                pages[(folders + ["index.html"]).joined(separator: "/")] = Array("\(round) \(random.next())".utf8)
            }
            let hostile = random.pick(["../escaped/index.html", "a/../../escaped.html", "/tmp/escaped.html", "a//b.html"])
            var files = pages.map { DrawnPage(path: $0.key, bytes: $0.value) }.shuffled(using: &random)
            let refusedAt = random.chance(0.5) ? Int.random(in: 0...files.count, using: &random) : nil
            if let refusedAt { files.insert(DrawnPage(path: hostile, bytes: [1]), at: refusedAt) }

            let writers = FileWriters(threads: 8, capacity: 4)
            var start = 0
            while start < files.count {
                let batch = Array(files[start..<min(files.count, start + Int.random(in: 1...16, using: &random))])
                start += batch.count
                do { try writers.submit { try staging.write(batch) } } catch { break }
            }
            if refusedAt != nil {
                let error = try #require(throws: VitrinaError.self) { try writers.finish() }
                #expect(error.message.contains(hostile))
            } else {
                try writers.finish()
                for (path, bytes) in pages {
                    #expect(FileManager.default.contents(atPath: "\(staging.directory)/\(path)") == Data(bytes), "\(path)")
                }
                #expect(staging.recorded == pages.mapValues { StagingArea.contentHash($0) })
                #expect(staging.changed == Set(pages.keys))
            }
            let outside = try FileManager.default.contentsOfDirectory(atPath: root)
            #expect(outside == ["stage"])
            #expect(!FileManager.default.fileExists(atPath: "/tmp/escaped.html"))
        }
    }
}
