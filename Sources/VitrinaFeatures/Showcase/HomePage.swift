import VitrinaKit

/// Builds the home page: the app's feature cards, each linking to its section.
/// Construye la portada: las tarjetas de funciones de la app, cada una enlazando a su sección.
public struct HomePages: Sendable {
    let cards: [FeatureCard]
    let pageContext: PageContext

    public init(cards: [FeatureCard], pageContext: PageContext) {
        self.cards = cards
        self.pageContext = pageContext
    }

    public func pages() -> [Page] {
        pageContext.routes.languages.map { language in
            let route = pageContext.routes.route(language)
            let view = HomeView(
                heading: pageContext.config.title, intro: pageContext.strings.text("home_intro", language),
                cards: cards.map { card in
                    HomeCardView(
                        key: card.key, icon: card.icon, title: card.title?(language) ?? pageContext.strings.text("card_\(card.key)_title", language),
                        text: card.text?(language) ?? pageContext.strings.text("card_\(card.key)_text", language),
                        href: route.link(to: card.route(language)))
                })
            return Page(route: route, language: language, template: "home/index", title: pageContext.config.title, description: view.intro,
                        navigationKey: "home", alternates: pageContext.routes.alternates { pageContext.routes.route($0) }, content: view)
                .with(inputs: [.of("home:cards", view.cards.flatMap { [$0.key, $0.icon, $0.title, $0.text, $0.href] })])
        }
    }
}

struct HomeCardView: Sendable { let key: String; let icon: String; let title: String; let text: String; let href: String }
struct HomeView: Sendable { let heading: String; let intro: String; let cards: [HomeCardView] }
