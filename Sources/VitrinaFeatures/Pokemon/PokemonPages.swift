import VitrinaKit

/// Builds the Pokémon list, one detail page per Pokémon and one page per type, in every language.
/// Construye la lista de Pokémon, una página por Pokémon y una por tipo, en cada idioma.
public struct PokemonPages: Sendable {
    /// The UI strings its scripts read from the page.
    static let scriptStrings = ["remove_confirm_title", "remove_label"]

    let pokedex: Pokedex
    let pageContext: PageContext
    let routes: PokemonRoutes
    private let byID: [Int: Pokemon]
    /// What each page shows of the data, as its inputs.
    let inputs: PokedexInputs

    public init(pokedex: Pokedex, pageContext: PageContext) {
        self.pokedex = pokedex
        self.pageContext = pageContext
        self.routes = PokemonRoutes(site: pageContext.routes)
        self.byID = Dictionary(uniqueKeysWithValues: pokedex.pokemon.map { ($0.id, $0) })
        self.inputs = PokedexInputs(pokedex, media: pageContext.pictures.media)
    }

    public func pages() -> [Page] {
        pageContext.routes.languages.flatMap { language in
            [listPage(language)]
                + pokedex.pokemon.map { detailPage($0, language) }
                + pokedex.pokemon.map { albumPage($0, language) }
                + pokedex.types.values.filter { !$0.pokemonIDs.isEmpty }.sorted { $0.id < $1.id }.map { typePage($0, language) }
        }
    }

    // MARK: List / lista

    func listPage(_ language: String) -> Page {
        let route = routes.list(language)
        let view = PokemonListView(
            heading: pageContext.strings.text("pokemon_title", language),
            intro: pageContext.strings.text("pokemon_intro", language),
            rows: pokedex.pokemon.map { row($0, language, from: route) },
            types: pokedex.types.values.filter { !$0.pokemonIDs.isEmpty }.sorted { $0.id < $1.id }.map { badge($0.name, language, from: route) })
        return Page(route: route, language: language, template: "pokemon/list", title: view.heading, description: view.intro,
                    navigationKey: "pokemon", alternates: pageContext.routes.alternates(routes.list), content: view)
            .with(kind: "pokemon-list", scripts: [Self.script])
            .with(inputs: pokedex.pokemon.flatMap { rowInputs($0.id) } + inputs.allTypes + [inputs.order])
    }

    func row(_ pokemon: Pokemon, _ language: String, from route: Route) -> PokemonRowView {
        let name = pokemon.displayName(language)
        return PokemonRowView(
            id: pokemon.id, number: Self.number(pokemon.id), name: name, href: route.link(to: routes.detail(pokemon, language)),
            searchName: Set([name.lowercased(), pokemon.name]).sorted().joined(separator: " "),
            typeKeys: pokemon.types.map { Slug.make($0) }.joined(separator: " "),
            removeLabel: "\(pageContext.strings.text("remove_label", language)) \(name)",
            sprite: pageContext.pictures.sprite(pokemon.sprites.front, alt: name, from: route, expected: (96, 96), shiny: pokemon.sprites.frontShiny),
            types: pokemon.types.map { badge($0, language, from: route) })
    }

    func badge(_ typeName: String, _ language: String, from route: Route) -> TypeBadgeView {
        let type = pokedex.types[typeName]
        return TypeBadgeView(name: type?.displayName(language) ?? typeName.capitalized, key: Slug.make(typeName),
                             href: type.map { _ in route.link(to: routes.type(typeName, language)) } ?? "")
    }

    // MARK: Detail / ficha

    func detailPage(_ pokemon: Pokemon, _ language: String) -> Page {
        let route = routes.detail(pokemon, language)
        let name = pokemon.displayName(language)
        let description = [pokemon.genus.text(language), pokemon.flavorText.text(language)].filter { !$0.isEmpty }.joined(separator: " — ")
        return Page(route: route, language: language, template: "pokemon/detail", title: "\(name) \(Self.number(pokemon.id))",
                    description: description, navigationKey: "pokemon", alternates: pageContext.routes.alternates { routes.detail(pokemon, $0) },
                    makeContent: { [self] in detailView(pokemon, language, route) })
            .with(kind: "pokemon", scripts: [Self.script])
            .searching("pokemon", SearchSource(fields: [description] + searchFields(pokemon, language)))
            .with(inputs: madeFrom(pokemon))
            .with { $0.image = pageContext.pictures.path(pokemon.sprites.dreamWorld ?? pokemon.sprites.front) }
    }

    /// What search finds a Pokémon by beside its name: its types' and abilities' names in `language`.
    func searchFields(_ pokemon: Pokemon, _ language: String) -> [String] {
        pokemon.types.map { pokedex.types[$0]?.displayName(language) ?? $0 }
            + pokemon.abilities.map { pokedex.abilities[$0.name]?.names.text(language, fallback: $0.name) ?? $0.name }
    }

