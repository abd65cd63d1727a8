#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An output file that appears whole or not at all: bytes go to a temporary file in the target's
/// folder, which replaces the target by `rename(2)` only in ``commit()``. Until then an existing
/// file at the target is untouched; on any failure the temporary file is removed (also when the
/// process is interrupted: see ``TemporaryFiles``).
final class AtomicFile {
    let path: PathArgument
    private let temporaryPath: [UInt8]
    private var writer: FileDescriptorWriter?

    /// Creates the temporary file for `path`.
    /// - Parameter inputs: files that must not be replaced (the command's inputs): writing over one
    ///   of them, by any name or link, is refused before anything is written.
    /// - Throws: ``SystemError``, or a ``CommandFailure`` when the target is an input or a folder.
    init(_ path: PathArgument, protecting inputs: [FileIdentity]) throws {
        self.path = path
        if let target = FileIdentity(path: path), inputs.contains(target) {
            throw CommandFailure(file: path.display, "refusing to write over an input file (the same file by device and inode)")
        }
        var template = path.directoryBytes + Array("/.".utf8) + path.fileNameBytes + Array(".zoetrope-XXXXXX".utf8) + [0]
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { mkstemp($0.baseAddress!) }
        }
        guard descriptor >= 0 else { throw SystemError("cannot create a file beside \(path.display)") }
        temporaryPath = Array(template.dropLast())
        writer = FileDescriptorWriter(descriptor: descriptor, name: path.display)
        TemporaryFiles.shared.register(temporaryPath)
        // mkstemp makes the file private (0600); give it the permissions a new file would have.
        let mask = umask(0)
        umask(mask)
        fchmod(descriptor, 0o666 & ~mask)
    }

    /// Appends `bytes` to the temporary file.
    func write(_ bytes: [UInt8]) throws {
        guard let writer else { return }
        do {
            try writer.write(bytes)
        } catch {
            throw SystemError("cannot write \(path.display)", code: error.code)
        }
    }

    /// Flushes the file to disk and moves it into place, replacing what was there.
    func commit() throws {
        guard let writer else { return }
        self.writer = nil
        if fsync(writer.descriptor) != 0 {
            let error = SystemError("cannot write \(path.display)")
            close(writer.descriptor)
            throw error
        }
        guard close(writer.descriptor) == 0 else { throw SystemError("cannot write \(path.display)") }
        let renamed = withCPath(temporaryPath) { temporary in path.withCString { rename(temporary, $0) } }
        guard renamed == 0 else { throw SystemError("cannot replace \(path.display)") }
        TemporaryFiles.shared.unregister(temporaryPath)
    }

    /// Removes the temporary file when the output was not committed.
    deinit {
        guard let writer else { return }
        close(writer.descriptor)
        _ = withCPath(temporaryPath) { unlink($0) }
        TemporaryFiles.shared.unregister(temporaryPath)
    }
}

/// Calls `body` with `bytes` as a NUL-terminated C string.
func withCPath<Result>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
    try (bytes + [0]).withUnsafeBufferPointer { buffer in
        try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
    }
}
