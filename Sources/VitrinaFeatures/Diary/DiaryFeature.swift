import VitrinaKit

/// The travel diary as a feature of the site: `Content/diary/`, with places on a map and photos in an album.
/// El diario de viaje como función del sitio: `Content/diary/`, con lugares en un mapa y fotos en un álbum.
public struct DiaryFeature: Feature {
    public init() {}
    public var key: String { "diary" }
    public var folders: [String] { ["diary"] }
    public var routeKeys: [String] { ["route_diary", "route_map", "route_album"] }

    public func load(_ context: FeatureContext) async throws -> (any LoadedFeature)? {
        let entries = try DiaryMapper.map(try await context.documents.load(folder: "diary"), defaultLanguage: context.config.defaultLanguage,
                                          taxonomies: context.config.taxonomies.map(\.name))
            .filter { context.drafts || !$0.draft }
        return entries.isEmpty ? nil : Diary(entries: entries)
    }
}

/// The diary's entries, newest first.
/// Las entradas del diario, la más reciente primero.
public struct Diary: LoadedFeature {
    public let entries: [DiaryEntry]

    public var localImages: [LocalImage] {
        entries.compactMap { entry in
            guard let photo = entry.photo, let key = entry.photoKey else { return nil }
            return LocalImage(path: photo, folder: "diary", key: key, owner: "Content/diary/\(entry.name).md")
        }
    }

    public func register(_ links: inout ContentLinks, pageContext: PageContext) {
        let routes = DiaryRoutes(site: pageContext.routes), languages = pageContext.routes.languages
        links.addFolder("diary", files: [], routes: pageContext.routes.alternates(routes.list), bodies: [:], sources: [])
        for entry in entries {
            let versions = entry.versions.values.sorted { $0.language < $1.language }
            links.addPage(files: versions.map(\.file), routes: pageContext.routes.alternates { routes.entry(entry, $0) },
                          bodies: Dictionary(uniqueKeysWithValues: languages.map { ($0, entry.version($0, defaultLanguage: pageContext.routes.defaultLanguage).body) }),
                          sources: versions.map { ContentLinks.Source(display: $0.file, language: $0.language, body: $0.body) })
        }
    }

    public func contribution(pageContext: PageContext, inputs: FeatureInputs) -> FeatureContribution {
        let routes = DiaryRoutes(site: pageContext.routes), made = inputs.media + entries.flatMap(\.inputs)
        var part = FeatureContribution.section("diary", icon: "✎", route: routes.list) {
            DiaryPages(entries: entries, pageContext: pageContext).pages().map { $0.with(inputs: made) }
        }
        part.maps = [MapLink(titleKey: "map_diary_title", route: routes.map)]
        return part
    }
}
