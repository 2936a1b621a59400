/// Turns a view model into template values once per page, so each `{{name}}` is a hash lookup in typed values.
/// Convierte un modelo de vista en valores de plantilla una vez por página: cada `{{name}}` es una búsqueda directa.
extension TemplateValue {
    /// Hot view models spell out their fields (`TemplateConvertible`); the rest are read by reflection.
    /// Optional fields that are nil are left out, so `{{#field}}` sees them as missing.
    static func from(_ value: Any) -> TemplateValue? {
        switch value {
        case let converted as TemplateValue: return converted
        case let text as String: return .string(text)
        case let number as Int: return .int(number)
        case let flag as Bool: return .bool(flag)
        case let number as Double: return .double(number)
        case let strings as [String: String]: return .object(strings.mapValues { .string($0) })
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
            var fields: [String: TemplateValue] = [:]
            for entry in mirror.children {
                let pair = Array(Mirror(reflecting: entry.value).children)
                if pair.count == 2, let key = pair[0].value as? String, let converted = from(pair[1].value) { fields[key] = converted }
            }
            return .object(fields)
        case .struct, .class:
            var fields: [String: TemplateValue] = [:]
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
protocol TemplateConvertible {
    var templateValue: TemplateValue { get }
}

extension Array where Element: TemplateConvertible {
    var templateValue: TemplateValue { .list(map { $0.templateValue }) }
}

extension Array where Element == String {
    var templateValue: TemplateValue { .list(map { .string($0) }) }
}

extension ImageView: TemplateConvertible {
    var templateValue: TemplateValue {
        var fields: [String: TemplateValue] = ["src": .string(src), "width": .int(width), "height": .int(height), "alt": .string(alt),
                                               "placeholder": .bool(placeholder)]
        if let shinySrc { fields["shinySrc"] = .string(shinySrc) }
        return .object(fields)
    }
}

extension LinkView: TemplateConvertible {
    var templateValue: TemplateValue { .object(["href": .string(href), "label": .string(label), "current": .bool(current)]) }
}

extension TypeBadgeView: TemplateConvertible {
    var templateValue: TemplateValue { .object(["name": .string(name), "key": .string(key), "href": .string(href)]) }
}

extension StatusView: TemplateConvertible {
    var templateValue: TemplateValue { .object(["label": .string(label), "key": .string(key)]) }
}

extension PokemonRowView: TemplateConvertible {
    var templateValue: TemplateValue {
        .object(["id": .int(id), "number": .string(number), "name": .string(name), "href": .string(href), "searchName": .string(searchName),
                 "typeKeys": .string(typeKeys), "removeLabel": .string(removeLabel), "sprite": sprite.templateValue, "types": types.templateValue])
    }
}

extension CharacterCardView: TemplateConvertible {
    var templateValue: TemplateValue {
        .object(["name": .string(name), "href": .string(href), "image": image.templateValue, "status": status.templateValue,
                 "species": .string(species)])
    }
}

extension LayoutView: TemplateConvertible {
    var templateValue: TemplateValue {
        var fields: [String: TemplateValue] = [
            "lang": .string(lang), "title": .string(title), "fullTitle": .string(fullTitle), "description": .string(description),
            "siteTitle": .string(siteTitle), "home": .string(home), "stylesheet": .string(stylesheet), "icon": .string(icon),
            "nav": nav.templateValue, "languages": languages.templateValue, "hasLanguages": .bool(hasLanguages), "root": .string(root),
            "kind": .string(kind), "settingsScript": .string(settingsScript), "scripts": scripts.templateValue, "styles": styles.templateValue,
            "stringsJSON": .string(stringsJSON), "tools": tools.templateValue, "t": t,
        ]
        if let canonical { fields["canonical"] = .string(canonical) }
        if let baseHref { fields["baseHref"] = .string(baseHref) }
        if let search { fields["search"] = .string(search) }
        if let converted = TemplateValue.from(content) { fields["content"] = converted }
        return .object(fields)
    }
}

extension LanguageLink: TemplateConvertible {
    var templateValue: TemplateValue {
        var fields: [String: TemplateValue] = ["code": .string(code), "label": .string(label), "href": .string(href), "current": .bool(current)]
        if let absolute { fields["absolute"] = .string(absolute) }
        return .object(fields)
    }
}

extension PageNumberView: TemplateConvertible {
    var templateValue: TemplateValue { .object(["href": .string(href), "label": .string(label), "current": .bool(current), "gap": .bool(gap)]) }
}

extension PaginationView: TemplateConvertible {
    var templateValue: TemplateValue {
        var fields: [String: TemplateValue] = ["pages": pages.templateValue, "isNeeded": .bool(isNeeded)]
        if let previous { fields["previous"] = previous.templateValue }
        if let next { fields["next"] = next.templateValue }
        return .object(fields)
    }
}

extension DocLinkView: TemplateConvertible {
    var templateValue: TemplateValue {
        .object(["title": .string(title), "description": .string(description), "hasDescription": .bool(!description.isEmpty),
                 "href": .string(href), "draft": .bool(draft)])
    }
}

extension SectionLinkView: TemplateConvertible {
    var templateValue: TemplateValue { .object(["title": .string(title), "href": .string(href), "count": .int(count)]) }
}

extension SectionView: TemplateConvertible {
    var templateValue: TemplateValue {
        .object(["title": .string(title), "description": .string(description), "hasDescription": .bool(!description.isEmpty),
                 "html": .string(html), "breadcrumbs": breadcrumbs.templateValue, "hasBreadcrumbs": .bool(hasBreadcrumbs),
                 "subsections": subsections.templateValue, "hasSubsections": .bool(hasSubsections), "pages": pages.templateValue,
                 "hasPages": .bool(hasPages), "pagination": pagination.templateValue])
    }
}

extension ContentPageView: TemplateConvertible {
    var templateValue: TemplateValue {
        var fields: [String: TemplateValue] = ["title": .string(title), "showTitle": .bool(showTitle), "html": .string(html), "draft": .bool(draft),
                                               "breadcrumbs": breadcrumbs.templateValue, "hasBreadcrumbs": .bool(hasBreadcrumbs)]
        if let contentLanguage { fields["contentLanguage"] = .string(contentLanguage) }
        return .object(fields)
    }
}
