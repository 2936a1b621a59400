import Foundation

/// A point on the offline world map: x is longitude, y is minus latitude (the SVG's own units).
/// Un punto del mapa del mundo: x es la longitud, y la latitud con signo cambiado.
public struct MapPoint: Sendable, Equatable {
    public let x: Double
    public let y: Double

    public init(longitude: Double, latitude: Double) {
        x = Self.round(max(-180, min(180, longitude)))
        y = Self.round(-max(-90, min(90, latitude)))
    }

    public var longitude: Double { x }
    public var latitude: Double { -y }

    static func round(_ value: Double) -> Double { (value * 100).rounded() / 100 }
}

/// A pin as the map templates draw it.
/// Un pin tal como lo dibujan las plantillas del mapa.
package struct PinView: Sendable {
    let id: String
    let x: Double
    let y: Double
    let href: String
    let label: String
    let status: String

    package init(id: String, x: Double, y: Double, href: String, label: String, status: String) {
        self.id = id
        self.x = x
        self.y = y
        self.href = href
        self.label = label
        self.status = status
    }
}

/// A map box: the world outline, its pins, and how to frame them.
/// Un mapa: el contorno del mundo, sus pines y cómo encuadrarlos.
package struct MapView: Sendable {
    let world: String
    let label: String
    let fit: String
    let pins: [PinView]
    /// A map with links is a group of them (on its box); an empty one is a picture (its svg).
    let hasPins: Bool
    let mini: Bool

    init(world: String, label: String, fit: String, pins: [PinView]) {
        self.world = world
        self.label = label
        self.fit = fit
        self.pins = pins
        hasPins = !pins.isEmpty
        mini = fit == "pin"
    }
}

extension PictureViews {
    /// A map box on the offline world map.
    package func map(_ pins: [PinView], label: String, fit: String, from route: Route) -> MapView {
        MapView(world: route.link(toFile: "assets/world.svg"), label: label, fit: fit, pins: pins)
    }
}

extension PinView: TemplateConvertible {
    package var templateValue: TemplateValue {
        .object(["id": .string(id), "x": .double(x), "y": .double(y), "href": .string(href), "label": .string(label), "status": .string(status)])
    }
}

extension MapView: TemplateConvertible {
    package var templateValue: TemplateValue {
        .object(["world": .string(world), "label": .string(label), "fit": .string(fit), "pins": pins.templateValue, "hasPins": .bool(hasPins),
                 "mini": .bool(mini)])
    }
}
