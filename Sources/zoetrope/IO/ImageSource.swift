#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Zoetrope

/// Where a command's image comes from: a file (or standard input for `-`), or the project's
/// built-in sample animation.
enum ImageSource {
    case file(PathArgument)
    case builtInSample

    /// The sources for a command's file arguments. With none: standard input when it is not a
    /// terminal (`cat x.gif | zoetrope info`), the built-in sample when it is.
    static func list(_ files: [String]) -> [ImageSource] {
        guard files.isEmpty else { return files.map { .file(PathArgument($0)) } }
        return isatty(0) != 0 ? [.builtInSample] : [.file(PathArgument("-"))]
    }

    /// Refuses a command line naming standard input more than once (`info - -`): it can be read
    /// only once.
    static func requireStandardInputOnce(_ files: [String]) throws {
        if files.count(where: { PathArgument($0).isStandardStream }) > 1 {
            throw ValidationError("standard input (-) can be given only once")
        }
    }

    /// The name in messages.
    var name: String {
        switch self {
        case .file(let path): return path.display
        case .builtInSample: return "<built-in sample>"
        }
    }

    /// The file name without folder or extension, for naming outputs: `stdin` for standard input,
    /// `sample` for the built-in animation.
    var stem: String {
        guard case .file(let path) = self else { return "sample" }
        guard !path.isStandardStream else { return "stdin" }
        let name = EscapedText.bytes(path.fileNameBytes)
        guard let dot = name.lastIndex(of: "."), dot > name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// The file read, when it is one (standard input included).
    var path: PathArgument? {
        if case .file(let path) = self { return path }
        return nil
    }

    /// Reads and opens the image; `identity` is the file it came from, if any.
    /// - Throws: ``CommandFailure`` naming the source, with the system's or the decoder's reason.
    func open(options: DecodingOptions = .default) throws -> (image: AnimatedImage, identity: FileIdentity?) {
        do {
            switch self {
            case .file(let path):
                let input = try InputFile(path)
                if input.bytes.count == 0 && path.isStandardStream {
                    throw CommandFailure(file: name, "no data (without a FILE, standard input is read when it is not a terminal)")
                }
                return (try AnimatedImage(imageBytes: input.bytes, options: options), input.identity)
            case .builtInSample:
                return (try AnimatedImage(bytes: SampleAnimation.gif(), options: options), nil)
            }
        } catch {
            throw CommandFailure(file: name, error)
        }
    }
}
