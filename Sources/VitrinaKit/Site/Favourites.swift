/// The heart on a character or product page: what the favourites list keeps about it.
/// El corazón de una ficha: lo que la lista de favoritos guarda de ella.
package struct FavouriteView: Sendable {
    let id: String
    let title: String
    /// Paths from the site root, so the favourites page can link them from anywhere.
    let href: String
    let image: String
    let kindLabel: String
    let addLabel: String
}

extension PageContext {
    package func favourite(id: String, title: String, route: Route, imageKey: String?, kindKey: String, language: String) -> FavouriteView {
        FavouriteView(id: id, title: title, href: route.file, image: pictures.path(imageKey) ?? "assets/placeholder.svg",
                      kindLabel: strings.text(kindKey, language), addLabel: strings.text("favourite_add", language))
    }
}

extension FavouriteView: TemplateConvertible {
    package var templateValue: TemplateValue {
        .object(["id": .string(id), "title": .string(title), "href": .string(href), "image": .string(image), "kindLabel": .string(kindLabel),
                 "addLabel": .string(addLabel)])
    }
}
