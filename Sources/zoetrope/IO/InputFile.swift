#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A whole input read into memory: a file, or standard input for `-`.
struct InputFile {
    /// The most bytes read from one input: an image larger than this is refused rather than
    /// exhausting memory (the decoders' own limits apply after it).
    static let maximumSize = 1 << 31

    let path: PathArgument
    let bytes: [UInt8]
    /// The file it was read from, to refuse writing over it.
    let identity: FileIdentity?

    /// Reads all of `path` (standard input for `-`).
    /// - Throws: ``SystemError`` with the system's reason, or when the input is over ``maximumSize``.
    init(_ path: PathArgument) throws(SystemError) {
        self.path = path
        let descriptor: Int32
        if path.isStandardStream {
            descriptor = 0
        } else {
            descriptor = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
            guard descriptor >= 0 else { throw SystemError("cannot open \(path.display)") }
        }
        defer { if descriptor != 0 { close(descriptor) } }
        identity = FileIdentity(descriptor: descriptor)
        bytes = try Self.readAll(descriptor, name: path.display)
    }

    private static func readAll(_ descriptor: Int32, name: String) throws(SystemError) -> [UInt8] {
        var info = stat()
        if fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            throw SystemError("cannot read \(name)", code: EISDIR)
        }
        var bytes: [UInt8] = []
        if fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG {
            bytes.reserveCapacity(min(Int(info.st_size), maximumSize) + 1)
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw SystemError("cannot read \(name)")
            }
            if count == 0 { return bytes }
            guard bytes.count + count <= maximumSize else { throw SystemError("cannot read \(name)", code: EFBIG) }
            bytes.append(contentsOf: chunk[..<count])
        }
    }
}
