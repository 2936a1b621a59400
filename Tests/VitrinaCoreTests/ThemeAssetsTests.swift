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

    /// With search on, the box's stylesheet and script are appended to the layout's own (a statement break between the
    /// scripts, so the second cannot be read as a call on the first); a theme without a host file keeps that one apart.
    @Test func searchFilesRideInTheLayoutsOwnWhenTheThemeHasThem() {
        let files = [
            "assets/site.css": Array("body{}".utf8), "assets/search.css": Array(".search-popup{}".utf8),
            "assets/js/app.js": Array("(() => {})()".utf8), "assets/js/search.js": Array("(() => {})()".utf8),
        ]
        let bundled = Theme(origin: "test", files: files).bundlingSearch()
        #expect(bundled.searchFilesApart.isEmpty)
        #expect(bundled.assets.map(\.path) == ["assets/js/app.js", "assets/site.css"])
        #expect(bundled.text("assets/site.css") == "body{}\n.search-popup{}")
        #expect(bundled.text("assets/js/app.js") == "(() => {})()\n;\n(() => {})()")
        #expect(Theme(origin: "test", files: files).searchFilesApart == [LayoutAssets.searchPaths.stylesheet, LayoutAssets.searchPaths.script])

        var noScript = files
        noScript["assets/js/app.js"] = nil
        let half = Theme(origin: "test", files: noScript).bundlingSearch()
        #expect(half.searchFilesApart == [LayoutAssets.searchPaths.script])
        #expect(half.text("assets/js/search.js") == "(() => {})()")
        let layout = LayoutAssets(highlighting: false, search: true, apart: half.searchFilesApart)
        #expect(layout.searchStylesheet == nil && layout.searchScript == LayoutAssets.searchPaths.script)
    }
}
