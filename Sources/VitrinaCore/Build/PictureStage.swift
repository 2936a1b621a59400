/// Pictures: every raster picture of the media catalogue made for the web — WebP variants at the configured widths and an
/// upright fallback without metadata — on every core, from `.vitrina/pictures/` when its source was made before. A
/// picture that cannot be read is a warning naming it, and pages show the placeholder.
/// Imágenes: cada imagen del catálogo hecha para la web (variantes WebP y un respaldo sin metadatos), en todos los núcleos.
struct PictureStage: Sendable {
    let settings: PictureSettings
    let cache: PictureCache

    /// What became of one source: the file pages show now, or why it could not be read.
    private enum Outcome: Sendable {
        case made(MediaFile)
        case failed(String)
    }

    /// What the stage did: the catalogue with each picture replaced by what was made of it, how many sources were made
    /// now (the others came from the cache or are published as they are), and a warning per picture that failed.
    struct Result: Sendable {
        var media: MediaCatalog
        var made = 0
        var warnings: [String] = []
    }

    /// `origins` names the file a picture at an output path came from, for warnings (`Content/diary/photos/a.jpg`);
    /// a picture not named there is named by its URL.
    func run(_ media: MediaCatalog, origins: [String: String] = [:]) -> Result {
        guard settings.enabled else { return Result(media: media) }
        let sources = media.sources
        let maker = PictureMaker(settings: settings)
        let outcomes = Parallel.map(sources, slices: Parallel.slicesPerCore) { slice in slice.map { outcome(of: $0, maker: maker) } }.joined()
        var result = Result(media: media)
        var changes: [String: MediaFile?] = [:]
        for (source, (outcome, madeNow)) in zip(sources, outcomes) {
            if madeNow { result.made += 1 }
            switch outcome {
            case .made(let file) where file != source:
                changes[source.path] = .some(file)
            case .made:
                break
            case .failed(let reason):
                let origin = origins[source.path] ?? media.keys(showing: source.path).first ?? source.path
                result.warnings.append("\(Printable.short(origin)): the picture cannot be published (\(reason)); a placeholder is shown")
                changes[source.path] = .some(nil)
            }
        }
        result.media.replace(changes)
        do { try cache.save() } catch { result.warnings.append("the picture cache could not be saved (\(error)); the next build makes its pictures again") }
        return result
    }

    /// What became of `source`, and whether it was decoded now (not found in the cache).
    private func outcome(of source: MediaFile, maker: PictureMaker) -> (Outcome, Bool) {
        if PictureMaker.isKeptBySize(width: source.width, height: source.height) { return (.made(source), false) }
        let key = PictureCache.key(sourceHash: source.hash, settings: settings)
        if let known = cache.picture(for: key) {
            return (.made(Self.file(source, known) { cache.body(key: key, $0) }), false)
        }
        do {
            let (picture, files) = try maker.make(try source.bytes())
            // A cache that cannot be written costs the next build time, not this one its pictures.
            try? cache.store(picture, files: files, for: key)
            let bodies = Dictionary(zip(picture.allVariants.map(\.hash), files), uniquingKeysWith: { first, _ in first })
            return (.made(Self.file(source, picture) { LazyBody(bodies[$0.hash] ?? []) }), true)
        } catch let error as PictureError {
            return (.failed(error.message), true)
        } catch {
            return (.failed("\(error)"), true)
        }
    }

    /// The file pages show for `source` once made: the fallback at the source's place with its variants, or the source.
    private static func file(_ source: MediaFile, _ picture: MadePicture, body: (MadeVariant) -> LazyBody) -> MediaFile {
        guard let fallback = picture.fallback else { return source }
        func media(_ variant: MadeVariant) -> MediaFile {
            MediaFile(path: PictureMaker.outputPath(source: source.path, variant),
                      facts: ImageFacts(width: variant.width, height: variant.height, hash: variant.hash, size: variant.size), content: body(variant))
        }
        var file = media(fallback)
        file.webp = picture.webp.map(media)
        return file
    }
}

extension MadePicture {
    /// The fallback first, then the WebP variants: the order `PictureMaker.make` returns their bytes in.
    var allVariants: [MadeVariant] { (fallback.map { [$0] } ?? []) + webp }
}
