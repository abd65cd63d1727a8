#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Which regular file a path or descriptor reaches, by device and inode: two names (a symbolic
/// link, a hard link, `./x` and `x`) that reach one file have the same identity. Only regular files
/// have one here: a terminal, `/dev/null`, a pipe or a socket can be both read and written
/// without any data being lost.
struct FileIdentity: Hashable {
    let device: UInt64
    let inode: UInt64

    /// The identity of the regular file at `path` (links followed), or `nil`.
    init?(path: PathArgument) {
        var info = stat()
        guard unsafe path.withCString({ unsafe stat($0, &info) }) == 0 else { return nil }
        self.init(info)
    }

    /// The identity of the regular file open on `descriptor`, or `nil`.
    init?(descriptor: Int32) {
        var info = stat()
        guard unsafe fstat(descriptor, &info) == 0 else { return nil }
        self.init(info)
    }

    private init?(_ info: stat) {
        guard info.st_mode & S_IFMT == S_IFREG else { return nil }
        device = UInt64(truncatingIfNeeded: info.st_dev)
        inode = UInt64(truncatingIfNeeded: info.st_ino)
    }
}
