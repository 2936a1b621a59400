/// Where the store pages live: categories, then a category's products, then each product.
/// Dónde viven las páginas de la tienda: categorías, productos de una categoría y cada producto.
public struct StoreRoutes: Sendable {
    let factory: PageFactory

    private func root(_ language: String) -> String { factory.segment("route_store", language) }

    public func categories(_ language: String) -> Route { factory.route(language, root(language)) }
    public func category(_ name: String, _ language: String) -> Route { factory.route(language, root(language), Slug.make(name)) }
    public func album(_ name: String, _ language: String) -> Route { factory.route(language, root(language), Slug.make(name), factory.segment("route_album", language)) }
    public func product(_ product: Product, _ language: String) -> Route {
        factory.route(language, root(language), Slug.make(product.category), Slug.make(id: product.id, name: product.title))
    }
}

/// Builds the categories page, one page per category and one per product, in every language.
/// Construye la página de categorías, una por categoría y una por producto, en cada idioma.
public struct StorePages: Sendable {
    let store: Store
    let factory: PageFactory
    let routes: StoreRoutes

    public init(store: Store, factory: PageFactory) {
        self.store = store
        self.factory = factory
        self.routes = StoreRoutes(factory: factory)
    }

    public func pages() -> [Page] {
        factory.languages.flatMap { language -> [Page] in
            [categoriesPage(language)] + store.categories.map { categoryPage($0, language) } + store.categories.map { albumPage($0, language) }
                + store.products.map { productPage($0, language) }
        }
    }

    func categoryName(_ category: String, _ language: String) -> String {
        let key = "category_" + Slug.make(category).replacingOccurrences(of: "-", with: "_")
        let text = factory.text(key, language)
        return text == key ? category.capitalized : text
    }

    func categoriesPage(_ language: String) -> Page {
        let route = routes.categories(language)
        let view = StoreCategoriesView(
            heading: factory.text("store_title", language), intro: factory.text("store_intro", language),
            categories: store.categories.map { category in
                let products = store.products(in: category)
                return CategoryCardView(
                    name: categoryName(category, language), href: route.link(to: routes.category(category, language)), count: products.count,
                    image: factory.image(products.first?.image, alt: categoryName(category, language), from: route, expected: (200, 200)))
            })
        return Page(route: route, language: language, template: "store/categories", title: view.heading, description: view.intro,
                    section: "store", alternates: factory.alternates(routes.categories), content: view)
    }

    func categoryPage(_ category: String, _ language: String) -> Page {
        let route = routes.category(category, language)
        let name = categoryName(category, language)
        let view = StoreCategoryView(
            name: name,
            products: store.products(in: category).map { product in
                ProductCardView(title: product.title, href: route.link(to: routes.product(product, language)),
                                price: Formatting.price(product.price, language: language),
                                image: factory.image(product.image, alt: product.title, from: route, expected: (200, 200)))
            },
            back: LinkView(href: route.link(to: routes.categories(language)), label: factory.text("store_title", language)),
            album: LinkView(href: route.link(to: routes.album(category, language)), label: factory.text("album_open", language)))
        return Page(route: route, language: language, template: "store/category", title: name, section: "store",
                    alternates: factory.alternates { routes.category(category, $0) }, content: view)
    }

    func albumPage(_ category: String, _ language: String) -> Page {
        let route = routes.album(category, language)
        let name = categoryName(category, language)
        return factory.albumPage(
            photos: store.products(in: category).map { AlbumPhoto(key: $0.image, caption: $0.title, expected: (400, 400)) },
            title: "\(factory.text("album_title", language)): \(name)",
            back: LinkView(href: route.link(to: routes.category(category, language)), label: name),
            route: route, language: language, section: "store", alternates: factory.alternates { routes.album(category, $0) })
    }

    func productPage(_ product: Product, _ language: String) -> Page {
        let route = routes.product(product, language)
        let view = ProductDetailView(
            title: product.title, price: Formatting.price(product.price, language: language),
            image: factory.image(product.image, alt: product.title, from: route, expected: (400, 400)),
            rating: Formatting.decimal(product.rating, digits: 1, language: language),
            ratingPercent: Int((product.rating / 5 * 100).rounded()),
            ratingCount: product.ratingCount, description: product.description,
            category: LinkView(href: route.link(to: routes.category(product.category, language)), label: categoryName(product.category, language)),
            favourite: factory.favourite(id: "product:\(product.id)", title: product.title, route: route, imageKey: product.image,
                                         kindKey: "kind_product", language: language))
        return Page(route: route, language: language, template: "store/product", title: product.title,
                    description: String(product.description.prefix(155)), section: "store",
                    alternates: factory.alternates { routes.product(product, $0) }, content: view)
            .with(kind: "product", searchKind: "product")
    }
}

struct CategoryCardView: Sendable { let name: String; let href: String; let count: Int; let image: ImageView }
struct StoreCategoriesView: Sendable { let heading: String; let intro: String; let categories: [CategoryCardView] }
struct ProductCardView: Sendable { let title: String; let href: String; let price: String; let image: ImageView }
struct StoreCategoryView: Sendable { let name: String; let products: [ProductCardView]; let back: LinkView; let album: LinkView }
struct ProductDetailView: Sendable {
    let title: String
    let price: String
    let image: ImageView
    let rating: String
    let ratingPercent: Int
    let ratingCount: Int
    let description: String
    let category: LinkView
    let favourite: FavouriteView
}
