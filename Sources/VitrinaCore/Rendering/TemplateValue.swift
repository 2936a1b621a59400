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
        case let convertible as TemplateConvertible: return convertible.templateFields
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

/// View models shown many times per page spell out their fields, skipping reflection.
/// Los modelos de vista que se repiten mucho dan sus campos directamente, sin reflexión.
protocol TemplateConvertible {
    var templateFields: [String: Any] { get }
}

extension ImageView: TemplateConvertible {
    var templateFields: [String: Any] {
        var fields: [String: Any] = ["src": src, "width": width, "height": height, "alt": alt, "placeholder": placeholder]
        if let shinySrc { fields["shinySrc"] = shinySrc }
        return fields
    }
}

extension LinkView: TemplateConvertible {
    var templateFields: [String: Any] { ["href": href, "label": label, "current": current] }
}

extension TypeBadgeView: TemplateConvertible {
    var templateFields: [String: Any] { ["name": name, "key": key, "href": href] }
}

extension StatusView: TemplateConvertible {
    var templateFields: [String: Any] { ["label": label, "key": key] }
}

extension PokemonRowView: TemplateConvertible {
    var templateFields: [String: Any] {
        ["id": id, "number": number, "name": name, "href": href, "searchName": searchName, "typeKeys": typeKeys,
         "removeLabel": removeLabel, "sprite": sprite.templateFields, "types": types.map(\.templateFields)]
    }
}

extension CharacterCardView: TemplateConvertible {
    var templateFields: [String: Any] {
        ["name": name, "href": href, "image": image.templateFields, "status": status.templateFields, "species": species]
    }
}

extension LayoutView: TemplateConvertible {
    var templateFields: [String: Any] {
        var fields: [String: Any] = [
            "lang": lang, "title": title, "fullTitle": fullTitle, "description": description, "siteTitle": siteTitle, "home": home,
            "stylesheet": stylesheet, "icon": icon, "nav": nav.map(\.templateFields), "languages": languages.map(\.templateFields),
            "hasLanguages": hasLanguages, "root": root, "kind": kind, "settingsScript": settingsScript, "scripts": scripts, "styles": styles,
            "stringsJSON": stringsJSON, "tools": tools.map(\.templateFields), "t": t,
        ]
        if let canonical { fields["canonical"] = canonical }
        if let baseHref { fields["baseHref"] = baseHref }
        if let search { fields["search"] = search }
        if let converted = TemplateValue.convert(content) { fields["content"] = converted }
        return fields
    }
}

extension LanguageLink: TemplateConvertible {
    var templateFields: [String: Any] {
        var fields: [String: Any] = ["code": code, "label": label, "href": href, "current": current]
        if let absolute { fields["absolute"] = absolute }
        return fields
    }
}

extension PaginationView: TemplateConvertible {
    var templateFields: [String: Any] {
        var fields: [String: Any] = ["pages": pages.map(\.templateFields), "isNeeded": isNeeded]
        if let previous { fields["previous"] = previous.templateFields }
        if let next { fields["next"] = next.templateFields }
        return fields
    }
}

extension DocLinkView: TemplateConvertible {
    var templateFields: [String: Any] {
        ["title": title, "description": description, "hasDescription": !description.isEmpty, "href": href, "draft": draft]
    }
}

extension SectionLinkView: TemplateConvertible {
    var templateFields: [String: Any] { ["title": title, "href": href, "count": count] }
}

extension SectionView: TemplateConvertible {
    var templateFields: [String: Any] {
        ["title": title, "description": description, "hasDescription": !description.isEmpty, "html": html, "breadcrumbs": breadcrumbs.map(\.templateFields),
         "hasBreadcrumbs": hasBreadcrumbs, "subsections": subsections.map(\.templateFields), "hasSubsections": hasSubsections,
         "pages": pages.map(\.templateFields), "hasPages": hasPages, "pagination": pagination.templateFields]
    }
}

extension ContentPageView: TemplateConvertible {
    var templateFields: [String: Any] {
        var fields: [String: Any] = ["title": title, "showTitle": showTitle, "html": html, "draft": draft,
                                     "breadcrumbs": breadcrumbs.map(\.templateFields), "hasBreadcrumbs": hasBreadcrumbs]
        if let contentLanguage { fields["contentLanguage"] = contentLanguage }
        return fields
    }
}
