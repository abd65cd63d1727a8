import Zoetrope

/// Where a command's image comes from: a file (or standard input for `-`), or the project's
/// built-in sample animation.
enum ImageSource {
    case file(PathArgument)
    case builtInSample

    /// The sources for a command's file arguments: the built-in sample when there are none.
    static func list(_ files: [String]) -> [ImageSource] {
        files.isEmpty ? [.builtInSample] : files.map { .file(PathArgument($0)) }
    }

    /// The name in messages.
    var name: String {
        switch self {
        case .file(let path): return path.display
        case .builtInSample: return "<built-in sample>"
        }
    }

    /// The file name without folder or extension, for naming outputs ("sample" for the built-in).
    var stem: String {
        guard case .file(let path) = self, !path.isStandardStream else { return "sample" }
        let name = EscapedText.bytes(path.fileNameBytes)
        guard let dot = name.lastIndex(of: "."), dot > name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// Reads and opens the image; `identity` is the file it came from, if any.
    /// - Throws: ``CommandFailure`` naming the source, with the system's or the decoder's reason.
    func open(options: DecodingOptions = .default) throws -> (image: AnimatedImage, identity: FileIdentity?) {
        do {
            switch self {
            case .file(let path):
                let input = try InputFile(path)
                return (try AnimatedImage(imageBytes: input.bytes, options: options), input.identity)
            case .builtInSample:
                return (try AnimatedImage(bytes: SampleAnimation.gif(), options: options), nil)
            }
        } catch {
            throw CommandFailure(file: name, error)
        }
    }
}
