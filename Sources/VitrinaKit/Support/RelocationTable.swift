#if canImport(Glibc)
import Glibc
#endif

/// The running binary's table of relocations, which the dynamic loader reads once, before `main`, to fix up the
/// addresses in its data (132,000 entries, 3 MB in the packed binary) and never again. Its pages are clean copies of the
/// file, so they can be handed back to the kernel: they would otherwise count in the process's memory to the end.
/// La tabla de reubicaciones del binario, que el cargador lee una vez antes de `main`: sus páginas se devuelven al núcleo.
public enum RelocationTable {
    /// Hands back the whole pages of the table, only when they lie in a segment the binary maps read-only (so nothing
    /// the loader wrote is dropped: a page read again later comes back from the file). Returns the bytes handed back.
    @discardableResult
    public static func release() -> Int {
        #if canImport(Glibc)
        guard let image = LoadedImage.current(), let table = image.relocationTable(),
              image.readOnlySegment(containing: table) != nil else { return 0 }
        let page = UInt(sysconf(Int32(_SC_PAGESIZE)))
        let start = (table.lowerBound + page - 1) / page * page, end = table.upperBound / page * page
        guard end > start, let address = UnsafeMutableRawPointer(bitPattern: start) else { return 0 }
        return madvise(address, Int(end - start), MADV_DONTNEED) == 0 ? Int(end - start) : 0
        #else
        return 0 // Other systems' loaders and binaries are left as they are.
        #endif
    }
}

#if canImport(Glibc)

/// The program headers of the running binary, read from where the loader mapped them (the ELF64 layout of x86-64 and
/// arm64 Linux).
/// Las cabeceras de programa del binario en ejecución, leídas de donde las dejó el cargador.
struct LoadedImage {
    /// A program header's type, flags and place in memory once loaded.
    struct Segment {
        let type: UInt32, flags: UInt32
        let range: Range<UInt>
    }

    let segments: [Segment]
    /// Where the binary was loaded: what its addresses are moved by.
    let bias: UInt

    static let typeLoad: UInt32 = 1, typeDynamic: UInt32 = 2, typeProgramHeaders: UInt32 = 6
    static let writable: UInt32 = 2
    static let tagNull: UInt64 = 0, tagRela: UInt64 = 7, tagRelaSize: UInt64 = 8

    /// The running binary's headers, from the auxiliary vector; nil when it gives none or they look wrong.
    static func current() -> LoadedImage? {
        let vector = auxiliaryVector()
        guard let address = vector[3].map(UInt.init), let count = vector[5].map(Int.init), let size = vector[4].map(Int.init),
              address != 0, (1...64).contains(count), size == 56 else { return nil }
        let headers = (0..<count).map { index -> (type: UInt32, flags: UInt32, address: UInt, size: UInt) in
            let header = UnsafeRawPointer(bitPattern: address + UInt(index * size))!
            return (header.loadUnaligned(as: UInt32.self), header.loadUnaligned(fromByteOffset: 4, as: UInt32.self),
                    UInt(header.loadUnaligned(fromByteOffset: 16, as: UInt64.self)),
                    UInt(header.loadUnaligned(fromByteOffset: 40, as: UInt64.self)))
        }
        // A binary lists its own headers (PT_PHDR): where they are now, less where the file says, is the bias.
        guard let own = headers.first(where: { $0.type == typeProgramHeaders }), own.address <= address else { return nil }
        let bias = address - own.address
        let segments = headers.map { header in
            Segment(type: header.type, flags: header.flags, range: (bias + header.address)..<(bias + header.address + header.size))
        }
        return LoadedImage(segments: segments, bias: bias)
    }

    /// The kernel's auxiliary vector (`/proc/self/auxv`: pairs of type and value up to type 0), by type; AT_PHDR is 3,
    /// AT_PHENT 4, AT_PHNUM 5.
    static func auxiliaryVector() -> [UInt64: UInt64] {
        let file = open("/proc/self/auxv", O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { return [:] }
        defer { close(file) }
        var words = [UInt64](repeating: 0, count: 128)
        let read = words.withUnsafeMutableBytes { Glibc.read(file, $0.baseAddress, $0.count) }
        var vector: [UInt64: UInt64] = [:]
        for pair in stride(from: 0, to: max(read, 0) / 16 * 2, by: 2) where words[pair] != 0 {
            vector[words[pair]] = words[pair + 1]
        }
        return vector
    }

    /// Where the relocation table lies in memory, from the dynamic section's DT_RELA and DT_RELASZ.
    func relocationTable() -> Range<UInt>? {
        guard let dynamic = segments.first(where: { $0.type == Self.typeDynamic }),
              let entries = UnsafeRawPointer(bitPattern: dynamic.range.lowerBound) else { return nil }
        var rela: UInt?, size: UInt?
        for index in 0..<(dynamic.range.count / 16) {
            let tag = entries.loadUnaligned(fromByteOffset: index * 16, as: UInt64.self)
            let value = UInt(entries.loadUnaligned(fromByteOffset: index * 16 + 8, as: UInt64.self))
            if tag == Self.tagNull { break }
            if tag == Self.tagRela { rela = value }
            if tag == Self.tagRelaSize { size = value }
        }
        guard let rela, let size, size > 0 else { return nil }
        // glibc moves the section's addresses by the bias in place; the file's own values lie below it.
        let start = rela < bias ? bias + rela : rela
        return start..<(start + size)
    }

    /// The loaded segment, not writable, that holds all of `range`.
    func readOnlySegment(containing range: Range<UInt>) -> Range<UInt>? {
        segments.first { segment in
            segment.type == Self.typeLoad && segment.flags & Self.writable == 0
                && segment.range.lowerBound <= range.lowerBound && range.upperBound <= segment.range.upperBound
        }?.range
    }
}
#endif
