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
struct PinView: Sendable {
    let id: String
    let x: Double
    let y: Double
    let href: String
    let label: String
    let status: String
}

/// A map box: the world outline, its pins, and how to frame them.
/// Un mapa: el contorno del mundo, sus pines y cómo encuadrarlos.
struct MapView: Sendable {
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

extension PageContext {
    func map(_ pins: [PinView], label: String, fit: String, from route: Route) -> MapView {
        MapView(world: route.link(toFile: "assets/world.svg"), label: label, fit: fit, pins: pins)
    }
}

/// Simulated positions: each location gets a land point of its own, its characters cluster around it on a
/// sunflower spiral, and characters with no known location are scattered at sea. Deterministic by id.
/// Posiciones simuladas: cada lugar recibe un punto en tierra y sus personajes se agrupan a su alrededor;
/// los de lugar desconocido quedan en el mar.
public enum MapPositions {
    public static func place(_ members: [(id: Int, locationID: Int?)]) -> [Int: MapPoint] {
        var byLocation: [Int?: [Int]] = [:]
        for member in members.sorted(by: { $0.id < $1.id }) { byLocation[member.locationID, default: []].append(member.id) }
        var points: [Int: MapPoint] = [:]
        for (location, ids) in byLocation {
            for (index, id) in ids.enumerated() {
                let anchor: (longitude: Double, latitude: Double)
                let spread: Double
                if let location {
                    anchor = WorldPoints.land[Int(mix(UInt64(location)) % UInt64(WorldPoints.land.count))]
                    spread = 0.9
                } else {
                    anchor = WorldPoints.sea[index % WorldPoints.sea.count]
                    spread = 1.6
                }
                let ring = location == nil ? index / WorldPoints.sea.count : index
                let angle = Double(ring) * 2.399_963
                let radius = spread * (Double(ring)).squareRoot()
                points[id] = MapPoint(longitude: anchor.longitude + radius * cos(angle), latitude: anchor.latitude + radius * sin(angle) * 0.8)
            }
        }
        return points
    }

    /// A stable integer hash (SplitMix64), so positions never depend on Swift's randomized hashing.
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension PinView: TemplateConvertible {
    var templateValue: TemplateValue {
        .object(["id": .string(id), "x": .double(x), "y": .double(y), "href": .string(href), "label": .string(label), "status": .string(status)])
    }
}

extension MapView: TemplateConvertible {
    var templateValue: TemplateValue {
        .object(["world": .string(world), "label": .string(label), "fit": .string(fit), "pins": pins.templateValue, "hasPins": .bool(hasPins),
                 "mini": .bool(mini)])
    }
}
