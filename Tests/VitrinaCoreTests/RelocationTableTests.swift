#if canImport(Glibc)
import Foundation
import Testing
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// Handing back the loader's relocation table, tried on this test binary (a PIE, relocated by the same loader).
/// Devolver la tabla de reubicaciones del cargador, probado en este mismo binario de pruebas.
@Suite("Relocation table")
struct RelocationTableTests {
    /// The bytes of the table, read where it is mapped.
    func tableBytes(_ table: Range<UInt>) -> [UInt8] {
        Array(UnsafeRawBufferPointer(start: UnsafeRawPointer(bitPattern: table.lowerBound), count: table.count))
    }

    /// Resident pages of `range`, from /proc/self/pagemap (bit 63 of each page's entry).
    func residentPages(_ range: Range<UInt>) throws -> Int {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/self/pagemap"))
        defer { try? handle.close() }
        let page = UInt(sysconf(Int32(_SC_PAGESIZE)))
        try handle.seek(toOffset: UInt64(range.lowerBound / page * 8))
        let count = Int((range.upperBound - 1) / page - range.lowerBound / page + 1)
        let data = try handle.read(upToCount: count * 8) ?? Data()
        return stride(from: 0, to: data.count, by: 8).filter { data[data.startIndex + $0 + 7] & 0x80 != 0 }.count
    }

    @Test func theTableLiesInAReadOnlySegmentAndReadsTheSameAfterItIsHandedBack() throws {
        let image = try #require(LoadedImage.current())
        let table = try #require(image.relocationTable(), "a PIE has relative relocations")
        #expect(table.count % 24 == 0, "whole Elf64_Rela entries: \(table.count) bytes")
        let segment = try #require(image.readOnlySegment(containing: table))
        #expect(segment.lowerBound <= table.lowerBound && table.upperBound <= segment.upperBound)
        // The first entry moves a word of this binary's data: its offset lies inside a segment of the image.
        let first = UnsafeRawPointer(bitPattern: table.lowerBound)!.loadUnaligned(as: UInt64.self)
        #expect(image.segments.contains { $0.type == LoadedImage.typeLoad && $0.range.contains(image.bias + UInt(first)) })

        let before = tableBytes(table)
        let released = RelocationTable.release()
        let page = UInt(sysconf(Int32(_SC_PAGESIZE)))
        let wholePages = Int(table.upperBound / page * page) - Int((table.lowerBound + page - 1) / page * page)
        #expect(released == max(wholePages, 0))
        if released > 0 {
            let start = (table.lowerBound + page - 1) / page * page
            #expect(try residentPages(start..<(start + UInt(released))) < released / Int(page), "some pages were handed back")
        }
        #expect(tableBytes(table) == before, "the pages come back from the file unchanged")
    }

    @Test func aRangeInAWritableSegmentOrAcrossSegmentsIsRefused() {
        let image = LoadedImage(segments: [
            .init(type: LoadedImage.typeLoad, flags: 4, range: 0x1000..<0x9000),
            .init(type: LoadedImage.typeLoad, flags: 4 | LoadedImage.writable, range: 0x9000..<0x12000),
            .init(type: LoadedImage.typeDynamic, flags: 4, range: 0x2000..<0x3000),
        ], bias: 0)
        #expect(image.readOnlySegment(containing: 0x2000..<0x8000) == 0x1000..<0x9000)
        #expect(image.readOnlySegment(containing: 0x9000..<0xA000) == nil, "writable: what the loader wrote would be lost")
        #expect(image.readOnlySegment(containing: 0x8000..<0xA000) == nil, "reaches into the writable segment")
        #expect(image.readOnlySegment(containing: 0x0..<0x2000) == nil, "starts before the segment")
        #expect(image.readOnlySegment(containing: 0x2000..<0x3000) == 0x1000..<0x9000, "a dynamic header is not a segment, its load is")
    }
}
#endif
