#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Zoetrope

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
    /// - Throws: ``SystemError`` with the system's reason, or when the input is over ``maximumSize``;
    ///   ``CommandFailure`` when the name is ambiguous (see ``PathArgument/requireUnambiguous()``).
    init(_ path: PathArgument) throws {
        try path.requireUnambiguous()
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
        do {
            bytes = try FileBytes.readAll(descriptor, limit: Self.maximumSize)
        } catch {
            throw SystemError("cannot read \(path.display)", code: error.code)
        }
    }
}