    func detailView(_ pokemon: Pokemon, _ language: String, _ route: Route) -> PokemonDetailView {
        let name = pokemon.displayName(language)
        let t = { pageContext.strings.text($0, language) }
        let spriteFigures: [(String?, String, String?)] = [
            (pokemon.sprites.front, "sprite_front", pokemon.sprites.frontShiny), (pokemon.sprites.back, "sprite_back", pokemon.sprites.backShiny),
            (pokemon.sprites.frontShiny, "sprite_shiny", nil), (pokemon.sprites.backShiny, "sprite_shiny_back", nil),
        ]
        return PokemonDetailView(
            number: Self.number(pokemon.id), name: name,
            genus: pokemon.genus.text(language),
            artwork: pageContext.pictures.image(pokemon.sprites.dreamWorld ?? pokemon.sprites.front, alt: name, from: route, expected: (240, 240)),
            sprites: spriteFigures.compactMap { url, key, shiny in
                url.map { FigureView(image: pageContext.pictures.sprite($0, alt: "\(name) — \(t(key))", from: route, expected: (96, 96), shiny: shiny), caption: t(key)) }
            },
            album: LinkView(href: route.link(to: routes.album(pokemon, language)), label: t("album_open")),
            types: pokemon.types.map { badge($0, language, from: route) },
            abilities: pokemon.abilities.map { slot in
                AbilityView(name: pokedex.abilities[slot.name]?.names.text(language, fallback: slot.name) ?? slot.name, hidden: slot.isHidden)
            },
            height: Formatting.decimal(Double(pokemon.height) / 10, digits: 1, language: language) + " m",
            weight: Formatting.decimal(Double(pokemon.weight) / 10, digits: 1, language: language) + " kg",
            stats: pokemon.stats.map { stat in
                StatView(label: t("stat_\(stat.name)"), value: stat.value, percent: min(100, stat.value * 100 / 255))
            },
            total: pokemon.stats.reduce(0) { $0 + $1.value },
            flavorText: pokemon.flavorText.text(language),
            flavorFallbackLanguage: pokemon.flavorText.has(language) ? nil : "en",
            evolution: evolution(of: pokemon, language, from: route),
            previous: byID[pokemon.id - 1].map { LinkView(href: route.link(to: routes.detail($0, language)), label: $0.displayName(language)) },
            next: byID[pokemon.id + 1].map { LinkView(href: route.link(to: routes.detail($0, language)), label: $0.displayName(language)) },
            back: LinkView(href: route.link(to: routes.list(language)), label: t("pokemon_title")))
    }

    /// Everything a detail page shows: the Pokémon, its types' and abilities' names, its evolution chain with each
    /// member's row, and the previous and next Pokémon.
    func madeFrom(_ pokemon: Pokemon) -> [BuildInput] {
        var made = [inputs.pokemon(pokemon.id)] + pokemon.types.map(inputs.typeLabel)
        made += pokemon.abilities.map { inputs.ability($0.name) }
        if let id = pokemon.evolutionChainID {
            made.append(inputs.chain(id))
            for member in (pokedex.chains[id]?.stages ?? []).joined() { made += rowInputs(member) }
        }
        return made + rowInputs(pokemon.id - 1) + rowInputs(pokemon.id + 1)
    }

    /// What a row or link shows of the Pokémon of id `id` (nothing when there is none).
    func rowInputs(_ id: Int) -> [BuildInput] { inputs.row(id, types: byID[id]?.types ?? []) }

    func evolution(of pokemon: Pokemon, _ language: String, from route: Route) -> [EvolutionStageView] {
        guard let chain = pokemon.evolutionChainID.flatMap({ pokedex.chains[$0] }), chain.stages.joined().count > 1 else { return [] }
        return chain.stages.map { stage in
            EvolutionStageView(members: stage.compactMap { id in
                guard let member = byID[id] else { return nil }
                let name = member.displayName(language)
                return EvolutionMemberView(
                    name: name, number: Self.number(id), href: route.link(to: routes.detail(member, language)),
                    sprite: pageContext.pictures.sprite(member.sprites.front, alt: name, from: route, expected: (96, 96), shiny: member.sprites.frontShiny),
                    current: id == pokemon.id)
            })
        }.filter { !$0.members.isEmpty }
    }

    // MARK: Album / álbum

