// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Vitrina",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "vitrina", targets: ["vitrina"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/adam-fowler/compress-nio", from: "1.5.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),
        // Pictures: Debian's libjpeg-turbo, libpng and libwebp (static archives in `make dist`), behind a few C calls
        // that catch their errors.
        .target(
            name: "CImageCodecs",
            linkerSettings: [.linkedLibrary("webp"), .linkedLibrary("png16"), .linkedLibrary("jpeg"), .linkedLibrary("z"), .linkedLibrary("m")]
        ),
        // The vitrina program's allocator: Debian's jemalloc (static archive in `make dist`) in place of glibc's malloc.
        .target(
            name: "CAllocator",
            linkerSettings: [.linkedLibrary("jemalloc")]
        ),
        // The kit: what every feature and every stage draws on (support, settings, fetching, Markdown and highlighting,
        // pictures, templates, site primitives, the feature protocols). It knows no feature and no stage.
        // El kit: aquello de lo que tiran las funciones y las etapas; no conoce ninguna función ni etapa.
        .target(
            name: "VitrinaKit",
            dependencies: [
                "CCmarkGFM",
                "CImageCodecs",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "CompressNIO", package: "compress-nio"),
            ],
            exclude: ["Content/Highlighting/Chroma/LICENSE", "Content/Highlighting/Chroma/Lexers"],
            // The regular expressions of the highlighter run on the ICU that Foundation already links into every binary.
            linkerSettings: [.linkedLibrary("_FoundationICU")]
        ),
        // The features, one folder each, and the registry that lists them. Only the command line puts them together
        // with the build. / Las funciones, una carpeta cada una, y el registro que las lista.
        .target(
            name: "VitrinaFeatures",
            dependencies: ["VitrinaKit", .product(name: "Yams", package: "Yams")]
        ),
        // The build: its stages, writing, checking and what it keeps between builds. It reaches features only through
        // the kit's protocols, so it cannot name one. / La construcción: nunca depende de las funciones.
        .target(
            name: "VitrinaBuild",
            dependencies: ["VitrinaKit"]
        ),
        // The dev server: builds through VitrinaBuild, serves, watches and live-reloads.
        // El servidor de desarrollo: construye con VitrinaBuild, sirve, vigila y recarga.
        .target(
            name: "VitrinaServing",
            dependencies: [
                "VitrinaKit",
                "VitrinaBuild",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .executableTarget(
            name: "vitrina",
            dependencies: [
                "VitrinaKit",
                "VitrinaFeatures",
                "VitrinaBuild",
                "VitrinaServing",
                "CAllocator",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(
            name: "TestSupport",
            dependencies: [
                "VitrinaKit",
                "VitrinaFeatures",
                "VitrinaBuild",
                "VitrinaServing",
                .product(name: "Hummingbird", package: "hummingbird"),
            ],
            path: "Tests/TestSupport"
        ),
        .executableTarget(
            name: "vitrina-replay",
            dependencies: [
                "TestSupport",
                "VitrinaKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Tests/ReplayTool"
        ),
        .testTarget(
            name: "VitrinaCoreTests",
            dependencies: ["VitrinaKit", "VitrinaFeatures", "VitrinaBuild", "VitrinaServing", "TestSupport"]
        ),
        .testTarget(
            name: "TemplateEngineTests",
            dependencies: ["VitrinaKit", "TestSupport", .product(name: "Mustache", package: "swift-mustache")]
        ),
        .testTarget(
            name: "VitrinaIntegrationTests",
            dependencies: ["VitrinaKit", "VitrinaFeatures", "VitrinaBuild", "VitrinaServing", "TestSupport"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
