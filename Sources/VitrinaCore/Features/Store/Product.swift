/// A Fake Store product.
/// Un producto de la Fake Store.
public struct Product: Sendable, Equatable, Identifiable {
    public let id: Int
    public let title: String
    public let price: Double
    public let description: String
    public let category: String
    public let image: String
    public let rating: Double
    public let ratingCount: Int
}

/// The store: categories in the API's order and their products.
/// La tienda: categorías en el orden de la API y sus productos.
public struct Store: Sendable {
    public let categories: [String]
    public let products: [Product]

    public func products(in category: String) -> [Product] { products.filter { $0.category == category } }
    public var imageURLs: [String] { products.map(\.image) }
}
