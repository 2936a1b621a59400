import Testing
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// GitHub Actions workflow commands: escaping and paths from the repository's root.
struct WorkflowAnnotationsTests {
    let located = BuildWarning(.link, "Content/a b.md:3:5: link to x.md: 100% gone,\nreally", location: SourceLocation(file: "Content/a b.md", line: 3, column: 5))

    @Test func onlyUnderGitHubActions() {
        #expect(WorkflowAnnotations.isEnabled(["GITHUB_ACTIONS": "true"]))
        #expect(!WorkflowAnnotations.isEnabled(["GITHUB_ACTIONS": "false"]) && !WorkflowAnnotations.isEnabled([:]))
    }

    @Test func aLocatedWarningNamesFileLineAndColumnEscaped() {
        let lines = WorkflowAnnotations.lines(for: [located, BuildWarning(.stale, "stale: x")], siteDirectory: "/w/site",
                                              environment: ["GITHUB_WORKSPACE": "/w"])
        #expect(lines == ["::warning file=site/Content/a b.md,line=3,col=5::Content/a b.md:3:5: link to x.md: 100%25 gone,%0Areally",
                          "::warning::stale: x"])
    }

    @Test func outsideTheWorkspaceTheSitePathIsKeptAndPropertiesAreEscaped() {
        let odd = BuildWarning(.link, "m", location: SourceLocation(file: "Content/a:b,c.md", line: 1, column: 1))
        let lines = WorkflowAnnotations.lines(for: [odd], siteDirectory: "/elsewhere", environment: ["GITHUB_WORKSPACE": "/w"], error: true)
        #expect(lines == ["::error file=Content/a%3Ab%2Cc.md,line=1,col=1::m"])
    }
}
