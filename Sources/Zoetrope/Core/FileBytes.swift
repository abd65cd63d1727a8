#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading, mapping and writing whole files with POSIX calls, for the edges of the library and its
/// tools (no Foundation, which would cost every program that links the library its start-up
/// time): ``load(_:)`` maps an image file (`MappedFile`) or reads it when it cannot be mapped.
package enum FileBytes {
    /// A failed system call: the `errno` value.
    package struct Failure: Error {
        package let code: Int32
        /// The system's reason, as a phrase ("No such file or directory").
        package var reason: String { unsafe String(cString: strerror(code)) }
    }

    /// The bytes of the file at `path`.
    /// - Throws: ``ZoetropeError`` with kind `.io`.
    package static func read(_ path: String) throws(ZoetropeError) -> [UInt8] {
        let descriptor = unsafe open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw ZoetropeError(.io, "cannot read \(path): \(Failure(code: errno).reason)") }
        defer { close(descriptor) }
        do {
            return try readAll(descriptor, limit: Int.max)
        } catch {
            throw ZoetropeError(.io, "cannot read \(path): \(error.reason)")
        }
    }

    /// The bytes of the file at `path`: mapped when it is a regular file of at least
    /// ``MappedFile/minimumSize`` bytes on a system with `mmap`, else read.
    /// - Throws: ``ZoetropeError`` with kind `.io`.
    package static func load(_ path: String) throws(ZoetropeError) -> ImageBytes {
        let descriptor = unsafe open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw ZoetropeError(.io, "cannot read \(path): \(Failure(code: errno).reason)") }
        defer { close(descriptor) }
        do {
            return try load(descriptor, limit: Int.max)
        } catch {
            throw ZoetropeError(.io, "cannot read \(path): \(error.reason)")
        }
    }

    /// The bytes of what `descriptor` has open: mapped when it is a regular file of at least
    /// ``MappedFile/minimumSize`` bytes, else read up to its end (a pipe, a small file).
    /// - Throws: ``Failure``, as ``readAll(_:limit:)``.
    package static func load(_ descriptor: Int32, limit: Int) throws(Failure) -> ImageBytes {
        if let file = MappedFile.map(descriptor) { return ImageBytes(file) }
        return ImageBytes(try readAll(descriptor, limit: limit))
    }

    /// Everything left to read on `descriptor`, up to its end.
    /// - Throws: ``Failure`` with the system's `errno`, `EISDIR` for a folder, or `EFBIG` when more
    ///   than `limit` bytes arrive.
    package static func readAll(_ descriptor: Int32, limit: Int) throws(Failure) -> [UInt8] {
        var info = stat()
        var bytes: [UInt8] = []
        if unsafe fstat(descriptor, &info) == 0 {
            if info.st_mode & S_IFMT == S_IFDIR { throw Failure(code: EISDIR) }
            // Files in /proc report size 0: the size is only a hint.
            if info.st_mode & S_IFMT == S_IFREG { bytes.reserveCapacity(min(max(0, Int(clamping: info.st_size)), limit)) }
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = unsafe chunk.withUnsafeMutableBytes { unsafe systemRead(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(code: errno)
            }
            if count == 0 { return bytes }
            guard count <= limit - bytes.count else { throw Failure(code: EFBIG) }
            bytes.append(contentsOf: chunk[..<count])
        }
    }

    /// Writes `bytes` to the file at `path`, replacing it.
    /// - Throws: ``ZoetropeError`` with kind `.io`.
    package static func write(_ bytes: [UInt8], to path: String) throws(ZoetropeError) {
        let descriptor = unsafe open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw ZoetropeError(.io, "cannot write \(path): \(Failure(code: errno).reason)") }
        var failure: Int32?
        do { try writeAll(bytes, to: descriptor) } catch { failure = error.code }
        if close(descriptor) != 0 && failure == nil { failure = errno }
        if let failure { throw ZoetropeError(.io, "cannot write \(path): \(Failure(code: failure).reason)") }
    }
}

extension FileBytes {
    /// Writes all of `bytes` to `descriptor` with `write(2)`, retrying short writes and
    /// interruptions.
    /// - Throws: ``Failure`` with the system's `errno`.
    package static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws(Failure) {
        try unsafe writeLoop(bytes) { pointer, count, _ in unsafe systemWrite(descriptor, pointer, count) }
    }

    /// Writes all of `bytes` to `descriptor` at `offset` with `pwrite(2)` (the file position
    /// stays), retrying short writes and interruptions.
    /// - Throws: ``Failure`` with the system's `errno`.
    package static func writeAll(_ bytes: [UInt8], to descriptor: Int32, at offset: Int) throws(Failure) {
        try unsafe writeLoop(bytes) { pointer, count, written in
            unsafe pwrite(descriptor, pointer, count, off_t(offset + written))
        }
    }

    /// Calls `write` with the rest of `bytes` (its start, its length, the bytes written so far)
    /// until all are written, retrying short writes and `EINTR`.
    private static func writeLoop(_ bytes: [UInt8],
                                  _ write: (UnsafeRawPointer, Int, Int) -> Int) throws(Failure) {
        let failure: Int32? = unsafe bytes.withUnsafeBytes { buffer in
            var written = 0
            while written < buffer.count {
                let count = unsafe write(buffer.baseAddress! + written, buffer.count - written, written)
                if count < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                written += count
            }
            return nil
        }
        if let failure { throw Failure(code: failure) }
    }
}

// The C library's read and write, under names that members called `read` and `write` cannot hide.
@inline(__always)
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    unsafe read(descriptor, buffer, count)
}

@inline(__always)
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    unsafe write(descriptor, buffer, count)
}
