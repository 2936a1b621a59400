/// A generated file that is not a page: data scripts for the client side.
/// Un fichero generado que no es una página: scripts de datos para el navegador.
public struct DataFile: Sendable {
    public let path: String
    public let bytes: [UInt8]

    package init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }
}