    func albumPage(_ pokemon: Pokemon, _ language: String) -> Page {
        let name = pokemon.displayName(language)
        let t = { pageContext.strings.text($0, language) }
        let s = pokemon.sprites
        var photos: [AlbumPhoto] = [(s.front, "sprite_front"), (s.back, "sprite_back"), (s.frontShiny, "sprite_shiny"),
                                    (s.backShiny, "sprite_shiny_back"), (s.female, "sprite_female")]
            .compactMap { url, key in url.map { AlbumPhoto(key: $0, caption: "\(name) — \(t(key))", expected: (96, 96)) } }
        if let dream = s.dreamWorld { photos.append(AlbumPhoto(key: dream, caption: "\(name) — \(t("sprite_dream_world"))", expected: (240, 240))) }
        photos += s.games.map { AlbumPhoto(key: $0.url, caption: "\(name) — \(t("game_\($0.game)"))", expected: (56, 56)) }
        let route = routes.album(pokemon, language)
        return pageContext.pictures.albumPage(
            photos: photos, title: "\(t("album_title")): \(name)",
            back: LinkView(href: route.link(to: routes.detail(pokemon, language)), label: name),
            route: route, language: language, navigationKey: "pokemon", alternates: pageContext.routes.alternates { routes.album(pokemon, $0) })
            .with(inputs: [inputs.pokemon(pokemon.id)])
    }

    // MARK: Types / tipos

    func typePage(_ type: PokemonType, _ language: String) -> Page {
        let route = routes.type(type.name, language)
        let name = type.displayName(language)
        let view = PokemonTypeView(
            name: name, key: Slug.make(type.name), count: type.pokemonIDs.count,
            rows: type.pokemonIDs.compactMap { byID[$0] }.map { row($0, language, from: route) },
            back: LinkView(href: route.link(to: routes.list(language)), label: pageContext.strings.text("pokemon_title", language)))
        return Page(route: route, language: language, template: "pokemon/type", title: "\(pageContext.strings.text("type_label", language)): \(name)",
                    navigationKey: "pokemon", alternates: pageContext.routes.alternates { routes.type(type.name, $0) }, content: view)
            .with(scripts: [Self.script])
            .with(inputs: [inputs.type(type.name)] + type.pokemonIDs.flatMap(rowInputs))
    }

    /// The table's filter and removal, with the feature's templates (`Templates/pokemon/pokemon.js`).
    static let script = "assets/pokemon/pokemon.js"

    static func number(_ id: Int) -> String {
        let digits = String(id)
        return "#" + String(repeating: "0", count: max(0, 3 - digits.count)) + digits
    }
}

// MARK: - View models / modelos de vista

struct PokemonListView: Sendable {
    let heading: String
    let intro: String
    let rows: [PokemonRowView]
    let types: [TypeBadgeView]
    let removable = true
}
struct PokemonRowView: Sendable {
    let id: Int
    let number: String
    let name: String
    let href: String
    let searchName: String
    let typeKeys: String
    let removeLabel: String
    let sprite: ImageView
    let types: [TypeBadgeView]
}
struct TypeBadgeView: Sendable { let name: String; let key: String; let href: String }
struct FigureView: Sendable { let image: ImageView; let caption: String }
struct AbilityView: Sendable { let name: String; let hidden: Bool }
struct StatView: Sendable { let label: String; let value: Int; let percent: Int }
struct EvolutionStageView: Sendable { let members: [EvolutionMemberView] }
struct EvolutionMemberView: Sendable { let name: String; let number: String; let href: String; let sprite: ImageView; let current: Bool }
struct PokemonTypeView: Sendable {
    let name: String
    let key: String
    let count: Int
    let rows: [PokemonRowView]
    let back: LinkView
    let removable = false
}

struct PokemonDetailView: Sendable {
    let number: String
    let name: String
    let genus: String
    let artwork: ImageView
    let sprites: [FigureView]
    let album: LinkView
    let types: [TypeBadgeView]
    let abilities: [AbilityView]
    let height: String
    let weight: String
    let stats: [StatView]
    let total: Int
    let flavorText: String
    let flavorFallbackLanguage: String?
    let evolution: [EvolutionStageView]
    let previous: LinkView?
    let next: LinkView?
    let back: LinkView
}

extension TypeBadgeView: TemplateConvertible {
    var templateValue: TemplateValue { .object(["name": .string(name), "key": .string(key), "href": .string(href)]) }
}

extension PokemonRowView: TemplateConvertible {
    var templateValue: TemplateValue {
        .object(["id": .int(id), "number": .string(number), "name": .string(name), "href": .string(href), "searchName": .string(searchName),
                 "typeKeys": .string(typeKeys), "removeLabel": .string(removeLabel), "sprite": sprite.templateValue, "types": types.templateValue])
    }
}

extension FigureView: TemplateConvertible {
    var templateValue: TemplateValue { .object(["image": image.templateValue, "caption": .string(caption)]) }
}

extension AbilityView: TemplateConvertible {
    var templateValue: TemplateValue { .object(["name": .string(name), "hidden": .bool(hidden)]) }
}

extension StatView: TemplateConvertible {
    var templateValue: TemplateValue { .object(["label": .string(label), "value": .int(value), "percent": .int(percent)]) }
}

extension EvolutionStageView: TemplateConvertible {
    var templateValue: TemplateValue { .object(["members": members.templateValue]) }
}

extension EvolutionMemberView: TemplateConvertible {
    var templateValue: TemplateValue {
        .object(["name": .string(name), "number": .string(number), "href": .string(href), "sprite": sprite.templateValue, "current": .bool(current)])
    }
}
