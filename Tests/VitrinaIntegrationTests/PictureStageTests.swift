import Foundation
import Testing
import TestSupport
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

@Suite("Pictures made for the web by a build")
struct PictureStageTests {
    static let config = """
        title: Bitácora
        default_language: es
        languages: [es]

        """

    static let entry = "---\ntitle: Uno\ndate: 2026-03-01\nmessage: Primer día.\nphoto: photos/phone.jpg\n---\nTexto.\n"

    static func build(_ site: TestSite, into output: String? = nil) async throws -> BuildReport {
        // The theme has no plain sections and home without sources; the built-in theme's templates draw them.
        for name in ["index", "section", "page", "partials/breadcrumbs", "partials/subsections", "partials/listing"] {
            try Files.write(Array(DefaultTheme.files["\(name).mustache"]!.utf8), to: "\(site.root)/Templates/\(name).mustache")
        }
        var options = site.options(server: nil, offline: true)
        if let output { options.outputDirectory = output }
        options.force = true
        return try await BuildPipeline(options: options, client: NoNetwork()).build()
    }

    @Test("A phone's photo: WebP at every width up to 1920, an upright JPEG fallback, no EXIF or GPS anywhere, the original not published")
    func phonePhoto() async throws {
        let photo = try PhonePhoto.bytes()
        try await withSite(config: Self.config, content: ["diary/2026-03-01-uno.md": Self.entry]) { site in
            try Files.write(photo, to: "\(site.root)/Content/diary/photos/phone.jpg")
            let report = try await Self.build(site)
            #expect(report.picturesMade == 1)
            #expect(report.warnings.isEmpty, "\(report.warnings)")
            let published = Files.list(site.output).filter { $0.hasPrefix("media/diary/photos/") }
            #expect(!published.contains("media/diary/photos/phone.jpg"))
            let webp = published.filter { $0.hasSuffix(".webp") }.sorted()
            let widths = try webp.map { path -> Int in try #require(ImageSize.of(try Files.read("\(site.output)/\(path)"))).width }
            #expect(widths.sorted() == [320, 640, 750, 960, 1280, 1920])
            for path in published {
                let bytes = try Files.read("\(site.output)/\(path)")
                #expect(bytes.firstRange(of: Array("Exif".utf8)) == nil, "\(path)")
                #expect(bytes.firstRange(of: TestPictures.exifTIFF(orientation: 6).prefix(8)) == nil, "\(path)")
                // The GPS latitude's rationals (40/1, 26/1) as the EXIF block stored them.
                #expect(bytes.firstRange(of: [40, 0, 0, 0, 1, 0, 0, 0, 26, 0, 0, 0, 1, 0, 0, 0]) == nil, "\(path)")
            }
            let fallbackPath = try #require(published.first { $0.hasSuffix(".jpg") })
            let fallback = try PictureCodec.decode(try Files.read("\(site.output)/\(fallbackPath)"), format: .jpeg, pixelLimit: 100_000_000)
            #expect(fallback.width == 1920 && fallback.height == 2560, "upright: portrait")
            #expect(fallback.pixel(x: 960, y: 400)[0] > 150 && fallback.pixel(x: 960, y: 400)[2] < 100, "red on top")
            #expect(fallback.pixel(x: 960, y: 2200)[2] > 150 && fallback.pixel(x: 960, y: 2200)[0] < 100, "blue below")
            let page = try #require(Files.list(site.output).first { $0.hasPrefix("diario/") && $0.hasSuffix("uno/index.html") })
            let html = try site.read(page)
            #expect(html.contains("<picture><source type=\"image/webp\" srcset=\""))
            // The entry's template gives the width its column shows the photo at (`{{$sizes}}` of partials/image).
            #expect(html.contains("-320.") && html.contains(" 1920w\" sizes=\"(max-width: 48rem) calc(100vw - 2rem), 46rem\">"))
            #expect(html.contains("width=\"1920\" height=\"2560\""))
        }
    }

    @Test("The second build encodes nothing, and a fresh output from the cache is byte for byte the first build's")
    func cached() async throws {
        let photo = try TestPictures.gradient(width: 1_000, height: 700).encoded(as: .jpeg, quality: 80)
        try await withSite(config: Self.config, content: ["diary/2026-03-01-uno.md": Self.entry.replacingOccurrences(of: "phone.jpg", with: "a.jpg")]) { site in
            try Files.write(photo, to: "\(site.root)/Content/diary/photos/a.jpg")
            #expect(try await Self.build(site).picturesMade == 1)
            let first = try site.snapshotOfOutput()
            #expect(try await Self.build(site).picturesMade == 0)
            let fresh = site.root + "/Fresh"
            #expect(try await Self.build(site, into: fresh).picturesMade == 0)
            let second = try site.snapshotOfOutput(fresh)
            #expect(first.keys.filter { $0.hasPrefix("media/") }.count == 6, "320, 640, 750, 960 and 1000 in WebP, and the JPEG")
            for (path, bytes) in first where !path.hasPrefix(".") { #expect(second[path] == bytes, "\(path)") }
            // A damaged cache file is noticed (its fingerprint), and the next fresh output fails rather than publish it.
            let cached = try #require(Files.list(site.root + "/.vitrina/pictures").first { $0.hasSuffix(".webp") })
            try Files.write(Array("not a picture".utf8), to: "\(site.root)/.vitrina/pictures/\(cached)")
            await #expect(throws: BuildFailure.self) { try await Self.build(site, into: site.root + "/Other") }
        }
    }

    @Test("Bad pictures: a truncated JPEG, a PNG declaring 100,000 x 100,000 pixels: a warning naming the file, the placeholder, no crash")
    func badPictures() async throws {
        let truncated = Array(try TestPictures.gradient(width: 600, height: 400).encoded(as: .jpeg, quality: 80).prefix(3_000))
        let bomb = TestPictures.pngHeader(width: 100_000, height: 100_000)
        let content = ["diary/2026-03-01-uno.md": Self.entry.replacingOccurrences(of: "phone.jpg", with: "cut.jpg"),
                       "diary/2026-03-02-dos.md": Self.entry.replacingOccurrences(of: "phone.jpg", with: "bomb.png").replacingOccurrences(of: "03-01", with: "03-02")]
        try await withSite(config: Self.config, content: content) { site in
            try Files.write(truncated, to: "\(site.root)/Content/diary/photos/cut.jpg")
            try Files.write(bomb, to: "\(site.root)/Content/diary/photos/bomb.png")
            let report = try await Self.build(site)
            let messages = report.warnings.map(\.message)
            #expect(messages.contains { $0.contains("Content/diary/photos/cut.jpg") && $0.contains("placeholder") }, "\(messages)")
            #expect(messages.contains { $0.contains("Content/diary/photos/bomb.png") && $0.contains("megapixels") }, "\(messages)")
            #expect(!Files.list(site.output).contains { $0.hasPrefix("media/diary/") })
            let page = try #require(Files.list(site.output).first { $0.hasPrefix("diario/") && $0.hasSuffix("uno/index.html") })
            #expect(try site.read(page).contains("class=\"placeholder\""))
        }
    }

    @Test("The APIs' pictures (avatars, product photos) get WebP variants; sprites, pixel art of 96 px, stay as they came")
    func apiPictures() async throws {
        try await withReplayServer { server in
            try await withSite(config: TestSite.defaultConfig.replacingOccurrences(of: "pictures: false", with: "")) { site in
                let report = try await site.build(site.options(server: server))
                #expect(report.picturesMade > 20)
                let files = Files.list(site.output)
                let avatars = files.filter { $0.hasPrefix("media/rickandmorty/") }
                // Each avatar as WebP, and a fallback in its own format (a few are PNGs); none under its original name.
                #expect(!avatars.isEmpty && avatars.allSatisfy { path in [".webp", ".jpg", ".png"].contains { path.hasSuffix($0) } && path.contains("-300.") })
                // A 300-pixel avatar: one WebP at 300 (and 320 is wider than it), one JPEG fallback.
                let webp = try #require(avatars.first { $0.hasSuffix(".webp") })
                #expect(ImageSize.of(try Files.read("\(site.output)/\(webp)"))?.width == 300)
                let sprites = files.filter { $0.hasPrefix("media/sprites/") }
                #expect(!sprites.isEmpty && !sprites.contains { $0.hasSuffix(".webp") })
                let grid = try site.read("personajes/index.html")
                #expect(grid.contains("<picture><source type=\"image/webp\" srcset=\"../media/rickandmorty/"))
                let pikachu = try site.read("pokemon/25-pikachu/index.html")
                #expect(pikachu.contains("media/sprites/sprites/pokemon/25.png\""), "the sprite as it came")
                let store = try #require(files.first { $0.hasPrefix("tienda/") && $0.hasSuffix("index.html") && $0.split(separator: "/").count == 3 })
                #expect(try site.read(store).contains("image/webp"))
            }
        }
    }

    @Test("A picture beside the Markdown: made in its own place (links to it still reach it), its <img> put in a <picture> with the WebP variants")
    func besideTheMarkdown() async throws {
        let shot = try TestPictures.gradient(width: 1_000, height: 600).encoded(as: .png, quality: 80)
        let config = "title: Docs\ndefault_language: en\nlanguages: [en]\n"
        let content = ["README.md": "# Guide\n\n![A screenshot](img/shot.png)\n\n[Full size](img/shot.png)\n\n![Small](img/icon.png)\n"]
        try await withDocsSite(config: config, content: content) { site in
            try Files.write(shot, to: "\(site.root)/Content/img/shot.png")
            try Files.write(try TestPictures.gradient(width: 48, height: 48).encoded(as: .png, quality: 80), to: "\(site.root)/Content/img/icon.png")
            let report = try await site.build(site.options(server: nil, offline: true))
            #expect(report.warnings.isEmpty, "\(report.warnings)")
            #expect(report.picturesMade == 1, "the icon is left as it is")
            let page = try site.read("index.html")
            let made = Files.list(site.output).filter { $0.hasPrefix("img/shot-") }.sorted()
            #expect(made.count == 5 && made.allSatisfy { $0.hasSuffix(".webp") }, "\(made)")
            #expect(page.contains("<picture><source type=\"image/webp\" srcset=\"img/shot-320."))
            #expect(page.contains(" 1000w\" sizes=\"(max-width: 1000px) 100vw, 1000px\"><img src=\"img/shot.png\" width=\"1000\" height=\"600\" loading=\"lazy\" alt=\"A screenshot\" /></picture>"),
                    "\(page)")
            #expect(page.contains("<a href=\"img/shot.png\">Full size</a>"))
            #expect(page.contains("<img src=\"img/icon.png\" width=\"48\" height=\"48\" loading=\"lazy\" alt=\"Small\" />"))
            // In its own place: the picture made for the web (PNG stays PNG: lossless), not the file as written.
            let published = try Files.read("\(site.output)/img/shot.png")
            #expect(PictureFormat(sniffing: published) == .png && ImageSize.of(published)?.width == 1000)
            // A second build makes nothing and writes the same page.
            #expect(try await site.build(site.options(server: nil, offline: true)).picturesMade == 0)
            #expect(try site.read("index.html") == page)
        }
    }

    @Test("pictures: false publishes each picture as it came; bad settings name the line")
    func settings() async throws {
        let photo = try TestPictures.gradient(width: 800, height: 600).encoded(as: .jpeg, quality: 80)
        try await withSite(config: Self.config + "pictures: false\n", content: ["diary/2026-03-01-uno.md": Self.entry]) { site in
            try Files.write(photo, to: "\(site.root)/Content/diary/photos/phone.jpg")
            #expect(try await Self.build(site).picturesMade == 0)
            #expect(try Files.read("\(site.output)/media/diary/photos/phone.jpg") == photo)
        }
        let parsed = try SiteConfig.parse("title: X\npictures:\n  widths: [480, 240]\n  quality: 70\n  megapixels: 20\n", file: "site.yml")
        #expect(parsed.pictures == PictureSettings(widths: [240, 480], quality: 70, pixelLimit: 20_000_000))
        for (yaml, words) in [("pictures:\n  widths: [0]\n", "site.yml:3: pictures.widths"), ("pictures:\n  quality: 101\n", "site.yml:3: pictures.quality"),
                              ("pictures:\n  size: 3\n", "site.yml:3: pictures.size is not a setting"), ("pictures: yes please\n", "site.yml:2: pictures must be")] {
            let error = #expect(throws: VitrinaError.self) { try SiteConfig.parse("title: X\n" + yaml, file: "site.yml") }
            #expect(error?.description.contains(words) == true, "\(error?.description ?? "")")
        }
    }
}
