import Foundation
import Synchronization

/// Renders the pages whose inputs changed in parallel and streams them into the staging folder, with assets, media
/// and the sitemap; pages whose inputs did not change keep their file and the links recorded for them.
/// Dibuja en paralelo las páginas cuyas entradas cambiaron y las escribe en la carpeta temporal, con recursos e imágenes;
/// las demás conservan su fichero y los enlaces anotados.
struct RenderStage: Sendable {
    let staging: StagingArea
    let renderer: PageRenderer
    var progress: (any BuildProgress)?
    let drawn = Counter()

    /// A page with the digest of its inputs and, when those match the last build's, the record to reuse.
    struct Job: Sendable {
        let page: Page
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

        mutating func merge(_ part: Output) {
            files += part.files
            bytes += part.bytes
            drawn += part.drawn
            records.merge(part.records) { a, _ in a }
            rendered += part.rendered
        }
    }

    /// The pages of `jobs`, split into a few batches per core, each rendered and written on its own thread.
    func renderPages(_ jobs: [Job]) throws -> Output {
        let total = jobs.reduce(0) { $0 + ($1.reuse == nil ? 1 : 0) }
        return try Parallel.map(jobs, slices: Parallel.slicesPerCore) { slice in
            try slice.reduce(into: Output()) { try write($1, into: &$0, total: total) }
        }.reduce(into: Output()) { $0.merge($1) }
    }

    /// Adds a build's other files to its pages: data scripts, files beside the Markdown, media, the theme's assets and
    /// the files about the whole site (sitemap, feeds, robots.txt, llms.txt); the files come out sorted.
    func write(_ files: [DataFile], published: [ContentLinks.Published], contentDirectory: String, media: MediaCatalog, theme: Theme,
               site: SiteFiles, into output: inout Output) throws {
        for file in files { try add(file.bytes, at: file.path, to: &output) }
        for file in published {
            try staging.copy(file.file, from: Files.join(contentDirectory, file.file.path), to: file.output)
            output.files.append(file.output)
            output.bytes += file.file.size
        }
        output.merge(try writeMedia(media.outputs))
        for asset in theme.assets { try add(asset.bytes, at: asset.path, to: &output) }
        for file in site.files() { try add(file.bytes, at: file.path, to: &output) }
        output.files.sort()
    }

    /// Images are unpacked and written on every core: in a fresh output they are half of its files.
    private func writeMedia(_ files: [MediaFile]) throws -> Output {
        try Parallel.map(files, slices: Parallel.slicesPerCore) { slice in
            try slice.reduce(into: Output()) { output, file in
                try staging.write(hash: file.hash, size: file.size, to: file.path, bytes: file.bytes)
                output.files.append(file.path)
                output.bytes += file.size
            }
        }.reduce(into: Output()) { $0.merge($1) }
    }

    private func add(_ bytes: [UInt8], at path: String, to output: inout Output) throws {
        try staging.write(bytes, to: path)
        output.files.append(path)
        output.bytes += bytes.count
    }

    private func write(_ job: Job, into output: inout Output, total: Int) throws {
        let file = job.page.route.file
        if let record = job.reuse, let size = staging.keep(file) {
            output.files.append(file)
            output.bytes += size
            output.records[file] = record
            return
        }
        let html = try renderer.render(job.page)
        try add(html, at: file, to: &output)
        let links = PageLinks.extract(file: file, html: html)
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
