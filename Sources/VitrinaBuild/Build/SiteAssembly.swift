import VitrinaKit

/// Assemble: every file of the output besides the pages, as values — data scripts, files beside the Markdown, media, the
/// theme's assets and the files about the whole site (sitemap, feeds, robots.txt, llms.txt). The write stage puts them
/// in the staging area.
/// Ensamblado: cada fichero de la salida que no es una página, como valor; la escritura los lleva a la carpeta temporal.
struct SiteAssembly: Sendable {
    /// One file: its bytes, a file of `Content/` to copy as it is, or a picture whose bytes are read only if written.
    enum File: Sendable {
        case bytes(path: String, [UInt8])
        case copy(path: String, ContentFile, from: String)
        case media(MediaFile)

        var path: String {
            switch self {
            case .bytes(let path, _), .copy(let path, _, _): path
            case .media(let file): file.path
            }
        }

        var size: Int {
            switch self {
            case .bytes(_, let bytes): bytes.count
            case .copy(_, let file, _): file.size
            case .media(let file): file.size
            }
        }
    }

    private(set) var files: [File] = []
    /// The processor time the search index took to make, on every core (zero without one).
    private(set) var searchCPU = Duration.zero

    /// Data files alone: what an edit drawn on its own writes besides its pages (the search index's changed files).
    init(dataFiles: [DataFile]) { files = dataFiles.map { .bytes(path: $0.path, $0.bytes) } }

    init(dataFiles: [DataFile], published: [ContentLinks.Published], contentDirectory: String, media: MediaCatalog, theme: Theme,
         site: SiteFiles, assets: AssetNames) {
        files += dataFiles.map { .bytes(path: assets[$0.path], $0.bytes) }
        for file in published {
            // A picture made for the web is published in its source's place, with its variants beside it.
            if let picture = file.picture { files += ([picture] + picture.webp).map(File.media) }
            else { files.append(.copy(path: file.output, file.file, from: Files.join(contentDirectory, file.file.path))) }
        }
        files += media.outputs.map(File.media)
        files += theme.assets.map { .bytes(path: assets[$0.path], $0.bytes) }
        let (siteFiles, searchCPU) = site.measuredFiles()
        files += siteFiles.map { .bytes(path: $0.path, $0.bytes) }
        self.searchCPU = searchCPU
    }

    /// The files' paths and their bytes in all, as the report counts them.
    var output: RenderStage.Output { files.reduce(into: RenderStage.Output()) { $0.add($1.path, size: $1.size) } }

    /// Writes every file into `staging`, on every core (in a fresh output pictures are half of its files; at 100,000
    /// pages the search index is 8,000); returns the processor time the search index's files took to write.
    /// Escribe cada fichero en la carpeta temporal, en todos los núcleos; devuelve lo que costó escribir el índice.
    @discardableResult
    func write(into staging: StagingArea) throws -> Duration {
        try Parallel.map(files, slices: Parallel.slicesPerCore) { slice in
            var search = Duration.zero
            for file in slice {
                switch file {
                case .bytes(let path, let bytes) where path.hasPrefix(SearchIndex.folder):
                    search += try CPUMeter.timed { try staging.write(bytes, to: path) }.1
                case .bytes(let path, let bytes): try staging.write(bytes, to: path)
                case .copy(let path, let file, let source): try staging.copy(file, from: source, to: path)
                case .media(let picture): try staging.write(hash: picture.hash, size: picture.size, to: picture.path, bytes: picture.bytes)
                }
            }
            return search
        }.reduce(.zero, +)
    }
}
