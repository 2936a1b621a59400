import Foundation
import Synchronization

/// Decoding errors as `at results[3].name: expected text`.
/// Errores de decodificación como `en results[3].name: se esperaba texto`.
enum DecodingErrorText {
    static func describe(_ error: DecodingError) -> String {
        func path(_ keys: [CodingKey]) -> String {
            let joined = keys.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
            return joined.isEmpty ? "the top level" : String(joined.drop { $0 == "." })
        }
        switch error {
        case .keyNotFound(let key, let context): return "at \(path(context.codingPath + [key])): the key is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "at \(path(context.codingPath)): \(context.debugDescription)"
        case .dataCorrupted(let context): return "at \(path(context.codingPath)): not valid JSON (\(context.debugDescription))"
        @unknown default: return "\(error)"
        }
    }
}
