/// The text of a value inside `{{name}}`, spelled the way `String(describing:)` spells the same value
/// held in `Any`, so lists print as `["a", 1]` and objects as `["key": "value"]`.
extension TemplateValue {
    var text: String {
        switch self {
        case .string(let string): string
        case .int(let number): String(number)
        case .double(let number): number.description
        case .bool(let flag): flag ? "true" : "false"
        case .list, .object: debugText
        }
    }

    private var debugText: String {
        switch self {
        case .string(let string): return string.debugDescription
        case .int(let number): return String(number)
        case .double(let number): return number.debugDescription
        case .bool(let flag): return flag ? "true" : "false"
        case .list(let elements):
            var result = "["
            for (index, element) in elements.enumerated() {
                if index > 0 { result += ", " }
                result += element.debugText
            }
            return result + "]"
        case .object(let fields):
            if fields.isEmpty { return "[:]" }
            var result = "["
            var first = true
            for (key, value) in fields {
                if !first { result += ", " }
                first = false
                result += key.debugDescription + ": " + value.debugText
            }
            return result + "]"
        }
    }
}
