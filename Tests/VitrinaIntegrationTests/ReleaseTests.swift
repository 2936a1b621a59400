import Foundation
import Testing
@testable import VitrinaKit
@testable import VitrinaFeatures
@testable import VitrinaBuild
@testable import VitrinaServing

/// What a release promises: one version everywhere, and shell completions that name every command.
/// Lo que promete una versión publicada: un único número en todas partes y completados que nombran cada orden.
@Suite("Release")
struct ReleaseTests {
    static let repository = TestSite.repository
    static let binary = repository + "/.build/debug/vitrina"
    static let subcommands = ["build", "check", "serve", "new", "fetch", "clean"]

    typealias Run = ProgramRun

    static func run(_ executable: String, _ arguments: [String], in directory: String? = nil) async throws -> Run {
        try await ProgramRun.of(executable, arguments, in: directory)
    }

    // MARK: One version / una versión

    /// Every version a text names where it speaks of a release: tarball names, release tags in download URLs,
    /// `VITRINA_VERSION` settings and `vitrina --version` output shown in the text.
    static func versionsNamed(in text: String) -> [String] {
        let patterns = [
            #"vitrina-([0-9]+(?:\.[0-9]+)+)-linux"#,
            #"releases/download/v([0-9]+(?:\.[0-9]+)+)/"#,
            #"VITRINA_VERSION[:=]\s*"?([0-9]+(?:\.[0-9]+)+)"#,
            #"vitrina --version\s*\n+\s*([0-9]+(?:\.[0-9]+)+)"#,
        ]
        return patterns.flatMap { pattern in
            let regex = try! NSRegularExpression(pattern: pattern)
            return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
                String(text[Range(match.range(at: 1), in: text)!])
            }
        }
    }

    @Test func theVersionFinderSeesAStaleNumber() {
        #expect(Self.versionsNamed(in: "tar xzf vitrina-0.4-linux-x86_64.tar.gz") == ["0.4"])
        #expect(Self.versionsNamed(in: "https://github.com/o/r/releases/download/v0.1.0/x") == ["0.1.0"])
        #expect(Self.versionsNamed(in: "env:\n  VITRINA_VERSION: \"0.3\"\n") == ["0.3"])
        #expect(Self.versionsNamed(in: "VITRINA_VERSION=0.6; v=$VITRINA_VERSION") == ["0.6"])
        #expect(Self.versionsNamed(in: "$ vitrina --version\n0.2\n") == ["0.2"])
        #expect(Self.versionsNamed(in: "vitrina-linux and v1 and version 2").isEmpty)
    }

    @Test(arguments: ["README.md", "Content/docs/getting-started.md", "Content/docs/getting-started.en.md",
                      "Content/docs/ci.md", "Content/docs/ci.en.md",
                      "Content/docs/github-pages.yml", "Content/docs/gitlab-pages.yml"])
    func aDocumentNamesOnlyTheCurrentVersion(_ path: String) throws {
        let text = try Files.readText("\(Self.repository)/\(path)")
        let versions = Self.versionsNamed(in: text)
        #expect(!versions.isEmpty, "\(path) names no release version")
        for version in versions { #expect(version == VitrinaVersion.number, "\(path) names \(version), the code says \(VitrinaVersion.number)") }
    }

    @Test func versionFlagPrintsTheConstant() async throws {
        let result = try await Self.run(Self.binary, ["--version"])
        #expect(result.status == 0)
        #expect(result.output.trimmingCharacters(in: .whitespacesAndNewlines) == VitrinaVersion.number)
    }

    @Test func makeReadsTheSameVersion() async throws {
        let result = try await Self.run("/usr/bin/make", ["-s", "--no-print-directory", "version"], in: Self.repository)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.trimmingCharacters(in: .whitespacesAndNewlines) == VitrinaVersion.number)
    }

    @Test func theUserAgentCarriesTheVersion() {
        #expect(VitrinaVersion.userAgent.hasPrefix("Vitrina/\(VitrinaVersion.number) "))
    }

    // MARK: Shell completions / completados

    static func completion(_ shell: String) async throws -> String {
        let result = try await run(binary, ["--generate-completion-script", shell])
        #expect(result.status == 0, "\(shell): \(result.error)")
        return result.output
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func completionNamesEverySubcommand(_ shell: String) async throws {
        let script = try await Self.completion(shell)
        #expect(script.utf8.count > 500, "\(shell) script is \(script.utf8.count) bytes")
        for command in Self.subcommands { #expect(script.contains(command), "\(shell) script lacks \(command)") }
        for flag in ["--offline", "--strict", "--site"] { #expect(script.contains(flag.dropFirst(2)), "\(shell) script lacks \(flag)") }
    }

    /// `bash -n` always (bash is everywhere); `zsh -n` and `fish -n` where those shells are installed.
    @Test(arguments: [("bash", "/bin/bash"), ("zsh", "/usr/bin/zsh"), ("fish", "/usr/bin/fish")])
    func completionScriptParses(_ shell: String, _ interpreter: String) async throws {
        guard FileManager.default.isExecutableFile(atPath: interpreter) else {
            #expect(shell != "bash", "bash is missing at \(interpreter)")
            return
        }
        let script = try await Self.completion(shell)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("vitrina-completion-\(UUID().uuidString).\(shell)").path
        try Files.write(Array(script.utf8), to: file)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let check = try await Self.run(interpreter, ["-n", file])
        #expect(check.status == 0, "\(shell) -n: \(check.error)")
    }

    @Test func aBrokenScriptFailsTheSyntaxCheck() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("vitrina-broken-\(UUID().uuidString).bash").path
        try Files.write(Array("_vitrina() {\n  if [[ x ]]; then\n}\n".utf8), to: file)
        defer { try? FileManager.default.removeItem(atPath: file) }
        #expect(try await Self.run("/bin/bash", ["-n", file]).status != 0)
    }
}
