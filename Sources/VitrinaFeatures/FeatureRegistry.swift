import VitrinaKit

/// The features Vitrina knows, in navigation order, and the one each source that declares its `items:` in site.yml
/// becomes. A feature is its folder plus one line here; the command line hands this set to the build.
/// Las funciones que conoce Vitrina, en el orden de la navegación, y la que es cada fuente declarada en site.yml.
public enum FeatureRegistry {
    public static var standard: FeatureSet {
        FeatureSet([APIFeature.pokemon, APIFeature.characters, DiaryFeature(), FoldersFeature(), ShowcaseFeature()],
                   declared: { DeclaredFeature.all(in: $0) })
    }
}
