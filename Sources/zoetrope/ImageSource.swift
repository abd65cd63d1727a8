import Zoetrope

/// Where a command's image comes from: a file, or the project's built-in sample animation.
enum ImageSource {
    case file(String)
    case builtInSample

    var name: String {
        switch self {
        case .file(let path): return path
        case .builtInSample: return "<built-in sample>"
        }
    }

    func open(options: DecodingOptions = .default) throws(ZoetropeError) -> AnimatedImage {
        switch self {
        case .file(let path): return try AnimatedImage(contentsOfFile: path, options: options)
        case .builtInSample: return try AnimatedImage(bytes: SampleAnimation.gif(), options: options)
        }
    }
}
