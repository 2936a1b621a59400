import Foundation

/// A file's size, modification and change times and inode: unchanged means it need not be read again.
/// El tamaño, las fechas y el inodo de un fichero: si no cambian, no hace falta volver a leerlo.
public struct FileStamp: Sendable, Hashable {
    let size: Int
    let seconds: Int
    let nanoseconds: Int
    let changeSeconds: Int
    let changeNanoseconds: Int
    let inode: Int

    package init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    init(_ info: stat) {
        size = Int(info.st_size)
        seconds = Int(info.st_mtim.tv_sec)
        nanoseconds = Int(info.st_mtim.tv_nsec)
        changeSeconds = Int(info.st_ctim.tv_sec)
        changeNanoseconds = Int(info.st_ctim.tv_nsec)
        inode = Int(info.st_ino)
    }

    package init(size: Int, seconds: Int, nanoseconds: Int, changeSeconds: Int, changeNanoseconds: Int, inode: Int) {
        (self.size, self.seconds, self.nanoseconds) = (size, seconds, nanoseconds)
        (self.changeSeconds, self.changeNanoseconds, self.inode) = (changeSeconds, changeNanoseconds, inode)
    }

    package var numbers: [Int] { [size, seconds, nanoseconds, changeSeconds, changeNanoseconds, inode] }

    /// The stamp as one short text, for records that compare stamps.
    package var token: String { numbers.map(String.init).joined(separator: ".") }

    /// The later of the modification and change times, in nanoseconds since 1970.
    package var latestChange: Int64 {
        max(Int64(seconds) * 1_000_000_000 + Int64(nanoseconds), Int64(changeSeconds) * 1_000_000_000 + Int64(changeNanoseconds))
    }
}

extension Duration {
    /// The whole duration in nanoseconds (for clocks and timeouts that count them).
    package var nanoseconds: Int64 { components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000 }
}
