import Foundation
import VitrinaKit

/// Problems as GitHub Actions workflow commands (`::warning file=…,line=…,col=…::…`), so each shows on the line of the
/// pull request that caused it.
/// Los problemas como órdenes de flujo de GitHub Actions, para que cada uno aparezca en su línea del pull request.
public enum WorkflowAnnotations {
    /// Whether the build runs under GitHub Actions (`GITHUB_ACTIONS=true`).
    public static func isEnabled(_ environment: [String: String]) -> Bool { environment["GITHUB_ACTIONS"] == "true" }

    /// One line per warning; `error` makes them `::error` (they fail the build under `--strict`). A file is named from
    /// the repository's root (`GITHUB_WORKSPACE`) when the site is inside it.
    public static func lines(for warnings: [BuildWarning], siteDirectory: String, environment: [String: String], error: Bool = false) -> [String] {
        let command = error ? "error" : "warning"
        return warnings.map { warning in
            guard let location = warning.location else { return "::\(command)::\(data(warning.message))" }
            let file = path(location.file, siteDirectory: siteDirectory, workspace: environment["GITHUB_WORKSPACE"])
            return "::\(command) file=\(property(file)),line=\(location.line),col=\(location.column)::\(data(warning.message))"
        }
    }

    /// `Content/a.md` of a site at `/w/docs-site` in a workspace `/w` → `docs-site/Content/a.md`.
    static func path(_ file: String, siteDirectory: String, workspace: String?) -> String {
        let full = Files.join(siteDirectory, file)
        guard let workspace, !workspace.isEmpty else { return file }
        let root = workspace.hasSuffix("/") ? workspace : workspace + "/"
        return full.hasPrefix(root) ? String(full.dropFirst(root.count)) : file
    }

    /// A message as GitHub reads it: `%`, CR and LF escaped.
    static func data(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A property value: also `:` and `,` escaped.
    static func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
