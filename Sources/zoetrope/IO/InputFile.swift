#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Zoetrope

/// A whole input: a regular file mapped into memory (only the pages decoding touches are read),
/// or a small file, a pipe or standard input for `-` read into memory.
struct InputFile {
    /// The most bytes read from one input that is not mapped: an image larger than this is refused
    /// rather than exhausting memory (the decoders' own limits apply after it).
    static let maximumSize = 1 << 31

    let path: PathArgument
    let bytes: ImageBytes
    /// The file it was read from, to refuse writing over it.
    let identity: FileIdentity?

    /// Maps or reads all of `path` (standard input for `-`).
    /// - Throws: ``SystemError`` with the system's reason, or when the input is over ``maximumSize``;
    ///   ``CommandFailure`` when the name is ambiguous (see ``PathArgument/requireUnambiguous()``).
    init(_ path: PathArgument) throws {
        try path.requireUnambiguous()
        self.path = path
        let descriptor: Int32
        if path.isStandardStream {
            descriptor = 0
        } else {
            descriptor = unsafe path.withCString { unsafe open($0, O_RDONLY | O_CLOEXEC) }
            guard descriptor >= 0 else { throw SystemError("cannot open \(path.display)") }
        }
        defer { if descriptor != 0 { close(descriptor) } }
        identity = FileIdentity(descriptor: descriptor)
        do {
            bytes = try FileBytes.load(descriptor, limit: Self.maximumSize)
        } catch {
            throw SystemError("cannot read \(path.display)", code: error.code)
        }
    }
}
