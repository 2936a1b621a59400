extension Array {
    /// The same elements in a buffer of their count's size: an array grown by appending keeps up to twice the room it
    /// needs, and arrays kept for the whole build (a site's pages, each page's links) are worth the copy.
    /// Los mismos elementos en un búfer de su tamaño justo: un array que crece añadiendo guarda hasta el doble.
    func shrunkToFit() -> [Element] {
        guard capacity > count else { return self }
        return [Element](unsafeUninitializedCapacity: count) { buffer, initialized in initialized = buffer.initialize(fromContentsOf: self) }
    }
}
