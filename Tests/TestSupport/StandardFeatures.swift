import VitrinaKit
import VitrinaFeatures
import VitrinaBuild

extension BuildPipeline {
    /// A build of the registry's features, as the command line composes it.
    /// Una construcción con las funciones del registro, como la compone la línea de órdenes.
    public init(options: BuildOptions, client: any HTTPClient) {
        self.init(options: options, client: client, features: FeatureRegistry.standard)
    }
}
