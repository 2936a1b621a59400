import Testing
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// What a theme publishes under `assets/`: its own assets, and the scripts that sit with a feature's templates.
/// Lo que publica un tema en `assets/`: sus recursos y los scripts que van con las plantillas de una función.
@Suite("Theme assets")
struct ThemeAssetsTests {
    @Test func aSectionsScriptsArePublishedBesideTheAssetsAndNeverOverAnAsset() {
        let theme = Theme(origin: "test", files: [
            "assets/js/app.js": Array("shared".utf8), "js/app.js": Array("a section named js".utf8),
            "pokemon/pokemon.js": Array("table".utf8), "pokemon/list.mustache": Array("{{title}}".utf8),
            "i18n/es.yml": Array("a: b".utf8), "assets/site.css": Array("body{}".utf8),
        ])
        let assets = theme.assets
        #expect(assets.map(\.path) == ["assets/js/app.js", "assets/pokemon/pokemon.js", "assets/site.css"])
        #expect(assets.first { $0.path == "assets/js/app.js" }?.bytes == Array("shared".utf8), "the assets folder's file wins")
        #expect(Set(assets.map(\.path)).count == assets.count, "one file per output path")
    }
}
