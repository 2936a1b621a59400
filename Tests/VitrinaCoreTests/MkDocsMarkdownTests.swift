import Foundation
import Testing
@testable import VitrinaKit

@Suite("MkDocs Markdown")
struct MkDocsMarkdownTests {
    @Test func placeholder() throws {
        let prepared = try MkDocsPreprocessor.prepare("!!! note\n    Hi\n", file: "a.md", extensions: .all) { _ in nil }
        print(prepared.markdown)
    }
}
