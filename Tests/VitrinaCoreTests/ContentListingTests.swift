import Foundation
import Testing
import TestSupport
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// A rebuild lists `Content/` from its stamp's walk instead of walking it again: the listing must say what a walk says.
/// Una reconstrucción lista `Content/` desde el recorrido de su huella: la lista debe decir lo mismo que un recorrido.
@Suite("Content listing")
struct ContentListingTests {
    /// Over seeded trees (files, folders, links to files and folders, FIFOs, names with combining marks and spaces,
    /// names that share a prefix with a folder), for every folder and with and without skipped folders: the files the
    /// listing gives are those a walk of that folder finds, in its order, and each stamp is the file's own. A tree with
    /// a link leading back up gives no listing, so the loaders walk again and name the loop.
    @Test func theListingSaysWhatAWalkOfEachFolderFinds() throws {
        var random = SeededGenerator(seed: 0x115D)
        var loopsSeen = 0, listingsChecked = 0
        for tree in 0..<40 {
            let root = FileManager.default.temporaryDirectory.appendingPathComponent("vitrina-listing-\(UUID().uuidString)").path
            defer { try? Files.remove(root) }
            try Files.createDirectory(root)
            var folders = [root]
            let names = ["a", "a.md", "b.md", "é", "e\u{301}.md", "data", "x y.md", "ñ", "a-", "z.png"]
            let allowLoops = tree % 4 == 0
            for step in 0..<Int.random(in: 5...70, using: &random) {
                let folder = folders[Int.random(in: 0..<folders.count, using: &random)]
                let path = folder + "/" + random.pick(names) + (Bool.random(using: &random) ? "" : "\(step)")
                // A name already taken (by a FIFO, which a write would wait on, or a link) is left as it is.
                var taken = stat()
                guard lstat(path, &taken) != 0 else { continue }
                switch Int.random(in: 0..<9, using: &random) {
                case 0, 1, 2: if mkdir(path, 0o755) == 0 { folders.append(path) }
                case 3 where allowLoops: symlink(folders[Int.random(in: 0..<folders.count, using: &random)], path)
                case 4: mkfifo(path, 0o644)
                case 5: symlink(path + "-missing", path)
                default: try Files.write(Array("\(step)".utf8), to: path)
                }
            }
            let scan = Files.scan(root, stamping: true)
            guard let listing = ContentListing(scan) else {
                #expect(!scan.loops.isEmpty, "tree \(tree)")
                loopsSeen += 1
                continue
            }
            for folder in [""] + folders.dropFirst().map({ String($0.dropFirst(root.count + 1)) }) {
                for skipping in [Set<String>(), ["data", "a", "é"]] {
                    let walked = Files.scan(Files.join(root, folder), skippingFolders: skipping).files
                    #expect(listing.files(in: folder, skippingFolders: skipping) == walked, "tree \(tree), folder \(folder)")
                    listingsChecked += 1
                }
            }
            for path in listing.paths { #expect(listing.stamp(of: path) == FileStamp(path: Files.join(root, path)), "\(path)") }
        }
        #expect(loopsSeen > 0 && listingsChecked > 200)
    }

    /// The Markdown reader and the files beside the Markdown give the same lists and stamps from a listing as from
    /// walking the folder.
    @Test func theLoadersListTheSameFromTheListingAsFromAWalk() throws {
        let site = FileManager.default.temporaryDirectory.appendingPathComponent("vitrina-listing-\(UUID().uuidString)").path
        defer { try? Files.remove(site) }
        let content = Files.join(site, "Content")
        for path in ["index.md", "guide/a.md", "guide/b.en.md", "guide/img/shot.png", "data/x.json", "diary/one.md",
                     "docs/sub/c.md", "notes.txt", ".hidden/d.md", "site.yml"] {
            try Files.write(Array("# \(path)\n".utf8), to: Files.join(content, path))
        }
        let listing = try #require(ContentListing(Files.scan(content, stamping: true)))
        let walking = DocumentLoader(siteDirectory: site, languages: ["es", "en"], defaultLanguage: "es", renderer: MarkdownRenderer())
        var listed = walking
        listed.listing = listing
        for (folder, skipping) in [("", Set<String>()), ("", ["data", "diary"]), ("guide", []), ("diary", []), ("missing", [])] {
            #expect(try listed.markdownFiles(in: folder, skippingFolders: skipping) == walking.markdownFiles(in: folder, skippingFolders: skipping))
        }
        #expect(try listed.markdownFiles(in: "", skippingFolders: ["data"]).contains("guide/b.en.md"))
        #expect(try ContentFiles.scan(contentDirectory: content, listing: listing) == ContentFiles.scan(contentDirectory: content))
        #expect(try ContentFiles.scan(contentDirectory: content, listing: listing).map(\.path) == ["guide/img/shot.png", "notes.txt"])
        // A document read through the listing is remembered under the stamp a `stat` of its file gives, so that a
        // build that walks finds it in the memo.
        let memo = DocumentMemo()
        var remembering = DocumentLoader(siteDirectory: site, languages: ["es", "en"], defaultLanguage: "es", renderer: MarkdownRenderer(), memo: memo)
        remembering.listing = listing
        let read = try remembering.document(display: "Content/guide/a.md")
        let stamp = try #require(FileStamp(path: Files.join(content, "guide/a.md")))
        #expect(memo.document("Content/guide/a.md", stamp: stamp)?.fingerprint == read.fingerprint)
    }
}
