import Foundation
import VitrinaKit

/// Pictures: every raster picture of the media catalogue made for the web — WebP variants at the configured widths and an
/// upright fallback without metadata — on every core, from `.vitrina/pictures/` when its source was made before. A
/// picture that cannot be read is a warning naming it, and pages show the placeholder. Run only with pictures enabled.
/// Imágenes: cada imagen del catálogo hecha para la web (variantes WebP y un respaldo sin metadatos), en todos los núcleos.
struct PictureStage: Sendable {
    let settings: PictureSettings
    let cache: PictureCache

    /// What became of one source: the file pages show now, or why it could not be read.
    private enum Outcome: Sendable {
        case made(MediaFile)
        case failed(String)
    }

    /// Keeps what was made for the next build (`PictureCache.save`); a warning when it cannot.
    func save() -> [String] {
        do { try cache.save() } catch { return ["the picture cache could not be saved (\(error)); the next build makes its pictures again"] }
        return []
    }

    /// What the stage did: the catalogue with each picture replaced by what was made of it, how many sources were made
    /// now (the others came from the cache or are published as they are), and a warning per picture that failed.
    struct Result: Sendable {
        var media: MediaCatalog
        var made = 0
        var warnings: [String] = []
    }

    /// `origins` names the file a picture at an output path came from, for warnings (`Content/<folder>/photos/a.jpg`);
    /// a picture not named there is named by its URL.
    func run(_ media: MediaCatalog, origins: [String: String] = [:]) -> Result {
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
        return result
    }

    /// The pictures beside the Markdown (`Content/guide/img/shot.png`), made like the catalogue's: for each JPEG or PNG
    /// larger than an icon, the made file (its paths provisional: the planner puts it where the file is published), by
    /// path below `Content/`. One that cannot be made is published as it is, with a warning naming it.
    func runBeside(_ files: [ContentFile], contentDirectory: String) -> (pictures: [String: MediaFile], made: Int, warnings: [String]) {
        let candidates = files.filter { file in
            guard let width = file.width, let height = file.height else { return false }
            return !PictureMaker.isKeptBySize(width: width, height: height)
        }
        let maker = PictureMaker(settings: settings)
        let outcomes = Parallel.map(candidates, slices: Parallel.slicesPerCore) { slice in
            slice.map { file -> (Outcome, Bool) in
                guard let bytes = try? Files.read(Files.join(contentDirectory, file.path)), let facts = ImageFacts(bytes) else {
                    return (.failed("it cannot be read"), false)
                }
                return outcome(of: MediaFile(path: file.path, facts: facts, content: LazyBody(bytes)), maker: maker)
            }
        }.joined()
        var pictures: [String: MediaFile] = [:], made = 0, warnings: [String] = []
        for (file, (outcome, madeNow)) in zip(candidates, outcomes) {
            if madeNow { made += 1 }
            switch outcome {
            case .made(let picture) where !picture.webp.isEmpty: pictures[file.path] = picture
            case .made: break
            case .failed(let reason): warnings.append("\((contentDirectory as NSString).lastPathComponent)/\(file.path): the picture cannot be made for the web (\(reason)); it is published as it is")
            }
        }
        return (pictures, made, warnings)
    }

    /// What became of `source`, and whether it was made now (not found in the cache, and more than kept as it is).
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
            // Counted as made only when there was something to make (an SVG read to learn that is not).
            return (.made(Self.file(source, picture) { LazyBody(bodies[$0.hash] ?? []) }), picture.fallback != nil)
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
            MediaFile(path: PictureMaker.outputPath(source: source.path, variant), facts: variant.facts, content: body(variant))
        }
        var file = media(fallback)
        file.webp = picture.webp.map(media)
        return file
    }
}
