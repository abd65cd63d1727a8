#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Folder operations on byte paths.
enum FileSystem {
    /// Creates `path` and any missing parent folders (like `mkdir -p`).
    /// - Throws: ``SystemError`` with the system's reason.
    static func createDirectories(_ path: PathArgument) throws(SystemError) {
        var prefix: [UInt8] = []
        let components = path.bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        for (index, component) in components.enumerated() {
            if index > 0 { prefix.append(UInt8(ascii: "/")) }
            prefix.append(contentsOf: component)
            guard !component.isEmpty, component != [UInt8(ascii: ".")] else { continue }
            if unsafe withCPath(prefix, { unsafe mkdir($0, 0o777) }) != 0 && errno != EEXIST {
                throw SystemError("cannot create the folder \(EscapedText.bytes(prefix))")
            }
        }
        var info = stat()
        guard unsafe path.withCString({ unsafe stat($0, &info) }) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw SystemError("cannot write into \(path.display)", code: ENOTDIR)
        }
    }
}

extension PathArgument {
    /// `folder/name`.
    init(joining folder: PathArgument, _ name: String) {
        self.init(bytes: folder.bytes + [UInt8(ascii: "/")] + Array(name.utf8))
    }
}
