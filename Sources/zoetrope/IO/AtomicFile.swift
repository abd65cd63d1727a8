#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An output file that appears whole or not at all: bytes go to a temporary file in the target's
/// folder, which replaces the target by `rename(2)` only in ``commit()``, with the old file's
/// permissions. Until then an existing file at the target is untouched; on any failure the
/// temporary file is removed (also when the process is interrupted: see ``TemporaryFiles``).
///
/// A symbolic link is followed: the file it names is replaced, the link stays. A target that is
/// not a regular file (a device such as `/dev/null`, a named pipe) is written in place, since
/// there is nothing to keep whole there.
final class AtomicFile {
    let path: PathArgument
    /// The temporary file; `nil` when writing in place.
    private var temporaryPath: [UInt8]?
    /// The file that is replaced: the target, or what its symbolic link names.
    private let finalPath: [UInt8]
    private var writer: FileDescriptorWriter?

    /// Opens the output at `path`.
    /// - Parameter inputs: files that must not be replaced (the command's inputs): writing over one
    ///   of them, by any name or link, is refused before anything is written.
    /// - Throws: ``SystemError``, or a ``CommandFailure`` when the target is an input or a folder.
    init(_ path: PathArgument, protecting inputs: [FileIdentity]) throws {
        try path.requireUnambiguous()
        self.path = path
        if let target = FileIdentity(path: path), inputs.contains(target) {
            throw CommandFailure(file: path.display, "refusing to write over an input file (the same file by device and inode)")
        }
        finalPath = Self.resolvingLink(path.bytes)
        var info = stat()
        let exists = withCPath(finalPath) { stat($0, &info) } == 0
        if exists && info.st_mode & S_IFMT == S_IFDIR {
            throw CommandFailure(file: path.display, "is a folder, not a file")
        }
        if exists && info.st_mode & S_IFMT != S_IFREG {
            try openInPlace()
            return
        }
        try createTemporary(keeping: exists ? info : nil)
    }

    /// The file a symbolic link leads to (the path itself when it is no link or leads nowhere).
    private static func resolvingLink(_ bytes: [UInt8]) -> [UInt8] {
        var info = stat()
        guard withCPath(bytes, { lstat($0, &info) }) == 0, info.st_mode & S_IFMT == S_IFLNK,
              let resolved = withCPath(bytes, { realpath($0, nil) }) else { return bytes }
        defer { free(resolved) }
        return Array(UnsafeRawBufferPointer(start: resolved, count: strlen(resolved)))
    }

    private func openInPlace() throws {
        let descriptor = withCPath(finalPath) { open($0, O_WRONLY | O_TRUNC | O_CLOEXEC) }
        guard descriptor >= 0 else { throw SystemError("cannot write \(path.display)") }
        writer = FileDescriptorWriter(descriptor: descriptor, name: path.display)
    }

    /// Creates the temporary file beside the final one, with the permissions of the file it will
    /// replace (`old`), or those a new file would have.
    private func createTemporary(keeping old: stat?) throws {
        let target = PathArgument(bytes: finalPath)
        var template = target.directoryBytes + Array("/.".utf8) + target.fileNameBytes + Array(".zoetrope-XXXXXX".utf8) + [0]
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { mkstemp($0.baseAddress!) }
        }
        guard descriptor >= 0 else { throw SystemError("cannot create a temporary file beside \(path.display)") }
        temporaryPath = Array(template.dropLast())
        writer = FileDescriptorWriter(descriptor: descriptor, name: path.display)
        TemporaryFiles.shared.register(temporaryPath ?? [])
        if let old {
            fchmod(descriptor, old.st_mode & 0o7777)
            _ = fchown(descriptor, old.st_uid, old.st_gid)   // may be refused; the mode is kept anyway
        } else {
            // mkstemp makes the file private (0600); give it the permissions a new file would have.
            let mask = umask(0)
            umask(mask)
            fchmod(descriptor, 0o666 & ~mask)
        }
    }

    /// Appends `bytes` to the output.
    func write(_ bytes: [UInt8]) throws {
        guard let writer else { return }
        do {
            try writer.write(bytes)
        } catch {
            throw SystemError("cannot write \(path.display)", code: error.code)
        }
    }

    /// Flushes the file to disk and moves it into place, replacing what was there. On failure the
    /// temporary file is removed and the old file is left as it was.
    func commit() throws {
        guard let writer else { return }
        self.writer = nil
        defer { removeTemporary() }
        guard let temporaryPath else {
            guard close(writer.descriptor) == 0 else { throw SystemError("cannot write \(path.display)") }
            return
        }
        if fsync(writer.descriptor) != 0 {
            let error = SystemError("cannot write \(path.display)")
            close(writer.descriptor)
            throw error
        }
        guard close(writer.descriptor) == 0 else { throw SystemError("cannot write \(path.display)") }
        guard withCPath(temporaryPath, { temporary in withCPath(finalPath) { rename(temporary, $0) } }) == 0 else {
            throw SystemError("cannot replace \(path.display)")
        }
        TemporaryFiles.shared.unregister(temporaryPath)
        self.temporaryPath = nil
    }

    /// Removes the temporary file, if it is still there.
    private func removeTemporary() {
        guard let temporaryPath else { return }
        _ = withCPath(temporaryPath) { unlink($0) }
        TemporaryFiles.shared.unregister(temporaryPath)
        self.temporaryPath = nil
    }

    /// Removes the temporary file when the output was not committed.
    deinit {
        if let writer { close(writer.descriptor) }
        removeTemporary()
    }
}

/// Calls `body` with `bytes` as a NUL-terminated C string.
func withCPath<Result>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
    try (bytes + [0]).withUnsafeBufferPointer { buffer in
        try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
    }
}
