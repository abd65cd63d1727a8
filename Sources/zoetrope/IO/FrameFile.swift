#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A stream of raw frames that encoders may read twice: a regular file is read in place; a pipe
/// (standard input from ffmpeg) is copied once, a megabyte at a time, into a temporary file that
/// is unlinked as soon as it is made (in `TMPDIR`, else `/tmp`), so it is on disk, not in memory,
/// and disappears with the process whatever ends it. Frames are then read with `pread`, one at a
/// time.
final class FrameFile {
    private let descriptor: Int32
    /// The bytes in the file.
    let size: Int

    /// Opens `path` (standard input for `-`).
    /// - Throws: ``SystemError`` with the system's reason.
    init(_ path: PathArgument) throws {
        try path.requireUnambiguous()
        let input: Int32 = unsafe path.isStandardStream ? 0 : path.withCString { unsafe open($0, O_RDONLY | O_CLOEXEC) }
        guard input >= 0 else { throw SystemError("cannot open \(path.display)") }
        var status = stat()
        if unsafe fstat(input, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG {
            descriptor = path.isStandardStream ? dup(0) : input
            size = Int(status.st_size)
            return
        }
        defer { if input != 0 { close(input) } }
        descriptor = try Self.temporaryFile()
        do {
            size = try Self.copy(from: input, to: descriptor, name: path.display)
        } catch {
            close(descriptor)
            throw error
        }
    }

    deinit { close(descriptor) }

    /// Reads `count` bytes at `offset` into `buffer` (resized to `count`).
    /// - Throws: ``SystemError`` when they cannot all be read.
    func read(at offset: Int, count: Int, into buffer: inout [UInt8]) throws {
        if buffer.count != count { buffer = [UInt8](repeating: 0, count: count) }
        var done = 0
        unsafe try buffer.withUnsafeMutableBytes { bytes in
            while done < count {
                let got = unsafe pread(descriptor, bytes.baseAddress! + done, count - done, off_t(offset + done))
                if got < 0 && errno == EINTR { continue }
                if got < 0 { throw SystemError("cannot read the frames") }
                if got == 0 { throw SystemError("cannot read the frames", code: EIO) }
                done += got
            }
        }
    }

    /// Up to `count` bytes at `offset` (fewer at the end of the file).
    func bytes(at offset: Int, upTo count: Int) throws -> [UInt8] {
        var buffer: [UInt8] = []
        try read(at: offset, count: max(0, min(count, size - offset)), into: &buffer)
        return buffer
    }

    /// A new file in `TMPDIR` (or `/tmp`), already unlinked.
    private static func temporaryFile() throws -> Int32 {
        let folder = unsafe getenv("TMPDIR").map { unsafe String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((folder + "/zoetrope-frames-XXXXXX").utf8CString)
        let descriptor = unsafe template.withUnsafeMutableBufferPointer { unsafe mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw SystemError("cannot make a temporary file in \(folder) for the frames") }
        unsafe template.withUnsafeBufferPointer { _ = unsafe unlink($0.baseAddress!) }
        return descriptor
    }

    /// Copies everything `input` has into `output`; returns the byte count.
    private static func copy(from input: Int32, to output: Int32, name: String) throws -> Int {
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        var total = 0
        while true {
            let count = unsafe chunk.withUnsafeMutableBytes { unsafe readDescriptor(input, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { throw SystemError("cannot read \(name)") }
            if count == 0 { return total }
            var written = 0
            while written < count {
                let step = unsafe chunk.withUnsafeBytes { unsafe write(output, $0.baseAddress! + written, count - written) }
                if step < 0 && errno == EINTR { continue }
                if step < 0 { throw SystemError("cannot write the frames to a temporary file") }
                written += step
            }
            total += count
        }
    }
}

/// The system's `read` (inside ``FrameFile`` the name is its method's).
private func readDescriptor(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    unsafe read(descriptor, buffer, count)
}
