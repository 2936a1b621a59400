/// Everything the sources and content yielded, ready to plan pages from.
/// Todo lo que dieron las fuentes y el contenido, listo para planificar páginas.
public struct SiteData: Sendable {
    /// What each feature loaded, by its place in the build's list of features (those with nothing to show left out).
    package var loaded: [Int: any LoadedFeature] = [:]
    /// What the features loaded, in the list's order (navigation order).
    public var features: [any LoadedFeature] { loaded.keys.sorted().compactMap { loaded[$0] } }
    /// The files beside the Markdown (images, PDFs, archives), published as they are.
    public var files: [ContentFile] = []
    /// Files of `Content/` already published as media (diary photos, profile photo): their path below
    /// `Content/` and where the media catalogue puts them.
    public var mediaSources: [String: String] = [:]
    public var media = MediaCatalog()
    /// The fingerprint of the media catalogue, for pages that show pictures without naming which.
    public var mediaInput: BuildInput?
    /// The pictures beside the Markdown made for the web, by path below `Content/` (paths provisional until planned).
    public var picturesBeside: [String: MediaFile] = [:]
    /// How many pictures the pictures stage decoded and encoded (the others came from its cache or are kept as they are).
    public var picturesMade = 0

    package init(loaded: [Int: any LoadedFeature] = [:], files: [ContentFile] = [], mediaSources: [String: String] = [:], mediaInput: BuildInput? = nil, picturesBeside: [String: MediaFile] = [:]) {
        self.loaded = loaded
        self.files = files
        self.mediaSources = mediaSources
        self.mediaInput = mediaInput
        self.picturesBeside = picturesBeside
    }
}
