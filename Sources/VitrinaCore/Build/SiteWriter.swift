import Foundation

/// Renders pages in parallel and streams them into the staging folder, with assets, media and the sitemap.
/// Dibuja las páginas en paralelo y las escribe en la carpeta temporal, con recursos, imágenes y mapa del sitio.
struct SiteWriter: Sendable {
    let staging: StagingArea
    let renderer: PageRenderer
    let templatesDirectory: String

    struct Output: Sendable {
        var files: [String] = []
        var bytes = 0
        var links: [PageLinks] = []
    }

    func write(_ pages: [Page], files: [DataFile], media: MediaCatalog, baseURL: String) async throws -> Output {
        var output = try await writePages(pages)
        for file in files { try add(file.bytes, at: file.path, to: &output) }
        for file in media.outputs { try add(file.bytes, at: file.path, to: &output) }
        for asset in Files.list(templatesDirectory + "/assets") {
            try add(try Files.read(templatesDirectory + "/assets/" + asset), at: "assets/" + asset, to: &output)
        }
        try add(Array(Sitemap.xml(for: pages, baseURL: baseURL).utf8), at: "sitemap.xml", to: &output)
        output.files.sort()
        return output
    }

    private func add(_ bytes: [UInt8], at path: String, to output: inout Output) throws {
        try staging.write(bytes, to: path)
        output.files.append(path)
        output.bytes += bytes.count
    }

    /// Pages split into one batch per core and a few more, each rendered and written by its own task.
    private func writePages(_ pages: [Page]) async throws -> Output {
        let batches = max(1, ProcessInfo.processInfo.activeProcessorCount * 4)
        let size = (pages.count + batches - 1) / batches
        return try await withThrowingTaskGroup(of: Output.self) { group in
            for start in stride(from: 0, to: pages.count, by: max(size, 1)) {
                let batch = pages[start..<min(start + size, pages.count)]
                group.addTask {
                    var output = Output()
                    for page in batch {
                        let html = try renderer.render(page)
                        try add(Array(html.utf8), at: page.route.file, to: &output)
                        output.links.append(PageLinks.extract(file: page.route.file, html: html))
                    }
                    return output
                }
            }
            var all = Output()
            for try await part in group {
                all.files += part.files
                all.bytes += part.bytes
                all.links += part.links
            }
            return all
        }
    }
}
