/// Turns a view model into template values once per page, so each `{{name}}` is a lookup in typed values.
/// Convierte un modelo de vista en valores de plantilla una vez por página: cada `{{name}}` es una búsqueda directa.
extension TemplateValue {
    /// Hot view models spell out their fields (`TemplateConvertible`); the rest are read by reflection.
    /// Optional fields that are nil are left out, so `{{#field}}` sees them as missing.
    package static func from(_ value: Any) -> TemplateValue? {
        switch value {
        case let converted as TemplateValue: return converted
        case let text as String: return .string(text)
        case let number as Int: return .int(number)
        case let flag as Bool: return .bool(flag)
        case let number as Double: return .double(number)
        case let strings as [String: String]: return .object(TemplateObject(strings: strings))
        case let convertible as TemplateConvertible: return convertible.templateValue
        default: break
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            return mirror.children.first.flatMap { from($0.value) }
        case .collection, .set:
            return .list(mirror.children.compactMap { from($0.value) })
        case .dictionary:
            var fields: TemplateObject = [:]
            for entry in mirror.children {
                let pair = Array(Mirror(reflecting: entry.value).children)
                if pair.count == 2, let key = pair[0].value as? String, let converted = from(pair[1].value) { fields[key] = converted }
            }
            return .object(fields)
        case .struct, .class:
            var fields: TemplateObject = [:]
            fields.reserveCapacity(Int(mirror.children.count))
            for child in mirror.children {
                if let label = child.label, let converted = from(child.value) { fields[label] = converted }
            }
            return .object(fields)
        default:
            return .string(String(describing: value))
        }
    }
}

/// View models shown many times per page spell out their fields, skipping reflection.
/// Los modelos de vista que se repiten mucho dan sus campos directamente, sin reflexión.
package protocol TemplateConvertible {
    var templateValue: TemplateValue { get }
}

extension Array where Element: TemplateConvertible {
    package var templateValue: TemplateValue { .list(map { $0.templateValue }) }
}

extension Array where Element == String {
    var templateValue: TemplateValue { .list(map { .string($0) }) }
}
