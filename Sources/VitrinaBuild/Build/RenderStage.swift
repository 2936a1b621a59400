import Foundation
import Synchronization
import VitrinaKit

/// Draws the pages whose inputs changed, in parallel, each handed to the staging area as soon as it is drawn (on a large
/// site, to writer threads in small batches; a site is never held in memory whole); pages whose inputs did not change
/// keep their file and the links recorded for them.
/// Dibuja en paralelo las páginas cuyas entradas cambiaron, cada una entregada a la carpeta temporal nada más dibujarse
/// (en un sitio grande, a hilos escritores en tandas pequeñas); las demás conservan su fichero y los enlaces anotados.
struct RenderStage: Sendable {
    let staging: StagingArea
    let renderer: PageRenderer
    var progress: (any BuildProgress)?
    var writerThreads = WriterThreads()
    let drawn = Counter()

    /// A page (by its place in the pages handed to the stage; a copy of each page would double their memory) with the
    /// digest of its inputs and, when those match the last build's, the record to reuse.
    struct Job: Sendable {
        let index: Int
        let digest: String
        let inputs: [String]
        let reuse: BuildState.Record?
    }

    struct Output: Sendable {
        var files: [String] = []
        var bytes = 0
        /// The links and ids of the pages drawn by this build (kept pages have theirs in their records).
        var drawn: [PageLinks] = []
        var records: [String: BuildState.Record] = [:]
        var rendered = 0

        mutating func add(_ path: String, size: Int) {
            files.append(path)
            bytes += size
        }

        mutating func merge(_ part: Output) {
            files += part.files
            bytes += part.bytes
            drawn += part.drawn
            records.merge(part.records) { a, _ in a }
            rendered += part.rendered
        }
    }

    /// The pages of `jobs`, split into a few batches per core, each rendered on its own thread (with its own link
    /// extractor, whose pool of link texts serves the whole batch); their files written by writer threads in batches of
    /// `batchSize` on a large site, else each by its drawing thread.
    func renderPages(_ jobs: [Job], of pages: [Page]) throws -> Output {
        let total = jobs.reduce(0) { $0 + ($1.reuse == nil ? 1 : 0) }
        let writers = total >= writerThreads.from ? FileWriters(threadSetUp: writerThreads.setUp) : nil
        // Without writers each file is written as soon as it is drawn, as before there were any.
        let batchSize = writers == nil ? 1 : Self.batchSize
        let parts: [Output]
        do {
            parts = try Parallel.map(jobs, slices: Parallel.slicesPerCore) { slice in
                var extractor = LinkExtractor()
                var frame: LayoutFrame?
                var batch: [StagingArea.File] = []
                let output = try slice.reduce(into: Output()) {
                    try write(pages[$1.index], $1, into: &$0, batch: &batch, extractor: &extractor, frame: &frame, total: total)
                    if batch.count >= batchSize { try hand(batch, to: writers); batch = [] }
                }
                try hand(batch, to: writers)
                return output
            }
        } catch {
            try? writers?.finish()
            throw error
        }
        try writers?.finish()
        // Room for every part at once: growing the table of 100,000 records part by part rehashed it several times.
        var output = Output()
        output.records.reserveCapacity(parts.reduce(0) { $0 + $1.records.count })
        output.files.reserveCapacity(parts.reduce(0) { $0 + $1.files.count })
        for part in parts { output.merge(part) }
        return output
    }

    /// Files handed to the writers at a time: few enough hand-overs that they cost nothing beside drawing.
    static let batchSize = 16

    /// `files` to the writers, or written here when the site is too small to have them.
    private func hand(_ files: [StagingArea.File], to writers: FileWriters?) throws {
        guard !files.isEmpty else { return }
        guard let writers else { return try staging.write(files) }
        let staging = staging
        try writers.submit { try staging.write(files) }
    }

    private func write(_ page: Page, _ job: Job, into output: inout Output, batch: inout [StagingArea.File],
                       extractor: inout LinkExtractor, frame: inout LayoutFrame?, total: Int) throws {
        let file = page.route.file
        if let record = job.reuse, let size = staging.keep(file) {
            output.files.append(file)
            output.bytes += size
            output.records[file] = record
            return
        }
        let html = try renderer.render(page, reusing: &frame)
        batch.append(StagingArea.File(path: file, bytes: html))
        output.add(file, size: html.count)
        let links = extractor.extract(file: file, html: html)
        output.drawn.append(links)
        output.records[file] = BuildState.Record(digest: job.digest, inputs: job.inputs, ids: links.ids.sorted())
        output.rendered += 1
        if let progress { progress.advance("render", done: drawn.increment(), total: total) }
    }
}

/// A count shared by render tasks.
/// Una cuenta compartida por las tareas de dibujo.
final class Counter: Sendable {
    private let value = Mutex(0)

    func increment() -> Int { value.withLock { $0 += 1; return $0 } }
}
