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
            var fields = TemplateValue.fields([:])
            fields.reserveCapacity(Int(mirror.children.count))
            for child in mirror.children {
                if let label = child.label, let converted = from(child.value) { fields[label] = converted }
            }
            return .object(fields)
        default:
            return .string(String(describing: value))
        }
    }

    /// An object from typed fields.
    static func object(_ fields: KeyValuePairs<String, any TemplateConvertible>) -> TemplateValue { .object(Self.fields(fields)) }

    /// The fields of an object, to add optional ones to.
    static func fields(_ fields: KeyValuePairs<String, any TemplateConvertible>) -> [String: TemplateValue] {
        var object: [String: TemplateValue] = [:]
        object.reserveCapacity(fields.count + 2)
        for (key, value) in fields { object[key] = value.templateValue }
        return object
    }
}

/// Values and view models that give their template value directly, skipping reflection.
/// Valores y modelos de vista que dan su valor de plantilla directamente, sin reflexión.
protocol TemplateConvertible {
    var templateValue: TemplateValue { get }
}

extension TemplateValue: TemplateConvertible { var templateValue: TemplateValue { self } }
extension String: TemplateConvertible { var templateValue: TemplateValue { .string(self) } }
extension Int: TemplateConvertible { var templateValue: TemplateValue { .int(self) } }
extension Bool: TemplateConvertible { var templateValue: TemplateValue { .bool(self) } }
extension Double: TemplateConvertible { var templateValue: TemplateValue { .double(self) } }
extension Array: TemplateConvertible where Element: TemplateConvertible { var templateValue: TemplateValue { .list(map(\.templateValue)) } }

extension ImageView: TemplateConvertible {
    var templateValue: TemplateValue {
        var fields = TemplateValue.fields(["src": src, "width": width, "height": height, "alt": alt, "placeholder": placeholder])
        if let shinySrc { fields["shinySrc"] = shinySrc.templateValue }
        return .object(fields)
    }
}

extension LinkView: TemplateConvertible {
    var templateValue: TemplateValue { .object(["href": href, "label": label, "current": current]) }
}

extension TypeBadgeView: TemplateConvertible {
    var templateValue: TemplateValue { .object(["name": name, "key": key, "href": href]) }
}

extension StatusView: TemplateConvertible {
    var templateValue: TemplateValue { .object(["label": label, "key": key]) }
}

extension PokemonRowView: TemplateConvertible {
    var templateValue: TemplateValue {
        .object(["id": id, "number": number, "name": name, "href": href, "searchName": searchName, "typeKeys": typeKeys,
         "removeLabel": removeLabel, "sprite": sprite.templateValue, "types": types])
    }
}

extension CharacterCardView: TemplateConvertible {
    var templateValue: TemplateValue {
        .object(["name": name, "href": href, "image": image.templateValue, "status": status.templateValue, "species": species])
    }
}

extension LayoutView: TemplateConvertible {
    var templateValue: TemplateValue {
        var fields = TemplateValue.fields([
            "lang": lang, "title": title, "fullTitle": fullTitle, "description": description, "siteTitle": siteTitle, "home": home,
            "stylesheet": stylesheet, "icon": icon, "nav": nav, "languages": languages,
            "hasLanguages": hasLanguages, "root": root, "kind": kind, "settingsScript": settingsScript, "scripts": scripts, "styles": styles,
            "stringsJSON": stringsJSON, "tools": tools, "t": t,
        ])
        if let canonical { fields["canonical"] = canonical.templateValue }
        if let baseHref { fields["baseHref"] = baseHref.templateValue }
        if let search { fields["search"] = search.templateValue }
        if let converted = TemplateValue.from(content) { fields["content"] = converted }
        return .object(fields)
    }
}

extension LanguageLink: TemplateConvertible {
    var templateValue: TemplateValue {
        var fields = TemplateValue.fields(["code": code, "label": label, "href": href, "current": current])
        if let absolute { fields["absolute"] = absolute.templateValue }
        return .object(fields)
    }
}

extension PaginationView: TemplateConvertible {
    var templateValue: TemplateValue {
        var fields = TemplateValue.fields(["pages": pages, "isNeeded": isNeeded])
        if let previous { fields["previous"] = previous.templateValue }
        if let next { fields["next"] = next.templateValue }
        return .object(fields)
    }
}

extension DocLinkView: TemplateConvertible {
    var templateValue: TemplateValue {
        .object(["title": title, "description": description, "hasDescription": !description.isEmpty, "href": href, "draft": draft])
    }
}

extension SectionLinkView: TemplateConvertible {
    var templateValue: TemplateValue { .object(["title": title, "href": href, "count": count]) }
}

extension SectionView: TemplateConvertible {
    var templateValue: TemplateValue {
        .object(["title": title, "description": description, "hasDescription": !description.isEmpty, "html": html, "breadcrumbs": breadcrumbs,
         "hasBreadcrumbs": hasBreadcrumbs, "subsections": subsections, "hasSubsections": hasSubsections,
         "pages": pages, "hasPages": hasPages, "pagination": pagination.templateValue])
    }
}

extension ContentPageView: TemplateConvertible {
    var templateValue: TemplateValue {
        var fields = TemplateValue.fields(["title": title, "showTitle": showTitle, "html": html, "draft": draft,
                                     "breadcrumbs": breadcrumbs, "hasBreadcrumbs": hasBreadcrumbs])
        if let contentLanguage { fields["contentLanguage"] = contentLanguage.templateValue }
        return .object(fields)
    }
}
