import Zoetrope

/// Where a command writes one output: standard output, or a file replaced atomically.
enum OutputDestination {
    case standardOutput
    case file(AtomicFile)

    /// Opens `path` for writing (`-` is standard output).
    /// - Parameter inputs: files that must not be replaced; standard output is refused too when it
    ///   is one of them (`convert a.gif - >> a.gif`).
    static func open(_ path: PathArgument, protecting inputs: ProtectedInputs) throws -> OutputDestination {
        if path.isStandardStream {
            try inputs.refuseStandardOutput()
            return .standardOutput
        }
        return .file(try AtomicFile(path, protecting: inputs))
    }

    func write(_ bytes: [UInt8]) throws {
        switch self {
        case .standardOutput: try StandardOutput.write(bytes)
        case .file(let file): try file.write(bytes)
        }
    }

    /// How an encoder overwrites bytes it wrote (its header, last): for a file, not for standard
    /// output or a device.
    var rewriter: EncodedBytesRewriter? {
        guard case .file(let file) = self, file.canRewrite else { return nil }
        return { offset, bytes in try file.rewrite(at: offset, bytes) }
    }

    /// Finishes the output: a file is moved into place.
    func commit() throws {
        if case .file(let file) = self { try file.commit() }
    }
}
