import Foundation
import VitrinaKit

/// Simulated positions: each location gets a land point of its own, its characters cluster around it on a
/// sunflower spiral, and characters with no known location are scattered at sea. Deterministic by id.
/// Posiciones simuladas: cada lugar recibe un punto en tierra y sus personajes se agrupan a su alrededor;
/// los de lugar desconocido quedan en el mar.
enum MapPositions {
    static func place(_ members: [(id: Int, locationID: Int?)]) -> [Int: MapPoint] {
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
