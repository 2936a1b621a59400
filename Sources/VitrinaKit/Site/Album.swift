/// One picture of an album: which image, and what it shows.
/// Una imagen de un álbum: cuál es y qué muestra.
public struct AlbumPhoto: Sendable {
    public let key: String
    public let caption: String
    public let expected: (width: Int, height: Int)

    public init(key: String, caption: String, expected: (width: Int, height: Int)) {
        self.key = key
        self.caption = caption
        self.expected = expected
    }
}

struct AlbumPhotoView: Sendable {
    let index: Int
    let image: ImageView
    let full: String
    let caption: String
    let current: Bool
}

struct AlbumView: Sendable {
    let heading: String
    let main: ImageView?
    let mainCaption: String
    let photos: [AlbumPhotoView]
    let paged: Bool
    let back: LinkView
}

extension PictureViews {
    /// An album page: the first picture large, a strip of every picture, links to the image files.
    package func albumPage(photos: [AlbumPhoto], title: String, back: LinkView, route: Route, language: String,
                   navigationKey: String, alternates: [String: Route]) -> Page {
        Page(route: route, language: language, template: "album/album", title: title, navigationKey: navigationKey, alternates: alternates,
             makeContent: { [self] in albumView(photos: photos, title: title, back: back, route: route) })
            .with(kind: "album", scripts: ["assets/js/album.js"])
    }

    private func albumView(photos: [AlbumPhoto], title: String, back: LinkView, route: Route) -> AlbumView {
        let available = photos.filter { media[$0.key] != nil }
        let views = available.enumerated().map { index, photo in
            AlbumPhotoView(index: index, image: image(photo.key, alt: photo.caption, from: route, expected: photo.expected),
                           full: route.link(toFile: media[photo.key]!.path), caption: photo.caption, current: index == 0)
        }
        return AlbumView(heading: title, main: views.first?.image, mainCaption: views.first?.caption ?? "", photos: views,
                         paged: views.count > 8, back: back)
    }
}

extension AlbumPhotoView: TemplateConvertible {
    var templateValue: TemplateValue {
        .object(["index": .int(index), "image": image.templateValue, "full": .string(full), "caption": .string(caption), "current": .bool(current)])
    }
}
