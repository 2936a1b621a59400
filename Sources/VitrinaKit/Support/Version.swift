/// Vitrina's version: the one place it is written. `vitrina --version`, the User-Agent, `make dist`'s tarball name
/// and the release tag (`v` + this) all read it; a test checks that the README and the guide say the same.
/// La versión de Vitrina, escrita solo aquí: la leen `--version`, el User-Agent, el tarball de `make dist` y la etiqueta.
public enum VitrinaVersion {
    /// Read by the Makefile (`make version`) with sed: keep it on one line, in this form.
    public static let number = "0.15"
    public static let userAgent = "Vitrina/\(number) (static site generator; +https://github.com/vitrina-ssg/vitrina)"
}
