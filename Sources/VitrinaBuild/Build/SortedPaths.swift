/// A sorted list of the output's paths kept sorted through an edit: what the manifest's appended lines and the search
/// index's renamed files change in it, found by halving and merged in one pass (a remove or insert per path moved the
/// whole list each time).
/// Una lista ordenada de rutas que sigue ordenada tras una edición: lo que cambia se busca por mitades y se une en una pasada.
extension Array where Element: Comparable {
    /// The first place in this sorted array whose element is not before `value`, found by halving.
    /// El primer lugar de este array ordenado cuyo elemento no va antes de `value`.
    func sortedPlace(of value: Element) -> Int {
        var (low, high) = (0, count)
        while low < high {
            let middle = (low + high) / 2
            if self[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// This sorted array (each element once) without `removing` and with `adding`, sorted; an element in both stays.
    /// Este array ordenado sin `removing` y con `adding`, ordenado; uno que esté en ambos se queda.
    func merging(removing: some Sequence<Element>, adding: some Sequence<Element>) -> [Element] where Element: Hashable {
        let adding = Set(adding)
        let added = adding.filter { value in
            let place = sortedPlace(of: value)
            return place == count || self[place] != value
        }.sorted()
        let skipped = Set(removing).subtracting(adding).compactMap { value -> Int? in
            let place = sortedPlace(of: value)
            return place < count && self[place] == value ? place : nil
        }.sorted()
        guard !skipped.isEmpty || !added.isEmpty else { return self }
        var merged: [Element] = []
        merged.reserveCapacity(count - skipped.count + added.count)
        var (nextSkipped, nextAdded) = (0, 0)
        for (place, value) in enumerated() {
            while nextAdded < added.count, added[nextAdded] < value {
                merged.append(added[nextAdded])
                nextAdded += 1
            }
            if nextSkipped < skipped.count, skipped[nextSkipped] == place {
                nextSkipped += 1
                continue
            }
            merged.append(value)
        }
        merged.append(contentsOf: added[nextAdded...])
        return merged
    }
}
