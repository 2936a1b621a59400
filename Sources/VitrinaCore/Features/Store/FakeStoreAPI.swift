/// The Fake Store client: every product and the category names.
/// El cliente de Fake Store: todos los productos y los nombres de categoría.
public struct FakeStoreAPI: Sendable {
    let fetcher: Fetcher
    let base: String
    let source: SourceConfig

    /// Resources it can fetch; without `categories` the category list is taken from the products.
    public static let resources = ["products", "categories"]

    public init(fetcher: Fetcher, source: SourceConfig) {
        self.fetcher = fetcher
        self.base = source.baseURL
        self.source = source
    }

    public func store() async throws -> Store {
        async let products = fetcher.json([ProductDTO].self, from: "\(base)/products")
        async let listed = source.includes("categories") ? fetcher.json([String].self, from: "\(base)/products/categories") : nil
        let models = try await products.map(\.model).sorted { $0.id < $1.id }
        var categories = try await listed ?? []
        for product in models where !categories.contains(product.category) { categories.append(product.category) }
        return Store(categories: categories, products: models)
    }
}

struct ProductDTO: Codable, Sendable {
    let id: Int
    let title: String
    let price: Double
    let description: String
    let category: String
    let image: String
    let rating: Rating?
    struct Rating: Codable, Sendable { let rate: Double; let count: Int }

    var model: Product {
        Product(id: id, title: title, price: price, description: description, category: category, image: image,
                rating: rating?.rate ?? 0, ratingCount: rating?.count ?? 0)
    }
}

extension ProductDTO: NumbersInRange {
    /// Ranges of the numbers the pages show. / Rangos de los números que muestran las páginas.
    func numberOutOfRange() -> NumberProblem? {
        NumberRange.check(id, NumberRange.ids, "id") ?? NumberRange.check(price, NumberRange.prices, "price")
            ?? rating.flatMap {
                NumberRange.check($0.rate, NumberRange.ratings, "rating.rate") ?? NumberRange.check($0.count, NumberRange.amounts, "rating.count")
            }
    }
}
