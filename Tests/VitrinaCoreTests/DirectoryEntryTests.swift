import Foundation
import Testing
import TestSupport
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// Directory entries read as `readdir` hands them out: only as long as their names.
/// Entradas de carpeta leídas tal como las da `readdir`: tan largas como su nombre.
@Suite("Directory entries")
struct DirectoryEntryTests {
    /// An entry of a one-letter name whose last byte is the last readable byte before a page that cannot be read (as
    /// when readdir's buffer ends a mapping): its name and type are read without touching that page.
    @Test func anEntryEndingAtAnUnreadablePageIsReadInPlace() throws {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let memory = try #require(mmap(nil, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0))
        #expect(memory != MAP_FAILED)
        defer { munmap(memory, 2 * page) }
        #expect(mprotect(memory + page, page, PROT_NONE) == 0)
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        let size = (nameOffset + 2 + 7) & ~7
        let entry = memory + page - size
        memset(entry, 0, size)
        entry.storeBytes(of: UInt8(DT_REG), toByteOffset: MemoryLayout<dirent>.offset(of: \dirent.d_type)!, as: UInt8.self)
        entry.storeBytes(of: UInt8(ascii: "a"), toByteOffset: nameOffset, as: UInt8.self)
        let pointer = UnsafePointer(entry.assumingMemoryBound(to: dirent.self))
        #expect(Array(Files.entryName(pointer)) == [UInt8(ascii: "a")])
        #expect(Files.entryType(pointer) == UInt8(DT_REG))
    }

    /// Names of every length from 1 to 255 bytes, in one folder, each found by the walk with its stamp.
    @Test func namesOfEveryLengthAreFound() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vitrina-entries-\(UUID().uuidString)").path
        defer { try? Files.remove(root) }
        let names = (1...255).map { String(repeating: "n", count: $0 - 1) + "\($0 % 10)" }
        for name in names { try Files.write([1], to: root + "/" + name) }
        #expect(Files.list(root) == names.sorted())
        #expect(Set(Files.scan(root, stamping: true).stamps.map(\.0)) == Set(names))
        #expect(!Files.isEmptyFolder(root))
    }

    /// The stamp's walk, whose root's folders are walked on every core, finds what one walk finds, in the same order:
    /// over seeded trees of files, folders, links to files and folders, links leading back up (loops), FIFOs, names
    /// with combining marks, a skipped top-level folder and files at the root between folders.
    @Test func theSplitWalkFindsWhatOneWalkFinds() throws {
        var random = SeededGenerator(seed: 0x5CA7)
        for tree in 0..<40 {
            let root = FileManager.default.temporaryDirectory.appendingPathComponent("vitrina-walk-\(UUID().uuidString)").path
            defer { try? Files.remove(root) }
            var folders = [root]
            let names = ["a", "b", "é", "e\u{301}", "data", "x y", "ñ", "z"]
            for step in 0..<Int.random(in: 5...65, using: &random) {
                let folder = folders[Int.random(in: 0..<folders.count, using: &random)]
                let path = folder + "/" + random.pick(names) + "\(step)"
                switch Int.random(in: 0..<8, using: &random) {
                case 0, 1: try Files.createDirectory(path); folders.append(path)
                case 2: symlink(folders[Int.random(in: 0..<folders.count, using: &random)], path)
                case 3: mkfifo(path, 0o644)
                case 4: symlink(path + "-missing", path)
                default: try Files.write(Array("\(step)".utf8), to: path)
                }
            }
            for skipping in [Set<String>(), Set(["data\(Int.random(in: 0..<10, using: &random))", "a1"])] {
                let one = Files.scan(root, skippingFolders: skipping, stamping: true, splitting: false)
                let split = Files.scan(root, skippingFolders: skipping, stamping: true, splitting: true)
                #expect(split.stamps.map(\.path) == one.stamps.map(\.path), "tree \(tree)")
                #expect(split.stamps.map(\.stamp) == one.stamps.map(\.stamp), "tree \(tree)")
                #expect(split.folders == one.folders && split.loops == one.loops && split.specials == one.specials, "tree \(tree)")
            }
        }
    }
}
