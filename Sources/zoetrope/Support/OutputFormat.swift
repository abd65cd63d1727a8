import Zoetrope

/// The encoder `convert` writes with: from `--format`, else from the output's extension, among
/// the registry's encoders (`ImageEncoder.registered`).
enum OutputFormat {
    /// "gif, png, apng or webp": what `--format` accepts.
    static var names: String { ImageEncoder.formatNames.joinedAsList() }

    /// ".gif, .png, .apng or .webp": the extensions that choose a format.
    static var extensions: String { ImageEncoder.fileExtensions.map { "." + $0 }.joinedAsList() }

    /// ".gif: GIF (…); .png or .apng: APNG, or a plain PNG for one frame (exact); …": what each
    /// extension writes.
    static var byExtension: String {
        ImageEncoder.registered.map { encoder in
            encoder.fileExtensions.map { "." + $0 }.joinedAsList() + ": " + encoder.summary
        }.concatenated(separator: "; ")
    }

    /// The `--format` help.
    static var help: String { "Output format: \(names) (default: from OUTPUT's extension)." }

    /// The encoder `explicit` names when given, else the one `path`'s extension names.
    /// - Throws: ``CommandFailure`` when `explicit` names no format, or the format cannot be told
    ///   (standard output, an unknown extension).
    static func resolve(_ explicit: String?, for path: PathArgument) throws -> ImageEncoder {
        if let explicit {
            guard let encoder = ImageEncoder.named(explicit) else {
                throw CommandFailure(file: nil, "unknown output format '\(explicit)': give --format \(names)")
            }
            return encoder
        }
        if let encoder = ImageEncoder.forFileExtension(path.fileExtension) { return encoder }
        let target = path.isStandardStream ? "standard output" : "'\(path.display)'"
        throw CommandFailure(file: nil, "cannot tell which format to write to \(target): "
                             + "give --format \(names) (or an output ending in \(extensions))")
    }
}
