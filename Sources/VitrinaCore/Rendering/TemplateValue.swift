/// Turns a view model into dictionaries and arrays once per page, so each `{{name}}` is a hash lookup
/// instead of a reflection of every object up the context stack.
/// Convierte un modelo de vista en diccionarios y listas una vez por página: cada `{{name}}` es una búsqueda directa.
enum TemplateValue {
    static func convert(_ value: Any) -> Any? {
        switch value {
        case let text as String: return text
        case let number as Int: return number
        case let flag as Bool: return flag
        case let number as Double: return number
        case let strings as [String: String]: return strings
        default: break
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            return mirror.children.first.flatMap { convert($0.value) }
        case .collection, .set:
            return mirror.children.compactMap { convert($0.value) }
        case .struct, .class:
            var fields: [String: Any] = [:]
            fields.reserveCapacity(Int(mirror.children.count))
            for child in mirror.children {
                if let label = child.label, let converted = convert(child.value) { fields[label] = converted }
            }
            return fields
        default:
            return value
        }
    }
}
