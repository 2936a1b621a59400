import VitrinaKit
import VitrinaFeatures
import VitrinaBuild
import VitrinaServing

extension DevSession {
    /// A dev session over the registry's features, as `vitrina serve` composes it.
    /// Una sesión de desarrollo con las funciones del registro, como la compone `vitrina serve`.
    init(options: BuildOptions, client: any HTTPClient, hub: ReloadHub = ReloadHub(), interval: Duration = .milliseconds(100),
         onBuild: @escaping @Sendable (Result<BuildReport, BuildFailure>, [String]) -> Void) {
        self.init(options: options, client: client, features: FeatureRegistry.standard, hub: hub, interval: interval, onBuild: onBuild)
    }
}
