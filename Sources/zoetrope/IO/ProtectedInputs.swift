/// The files a command reads, by identity (device and inode), taken before anything is written,
/// so that no output replaces one of them: not an output file by any name or link, and not
/// standard output redirected to one (`zoetrope info x.gif >> x.gif`).
struct ProtectedInputs {
    /// The regular files among the inputs (standard input's too, when it is redirected from one).
    let identities: [FileIdentity]

    /// The inputs `sources` name, as they are now (a file that cannot be found has no identity;
    /// reading it fails later).
    init(_ sources: [ImageSource]) {
        identities = sources.compactMap { source in
            guard let path = source.path else { return nil }
            return path.isStandardStream ? FileIdentity(descriptor: 0) : FileIdentity(path: path)
        }
    }

    /// Throws when standard output is one of the inputs.
    func refuseStandardOutput() throws {
        if let output = FileIdentity(descriptor: 1), identities.contains(output) {
            throw CommandFailure(file: "standard output", "refusing to write over an input file (the same file by device and inode)")
        }
    }

    /// Throws when the file at `path` is one of the inputs.
    func refuse(_ path: PathArgument) throws {
        if let target = FileIdentity(path: path), identities.contains(target) {
            throw CommandFailure(file: path.display, "refusing to write over an input file (the same file by device and inode)")
        }
    }
}
