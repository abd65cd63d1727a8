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
    /// Bytes written so far.
    private var written = 0

    /// Opens the output at `path`.
    /// - Parameter inputs: files that must not be replaced (the command's inputs): writing over one
    ///   of them, by any name or link, is refused before anything is written.
    /// - Throws: ``SystemError``, or a ``CommandFailure`` when the target is an input or a folder.
    init(_ path: PathArgument, protecting inputs: ProtectedInputs) throws {
        try path.requireUnambiguous()
        self.path = path
        try inputs.refuse(path)
        finalPath = Self.resolvingLink(path.bytes)
        var info = stat()
        let exists = unsafe withCPath(finalPath) { unsafe stat($0, &info) } == 0
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
        guard unsafe withCPath(bytes, { unsafe lstat($0, &info) }) == 0, info.st_mode & S_IFMT == S_IFLNK,
              let resolved = unsafe withCPath(bytes, { unsafe realpath($0, nil) }) else { return bytes }
        defer { unsafe free(resolved) }
        return unsafe Array(UnsafeRawBufferPointer(start: resolved, count: strlen(resolved)))
    }

    private func openInPlace() throws {
        let descriptor = unsafe withCPath(finalPath) { unsafe open($0, O_WRONLY | O_TRUNC | O_CLOEXEC) }
        guard descriptor >= 0 else { throw SystemError("cannot write \(path.display)") }
        writer = FileDescriptorWriter(descriptor: descriptor, name: path.display)
    }

    /// Creates the temporary file beside the final one, with the permissions of the file it will
    /// replace (`old`), or those a new file would have.
    private func createTemporary(keeping old: stat?) throws {
        let target = PathArgument(bytes: finalPath)
        var template = Self.temporaryTemplate(folder: target.directoryBytes, name: target.fileNameBytes) + [0]
        // Created and registered with signals blocked, so that no signal comes between the two.
        let (descriptor, code) = TemporaryFiles.shared.withSignalsBlocked {
            let descriptor = unsafe TestFault.injects(.create) ? Self.failing(.create) : template.withUnsafeMutableBufferPointer { buffer in
                unsafe buffer.withMemoryRebound(to: CChar.self) { unsafe mkstemp($0.baseAddress!) }
            }
            let code = errno
            if descriptor >= 0 { TemporaryFiles.shared.register(Array(template.dropLast())) }
            return (descriptor, code)
        }
        guard descriptor >= 0 else { throw SystemError("cannot create a temporary file beside \(path.display)", code: code) }
        temporaryPath = Array(template.dropLast())
        writer = FileDescriptorWriter(descriptor: descriptor, name: path.display)
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

    /// The longest file name most file systems allow (`NAME_MAX`).
    static let maximumNameLength = 255

    /// The `mkstemp` template beside `name` in `folder`: `.NAME.zoetrope-XXXXXX`, or the shorter
    /// `.zoetrope-XXXXXX` when that would be longer than a file name may be.
    static func temporaryTemplate(folder: [UInt8], name: [UInt8]) -> [UInt8] {
        let suffix = Array(".zoetrope-XXXXXX".utf8)
        let hidden = name.count + 1 + suffix.count <= maximumNameLength ? [UInt8(ascii: ".")] + name : []
        return folder + Array("/".utf8) + hidden + suffix
    }

    /// Fails a step as the injected fault says (``TestFault``): sets `errno`, returns -1.
    private static func failing(_ fault: TestFault) -> Int32 {
        errno = TestFault.code(fault)
        return -1
    }

    /// Appends `bytes` to the output.
    func write(_ bytes: [UInt8]) throws {
        guard let writer else { return }
        do throws(SystemError) {
            if case .write(let limit) = TestFault.current, written + bytes.count > limit {
                throw SystemError("cannot write", code: TestFault.code(.write(afterBytes: limit)))
            }
            try writer.write(bytes)
            written += bytes.count
        } catch {
            throw SystemError("cannot write \(path.display)", code: error.code)
        }
        if temporaryPath != nil { TestFault.pauseIfAsked() }
    }

    /// Whether bytes written can be overwritten (``rewrite(at:_:)``): true for the temporary file,
    /// false for a device or pipe written in place.
    var canRewrite: Bool { writer != nil && temporaryPath != nil }

    /// Overwrites `bytes` at `offset` of what was written (`pwrite(2)`; later writes still append).
    func rewrite(at offset: Int, _ bytes: [UInt8]) throws {
        guard let writer, canRewrite, offset >= 0, offset <= written - bytes.count else {
            throw SystemError("cannot rewrite \(path.display) at byte \(offset)", code: EINVAL)
        }
        do throws(SystemError) {
            try writer.write(bytes, at: offset)
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
            guard Self.close(writer.descriptor) == 0 else { throw SystemError("cannot write \(path.display)") }
            return
        }
        if (TestFault.injects(.fsync) ? Self.failing(.fsync) : fsync(writer.descriptor)) != 0 {
            let error = SystemError("cannot write \(path.display)")
            _ = systemClose(writer.descriptor)
            throw error
        }
        guard Self.close(writer.descriptor) == 0 else { throw SystemError("cannot write \(path.display)") }
        // Renamed and forgotten with signals blocked: a signal after the rename must not remove
        // anything, and one before it removes the temporary file.
        try TemporaryFiles.shared.withSignalsBlocked {
            let renamed = unsafe TestFault.injects(.rename) ? Self.failing(.rename)
                : withCPath(temporaryPath, { temporary in unsafe withCPath(finalPath) { unsafe rename(temporary, $0) } })
            guard renamed == 0 else { throw SystemError("cannot replace \(path.display)") }
            TemporaryFiles.shared.unregister(temporaryPath)
        }
        self.temporaryPath = nil
    }

    /// `close(2)`, or the injected failure of it (the descriptor is closed either way).
    private static func close(_ descriptor: Int32) -> Int32 {
        let result = systemClose(descriptor)
        return TestFault.injects(.close) ? failing(.close) : result
    }

    /// Removes the temporary file, if it is still there.
    private func removeTemporary() {
        guard let temporaryPath else { return }
        TemporaryFiles.shared.withSignalsBlocked {
            _ = unsafe withCPath(temporaryPath) { unsafe unlink($0) }
            TemporaryFiles.shared.unregister(temporaryPath)
        }
        self.temporaryPath = nil
    }

    /// Removes the temporary file when the output was not committed.
    deinit {
        if let writer { _ = systemClose(writer.descriptor) }
        removeTemporary()
    }
}

/// Calls `body` with `bytes` as a NUL-terminated C string.
func withCPath<Result>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
    unsafe try (bytes + [0]).withUnsafeBufferPointer { buffer in
        unsafe try buffer.withMemoryRebound(to: CChar.self) { unsafe try body($0.baseAddress!) }
    }
}

/// The C library's `close`, under a name members called `close` cannot hide.
private func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
