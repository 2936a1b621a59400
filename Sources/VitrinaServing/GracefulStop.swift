import Logging
import ServiceLifecycle
import VitrinaKit
import VitrinaBuild

/// Runs a server until cancelled, then stops it in two steps: first it stops accepting and lets open requests finish,
/// and only a second later it cancels what is left (a live-reload stream). A connection accepted while the server is
/// torn down at once trips an assertion in NIO's debug builds; closing the listener first leaves none.
/// Detiene un servidor en dos pasos: primero deja de aceptar conexiones y, un segundo después, cancela lo que quede.
public enum GracefulStop {
    public static func run(_ service: some Service, grace: Duration = .seconds(1)) async throws {
        let group = ServiceGroup(configuration: .init(services: [service], logger: Logger(label: "vitrina.server")))
        // Unstructured, so the caller's cancellation reaches the server only through the two steps below.
        let running = Task { try await group.run() }
        try await withTaskCancellationHandler {
            try await running.value
        } onCancel: {
            Task {
                await group.triggerGracefulShutdown()
                try? await Task.sleep(for: grace)
                running.cancel()
            }
        }
    }
}
