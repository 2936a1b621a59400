import Foundation
import Synchronization
import VitrinaKit

/// Draws the pages whose inputs changed, in parallel, each handed to its sink as soon as it is drawn (the staging area,
/// with writer threads on a large site: a site is never held in memory whole); pages whose inputs did not change keep
/// their file and the links recorded for them. It writes nothing itself.
/// Dibuja en paralelo las páginas cuyas entradas cambiaron y entrega cada una a su destino nada más dibujarla; las demás
/// conservan su fichero y los enlaces anotados. No escribe nada por sí misma.
struct RenderStage: Sendable {
    let sink: any PageSink
    let renderer: PageRenderer
    var progress: (any BuildProgress)?
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
        /// The links and ids of the pages drawn by this build (unchanged pages have theirs in their records).
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

    /// How many of `jobs` are drawn (the others keep the last build's file).
    static func toDraw(_ jobs: [Job]) -> Int { jobs.reduce(0) { $0 + ($1.reuse == nil ? 1 : 0) } }

    /// The pages of `jobs`, split into a few batches per core, each rendered on its own thread (with its own link
    /// extractor, whose pool of link texts serves the whole batch) and handed to the sink `sink.batchSize` at a time.
    func renderPages(_ jobs: [Job], of pages: [Page]) throws -> Output {
        let total = Self.toDraw(jobs)
        let batchSize = sink.batchSize
        let parts: [Output]
        do {
            parts = try Parallel.map(jobs, slices: Parallel.slicesPerCore) { slice in
                var extractor = LinkExtractor()
                var frame: LayoutFrame?
                var batch: [DrawnPage] = []
                let output = try slice.reduce(into: Output()) {
                    try draw(pages[$1.index], $1, into: &$0, batch: &batch, extractor: &extractor, frame: &frame, total: total)
                    if batch.count >= batchSize { try sink.take(batch); batch = [] }
                }
                if !batch.isEmpty { try sink.take(batch) }
                return output
            }
        } catch {
            try? sink.finish()
            throw error
        }
        try sink.finish()
        // Room for every part at once: growing the table of 100,000 records part by part rehashed it several times.
        var output = Output()
        output.records.reserveCapacity(parts.reduce(0) { $0 + $1.records.count })
        output.files.reserveCapacity(parts.reduce(0) { $0 + $1.files.count })
        for part in parts { output.merge(part) }
        return output
    }

    private func draw(_ page: Page, _ job: Job, into output: inout Output, batch: inout [DrawnPage],
                      extractor: inout LinkExtractor, frame: inout LayoutFrame?, total: Int) throws {
        let file = page.route.file
        if let record = job.reuse, let size = sink.reusable(file) {
            output.files.append(file)
            output.bytes += size
            output.records[file] = record
            return
        }
        let html = try renderer.render(page, reusing: &frame)
        batch.append(DrawnPage(path: file, bytes: html))
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
