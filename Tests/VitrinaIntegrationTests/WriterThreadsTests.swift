import Foundation
import Synchronization
import Testing
import TestSupport
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// A large site's pages are written by writer threads: the output is the one the drawing threads write themselves.
/// Las páginas de un sitio grande las escriben hilos propios: la salida es la misma.
@Suite("Writer threads in a build")
struct WriterThreadsTests {
    /// 300 pages in nested sections, in two languages, a few linking to each other.
    static var files: [String: String] {
        var files = IncrementalBuildTests.files
        for index in 0..<300 {
            let section = ["linux", "osx", "linux/red", "windows/sistema/ficheros"][index % 4]
            files["Content/\(section)/orden-\(index).md"] = "---\ntitle: Orden \(index)\n---\n# Uso\n\nVer [tar](/linux/tar/) y [uso](#uso).\n"
            if index % 3 == 0 { files["Content/\(section)/orden-\(index).en.md"] = "---\ntitle: Command \(index)\n---\nText \(index).\n" }
        }
        return files
    }

    /// Built once with writer threads (from 0 pages) and once without; then edited, rebuilt with them into the output
    /// the last build left (most files kept), and compared again. The threads' set-up runs once per writer thread.
    @Test func writerThreadsWriteWhatTheDrawingThreadsWrite() async throws {
        let site = try TestSite(files: Self.files)
        defer { site.remove() }
        let started = Mutex(0)
        var threaded = BuildOptions(siteDirectory: site.root, offline: true)
        threaded.settleTime = .zero
        threaded.writerThreads.from = 0
        threaded.writerThreads.setUp = { started.withLock { $0 += 1 } }
        var inline = threaded
        inline.writerThreads.from = .max
        let first = try await site.build(threaded)
        #expect(first.rendered > 400)
        #expect(started.withLock { $0 } == FileWriters.threads)
        try await site.expectSameAsFullBuild(inline)
        #expect(started.withLock { $0 } == FileWriters.threads, "none when the pages are fewer than writerThreads.from")

        try site.write("Content/osx/orden-1.md", "---\ntitle: Orden uno\n---\nOtro texto.\n")
        try site.write("Content/linux/tar.md", "---\ntitle: tar\n---\nArchiva ficheros y carpetas.\n")
        try site.delete("Content/linux/red/orden-2.md")
        let second = try await site.build(threaded)
        #expect(second.rendered > 0 && second.rendered < first.rendered)
        #expect(!site.exists("linux/red/orden-2/index.html"))
        try await site.expectSameAsFullBuild(inline)
    }
}
