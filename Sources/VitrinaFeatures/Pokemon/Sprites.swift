import VitrinaKit

extension PictureViews {
    /// A Pokémon sprite as a page shows it, with its shiny variant's file for the shiny setting to swap in.
    /// Un sprite de Pokémon tal como lo muestra una página, con su variante variocolor para el ajuste.
    func sprite(_ key: String?, alt: String, from route: Route, expected: (width: Int, height: Int), shiny: String?) -> ImageView {
        var view = image(key, alt: alt, from: route, expected: expected)
        if media[key] != nil, let file = media[shiny] { view.dataAttributes.append(DataAttribute(name: "shiny-src", value: route.link(toFile: file.path))) }
        return view
    }
}
