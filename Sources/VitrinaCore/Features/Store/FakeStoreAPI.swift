/// The Fake Store client: every product and the category names.
/// El cliente de Fake Store: todos los productos y los nombres de categoría.
public struct FakeStoreAPI: Sendable {
    let fetcher: Fetcher
    let base: String

    public init(fetcher: Fetcher, source: SourceConfig) {
        self.fetcher = fetcher
        self.base = source.baseURL
    }

    public func store() async throws -> Store {
        async let products = fetcher.json([ProductDTO].self, from: "\(base)/products")
        async let categories = fetcher.json([String].self, from: "\(base)/products/categories")
        return Store(categories: try await categories, products: try await products.map(\.model).sorted { $0.id < $1.id })
    }
}

struct ProductDTO: Decodable, Sendable {
    let id: Int
    let title: String
    let price: Double
    let description: String
    let category: String
    let image: String
    let rating: Rating?
    struct Rating: Decodable, Sendable { let rate: Double; let count: Int }

    var model: Product {
        Product(id: id, title: title, price: price, description: description, category: category, image: image,
                rating: rating?.rate ?? 0, ratingCount: rating?.count ?? 0)
    }
}
